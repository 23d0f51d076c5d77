// A filling baseline-relative stack whose first view has no text.

extension _LanePlan {
    /// Whether `child` is a label with text: its baselines are its text's
    /// (every other view has both at its bottom edge, see `chainBaselines`),
    /// or a nested stack whose baselines are its labels' (`nestedChainLines`).
    func hasText(_ child: Int) -> Bool {
        if nodes[child].kind == .stack { return nestedChainLines(child) != nil }
        guard nodes[child].kind == .label else { return false }
        return !nodes[child].text.string.isEmpty
    }

    /// Whether `visible`, the views of a baseline-relative vertical `stack`,
    /// start with a view without text whose height its costs decide, in the
    /// fill distribution: UIKit's `UISV-canvas-connection` puts that view's
    /// top at the canvas's, and its baseline is its bottom ("For views
    /// without text, the stack view uses the bottom edge"), so the chain
    /// below it (`UISV-spacing` from its bottom to the next view's first
    /// baseline) moves with its height: the stack is as long as that
    /// height, the chain, and the last view's height (a label with text,
    /// whose top is on the chain) or its own best height (a view without
    /// text, whose bottom is on the chain). The first and the last view
    /// share the stack's length as two views laid end to end do (the
    /// infimal convolution of their costs); a view in between keeps its
    /// best height (it moves no other). A first box of a required height
    /// moves nothing (`baselineChain` reads it).
    func stretchesTextlessFirst(_ stack: StackTree.Stack, _ visible: [Int]) -> Bool {
        guard stack.distribution == .fill, visible.count > 1, !hasText(visible[0]) else {
            return false
        }
        if let box = nodes[visible[0]].fixed, box.height != nil, box.priority == .required {
            return false
        }
        return true
    }

    /// The chain from the first view's bottom (its baseline) to the last
    /// view's top: `baselineChain` less the first view's height.
    mutating func chainBelowFirst(_ visible: [Int], _ gaps: [Double]) throws(_StackCostError)
        -> Double
    {
        var top = 0.0
        for k in gaps.indices {
            let previous = k == 0 ? 0 : try chainBaselines(visible[k]).last
            let next = try chainBaselines(visible[k + 1]).first
            top += previous + gaps[k] - next
        }
        return top
    }

    /// The cost of the stack's height when `stretchesTextlessFirst` (nil
    /// otherwise); `margins` its top and bottom margins together.
    mutating func textlessFirstCost(
        _ stack: StackTree.Stack, _ visible: [Int], _ gaps: [Double], margins: Double
    ) throws(_StackCostError) -> _Cost? {
        guard stretchesTextlessFirst(stack, visible) else { return nil }
        let first = visible[0]
        let last = visible[visible.count - 1]
        let below = try margins + chainBelowFirst(visible, gaps)
        if hasText(last) {
            return _Cost.convolution(
                [costs[first].anchored(view: 0), costs[last].anchored(view: 0)], offset: below)
        }
        // (The last view's bottom is on the chain, the canvas's too.)
        let lastHeight = try chainBaselines(last).first
        return costs[first].composed(scale: 1, offset: -(below + lastHeight))
    }

    /// Lays the views of such a stack out along its axis (false, doing
    /// nothing, when not `stretchesTextlessFirst`): the first and the last
    /// view share what the chain leaves of the canvas, cheapest stretch
    /// first (`sharedLengths`); before a last view without text, the first
    /// takes it all.
    mutating func arrangeTextlessFirst(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ gaps: [Double],
        start: Double, canvas: Double
    ) throws(_StackCostError) -> Bool {
        guard stretchesTextlessFirst(stack, visible) else { return false }
        let first = visible[0]
        let last = visible[visible.count - 1]
        let room = canvas - (try chainBelowFirst(visible, gaps))
        var ends: [Double]
        if hasText(last) {
            ends = try sharedLengths([first, last], room, "node\(index)'s first and last views")
        } else {
            let lastHeight = try chainBaselines(last).first
            ends = [room - lastHeight, lastHeight]
            try checkFeasible(first, ends[0])
        }
        var top = start
        for (k, child) in visible.enumerated() {
            var length = k == 0 ? ends[0] : ends[1]
            if k != 0, k != visible.count - 1 {
                length = try costs[child].argmin("node\(child)'s height")
            }
            set(child, .vertical, position: top, length: length)
            if k < gaps.count {
                let previous = try nestedLastLine(child) ?? baselines(child)?.last ?? length
                let next = try chainBaselines(visible[k + 1]).first
                top += previous + gaps[k] - next
            }
        }
        return true
    }
}
