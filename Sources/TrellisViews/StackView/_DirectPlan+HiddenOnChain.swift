// Hidden views in a baseline-relative vertical stack.

extension _LanePlan {
    /// The constant of `UISV-spacing` into the arranged view at position
    /// `k` of `all` (a stack's arranged views) from the one before it:
    /// UIKit splits the spacing around a hidden view (half from a visible
    /// view to a hidden one that is not the last arranged view, half from a
    /// hidden one that is not the first to a visible one, none between two
    /// hidden views; see `StackView._spacingConstant`). `lastVisible`: the
    /// position of the last visible view before `k`, whose spacing the
    /// half after a hidden view is of.
    /// (Inlined: called from a mutating method, a method of the plan is
    /// given a copy of the whole plan, about a kilobyte, and its arrays
    /// retained.)
    @inline(__always)
    func hiddenLink(_ stack: StackTree.Stack, _ all: [Int], _ k: Int, lastVisible: Int?)
        -> Double
    {
        switch (nodes[all[k - 1]].isHidden, nodes[all[k]].isHidden) {
        case (false, false): return spacing(after: k - 1, stack)
        case (true, false):
            guard k - 1 != 0 else { return 0 }
            return (lastVisible.map { spacing(after: $0, stack) } ?? stack.spacing) / 2
        case (false, true):
            guard k != all.count - 1 else { return 0 }
            return spacing(after: k - 1, stack) / 2
        case (true, true): return 0
        }
    }

    /// The gaps of a baseline-relative vertical stack's chain from each
    /// visible view's last baseline to the next one's first: `gaps` (the
    /// halves of the spacing around hidden views add up to the spacing
    /// after the visible view before them), each with, for every hidden
    /// label with text between the two views, its last baseline less its
    /// first. A hidden view is 0 high (`UISV-hiding`), but `UISV-spacing`
    /// runs to its first baseline and on from its last one, which for a
    /// label are its text's (measured at its width), for any other view its
    /// bottom, its top: "If true, the vertical space between views are
    /// measured from the last baseline of a text-based view, to the first
    /// baseline of the view below it" (`isBaselineRelativeArrangement`).
    mutating func chainGaps(_ index: Int, _ visible: [Int], _ gaps: [Double]) -> [Double] {
        guard visible.count != nodes[index].children.count, !gaps.isEmpty else { return gaps }
        var result = gaps
        var seen = 0
        for child in children(index) {
            guard nodes[child].isHidden else {
                seen += 1
                continue
            }
            guard seen >= 1, seen < visible.count, let lines = baselines(child) else { continue }
            result[seen - 1] += lines.last - lines.first
        }
        return result
    }

    /// Hidden views of a baseline-relative vertical stack along its axis,
    /// `first` the position of its first visible view in `all`: each 0
    /// high on the chain of `UISV-spacing` through every arranged view
    /// (`hiddenLink`), baseline to baseline, after the views before it, or
    /// before the first visible view.
    mutating func placeHiddenOnChain(_ stack: StackTree.Stack, _ all: [Int], first: Int)
        throws(_StackCostError)
    {
        func lines(_ child: Int) throws(_StackCostError) -> (first: Double, last: Double) {
            if let lines = baselines(child) { return lines }
            return try nestedChainBaselines(child) ?? (nodes[child].height, nodes[child].height)
        }
        var lastVisible: Int? = first
        for k in all.indices.dropFirst(first + 1) {
            guard nodes[all[k]].isHidden else {
                lastVisible = k
                continue
            }
            let previous = all[k - 1]
            try checkFeasible(all[k], 0)
            nodes[all[k]].height = 0
            let line =
                nodes[previous].y + (try lines(previous).last)
                + hiddenLink(stack, all, k, lastVisible: lastVisible)
            set(all[k], .vertical, position: line - (try lines(all[k]).first), length: 0)
        }
        for k in stride(from: first - 1, through: 0, by: -1) {
            let next = all[k + 1]
            try checkFeasible(all[k], 0)
            nodes[all[k]].height = 0
            let line =
                nodes[next].y + (try lines(next).first)
                - hiddenLink(stack, all, k + 1, lastVisible: nil)
            set(all[k], .vertical, position: line - (try lines(all[k]).last), length: 0)
        }
    }

    /// Refuses a baseline-relative vertical stack whose views are all
    /// hidden when its chain of baselines does not put them at one place.
    /// UIKit's `UISV-spacing` (required, 0 between hidden views) runs from
    /// each one's last baseline to the next one's first, a label's text's
    /// (a hidden view is 0 high, its text measured as ever), any other
    /// view's bottom; `UISV-spacing-hidden` pulls every view's top to the
    /// ordering spanner's end at 50 (`StackView._hiddenPlaces`). Where a
    /// link of the chain is not 0, those pulls cannot all hold: with two
    /// views the two places tie (UIKit's answer is open), and more are
    /// not modelled; nor is a nested stack's chain beside another view.
    mutating func checkHiddenChainLevel(_ all: [Int]) throws(_StackCostError) {
        for k in all.indices.dropFirst() {
            let above = baselines(all[k - 1])?.last ?? 0
            let below = baselines(all[k])?.first ?? 0
            guard nodes[all[k - 1]].kind != .stack, nodes[all[k]].kind != .stack,
                _isNegligible(above - below, max(abs(above), abs(below)))
            else {
                throw .unmodelled(
                    "node\(all[k]): hidden views of a baseline-relative stack none of whose views is visible, their baselines apart"
                )
            }
        }
    }
}
