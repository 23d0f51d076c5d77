// `Constraint.weight`: within one priority level the lighter error gives
// way; across levels priorities stay strict.

import Testing

@testable import TrellisConstraints

@Suite struct ConstraintWeightTests {
    /// x + y == 15 required; x >= 10 and y >= 10 at 750 cannot both hold.
    /// Unweighted, any split with x, y ≤ 10 is optimal (a tie); weighted,
    /// the lighter one gives the 5 points, whichever was added first.
    @Test(arguments: [false, true])
    func theLighterOfTwoTiedErrorsGivesWay(lighterAddedLast: Bool) throws {
        for xIsLighter in [true, false] {
            let solver = Solver()
            let x = Variable("x"), y = Variable("y")
            try solver.add(x + y == 15)
            let xWeight = xIsLighter ? 1.0 : 1 + 1.0 / 1024
            let yWeight = xIsLighter ? 1 + 1.0 / 1024 : 1.0
            let onX = Constraint(
                Expression(x), .greaterThanOrEqual, Expression(10.0),
                priority: 750, weight: xWeight)
            let onY = Constraint(
                Expression(y), .greaterThanOrEqual, Expression(10.0),
                priority: 750, weight: yWeight)
            for constraint in lighterAddedLast == xIsLighter ? [onY, onX] : [onX, onY] {
                try solver.add(constraint)
            }
            solver.updateVariables()
            #expect(abs(x.value - (xIsLighter ? 5 : 10)) < 1e-9, "x lighter: \(xIsLighter)")
            #expect(abs(y.value - (xIsLighter ? 10 : 5)) < 1e-9, "x lighter: \(xIsLighter)")
            #expect(invariantViolations(solver).isEmpty)
            // Removing the lighter one leaves the other satisfied exactly.
            try solver.remove(xIsLighter ? onX : onY)
            solver.updateVariables()
            #expect(abs((xIsLighter ? y : x).value - 10) < 1e-9)
            #expect(invariantViolations(solver).isEmpty)
        }
    }

    /// A weight never lifts an error above a higher priority: one point at
    /// 251 still beats any weight at 250.
    @Test func weightsStayWithinTheirLevel() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add((x == 0).withPriority(251))
        try solver.add(
            Constraint(
                Expression(x), .equal, Expression(100.0),
                priority: 250, weight: 1000))
        solver.updateVariables()
        #expect(x.value == 0)
    }

    @Test func aWeightThatIsNotPositiveIsRefused() {
        let solver = Solver()
        let x = Variable("x")
        for weight in [0.0, -1, .infinity, .nan] {
            let constraint = Constraint(
                Expression(x), .equal, Expression(1.0),
                priority: 250, weight: weight)
            #expect(throws: SolverError.self) { try solver.add(constraint) }
        }
    }
}
