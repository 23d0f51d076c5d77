// Views whose baseline is their bottom edge in a row aligned by baselines.

extension _LanePlan {
    /// Whether `child`, in a row aligned by baselines, has its baseline at
    /// its bottom at a length its costs decide: a button, a box, a nested
    /// stack or an image. UIKit: "For views without text, the stack view
    /// uses the bottom edge" (a `UIView`'s `forFirstBaselineLayout` and
    /// `forLastBaselineLayout` are the view itself). A nested stack is read
    /// at its own best length too, its baseline its bottom where it names
    /// no view, else its named view's (`nestedStackBaseline`).
    /// `ownBaseline` reads it at the length
    /// its own costs give it, and `checkBaselineLengths` refuses a width
    /// where it gets another (its baseline would move with it). An empty
    /// label is 0 high there, its bottom its top (`ownBaseline`).
    func hasBottomBaseline(_ child: Int) -> Bool {
        switch nodes[child].kind {
        case .button, .fixed, .stack, .image: return true
        case .label: return false
        }
    }
}

extension _LanePlan {
    /// Whether the view UIKit's rule names for `stack`'s first (or last)
    /// baseline has that baseline at `stack`'s bottom edge, whatever the
    /// texts (a nested stack in a baseline-relative column: see
    /// `nestedBaselineProblem`).
    static func baselineIsBottom(_ stack: StackTree.Stack, first: Bool) -> Bool {
        let visible = stack.children.indices.filter { !stack.children[$0].isHidden }
        guard let pickFirst = visible.first, let pickLast = visible.last else { return true }
        if (stack.layoutMargins?.bottom ?? 0) != 0 { return false }
        let pick: Int
        if stack.axis == .vertical {
            pick = first ? pickFirst : pickLast
            // Only the last arranged view is tied to the bottom.
            guard pick == stack.children.count - 1 else { return false }
        } else {
            // The tallest is decided by intrinsic heights; a row aligned
            // to fill names its first or last visible view, every view
            // spanning it.
            guard stack.alignment == .fill else { return false }
            pick = first ? pickFirst : pickLast
        }
        switch stack.children[pick].content {
        case .fixed, .image, .button: return true
        case .label: return false
        case .stack(let nested): return baselineIsBottom(nested, first: first)
        }
    }
}

extension _LanePlan {
    /// Throws `unmodelled` where stack `index`, aligned by first baselines,
    /// has a line that UIKit's constraints lift: the first arranged view
    /// (hidden or not) has its baseline at its bottom (`hasBottomBaseline`)
    /// and gives way when shrunk at no priority above 51 (a box without a
    /// size: only `UISV-ambiguity-suppression`, 0 high at 25), a visible
    /// view reaches below the line, and the canvas is no taller than its
    /// views reach (but for less than a pixel).
    ///
    /// UIKit's set bounds the canvas's top by the first view's only
    /// (`UISV-canvas-connection` `<=`), puts its bottom at the alignment
    /// spanner's, below every visible view (`UISV-spanning-boundary`), and
    /// pulls the stack to 0 high at 49 (`UISV-canvas-fit`) and a cell to
    /// its fitting height at 50 (`fittingSizeLevel`): shrinking that first
    /// view lifts its bottom, the line, and with it every view reaching
    /// below, so the stack is shorter, which those pulls outbid its 25. The
    /// first view ends shorter than its own best, below 0 where the line
    /// must rise further (its frame is drawn 0 high); the direct path reads
    /// the line at that view's own best length (`ownBaseline`), so such a
    /// row is refused at its width. Where the canvas is taller than its
    /// views reach, something above those pulls holds it, and shrinking
    /// the first view gains nothing.
    mutating func checkLiftedLine(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ offsets: [Double],
        _ canvas: Double
    ) throws(_StackCostError) {
        guard stack.alignment == .firstBaseline, let firstVisible = visible.first else { return }
        try checkRaisedBottom(index, visible, offsets, canvas)
        try checkLoweredTop(index, visible, offsets)
        try checkSqueezedBelowLine(index, visible)
        let first = hiddenFirstView(of: index) ?? firstVisible
        guard hasBottomBaseline(first) else { return }
        let line = try ownBaseline(first, stack)
        var lowest = -Double.infinity
        for (child, offset) in zip(visible, offsets) {
            lowest = max(lowest, offset + length(child, .vertical))
        }
        let tolerance = 1e-9 * max(1, abs(canvas))
        // (Within a pixel: the cell's height is rounded up to the pixel
        // grid, and that slack may land in this canvas.)
        guard lowest > line + tolerance, canvas <= lowest + 1 / scale + tolerance else { return }
        let best = try costs[first].argmin("node\(first)'s length at its baseline")
        guard holdsAbove51(first, at: best) else {
            throw .unmodelled(
                "node\(index): a row on first baselines whose first view, its baseline its bottom, gives way below 51 (UISV-canvas-fit and the fitting height lift the line by shrinking it)"
            )
        }
    }
}

