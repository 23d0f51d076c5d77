import Testing
import TrellisTestSupport

@testable import TrellisConstraints

/// Suggestions wait for one dual optimisation at the next read or change
/// (Solver+Updating.swift, "Batched suggestions"): a solver given every
/// edit of a round and then read holds the same values as one read after
/// each suggestion (the optimisation per suggestion that Kiwi makes).
@Suite struct BatchedSuggestionTests {
    /// A random system whose every variable is also an edit variable, each
    /// at a priority of its own below all of the system's levels: the last
    /// levels pin one variable each, so the optimum is a single point and
    /// two solvers can be compared value by value.
    static func solver(
        _ system: RandomSystem, large: Bool
    ) throws -> Solver {
        let solver = Solver()
        if large { solver._useLargeSystemStructures() }
        for c in system.constraints { #expect(try solver.add(c.withPriority(c.priority)) == nil) }
        for (i, v) in system.variables.enumerated() {
            try solver.addEditVariable(v, priority: Priority(Float(100 - i)))
        }
        return solver
    }

    @Test(arguments: Soak.seeds("TRELLIS_SOLVER_SEEDS", quick: 8, soak: 80), [false, true])
    func batchedSuggestionsGiveTheValuesOfOneAtATime(seed: Int, large: Bool) throws {
        let system = RandomSystem(kind: seed % 2 == 0 ? .single : .levels, seed: UInt64(seed))
        var rng = SplitMix64(seed: UInt64(seed) &+ 4_242)
        let batched = try Self.solver(system, large: large)
        let stepwise = try Self.solver(system, large: large)
        let variables = system.variables
        let handles = variables.map { batched.editHandle(for: $0) }
        let reads = variables.map { batched.valueHandle(for: $0) }
        var last = [Double](repeating: 0, count: variables.count)
        for round in 0..<40 {
            // A few edits, some twice, some unchanged; now and then more
            // than the solver keeps waiting (it optimises on the way).
            let count = rng.below(8) == 0 ? 70 + rng.below(40) : 1 + rng.below(6)
            for _ in 0..<count {
                let k = rng.below(variables.count)
                let value = rng.below(4) == 0 ? last[k] : Double(rng.below(801) - 400)
                last[k] = value
                if rng.below(2) == 0 {
                    try batched.suggestValue(value, for: variables[k])
                } else {
                    try batched.suggestValue(value, at: handles[k])
                }
                try stepwise.suggestValue(value, for: variables[k])
                _ = stepwise.currentValue(of: variables[k])  // optimises now
            }
            // The batch is read through every path that reads.
            var values: [Double] = []
            switch round % 4 {
            case 0:
                batched.updateVariables()
                values = variables.map(\.value)
            case 1: values = variables.map { batched.currentValue(of: $0) }
            case 2: values = reads.map { $0.isValid ? batched.value(at: $0) : 0 }
            default:
                values = reads.map { $0.isValid ? batched.values(at: $0, reads[0]).0 : 0 }
            }
            for (k, v) in variables.enumerated() {
                let expected = stepwise.currentValue(of: v)
                #expect(
                    abs(values[k] - expected) <= 1e-7 * max(1, abs(expected)),
                    "seed \(seed) round \(round) \(v): \(values[k]) != \(expected)")
            }
            #expect(batched._pendingSuggestions.isEmpty && batched._infeasible.isEmpty)
            #expect(invariantViolations(batched).isEmpty, "seed \(seed) round \(round)")
        }
    }

