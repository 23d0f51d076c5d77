import Testing

@testable import TrellisConstraints

/// `isDetermined` tells whether required constraints alone fix a variable.
@Suite struct DeterminedTests {
    @Test func requiredEqualitiesDetermineAChain() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.add(left == 16)
        try solver.add(width == 40)
        try solver.add(Expression(right) == left + width)
        #expect(solver.isDetermined(left))
        #expect(solver.isDetermined(right))  // 16 + 40, through two equalities
    }

    @Test func optionalConstraintsDoNotDetermine() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add((x == 5).withPriority(.defaultHigh))
        #expect(!solver.isDetermined(x))
    }

    @Test func editVariablesDoNotDetermine() throws {
        let solver = Solver()
        let w = Variable("w"), right = Variable("right")
        try solver.addEditVariable(w, priority: 999)
        try solver.add(Expression(right) == w - 16)
        #expect(!solver.isDetermined(w))
        #expect(!solver.isDetermined(right))  // follows w, which only an edit holds
    }

    @Test func inequalityAloneLeavesAVariableFree() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x >= 0)
        try solver.add(x + y == 100)
        #expect(!solver.isDetermined(x))
        #expect(!solver.isDetermined(y))
    }

    @Test func unknownVariableIsNotDetermined() {
        #expect(!Solver().isDetermined(Variable("stranger")))
    }
}
