// Building a large system costs what each constraint touches: redundant
// optional equalities (a leading-aligned stack's `UISV-spanning-boundary`)
// install without a pivot through the earlier rows. (The other shape, a
// fill-aligned stack's `UISV-alignment`, is checked through the engine in
// TrellisViewsTests' StackInstallCostTests.)

import Testing

@testable import TrellisConstraints

@Suite struct InstallCostTests {
    static let count = 400

    /// `spanner.leading == view.leading` at 999.5 for n views whose leading
    /// edges are already equal (`UISV-spanning-boundary` of a leading-aligned
    /// stack): each row is degenerate (constant 0, errors only). Solved for
    /// its marker, every other one left a negative objective coefficient
    /// that a degenerate pivot removed, through all earlier rows (n = 400:
    /// 199 pivots, about 40,000 rows merged); solved for the error that
    /// keeps the objective optimal, none.
    @Test func redundantOptionalEqualitiesInstallWithoutPivots() throws {
        let solver = Solver()
        solver._useLargeSystemStructures()
        let spanner = Variable("spanner"), width = Variable("width")
        let leading = (0..<Self.count).map { Variable("x\($0)") }
        #expect(try solver.add(leading[0] == 16) == nil)
        for x in leading.dropFirst() {
            #expect(
                try solver.add(Constraint(Expression(leading[0]), .equal, Expression(x))) == nil)
        }
        #expect(
            try solver.add(
                Constraint(
                    Expression(width), .equal, Expression(0), priority: Priority(rawValue: 51)))
                == nil)
        let pivots = solver._pivotCount, merged = solver._substitutedRowCount
        for x in leading {
            let boundary = Constraint(
                Expression(spanner), .equal, Expression(x), priority: Priority(rawValue: 999.5))
            #expect(try solver.add(boundary) == nil)
        }
        #expect(solver._pivotCount - pivots == 0)
        #expect(solver._substitutedRowCount - merged <= Self.count)
        solver.updateVariables()
        #expect(spanner.value == 16)
        #expect(leading.allSatisfy { $0.value == 16 })
        #expect(invariantViolations(solver).isEmpty)
    }
}
