// Views whose baseline is their bottom edge in a row aligned by baselines.

extension _DirectPlan {
    /// Whether `child`, in a row aligned by baselines, has its baseline at
    /// its bottom at a length its costs decide: a button, a box, a nested
    /// stack or an image. UIKit: "For views without text, the stack view
    /// uses the bottom edge" (a `UIView`'s `forFirstBaselineLayout` and
    /// `forLastBaselineLayout` are the view itself). A nested stack is such
    /// a view here only where the view its `forFirstBaselineLayout` or
    /// `forLastBaselineLayout` names has its baseline at the stack's bottom
    /// (`nestedBaselineProblem` refuses the other trees up front).
    /// `ownBaseline` reads it at the length
    /// its own costs give it, and `checkBaselineLengths` refuses a width
    /// where it gets another (its baseline would move with it). An empty
    /// label is 0 high there, its bottom its top (`ownBaseline`).
    func hasBottomBaseline(_ child: Int) -> Bool {
        switch nodes[child].kind {
        case .button, .fixed, .stack, .image: return true
        case .label: return false
        }
    }
}

extension _DirectPlan {
    /// Why a nested stack's baseline is out of the direct path's reach, or
    /// nil. A stack arranged in a row aligned by baselines or in a
    /// baseline-relative column has its baselines where the view UIKit's
    /// `forFirstBaselineLayout` and `forLastBaselineLayout` name has them
    /// (StackView+Baselines.swift: its first or last visible view, or its
    /// tallest), which the direct path models only where that is the
    /// nested stack's own bottom edge (`hasBottomBaseline`): no visible
    /// view (the stack answers for itself), or a chain of views each at
    /// its stack's bottom (a column's last arranged view, any view of a
    /// row aligned to fill, no bottom margin) ending at a view without
    /// text (a box, an image, a button). Other trees (a label's baseline,
    /// a tallest view decided by intrinsic heights) are laid out by the
    /// engine.
    static func nestedBaselineProblem(_ stack: StackTree.Stack, in parent: StackTree.Stack)
        -> String?
    {
        let readsBaselines =
            parent.axis == .horizontal
            ? parent.alignment == .firstBaseline || parent.alignment == .lastBaseline
            : parent.isBaselineRelativeArrangement
        guard readsBaselines else { return nil }
        // A row on first baselines reads the stack's first; on last, its
        // last; a baseline-relative column reads both.
        let reads: [Bool] =
            parent.axis == .horizontal ? [parent.alignment == .firstBaseline] : [true, false]
        for first in reads where !baselineIsBottom(stack, first: first) {
            return
                "a nested stack in a row aligned by baselines or a baseline-relative column whose \(first ? "first" : "last") baseline is one of its arranged views' (UIKit's forFirstBaselineLayout and forLastBaselineLayout) away from its bottom edge, which the direct path does not model"
        }
        return nil
    }

    /// Whether the view UIKit's rule names for `stack`'s first (or last)
    /// baseline has that baseline at `stack`'s bottom edge, whatever the
    /// texts (see `nestedBaselineProblem`).
    static func baselineIsBottom(_ stack: StackTree.Stack, first: Bool) -> Bool {
        let visible = stack.children.indices.filter { !stack.children[$0].isHidden }
        guard let pickFirst = visible.first, let pickLast = visible.last else { return true }
        if (stack.layoutMargins?.bottom ?? 0) != 0 { return false }
        let pick: Int
        if stack.axis == .vertical {
            pick = first ? pickFirst : pickLast
            // Only the last arranged view is tied to the bottom.
            guard pick == stack.children.count - 1 else { return false }
        } else {
            // The tallest is decided by intrinsic heights; a row aligned
            // to fill names its first or last visible view, every view
            // spanning it.
            guard stack.alignment == .fill else { return false }
            pick = first ? pickFirst : pickLast
        }
        switch stack.children[pick].content {
        case .fixed, .image, .button: return true
        case .label: return false
        case .stack(let nested): return baselineIsBottom(nested, first: first)
        }
    }
}
