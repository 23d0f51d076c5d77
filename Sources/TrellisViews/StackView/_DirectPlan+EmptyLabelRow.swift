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
// canvas holds its views at their own lengths as UIKit's canvas
// connections bound them: on first baselines from the first arranged view's
// top (a view reaching higher sticks out above) to the lowest bottom; on
// last baselines from the topmost top to the first view's bottom (a view
// reaching lower sticks out below).
//
// Where a view does not get its own length (a row squeezed by a stack of
// fixed height, or a column that shares out too little) and a view sticks
// out of the canvas, the engine has been seen to line the row up elsewhere
// than on the empty label's bottom and to break `UISV-spanning-boundary`:
// the direct path does not follow which constraints it gives way on, so
// that is refused at its width.
//
// An empty label first on last baselines has its bottom, the canvas's
// least bottom (`UISV-canvas-connection` `>=`), on the line whatever its
// height: nothing gives way between the line and the canvas's bottom, so a
// line lower than the canvas's bottom (labels measured at the widths of an
// engine pass, in a cell of the height fitted at the last widths) is a
// required conflict, which the engine breaks `UISV-spanning-boundary` for.

extension _LanePlan {
    /// Whether stack `index`, aligned by baselines, is a row whose labels
    /// share its width (equally too: `UISV-fill-equally`) and holds an
    /// empty label among `visible`.
    func isEmptyLabelRow(_ index: Int, _ stack: StackTree.Stack, _ visible: [Int]) -> Bool {
        (nodes[index].sharesTextWidth || stack.distribution == .fillProportionally
            || stack.distribution == .fillEqually)
            && visible.contains { nodes[$0].kind == .label && nodes[$0].text._isEmpty }
    }

    /// Throws `conflict` where the row's first arranged view is an empty
    /// label on last baselines and its line (`offsets[0]`, its bottom, below
    /// the topmost view's top) is below the canvas's bottom.
    func checkEmptyFirstOnLastBaselines(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ offsets: [Double],
        _ canvas: Double
    ) throws(_StackCostError) {
        guard stack.alignment == .lastBaseline, let first = visible.first,
            nodes[first].kind == .label, nodes[first].text._isEmpty,
            hiddenFirstView(of: index) == nil,
            isEmptyLabelRow(index, stack, visible)
        else { return }
        guard offsets[0] <= canvas + 1e-9 * max(1, abs(canvas)) else {
            throw .conflict(
                "node\(index): an empty first label on last baselines whose line is below the canvas's bottom (\(canvas) < \(offsets[0]))"
            )
        }
    }

    /// Throws `unmodelled` for a baseline-aligned row whose labels share its
    /// width, holding an empty label, when the canvas does not hold its
    /// views as UIKit's canvas connections bound them, or when a visible
    /// view does not get its own length and some view sticks out of the
    /// canvas (`offsets`: each visible view's top below the line's start,
    /// see `baselineOffsets`).
    func checkEmptyLabelRow(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ offsets: [Double],
        _ canvas: Double
    ) throws(_StackCostError) {
        guard isEmptyLabelRow(index, stack, visible) else { return }
        var top = Double.infinity
        var lowest = -Double.infinity
        var bounded = -Double.infinity
        let boundsFirstOnly = stack.alignment == .lastBaseline
        for (k, (child, offset)) in zip(visible, offsets).enumerated() {
            let along = length(child, .vertical)
            top = min(top, offset)
            lowest = max(lowest, offset + along)
            // (Last baselines: only the first view's bottom bounds the
            // canvas's, and not with a hidden first view.)
            if !boundsFirstOnly || (k == 0 && hiddenFirstView(of: index) == nil) {
                bounded = max(bounded, offset + along)
            }
        }
        let tolerance = 1e-9 * max(1, abs(canvas))
        guard bounded <= canvas + tolerance else {
            throw .unmodelled(
                "node\(index): an empty label in a baseline-aligned row whose labels share its width, shorter than its views reach (\(canvas) < \(bounded))"
            )
        }
        guard lowest - top > canvas + tolerance else { return }
        let squeezed = visible.contains { child in
            let best = try? costs[child].argmin("node\(child)'s own length")
            return best.map { abs(length(child, .vertical) - $0) > 1e-9 * max(1, abs($0)) } ?? true
        }
        guard !squeezed else {
            throw .unmodelled(
                "node\(index): an empty label in a baseline-aligned row whose labels share its width, squeezed with a view sticking out (\(canvas) < \(lowest - top))"
            )
        }
    }
}
