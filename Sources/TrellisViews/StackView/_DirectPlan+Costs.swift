// The direct path's costs, bottom-up: each stack's cost along and across
// its axis from its views' (see _StackCost.swift).

import TrellisGeometry
import TrellisText

extension _DirectPlan {
    // MARK: Costs (bottom-up)

    /// Every node's cost along `axis`, bottom-up. A node whose inputs are
    /// those of its last cost along this axis (a view of the same intrinsic
    /// length, an image of the same width and ratio, a stack none of whose
    /// views changed) keeps it: rows of a template repeat most lengths (a
    /// row of one-line labels is as high in every row), and the engine's
    /// passes change a label or two at a time. `nodesIn`: only those nodes
    /// (a subtree, `solveTextWidths`).
    mutating func computeCosts(_ axis: LayoutAxis, nodesIn subtree: Range<Int>? = nil)
        throws(_StackCostError)
    {
        if costs.count != nodes.count { costs = [_Cost](repeating: _Cost(), count: nodes.count) }
        let side = axis == .horizontal ? 0 : 1
        if memos[side].costs.count != nodes.count {
            memos[side] = _CostMemo(count: nodes.count)
        }
        do throws(_StackCostError) {
            for index in (subtree ?? nodes.indices).reversed() {
                let key = memoKey(index, axis)
                if memos[side].valid[index], let key, memos[side].keys[index] == key,
                    children(index).allSatisfy({ memos[side].kept[$0] })
                {
                    costs[index] = memos[side].costs[index]
                    memos[side].kept[index] = true
                    continue
                }
                costs[index] = try cost(of: index, axis)
                assert(costs[index]._checkInvariants(), "node\(index)'s cost is not convex")
                // No length satisfies the view's required constraints (a stack
                // of fixed height holding a taller fixed view): the engine
                // breaks one of them.
                let (lo, hi) = (costs[index].lo, costs[index].hi)
                guard lo <= hi + 1e-9 * max(1, abs(hi)) else {
                    throw .conflict("node\(index): required \(axis) lengths \(lo) > \(hi)")
                }
                memos[side].costs[index] = costs[index]
                memos[side].keys[index] = key ?? SIMD4()
                memos[side].valid[index] = key != nil
                memos[side].kept[index] = false
            }
        } catch {
            // Stacks above the node that threw keep costs of older views.
            memos[side] = _CostMemo(count: nodes.count)
            throw error
        }
    }

    /// What node `index`'s cost along `axis` is made from besides its
    /// views' costs and the tree's shape (nil: not kept, it reads more).
    func memoKey(_ index: Int, _ axis: LayoutAxis) -> SIMD4<Double>? {
        // (Fields read in place: a node is large, and a copy retains its payloads.)
        switch nodes[index].kind {
        case .label, .button:
            let size = nodes[index].intrinsic
            return SIMD4(axis == .horizontal ? size.width : size.height, 0, 0, 0)
        case .fixed:
            return SIMD4()
        case .image:
            guard axis == .vertical, let ratio = nodes[index].image?.aspectRatio else {
                return index == coupledImage ? nil : SIMD4()
            }
            return SIMD4(nodes[index].width, ratio.width, ratio.height, 0)
        case .stack:
            // Baselines are read from the labels' layouts, not their costs.
            guard let stack = nodes[index].stack, !stack.isBaselineRelativeArrangement,
                stack.alignment != .firstBaseline, stack.alignment != .lastBaseline,
                stack.distribution != .fillProportionally
            else { return nil }
            return SIMD4()
        }
    }

    func children(_ index: Int) -> ArraySlice<Int> { childList[nodes[index].children] }

    /// A stack's visible views (made once per shape: hidden flags are part of it).
    func visibleChildren(_ index: Int) -> [Int] { visibleOf[index] }

    /// Margins of a stack's canvas along an axis (start, end).
    func margins(_ index: Int, _ axis: LayoutAxis) -> (Double, Double) {
        guard let margins = nodes[index].stack?.layoutMargins else { return (0, 0) }
        return axis == .horizontal ? (margins.left, margins.right) : (margins.top, margins.bottom)
    }

    /// The gaps after each visible view but the last (made once per shape).
    func gaps(_ index: Int, _ visible: [Int]) -> [Double] { gapsOf[index] }