extension _LanePlan {
    /// Throws `unmodelled` where stack `index`, aligned by first baselines,
    /// has its canvas's bottom set by views that give way when shrunk at no
    /// priority above 51, and the canvas is no taller than they reach (but
    /// for less than a pixel).
    ///
    /// The canvas's bottom is the alignment spanner's, below every view
    /// (`UISV-spanning-boundary`), the spanner as short as it can be at 51
    /// (`UISV-spanning-fit`): a lowest view shrunk from its bottom (its
    /// first baseline stays) raises the spanner's bottom and the canvas's
    /// with it. Where that costs it 51 or less (a column whose last view
    /// is a stack of hidden views, 0 high only at 51), the spanner gains
    /// what the view loses at 51, and `UISV-canvas-fit` (49) and the
    /// fitting height (50) then shrink it (`StackTreeRowsBeyondTests`); the
    /// direct path keeps each view at its own best length.
    func checkRaisedBottom(
        _ index: Int, _ visible: [Int], _ offsets: [Double], _ canvas: Double
    ) throws(_StackCostError) {
        var lowest = -Double.infinity
        for (child, offset) in zip(visible, offsets) {
            lowest = max(lowest, offset + length(child, .vertical))
        }
        let tolerance = 1e-9 * max(1, abs(canvas))
        guard canvas <= lowest + 1 / scale + tolerance else { return }
        for (child, offset) in zip(visible, offsets) {
            let length = length(child, .vertical)
            guard abs(offset + length - lowest) <= 1e-9 * max(1, abs(lowest)) else { continue }
            // (Another view as low that holds keeps the bottom where it is.)
            if holdsAbove51(child, at: length) { return }
        }
        throw .unmodelled(
            "node\(index): a row on first baselines whose lowest views give way at 51 or below (UISV-spanning-fit, UISV-canvas-fit and the fitting height raise the bottom by shrinking them)"
        )
    }

    /// Whether `child`, `length` long, holds when shrunk: a required
    /// length, or a cost of shrinking at some priority above 51 (above
    /// `UISV-spanning-fit`, the fitting height and `UISV-canvas-fit`).
    func holdsAbove51(_ child: Int, at length: Double) -> Bool {
        if costs[child].lo >= length - 1e-9 * max(1, abs(length)) { return true }
        let (left, _) = costs[child].slopes(at: length)
        let firm = lane(StackView.spanningFitPriority.rawValue)
        return (1..<firm).contains { left[$0] < -1e-9 } && _sign(left) < 0
    }
}

