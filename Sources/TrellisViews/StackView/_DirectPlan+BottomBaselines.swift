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
        let (left, _) = costs[first].slopes(at: best)
        let firm = lane(StackView.spanningFitPriority.rawValue)
        let holds =
            costs[first].lo >= best - 1e-9 * max(1, abs(best))
            || ((1..<firm).contains { left[$0] < -1e-9 } && _sign(left) < 0)
        guard holds else {
            throw .unmodelled(
                "node\(index): a row on first baselines whose first view, its baseline its bottom, gives way below 51 (UISV-canvas-fit and the fitting height lift the line by shrinking it)"
            )
        }
    }
}

extension _LanePlan {
    /// Throws `unmodelled` where stack `index`, aligned by last baselines,
    /// has its canvas's top set by views that give way when shrunk at no
    /// priority above 51, and the canvas is no taller than its views reach
    /// (but for less than a pixel).
    ///
    /// UIKit's set puts the canvas's top at the alignment spanner's, above
    /// every view (`UISV-spanning-boundary`), the spanner as short as it can
    /// be at 51 (`UISV-spanning-fit`), and pulls the stack to 0 high at 49
    /// (`UISV-canvas-fit`) and a cell to its fitting height at 50. A view
    /// whose last baseline stays put as it shrinks (its bottom on the line)
    /// lowers its top, and with it the spanner's, when shrunk: where that
    /// costs it 51 or less (a column whose last view is a stack of hidden
    /// views, 0 high only at 51; a box without a size, at 25), the spanner
    /// gains what the view loses at 51 and the lower pulls then decide, so
    /// the solver shrinks it, below 0 where it must (its frame drawn 0
    /// high). The direct path reads the line at each view's own best length
    /// (`ownBaseline`), so such a row is refused at its width
    /// (`StackTreeOtherRowsTests`). The first-baseline case is
    /// `checkLiftedLine`.
    mutating func checkSunkenTop(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ offsets: [Double],
        _ canvas: Double
    ) throws(_StackCostError) {
        guard stack.alignment == .lastBaseline, !visible.isEmpty else { return }
        let tolerance = 1e-9 * max(1, abs(canvas))
        var reach = -Double.infinity
        for (child, offset) in zip(visible, offsets) {
            reach = max(reach, offset + length(child, .vertical))
        }
        // (A hidden first view's bottom, on the line, bounds the canvas's.)
        if let (first, offset) = try hiddenFirstBelowLine(index, stack, visible, offsets) {
            reach = max(reach, offset + (try costs[first].argmin("hidden node\(first)'s length")))
        }
        guard canvas <= reach + 1 / scale + tolerance else { return }
        let firm = lane(StackView.spanningFitPriority.rawValue)
        let top = offsets.min() ?? 0
        for (child, offset) in zip(visible, offsets)
        where abs(offset - top) <= 1e-9 * max(1, abs(top)) {
            let best = try costs[child].argmin("node\(child)'s length at its baseline")
            let (left, _) = costs[child].slopes(at: best)
            let holds =
                costs[child].lo >= best - 1e-9 * max(1, abs(best))
                || ((1..<firm).contains { left[$0] < -1e-9 } && _sign(left) < 0)
            // (Another view as high that holds keeps the top where it is.)
            if holds { return }
        }
        throw .unmodelled(
            "node\(index): a row on last baselines whose highest views give way at 51 or below (UISV-spanning-fit, UISV-canvas-fit and the fitting height lower the top by shrinking them)"
        )
    }
}
