import Testing
import TrellisTestSupport

@testable import TrellisConstraints

/// Constants of installed constraints, required ones included, changed at
/// random with conflicts allowed (and constraints removed and added back):
/// after every step the solver holds what a fresh solver given the
/// constraints it has installed holds, and every constraint it broke was
/// the one being changed or added and really conflicted.
///
/// Which constraint is broken depends on the order of changes: when
/// `x == 10` becomes `x == 11` next to a twin `x == 10`, the solver breaks
/// the one changed (UIKit's rule), where a fresh solver given both, in
/// installation order, would break the later one. So the comparison is on
/// what does not depend on order: the installed set (which must be
/// satisfiable), its unique optimum, and, at each break, that the broken
/// constraint conflicts with the installed required constraints.
@Suite struct ConstantChangeDifferentialTests {
    /// The system's constraints plus redundant required equalities (a
    /// multiple of one, or the sum of two), so that changing a constant
    /// often conflicts and dummy rows are common.
    static func constraints(of system: RandomSystem, _ rng: inout SplitMix64) -> [Constraint] {
        var constraints = system.constraints
        let equalities = system.constraints.filter {
            $0.priority.isRequired && $0.relation == .equal
        }
        for (i, e) in equalities.enumerated() where rng.below(2) == 0 {
            if rng.below(2) == 0 || equalities.count < 2 {
                let k = Double([-2, 2, 3][rng.below(3)])
                let terms = e.terms.map { Term($0.variable, $0.coefficient * k) }
                constraints.append(Expression(terms: terms) == Expression(e.constant * k))
            } else {
                let other = equalities[(i + 1 + rng.below(equalities.count - 1)) % equalities.count]
                let terms = e.terms + other.terms
                constraints.append(
                    Expression(terms: terms) == Expression(e.constant + other.constant))
            }
        }
        return constraints
    }

    /// A fresh solver given copies of the constraints `solver` has
    /// installed, in installation order, and the same edits (variable `i`
    /// at priority 100 − i, suggested `suggested[i]`), adds them all without
    /// conflict and holds the same values.
    static func expectFreshSolverAgrees(
        _ solver: Solver, variables: [Variable], suggested: [Double], _ context: String
    ) throws {
        let fresh = Solver()
        for c in solver.constraints {
            #expect(try fresh.add(c.withPriority(c.priority)) == nil, "\(context): \(c)")
        }
        for (i, v) in variables.enumerated() {
            try fresh.addEditVariable(v, priority: Priority(Float(100 - i)))
            try fresh.suggestValue(suggested[i], for: v)
        }
        for v in variables {
            let expected = fresh.currentValue(of: v)
            let value = solver.currentValue(of: v)
            #expect(
                value.isFinite && abs(value - expected) <= 1e-6 * max(1, abs(expected)),
                "\(context) \(v): \(value) != \(expected)")
        }
    }

    /// Every variable is an edit variable at a priority of its own below
    /// all of the system's levels, so the optimum is a single point.
    @Test(arguments: Soak.seeds("TRELLIS_SOLVER_SEEDS", quick: 10, soak: 100), [false, true])
    func constantChangesWithConflictsMatchAFreshSolver(seed: Int, large: Bool) throws {
        let system = RandomSystem(kind: seed % 2 == 0 ? .single : .levels, seed: UInt64(seed))
        var rng = SplitMix64(seed: UInt64(seed) &+ 77_001)
        let all = Self.constraints(of: system, &rng)
        let variables = system.variables
        let solver = Solver()
        if large { solver._useLargeSystemStructures() }
        for c in all { #expect(try solver.add(c) == nil, "seed \(seed): \(c)") }
        var suggested = [Double](repeating: 0, count: variables.count)
        for (i, v) in variables.enumerated() {
            try solver.addEditVariable(v, priority: Priority(Float(100 - i)))
        }
        var broken: Set<ObjectIdentifier> = []

        for step in 0..<60 {
            // Suggestions that wait for the change below (batched).
            for _ in 0..<rng.below(3) {
                let k = rng.below(variables.count)
                suggested[k] = Double(rng.below(801) - 400)
                try solver.suggestValue(suggested[k], for: variables[k])
            }
            let c = all[rng.below(all.count)]
            var conflict: ConstraintConflict? = nil
            switch rng.below(10) {
            case 0 where solver.contains(c):
                try solver.remove(c)
            case 1 where !solver.contains(c):
                broken.remove(ObjectIdentifier(c))
                conflict = try solver.add(c)
            default:
                let change =
                    rng.below(4) == 0 ? Double(rng.below(201) - 100) : Double(rng.below(21) - 10)
                let value = c.constant + change
                let installed = solver.contains(c)
                conflict = try solver.setConstant(value, for: c)
                #expect(c.constant == value)
                #expect(installed || conflict == nil)
            }
            if let conflict {
                broken.insert(ObjectIdentifier(c))
                #expect(conflict.broken === c && !solver.contains(c), "seed \(seed) step \(step)")
                #expect(c.priority.isRequired)
                #expect(conflict.conflicting.allSatisfy { solver.contains($0) })
                try SolverPropertyTests.expectUnsatisfiable(conflict)
            }
            #expect(
                Set(solver.brokenConstraints.map { ObjectIdentifier($0.broken) }) == broken,
                "seed \(seed) step \(step)")
            #expect(invariantViolations(solver).isEmpty, "seed \(seed) step \(step)")

            try Self.expectFreshSolverAgrees(
                solver, variables: variables, suggested: suggested, "seed \(seed) step \(step)")
            solver.updateVariables()
            let worst =
                solver.constraints.filter { $0.priority.isRequired }.map(\.violation).max() ?? 0
            #expect(worst <= 1e-6, "seed \(seed) step \(step): required violated by \(worst)")
        }
    }
}
