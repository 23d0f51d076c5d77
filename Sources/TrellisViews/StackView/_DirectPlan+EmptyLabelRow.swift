// The direct path's empty label in a baseline-aligned row whose labels share
// its width (a multi-line label's `UISV-text-width-disambiguation`, or
// `fillProportionally`).
//
// An empty label's intrinsic size is 0 × 0 whatever width it gets (UIKit's
// `UILabel` with no text), and it has no text to take a baseline from:
// "For views without text, the stack view uses the bottom edge" (UIKit,
// `firstBaselineAnchor`), as `LayoutEngine` makes it (its linear form of a
// baseline is the bottom's when `_baselineOffsetsFromTop` is nil). Its own
// costs keep it 0 high (hugging and compression resistance at 0,
// `UISV-ambiguity-suppression` at 25), so its top and bottom are on the
// row's line, and the share of the width it gets moves no height: the row
// is laid out as any baseline-aligned row (`baselineOffsets`) where its
// canvas holds its views at their lengths, from the topmost top to the
// lowest bottom.
//
// Where it does not (a view sticking out above the first on first
// baselines, a row squeezed by a stack of fixed height or a column that
// shares out too little), the engine has been seen to line the row up
// elsewhere than on the empty label's bottom, and to break
// `UISV-spanning-boundary` in one of its passes: the direct path does not
// follow which constraints it gives way on, so that is refused at its
// width. (Views sticking out above or below the canvas as UIKit's
// connections allow, `baselineOffsets`, are refused too: stricter than
// needed.)

extension _DirectPlan {
    /// Throws `unmodelled` for a baseline-aligned row whose labels share its
    /// width, holding an empty label, when its views at their lengths reach
    /// across further than its canvas (`offsets`: each visible view's top
    /// below the line's start, see `baselineOffsets`).
    func checkEmptyLabelRow(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ offsets: [Double],
        _ canvas: Double
    ) throws(_StackCostError) {
        guard nodes[index].sharesTextWidth || stack.distribution == .fillProportionally,
            visible.contains(where: { nodes[$0].label?.text.string.isEmpty == true })
        else { return }
        var top = Double.infinity
        var bottom = -Double.infinity
        for (child, offset) in zip(visible, offsets) {
            let along = length(child, .vertical)
            top = min(top, offset)
            bottom = max(bottom, offset + along)
        }
        guard bottom - top <= canvas + 1e-9 * max(1, abs(canvas)) else {
            throw .unmodelled(
                "node\(index): an empty label in a baseline-aligned row whose labels share its width, shorter than its views reach (\(canvas) < \(bottom - top))"
            )
        }
    }
}
