// Views whose baseline is their bottom edge in a row aligned by baselines.

extension _LanePlan {
    /// Whether `child`, in a row aligned by baselines, has its baseline at
    /// its bottom at a length its costs decide: a button, a box, a nested
    /// stack or an image. UIKit: "For views without text, the stack view
    /// uses the bottom edge" (a `UIView`'s `forFirstBaselineLayout` and
    /// `forLastBaselineLayout` are the view itself). A nested stack is read
    /// at its own best length too, its baseline its bottom where it names
    /// no view, else its named view's (`nestedStackBaseline`).
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

extension _LanePlan {
    /// Whether the view UIKit's rule names for `stack`'s first (or last)
    /// baseline has that baseline at `stack`'s bottom edge, whatever the
    /// texts (a nested stack in a baseline-relative column: see
    /// `nestedBaselineProblem`).
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