    func makeGaps(_ index: Int, _ visible: [Int]) -> [Double] {
        guard let stack = nodes[index].stack else { return [] }
        let range = nodes[index].children
        let gaps = visible.dropLast().map { child in
            let position =
                (childList[range].firstIndex(of: child) ?? range.lowerBound) - range.lowerBound
            guard let custom = stack.customSpacing[position],
                custom != StackView.spacingUseDefault
            else { return stack.spacing }
            return custom == StackView.spacingUseSystem
                ? LayoutConstraint.standardSiblingSpacing : custom
        }
        return stack.distribution == .equalSpacing ? Self.equalSpacingGaps(gaps) : gaps
    }

    mutating func cost(of index: Int, _ axis: LayoutAxis) throws(_StackCostError) -> _Cost {
        var cost = _Cost()
        switch nodes[index].kind {
        case .label, .button:
            // An intrinsic size: `>=` at the compression resistance, `<=` at the hugging.
            let horizontal = axis == .horizontal
            let hugging = horizontal ? nodes[index].hugging.0 : nodes[index].hugging.1
            let compression = horizontal ? nodes[index].compression.0 : nodes[index].compression.1
            let intrinsic = nodes[index].intrinsic
            let length = axis == .horizontal ? intrinsic.width : intrinsic.height
            let weight = tieWeight(index)
            cost.addAtLeast(length, lane: lane(compression), weight: weight)
            cost.addAtMost(length, lane: lane(hugging), weight: weight)
            addFloor(to: &cost, compression: compression)
        case .fixed:
            let box = nodes[index].fixed!
            let weight = tieWeight(index)
            if let length = axis == .horizontal ? box.width : box.height {
                let level = box.priority.rawValue
                let w = level < 1000 ? weight : 1
                cost.addAtLeast(length, lane: lane(level), weight: w)
                cost.addAtMost(length, lane: lane(level), weight: w)
            }
            if let size = box.intrinsicSize {
                // A picture's intrinsic size, as a label's.
                let length = axis == .horizontal ? size.width : size.height
                cost.addAtLeast(
                    length, lane: lane(box.compressionResistance(axis).rawValue), weight: weight)
                cost.addAtMost(length, lane: lane(box.hugging(axis).rawValue), weight: weight)
                addFloor(to: &cost, compression: box.compressionResistance(axis).rawValue)
            }
        case .image:
            guard axis == .vertical else {
                if index == coupledImage { cost = coupledCost }
                break
            }
            let image = nodes[index].image!
            let target = imageHeightTarget(index, image)
            if let cap = image.maxHeight {
                cost.hi = cap
                if image.isIntrinsic {
                    // The engine's intrinsic height at 999 both ways,
                    // weighted by rank as every intrinsic length in a stack
                    // tree, of the width `ImageView` takes from the layout: a
                    // width below 0 (a hidden stack's margins, a view pushed
                    // out) is 0, as a label's (`_layoutWidthDidChange`):
                    // `imageHeightTarget`.
                    cost.addEqual(target, lane: lane(999), weight: tieWeight(index))
                } else {
                    cost.addEqual(target, lane: lane(999))
                }
            } else {
                cost.addEqual(target, lane: 0)
            }
        case .stack:
            let stack = nodes[index].stack!
            let visible = visibleChildren(index)
            if !visible.isEmpty {
                if axis == stack.axis {
                    cost = try alongCost(index, stack, visible, axis)
                } else {
                    cost = try acrossCost(index, stack, visible, axis)
                }
            } else {
                // Every view hidden: the canvas is tied to the spacer
                // guides, which are as short as they can be at 51 (a
                // visible stack's too: `StackView` makes those spanning
                // fits, not in UIKit's recorded set, so that it is not left
                // any size), so the stack is as long as its margins.
                let (start, end) = margins(index, axis)
                cost.addEqual(start + end, lane: lane(StackView.spanningFitPriority.rawValue))
            }
            // The stack view's own required size bounds whatever its views cost.
            if let length = axis == .horizontal ? stack.fixedWidth : stack.fixedHeight {
                cost.addEqual(length, lane: 0)
            }
        }
        // `UISV-ambiguity-suppression`: an arranged view of a stack whose
        // alignment is not fill is 0 thick across the stack's axis at 25
        // (hidden ones too), so a view without a size there is not
        // ambiguous, as UIKit.
        let parent = nodes[index].parent
        if parent >= 0, let owner = nodes[parent].stack, owner.alignment != .fill,
            owner.axis != axis
        {
            cost.addEqual(0, lane: lane(StackView.ambiguitySuppressionPriority.rawValue))
        }
        return cost
    }

