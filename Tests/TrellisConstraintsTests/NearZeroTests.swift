import Testing

@testable import TrellisConstraints

/// Rounding residue must not look like a conflict, and redundant equalities
/// (rows made only of dummy markers) must be handled exactly.
@Suite struct NearZeroTests {
    @Test func redundantEqualityIsAcceptedAndSurvivesRemovalOfItsTwin() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let first = x + y == 10
        let second = 2 * x + 2 * y == 20  // the same line: its row is all dummies, constant 0
        try solver.add(first)
        #expect(try solver.add(second) == nil)
        try solver.add(x == 3)
        try solver.remove(first)
        solver.updateVariables()
        #expect(abs(y.value - 7) < 1e-9)  // still held by the redundant copy
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func redundantEqualityThatDisagreesIsAConflict() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let first = x + y == 10
        try solver.add(first)
        let conflict = try #require(try solver.add(2 * x + 2 * y == 21))
        #expect(conflict.conflicting.map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
    }

    @Test func constantsDifferingByRoundingAreNotAConflict() throws {
        // 0.1 + 0.2 = 0.30000000000000004 ≠ 0.3 in binary floating point.
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Expression(x) == Expression(0.1) + 0.2)
        #expect(try solver.add(x == 0.3) == nil)
        #expect(try solver.add(x <= 0.3) == nil)
        #expect(try solver.add(x >= 0.1 + 0.2) == nil)
        solver.updateVariables()
        #expect(abs(x.value - 0.3) < 1e-12)
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func settingARedundantEqualitysConstantOffItsTwinIsAConflict() throws {
        // The second row is basic in its own dummy marker: a changed constant
        // leaves a dummy row with a non-zero constant, which no pivot can fix.
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let first = x + y == 10
        let second = x + y == 10
        try solver.add(first)
        try solver.add(second)
        let conflict = try #require(try solver.setConstant(12, for: second))
        #expect(conflict.broken === second)
        #expect(conflict.conflicting.map(ObjectIdentifier.init) == [ObjectIdentifier(first)])
        #expect(try solver.setConstant(10 + 1e-12, for: first) == nil)  // residue: fine
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func inequalityRoundTripThroughSetConstantRestoresTheSolution() throws {
        let solver = Solver()
        let x = Variable("x")
        let floor = x >= 0.1
        try solver.add(floor)
        try solver.add((x == 0).withPriority(.defaultLow))
        for step in 1...10 { try solver.setConstant(0.1 * Double(step), for: floor) }
        for step in (1...10).reversed() { try solver.setConstant(0.1 * Double(step), for: floor) }
        solver.updateVariables()
        #expect(abs(x.value - 0.1) < 1e-12)
        #expect(invariantViolations(solver).isEmpty)
    }
}
