// Which views the direct path need not measure: the engine's rule.

extension _LanePlan {
    /// Whether label or button `index` is left unmeasured, as the engine
    /// leaves it (`LayoutEngine.fixedAxes(at:)` and `updateContentSize`: a
    /// label or button whose width and height required constraints fix, and
    /// whose baselines no constraint reads, does not measure its text).
    /// Its intrinsic size stays 0 × 0: its content constraints are never
    /// required (hugging and compression resistance below 1000 on both
    /// axes), so along a fixed length their errors are the same whatever it
    /// measures, and no cost, refusal or replay key reads more of it.
    /// Lengths count as fixed by `widthIsFixed` and `heightIsFixed`; no
    /// stack above it may read baselines (baseline alignment or
    /// `isBaselineRelativeArrangement`), nor may its own stack share by
    /// proportions (those read intrinsic lengths whatever the stack's own).
    func skipsMeasuring(_ index: Int) -> Bool {
        let node = nodes[index]
        guard node.kind == .label || node.kind == .button, !node.isHidden,
            max(node.hugging.0, node.hugging.1, node.compression.0, node.compression.1) < 1000
        else { return false }
        guard !stackAboveReadsBaselines(index) else { return false }
        return widthIsFixed(index) && heightIsFixed(index)
    }

    /// Whether a stack above node `index` reads baselines (aligned by them
    /// or baseline-relative): the views whose baselines a pass may read
    /// are below such stacks (`skipsMeasuring`, `readsBaselineAbove`).
    func stackAboveReadsBaselines(_ index: Int) -> Bool {
        var ancestor = nodes[index].parent
        while ancestor >= 0 {
            if nodes[ancestor].readsBaselines { return true }
            ancestor = nodes[ancestor].parent
        }
        return false
    }

    /// Whether a view's height follows from required constraints alone: in a
    /// horizontal stack aligned to fill, or a vertical stack filling
    /// equally, whose own height is so fixed, up to a stack with a required
    /// height (`fixedHeight`). The cell's height is fitted, so the root's is
    /// fixed only by its own `fixedHeight`.
    func heightIsFixed(_ index: Int) -> Bool {
        var child = index
        while true {
            guard !nodes[child].isHidden else { return false }
            if nodes[child].stack?.fixedHeight != nil { return true }
            let parent = nodes[child].parent
            guard parent >= 0, let stack = nodes[parent].stack else { return false }
            if stack.axis == .horizontal {
                guard stack.alignment == .fill else { return false }
            } else {
                guard stack.distribution == .fillEqually else { return false }
            }
            child = parent
        }
    }
}
