// Random constraint systems built from a seed, mirroring make_system() in
// Scripts/kiwi-differential.py exactly (SplitMix64, integer arithmetic), so
// the differential test stores only Kiwi's objectives.

import TrellisTestSupport

@testable import TrellisConstraints

/// A random system: required constraints that hold at a random integer
/// point x0, then optional levels (see the script's docstring).
struct RandomSystem {
    enum Kind: String { case single, levels }

    /// Priorities of the levels, highest first.
    static let levelPriorities: [Int: [Priority]] = [
        1: [500], 2: [750, 250], 3: [750, 500, 250],
    ]

    let variables: [Variable]
    /// Required constraints first, then optional ones.
    let constraints: [Constraint]
    /// The level (0 = highest) of each optional constraint, nil if required.
    let levels: [Int?]
    let levelCount: Int

    init(kind: Kind, seed: UInt64) {
        var rng = SplitMix64(seed: seed &* 2 &+ (kind == .levels ? 1 : 0))
        let n = 1 + rng.below(30)
        let x0 = (0..<n).map { _ in Double(rng.below(201) - 100) }
        let variables = (0..<n).map { Variable("v\($0)") }

        func terms() -> [(Int, Double)] {
            let count = 1 + rng.below(min(3, n))
            var chosen: [(Int, Double)] = []
            while chosen.count < count {
                let v = rng.below(n)
                if chosen.contains(where: { $0.0 == v }) { continue }
                let coefficient = rng.below(9) - 4
                chosen.append((v, Double(coefficient != 0 ? coefficient : 1)))
            }
            return chosen
        }
        func relation() -> Relation {
            [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual][rng.below(3)]
        }
        func holdingAtX0(_ ts: [(Int, Double)]) -> (Relation, Double) {
            let r = relation()
            let value = ts.reduce(0.0) { $0 + $1.1 * x0[$1.0] }
            switch r {
            case .lessThanOrEqual: return (r, value + Double(rng.below(20)))
            case .greaterThanOrEqual: return (r, value - Double(rng.below(20)))
            case .equal: return (r, value)
            }
        }
        func make(_ ts: [(Int, Double)], _ r: Relation, _ constant: Double, _ p: Priority)
            -> Constraint
        {
            let lhs = Expression(terms: ts.map { Term(variables[$0.0], $0.1) })
            return Constraint(lhs, r, Expression(constant), priority: p)
        }

        var constraints: [Constraint] = []
        var levels: [Int?] = []
        for _ in 0..<rng.below(n + 5) {
            let ts = terms()
            let (r, constant) = holdingAtX0(ts)
            constraints.append(make(ts, r, constant, .required))
            levels.append(nil)
        }
        let levelCount = kind == .single ? 1 : 2 + rng.below(2)
        let priorities = RandomSystem.levelPriorities[levelCount]!
        for level in 0..<levelCount {
            for _ in 0..<(1 + rng.below(n + 1)) {
                let ts = terms()
                let r: Relation
                let constant: Double
                if level < levelCount - 1 {
                    (r, constant) = holdingAtX0(ts)
                } else {
                    r = relation()
                    constant = Double(rng.below(401) - 200)
                }
                constraints.append(make(ts, r, constant, priorities[level]))
                levels.append(level)
            }
        }
        self.variables = variables
        self.constraints = constraints
        self.levels = levels
        self.levelCount = levelCount
    }

    /// The total error of each level for the variables' current values.
    func levelErrors() -> [Double] {
        var errors = [Double](repeating: 0, count: levelCount)
        for (constraint, level) in zip(constraints, levels) {
            if let level { errors[level] += constraint.violation }
        }
        return errors
    }

    /// The largest violation of a required constraint.
    func requiredViolation() -> Double {
        zip(constraints, levels).filter { $0.1 == nil }.map { $0.0.violation }.max() ?? 0
    }
}
