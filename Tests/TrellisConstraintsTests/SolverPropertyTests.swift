import Testing
import TrellisTestSupport

@testable import TrellisConstraints

/// Random sequences of operations on random systems: after each one the
/// installed required constraints hold, the solver is consistent, the
/// objective equals a fresh solver's on the same constraints, and conflicts
/// name a set that really is unsatisfiable.
@Suite struct SolverPropertyTests {
    /// Total error per optional priority, highest priority first, of the
    /// constraints and edit suggestions, for the variables' current values.
    static func objective(_ constraints: [Constraint], edits: [(Variable, Priority, Double)])
        -> [Float: Double]
    {
        var errors: [Float: Double] = [:]
        for c in constraints where !c.priority.isRequired {
            errors[c.priority.rawValue, default: 0] += c.violation
        }
        for (variable, priority, value) in edits {
            errors[priority.rawValue, default: 0] += abs(variable.value - value)
        }
        return errors
    }

    static func sameObjective(_ a: [Float: Double], _ b: [Float: Double]) -> Bool {
        for key in Set(a.keys).union(b.keys) {
            let x = a[key] ?? 0, y = b[key] ?? 0
            if abs(x - y) > 1e-6 * max(1, abs(y)) { return false }
        }
        return true
    }

    /// Solves copies of `constraints` and the edits in a fresh solver.
    static func freshObjective(
        _ constraints: [Constraint], edits: [(Variable, Priority, Double)]
    ) throws -> [Float: Double] {
        let fresh = Solver()
        let copies = constraints.map { $0.withPriority($0.priority) }
        for c in copies { try fresh.add(c) }
        for (variable, priority, value) in edits {
            try fresh.addEditVariable(variable, priority: priority)
            try fresh.suggestValue(value, for: variable)
        }
        fresh.updateVariables()
        return objective(copies, edits: edits)
    }

    /// `large`: the solver keeps the structures of a large system (columns,
    /// indexed objective levels) from the start.
    @Test(arguments: Soak.seeds("TRELLIS_SOLVER_SEEDS", quick: 6, soak: 60), [false, true])
    func randomOperationsKeepTheSolverConsistentAndOptimal(seed: Int, large: Bool) throws {
        let system = RandomSystem(kind: seed % 2 == 0 ? .single : .levels, seed: UInt64(seed))
        var rng = SplitMix64(seed: UInt64(seed) &+ 1_000_003)
        let solver = Solver()
        if large { solver._useLargeSystemStructures() }
        for c in system.constraints { #expect(try solver.add(c) == nil) }
        #expect(!large || solver._columnsEnabled)
        var edits: [(Variable, Priority, Double)] = []

        for step in 0..<40 {
            let installed = solver.constraints
            switch rng.below(6) {
            case 0 where !installed.isEmpty:
                try solver.remove(installed[rng.below(installed.count)])
            case 1:
                let c = system.constraints[rng.below(system.constraints.count)]
                if !solver.contains(c), let conflict = try solver.add(c) {
                    try Self.expectUnsatisfiable(conflict)
                }
            case 2 where !installed.isEmpty:
                let c = installed[rng.below(installed.count)]
                let value = c.constant + Double(rng.below(41) - 20)
                if let conflict = try solver.setConstant(value, for: c) {
                    #expect(conflict.broken === c && !solver.contains(c))
                    try Self.expectUnsatisfiable(conflict)
                }
            case 3:
                let v = system.variables[rng.below(system.variables.count)]
                let value = Double(rng.below(401) - 200)
                if let i = edits.firstIndex(where: { $0.0 === v }) {
                    edits[i].2 = value
                } else {
                    let priority = Priority(Float([999, 600, 100][rng.below(3)]))
                    try solver.addEditVariable(v, priority: priority)
                    edits.append((v, priority, 0))
                    edits[edits.count - 1].2 = value
                }
                try solver.suggestValue(value, for: v)
            case 4 where !edits.isEmpty:
                let i = rng.below(edits.count)
                try solver.removeEditVariable(edits[i].0)
                edits.remove(at: i)
            case 5:
                // A new required constraint with a random constant: often
                // unsatisfiable with the rest.
                var terms: [Term] = []
                for _ in 0..<(1 + rng.below(3)) {
                    let v = system.variables[rng.below(system.variables.count)]
                    terms.append(Term(v, Double(rng.below(9) - 4)))
                }
                let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.below(3)]
                let c = Constraint(
                    Expression(terms: terms), relation, Expression(Double(rng.below(401) - 200)))
                if let conflict = try solver.add(c) {
                    #expect(conflict.broken === c && !solver.contains(c))
                    try Self.expectUnsatisfiable(conflict)
                }
            default:
                continue
            }
            solver.updateVariables()
            let now = solver.constraints
            let worst = now.filter { $0.priority.isRequired }.map(\.violation).max() ?? 0
            #expect(worst <= 1e-6, "seed \(seed) step \(step): required violated by \(worst)")
            #expect(invariantViolations(solver).isEmpty, "seed \(seed) step \(step)")
            let ours = Self.objective(now, edits: edits)
            let fresh = try Self.freshObjective(now, edits: edits)
            #expect(
                Self.sameObjective(ours, fresh), "seed \(seed) step \(step): \(ours) vs \(fresh)")
            solver.updateVariables()  // the fresh solver wrote the shared variables
        }

