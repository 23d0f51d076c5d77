import Testing

@testable import TrellisConstraints

@Suite struct StrictPriorityTests {
    @Test func oneConstraintAt251BeatsAThousandAt250() throws {
        // Weighted Cassowary would give x ≈ 1,000,000 here (1,000 errors of
        // up to 1e6 at weight 250 against one at weight 251); the strict
        // order satisfies the 251 constraint exactly.
        let solver = Solver()
        let x = Variable("x")
        try solver.add((x == 0).withPriority(251))
        for _ in 0..<1000 { try solver.add((x == 1_000_000).withPriority(250)) }
        solver.updateVariables()
        #expect(x.value == 0)
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func lowerLevelOnlyChoosesAmongHigherLevelOptima() throws {
        // Level 750 leaves x + y == 10 (any split); level 250 then pulls x to 3.
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x >= 0)
        try solver.add(y >= 0)
        try solver.add((x + y == 10).withPriority(.defaultHigh))
        try solver.add((x == 3).withPriority(.defaultLow))
        try solver.add((y == 100).withPriority(.fittingSizeLevel))
        solver.updateVariables()
        #expect(abs(x.value - 3) < 1e-9)
        #expect(abs(y.value - 7) < 1e-9)  // 10 - 3; the 50-level pull to 100 loses
    }

    @Test func sameLevelMinimisesTheSumOfErrors() throws {
        // Three pulls at one level: the median (2) minimises |x-1|+|x-2|+|x-9|.
        let solver = Solver()
        let x = Variable("x")
        for target in [1.0, 2, 9] { try solver.add((x == target).withPriority(.defaultLow)) }
        solver.updateVariables()
        #expect(abs(x.value - 2) < 1e-9)
    }

    @Test func editPriorityOrdersAgainstConstraints() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add((x <= 50).withPriority(.defaultHigh))
        try solver.addEditVariable(x, priority: .defaultLow)
        try solver.suggestValue(80, for: x)
        solver.updateVariables()
        #expect(x.value == 50)  // 750 beats the 250 suggestion
        try solver.setPriority(.defaultLow, for: solver.constraints[0])
        solver.updateVariables()
        #expect(x.value == 50)  // unchanged priority value keeps the same order
    }

    @Test func optionalPriorityChangeReordersLevels() throws {
        let solver = Solver()
        let x = Variable("x")
        let low = (x == 10).withPriority(.defaultLow)
        try solver.add(low)
        try solver.add((x == 20).withPriority(.defaultHigh))
        solver.updateVariables()
        #expect(x.value == 20)
        try solver.setPriority(900, for: low)
        solver.updateVariables()
        #expect(x.value == 10)  // now 900 beats 750
        #expect(low.priority == 900)
        #expect(invariantViolations(solver).isEmpty)
    }
}
