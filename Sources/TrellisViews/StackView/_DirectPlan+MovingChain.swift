// A nested stack in the middle of a filling baseline-relative column whose
// baselines are not both a fixed distance below its top.

extension _LanePlan {
    /// The baselines below its top that the chain reads of visible stack
    /// `child` in a baseline-relative column, where they are neither its
    /// labels' at a fixed distance below its top (`nestedChainLines`) nor
    /// both its bottom edge (nil then: `chainBaselines` reads its bottom).
    /// UIKit's `forFirstBaselineLayout` and `forLastBaselineLayout` name a
    /// view (StackView+Baselines.swift) whose place may move with the
    /// stack's length: a nested column's last baseline is its last
    /// visible view's, whose bottom is the canvas's. The lines are read at
    /// the length the stack's own costs give it (`nestedStackBaseline`),
    /// as a row aligned by baselines reads them. In the middle of a
    /// filling column (views visible above and below it) the stack is then
    /// on the chain as a label with text is, but for its length: where its
    /// last baseline less its first grows with its length, it trades length
    /// with the column's last view (`movingChainCost`, `checkMovingChain`),
    /// and a layout that gives it another length than its own best is
    /// refused (its baselines would move). First or last on the chain it
    /// is refused.
    mutating func movingChainLines(_ child: Int) throws(_StackCostError) -> (
        first: Double, last: Double
    )? {
        let parent = nodes[child].parent
        guard nodes[child].kind == .stack, !nodes[child].isHidden, parent >= 0,
            let column = nodes[parent].stack, column.axis == .vertical,
            column.isBaselineRelativeArrangement
        else { return nil }
        if isBottom(child, first: true), isBottom(child, first: false) { return nil }
        let height = try costs[child].argmin("node\(child)'s height at its baseline")
        let firstLine = try nestedStackBaseline(child, first: true)
        let lastLine = try nestedStackBaseline(child, first: false)
        let siblings = children(parent)
        if firstLine == nil, lastLine != nil, siblings.first != child, siblings.last != child {
            // Its first baseline its bottom edge (no view taller than 0 to
            // name), its last a view's: the chain through it shortens as
            // it grows, so the column's pulls stretch it.
            throw .unmodelled(
                "node\(child): a nested stack in a baseline-relative column whose first baseline is its bottom edge and whose last is a view's (the chain shortens as it grows)"
            )
        }
        if (firstLine != nil && lineMovesInside(child, first: true, height: height))
            || (lastLine != nil && lineMovesInside(child, first: false, height: height))
        {
            throw .unmodelled(
                "node\(child): a nested stack in a baseline-relative column whose baseline moves inside it while its length stays (a view shorter than a row aligned to its bottom or centre, or a row on baselines taller than its views)"
            )
        }
        let first = firstLine ?? height
        let last = lastLine ?? height
        let tolerance = 1e-9 * max(1, abs(height))
        // Both lines at its bottom at its own best length, but one of them
        // a named view's that stays when the stack grows (a row aligned
        // leading whose first baseline is an image's bottom, whose last,
        // no view taller than 0 to name, is the row's bottom): the chain
        // through it grows with it, as a mover's.
        if abs(first - height) <= tolerance, abs(last - height) <= tolerance {
            let grown = height + 1
            let grownFirst = (try? namedLine(child, first: true, total: grown)) ?? grown
            let grownLast = (try? namedLine(child, first: false, total: grown)) ?? grown
            if abs(grownLast - grownFirst) <= 1e-9 * max(1, abs(grown)),
                !linesPartInside(child)
            {
                return nil
            }
        }
        let visible = visibleOf[parent]
        guard column.distribution == .fill, visible.first != child, visible.last != child
        else {
            throw .unmodelled(
                "node\(child): a nested stack first or last in a baseline-relative column, or in one filling equally, whose baselines move with its length"
            )
        }
        return (first, last)
    }

    /// Whether stack `index` is a row aligned by baselines that names a view
    /// for one of its lines and none for the other (its canvas's bottom
    /// then: no view taller than 0 to name). Grown, it holds its views at
    /// the canvas's bottom (first baselines) or top (last) at 51 only
    /// (`UISV-spanning-fit`): a pull above that on the chain moves them and
    /// the named line with them, so the chain through the row grows with
    /// its canvas, as a mover's (a row on first baselines of an empty label,
    /// its first line that label's bottom, its last the row's bottom: the
    /// solver gives it the part of a pixel a cell's height is rounded up by,
    /// at 49 and 51, before a label hugging at 250).
    func linesPartInside(_ index: Int) -> Bool {
        guard let stack = nodes[index].stack, stack.axis == .horizontal,
            stack.alignment == .firstBaseline || stack.alignment == .lastBaseline
        else { return false }
        return (namedBaselineView(index, first: true) == nil)
            != (namedBaselineView(index, first: false) == nil)
    }

