// A stack whose views share its width by their texts (`solveTextWidths`),
// and the root of a general widths solve (`computeWidthCosts`): its own
// width cost, a convolution of its views' costs, is made only to check that
// the width its owner (or the cell) gives it is within its bounds. Where a
// view may give way without bound on each side, the bounds are -∞ and +∞
// and no width breaks them: the cost is not made.

extension _LanePlan {
    /// Whether stack `root` (a subtree of `solveTextWidths`, its views'
    /// costs made) admits any finite width, so that the check of its width
    /// against its cost (`checkFeasible`) cannot throw: a horizontal stack
    /// of the fill distribution, without a width of its own or UIKit's
    /// text-width share, one of whose visible views has no required lower
    /// bound and one no required upper bound.
    ///
    /// Its cost would be `_Cost.convolution` of its views' anchored costs
    /// (`alongCost`): a view without a required lower bound (`lo` -∞) has
    /// a stretch below its anchor of endless length, and the convolution's
    /// `lo` is its centre less every stretch up to the first endless one,
    /// so -∞; likewise `hi` is +∞. A label's or button's compression
    /// resistance and hugging below 1000 are such views (the floor at 0 is
    /// not required either, see `addFloor`).
    func admitsAnyWidth(_ root: Int) -> Bool { admitsAnyWidth(root, width: nodes[root].width) }

    /// `admitsAnyWidth` of stack `root` given `width`. (The stack's
    /// settings read in place: a copy of the stack retains its arrays.
    /// Inlined: called from `computeWidthCosts`, a mutating method, it was
    /// given a copy of the whole plan.)
    @inline(__always)
    func admitsAnyWidth(_ root: Int, width: Double) -> Bool {
        guard width.isFinite, nodes[root].kind == .stack, nodes[root].settings.axis == .horizontal,
            nodes[root].settings.distribution == .fill, nodes[root].settings.fixedWidth == nil,
            !nodes[root].settings.isBaselineRelativeArrangement, !nodes[root].sharesTextWidth
        else { return false }
        var shorter = false
        var longer = false
        for child in visibleOf[root] {
            if costs[child].lo == -.infinity { shorter = true }
            if costs[child].hi == .infinity { longer = true }
        }
        return shorter && longer
    }

    /// The checks `alongCost` makes of stack `root`'s visible views before
    /// it shares a length among them (their best lengths modelled), with
    /// its own cost left unmade and unkept (`admitsAnyWidth`): the general
    /// pass makes it again when it needs it.
    mutating func skipStackCost(_ root: Int) throws(_StackCostError) {
        for child in visibleOf[root] {
            try costs[child].checkMinimumModelled("node\(child)'s best length")
        }
        memos[0].valid[root] = false
        memos[0].kept[root] = false
        textWidthCostsSkipped += 1
    }
}

extension _LanePlan {
    /// Every node's cost along the horizontal axis for a general widths
    /// solve (`computeCosts`), and the root's width (`rootWidth`) checked
    /// against the root's cost (`checkFeasible`), the one step of the solve
    /// that reads that cost (the arrangement reads its views' costs). Where
    /// the root admits any finite width (`admitsAnyWidth`), the check
    /// cannot throw and the root's cost is not made: only the checks
    /// `alongCost` makes of its views first, as `skipStackCost` for a
    /// subtree of `solveTextWidths`. The root's memo then holds no cost
    /// (`valid` false: made again where a solve needs it) and counts as
    /// kept where each of its views' costs was (`keepsHorizontalPlaces`:
    /// the arrangement's inputs are those of the last one).
    ///
    /// A root sharing its width by its texts has its cost made, but only
    /// its bounds (`textSharingCost` of a `widthFromCanvas` stack).
    mutating func computeWidthCosts(rootWidth: Double) throws(_StackCostError) {
        try computeCosts(.horizontal, nodesIn: 1..<nodes.count, skippingShareViews: true)
        guard skippingRootCosts, admitsAnyWidth(0, width: rootWidth) else {
            try computeCosts(.horizontal, nodesIn: 0..<1, countingRun: false)
            try Self.checkFeasible(0, rootWidth, lo: costs[0].lo, hi: costs[0].hi)
            return
        }
        do throws(_StackCostError) {
            for child in visibleOf[0] {
                try costs[child].checkMinimumModelled("node\(child)'s best length")
            }
        } catch {
            // (As `computeCosts` leaves the memo after a throw.)
            memos[0] = _CostMemo(count: nodes.count)
            throw error
        }
        // (Flags written only where they change: each write checks that
        // the memo's arrays are not shared.)
        if memos[0].valid[0] { memos[0].valid[0] = false }
        let kept = childrenKept(0, 0)
        if memos[0].kept[0] != kept { memos[0].kept[0] = kept }
        rootCostsSkipped += 1
    }

    /// The bounds of `textSharingCost(index, visible, …, gaps: gapPart)`:
    /// the sums it makes, in its order (the margins and gaps, then each
    /// visible view's bound, then the equal gaps' part), so the same bits.
    func sharedTextBounds(_ index: Int, _ visible: [Int], gaps gapPart: _Cost?) -> (
        lo: Double, hi: Double
    ) {
        let (start, end) = margins(index, .horizontal)
        var lowest = start + end + gaps(index, visible).reduce(0, +)
        var highest = lowest
        for child in visible {
            lowest += costs[child].lo
            highest += costs[child].hi
        }
        if let gapPart {
            lowest += gapPart.lo
            highest += gapPart.hi
        }
        return (lowest, highest)
    }
}
