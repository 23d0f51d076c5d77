// A hidden first view in a row aligned by baselines.

extension _LanePlan {
    /// The line a row aligned by first baselines keeps when its first
    /// arranged view is hidden, below that view's top (nil: the first view
    /// is visible, or the stack is aligned otherwise).
    ///
    /// UIKit's `UISV-alignment` ties every arranged view's baseline to the
    /// first arranged view's, hidden ones included (a hidden view stays in
    /// `arrangedSubviews`: "the stack view automatically updates its
    /// layout whenever ... one of the arranged subviews's isHidden property
    /// changes", and only `UISV-hiding` makes it 0 long along the axis),
    /// and `UISV-canvas-connection` ties the canvas across to that first
    /// view: on first baselines its top at most the first view's top. So
    /// the visible views sit where the hidden view's baseline is, the
    /// hidden view keeps its own height (it is outside the alignment
    /// spanner, which wraps the visible views only), and `UISV-canvas-fit`
    /// (49) brings the canvas's top down to its top: the offsets of
    /// `baselineOffsets` count from the hidden view's top.
    mutating func hiddenFirstBaseline(_ visible: [Int], _ stack: StackTree.Stack)
        throws(_StackCostError) -> Double?
    {
        guard stack.alignment == .firstBaseline, let any = visible.first,
            let first = hiddenFirstView(of: nodes[any].parent)
        else { return nil }
        return try ownBaseline(first, stack)
    }

    /// The first arranged view of stack `index` when it is hidden and
    /// another is visible (nil otherwise).
    func hiddenFirstView(of index: Int) -> Int? {
        guard index >= 0, let first = children(index).first, nodes[first].isHidden,
            !visibleOf[index].isEmpty
        else { return nil }
        return first
    }

    /// In a row aligned by last baselines whose first arranged view is
    /// hidden: that view and its top below the canvas's start (nil: the
    /// first view is visible, or the stack is aligned otherwise).
    ///
    /// On last baselines `UISV-canvas-connection` puts the canvas's top at
    /// the alignment spanner's (around the visible views: the topmost
    /// one's top) and its bottom at least at the first arranged view's,
    /// hidden or not: a hidden first view, on the visible views' line at
    /// its own height, bounds the stack's bottom, and no visible view
    /// does (they may stick out below, as beside a visible first view).
    mutating func hiddenFirstBelowLine(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ offsets: [Double]
    ) throws(_StackCostError) -> (child: Int, offset: Double)? {
        guard stack.alignment == .lastBaseline, let first = hiddenFirstView(of: index),
            let any = visible.first
        else { return nil }
        let line = offsets[0] + (try ownBaseline(any, stack))
        return (first, line - (try ownBaseline(first, stack)))
    }
}

extension _LanePlan {
    /// Throws `unmodelled` where a hidden first view with text, in a row
    /// on last baselines, gets another length than its own best: the
    /// canvas's bottom, at least its bottom (`hiddenFirstBelowLine`),
    /// squeezes it. A label's last baseline is a distance above its
    /// bottom (UIKit's `lastBaselineAnchor`), so a squeezed label's
    /// baseline rises with its bottom and the visible views' line with
    /// it; the direct path places the line by the label's text from its
    /// top (`ownBaseline`), which holds at its own length only.
    func checkHiddenFirstLength(_ child: Int, _ length: Double) throws(_StackCostError) {
        let best = try costs[child].argmin("hidden node\(child)'s length")
        guard abs(length - best) <= 1e-9 * max(1, abs(best)) else {
            throw .unmodelled(
                "node\(child): a hidden first label on last baselines squeezed by the canvas's bottom (\(length), not \(best): its baseline rises with its bottom)"
            )
        }
    }
}
