// Definitions (Solver+Definitions.swift) against the plain tableau: random
// systems of chains (`y[i] == y[i-1] + h[i-1] + gap`, the links in random
// order, ends pinned before or after them), sizes held by strict
// compression and hugging pairs, random required extras that often
// conflict, constant changes, edits and removals, solved by two solvers
// that differ only in making definitions. Every variable has one optimal
// value (each size is pinned at a level of its own), so both must give the
// same values, the same conflicts and consistent tableaus after each step.

import Testing
import TrellisTestSupport

@testable import TrellisConstraints

@Suite struct DefinitionDifferentialTests {
    /// One random system: the constraints in installation order and the
    /// variables to compare.
    struct ChainSystem {
        var constraints: [Constraint] = []
        var variables: [Variable] = []
        var tops: [[Variable]] = []

        init(seed: UInt64) {
            var rng = SplitMix64(seed: seed)
            for chain in 0..<(1 + rng.below(3)) {
                let count = 2 + rng.below(40)
                let tops = (0..<count).map { Variable("y\(chain).\($0)") }
                let sizes = (0..<count).map { Variable("h\(chain).\($0)") }
                let end = Variable("end\(chain)")
                variables += tops + sizes + [end]
                self.tops.append(tops)
                var links: [Constraint] = [
                    Constraint(
                        Expression(tops[0]), .equal, Expression(Double(rng.below(50))),
                        identifier: "start")
                ]
                for i in 1..<count {
                    let gap = Double(rng.below(9))
                    // Written both ways round, so the defined term is not
                    // always the first.
                    links.append(
                        rng.below(2) == 0
                            ? Constraint(
                                Expression(tops[i]), .equal,
                                Expression(
                                    terms: [Term(tops[i - 1]), Term(sizes[i - 1])], constant: gap),
                                identifier: "link")
                            : Constraint(
                                Expression(
                                    terms: [Term(tops[i - 1]), Term(sizes[i - 1])], constant: gap),
                                .equal, Expression(tops[i]), identifier: "link"))
                }
                let closing = Constraint(
                    Expression(end), .equal,
                    Expression(terms: [Term(tops[count - 1]), Term(sizes[count - 1])]),
                    identifier: "end")
                // The end pinned first, last, or in the middle of the links.
                links.insert(closing, at: rng.below(links.count + 1))
                if rng.below(3) == 0 { links.shuffle(using: &rng) }
                var sizing: [Constraint] = []
                for size in sizes {
                    let value = Double(1 + rng.below(30))
                    sizing.append(
                        Constraint(
                            Expression(size), .greaterThanOrEqual, Expression(value),
                            priority: 750, identifier: "compression"))
                    sizing.append(
                        Constraint(
                            Expression(size), .lessThanOrEqual, Expression(value),
                            priority: 250, identifier: "hugging"))
                }
                // Sizes before or after the links (the engine puts them last).
                constraints += rng.below(2) == 0 ? links + sizing : sizing + links
                // A mark near a top, at an optional priority: a definition
                // with error symbols, which become basic when a required
                // bound pulls the mark away (one optimum: min(top + c, bound)).
                let mark = Variable("mark\(chain)")
                variables.append(mark)
                let top = tops[rng.below(count)]
                constraints.append(
                    Constraint(
                        Expression(mark), .equal,
                        Expression(terms: [Term(top)], constant: Double(rng.below(20))),
                        priority: 600, identifier: "mark"))
                constraints.append(
                    Constraint(
                        Expression(mark), .lessThanOrEqual, Expression(Double(rng.below(300))),
                        identifier: "bound"))
            }
        }
    }

    /// Two solvers on the same system, one without definitions; both keep
    /// the large-system structures from the first row.
    static func solvers() -> (with: Solver, without: Solver) {
        let with = Solver()
        with._useLargeSystemStructures()
        let without = Solver()
        without._useLargeSystemStructures()
        without._definitionsEnabled = false
        return (with, without)
    }

