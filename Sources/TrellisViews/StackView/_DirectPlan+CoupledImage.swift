// The direct path's image whose width no required constraint fixes (an image
// made with its ratio as a constraint, beside labels in a row, in a column
// whose width a row shares out, in a column aligned leading).
//
// Its height is its width times the ratio (`height == width × h / w`,
// required, or at 999 below a `maxHeight`), so the engine minimises the
// errors of both axes together: a wider image is a taller one, and what its
// height costs along the vertical axis (the cell's fitting height at 50,
// views squeezed or stretched beside it, a row's suppression at 25) weighs
// on its width as much as the horizontal costs do. The widths-then-heights
// passes cannot see that, unless the image's horizontal cost carries it.
//
// The exact problem, for one such image in a tree: minimise, level by
// level, `Ch(w) + Cv(h) + 999 × |h − r·w|` (the last term required when the
// image has no cap), where `Ch(w)` is the least horizontal cost with the
// image `w` wide and `Cv(h)` the least vertical cost with it `h` high. The
// two axes share no other variable (labels' heights are their measurements
// at the widths of the engine's previous solve, constants within a solve),
// so the image's horizontal cost is `G(r·w)`, `G(x) = min_h Cv(h) +
// 999 × |h − x|` (for a required ratio `G = Cv`): with it the widths pass is
// the joint optimum, and the heights pass at that width is the rest of it.
//
// `Cv(h)` is the vertical cost of the rest of the tree seen from the image
// (the tree re-rooted at it): going down from the root, each stack on the
// image's path gives the cost of its child as a function of that child's
// length, from the cost of everything outside the stack and its other
// views' costs:
// - along (a vertical stack that fills): the other views share out what
//   the child leaves, `min_u F(x + u) + S(u)`, `S` their infimal
//   convolution with the gaps and margins: the infimal convolution of `F`
//   with `S` reflected;
// - along, filling equally: every view `x` long, `F(n·x + gaps) + Σ others(x)`;
// - across (a horizontal stack), alignment fill: `F(x + margins) + Σ others(x)`;
// - across, leading, centre or trailing: the child at most as long as the
//   canvas `c`: `min_{c ≥ x} F(c + margins) + 51 × |c| + Σ others'
//   running minima(c)` (`UISV-spanning-fit`).
// The root's outside is the fitting size (its height pulled towards 0 at
// 50) in the fitting pass, the cell's rounded height (required) in the
// frame pass: the engine's two passes may give the image other widths.
// Hidden stacks, stacks whose views are all hidden, columns of equal spacing
// and baseline-relative columns filling or of equal spacing:
// _DirectPlan+CoupledImagePaths.swift. Rows aligned by baselines, columns
// of equal centring and baseline-relative ones filling equally on the path
// are refused up front
// (`coupledImageProblem`); proportional stacks take labels and buttons only.

import TrellisGeometry

extension _LaneCost {
    /// `length ↦ self(−length)`.
    func reflected() -> _Cost {
        var result = _Cost(lo: -hi, hi: -lo)
        var slope = base
        for kink in kinks { slope += kink.delta }
        result.base = -slope
        result.kinks = kinks.reversed().map { _Kink(x: -$0.x, delta: $0.delta) }
        return result
    }

    /// `length ↦ min over l ≥ length of self(l)`.
    func suffixMinimum() -> _Cost { reflected().runningMinimum().reflected() }

