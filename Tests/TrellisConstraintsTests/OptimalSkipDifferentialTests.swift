// `_optimize` over all levels returns at once when the objective has not
// changed since it last stopped at an optimum (Solver+Simplex.swift).
// Checked against the full search for an entering symbol on random
// systems: two solvers that differ only in that shortcut take the same
// steps (adds that conflict, constant changes, edits and suggestions,
// removals) and must hold the same tableau, row for row and bit for bit,
// the same objective and the same conflicts after each one; the shortcut
// must have been taken.

import Testing
import TrellisTestSupport

@testable import TrellisConstraints

@Suite struct OptimalSkipDifferentialTests {
    /// The shortcut's solver and the full search's, alike otherwise.
    static func solvers(large: Bool) -> (skipping: Solver, searching: Solver) {
        let skipping = Solver()
        let searching = Solver()
        searching._skipsOptimalObjective = false
        if large {
            skipping._useLargeSystemStructures()
            searching._useLargeSystemStructures()
        }
        return (skipping, searching)
    }

    /// What differs between the two tableaus, nil when nothing does: the
    /// rows (basic symbol, constant, terms in order, definition or not)
    /// and the objective levels' terms and constants, compared exactly.
    static func difference(_ a: Solver, _ b: Solver) -> String? {
        if a._rows.count != b._rows.count { return "\(a._rows.count) rows, \(b._rows.count)" }
        for (i, (x, y)) in zip(a._rows, b._rows).enumerated() {
            if x.basic != y.basic || x.constant.bitPattern != y.constant.bitPattern
                || x.isDefinition != y.isDefinition || !sameTerms(x.terms, y.terms)
            {
                return "row \(i): \(x.basic) = \(x.constant) \(x.terms) against "
                    + "\(y.basic) = \(y.constant) \(y.terms)"
            }
        }
        if a._objective.count != b._objective.count { return "objective levels differ" }
        for (k, (x, y)) in zip(a._objective, b._objective).enumerated()
        where x.constant.bitPattern != y.constant.bitPattern || !sameTerms(x.terms, y.terms) {
            return "objective level \(k): \(x.terms) against \(y.terms)"
        }
        return nil
    }

    static func sameTerms(_ x: [_Term], _ y: [_Term]) -> Bool {
        x.count == y.count
            && zip(x, y).allSatisfy {
                $0.symbol == $1.symbol && $0.coefficient.bitPattern == $1.coefficient.bitPattern
            }
    }

    /// Runs `constraints` and then random steps through both solvers,
    /// comparing them after each; returns how often the shortcut was taken.
    static func run(
        _ constraints: [Constraint], variables: [Variable], large: Bool, seed: UInt64,
        label: String
    ) throws -> Int {
        var rng = SplitMix64(seed: seed)
        let (skipping, searching) = solvers(large: large)
        var twins: [ObjectIdentifier: Constraint] = [:]
        var originals: [Constraint] = []  // alive, so identities stay unique
        func twin(_ c: Constraint) -> Constraint {
            if let t = twins[ObjectIdentifier(c)] { return t }
            let t = c.withPriority(c.priority)
            twins[ObjectIdentifier(c)] = t
            originals.append(c)
            return t
        }
        func compare(_ step: String) {
            if let difference = difference(skipping, searching) {
                Issue.record("\(label) \(step): \(difference)")
            }
            #expect(invariantViolations(skipping).isEmpty, "\(label) \(step)")
            #expect(skipping.isDegraded == searching.isDegraded, "\(label) \(step)")
        }
        func add(_ c: Constraint, _ step: String) throws {
            let conflict = try skipping.add(c)
            let other = try searching.add(twin(c))
            #expect(
                DefinitionDifferentialTests.sameConflict(conflict, other, twins),
                "\(label) \(step): adding \(c)")
        }
        for (i, c) in constraints.enumerated() {
            try add(c, "constraint \(i)")
            compare("constraint \(i)")
        }
        var edited: [Variable] = []
        for step in 0..<16 {
            let installed = skipping.constraints
            switch rng.below(5) {
            case 0 where !variables.isEmpty:
                let v = variables[rng.below(variables.count)]
                let c = Constraint(
                    Expression(v), [.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.below(3)],
                    Expression(Double(rng.below(400) - 200)),
                    priority: rng.below(2) == 0 ? .required : 400)
                try add(c, "step \(step)")
            case 1 where !installed.isEmpty:
                let c = installed[rng.below(installed.count)]
                let value = c.constant + Double(rng.below(41) - 20)
                let conflict = try skipping.setConstant(value, for: c)
                let other = try searching.setConstant(value, for: twin(c))
                #expect(
                    DefinitionDifferentialTests.sameConflict(conflict, other, twins),
                    "\(label) step \(step)")
            case 2 where !variables.isEmpty:
                let v = variables[rng.below(variables.count)]
                if !edited.contains(where: { $0 === v }) {
                    try skipping.addEditVariable(v, priority: 600)
                    try searching.addEditVariable(v, priority: 600)
                    edited.append(v)
                }
                let value = Double(rng.below(300) - 150)
                try skipping.suggestValue(value, for: v)
                try searching.suggestValue(value, for: v)
            case 3 where !installed.isEmpty:
                let c = installed[rng.below(installed.count)]
                try skipping.remove(c)
                try searching.remove(twin(c))
            case 4 where !edited.isEmpty:
                let v = edited.remove(at: rng.below(edited.count))
                try skipping.removeEditVariable(v)
                try searching.removeEditVariable(v)
            default:
                continue
            }
            compare("step \(step)")
        }
        return skipping._optimizationsSkipped
    }

    @Test(arguments: Soak.seeds("TRELLIS_SOLVER_SEEDS", quick: 30, soak: 300))
    func theShortcutTakesTheFullSearchsSteps(seed: Int) throws {
        var skipped = 0
        for kind in [RandomSystem.Kind.single, .levels] {
            let system = RandomSystem(kind: kind, seed: UInt64(seed))
            for large in [false, true] {
                skipped += try Self.run(
                    system.constraints.map { $0.withPriority($0.priority) },
                    variables: system.variables, large: large, seed: UInt64(seed) &+ 77,
                    label: "seed \(seed) \(kind) large \(large)")
            }
        }
        // Chains with definitions (large-system structures), where half the
        // constraints leave the objective as it was.
        let chains = DefinitionDifferentialTests.ChainSystem(seed: UInt64(seed) &* 7919)
        skipped += try Self.run(
            chains.constraints, variables: chains.variables, large: true,
            seed: UInt64(seed) &+ 424_242, label: "seed \(seed) chains")
        #expect(skipped > 0, "seed \(seed): the shortcut was never taken")
    }
}
