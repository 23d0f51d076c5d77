// Constraint objects kept between solvers: the layout engine's solver
// forms, once their solver and engine are freed, are made again as the
// forms of the next engine's constraints. A new hierarchy's engine makes
// one form per layout constraint (a new column of 1,000 boxes: 7,000) and
// freed them all with it: an allocation and a free each (about 400
// instructions, callgrind). Kept in a pool of the process (behind a lock,
// taken and given back in batches), a form is cleared as it is kept and
// filled as a new one is. Only storage moves between engines: a form made
// from the pool holds what a new one would, and only objects nothing else
// refers to are kept.

/// Cleared constraint objects for new solver forms (`Solver._makeConstraint`),
/// given back by freed solvers: each made by `_makeConstraint`, held by
/// nothing else when kept, its terms, identifier and solver fields cleared.
/// At most `limit` are kept.
final class _ConstraintPool: @unchecked Sendable {
    /// The pool every solver uses unless given another (tests).
    static let shared = _ConstraintPool()

    /// At most this many constraints are kept (a new column of 1,000
    /// boxes makes 7,000 forms; together about 1.5 MB at most).
    static var limit: Int { 8_192 }
    /// How many constraints a solver takes at least when it takes some
    /// (more when it has room reserved for more records).
    static var batch: Int { 16 }

    private let mutex = _PoolMutex()
    private var kept: [Constraint] = []

    /// The number of constraints kept.
    var count: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return kept.count
    }

    /// How many more constraints the pool would keep now.
    var room: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return Self.limit - kept.count
    }

    /// Appends up to `count` kept constraints to `spare` (taken from the
    /// pool); returns whether any were there.
    func take(_ count: Int, into spare: inout [Constraint]) -> Bool {
        mutex.lock()
        defer { mutex.unlock() }
        return Array._poolMove(from: &kept, to: &spare, upTo: spare.count + count)
    }

    /// Keeps the constraints of `spare` (cleared) up to the limit, and
    /// empties it.
    func give(_ spare: inout [Constraint]) {
        mutex.lock()
        _ = Array._poolMove(from: &spare, to: &kept, upTo: Self.limit)
        mutex.unlock()
        spare = []  // what did not fit is freed here, outside the lock
    }

    /// Frees every kept constraint.
    func removeAll() {
        mutex.lock()
        kept = []
        mutex.unlock()
    }
}

extension Solver {
    /// A new constraint `0 relation constant` with no terms yet, as
    /// `Constraint(relation:constant:priority:identifier:weight:)` makes
    /// (its builder adds the terms): a kept object when the pool has one.
    /// The layout engine makes its solver forms so; when this solver is
    /// freed, those that nothing else holds go back to the pool. A solver
    /// takes as many as it has room reserved for records, at least
    /// `_ConstraintPool.batch`, and asks no more once the pool was found
    /// empty.
    package func _makeConstraint(
        relation: Relation, constant: Double, priority: Priority, identifier: __owned String?,
        weight: Double
    ) -> Constraint {
        _madeConstraints = true
        if _spareConstraints.isEmpty && !_constraintPoolDrained {
            let wanted = max(_ConstraintPool.batch, _records.capacity - _records.count)
            _constraintPoolDrained = !_constraintPool.take(wanted, into: &_spareConstraints)
        }
        // Popped only when there is one (`popLast` of an empty list was a
        // call on every form of a solver that found the pool empty).
        if !_spareConstraints.isEmpty {
            let constraint = _spareConstraints.removeLast()
            constraint._refill(
                relation: relation, constant: constant, priority: priority,
                identifier: identifier, weight: weight)
            return constraint
        }
        let constraint = Constraint(
            relation: relation, constant: constant, priority: priority, identifier: identifier,
            weight: weight)
        constraint._recyclable = true
        return constraint
    }

    /// Gives the constraints made by `_makeConstraint` that only this
    /// solver's records hold (cleared), and the unused spare ones, to the
    /// pool as the solver is freed: as many as the pool has room for
    /// (asked first); the others are freed with the records. After the
    /// variables' caches are cleared (clearing a constraint's terms may
    /// free a variable).
    func _recycleConstraints() {
        var room = _constraintPool.room - _spareConstraints.count
        if room > 0 {
            _spareConstraints.reserveCapacity(_spareConstraints.count + min(room, _records.count))
            _records.withUnsafeMutableBufferPointer { records in
                var i = 0
                while i < records.count && room > 0 {
                    if records[i].constraint?._recyclable == true,
                        isKnownUniquelyReferenced(&records[i].constraint)
                    {
                        // Moved out of the record (`take`), not copied and
                        // then cleared: no retain and release a form.
                        let constraint = records[i].constraint.take().unsafelyUnwrapped
                        constraint._clear()
                        _spareConstraints.append(constraint)
                        room -= 1
                    }
                    i += 1
                }
            }
        }
        if !_spareConstraints.isEmpty { _constraintPool.give(&_spareConstraints) }
    }
}

extension Constraint {
    /// Lets go of the terms and the identifier, and leaves no solver or
    /// client, as the constraint is kept in the pool.
    func _clear() {
        // Only the terms held are cleared: writing nil over nil still
        // called the runtime's release.
        switch _termCount {
        case 0: break
        case 1: _term0 = nil
        case 2:
            _term0 = nil
            _term1 = nil
        case 3:
            _term0 = nil
            _term1 = nil
            _term2 = nil
        case Self._inlineTermCapacity:
            _term0 = nil
            _term1 = nil
            _term2 = nil
            _term3 = nil
        default: _spilledTerms = []
        }
        _termCount = 0
        identifier = nil
        _solverReference = nil
        _slot = -1
        _clientIndexStorage = -1
    }

    /// Makes a cleared constraint `0 relation constant` with no terms, as
    /// `init(relation:constant:priority:identifier:weight:)` would.
    func _refill(
        relation: Relation, constant: Double, priority: Priority, identifier: __owned String?,
        weight: Double
    ) {
        self.relation = relation
        self.constant = constant
        self.priority = priority
        self.identifier = identifier
        self.weight = weight
    }
}