    /// `x ↦ min over l of self(l) + weight × |x − l|` at `lane` (a length
    /// tied to `x` by a constraint at that priority): every slope clamped
    /// to `±weight` at the lane, and outside the bounds those slopes.
    ///
    /// Bounds crossed by rounding (`checkBounds` lets `lo` pass `hi` by a
    /// few units in the last place: a label's required height against the
    /// cell's rounded height less its insets, 47.333333333333336 against
    /// 47.33333333333333) are the one length `hi`; taken as they are, the
    /// kink at `hi` fell before the one at `lo` and the cost was not
    /// convex.
    func softened(lane: Int, weight: Double) -> _Cost {
        let lo = Swift.min(lo, hi)
        var limit = _Slope()
        limit[lane] = weight
        func clamp(_ slope: _Slope) -> _Slope {
            if _compare(slope, limit) > 0 { return limit }
            if _compare(slope, -limit) < 0 { return -limit }
            return slope
        }
        // Regions as (start, slope), left to right.
        var regions: [(start: Double, slope: _Slope)] = []
        if lo > -.infinity { regions.append((-.infinity, -limit)) }
        var slope = base
        var start = lo
        for kink in kinks {
            if kink.x >= hi { break }
            if kink.x > start {
                regions.append((start, clamp(slope)))
                start = kink.x
            }
            slope += kink.delta
        }
        regions.append((start, clamp(slope)))
        if hi < .infinity { regions.append((hi, limit)) }
        var result = _Cost(base: regions[0].slope)
        for k in regions.indices.dropFirst() {
            let delta = regions[k].slope - regions[k - 1].slope
            if _sign(delta) != 0 { result.kinks.append(_Kink(x: regions[k].start, delta: delta)) }
        }
        return result
    }

    /// Whether some stretch's cost is not modelled (lane 0).
    var hasUnmodelled: Bool { base[0] != 0 || kinks.contains { $0.delta[0] != 0 } }
}

extension _LanePlan {
    /// Why an image whose width is not fixed by required constraints cannot
    /// be laid out, given its ancestors (each stack and the position of the
    /// next view in it, from the root): nil when its height's vertical cost
    /// can be followed to the root (see the file's comment).
    static func coupledImageProblem(_ path: [(stack: StackTree.Stack, child: Int)]) -> String? {
        for (stack, _) in path {
            if stack.axis == .vertical {
                // (Hidden stacks and equal spacing: _DirectPlan+CoupledImagePaths.swift.)
                guard [.fill, .fillEqually, .equalSpacing].contains(stack.distribution),
                    !stack.isBaselineRelativeArrangement || stack.distribution != .fillEqually
                else {
                    return
                        "an image whose width is free, in a vertical stack that is baseline-relative or of \(stack.distribution) (its height's cost there is not followed)"
                }
            } else if stack.alignment == .firstBaseline || stack.alignment == .lastBaseline {
                return
                    "an image whose width is free, in a row aligned by baselines (its height's cost there is not followed)"
            }
        }
        return nil
    }

    /// The visible image made with a ratio constraint whose width required
    /// constraints do not fix (at most one a tree, and then the tree's only
    /// image: `unsupportedReason`), or nil.
    func findCoupledImage() -> Int? {
        nodes.indices.first { index in
            guard nodes[index].kind == .image, !nodes[index].isHidden,
                let image = nodes[index].image, !image.isIntrinsic
            else { return false }
            return !widthIsFixed(index)
        }
    }

    /// One past the last node of `index`'s subtree (nodes are in pre-order).
    /// (Inlined: called from a mutating method, a method of the plan is
    /// given a copy of the whole plan, about a kilobyte, and its arrays
    /// retained.)
    @inline(__always)
    func subtreeEnd(_ index: Int) -> Int {
        var last = index
        while let child = children(last).last { last = child }
        return last + 1
    }

