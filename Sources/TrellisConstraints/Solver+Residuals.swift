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
                // One pass gives the magnitude and the left side of
                // `violation` (the same products, summed in the same
                // order), the terms read in place: a term read whole
                // retains its variable.
                var lhs = 0.0
                constraint._forEachTerm { coefficient, variable in
                    let product = coefficient * variable._withUnsafeGuaranteedRef { $0.value }
                    magnitude = max(magnitude, abs(product))
                    lhs += product
                }
                let violation = Constraint._violation(
                    lhs - constraint.constant, constraint.relation)
                if violation > tolerance * magnitude { return true }
            }
            return false
        }
    }
}
