// The engine's constraint store: the form of a layout constraint and the
// constraint of a form, read from fields, stay each other's inverse through
// removals, replaced owners, a second store recording the same constraint,
// and a store emptied for a rebuild.

import Testing

@testable import TrellisConstraints
@testable import TrellisViews

@Suite struct ConstraintStoreTests {
    /// `count` width constraints on one view and a solver form for each.
    static func made(_ count: Int) -> (View, [LayoutConstraint], [Constraint]) {
        let view = View()
        let constraints = (0..<count).map {
            LayoutConstraint(
                view, .width, .equal, nil, .notAnAttribute, constant: Double($0),
                priority: .required, origin: .user)
        }
        return (view, constraints, constraints.map { form(of: $0) })
    }

    static func form(of constraint: LayoutConstraint) -> Constraint {
        Constraint(
            Expression(constraint._firstItem!._width), .equal, Expression(constraint.constant))
    }

    /// Whether `store` maps exactly `expected` to `forms` both ways, and
    /// lists them in that order.
    static func holds(
        _ store: _ConstraintStore, _ expected: [LayoutConstraint], _ forms: [Constraint]
    ) -> Bool {
        guard store.installedConstraints.map(ObjectIdentifier.init)
            == expected.map(ObjectIdentifier.init)
        else { return false }
        return zip(expected, forms).allSatisfy { constraint, form in
            store.form(of: constraint) === form && store.owner(of: form) === constraint
        }
    }

    @Test func removingMovesTheLastConstraintIntoTheGap() {
        let (view, c, f) = Self.made(5)
        let solver = Solver()
        var store = _ConstraintStore()
        for i in 0..<5 {
            store.record(f[i], of: c[i], in: solver)
            store.noteIfBroken(f[i], in: solver)  // none is in the solver
        }
        #expect(Self.holds(store, c, f))
        #expect(store.brokenCount == 5)
        #expect(store.remove(c[1], in: solver) === f[1])
        #expect(store.form(of: c[1]) == nil)
        #expect(store.owner(of: f[1]) == nil)
        #expect(store.remove(c[1], in: solver) == nil)
        #expect(Self.holds(store, [c[0], c[4], c[2], c[3]], [f[0], f[4], f[2], f[3]]))
        #expect(store.brokenCount == 4)
        #expect(store.countBroken(in: solver) == 4)
        // A new form for an installed constraint replaces its old one.
        let again = Self.form(of: c[2])
        store.record(again, of: c[2], in: solver)
        store.noteIfBroken(again, in: solver)
        #expect(store.owner(of: f[2]) == nil)
        #expect(Self.holds(store, [c[0], c[4], c[2], c[3]], [f[0], f[4], again, f[3]]))
        #expect(store.brokenCount == 4)
        withExtendedLifetime(view) {}
    }

    @Test func aConstraintRecordedByAnotherStoreLeavesThisOne() {
        let (view, c, f) = Self.made(4)
        let solver = Solver()
        var first = _ConstraintStore()
        var second = _ConstraintStore()
        #expect(first.token != second.token)
        for i in 0..<4 { first.record(f[i], of: c[i], in: solver) }
        let moved = Self.form(of: c[3])
        second.record(moved, of: c[3], in: solver)
        #expect(first.form(of: c[3]) == nil)
        #expect(first.owner(of: f[3]) == nil)
        #expect(first.remove(c[3], in: solver) == nil)
        #expect(Self.holds(first, [c[0], c[1], c[2]], [f[0], f[1], f[2]]))
        // Removing from the first store moves its stale last entry into
        // the gap, which must not change the second store's record of it.
        #expect(first.remove(c[0], in: solver) === f[0])
        #expect(Self.holds(first, [c[1], c[2]], [f[1], f[2]]))
        #expect(Self.holds(second, [c[3]], [moved]))
        // Recorded in the first store again: one live entry, the new one.
        let back = Self.form(of: c[3])
        first.record(back, of: c[3], in: solver)
        #expect(Self.holds(first, [c[1], c[2], c[3]], [f[1], f[2], back]))
        #expect(second.form(of: c[3]) == nil)
        #expect(first.remove(c[2], in: solver) === f[2])
        #expect(Self.holds(first, [c[1], c[3]], [f[1], back]))
        withExtendedLifetime(view) {}
    }

    @Test func aReplacedOwnerTakesTheFormAndAnEmptiedStoreHoldsNothing() {
        let (view, c, f) = Self.made(3)
        let solver = Solver()
        var store = _ConstraintStore()
        for i in 0..<2 { store.record(f[i], of: c[i], in: solver) }
        store.replaceOwner(of: f[0], with: c[2])
        #expect(store.form(of: c[0]) == nil)
        #expect(Self.holds(store, [c[2], c[1]], [f[0], f[1]]))
        let token = store.token
        store.removeAll()
        #expect(store.token != token)
        #expect(store.installedConstraints.isEmpty)
        for i in 0..<3 { #expect(store.form(of: c[i]) == nil) }
        #expect(c.allSatisfy { $0._form == nil })
        #expect(store.owner(of: f[0]) == nil)
        withExtendedLifetime(view) {}
    }
}