    /// The cost of a stack's length along its axis.
    mutating func alongCost(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis
    )
        throws(_StackCostError) -> _Cost
    {
        let (start, end) = margins(index, axis)
        let gaps = gaps(index, visible)
        let fixedLength = start + end + gaps.reduce(0, +)
        // Views sharing the length out start from their best lengths.
        for child in visible { try costs[child].checkMinimumModelled("node\(child)'s best length") }
        if stack.isBaselineRelativeArrangement, axis == .vertical {
            let gaps = chainGaps(index, visible, gaps)
            let movers = try movingChainViews(stack, visible)
            if let cost = try textlessFirstCost(stack, visible, gaps, margins: start + end) {
                return cost
            }
            if let cost = try equalChainCost(stack, visible, gaps, margins: start + end) {
                return cost
            }
            let offset = try start + end + baselineChain(visible, gaps)
            let last = visible[visible.count - 1]
            if stack.distribution == .fill, visible.count > 1, baselines(last) == nil,
                nestedChainLines(last) == nil
            {
                // A last view without text: its bottom is the baseline
                // the chain reaches, whatever its height.
                var cost = _Cost()
                cost.addEqual(offset + (try chainBaselines(last).first), lane: 0)
                return cost
            }
            if stack.distribution == .fillEqually {
                return visible.reduce(_Cost()) {
                    $0 + costs[$1].composed(scale: 1, offset: -offset)
                }
            }
            if let cost = try movingChainCost(visible, movers, offset: offset) { return cost }
            return costs[visible.last!].composed(scale: 1, offset: -offset)
        }
        switch stack.distribution {
        case .fill:
            if nodes[index].sharesTextWidth {
                let hiddenLabels = children(index).filter {
                    nodes[$0].isHidden && nodes[$0].isMultiLine
                }.count
                return try textSharingCost(index, visible, hiddenLabels: hiddenLabels, gaps: nil)
            }
            return endToEndCost(visible, offset: fixedLength)
        case .fillEqually:
            let count = Double(visible.count)
            return visible.reduce(_Cost()) {
                $0 + costs[$1].composed(scale: 1 / count, offset: -fixedLength / count)
            }
        case .fillProportionally:
            guard visible.count > 1 else {
                return endToEndCost(visible, offset: fixedLength)
            }
            guard let shares = try proportionalShares(index, stack, visible, axis) else {
                // Lengths too small to share by: UIKit fills equally.
                let count = Double(visible.count)
                return visible.reduce(_Cost()) {
                    $0 + costs[$1].composed(scale: 1 / count, offset: -fixedLength / count)
                }
            }
            return try proportionalCost(index, visible, shares, fixedLength)
        case .equalSpacing:
            var cost: _Cost
            if nodes[index].sharesTextWidth {
                let hiddenLabels = children(index).filter {
                    nodes[$0].isHidden && nodes[$0].isMultiLine
                }.count
                cost = try textSharingCost(
                    index, visible, hiddenLabels: hiddenLabels,
                    gaps: visible.count > 1 ? gapPart() : nil)
            } else {
                cost = endToEndCost(
                    visible, extra: visible.count > 1 ? gapPart() : nil, offset: fixedLength)
            }
            cost.addEqual(0, lane: lane(StackView.canvasFitPriority.rawValue))
            return cost
        case .equalCentering:
            guard visible.count > 1 else {
                var cost = endToEndCost(visible, offset: fixedLength)
                cost.addEqual(0, lane: lane(StackView.canvasFitPriority.rawValue))
                return cost
            }
            if nodes[index].sharesTextWidth {
                let hiddenLabels = children(index).filter {
                    nodes[$0].isHidden && nodes[$0].isMultiLine
                }.count
                return try centeredTextCost(index, visible, hiddenLabels: hiddenLabels)
            }
            // Above the shortest canvas the centres spread evenly (the
            // spacers' `UISV-fill-equally`, at 150 − index, hold); the
            // stack is as short as it can be at 49 (`UISV-canvas-fit`).
            let lengths = try centeredLengths(visible, axis)
            let minimum = start + end + centeringMinimum(lengths, gaps)
            var cost = _Cost()
            var bound = _Slope()
            bound[lane(245)] = 1e-6
            cost.addUnmodelled(below: minimum, bound: bound)
            cost.addEqual(0, lane: lane(StackView.canvasFitPriority.rawValue))
            return cost
        }
    }

