import Testing

@testable import TrellisConstraints

/// `Solver.holds(_:constant:)`, which lets the layout engine skip sending a
/// constant the solver has already.
@Suite struct HeldConstantTests {
    @Test func anInstalledConstraintHoldsItsConstantUntilItChanges() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let required = Expression(y) == x + 5
        let optional = (x == 10).withPriority(.defaultLow)
        try solver.add(required)
        try solver.add(optional)
        #expect(solver.holds(required, constant: 5))
        #expect(!solver.holds(required, constant: 6))
        #expect(solver.holds(optional, constant: 10))
        #expect(try solver.setConstant(6, for: required) == nil)
        #expect(try solver.setConstant(12, for: optional) == nil)
        #expect(solver.holds(required, constant: 6) && !solver.holds(required, constant: 5))
        #expect(solver.holds(optional, constant: 12))
        #expect(!solver.holds(required, constant: .nan))
    }

    @Test func aConstraintOutsideTheSolverHoldsNothing() throws {
        let solver = Solver(), other = Solver()
        let x = Variable("x")
        let floor = x >= 100
        #expect(!solver.holds(floor, constant: 100))
        try other.add(floor)
        #expect(!solver.holds(floor, constant: 100))
        try other.remove(floor)
        #expect(!other.holds(floor, constant: 100))
    }
}
