// A linear expression of solver variables, as the engine builds it.

import TrellisConstraints

/// A linear expression of solver variables, built by the engine before it is
/// handed to the solver.
struct _Linear {
    var terms: [(Variable, Double)]
    var constant: Double

    init(_ terms: [(Variable, Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    mutating func add(_ other: _Linear, times factor: Double) {
        for (variable, coefficient) in other.terms {
            terms.append((variable, coefficient * factor))
        }
        constant += other.constant * factor
    }
}