extension _LanePlan {
    /// Throws `unmodelled` where stack `index`, aligned by first baselines,
    /// has its alignment spanner's top set by views whose tops move down as
    /// they shrink and that give way when shrunk at no priority above 51.
    ///
    /// The spanner is around the visible views (`UISV-spanning-boundary`),
    /// its bottom the canvas's, as short as it can be at 51
    /// (`UISV-spanning-fit`); the canvas's top is only at most the first
    /// view's (`UISV-canvas-connection` `<=`), so a view reaching above the
    /// others sets the spanner's top whatever the canvas's height. A view
    /// whose first baseline is its bottom (a box, a button, an image, a
    /// stack whose views name no other line, an empty label) keeps its
    /// bottom on the line as it shrinks, so its top comes down, and with it
    /// the spanner's: where that costs it 51 or less (a stack of hidden
    /// views held by its margins only at its own 51), the solver shrinks it
    /// (`StackTreeRowsFurtherTests`); the direct path keeps each view at its
    /// own best length. A label with text keeps its top a fixed distance
    /// above its first baseline, and holds the spanner's top where it is.
    func checkLoweredTop(_ index: Int, _ visible: [Int], _ offsets: [Double])
        throws(_StackCostError)
    {
        guard let top = offsets.min() else { return }
        for (child, offset) in zip(visible, offsets)
        where abs(offset - top) <= 1e-9 * max(1, abs(top)) {
            // (Another view as high that holds keeps the top where it is.)
            if !baselineIsBottomEdge(child, first: true) { return }
            if holdsAbove51(child, at: length(child, .vertical)) { return }
        }
        throw .unmodelled(
            "node\(index): a row on first baselines whose highest views, their baselines their bottoms, give way at 51 or below (UISV-spanning-fit lowers the top by shrinking them)"
        )
    }

    /// Throws `unmodelled` where stack `index`, aligned by first baselines,
    /// gets a visible view shorter than its own best length (the canvas's
    /// bottom bounds it: UIKit's spanner's bottom is the canvas's) while
    /// the view its line is read from, its first arranged view (hidden or
    /// not: `UISV-alignment` ties every view's first baseline to it), has
    /// that baseline at its bottom and gives way when shrunk: the solver
    /// may shrink that view instead, raising the line and every view with
    /// it (an empty hidden first label giving way at 250 against a label's
    /// 750), where the direct path keeps the line at the first view's own
    /// best length (`hiddenFirstBaseline`, `baselineOffsets`).
    func checkSqueezedBelowLine(_ index: Int, _ visible: [Int]) throws(_StackCostError) {
        guard let first = hiddenFirstView(of: index) ?? visible.first,
            baselineIsBottomEdge(first, first: true)
        else { return }
        let (best, _) = costs[first].boundedMinimizers()
        guard best.isFinite, costs[first].lo < best - 1e-9 * max(1, abs(best)) else { return }
        for child in visible {
            let (own, _) = costs[child].boundedMinimizers()
            guard own.isFinite, length(child, .vertical) < own - 1e-9 * max(1, abs(own))
            else { continue }
            throw .unmodelled(
                "node\(index): a row on first baselines squeezing node\(child) below its own length while its first view, its baseline its bottom, gives way (the line may rise instead)"
            )
        }
    }

    /// Whether view `child`'s first (or last) baseline is its bottom edge
    /// whatever its height, or may be: a view without text, an empty
    /// label; a nested stack but one whose first baseline is a label's a
    /// fixed distance below its top (`isTop`), or whose last baseline is
    /// its bottom (`isBottom`).
    func baselineIsBottomEdge(_ child: Int, first: Bool) -> Bool {
        switch nodes[child].kind {
        case .button, .fixed, .image: return true
        case .label: return nodes[child].text._isEmpty
        case .stack: return first ? !isTop(child, first: true) : isBottom(child, first: false)
        }
    }
}

