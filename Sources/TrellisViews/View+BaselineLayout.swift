// Which view's baseline stands for a view's: `forFirstBaselineLayout` and
// `forLastBaselineLayout` followed down to the view that answers for itself.

extension View {
    /// The view whose `attribute` (`.firstBaseline` or `.lastBaseline`)
    /// the engine reads for this view's: `forFirstBaselineLayout` or
    /// `forLastBaselineLayout`, asked again of the view returned until a
    /// view returns itself. UIKit: "When you make a constraint to a view's
    /// `NSLayoutConstraint.Attribute.firstBaseline` attribute, Auto Layout
    /// uses the baseline of the view returned by this method. If that view
    /// does not have a baseline, Auto Layout uses the view's [bottom] edge"
    /// (UIView's documentation says "top edge" for the first baseline; a
    /// view without text has both baselines at its bottom here, as before,
    /// and as UIKit's views are seen to lay out). "The returned view must
    /// be a subview of the receiver": a view returned that is not a
    /// descendant of the one asked is not followed (the one asked stands).
    /// Each step goes down the hierarchy, so the walk ends.
    /// - Complexity: O(depth) per step; one dynamic call for a view that
    ///   answers for itself (a label).
    final func _baselineView(_ attribute: LayoutAttribute) -> View {
        var view = self
        while true {
            let next =
                attribute == .firstBaseline
                ? view.forFirstBaselineLayout : view.forLastBaselineLayout
            guard next !== view, next.isDescendant(of: view) else { return view }
            view = next
        }
    }
}