    /// The cost of what the equal gaps take beyond their minimum spacing:
    /// nothing (no constraint pulls a spacer; `UISV-canvas-fit` pulls the
    /// whole stack), but never less than the minimum.
    func gapPart() -> _Cost { _Cost(lo: 0) }

    /// The lengths `fillProportionally` gives, as UIKit's constraints do
    /// (`StackView._refreshProportions`): each visible view `total` (the
    /// stack's own length) times its intrinsic length over the lengths'
    /// sum plus the spacing between them, but the last one with a length,
    /// whose constraint (the lowest priority) gives way: it takes what the
    /// others and the gaps leave of `room`. Views without a length (a
    /// multi-line label across a horizontal stack) are 0 long. When the
    /// lengths are too small to share by, the views fill equally.
    func proportionalLengths(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis,
        total: Double, room: Double
    ) throws(_StackCostError) -> [Double] {
        guard let plan = try proportionalShares(index, stack, visible, axis) else {
            return Array(repeating: room / Double(visible.count), count: visible.count)
        }
        var lengths = plan.shares.map { total * $0 }
        lengths[plan.last] =
            room - lengths.indices.filter { $0 != plan.last }.reduce(0) { $0 + lengths[$1] }
        return lengths
    }

    /// The shares of `fillProportionally` (UIKit's multipliers: each
    /// visible view's intrinsic length over the lengths' sum plus the
    /// spacing between the visible views), the position in `visible` of
    /// the last view with a length (its constraint, the lowest priority,
    /// gives way) and that view's arranged position; nil when the lengths
    /// are too small to share by (UIKit fills equally).
    func proportionalShares(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis
    ) throws(_StackCostError) -> (shares: [Double], last: Int, position: Int)? {
        let sizes = visible.map { child -> Double in
            if axis == .horizontal, nodes[child].isMultiLine {
                return 0
            }
            let size = nodes[child].intrinsic
            let length = axis == .horizontal ? size.width : size.height
            return length.isFinite && length > 0 ? length : 0
        }
        let sum = sizes.reduce(0, +)
        let all = children(index)
        let hidden = all.count - visible.count
        let tooSmall =
            hidden == 0
            ? (visible.count == 1 ? sum <= 1 : sum == 0)
            : sum <= stack.spacing * Double(hidden)
        guard !tooSmall else { return nil }
        guard let last = sizes.lastIndex(where: { $0 > 0 }) else {
            // Every visible view 0 long, required, and lengths "not too
            // small" (negative spacing): the chain cannot fill the stack.
            throw .conflict("node\(index): fillProportionally of views without a length")
        }
        let whole = sum + stack.spacing * Double(visible.count - 1)
        let position = (all.firstIndex(of: visible[last]) ?? all.startIndex) - all.startIndex
        return (sizes.map { $0 / whole }, last, position)
    }

    /// The cost of a `fillProportionally` stack's length `T`: every view
    /// but the last with a length is `T × share` (its constraint, at 999
    /// and down, above its own priorities: see `stackProblem`), the last
    /// one takes the rest of the canvas, and its own constraint is broken
    /// by `|T × (1 − Σ shares) − fixed|` at its priority (UIKit's
    /// multipliers count the spacing that no constant takes off).
    func proportionalCost(
        _ index: Int, _ visible: [Int], _ plan: (shares: [Double], last: Int, position: Int),
        _ fixedLength: Double
    ) throws(_StackCostError) -> _Cost {
        var cost = _Cost()
        var others = 0.0
        for (k, child) in visible.enumerated() where k != plan.last {
            cost = cost + costs[child].composed(scale: plan.shares[k], offset: 0)
            others += plan.shares[k]
        }
        let rest = 1 - others
        guard rest > 1e-9 else {
            throw .unmodelled(
                "node\(index): proportions that leave the last view no share (negative spacing)")
        }
        cost = cost + costs[visible[plan.last]].composed(scale: rest, offset: -fixedLength)
        let slope = rest - plan.shares[plan.last]
        if abs(slope) > 1e-12 {
            cost.addEqual(
                fixedLength / slope, lane: lane(Self.proportionalBase - Float(plan.position)),
                weight: abs(slope))
        }
        return cost
    }

