// A stack whose views share its width by their texts (`solveTextWidths`):
// its own width cost, a convolution of its views' costs, is made only to
// check that the width its owner gives it is within its bounds. Where a view
// may give way without bound on each side, the bounds are -∞ and +∞ and no
// width breaks them: the cost is not made.

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
    func admitsAnyWidth(_ root: Int) -> Bool {
        guard nodes[root].width.isFinite, let stack = nodes[root].stack,
            stack.axis == .horizontal, stack.distribution == .fill, stack.fixedWidth == nil,
            !stack.isBaselineRelativeArrangement, !nodes[root].sharesTextWidth
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
