import Testing

@testable import TrellisConstraints

/// `Solver.isDegraded`: set when an optimisation meets an objective that
/// rounding residue made unbounded, or stops where only residue at a higher
/// level kept a symbol from improving a lower one (`_optimize`). The layout
/// engine then builds the tableau afresh (`solveAfreshIfDegraded`). Residue
/// of that kind came from hundreds of constant and priority changes on a
/// reused cell (the reuse differential's cells 2417 and 69498); here it is
/// written into the objective directly, the same coefficients those
/// tableaux held, so the check is fast and does not hang on how a long
/// history happens to round.
@Suite struct DegradedTests {
    /// An error symbol, not basic, with a positive coefficient at `level`.
    static func nonBasicError(_ solver: Solver, level: Int) throws -> (_Symbol, Double) {
        let term = try #require(
            solver._objective[level].terms.first {
                solver._symbols[Int($0.symbol)].kind == .error
                    && solver._symbols[Int($0.symbol)].row < 0 && $0.coefficient > 0
            })
        return (term.symbol, term.coefficient)
    }

    /// An error term of −5e-8 (residue: past `_epsilon`, below
    /// `_residueLimit`) on a symbol no restricted row bounds: the ratio test
    /// finds no leaving row (seen: −1.09e-8 on a slack).
    @Test func anObjectiveMadeUnboundedByResidueMarksTheSolverDegraded() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add((x == 10).withPriority(.defaultLow))
        solver.updateVariables()
        #expect(!solver.isDegraded)
        let (error, coefficient) = try Self.nonBasicError(solver, level: 0)
        solver._objective[0].insert(error, -coefficient - 5e-8)
        solver._optimize(solver._objective.indices)
        #expect(solver.isDegraded)
    }

    /// A symbol that would improve the lower level, kept out only by a
    /// coefficient of 5e-8 at the higher one (seen: 1.2e-8 at 999, which
    /// kept an image view 120 points tall where a fresh solver made it 0).
    @Test func aSymbolKeptOutByResidueAboveMarksTheSolverDegraded() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add((x == 10).withPriority(.defaultHigh))
        try solver.add((y == 5).withPriority(.defaultLow))
        solver.updateVariables()
        #expect(solver._objective.count == 2 && !solver.isDegraded)
        let (error, coefficient) = try Self.nonBasicError(solver, level: 1)
        solver._objective[1].insert(error, -coefficient - 1)
        solver._objective[0].insert(error, 5e-8)
        solver._optimize(solver._objective.indices)
        #expect(solver.isDegraded)
        // The same coefficient above at a real size blocks the symbol
        // rightly: the optimum is reached, nothing is degraded.
        let fresh = Solver()
        try fresh.add((x == 10).withPriority(.defaultHigh))
        try fresh.add((y == 5).withPriority(.defaultLow))
        let (other, weight) = try Self.nonBasicError(fresh, level: 1)
        fresh._objective[1].insert(other, -weight - 1)
        fresh._objective[0].insert(other, 0.5)
        fresh._optimize(fresh._objective.indices)
        #expect(!fresh.isDegraded)
    }
}
