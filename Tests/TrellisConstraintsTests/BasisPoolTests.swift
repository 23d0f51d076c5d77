import Testing
import TrellisTestSupport

@testable import TrellisConstraints

/// Kept bases (Solver+BasisPool.swift): a solver that takes a kept basis
/// feasible for the new constants instead of running the dual simplex
/// holds the values of one that always runs it (the sequential solver),
/// on random systems whose optimum is a point, through suggestions,
/// constant changes (conflicts included), priority changes and
/// constraints removed and added again.
@Suite struct BasisPoolTests {
    /// Every variable of the system is also an edit variable at a priority
    /// of its own below the system's levels, so the optimum is a point.
    static func solver(_ system: RandomSystem, _ constraints: [Constraint], pooled: Bool) throws
        -> Solver
    {
        let solver = Solver()
        solver._basisPoolEnabled = pooled
        for c in constraints { #expect(try solver.add(c) == nil) }
        for (i, v) in system.variables.enumerated() {
            try solver.addEditVariable(v, priority: Priority(Float(100 - i)))
        }
        return solver
    }

    @Test(arguments: 0..<60)
    func keptBasesGiveTheValuesOfTheDualSimplex(seed: Int) throws {
        let system = RandomSystem(kind: seed % 2 == 0 ? .single : .levels, seed: UInt64(seed))
        var rng = SplitMix64(seed: UInt64(seed) &+ 31_337)
        let a = system.constraints
        let b = system.constraints.map { $0.withPriority($0.priority) }
        let pooled = try Self.solver(system, a, pooled: true)
        let sequential = try Self.solver(system, b, pooled: false)
        let variables = system.variables
        // Each variable's suggestions come from a few values, so the same
        // active sets (bases) come back, as a reused cell's rows do.
        let palette = variables.map { _ in (0..<3).map { _ in Double(rng.below(601) - 300) } }
        var suggested = [Double](repeating: 0, count: variables.count)
        var removed: Int? = nil
        for step in 0..<80 {
            for _ in 0..<(1 + rng.below(5)) {
                let k = rng.below(variables.count)
                suggested[k] = palette[k][rng.below(3)]
                try pooled.suggestValue(suggested[k], for: variables[k])
                try sequential.suggestValue(suggested[k], for: variables[k])
            }
            let k = rng.below(a.count)
            switch rng.below(10) {
            case 0 where !a[k].priority.isRequired:
                let p = Priority(Float([999, 600, 300][rng.below(3)]))
                try pooled.setPriority(p, for: a[k])
                try sequential.setPriority(p, for: b[k])
            case 1:
                if let r = removed {
                    _ = try pooled.add(a[r])
                    _ = try sequential.add(b[r])
                    removed = nil
                } else if pooled.contains(a[k]) && sequential.contains(b[k]) {
                    try pooled.remove(a[k])
                    try sequential.remove(b[k])
                    removed = k
                }
            case 2, 3, 4:
                // Constants from a few values too (any constraint: a
                // required one may conflict and be broken).
                let constant = a[k].constant + Double([-6, 0, 6][rng.below(3)])
                let x = try pooled.setConstant(constant, for: a[k])
                let y = try sequential.setConstant(constant, for: b[k])
                #expect(
                    x?.broken === a[k] && y?.broken === b[k] || x == nil && y == nil,
                    "seed \(seed) step \(step)")
            default: break
            }
            for v in variables {
                let expected = sequential.currentValue(of: v)
                let read = pooled.currentValue(of: v)
                #expect(
                    abs(read - expected) <= 1e-7 * max(1, abs(expected)),
                    "seed \(seed) step \(step) \(v): \(read) != \(expected)")
            }
            let broken = { (s: Solver, c: [Constraint]) in
                s.brokenConstraints.map { x in c.firstIndex { $0 === x.broken }! }
            }
            #expect(broken(pooled, a) == broken(sequential, b), "seed \(seed) step \(step)")
            #expect(invariantViolations(pooled).isEmpty, "seed \(seed) step \(step)")
        }
        #expect(sequential._basisPoolHits == 0)
    }

    /// The kept bases are used (else the test above would compare the
    /// dual simplex with itself): on the same systems and palettes, with
    /// a read after each suggestion, more than 50 dual optimisations of
    /// 1,600 are replaced by a kept basis.
    @Test func keptBasesAreTaken() throws {
        var total = 0
        for seed in 0..<20 {
            let system = RandomSystem(kind: .single, seed: UInt64(seed))
            var rng = SplitMix64(seed: UInt64(seed) &+ 31_337)
            let solver = try Self.solver(system, system.constraints, pooled: true)
            let palette = system.variables.map { _ in
                (0..<3).map { _ in Double(rng.below(601) - 300) }
            }
            for _ in 0..<80 {
                let k = rng.below(system.variables.count)
                try solver.suggestValue(palette[k][rng.below(3)], for: system.variables[k])
                _ = solver.currentValue(of: system.variables[0])
            }
            total += solver._basisPoolHits
        }
        #expect(total > 50, "\(total) kept bases taken")
    }

    /// A provisional read while suggestions wait (`provisionalValue(at:)`)
    /// may be answered from a kept basis, the tableau left as it is
    /// (Solver+KeptReads.swift), and so may the reads after it with no
    /// change between: they give the sequential solver's values, and so
    /// does every read and change after them.
    @Test(arguments: 0..<30)
    func readsFromKeptBasesGiveTheValuesOfTheDualSimplex(seed: Int) throws {
        let system = RandomSystem(kind: .single, seed: UInt64(seed))
        var rng = SplitMix64(seed: UInt64(seed) &+ 7)
        let pooled = try Self.solver(system, system.constraints, pooled: true)
        let sequential = try Self.solver(
            system, system.constraints.map { $0.withPriority($0.priority) }, pooled: false)
        let variables = system.variables
        let handles = variables.map { pooled.valueHandle(for: $0) }
        let palette = variables.map { _ in (0..<3).map { _ in Double(rng.below(601) - 300) } }
        for step in 0..<120 {
            for _ in 0..<(1 + rng.below(3)) {
                let k = rng.below(variables.count)
                let value = palette[k][rng.below(3)]
                try pooled.suggestValue(value, for: variables[k])
                try sequential.suggestValue(value, for: variables[k])
            }
            let (i, j) = (rng.below(variables.count), rng.below(variables.count))
            let first = pooled.provisionalValue(at: handles[i])
            let read =
                rng.below(2) == 0
                ? (first, pooled.value(at: handles[j]))
                : (first, pooled.values(at: handles[j], handles[i]).0)
            for (k, value) in [(i, read.0), (j, read.1)] {
                let expected = sequential.currentValue(of: variables[k])
                #expect(
                    abs(value - expected) <= 1e-7 * max(1, abs(expected)),
                    "seed \(seed) step \(step): \(value) != \(expected)")
            }
        }
        for v in variables {
            let expected = sequential.currentValue(of: v)
            #expect(abs(pooled.currentValue(of: v) - expected) <= 1e-7 * max(1, abs(expected)))
        }
        #expect(invariantViolations(pooled).isEmpty, "seed \(seed)")
    }
}
