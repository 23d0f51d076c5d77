// The direct path's costs, bottom-up: each stack's cost along and across
// its axis from its views' (see _StackCost.swift).

import TrellisGeometry
import TrellisText

extension _DirectPlan {
    // MARK: Costs (bottom-up)

    mutating func computeCosts(_ axis: LayoutAxis) throws(_StackCostError) {
        if costs.count != nodes.count { costs = [_Cost](repeating: _Cost(), count: nodes.count) }
        for index in nodes.indices.reversed() {
            costs[index] = try cost(of: index, axis)
            assert(costs[index]._checkInvariants(), "node\(index)'s cost is not convex")
            // No length satisfies the view's required constraints (a stack
            // of fixed height holding a taller fixed view): the engine
            // breaks one of them.
            let (lo, hi) = (costs[index].lo, costs[index].hi)
            guard lo <= hi + 1e-9 * max(1, abs(hi)) else {
                throw .conflict("node\(index): required \(axis) lengths \(lo) > \(hi)")
            }
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
        return visible.dropLast().map { child in
            let position =
                (childList[range].firstIndex(of: child) ?? range.lowerBound) - range.lowerBound
            guard let custom = stack.customSpacing[position],
                custom != StackView.spacingUseDefault
            else { return stack.spacing }
            return custom == StackView.spacingUseSystem
                ? LayoutConstraint.standardSiblingSpacing : custom
        }
    }

    mutating func cost(of index: Int, _ axis: LayoutAxis) throws(_StackCostError) -> _Cost {
        var cost = _Cost()
        switch nodes[index].kind {
        case .label, .button:
            // An intrinsic size: `>=` at the compression resistance, `<=` at the hugging.
            let hugging =
                (nodes[index].label?.hugging(axis) ?? nodes[index].button!.hugging(axis)).rawValue
            let compression =
                (nodes[index].label?.compressionResistance(axis)
                ?? nodes[index].button!.compressionResistance(axis)).rawValue
            let intrinsic = nodes[index].intrinsic
            let length = axis == .horizontal ? intrinsic.width : intrinsic.height
            let weight = tieWeight(index)
            cost.addAtLeast(length, lane: lane(compression), weight: weight)
            cost.addAtMost(length, lane: lane(hugging), weight: weight)
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
            }
        case .image:
            guard axis == .vertical else { break }
            let image = nodes[index].image!
            let target = nodes[index].width * image.aspectRatio.height / image.aspectRatio.width
            if let cap = image.maxHeight {
                cost.hi = cap
                cost.addEqual(target, lane: lane(999))
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
                // Every view hidden (a hidden stack: a visible one is
                // refused): the canvas is tied to the spacer guides, which
                // are as short as they can be at 51, so the stack is as
                // long as its margins.
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
            let offset = start + end + baselineChain(visible, gaps)
            if stack.distribution == .fillEqually {
                return visible.reduce(_Cost()) {
                    $0 + costs[$1].composed(scale: 1, offset: -offset)
                }
            }
            return costs[visible.last!].composed(scale: 1, offset: -offset)
        }
        switch stack.distribution {
        case .fill:
            return _Cost.convolution(
                visible.map { costs[$0].anchored(view: 0) }, offset: fixedLength)
        case .fillEqually:
            let count = Double(visible.count)
            return visible.reduce(_Cost()) {
                $0 + costs[$1].composed(scale: 1 / count, offset: -fixedLength / count)
            }
        case .fillProportionally:
            guard visible.count > 1 else {
                return _Cost.convolution(
                    visible.map { costs[$0].anchored(view: 0) }, offset: fixedLength)
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
            var parts = visible.map { costs[$0].anchored(view: 0) }
            if visible.count > 1 { parts.append(gapPart().anchored(view: 0)) }
            var cost = _Cost.convolution(parts, offset: fixedLength)
            cost.addEqual(0, lane: lane(StackView.canvasFitPriority.rawValue))
            return cost
        case .equalCentering:
            guard visible.count > 1 else {
                var cost = _Cost.convolution(
                    visible.map { costs[$0].anchored(view: 0) }, offset: fixedLength)
                cost.addEqual(0, lane: lane(StackView.canvasFitPriority.rawValue))
                return cost
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
            if axis == .horizontal, let label = nodes[child].label, label.numberOfLines != 1 {
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

    /// Lengths of the views of an equal-centering stack: each its own best,
    /// which must be decided by priorities above the gaps' spanning fit.
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
            let holdsRight =
                costs[child].hi <= length + 1e-9
                || (1..<firm).contains { right[$0] > 1e-9 } && _sign(right) > 0
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
    mutating func baselineChain(_ visible: [Int], _ gaps: [Double]) -> Double {
        var top = 0.0
        for k in gaps.indices {
            let previous = baselines(visible[k])?.last ?? nodes[visible[k]].intrinsic.height
            let next = baselines(visible[k + 1])?.first ?? 0
            top += previous + gaps[k] - next
        }
        return top
    }

    /// Baseline alignment: each view's top below the canvas's start.
    mutating func baselineOffsets(_ stack: StackTree.Stack, _ visible: [Int]) -> [Double] {
        let first = stack.alignment == .firstBaseline
        let offsets = visible.map { child -> Double in
            let lines = baselines(child)
            return (first ? lines?.first : lines?.last) ?? 0
        }
        let line = offsets.max() ?? 0
        return offsets.map { line - $0 }
    }

    func effectiveAlignment(_ stack: StackTree.Stack) -> StackView.Alignment {
        if stack.axis == .vertical,
            stack.alignment == .firstBaseline || stack.alignment == .lastBaseline
        {
            return .fill
        }
        return stack.alignment
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
            let offsets = baselineOffsets(stack, visible)
            var cost = _Cost()
            for (child, offset) in zip(visible, offsets) {
                cost =
                    cost
                    + costs[child].runningMinimum().composed(scale: 1, offset: -margin - offset)
            }
            cost.addEqual(margin, lane: lane(51))
            return cost
        }
    }
}
