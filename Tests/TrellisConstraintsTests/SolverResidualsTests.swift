import Testing

@testable import TrellisConstraints

/// `Solver.requiredResidualsExceed`, the layout engine's drift check. A
/// tableau that rounding has moved off a required constraint is stood in
/// for by changing the constraint's constant behind the solver's back
/// (the solution stays the old one).
@Suite struct SolverResidualsTests {
    @Test func aSolvedSystemHasNoResidual() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x == 10)
        try solver.add(Expression(y) >= x + 5)
        try solver.add((y == 0).withPriority(.defaultLow))
        #expect(!solver.requiredResidualsExceed(1e-10))
        #expect(y.value == 15)  // it wrote the solution first
    }

    @Test func aRequiredConstraintOffTheSolutionIsFound() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let pinned = x == 10
        try solver.add(pinned)
        try solver.add(Expression(y) == x + 5)
        pinned.constant = 10 + 1e-6
        #expect(solver.requiredResidualsExceed(1e-10))
        #expect(!solver.requiredResidualsExceed(1e-6))  // 1e-6 of 10 allowed
    }

    @Test func theLimitIsRelativeToTheLargestTerm() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let sum = Constraint(Expression(x) + y, .equal, Expression(constant: 0))
        try solver.add(x == 1e6)
        try solver.add(sum)
        sum.constant = 1e-5  // off by 1e-5 where x is 1e6: 1e-11 of it
        #expect(!solver.requiredResidualsExceed(1e-10))
        #expect(solver.requiredResidualsExceed(1e-12))
    }

    @Test func inequalitiesCountOnlyTheirWrongSide() throws {
        let solver = Solver()
        let x = Variable("x")
        let floor = x >= 5
        try solver.add(floor)
        try solver.add((x == 5).withPriority(.defaultLow))
        floor.constant = 4  // x = 5 still holds x >= 4
        #expect(!solver.requiredResidualsExceed(1e-10))
        floor.constant = 6
        #expect(solver.requiredResidualsExceed(1e-10))
    }

    @Test func optionalAndBrokenConstraintsAreNotLookedAt() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(x == 10)
        let broken = x == 20
        #expect(try solver.add(broken) != nil)  // left out in a conflict
        let pull = (x == 30).withPriority(.defaultHigh)
        try solver.add(pull)
        try solver.addEditVariable(x, priority: .defaultLow)
        try solver.suggestValue(40, for: x)
        #expect(!solver.requiredResidualsExceed(1e-10))
        #expect(x.value == 10)
    }
}
