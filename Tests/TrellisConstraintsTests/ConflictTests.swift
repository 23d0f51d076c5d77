import Testing

@testable import TrellisConstraints

@Suite struct ConflictTests {
    @Test func conflictingRequiredEqualityIsLeftOutAndReported() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x == 10
        let b = Expression(y) == x + 5
        let c = y == 20  // needs x = 15
        try solver.add(a)
        try solver.add(b)
        let conflict = try #require(try solver.add(c))
        #expect(conflict.broken === c)
        #expect(
            conflict.conflicting.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        #expect(!solver.contains(c))
        #expect(solver.brokenConstraints.count == 1)
        solver.updateVariables()
        #expect(x.value == 10 && y.value == 15)
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func conflictingRequiredInequalityIsLeftOutAndReported() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x >= 10
        let b = y >= x + 5
        let unrelated = Variable("z") == 3
        let c = y <= 12  // needs y >= 15
        try solver.add(a)
        try solver.add(unrelated)
        try solver.add(b)
        let conflict = try #require(try solver.add(c))
        #expect(conflict.broken === c)
        #expect(
            conflict.conflicting.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
        solver.updateVariables()
        #expect(y.value >= x.value + 5 - 1e-9 && x.value >= 10 - 1e-9)
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func setConstantIntoConflictLeavesThatConstraintOut() throws {
        let solver = Solver()
        let x = Variable("x"), w = Variable("w")
        let width = w == 100
        let fits = x + 50 <= Expression(w)
        let start = x >= 20
        try solver.add(width)
        try solver.add(fits)
        try solver.add(start)
        // x >= 60 would need x + 50 = 110 > 100.
        let conflict = try #require(try solver.setConstant(60, for: start))
        #expect(conflict.broken === start)
        #expect(
            Set(conflict.conflicting.map(ObjectIdentifier.init)) == [
                ObjectIdentifier(width), ObjectIdentifier(fits),
            ])
        #expect(!solver.contains(start))
        #expect(start.constant == 60)
        solver.updateVariables()
        #expect(x.value + 50 <= 100 + 1e-9)
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func setConstantMovesTheSolutionWithoutConflict() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let gap = Expression(y) == x + 8
        try solver.add(x == 10)
        try solver.add(gap)
        #expect(try solver.setConstant(30, for: gap) == nil)
        solver.updateVariables()
        #expect(y.value == 40)
        #expect(invariantViolations(solver).isEmpty)
    }

    @Test func conflictSetsAreMinimisedByDroppingUnneededConstraints() {
        // The certificate is normally minimal already; the deletion filter
        // guarantees it. Given a padded set, only a and b remain.
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let a = x == 10
        let unrelated = z >= 3
        let b = Expression(y) == x + 5
        let alsoImplied = y >= 0
        let c = y == 20
        let padded = ConstraintConflict(broken: c, conflicting: [a, unrelated, b, alsoImplied])
        let minimal = Solver()._minimized(padded)
        #expect(minimal.broken === c)
        #expect(
            minimal.conflicting.map(ObjectIdentifier.init) == [a, b].map(ObjectIdentifier.init))
    }
}