    /// Whether stack `index`, `height` high (its views arranged at that
    /// length, as `namedLine` leaves them), reads its first (or last)
    /// baseline through a row that lets the line move while the stack's
    /// length stays: a row aligned to its bottom or its centre whose named
    /// view is shorter than the row and may grow (its top, and the line
    /// with it, moves with that view's own length: a label at 250 in a row
    /// aligned trailing, the row stretched by a box beside it; in a row
    /// aligned to its top, a view whose baseline is its bottom: a box
    /// without a height, 0 high at 25 only, in a row of fixed height), or a row
    /// aligned by baselines taller than its views reach (UIKit's alignment
    /// spanner holds its views at the canvas's top on last baselines, at
    /// its bottom on first ones, at 51 only: `UISV-spanning-fit`). The
    /// chain through the stack then grows as that view grows or the line
    /// moves, so the solver trades that with the column's other views by
    /// their priorities (by rank where they tie, as for the part of a
    /// pixel a cell's height is rounded up by); the direct path reads the
    /// line at the views' own best lengths and places.
    func lineMovesInside(_ index: Int, first: Bool, height: Double) -> Bool {
        guard let stack = nodes[index].stack, let named = namedBaselineView(index, first: first)
        else { return false }
        let (start, end) = margins(index, .vertical)
        let room = height - start - end
        let tolerance = 1e-9 * max(1, abs(room))
        if stack.axis == .horizontal {
            switch stack.alignment {
            case .leading, .trailing, .center:
                // (Aligned to its top, the view's top is the row's: the
                // line moves only where it is the view's bottom edge.)
                let own = nodes[named].height
                if own < room - tolerance, costs[named].hi > own + tolerance,
                    stack.alignment != .leading || baselineIsBottomEdge(named, first: first)
                {
                    return true
                }
            case .firstBaseline, .lastBaseline:
                var top = Double.infinity
                var bottom = -Double.infinity
                for child in visibleOf[index] {
                    top = min(top, nodes[child].y)
                    bottom = max(bottom, nodes[child].y + nodes[child].height)
                }
                if bottom - top < room - tolerance { return true }
            default: break
            }
        }
        guard nodes[named].kind == .stack else { return false }
        return lineMovesInside(named, first: first, height: nodes[named].height)
    }

    /// The views of baseline-relative column `stack` (visible: `visible`)
    /// whose baselines move with their lengths (`movingChainLines`, which
    /// throws `unmodelled` for one first or last, or in a column filling
    /// equally). Throws `unmodelled` where there is one and the column's
    /// first view without text stretches (`stretchesTextlessFirst`) or its
    /// last one has no text (its bottom on the chain).
    mutating func movingChainViews(_ stack: StackTree.Stack, _ visible: [Int])
        throws(_StackCostError) -> [Int]
    {
        var movers: [Int] = []
        for child in visible where nodes[child].kind == .stack && nestedChainLines(child) == nil {
            if try movingChainLines(child) != nil { movers.append(child) }
        }
        guard let last = visible.last, !movers.isEmpty else { return movers }
        if stretchesTextlessFirst(stack, visible) || !hasText(last) {
            throw .unmodelled(
                "node\(movers[0]): a nested stack whose baselines move with its length in a baseline-relative column whose first or last view has no text"
            )
        }
        return movers
    }

    /// The cost of a filling baseline-relative column's length when views
    /// with moving baselines (`movers`) are in it: `offset` is its length
    /// less its last view's with each mover at its own best length; each
    /// mover longer by `d` makes the column `d` longer (its last baseline
    /// moves with its bottom), so the movers and the last view share the
    /// length as views laid end to end (the infimal convolution). Nil with
    /// no mover.
    mutating func movingChainCost(_ visible: [Int], _ movers: [Int], offset: Double)
        throws(_StackCostError) -> _Cost?
    {
        guard !movers.isEmpty, let last = visible.last else { return nil }
        var best = 0.0
        for child in movers { best += try costs[child].argmin("node\(child)'s height") }
        let parts = (movers + [last]).map { costs[$0].anchored(view: 0) }
        return _Cost.convolution(parts, offset: offset - best)
    }

    /// Whether the column's `room` (its canvas less the chain with every
    /// mover at its best) shared between the movers and its last view
    /// leaves each mover its own best length; throws `unmodelled` where it
    /// does not (the movers' baselines were read at that length).
    mutating func checkMovingChain(
        _ index: Int, _ visible: [Int], _ movers: [Int], room: Double
    ) throws(_StackCostError) {
        guard !movers.isEmpty, let last = visible.last else { return }
        var best: [Double] = []
        for child in movers { best.append(try costs[child].argmin("node\(child)'s height")) }
        let lengths = try sharedLengths(
            movers + [last], room + best.reduce(0, +), "node\(index)'s views with moving baselines")
        for (k, child) in movers.enumerated()
        where abs(lengths[k] - best[k]) > 1e-9 * max(1, abs(best[k])) {
            throw .unmodelled(
                "node\(child): a nested stack in a baseline-relative column whose baselines move with its length gets another length than its own best (\(lengths[k]), not \(best[k]))"
            )
        }
    }

    /// `baselineIsBottom` for stack `index` of the plan: the view UIKit's
    /// rule names for its first (or last) baseline has it at the stack's
    /// bottom edge whatever the texts (none visible; else no bottom margin
    /// and a column's last arranged view, or any view of a row aligned to
    /// fill, that is a box, an image, a button or such a stack again).
    /// `texts`: with the texts the labels have now, an empty label's line
    /// its bottom (UIKit: "the bottom edge for views without text").
    func isBottom(_ index: Int, first: Bool, texts: Bool = false) -> Bool {
        let visible = visibleOf[index]
        guard let stack = nodes[index].stack, let pick = first ? visible.first : visible.last
        else { return true }
        if margins(index, .vertical).1 != 0 { return false }
        if stack.axis == .vertical {
            guard pick == children(index).last else { return false }
        } else if stack.alignment != .fill {
            return false
        }
        switch nodes[pick].kind {
        case .fixed, .image, .button: return true
        case .label: return texts && nodes[pick].text._isEmpty
        case .stack: return isBottom(pick, first: first, texts: texts)
        }
    }
}
