// Residuals: how far the current solution misses the installed required
// constraints, for callers that watch rounding build up in a long-lived
// tableau (the layout engine's drift check).

extension Solver {
    /// Writes the current solution (`updateVariables()`) and returns
    /// whether some installed required constraint misses it by more than
    /// `tolerance` times its magnitude: the largest of 1, its constant's
    /// magnitude and each term's (coefficient × value). Edit variables
    /// (optional) and constraints left out in a conflict are not looked at.
    ///
    /// The constraints are read in their record slots' order (about their
    /// installation order, the order their objects and variables were
    /// made in), with nothing looked up by identity: on a column of 10,000
    /// boxes, walking a dictionary of the same constraints in hash order
    /// and asking `contains(_:)` of each took most of a re-layout's time
    /// in cache misses (perf).
    ///
    /// - Complexity: O(variables + terms of the installed constraints).
    public func requiredResidualsExceed(_ tolerance: Double) -> Bool {
        updateVariables()
        return _records.withUnsafeBufferPointer { records in
            for record in records where !record.isEdit {
                guard let constraint = record.constraint, constraint.priority.isRequired
                else { continue }
                var magnitude = max(1, abs(constraint.constant))
                for term in constraint.terms {
                    magnitude = max(magnitude, abs(term.coefficient * term.variable.value))
                }
                let violation = constraint.violation
                if violation > tolerance * magnitude { return true }
            }
            return false
        }
    }
}
