import Testing

@testable import TrellisConstraints

/// Misuse throws a SolverError that says what went wrong, and leaves the
/// solver exactly as it was.
@Suite struct SolverErrorTests {
    /// A solver with x == 10 and an edit variable w at 400, and its state.
    func makeSolver() throws -> (Solver, Variable, Variable, Constraint) {
        let solver = Solver()
        let x = Variable("x"), w = Variable("w")
        let fixed = x == 10
        try solver.add(fixed)
        try solver.add(Expression(w) >= x + 5)
        try solver.addEditVariable(w, priority: .defaultHigh)
        try solver.suggestValue(400, for: w)
        return (solver, x, w, fixed)
    }

    func expectUnchanged(_ solver: Solver, _ x: Variable, _ w: Variable) {
        solver.updateVariables()
        #expect(x.value == 10 && w.value == 400)
        #expect(solver.constraints.count == 2)
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func addingAnInstalledConstraintTwiceThrows() throws {
        let (solver, x, w, fixed) = try makeSolver()
        #expect(throws: SolverError.duplicateConstraint(fixed.description)) {
            try solver.add(fixed)
        }
        expectUnchanged(solver, x, w)
    }

    @Test func addingAConstraintInstalledInAnotherSolverThrows() throws {
        let (solver, x, w, _) = try makeSolver()
        let other = Solver()
        let elsewhere = x >= 0
        try other.add(elsewhere)
        #expect(throws: SolverError.constraintInAnotherSolver(elsewhere.description)) {
            try solver.add(elsewhere)
        }
        expectUnchanged(solver, x, w)
    }

    @Test func removingAConstraintThatIsNotInstalledThrows() throws {
        let (solver, x, w, _) = try makeSolver()
        let stranger = x <= 100
        #expect(throws: SolverError.unknownConstraint(stranger.description)) {
            try solver.remove(stranger)
        }
        expectUnchanged(solver, x, w)
    }

    @Test func nonFiniteCoefficientThrowsNamingTheVariable() throws {
        let (solver, x, w, _) = try makeSolver()
        let y = Variable("y")
        let bad = Constraint(Expression(terms: [Term(y, .nan)]), .equal, Expression(1))
        let error = try #require(throws: SolverError.self) { try solver.add(bad) }
        #expect(error.description.contains("coefficient of y"))
        expectUnchanged(solver, x, w)
    }

    @Test func nonFiniteConstantThrows() throws {
        let (solver, x, w, fixed) = try makeSolver()
        #expect(throws: SolverError.self) { try solver.add(x <= .infinity) }
        #expect(throws: SolverError.self) { try solver.setConstant(.nan, for: fixed) }
        #expect(fixed.constant == 10)
        expectUnchanged(solver, x, w)
    }

    @Test func priorityOutsideOneToThousandThrows() throws {
        let (solver, x, w, _) = try makeSolver()
        for value: Float in [0, -1, 1001, .nan, .infinity, 1e30] {
            #expect(throws: SolverError.self) {
                try solver.add((x == 3).withPriority(Priority(value)))
            }
        }
        expectUnchanged(solver, x, w)
    }

    @Test func suggestingToANonEditVariableThrows() throws {
        let (solver, x, w, _) = try makeSolver()
        #expect(throws: SolverError.unknownEditVariable("x")) { try solver.suggestValue(3, for: x) }
        #expect(throws: SolverError.unknownEditVariable("z")) {
            try solver.suggestValue(3, for: Variable("z"))
        }
        expectUnchanged(solver, x, w)
    }

    @Test func nonFiniteSuggestionThrows() throws {
        let (solver, x, w, _) = try makeSolver()
        #expect(throws: SolverError.self) { try solver.suggestValue(.infinity, for: w) }
        expectUnchanged(solver, x, w)
    }

    @Test func requiredEditPriorityThrows() throws {
        let (solver, x, w, _) = try makeSolver()
        #expect(throws: SolverError.requiredEditVariable("x")) {
            try solver.addEditVariable(x, priority: .required)
        }
        expectUnchanged(solver, x, w)
    }

    @Test func addingAnEditVariableTwiceThrows() throws {
        let (solver, x, w, _) = try makeSolver()
        #expect(throws: SolverError.duplicateEditVariable("w")) {
            try solver.addEditVariable(w, priority: .defaultLow)
        }
        expectUnchanged(solver, x, w)
    }

    @Test func removingAnUnknownEditVariableThrows() throws {
        let (solver, x, w, _) = try makeSolver()
        #expect(throws: SolverError.unknownEditVariable("x")) { try solver.removeEditVariable(x) }
        expectUnchanged(solver, x, w)
    }

    @Test func changingAnInstalledConstraintBetweenRequiredAndOptionalThrows() throws {
        let (solver, x, w, fixed) = try makeSolver()
        #expect(
            throws: SolverError.requiredPriorityChange(from: .required, to: 999, fixed.description)
        ) {
            try solver.setPriority(999, for: fixed)
        }
        #expect(fixed.priority == .required)
        let soft = (x <= 50).withPriority(.defaultLow)
        try solver.add(soft)
        #expect(throws: SolverError.self) { try solver.setPriority(.required, for: soft) }
        try solver.remove(soft)
        expectUnchanged(solver, x, w)
    }

    @Test func constraintsNotInstalledTakeAnyPriorityAndConstant() throws {
        let solver = Solver()
        let c = Variable("x") == 1
        try solver.setPriority(.defaultLow, for: c)
        try solver.setConstant(5, for: c)
        #expect(c.priority == .defaultLow && c.constant == 5)
        #expect(solver._isEmpty)
    }

    @Test func errorDescriptionsSayWhatAndWhere() {
        let c = Variable("title.left") == 16
        #expect(
            SolverError.unknownConstraint(c.description).description
                == "constraint is not installed in this solver: title.left == 16")
        #expect(
            SolverError.requiredEditVariable("W").description
                == "edit variable W must have an optional priority (below 1000)")
    }
}