extension _LanePlan {
    /// Throws `unmodelled` where stack `index`, aligned by last baselines,
    /// has its canvas's top set by views that give way when shrunk at no
    /// priority above 51.
    ///
    /// UIKit's set puts the canvas's top at the alignment spanner's
    /// (`UISV-canvas-connection`), the spanner around every visible view
    /// (`UISV-spanning-boundary`) and as short as it can be at 51
    /// (`UISV-spanning-fit`): the highest views hang from the canvas's top,
    /// the others from their line. A view whose last baseline stays a
    /// fixed distance above its bottom as it shrinks (a view without text:
    /// its bottom; a label: UIKit's `lastBaselineAnchor`) raises the line,
    /// every view on it and the spanner's bottom when shrunk: where that
    /// costs it 51 or less (a column whose last view is a stack of hidden
    /// views, 0 high only at 51; a box without a size, at 25), the spanner
    /// gains what the view loses at 51 and the lower pulls then decide
    /// (`UISV-canvas-fit` at 49, a cell's fitting height at 50), so the
    /// solver shrinks it, below 0 where it must (its frame drawn 0 high),
    /// whatever the canvas's height (a row stretched taller by a label
    /// beside it too: `StackTreeRowsFurtherTests`). The direct path reads
    /// the line at each view's own best length (`ownBaseline`), so such a
    /// row is refused at its width (`StackTreeOtherRowsTests`). The
    /// first-baseline cases are `checkLiftedLine` and `checkLoweredTop`.
    func checkSunkenTop(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ offsets: [Double]
    ) throws(_StackCostError) {
        guard stack.alignment == .lastBaseline, !visible.isEmpty else { return }
        let top = offsets.min() ?? 0
        for (child, offset) in zip(visible, offsets)
        where abs(offset - top) <= 1e-9 * max(1, abs(top)) {
            let best = try costs[child].argmin("node\(child)'s length at its baseline")
            // (Another view as high that holds keeps the top where it is.)
            if holdsAbove51(child, at: best) { return }
        }
        throw .unmodelled(
            "node\(index): a row on last baselines whose highest views give way at 51 or below (UISV-spanning-fit, UISV-canvas-fit and the fitting height lower the top by shrinking them)"
        )
    }

    /// Makes the cost `cost` of a row on last baselines whose views' tops
    /// are `offsets` below its canvas's not modelled below the longest
    /// length where it charges for shrinking at a higher priority than its
    /// highest views, all of them, give way at (their slopes at their own
    /// best lengths): the slopes there replaced by that mark.
    ///
    /// That cost holds only the first view's bottom (the canvas's,
    /// `UISV-canvas-connection` `>=`) at the line the highest views set;
    /// shrinking them lowers the canvas's top instead, which a pull on the
    /// row from outside above their priority takes (a box hugging at 250
    /// beside it in a filling row, against an equal-centring column giving
    /// way at 148 below its shortest canvas; `StackTreeRowsBeyondTests`).
    /// The mark's bound is that priority, so a pull below it (the fitting
    /// height's 50) still lays the row out (`checkModelled`); a row given
    /// less than its reach is refused when it is arranged.
    func addCheaperTop(to cost: inout _Cost, _ visible: [Int], _ offsets: [Double]) {
        let top = offsets.min() ?? 0
        var together = _Slope()
        for (child, offset) in zip(visible, offsets)
        where abs(offset - top) <= 1e-9 * max(1, abs(top)) {
            // (A view of no one best length: left as it was.)
            let (best, last) = costs[child].boundedMinimizers()
            guard best.isFinite, _isNegligible(last - best, best) else { return }
            // (A view as high of a required length keeps the top where it is.)
            if costs[child].lo >= best - 1e-9 * max(1, abs(best)) { return }
            together += _modelled(costs[child].slopes(at: best).left)
        }
        // (A first view, hidden or not, held required below the line those
        // views set: the row is shorter where they give way, which the
        // solver weighs against a pull from outside.)
        cost.markUnmodelled(givingAt: together)
    }
}

