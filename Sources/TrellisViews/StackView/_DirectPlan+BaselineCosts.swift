// The direct path's baselines in stack costs: the chain of a
// baseline-relative vertical stack and the offsets of a baseline-aligned
// horizontal one.

import TrellisGeometry
import TrellisText

extension _LanePlan {
    /// Baseline-relative: the last view's top below the canvas's start.
    mutating func baselineChain(_ visible: [Int], _ gaps: [Double]) throws(_StackCostError)
        -> Double
    {
        var top = 0.0
        for k in gaps.indices {
            let previous = try chainBaselines(visible[k]).last
            let next = try chainBaselines(visible[k + 1]).first
            top += previous + gaps[k] - next
        }
        return top
    }

    /// A view's baselines below its top in a baseline-relative vertical
    /// stack: a label's text's, else its bottom ("For views without text,
    /// the stack view uses the bottom edge", as `View.firstBaselineAnchor`)
    /// at the height its own cost gives it, which a view of a filling
    /// baseline-relative stack keeps but for the first one (its top is the
    /// canvas's): the top of any other follows from the baseline above and
    /// its own baseline, so its height moves no other view.
    mutating func chainBaselines(_ child: Int) throws(_StackCostError) -> (
        first: Double, last: Double
    ) {
        if let lines = baselines(child) { return lines }
        if let lines = try nestedChainBaselines(child) { return lines }
        let height = try costs[child].argmin("node\(child)'s height at its baseline")
        return (height, height)
    }

    /// Baseline alignment: each view's top below the canvas's start, the
    /// stack as short as UIKit's constraints let it be. First baselines:
    /// the canvas's top is at most the first view's (`UISV-canvas-connection`
    /// `<=`), its bottom the alignment spanner's, which holds every view
    /// (`UISV-spanning-boundary`): a view reaching above the first sticks
    /// out above the canvas (a negative offset). A hidden first view is
    /// that first view (`hiddenFirstBaseline`). Last baselines: the
    /// canvas's top is the spanner's, at the topmost view's top.
    mutating func baselineOffsets(_ stack: StackTree.Stack, _ visible: [Int])
        throws(_StackCostError) -> [Double]
    {
        var offsets: [Double] = []
        offsets.reserveCapacity(visible.count)
        for child in visible { offsets.append(try ownBaseline(child, stack)) }
        if stack.alignment == .firstBaseline, let first = offsets.first {
            let line = try hiddenFirstBaseline(visible, stack) ?? first
            return offsets.map { line - $0 }
        }
        let line = offsets.max() ?? 0
        return offsets.map { line - $0 }
    }

    /// The baseline of a view in a horizontal baseline-aligned stack, below
    /// its top: a label's text's first or last baseline; "the bottom edge
    /// for views without text", as `View.firstBaselineAnchor`: an empty
    /// label's (0 high there), a box's of a required height (that height),
    /// and a button's or any other box's at the length its own costs give
    /// it, which `checkBaselineLengths` then checks it got.
    mutating func ownBaseline(_ child: Int, _ stack: StackTree.Stack) throws(_StackCostError)
        -> Double
    {
        if let lines = baselines(child) {
            return stack.alignment == .firstBaseline ? lines.first : lines.last
        }
        if nodes[child].kind == .label { return 0 }
        if let box = nodes[child].fixed, let height = box.height, box.priority == .required {
            return height
        }
        if nodes[child].kind == .stack,
            let line = try nestedStackBaseline(child, first: stack.alignment == .firstBaseline)
        {
            return line
        }
        return try costs[child].argmin("node\(child)'s length at its baseline")
    }

    /// Whether each view of a baseline-aligned stack whose baseline is its
    /// bottom at the length its own costs give it (`ownBaseline`) got that
    /// length: else its baseline moved with it, which is not modelled.
    mutating func checkBaselineLengths(_ children: [Int], _ axis: LayoutAxis)
        throws(_StackCostError)
    {
        for child in children where hasBottomBaseline(child) {
            if let box = nodes[child].fixed, box.height != nil, box.priority == .required {
                continue
            }
            let best = try costs[child].argmin("node\(child)'s length at its baseline")
            guard abs(length(child, axis) - best) <= 1e-9 * max(1, abs(best)) else {
                throw .unmodelled(
                    "node\(child): a view without text in a baseline-aligned stack gets another length than its own best (its baseline, its bottom, moves with it)"
                )
            }
        }
    }
}
