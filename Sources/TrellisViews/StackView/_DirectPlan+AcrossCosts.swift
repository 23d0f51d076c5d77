// The direct path's costs of a stack's thickness across its axis, by its
// alignment.

import TrellisGeometry
import TrellisText

extension _LanePlan {
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
    mutating func acrossCost(_ index: Int, _ visible: [Int], _ axis: LayoutAxis)
        throws(_StackCostError) -> _Cost
    {
        let (start, end) = margins(index, axis)
        let margin = start + end
        // (`effectiveAlignment` of the stack's settings read in place, the
        // stack copied only for baselines: a copy retains its arrays.)
        var alignment = nodes[index].settings.alignment
        if nodes[index].settings.axis == .vertical,
            alignment == .firstBaseline || alignment == .lastBaseline
        {
            alignment = .center
        }
        switch alignment {
        case .fill:
            // Hidden views too: UIKit aligns every arranged view. (Summed
            // in the plan's storage, `combinedCost`.)
            return combinedCost(children(index), offset: -margin)
        case .leading, .center, .trailing:
            for child in visible {
                try costs[child].checkMinimumModelled("node\(child)'s best length")
            }
            var cost = combinedCost(visible, offset: -margin, runningMinimum: true)
            cost.addEqual(margin, lane: lane(51))
            return cost
        case .firstBaseline, .lastBaseline:
            let stack = nodes[index].stack!
            for child in visible {
                try costs[child].checkMinimumModelled("node\(child)'s best length")
            }
            let offsets = try baselineOffsets(stack, visible)
            var cost = _Cost()
            // (Last baselines: only the first view's bottom bounds the
            // canvas's, `UISV-canvas-connection` `>=`; the others may stick
            // out below.)
            let bounded = stack.alignment == .lastBaseline ? 1 : visible.count
            let hidden = try hiddenFirstBelowLine(index, stack, visible, offsets)
            if let hidden, baselineIsBottomEdge(hidden.child, first: false) {
                let line = hidden.offset + (try ownBaseline(hidden.child, stack))
                cost = hiddenLineCost(line + margin, visible, offsets)
            } else if let hidden {
                try costs[hidden.child].checkMinimumModelled("node\(hidden.child)'s best length")
                cost = costs[hidden.child].runningMinimum(
                    shiftedBy: -margin - hidden.offset)
            } else {
                for (child, offset) in zip(visible, offsets).prefix(bounded) {
                    cost =
                        cost
                        + costs[child].runningMinimum(shiftedBy: -margin - offset)
                }
            }
            // The stack as short as it can be at 49 (`UISV-canvas-fit`,
            // `stack.height == 0 @49` in UIKit's set for a row aligned by
            // baselines), below a cell's fitting height (50). Unlike the
            // other alignments, `UISV-spanning-fit` (51) does not pull the
            // canvas: the canvas's top is only at most the first view's
            // (`UISV-canvas-connection` `<=`, last baselines: its bottom
            // at least the first view's), so the spanner's fit moves the
            // views, not the canvas's edge. Nothing in UIKit's set keeps
            // the stack 0 high or more: a row whose views give way below
            // 50 (a box without a size, 0 high at 25) between a cell's
            // margins fits to a negative height, as the engine fits it,
            // and `arrangeAcross` refuses a canvas below 0.
            // `UISV-canvas-fit` is a length of the stack alone against a
            // constant, which the engine weighs by the stack's rank
            // (`LayoutEngine.tieWeight(of:)`): of two rows aligned by
            // baselines in a column, both as short as they can be at 49,
            // the earlier takes the slack of a cell height rounded up to
            // the pixel grid ("If there's any ambiguity, the stack view
            // resizes the arranged views based on their index").
            if stack.alignment == .lastBaseline {
                addCheaperTop(to: &cost, visible, offsets)
            } else {
                addCheaperLine(to: &cost, index, visible)
            }
            cost.addEqual(
                0, lane: lane(StackView.canvasFitPriority.rawValue), weight: tieWeight(index))
            return cost
        }
    }
}
