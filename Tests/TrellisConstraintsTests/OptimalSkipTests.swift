// An optimisation over objective levels none of which changed since they
// were last optimal is skipped (`Solver._optimize`, `_ObjectiveRow.isDirty`),
// and a solver sized first (`reserveCapacity(forConstraints:variables:)`)
// is the same solver: both give the values a solver that scans every time
// would, to the bit.

import Testing

@testable import TrellisConstraints

@Suite struct OptimalSkipTests {
    static let count = 150

    /// A chain `x[i] == x[i-1] + w[i-1] + 8` (required rows that leave the
    /// objective as it was: their optimisations are skipped) between
    /// optional sizes `w[i] == 10` at 250 and `w[i] >= 20` at 750 (which
    /// change it): every width 20, every `x[i]` 28 × i, with and without
    /// room made first, with the same pivots.
    @Test func skippedOptimisationsKeepTheOptimum() throws {
        func build(reserving: Bool) throws -> (values: [Double], pivots: Int) {
            let solver = Solver()
            if reserving {
                solver.reserveCapacity(forConstraints: 3 * Self.count, variables: 2 * Self.count)
            }
            let x = (0..<Self.count).map { Variable("x\($0)") }
            let w = (0..<Self.count).map { Variable("w\($0)") }
            #expect(try solver.add(x[0] == 0) == nil)
            for i in 0..<Self.count {
                let low = Constraint(
                    Expression(w[i]), .equal, Expression(10), priority: Priority(rawValue: 250))
                let floor = Constraint(
                    Expression(w[i]), .greaterThanOrEqual, Expression(20),
                    priority: Priority(rawValue: 750))
                #expect(try solver.add(low) == nil)
                #expect(try solver.add(floor) == nil)
                if i > 0 {
                    let link = Constraint(Expression(x[i]), .equal, x[i - 1] + w[i - 1] + 8)
                    #expect(try solver.add(link) == nil)
                }
            }
            solver.updateVariables()
            #expect(invariantViolations(solver).isEmpty)
            return ((x + w).map(\.value), solver._pivotCount)
        }
        let plain = try build(reserving: false)
        let reserved = try build(reserving: true)
        #expect(plain.values == reserved.values)
        #expect(plain.pivots == reserved.pivots)
        for i in 0..<Self.count {
            #expect(plain.values[i] == 28 * Double(i))
            #expect(plain.values[Self.count + i] == 20)
        }
    }
}