    /// Lengths of the views of an equal-centering stack: each its own best.
    /// Shrinking a view shortens the least canvas its centres need, which
    /// `UISV-canvas-fit` (49) and the cell's fitting size (50) pull for:
    /// a view must resist shrinking above 51. Growing one only lengthens
    /// that canvas, so any cost of growing holds it.
    func centeredLengths(_ visible: [Int], _ axis: LayoutAxis) throws(_StackCostError)
        -> [Double]
    {
        var lengths: [Double] = []
        for child in visible {
            let length = try costs[child].argmin("node\(child)'s length")
            let (left, right) = costs[child].slopes(at: length)
            let firm = lane(51)
            let holdsLeft =
                costs[child].lo >= length - 1e-9
                || (1..<firm).contains { left[$0] < -1e-9 } && _sign(left) < 0
            let holdsRight = costs[child].hi <= length + 1e-9 || _sign(right) > 0
            guard holdsLeft, holdsRight else {
                throw .unmodelled(
                    "node\(child) in an equal-centering stack gives way below the gaps' priority")
            }
            lengths.append(length)
        }
        return lengths
    }

    /// The shortest canvas of an equal-centering stack: equal centre
    /// distances, each gap at least its minimum.
    func centeringMinimum(_ lengths: [Double], _ gaps: [Double]) -> Double {
        var distance = -Double.infinity
        for k in gaps.indices {
            distance = max(distance, gaps[k] + (lengths[k] + lengths[k + 1]) / 2)
        }
        return lengths[0] / 2 + Double(gaps.count) * distance + lengths[lengths.count - 1] / 2
    }

    /// Baseline-relative: the last view's top below the canvas's start.
    mutating func baselineChain(_ visible: [Int], _ gaps: [Double]) throws(_StackCostError)
        -> Double
    {
        var top = 0.0
        for k in gaps.indices {
            let previous = try chainBaselines(visible[k]).last
            let next = try chainBaselines(visible[k + 1]).first
            top += previous + gaps[k] - next
        }
        return top
    }

    /// A view's baselines below its top in a baseline-relative vertical
    /// stack: a label's text's, else its bottom ("For views without text,
    /// the stack view uses the bottom edge", as `View.firstBaselineAnchor`)
    /// at the height its own cost gives it, which a view of a filling
    /// baseline-relative stack keeps but for the first one (its top is the
    /// canvas's): the top of any other follows from the baseline above and
    /// its own baseline, so its height moves no other view.
    mutating func chainBaselines(_ child: Int) throws(_StackCostError) -> (
        first: Double, last: Double
    ) {
        if let lines = baselines(child) { return lines }
        if let lines = try nestedChainBaselines(child) { return lines }
        let height = try costs[child].argmin("node\(child)'s height at its baseline")
        return (height, height)
    }

    /// Baseline alignment: each view's top below the canvas's start, the
    /// stack as short as UIKit's constraints let it be. First baselines:
    /// the canvas's top is at most the first view's (`UISV-canvas-connection`
    /// `<=`), its bottom the alignment spanner's, which holds every view
    /// (`UISV-spanning-boundary`): a view reaching above the first sticks
    /// out above the canvas (a negative offset). A hidden first view is
    /// that first view (`hiddenFirstBaseline`). Last baselines: the
    /// canvas's top is the spanner's, at the topmost view's top.
    mutating func baselineOffsets(_ stack: StackTree.Stack, _ visible: [Int])
        throws(_StackCostError) -> [Double]
    {
        var offsets: [Double] = []
        offsets.reserveCapacity(visible.count)
        for child in visible { offsets.append(try ownBaseline(child, stack)) }
        if stack.alignment == .firstBaseline, let first = offsets.first {
            let line = try hiddenFirstBaseline(visible, stack) ?? first
            return offsets.map { line - $0 }
        }
        let line = offsets.max() ?? 0
        return offsets.map { line - $0 }
    }

