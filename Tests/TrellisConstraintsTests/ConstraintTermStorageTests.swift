import Testing
import TrellisTestSupport

@testable import TrellisConstraints

/// A constraint holds up to four terms itself and more in an array
/// (`Constraint._term0`, `_spilledTerms`): either way its terms must be the
/// ones `lhs - rhs` merges to, one per variable, in first-use order,
/// cancelled ones dropped, with the same numbers.
@Suite struct ConstraintTermStorageTests {
    /// `lhs - rhs` merged by a plain array, as the terms are specified.
    static func reference(_ lhs: Expression, _ rhs: Expression) -> [Term] {
        var merged: [Term] = []
        for (terms, factor) in [(lhs.terms, 1.0), (rhs.terms, -1.0)] {
            for term in terms {
                if let i = merged.firstIndex(where: { $0.variable === term.variable }) {
                    merged[i].coefficient += factor * term.coefficient
                } else {
                    merged.append(Term(term.variable, factor * term.coefficient))
                }
            }
        }
        return merged.filter { $0.coefficient != 0 }
    }

    static func same(_ a: [Term], _ b: [Term]) -> Bool {
        a.map { ObjectIdentifier($0.variable) } == b.map { ObjectIdentifier($0.variable) }
            && a.map(\.coefficient.bitPattern) == b.map(\.coefficient.bitPattern)
    }

    /// One to eight variables, some repeated, some cancelling (so a
    /// constraint can spill past four terms and come back to four or fewer
    /// when terms are dropped), on both sides.
    @Test func termsAreTheMergedTermsInOrderAcrossTheInlineLimit() {
        let variables = (0..<8).map { Variable("v\($0)") }
        var generator = SplitMix64(seed: 40)
        for _ in 0..<400 {
            var lhs = Expression(Double(generator.next() % 7))
            var rhs = Expression()
            for _ in 0..<Int(generator.next() % 10) {
                let variable = variables[Int(generator.next() % 8)]
                let coefficient = Double(Int(generator.next() % 7) - 3) * 0.5
                if generator.next() % 2 == 0 {
                    lhs = lhs + Expression(terms: [Term(variable, coefficient)])
                } else {
                    rhs = rhs + Expression(terms: [Term(variable, coefficient)])
                }
            }
            let constraint = Constraint(lhs, .lessThanOrEqual, rhs)
            let expected = Self.reference(lhs, rhs)
            #expect(Self.same(constraint.terms, expected))
            #expect(constraint._termCount == expected.count)
            for i in 0..<expected.count {
                #expect(constraint._term(at: i).variable === expected[i].variable)
                #expect(constraint._termCoefficient(at: i) == expected[i].coefficient)
            }
            #expect(Self.same(constraint.withPriority(.defaultHigh).terms, expected))
            let held = variables.filter { v in expected.contains { $0.variable === v } }
            if let variable = held.first {
                let direct = Constraint(variable, .equal, rhs)
                #expect(Self.same(direct.terms, Self.reference(Expression(variable), rhs)))
            }
        }
    }

    /// A constraint of six terms (held in an array) and the same one built
    /// from four-term pieces solve alike, and it can be removed.
    @Test func aSpilledConstraintSolvesAndRemoves() throws {
        let v = (0..<6).map { Variable("x\($0)") }
        let solver = Solver()
        for (i, variable) in v.enumerated() {
            try solver.add(variable == Double(i + 1))
        }
        let sum = v.dropFirst().reduce(Expression(v[0])) { $0 + $1 }
        let total = Variable("total")
        let spilled = Expression(total) == sum
        #expect(spilled._termCount == 7)
        try solver.add(spilled)
        solver.updateVariables()
        #expect(total.value == 21)
        try solver.remove(spilled)
        #expect(!solver.contains(spilled))
        try solver.add(total == 5)
        solver.updateVariables()
        #expect(total.value == 5)
    }
}
