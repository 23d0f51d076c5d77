// Stacks whose views UIKit's constraints squeeze to nothing along one axis,
// which the direct path refuses up front (see `_DirectPlan.unsupportedReason`).

extension _LanePlan {
    /// Why the direct path leaves `stack` (a node whose `path` of ancestors,
    /// each stack and the position of the next view in it, leads to it from
    /// the root, its own place last) to the solver: nil where it lays it
    /// out.
    ///
    /// - A stack among the views of a column whose views are all hidden.
    ///   UIKit ties such views to nothing but each other
    ///   (`placeAllHidden`), so a hidden stack there is as wide as its own
    ///   content makes it while `UISV-hiding` squeezes it to 0 high, its
    ///   labels' compression resistance broken: a trade the widths pass
    ///   does not model, and the solver's widths differed
    ///   (`StackTreeOtherRowsTests`). (In a row whose views are all
    ///   hidden, a stack is 0 wide and as tall as its content at that
    ///   width, which the direct path lays out.)
    /// - A row aligned by baselines, squeezed to 0 high (itself or a stack
    ///   around it hidden in a vertical stack), with a hidden view whose
    ///   baseline is its bottom (not a label with text): the direct path
    ///   sets such a view on the line at its own height, the solver
    ///   squeezed it to 0 and let a label stick out of the row instead.
    ///   On last baselines, a visible such view too (a button, a nested
    ///   stack): the solver squeezes it, and the line with it.
    static func squeezedStackProblem(
        _ stack: StackTree.Stack, path: [(stack: StackTree.Stack, child: Int)]
    ) -> String? {
        if stack.axis == .vertical, stack.children.allSatisfy(\.isHidden),
            stack.children.contains(where: {
                if case .stack = $0.content { true } else { false }
            })
        {
            return
                "a stack among the views of a column whose views are all hidden (its width is its own content's, squeezed to 0 high, which only the solver works out)"
        }
        guard stack.axis == .horizontal,
            stack.alignment == .firstBaseline || stack.alignment == .lastBaseline
        else { return nil }
        // (Itself, or a stack around it, hidden in a column.)
        let squeezed = path.contains {
            $0.stack.axis == .vertical && $0.stack.children[$0.child].isHidden
        }
        guard squeezed else { return nil }
        let bottomLine = stack.children.contains { child in
            guard child.isHidden else { return false }
            if case .label(let label) = child.content { return label.text.string.isEmpty }
            return true
        }
        if bottomLine {
            return
                "a hidden view without text in a row aligned by baselines that a hidden view squeezes to 0 high (the solver squeezes the view, not the row's labels)"
        }
        // On last baselines, a visible view whose baseline is its bottom
        // edge: squeezed, it lifts the line (the first view's bottom, which
        // bounds the canvas's, with it); the direct path kept it at its
        // own height and moved the row out above the stack.
        let visibleBottomLine =
            stack.alignment == .lastBaseline
            && stack.children.contains { child in
                if child.isHidden { return false }
                if case .label = child.content { return false }
                return true
            }
        return visibleBottomLine
            ? "a view without text in a row on last baselines that a hidden view squeezes to 0 high (squeezing it lifts the line)"
            : nil
    }
}