extension _LanePlan {
    /// Makes the cost `cost` of row `index` on first baselines not modelled
    /// below the longest length where it charges for shrinking at a higher
    /// priority than its first arranged view (hidden or not) gives way at,
    /// where that view's first baseline is its bottom (and below its
    /// required bound, where it has one: `markUnmodelled(belowRequired:)`).
    ///
    /// That cost holds each visible view's bottom above the canvas's (the
    /// alignment spanner's bottom is the canvas's) at the line the first
    /// view sets (`UISV-alignment`), its top at most the canvas's
    /// (`UISV-canvas-connection` `<=`); shrinking that first view raises
    /// its bottom, the line, and every view on it, which a pull on the row
    /// from outside above its priority takes (an empty first label giving
    /// way at 300, in a column of fixed height with a label resisting at
    /// 750: `StackTreeRowsFurtherTests`), where the sum would charge the
    /// other views' 750. Mirrors `addCheaperTop` on last baselines.
    func addCheaperLine(to cost: inout _Cost, _ index: Int, _ visible: [Int]) {
        guard let first = hiddenFirstView(of: index) ?? visible.first,
            baselineIsBottomEdge(first, first: true) || firstLineIsBottom(first)
        else { return }
        let (best, last) = costs[first].boundedMinimizers()
        guard best.isFinite, _isNegligible(last - best, best),
            costs[first].lo < best - 1e-9 * max(1, abs(best))
        else { return }
        let slope = _modelled(costs[first].slopes(at: best).left)
        let giving = _LaneCost.highestGiving(slope)
        // (Giving way at 51 or below with a view reaching below the line,
        // the row's own pulls lift the line: `checkLiftedLine`. With none,
        // the row is as long as that view, and only a pull from outside
        // shrinks it.)
        let noneBelow = visible.allSatisfy { firstLineIsBottom($0) }
        guard giving < lane(StackView.spanningFitPriority.rawValue) || noneBelow else { return }
        cost.markUnmodelled(givingAt: slope)
    }

    /// Whether `child`'s first baseline is its bottom edge with the texts
    /// it has now: a view without text, an empty label, or a nested stack
    /// whose named view reaches its bottom and is such a view
    /// (`isBottom(texts:)`; `baselineIsBottomEdge` reads a stack on first
    /// baselines by `isTop`, which takes any named label, an empty one
    /// too, for a line at its top).
    func firstLineIsBottom(_ child: Int) -> Bool {
        nodes[child].kind == .stack
            ? isBottom(child, first: true, texts: true) : baselineIsBottomEdge(child, first: true)
    }
}

extension _LanePlan {
    /// The cost of the length of a row on last baselines whose first
    /// arranged view is hidden and has its last baseline at its bottom,
    /// the line `line` below the row's top (margins included) with its
    /// views at their own best lengths (`offsets`: their tops).
    ///
    /// `UISV-canvas-connection` bounds the canvas's bottom by that first
    /// view's, hidden or not (`>=`), and `UISV-alignment` keeps its bottom
    /// on the visible views' line whatever its own height: the row is at
    /// least `line` long, and shorter only where the line rises, which
    /// takes the highest views shrinking (the canvas's top is the
    /// alignment spanner's, above every view). Required where one of them
    /// holds its length so; else not modelled below `line`, its bound the
    /// highest views' slopes together, so that a pull above their
    /// priority is refused at the width (`checkModelled`) and a lower one
    /// keeps the row at `line`. (The hidden view's own length bounds
    /// nothing: taken as the row's, an empty label's compression resistance
    /// at 1000 would make `line` required, and a column of fixed height
    /// would squeeze its next label at 750 where the solver shrinks the
    /// row's visible empty label at 300: `StackTreeRowsFurtherTests`.)
    func hiddenLineCost(_ line: Double, _ visible: [Int], _ offsets: [Double]) -> _Cost {
        var cost = _Cost()
        let top = offsets.min() ?? 0
        var together = _Slope()
        for (child, offset) in zip(visible, offsets)
        where abs(offset - top) <= 1e-9 * max(1, abs(top)) {
            let (best, _) = costs[child].boundedMinimizers()
            guard best.isFinite else { continue }
            if costs[child].lo >= best - 1e-9 * max(1, abs(best)) {
                cost.addAtLeast(line, lane: 0)
                return cost
            }
            together += _modelled(costs[child].slopes(at: best).left)
        }
        cost.addUnmodelled(below: line, bound: -together)
        return cost
    }
}