    /// The horizontal cost of `coupledImage` for the current solve: `G(r·w)`
    /// (see the file's comment), from the vertical costs of every view off
    /// its path at the labels' current measurements, with the fitting size
    /// or, in the frame pass (`checking`), the cell's height.
    mutating func coupledImageWidthCost(_ image: Int) throws(_StackCostError) -> _Cost {
        var path = [image]
        while case let parent = nodes[path[path.count - 1]].parent, parent >= 0 {
            path.append(parent)
        }
        path.reverse()
        // The vertical costs of the views beside the path (the path's own
        // wait for the image's height, which is what is being decided).
        for (k, ancestor) in path.dropLast().enumerated() {
            for child in children(ancestor) where child != path[k + 1] {
                try computeCosts(.vertical, nodesIn: child..<subtreeEnd(child))
            }
        }
        // (The path's kept costs were made from those views' earlier costs.)
        for ancestor in path where ancestor < memos[1].valid.count {
            memos[1].valid[ancestor] = false
        }
        let insets = tree?.pinning.insets ?? .zero
        var outside = _Cost()
        if case .frame(let height)? = checking {
            outside.addEqual(height - insets.top - insets.bottom, lane: 0)
        } else {
            outside.addEqual(-insets.top - insets.bottom, lane: lane(50))
        }
        for (k, ancestor) in path.dropLast().enumerated() {
            outside = outside + ownVerticalTerms(ancestor)
            try Self.checkBounds(outside, "node\(ancestor)")
            outside = try outsideCost(of: path[k + 1], in: ancestor, given: outside)
        }
        var cost = outside + ownVerticalTerms(image)
        guard !cost.hasUnmodelled else {
            throw .unmodelled(
                "node\(image): an image whose width is free beside a view whose cost is not modelled"
            )
        }
        let node = nodes[image].image!
        if let cap = node.maxHeight {
            cost.hi = min(cost.hi, cap)
            try Self.checkBounds(cost, "node\(image)")
            cost = cost.softened(lane: lane(StackTree.cappedAspectPriority.rawValue), weight: 1)
        }
        let ratio = node.aspectRatio.height / node.aspectRatio.width
        return cost.composed(scale: ratio, offset: 0)
    }

    /// Throws when no height satisfies the required constraints met so
    /// far (the engine breaks one of them whatever the image's width).
    static func checkBounds(_ cost: _Cost, _ what: String) throws(_StackCostError) {
        guard cost.lo <= cost.hi + 1e-9 * max(1, abs(cost.hi)) else {
            throw .conflict("\(what): required heights \(cost.lo) > \(cost.hi)")
        }
    }

    /// A node's vertical terms of its own, apart from its views': a stack's
    /// required height, and `UISV-ambiguity-suppression` in a row not
    /// aligned to fill (as `cost(of:_:)` adds them).
    func ownVerticalTerms(_ index: Int) -> _Cost {
        var cost = _Cost()
        if let height = nodes[index].stack?.fixedHeight { cost.addEqual(height, lane: 0) }
        let parent = nodes[index].parent
        if parent >= 0, let owner = nodes[parent].stack, owner.alignment != .fill,
            owner.axis == .horizontal
        {
            cost.addEqual(0, lane: lane(StackView.ambiguitySuppressionPriority.rawValue))
        }
        return cost
    }

    /// The vertical cost of `child` of `stack` as a function of its height,
    /// from `outside` (the cost of the stack's height from everything
    /// outside it, its own terms included) and its other views' costs.
    func outsideCost(of child: Int, in stack: Int, given outside: _Cost)
        throws(_StackCostError) -> _Cost
    {
        if let cost = try hiddenOrSpacedOutsideCost(of: child, in: stack, given: outside) {
            return cost
        }
        let settings = nodes[stack].stack!
        let visible = visibleChildren(stack)
        let others = visible.filter { $0 != child }
        let (start, end) = margins(stack, .vertical)
        for other in others {
            try costs[other].checkMinimumModelled("node\(other)'s best length")
        }
        if settings.axis == .vertical {
            let fixedLength = start + end + gaps(stack, visible).reduce(0, +)
            if settings.distribution == .fillEqually {
                return others.reduce(
                    outside.composed(scale: Double(visible.count), offset: fixedLength)
                ) { $0 + costs[$1] }
            }
            guard !others.isEmpty else { return outside.composed(scale: 1, offset: fixedLength) }
            let rest = _Cost.convolution(
                others.map { costs[$0].anchored(view: 0) }, offset: fixedLength)
            return _Cost.convolution(
                [outside.anchored(view: 0), rest.reflected().anchored(view: 0)], offset: 0)
        }
        let margin = start + end
        if settings.alignment == .fill {
            // Hidden views too: UIKit aligns every arranged view.
            return children(stack).filter { $0 != child }.reduce(
                outside.composed(scale: 1, offset: margin)
            ) { $0 + costs[$1] }
        }
        var canvas = others.reduce(outside.composed(scale: 1, offset: margin)) {
            $0 + costs[$1].runningMinimum()
        }
        canvas.addEqual(0, lane: lane(StackView.spanningFitPriority.rawValue))
        return canvas.suffixMinimum()
    }
}
