// The direct path's costs of a stack's length along its axis (distribution
// fill, equally, equal spacing, equal centering; baseline-relative
// vertical stacks), from its views' costs (see _StackCost.swift).

import TrellisGeometry
import TrellisText

extension _LanePlan {
    /// The cost of a stack's length along its axis.
    mutating func alongCost(_ index: Int, _ visible: [Int], _ axis: LayoutAxis)
        throws(_StackCostError) -> _Cost
    {
        let (start, end) = margins(index, axis)
        let gaps = gaps(index, visible)
        let fixedLength = start + end + gaps.reduce(0, +)
        // Views sharing the length out start from their best lengths.
        for child in visible { try costs[child].checkMinimumModelled("node\(child)'s best length") }
        // (The stack's settings read in place, the stack copied only where
        // a step takes it whole: a copy retains its arrays.)
        let distribution = nodes[index].settings.distribution
        if nodes[index].settings.isBaselineRelativeArrangement, axis == .vertical {
            let stack = nodes[index].stack!
            let gaps = chainGaps(index, visible, gaps)
            let movers = try movingChainViews(stack, visible)
            if let cost = try baselineDistributionCost(
                index, stack, visible, gaps, margins: start + end)
            {
                return cost
            }
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
        switch distribution {
        case .fill:
            if nodes[index].sharesTextWidth {
                let hiddenLabels = children(index).filter {
                    nodes[$0].isHidden && nodes[$0].isMultiLine
                }.count
                var cost = try textSharingCost(
                    index, visible, hiddenLabels: hiddenLabels, gaps: nil)
                markCheaperUnmodelled(&cost, visible)
                return cost
            }
            if axis == .horizontal, let cost = rowShareCost(index, offset: fixedLength) {
                return cost
            }
            var cost = endToEndCost(visible, offset: fixedLength)
            markCheaperUnmodelled(&cost, visible)
            return cost
        case .fillEqually:
            let count = Double(visible.count)
            return combinedCost(visible, scale: 1 / count, offset: -fixedLength / count)
        case .fillProportionally:
            guard visible.count > 1 else {
                return endToEndCost(visible, offset: fixedLength)
            }
            let stack = nodes[index].stack!
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
                markCheaperUnmodelled(&cost, visible)
            } else {
                cost = endToEndCost(
                    visible, extra: visible.count > 1 ? gapPart() : nil, offset: fixedLength)
                markCheaperUnmodelled(&cost, visible)
            }
            cost.addEqual(
                0, lane: lane(StackView.canvasFitPriority.rawValue), weight: tieWeight(index))
            return cost
        case .equalCentering:
            guard visible.count > 1 else {
                var cost = endToEndCost(visible, offset: fixedLength)
                cost.addEqual(
                    0, lane: lane(StackView.canvasFitPriority.rawValue), weight: tieWeight(index))
                return cost
            }
            if nodes[index].sharesTextWidth {
                let hiddenLabels = children(index).filter {
                    nodes[$0].isHidden && nodes[$0].isMultiLine
                }.count
                return try centeredTextCost(index, visible, hiddenLabels: hiddenLabels)
            }
            let lengths = try centeredLengths(visible, axis)
            return centeringCanvasCost(
                index, minimum: start + end + centeringMinimum(lengths, gaps),
                arranged: nodes[index].children.count)
        }
    }

    /// The cost of an equal-centering stack at least `minimum` long: above
    /// the shortest canvas the centres spread evenly (the spacers'
    /// `UISV-fill-equally`, at 150 − index, hold); the stack is as short as
    /// it can be at 49 (`UISV-canvas-fit`). Below it (not modelled) a
    /// spacer's `UISV-fill-equally` gives way, at `centeringBound` of its
    /// `arranged` views' count at least: a pull on the stack above that
    /// priority is refused (`checkModelled`).
    func centeringCanvasCost(_ index: Int, minimum: Double, arranged: Int) -> _Cost {
        var cost = _Cost()
        var bound = _Slope()
        bound[lane(Self.centeringBound(arranged: arranged))] = 1e-6
        cost.addUnmodelled(below: minimum, bound: bound)
        cost.addEqual(
            0, lane: lane(StackView.canvasFitPriority.rawValue), weight: tieWeight(index))
        return cost
    }

    /// A priority no higher than any of an equal-centering stack's
    /// `UISV-fill-equally` between its spacers (150 less the arranged index
    /// of the view before the spacer, every spacer after the first): what
    /// squeezing the stack below its shortest even canvas costs at least.
    /// Not below 52 (above the cell's fitting size, 50, and `UISV-canvas-fit`,
    /// 49, which always pull it, and `UISV-spanning-fit`, 51).
    static func centeringBound(arranged: Int) -> Float {
        Float(max(52, 150 - max(1, arranged - 2)))
    }

    /// The cost of what the equal gaps take beyond their minimum spacing:
    /// nothing (no constraint pulls a spacer; `UISV-canvas-fit` pulls the
    /// whole stack), but never less than the minimum.
    func gapPart() -> _Cost { _Cost(lo: 0) }

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
}

extension _LanePlan {
    /// Makes `cost`, the views' `visible` costs end to end, not modelled
    /// where a view's cost is not modelled below its best length at a
    /// lower priority than `cost` charges there. The sum end to end takes
    /// the cheapest stretches first and orders a stretch not modelled
    /// above every modelled one, so it charged the other views' slopes
    /// (a label's compression resistance at 750) where the solver gives
    /// way in that view (an equal-centring column below its shortest
    /// canvas, at 148; `StackTreeRowsBeyondTests`). A row whose
    /// multi-line labels share its width (`textSharingCost`, the same
    /// cheapest-first order) is marked the same way (an equal-centring row
    /// beside such a label: `StackTreeRowsFurtherTests`). The region not
    /// modelled need not start at the view's best length: a row of an
    /// equal-centring column beside a box and a label trading their
    /// heights at 250 is best where the label is whole, shrinks at 250 to
    /// the column's shortest canvas and is not modelled below it, and the
    /// sum charged a label beside that row its compression resistance at
    /// 750 first, where the solver gave way in the column (rows
    /// differential seed 3840023769).
    func markCheaperUnmodelled(_ cost: inout _Cost, _ visible: [Int]) {
        for child in visible where costs[child].mayBeUnmodelled {
            let (first, _) = costs[child].boundedMinimizers()
            guard first.isFinite, let left = costs[child].unmodelledSlope(atOrBelow: first)
            else { continue }
            cost.markUnmodelled(belowCharging: _Cost.highestGiving(_modelled(left)))
        }
    }
}
