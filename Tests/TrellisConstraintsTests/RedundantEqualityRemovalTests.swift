import Testing

@testable import TrellisConstraints

/// A required equality implied by others (a redundant twin: its row is all
/// dummy markers) takes over when one it depends on is removed or broken
/// (`Solver._markerLeavingRow`). Kiwi 1.5.1, whose marker rule ignores
/// such rows, gives x = 0 in the first case.
@Suite struct RedundantEqualityRemovalTests {
    /// `x == 10` twice and `x >= 0`: the twin still holds x at 10 after the
    /// first goes.
    @Test func removingAnEqualityLeavesItsTwinInCharge() throws {
        let x = Variable("x")
        let first = x == 10, twin = x == 10, floor = x >= 0
        let solver = Solver()
        for c in [first, twin, floor] { #expect(try solver.add(c) == nil) }
        try solver.remove(first)
        #expect(solver.currentValue(of: x) == 10)
        #expect(invariantViolations(solver).isEmpty)
        // The twin is an ordinary constraint now: its constant moves x.
        #expect(try solver.setConstant(12, for: twin) == nil)
        #expect(solver.currentValue(of: x) == 12)
    }

    /// Changing one twin's constant conflicts with the other: the changed
    /// one is broken (UIKit breaks the constraint being changed), the other
    /// holds x at 10, and it can be changed afterwards without conflict.
    @Test func aConflictingConstantBreaksOneTwinAndTheOtherHolds() throws {
        let x = Variable("x")
        let first = x == 10, twin = x == 10, floor = x >= 0
        let solver = Solver()
        for c in [first, twin, floor] { #expect(try solver.add(c) == nil) }
        let conflict = try #require(try solver.setConstant(11, for: first))
        #expect(conflict.broken === first)
        #expect(conflict.conflicting.map(ObjectIdentifier.init) == [ObjectIdentifier(twin)])
        #expect(solver.currentValue(of: x) == 10)
        #expect(invariantViolations(solver).isEmpty)
        #expect(try solver.setConstant(12, for: twin) == nil)
        #expect(solver.currentValue(of: x) == 12)
        #expect(
            solver.brokenConstraints.map(\.broken).map(ObjectIdentifier.init) == [
                ObjectIdentifier(first)
            ])
    }

    /// The shape the random test first met (seed 905, step 6): `x == 10`,
    /// `y == 5` and their sum `x + y == 15` (redundant), with `x ≥ 0` and
    /// `y ≥ 0`. Moving x's constant to 11 conflicts with the other two; once
    /// it is out, the sum holds x: 10, then 15 − 6 = 9 when y's constant
    /// becomes 6.
    @Test func aRedundantSumHoldsWhatABrokenEqualityHeld() throws {
        let x = Variable("x"), y = Variable("y")
        let ofX = x == 10, ofY = y == 5, sum = x + y == 15
        let solver = Solver()
        for c in [ofX, ofY, sum, x >= 0, y >= 0] { #expect(try solver.add(c) == nil) }
        let conflict = try #require(try solver.setConstant(11, for: ofX))
        #expect(conflict.broken === ofX)
        #expect(
            conflict.conflicting.map(ObjectIdentifier.init)
                == [ofY, sum].map(ObjectIdentifier.init))
        #expect(solver.currentValue(of: x) == 10 && solver.currentValue(of: y) == 5)
        #expect(invariantViolations(solver).isEmpty)
        #expect(try solver.setConstant(6, for: ofY) == nil)
        #expect(solver.currentValue(of: x) == 9 && solver.currentValue(of: y) == 6)
        #expect(invariantViolations(solver).isEmpty)
    }
}