    /// Every change other than a suggestion starts from the optimum of the
    /// suggestions before it: a constant changed or a priority moved while
    /// suggestions wait give what they give after a read, conflicts
    /// included (any required constant may move: the same constraint is
    /// broken), and what a fresh solver given the installed constraints
    /// gives.
    @Test(arguments: Soak.seeds("TRELLIS_SOLVER_SEEDS", quick: 4, soak: 40))
    func changesAfterWaitingSuggestionsMatchChangesAfterReads(seed: Int) throws {
        let system = RandomSystem(kind: .levels, seed: UInt64(seed) &+ 900)
        var rng = SplitMix64(seed: UInt64(seed) &+ 17)
        let batched = Solver()
        let stepwise = Solver()
        let a = system.constraints
        let b = system.constraints.map { $0.withPriority($0.priority) }
        for (x, y) in zip(a, b) {
            #expect(try batched.add(x) == nil)
            #expect(try stepwise.add(y) == nil)
        }
        for (i, v) in system.variables.enumerated() {
            try batched.addEditVariable(v, priority: Priority(Float(100 - i)))
            try stepwise.addEditVariable(v, priority: Priority(Float(100 - i)))
        }
        var suggested = [Double](repeating: 0, count: system.variables.count)
        for step in 0..<60 {
            for _ in 0..<(1 + rng.below(4)) {
                let i = rng.below(system.variables.count)
                let v = system.variables[i]
                let value = Double(rng.below(801) - 400)
                suggested[i] = value
                try batched.suggestValue(value, for: v)
                try stepwise.suggestValue(value, for: v)
                _ = stepwise.currentValue(of: v)
            }
            let k = rng.below(a.count)
            switch rng.below(3) {
            case 0 where !a[k].priority.isRequired:
                let p = Priority(Float([999, 600, 300][rng.below(3)]))
                try batched.setPriority(p, for: a[k])
                try stepwise.setPriority(p, for: b[k])
            default:
                let change = Double(rng.below(21) - 10)
                let x = try batched.setConstant(a[k].constant + change, for: a[k])
                let y = try stepwise.setConstant(b[k].constant + change, for: b[k])
                #expect(x?.broken === a[k] && y?.broken === b[k] || x == nil && y == nil)
            }
            for v in system.variables {
                let expected = stepwise.currentValue(of: v)
                let read = batched.currentValue(of: v)
                #expect(
                    abs(read - expected) <= 1e-7 * max(1, abs(expected)),
                    "seed \(seed) step \(step) \(v): \(read) != \(expected)")
            }
            let broken = { (s: Solver, c: [Constraint]) in
                s.brokenConstraints.map { x in c.firstIndex { $0 === x.broken }! }
            }
            #expect(broken(batched, a) == broken(stepwise, b), "seed \(seed) step \(step)")
            try ConstantChangeDifferentialTests.expectFreshSolverAgrees(
                batched, variables: system.variables, suggested: suggested,
                "seed \(seed) step \(step)")
        }
    }

    /// An optional constraint's new constant waits as a suggestion does
    /// (`Solver._changeConstant`): a solver given rounds of optional
    /// constants, suggestions and required constants (conflicts allowed)
    /// without reads holds, after each round, the values of one read after
    /// every change (each optimised at once, as before the optional ones
    /// waited), breaks the same constraints, and agrees with a fresh
    /// solver given its installed constraints.
    @Test(arguments: Soak.seeds("TRELLIS_SOLVER_SEEDS", quick: 6, soak: 60))
    func optionalConstantsWaitAndGiveTheValuesOfOneAtATime(seed: Int) throws {
        let system = RandomSystem(
            kind: seed % 2 == 0 ? .single : .levels, seed: UInt64(seed) &+ 5_100)
        var rng = SplitMix64(seed: UInt64(seed) &+ 313)
        let a = system.constraints
        let b = a.map { $0.withPriority($0.priority) }
        let batched = Solver()
        let stepwise = Solver()
        for (x, y) in zip(a, b) {
            #expect(try batched.add(x) == nil)
            #expect(try stepwise.add(y) == nil)
        }
        let variables = system.variables
        for (i, v) in variables.enumerated() {
            try batched.addEditVariable(v, priority: Priority(Float(100 - i)))
            try stepwise.addEditVariable(v, priority: Priority(Float(100 - i)))
        }
        let optional = a.indices.filter { !a[$0].priority.isRequired }
        let required = a.indices.filter { a[$0].priority.isRequired }
        guard !optional.isEmpty else { return }
        var suggested = [Double](repeating: 0, count: variables.count)
        for round in 0..<40 {
            for _ in 0..<(1 + rng.below(6)) {
                if rng.below(3) == 0 {
                    let i = rng.below(variables.count)
                    suggested[i] = Double(rng.below(801) - 400)
                    try batched.suggestValue(suggested[i], for: variables[i])
                    try stepwise.suggestValue(suggested[i], for: variables[i])
                    _ = stepwise.currentValue(of: variables[i])
                    continue
                }
                let k = optional[rng.below(optional.count)]
                let value = a[k].constant + Double(rng.below(201) - 100)
                #expect(try batched.setConstant(value, for: a[k]) == nil)
                #expect(try stepwise.setConstant(value, for: b[k]) == nil)
                _ = stepwise.currentValue(of: variables[0])
            }
            // Now and then a required constant, optimised at once with the
            // optional changes waiting before it; it may conflict.
            if !required.isEmpty, rng.below(3) == 0 {
                let k = required[rng.below(required.count)]
                let value = a[k].constant + Double(rng.below(21) - 10)
                let x = try batched.setConstant(value, for: a[k])
                let y = try stepwise.setConstant(value, for: b[k])
                #expect(x?.broken === a[k] && y?.broken === b[k] || x == nil && y == nil)
            }
            for v in variables {
                let expected = stepwise.currentValue(of: v)
                let read = batched.currentValue(of: v)
                #expect(
                    abs(read - expected) <= 1e-7 * max(1, abs(expected)),
                    "seed \(seed) round \(round) \(v): \(read) != \(expected)")
            }
            #expect(
                batched.brokenConstraints.map { x in a.firstIndex { $0 === x.broken }! }
                    == stepwise.brokenConstraints.map { x in b.firstIndex { $0 === x.broken }! },
                "seed \(seed) round \(round)")
            #expect(invariantViolations(batched).isEmpty, "seed \(seed) round \(round)")
            try ConstantChangeDifferentialTests.expectFreshSolverAgrees(
                batched, variables: variables, suggested: suggested, "seed \(seed) round \(round)")
        }
    }

    /// An optional constant that moves the optimum waits for the read:
    /// `x == 10` at 500 and `x <= 15` required; the constant becomes 20,
    /// so `x`'s row (x = 10 + error terms, its error's slack basic at 5)
    /// goes infeasible and waits; the read gives x = 15 (the cap wins).
    @Test func anOptionalConstantWaitsForTheRead() throws {
        let x = Variable("x")
        let wish = Constraint(Expression(x), .equal, Expression(10.0), priority: Priority(500))
        let cap = Constraint(Expression(x), .lessThanOrEqual, Expression(15.0))
        let solver = Solver()
        for c in [wish, cap] { #expect(try solver.add(c) == nil) }
        #expect(solver.currentValue(of: x) == 10)
        #expect(try solver.setConstant(20, for: wish) == nil)
        #expect(!solver._pendingSuggestions.isEmpty)
        #expect(solver.currentValue(of: x) == 15)
        #expect(solver._pendingSuggestions.isEmpty && solver._infeasible.isEmpty)
        #expect(wish.constant == 20)
    }

    /// A required constant that conflicts while suggestions wait is left
    /// out, with the same conflict, as after a read: `x ≤ c` and `x ≥ 10`
    /// required, `x` and `y` suggested, then `c` = 5.
    @Test(arguments: [false, true])
    func aConflictingConstantWithSuggestionsWaitingBreaksAsAfterARead(read: Bool) throws {
        let x = Variable("x"), y = Variable("y")
        let cap = Constraint(Expression(x), .lessThanOrEqual, Expression(40.0))
        let floor = Constraint(Expression(x), .greaterThanOrEqual, Expression(10.0))
        let sum = Constraint(x + y, .lessThanOrEqual, Expression(100.0))
        let solver = Solver()
        for c in [cap, floor, sum] { #expect(try solver.add(c) == nil) }
        try solver.addEditVariable(x, priority: .defaultHigh)
        try solver.addEditVariable(y, priority: .defaultLow)
        try solver.suggestValue(35, for: x)
        try solver.suggestValue(90, for: y)
        if read { _ = solver.currentValue(of: x) }
        #expect(read || !solver._pendingSuggestions.isEmpty)
        let conflict = try #require(try solver.setConstant(5, for: cap))
        #expect(conflict.broken === cap)
        #expect(conflict.conflicting.contains { $0 === floor })
        #expect(!solver.contains(cap) && cap.constant == 5)
        // Without the cap: x = 35 as suggested, y = 100 − 35 at the lower priority.
        #expect(solver.currentValue(of: x) == 35)
        #expect(solver.currentValue(of: y) == 65)
        #expect(solver.brokenConstraints.count == 1)
        #expect(invariantViolations(solver).isEmpty)
    }
}