    static func sameConflict(
        _ a: ConstraintConflict?, _ b: ConstraintConflict?, _ copies: [ObjectIdentifier: Constraint]
    ) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        guard copies[ObjectIdentifier(a.broken)] === b.broken,
            a.conflicting.count == b.conflicting.count
        else { return false }
        return zip(a.conflicting, b.conflicting).allSatisfy { copies[ObjectIdentifier($0)] === $1 }
    }

    /// Total error per optional priority of `constraints`' twins in
    /// `solver` plus its edits, as SolverPropertyTests reads optimality.
    static func objective(
        _ constraints: [Constraint], edits: [(Variable, Double)]
    ) -> [Float: Double] {
        var errors: [Float: Double] = [:]
        for c in constraints where !c.priority.isRequired {
            errors[c.priority.rawValue, default: 0] += c.violation
        }
        for (variable, value) in edits { errors[500, default: 0] += abs(variable.value - value) }
        return errors
    }

    @Test(arguments: Soak.seeds("TRELLIS_SOLVER_SEEDS", quick: 20, soak: 200))
    func definitionsGiveThePlainTableausValuesAndConflicts(seed: Int) throws {
        let system = ChainSystem(seed: UInt64(seed) &* 7919)
        var rng = SplitMix64(seed: UInt64(seed) &+ 424_242)
        let (with, without) = Self.solvers()
        // Each constraint has a twin for the plain solver (a constraint
        // belongs to one solver); both share the variables, so each
        // solver's values are read right after its own update.
        var twins: [ObjectIdentifier: Constraint] = [:]
        var originals: [Constraint] = []  // alive, so identifiers stay unique
        func twin(_ c: Constraint) -> Constraint {
            if let t = twins[ObjectIdentifier(c)] { return t }
            let t = c.withPriority(c.priority)
            twins[ObjectIdentifier(c)] = t
            originals.append(c)
            return t
        }
        // Values are unique until a required extra or a removal leaves
        // ties (a free stretch of chain, sizes that may grow in any
        // order); the objective, the required constraints and the
        // conflicts are compared throughout.
        var unique = true
        var edits: [(Variable, Double)] = []
        func compare(_ step: String) {
            with.updateVariables()
            let ours = system.variables.map(\.value)
            let ourObjective = Self.objective(with.constraints, edits: edits)
            let worst = with.constraints.filter(\.priority.isRequired).map(\.violation).max() ?? 0
            #expect(worst <= 1e-6, "seed \(seed) \(step): required violated by \(worst)")
            without.updateVariables()
            let plain = system.variables.map(\.value)
            let plainObjective = Self.objective(without.constraints, edits: edits)
            #expect(
                SolverPropertyTests.sameObjective(ourObjective, plainObjective),
                "seed \(seed) \(step): \(ourObjective) vs \(plainObjective)")
            for (i, (a, b)) in zip(ours, plain).enumerated()
            where unique && abs(a - b) > 1e-6 * max(1, abs(b)) {
                Issue.record("seed \(seed) \(step): \(system.variables[i]) is \(a), plain \(b)")
                break
            }
            #expect(invariantViolations(with).isEmpty, "seed \(seed) \(step)")
        }
        for c in system.constraints {
            let conflict = try with.add(c)
            let plainConflict = try without.add(twin(c))
            #expect(Self.sameConflict(conflict, plainConflict, twins), "seed \(seed) adding \(c)")
        }
        #expect(system.constraints.count < 80 || with._definitionCount > 0)
        compare("after building")
        for step in 0..<12 {
            let installed = with.constraints
            // Constants that keep one optimum (not a size's own pair).
            let movable = installed.filter {
                $0.identifier != "compression" && $0.identifier != "hugging"
            }
            switch rng.below(5) {
            case 0:
                // A required extra on a random top: a conflict when the
                // chain cannot meet it.
                let tops = system.tops[rng.below(system.tops.count)]
                let top = tops[rng.below(tops.count)]
                let c = Constraint(
                    Expression(top), [.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.below(3)],
                    Expression(Double(rng.below(400))), identifier: "extra")
                let conflict = try with.add(c)
                let plainConflict = try without.add(twin(c))
                #expect(
                    Self.sameConflict(conflict, plainConflict, twins), "seed \(seed) step \(step)")
                unique = false
            case 1 where !movable.isEmpty:
                let c = movable[rng.below(movable.count)]
                let value = c.constant + Double(rng.below(41) - 20)
                let conflict = try with.setConstant(value, for: c)
                let plainConflict = try without.setConstant(value, for: twin(c))
                #expect(
                    Self.sameConflict(conflict, plainConflict, twins), "seed \(seed) step \(step)")
                if conflict != nil { unique = false }
            case 2 where !installed.isEmpty:
                // Out and in again: definitions become ordinary rows first.
                let c = installed[rng.below(installed.count)]
                try with.remove(c)
                try without.remove(twin(c))
                let conflict = try with.add(c)
                let plainConflict = try without.add(twin(c))
                #expect(
                    Self.sameConflict(conflict, plainConflict, twins), "seed \(seed) step \(step)")
            case 3:
                let sizes = system.variables.filter { $0.name.hasPrefix("h") }
                let v = sizes[rng.below(sizes.count)]
                if !edits.contains(where: { $0.0 === v }) {
                    try with.addEditVariable(v, priority: 500)
                    try without.addEditVariable(v, priority: 500)
                    edits.append((v, 0))
                }
                let value = Double(rng.below(300))
                edits[edits.firstIndex { $0.0 === v }!].1 = value
                try with.suggestValue(value, for: v)
                try without.suggestValue(value, for: v)
            case 4 where !installed.isEmpty:
                let c = installed[rng.below(installed.count)]
                try with.remove(c)
                try without.remove(twin(c))
                unique = false
            default:
                continue
            }
            compare("step \(step)")
        }
    }

    /// A long chain stays linear: no row holds more than a few terms, where
    /// the plain tableau's rows grow with the chain.
    @Test func aLongChainKeepsShortRows() throws {
        let count = 400
        let (with, without) = Self.solvers()
        for solver in [with, without] {
            let tops = (0..<count).map { Variable("y\($0)") }
            let sizes = (0..<count).map { Variable("h\($0)") }
            try solver.add(Constraint(Expression(tops[0]), .equal, Expression(0)))
            for i in 1..<count {
                try solver.add(
                    Constraint(
                        Expression(tops[i]), .equal,
                        Expression(terms: [Term(tops[i - 1]), Term(sizes[i - 1])], constant: 4)))
            }
            for size in sizes {
                try solver.add(
                    Constraint(Expression(size), .greaterThanOrEqual, Expression(20), priority: 750)
                )
                try solver.add(
                    Constraint(Expression(size), .lessThanOrEqual, Expression(20), priority: 250))
            }
            solver.updateVariables()
            // y[i] = 24 i.
            #expect(tops[count - 1].value == Double(24 * (count - 1)))
        }
        let longest = { (solver: Solver) in solver._rows.map(\.terms.count).max() ?? 0 }
        #expect(longest(with) <= 4)
        #expect(longest(without) >= count)
    }
}
