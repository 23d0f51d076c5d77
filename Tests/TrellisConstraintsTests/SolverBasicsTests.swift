import Testing

@testable import TrellisConstraints

@Suite struct SolverBasicsTests {
    @Test func requiredEqualitiesFixTheirVariables() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x == 10)
        try solver.add(Expression(y) == x + 5)
        solver.updateVariables()
        #expect(x.value == 10)
        #expect(y.value == 15)  // y = x + 5
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func inequalityHoldsAgainstAWeakerPull() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(x >= 100)
        try solver.add((x == 0).withPriority(.defaultLow))
        solver.updateVariables()
        #expect(x.value == 100)  // as close to 0 as x >= 100 allows
    }

    @Test func animalCellHeightIs64PlusIntrinsicHeight() throws {
        let cell = AnimalCell()
        let solver = try cell.makeSolver()
        try solver.suggestValue(375, for: cell.width)
        try solver.suggestValue(40.5, for: cell.intrinsicHeight)
        solver.updateVariables()
        // H = 16 (top) + 16 (title) + 16 (gap) + ih + 16 (bottom) = 64 + ih.
        #expect(abs(cell.height.value - 104.5) < 1e-9)
        #expect(abs(cell.subtitleHeight.value - 40.5) < 1e-9)
        // subtitle.left = 16 + 40 + 16; subtitle.right = W - 16.
        #expect(abs(cell.subtitleLeft.value - 72) < 1e-9)
        #expect(abs(cell.subtitleRight.value - 359) < 1e-9)
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func suggestedValuesFollowEachRow() throws {
        let cell = AnimalCell()
        let solver = try cell.makeSolver()
        for (width, ih) in [(320.0, 20.0), (414, 61.5), (1024, 0), (200, 300)] {
            try solver.suggestValue(width, for: cell.width)
            try solver.suggestValue(ih, for: cell.intrinsicHeight)
            solver.updateVariables()
            #expect(abs(cell.height.value - (64 + ih)) < 1e-9)
            #expect(abs(cell.titleRight.value - (width - 16)) < 1e-9)
        }
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func removingAConstraintRestoresTheWeakerSolution() throws {
        let solver = Solver()
        let x = Variable("x")
        let floor = x >= 100
        try solver.add(floor)
        try solver.add((x == 7).withPriority(.defaultLow))
        try solver.remove(floor)
        solver.updateVariables()
        #expect(x.value == 7)
        #expect(!solver.contains(floor))
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func removingEveryConstraintEmptiesTheSolver() throws {
        let cell = AnimalCell()
        let solver = Solver()
        let constraints = cell.constraints
        for constraint in constraints { try solver.add(constraint) }
        try solver.addEditVariable(cell.width, priority: 999)
        try solver.suggestValue(320, for: cell.width)
        for constraint in constraints.reversed() { try solver.remove(constraint) }
        try solver.removeEditVariable(cell.width)
        #expect(solver._isEmpty)
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func editVariableWithoutSuggestionHoldsZero() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addEditVariable(x, priority: .defaultHigh)
        solver.updateVariables()
        #expect(x.value == 0)
        try solver.suggestValue(42, for: x)
        solver.updateVariables()
        #expect(x.value == 42)
        #expect(solver.hasEditVariable(x))
    }

    @Test func variableSharedByTwoSolversGetsEachSolution() throws {
        let x = Variable("x")
        let first = Solver(), second = Solver()
        try first.add(x == 1)
        try second.add(x == 2)
        first.updateVariables()
        #expect(x.value == 1)
        second.updateVariables()
        #expect(x.value == 2)
        #expect(invariantViolations(first).isEmpty && invariantViolations(second).isEmpty)
    }
}
