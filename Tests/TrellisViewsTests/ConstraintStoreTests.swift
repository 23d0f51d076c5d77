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
        guard
            store.installedConstraints.map(ObjectIdentifier.init)
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

    /// Two stores holding the same constraints: the first keeps the
    /// fields, the second its own table; each keeps its own forms through
    /// removals on either side, and fields let go are taken by the next
    /// store to record the constraint.
    @Test func aSecondStoreKeepsItsFormsApartFromTheFirsts() {
        let (view, c, f) = Self.made(4)
        let solver = Solver()
        var first = _ConstraintStore()
        var second = _ConstraintStore()
        #expect(first.token != second.token)
        for i in 0..<4 { first.record(f[i], of: c[i], in: solver) }
        let g = c.map { Self.form(of: $0) }
        for i in [3, 1, 0] { second.record(g[i], of: c[i], in: solver) }
        #expect(c.allSatisfy { $0._storeToken == first.token })
        #expect(second.others.count == 3)
        #expect(Self.holds(first, c, f))
        #expect(Self.holds(second, [c[3], c[1], c[0]], [g[3], g[1], g[0]]))
        #expect(second.form(of: c[2]) == nil)
        #expect(second.owner(of: f[0]) == nil)
        #expect(first.owner(of: g[0]) == nil)
        // Removing from the second store leaves the first's fields alone,
        // and the first's removal leaves the second's entry.
        #expect(second.remove(c[3], in: solver) === g[3])
        #expect(Self.holds(first, c, f))
        #expect(first.remove(c[0], in: solver) === f[0])
        #expect(c[0]._storeToken == 0)
        #expect(Self.holds(first, [c[3], c[1], c[2]], [f[3], f[1], f[2]]))
        #expect(Self.holds(second, [c[0], c[1]], [g[0], g[1]]))
        // A new form in the second store stays in its table.
        let again = Self.form(of: c[1])
        second.record(again, of: c[1], in: solver)
        #expect(c[1]._form === f[1])
        #expect(Self.holds(second, [c[0], c[1]], [g[0], again]))
        // The first store let c[0] go: a third store takes its fields; the
        // first store emptied gives every field back.
        var third = _ConstraintStore()
        let h = Self.form(of: c[0])
        third.record(h, of: c[0], in: solver)
        #expect(c[0]._storeToken == third.token)
        #expect(Self.holds(third, [c[0]], [h]))
        #expect(Self.holds(second, [c[0], c[1]], [g[0], again]))
        first.removeAll()
        #expect([c[1], c[2], c[3]].allSatisfy { $0._storeToken == 0 && $0._form == nil })
        #expect(Self.holds(second, [c[0], c[1]], [g[0], again]))
        #expect(Self.holds(third, [c[0]], [h]))
        // A store freed (its engine's `deinit`) gives its fields back too.
        third.releaseAll()
        #expect(c[0]._storeToken == 0)
        #expect(Self.holds(second, [c[0], c[1]], [g[0], again]))
        withExtendedLifetime(view) {}
    }

    /// A replaced owner held in the store's table (another store holds
    /// its fields) and one in the fields.
    @Test func aReplacedOwnerKeepsTheFormWhereverItIsHeld() {
        let (view, c, f) = Self.made(3)
        let solver = Solver()
        var other = _ConstraintStore()
        let o = Self.form(of: c[2])
        other.record(o, of: c[2], in: solver)
        var store = _ConstraintStore()
        for i in 0..<2 { store.record(f[i], of: c[i], in: solver) }
        store.replaceOwner(of: f[1], with: c[2])
        #expect(c[1]._storeToken == 0)
        #expect(Self.holds(store, [c[0], c[2]], [f[0], f[1]]))
        #expect(Self.holds(other, [c[2]], [o]))
        store.replaceOwner(of: f[1], with: c[1])
        #expect(c[1]._storeToken == store.token)
        #expect(store.others.isEmpty)
        #expect(Self.holds(store, [c[0], c[1]], [f[0], f[1]]))
        // Replacing with a constraint installed here with another form
        // removes that entry first.
        store.replaceOwner(of: f[0], with: c[1])
        #expect(Self.holds(store, [c[1]], [f[0]]))
        #expect(store.owner(of: f[1]) == nil)
        #expect(Self.holds(other, [c[2]], [o]))
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
