// Constraints on a baseline that another view answers for (a stack view's:
// UIKit's `forFirstBaselineLayout` and `forLastBaselineLayout`), and keeping
// them on that view as it changes.

/// An installed baseline constraint with an item that may hand its
/// baseline to another view, and the views that answered for its items
/// (nil: not a baseline, or not a view) when it was installed.
struct _DelegatedBaseline {
    let constraint: LayoutConstraint
    let first: ObjectIdentifier?
    let second: ObjectIdentifier?

    /// Whether other views answer for the constraint's items now than
    /// when it was installed (its form reads the old views' tops).
    var hasMoved: Bool {
        let views = LayoutEngine.answeringViews(of: constraint)
        return views.first != first || views.second != second
    }
}

extension LayoutEngine {
    /// The view whose baseline stands for `item`'s `attribute` (see
    /// `View._baselineView`): for a baseline, the view that answers for
    /// it; for another attribute, the item itself; nil for a guide.
    static func baselineView(of item: LayoutItem?, _ attribute: LayoutAttribute) -> View? {
        guard let view = item as? View else { return nil }
        guard attribute == .firstBaseline || attribute == .lastBaseline else { return view }
        return view._baselineView(attribute)
    }

    /// Whether `item` may hand its `attribute` to another view now or
    /// later: a stack view (its answer follows its views), or a view whose
    /// answer is another view now.
    static func delegatesBaseline(_ item: LayoutItem?, _ attribute: LayoutAttribute) -> Bool {
        guard attribute == .firstBaseline || attribute == .lastBaseline,
            let view = item as? View
        else { return false }
        return view is StackView || view._baselineView(attribute) !== view
    }

    /// The views answering for the constraint's items now.
    static func answeringViews(of constraint: LayoutConstraint) -> (
        first: ObjectIdentifier?, second: ObjectIdentifier?
    ) {
        (
            baselineView(of: constraint._firstItem, constraint.firstAttribute).map(
                ObjectIdentifier.init),
            baselineView(of: constraint._secondItem, constraint.secondAttribute).map(
                ObjectIdentifier.init)
        )
    }

    /// At install: keeps `constraint` in `store.delegatedBaselines` when an
    /// item may hand its baseline on (constraints on labels' baselines
    /// only, the usual ones, are not kept: nothing to follow).
    func noteBaselineViews(of constraint: LayoutConstraint) {
        guard
            Self.delegatesBaseline(constraint._firstItem, constraint.firstAttribute)
                || Self.delegatesBaseline(constraint._secondItem, constraint.secondAttribute)
        else { return }
        let views = Self.answeringViews(of: constraint)
        store.delegatedBaselines.append(
            _DelegatedBaseline(constraint: constraint, first: views.first, second: views.second))
    }

    /// Whether a kept constraint's items are answered for by other views
    /// than when it was installed.
    func delegatedBaselinesMoved() -> Bool {
        store.delegatedBaselines.contains { $0.hasMoved }
    }

    /// Whether `constraint` is kept in `store.delegatedBaselines` and its
    /// items are answered for by other views than when it was installed:
    /// a constant pushed from the new views' offsets would then go into a
    /// form reading the old views' tops.
    func answeringViewsMoved(_ constraint: LayoutConstraint) -> Bool {
        guard !store.delegatedBaselines.isEmpty,
            let entry = store.delegatedBaselines.first(where: { $0.constraint === constraint })
        else { return false }
        return entry.hasMoved
    }

    /// Makes again each kept constraint whose items are answered for by
    /// other views now (a stack's first visible view hidden, its tallest
    /// view another): its linear form reads other variables. True when
    /// one was made again. The solve loop asks at every pass, so the
    /// answer is the one the views' intrinsic heights give where the
    /// layout settles, in a reused hierarchy as in a new one.
    /// - Complexity: O(kept constraints × depth of their stacks).
    func refreshDelegatedBaselines() -> Bool {
        guard delegatedBaselinesMoved() else { return false }
        // A copy: re-making one changes the list.
        let moved = store.delegatedBaselines.filter { $0.hasMoved }
        for entry in moved {
            uninstall(entry.constraint)
            install(entry.constraint)
        }
        return true
    }
}
