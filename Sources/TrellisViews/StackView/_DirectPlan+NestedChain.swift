// A nested stack in a baseline-relative column whose baselines are a fixed
// distance below its top.

extension _LanePlan {
    /// Which baselines of `node`, a visible nested stack at `position` in
    /// the baseline-relative column `parent`, the chain of `UISV-spacing`
    /// reads (its first where an arranged view, hidden or not, is above
    /// it, its last where one is below), when every one of them is a fixed distance below
    /// its top (`baselineIsTop`); nil otherwise (or when it reads none).
    /// Such a stack is on the chain as a label with text is: its top
    /// follows from the baseline above and its first baseline, and the
    /// next view's from its last baseline, whatever its height.
    static func chainReadsTop(
        _ node: StackTree.Node, at position: Int, in parent: StackTree.Stack
    ) -> (first: Bool, last: Bool)? {
        guard !node.isHidden, case .stack(let stack) = node.content else { return nil }
        // (A hidden neighbour's link reads it too: `placeHiddenOnChain`.)
        let above = position > 0
        let below = position < parent.children.count - 1
        guard above || below else { return nil }
        if above, !baselineIsTop(stack, first: true) { return nil }
        if below, !baselineIsTop(stack, first: false) { return nil }
        return (above, below)
    }

    /// Whether `stack`'s first (or last) baseline is its named view's
    /// text's, at a distance below the stack's top that its length does
    /// not move: the named view (StackView+Baselines.swift) is at the
    /// canvas's top (a column's first visible view, `UISV-canvas-connection`;
    /// any view of a row aligned to fill or to the top, a row aligned top
    /// naming its tallest for its last baseline) and is a label or such a
    /// stack again. (An empty label there is refused at its row:
    /// `topLine`.)
    static func baselineIsTop(_ stack: StackTree.Stack, first: Bool) -> Bool {
        let visible = stack.children.filter { !$0.isHidden }
        guard
            let candidates = topCandidates(
                stack, count: visible.count, first: first, decidesTallest: decidesTallest(stack))
        else { return false }
        return candidates.allSatisfy { position in
            switch visible[position].content {
            case .label: return true
            case .stack(let nested): return baselineIsTop(nested, first: first)
            default: return false
            }
        }
    }

    /// The positions among `stack`'s `count` visible views of those that
    /// may be named for its first (or last) baseline where that view is at
    /// the canvas's top (see `baselineIsTop`); nil where it is not.
    static func topCandidates(
        _ stack: StackTree.Stack, count: Int, first: Bool,
        decidesTallest: @autoclosure () -> Bool
    ) -> Range<Int>? {
        guard count > 0 else { return nil }
        if stack.axis == .vertical { return first ? 0..<1 : nil }
        switch stack.alignment {
        case .fill: return first ? 0..<1 : count - 1..<count
        case .leading:
            if first { return 0..<1 }
            return decidesTallest() ? 0..<count : nil
        default: return nil
        }
    }

    /// `chainReadsTop` for node `child` of the plan (nil: not such a
    /// stack), read from the plan's nodes.
    func nestedChainLines(_ child: Int) -> (first: Bool, last: Bool)? {
        let parent = nodes[child].parent
        guard nodes[child].kind == .stack, !nodes[child].isHidden, parent >= 0,
            let column = nodes[parent].stack, column.axis == .vertical,
            column.isBaselineRelativeArrangement,
            let k = children(parent).firstIndex(of: child)
        else { return nil }
        let above = k > children(parent).startIndex
        let below = k < children(parent).endIndex - 1
        guard above || below else { return nil }
        if above, !isTop(child, first: true) { return nil }
        if below, !isTop(child, first: false) { return nil }
        return (above, below)
    }

    /// `baselineIsTop` for stack `index` of the plan.
    func isTop(_ index: Int, first: Bool) -> Bool {
        let visible = visibleOf[index]
        guard let stack = nodes[index].stack,
            let candidates = Self.topCandidates(
                stack, count: visible.count, first: first,
                decidesTallest: decidesTallest(index))
        else { return false }
        return candidates.allSatisfy { position in
            switch nodes[visible[position]].kind {
            case .label: return true
            case .stack: return isTop(visible[position], first: first)
            default: return false
            }
        }
    }

    /// `decidesTallest` for stack `index` of the plan.
    func decidesTallest(_ index: Int) -> Bool {
        visibleOf[index].allSatisfy { child in
            switch nodes[child].kind {
            case .label, .fixed: return true
            case .image: return !(nodes[child].image?.isIntrinsic ?? true)
            case .button: return false
            case .stack: return decidesTallest(child)
            }
        }
    }

    /// The chain's baselines of such a stack below its top (0 for one the
    /// chain does not read).
    mutating func nestedChainBaselines(_ child: Int) throws(_StackCostError) -> (
        first: Double, last: Double
    )? {
        guard let reads = nestedChainLines(child) else { return try movingChainLines(child) }
        return (
            reads.first ? try topLine(child, first: true) : 0,
            reads.last ? try topLine(child, first: false) : 0
        )
    }

    /// The last baseline the chain reads of a view above another, below
    /// its top: such a stack's (nil for any other view).
    mutating func nestedLastLine(_ child: Int) throws(_StackCostError) -> Double? {
        try nestedChainBaselines(child)?.last
    }

    /// Stack `index`'s first (or last) baseline below its top where
    /// `baselineIsTop` holds: its top margin plus its named view's
    /// baseline (a label's text's; a nested stack's, again). Throws
    /// `unmodelled` where the named view is an empty label (its baseline
    /// its bottom, which moves with the length) or no view is named.
    mutating func topLine(_ index: Int, first: Bool) throws(_StackCostError) -> Double {
        guard let named = namedBaselineView(index, first: first) else {
            throw .unmodelled(
                "node\(index): a nested stack in a baseline-relative column whose views are none taller than 0 (its baseline its bottom)"
            )
        }
        let (start, _) = margins(index, .vertical)
        if nodes[named].kind == .stack { return start + (try topLine(named, first: first)) }
        guard let lines = baselines(named) else {
            throw .unmodelled(
                "node\(index): a nested stack in a baseline-relative column whose baseline is an empty label's (its bottom, moving with its length)"
            )
        }
        return start + (first ? lines.first : lines.last)
    }
}
