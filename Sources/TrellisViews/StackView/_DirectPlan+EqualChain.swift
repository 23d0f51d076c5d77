// A baseline-relative stack filling equally that holds views without text.

extension _LanePlan {
    /// Whether a baseline-relative vertical `stack` fills equally with a
    /// view without text among `visible`: its views are one height `h`
    /// (`UISV-fill-equally`, required), and a view without text has both
    /// baselines at its bottom ("For views without text, the stack view
    /// uses the bottom edge"), `h` below its top, so the chain of
    /// `UISV-spacing` moves with `h`.
    func fillsEquallyWithoutText(_ stack: StackTree.Stack, _ visible: [Int]) -> Bool {
        stack.distribution == .fillEqually && !visible.allSatisfy(hasText)
    }

    /// The stack's length as `constant + times × h`: `constant` the margins,
    /// the gaps and the labels' baselines on the chain, `times` 1 for the
    /// last view's height (from its top, on the chain, to the canvas's end),
    /// plus 1 when the first view has no text (its bottom, its baseline,
    /// `h` below the canvas's start), less 1 when the last has none (its
    /// top is `h` above its baseline): 0, 1 or 2.
    mutating func equalChain(_ visible: [Int], _ gaps: [Double], margins: Double)
        throws(_StackCostError) -> (constant: Double, times: Double)
    {
        var constant = margins
        for k in gaps.indices {
            let previous = hasText(visible[k]) ? try chainBaselines(visible[k]).last : 0
            let next = hasText(visible[k + 1]) ? try chainBaselines(visible[k + 1]).first : 0
            constant += previous + gaps[k] - next
        }
        let first = hasText(visible[0]) ? 0 : 1
        let last = hasText(visible[visible.count - 1]) ? 0 : 1
        return (constant, Double(1 + first - last))
    }

    /// The cost of such a stack's height (nil when not
    /// `fillsEquallyWithoutText`): the sum of its views' costs at `h`, read
    /// at `(length − constant) / times`; with `times` 0 the length is
    /// `constant`, whatever `h`.
    mutating func equalChainCost(
        _ stack: StackTree.Stack, _ visible: [Int], _ gaps: [Double], margins: Double
    ) throws(_StackCostError) -> _Cost? {
        guard fillsEquallyWithoutText(stack, visible) else { return nil }
        let (constant, times) = try equalChain(visible, gaps, margins: margins)
        guard times > 0 else {
            var cost = _Cost()
            cost.addEqual(constant, lane: 0)
            return cost
        }
        return visible.reduce(_Cost()) {
            $0 + costs[$1].composed(scale: 1 / times, offset: -constant / times)
        }
    }

    /// Lays such a stack's views out along its axis (false, doing nothing,
    /// when not `fillsEquallyWithoutText`): `h` from the canvas, or, where
    /// the length does not move with it, the best of the views' summed costs.
    mutating func arrangeEqualChain(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ gaps: [Double],
        start: Double, canvas: Double
    ) throws(_StackCostError) -> Bool {
        guard fillsEquallyWithoutText(stack, visible) else { return false }
        let (constant, times) = try equalChain(visible, gaps, margins: 0)
        let height: Double
        if times > 0 {
            height = (canvas - constant) / times
        } else {
            height = try visible.reduce(_Cost()) { $0 + costs[$1] }.argmin(
                "node\(index)'s views' one height")
        }
        var top = start
        for (k, child) in visible.enumerated() {
            try checkFeasible(child, height)
            set(child, .vertical, position: top, length: height)
            if k < gaps.count {
                let previous = hasText(child) ? try chainBaselines(child).last : height
                let next =
                    hasText(visible[k + 1]) ? try chainBaselines(visible[k + 1]).first : height
                top += previous + gaps[k] - next
            }
        }
        return true
    }
}
