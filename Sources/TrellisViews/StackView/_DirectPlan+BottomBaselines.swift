// Views whose baseline is their bottom edge in a row aligned by baselines.

extension _DirectPlan {
    /// Whether `child`, in a row aligned by baselines, has its baseline at
    /// its bottom at a length its costs decide: a button, a box, a nested
    /// stack or an image. UIKit: "For views without text, the stack view
    /// uses the bottom edge" (a `UIView`'s `forFirstBaselineLayout` and
    /// `forLastBaselineLayout` are the view itself). The engine, the direct
    /// path's oracle, gives a `StackView` no baselines of its own
    /// (`View._baselineOffsetsFromTop` is nil: its bottom edge), so a nested
    /// stack is such a view here too. `ownBaseline` reads it at the length
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
