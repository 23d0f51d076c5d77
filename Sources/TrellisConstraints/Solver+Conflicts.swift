// Explaining an unsatisfiable required constraint from the simplex's
// certificate of infeasibility.

extension Solver {
    /// The conflict for `broken` read from a certificate row (then made
    /// minimal by `_minimized`).
    ///
    /// Every tableau row is a linear combination of the constraints' original
    /// rows, and each constraint's marker (and error) symbols appear in its
    /// own original row only; so the constraints taking part in the
    /// combination are exactly those whose symbols appear in the row (as its
    /// basic symbol or a term). A certificate row says: a non-negative symbol
    /// equals a negative constant plus non-positive terms (or an artificial
    /// objective whose minimum is positive, or a dummy that must be zero
    /// equals a non-zero constant). Optional constraints never take part:
    /// their error symbols come in pairs of opposite sign, one of which would
    /// have allowed a pivot. The constraints found are therefore required ones
    /// that, with `broken`, have no solution.
    func _conflict(certificate row: _Row, basic: _Symbol, broken: Int32) -> ConstraintConflict {
        var slots: [Int32] = []
        func consider(_ symbol: _Symbol) {
            let kind = _symbols[Int(symbol)].kind
            guard kind == .slack || kind == .error || kind == .dummy else { return }
            let slot = _symbols[Int(symbol)].owner
            guard slot >= 0, slot != broken, !slots.contains(slot) else { return }
            let record = _records[Int(slot)]
            guard let constraint = record.constraint, !record.isEdit,
                constraint.priority.isRequired
            else { return }
            slots.append(slot)
        }
        if basic >= 0 { consider(basic) }
        for term in row.terms { consider(term.symbol) }
        slots.sort { _records[Int($0)].serial < _records[Int($1)].serial }
        return ConstraintConflict(
            broken: _records[Int(broken)].constraint!,
            conflicting: slots.compactMap { _records[Int($0)].constraint })
    }

    /// The conflict with its explaining set made minimal (a deletion
    /// filter): each candidate is dropped when `broken` still cannot be
    /// satisfied without it, checked on copies in a scratch solver. Removing
    /// any one constraint of the result then makes the set satisfiable.
    /// Conflicts are rare, so the k scratch solves over k constraints are
    /// affordable there and cost nothing elsewhere.
    func _minimized(_ conflict: ConstraintConflict) -> ConstraintConflict {
        var kept = conflict.conflicting
        guard kept.count > 1 else { return conflict }
        var i = 0
        while i < kept.count {
            var without = kept
            without.remove(at: i)
            if Solver._isUnsatisfiable(without, conflict.broken) {
                kept = without
            } else {
                i += 1
            }
        }
        return ConstraintConflict(broken: conflict.broken, conflicting: kept)
    }

    /// Whether `last` cannot hold together with `constraints` (all taken as
    /// required), decided by a scratch solver on copies.
    static func _isUnsatisfiable(_ constraints: [Constraint], _ last: Constraint) -> Bool {
        let scratch = Solver()
        for constraint in constraints {
            if (try? scratch.add(constraint.withPriority(.required))) != nil { return true }
        }
        return (try? scratch.add(last.withPriority(.required))) != nil
    }
}