        for c in solver.constraints { try solver.remove(c) }
        for (v, _, _) in edits { try solver.removeEditVariable(v) }
        #expect(solver._isEmpty)
        #expect(invariantViolations(solver).isEmpty)
    }

    /// Handles read and suggest exactly what the lookups by variable do:
    /// two solvers get the same random constraints and edits, one through
    /// `suggestValue(_:for:)`, the other through edit handles (kept while
    /// `membershipVersion` holds, made again when it moves), and every
    /// variable reads the same through `value(at:)`, `values(at:_:)` and
    /// `currentValue(of:)`.
    @Test(arguments: 0..<30)
    func handlesAgreeWithLookupsByVariable(seed: Int) throws {
        let system = RandomSystem(kind: seed % 2 == 0 ? .single : .levels, seed: UInt64(seed) &+ 77)
        var rng = SplitMix64(seed: UInt64(seed) &+ 31)
        let byVariable = Solver()
        let byHandle = Solver()
        for c in system.constraints {
            _ = try byVariable.add(c)
            _ = try byHandle.add(c.withPriority(c.priority))
        }
        var edits: [Variable] = []
        var handles: [ObjectIdentifier: SolverHandle] = [:]
        var handleVersion = byHandle.membershipVersion
        for step in 0..<120 {
            let v = system.variables[rng.below(system.variables.count)]
            if !edits.contains(where: { $0 === v }) {
                let priority = Priority(Float([999, 600, 100][rng.below(3)]))
                try byVariable.addEditVariable(v, priority: priority)
                try byHandle.addEditVariable(v, priority: priority)
                edits.append(v)
            }
            if byHandle.membershipVersion != handleVersion {
                handles = [:]
                handleVersion = byHandle.membershipVersion
            }
            let handle = handles[ObjectIdentifier(v)] ?? byHandle.editHandle(for: v)
            #expect(handle.isValid)
            handles[ObjectIdentifier(v)] = handle
            // The same value several times in a row, and values far apart.
            let value = Double(rng.below(5) == 0 ? 0 : rng.below(801) - 400)
            try byVariable.suggestValue(value, for: v)
            try byHandle.suggestValue(value, at: handle)
            for a in system.variables {
                let expected = byVariable.currentValue(of: a)
                let valueHandle = byHandle.valueHandle(for: a)
                let read = valueHandle.isValid ? byHandle.value(at: valueHandle) : a.value
                #expect(
                    abs(read - expected) <= 1e-9 * max(1, abs(expected)),
                    "seed \(seed) step \(step)")
                #expect(
                    abs(byHandle.currentValue(of: a) - expected) <= 1e-9 * max(1, abs(expected)))
                let b = system.variables[rng.below(system.variables.count)]
                let bHandle = byHandle.valueHandle(for: b)
                if valueHandle.isValid, bHandle.isValid {
                    let pair = byHandle.values(at: valueHandle, bHandle)
                    #expect(pair.0 == byHandle.value(at: valueHandle))
                    #expect(pair.1 == byHandle.value(at: bHandle))
                }
            }
            #expect(invariantViolations(byHandle).isEmpty, "seed \(seed) step \(step)")
            if rng.below(10) == 0, let last = edits.popLast() {
                try byVariable.removeEditVariable(last)
                try byHandle.removeEditVariable(last)
            }
        }
    }

    /// The conflict's constraints really have no common solution (a fresh
    /// solver given them in order breaks the last one), and the set is
    /// minimal (without any one of them, the broken constraint fits).
    static func expectUnsatisfiable(_ conflict: ConstraintConflict) throws {
        func breaksLast(_ constraints: [Constraint]) throws -> Bool {
            let fresh = Solver()
            for c in constraints {
                #expect(c.priority.isRequired)
                #expect(try fresh.add(c.withPriority(.required)) == nil)
            }
            return try fresh.add(conflict.broken.withPriority(.required)) != nil
        }
        #expect(try breaksLast(conflict.conflicting))
        for i in conflict.conflicting.indices {
            var without = conflict.conflicting
            without.remove(at: i)
            #expect(try !breaksLast(without), "not minimal: \(conflict)")
        }
    }

    @Test(arguments: [false, true])
    func removingEveryConstraintOfRandomSystemsEmptiesTheSolver(large: Bool) throws {
        for seed in 0..<200 {
            let system = RandomSystem(kind: seed % 2 == 0 ? .single : .levels, seed: UInt64(seed))
            let solver = Solver()
            if large { solver._useLargeSystemStructures() }
            for c in system.constraints { try solver.add(c) }
            var order = system.constraints
            var rng = SplitMix64(seed: UInt64(seed))
            for i in order.indices.reversed() { order.swapAt(i, rng.below(i + 1)) }
            for c in order { try solver.remove(c) }
            #expect(solver._isEmpty, "seed \(seed)")
            #expect(invariantViolations(solver).isEmpty, "seed \(seed)")
        }
    }
}