    /// The baseline of a view in a horizontal baseline-aligned stack, below
    /// its top: a label's text's first or last baseline; "the bottom edge
    /// for views without text", as `View.firstBaselineAnchor`: an empty
    /// label's (0 high there), a box's of a required height (that height),
    /// and a button's or any other box's at the length its own costs give
    /// it, which `checkBaselineLengths` then checks it got.
    mutating func ownBaseline(_ child: Int, _ stack: StackTree.Stack) throws(_StackCostError)
        -> Double
    {
        if let lines = baselines(child) {
            return stack.alignment == .firstBaseline ? lines.first : lines.last
        }
        if nodes[child].kind == .label { return 0 }
        if let box = nodes[child].fixed, let height = box.height, box.priority == .required {
            return height
        }
        if nodes[child].kind == .stack,
            let line = try nestedStackBaseline(child, first: stack.alignment == .firstBaseline)
        {
            return line
        }
        return try costs[child].argmin("node\(child)'s length at its baseline")
    }

    /// Whether each view of a baseline-aligned stack whose baseline is its
    /// bottom at the length its own costs give it (`ownBaseline`) got that
    /// length: else its baseline moved with it, which is not modelled.
    mutating func checkBaselineLengths(_ children: [Int], _ axis: LayoutAxis)
        throws(_StackCostError)
    {
        for child in children where hasBottomBaseline(child) {
            if let box = nodes[child].fixed, box.height != nil, box.priority == .required {
                continue
            }
            let best = try costs[child].argmin("node\(child)'s length at its baseline")
            guard abs(length(child, axis) - best) <= 1e-9 * max(1, abs(best)) else {
                throw .unmodelled(
                    "node\(child): a view without text in a baseline-aligned stack gets another length than its own best (its baseline, its bottom, moves with it)"
                )
            }
        }
    }

    /// The alignment whose constraints across the axis `stack` makes. A
    /// vertical stack aligned by baselines makes no `UISV-alignment` (UIKit:
    /// "firstBaseline: a layout where the stack view aligns its arranged
    /// views based on their first baseline. This alignment is only valid
    /// for horizontal stacks."); its spanner is around every visible view
    /// (`UISV-spanning-boundary`, required both ways) and as thin as that
    /// allows (`UISV-spanning-fit`, 51), its canvas tied to the spanner: the
    /// lengths across are those of the centre alignment, whose constraints
    /// bound them the same way (`isUnaligned`: only the places differ).
    func effectiveAlignment(_ stack: StackTree.Stack) -> StackView.Alignment {
        if isUnaligned(stack) { return .center }
        return stack.alignment
    }

    /// A vertical stack aligned by baselines: its views' places across are
    /// tied to nothing but the spanner around them (see `effectiveAlignment`).
    func isUnaligned(_ stack: StackTree.Stack) -> Bool {
        stack.axis == .vertical
            && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline)
    }

    /// The cost of a stack's thickness across its axis.
    mutating func acrossCost(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis
    )
        throws(_StackCostError) -> _Cost
    {
        let (start, end) = margins(index, axis)
        let margin = start + end
        switch effectiveAlignment(stack) {
        case .fill:
            // Hidden views too: UIKit aligns every arranged view.
            return children(index).reduce(_Cost()) {
                $0 + costs[$1].composed(scale: 1, offset: -margin)
            }
        case .leading, .center, .trailing:
            for child in visible {
                try costs[child].checkMinimumModelled("node\(child)'s best length")
            }
            var cost = visible.reduce(_Cost()) {
                $0 + costs[$1].runningMinimum().composed(scale: 1, offset: -margin)
            }
            cost.addEqual(margin, lane: lane(51))
            return cost
        case .firstBaseline, .lastBaseline:
            for child in visible {
                try costs[child].checkMinimumModelled("node\(child)'s best length")
            }
            let offsets = try baselineOffsets(stack, visible)
            var cost = _Cost()
            // (Last baselines: only the first view's bottom bounds the
            // canvas's, `UISV-canvas-connection` `>=`; the others may stick
            // out below.)
            let bounded = stack.alignment == .lastBaseline ? 1 : visible.count
            if let hidden = try hiddenFirstBelowLine(index, stack, visible, offsets) {
                try costs[hidden.child].checkMinimumModelled("node\(hidden.child)'s best length")
                cost = costs[hidden.child].runningMinimum().composed(
                    scale: 1, offset: -margin - hidden.offset)
            } else {
                for (child, offset) in zip(visible, offsets).prefix(bounded) {
                    cost =
                        cost
                        + costs[child].runningMinimum().composed(scale: 1, offset: -margin - offset)
                }
            }
            cost.addEqual(margin, lane: lane(51))
            return cost
        }
    }
}
