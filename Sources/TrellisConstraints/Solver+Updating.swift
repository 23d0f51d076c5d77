// Changing installed constraints in place: constants (paper section 4.3,
// generalised to every constraint through its marker) and priorities.

extension Solver {
    // MARK: Batched suggestions

    // A suggestion only moves constants: the basis stays optimal (dual
    // feasible), and the rows it made infeasible are noted. The dual
    // simplex restores feasibility from any such state, so the rows noted
    // by several suggestions can wait for one dual optimisation, run by
    // the next operation that reads or changes the solver
    // (`_optimizeSuggestions`), instead of one per suggestion (Kiwi's
    // `suggestValue` optimises each). A cell's engine suggests a few
    // intrinsic sizes per row and then reads the root's size: one
    // optimisation, and pivots one suggestion would make and the next
    // undo are never made. The optimum reached is the same (where the
    // layout is unique): the problem after the last suggestion.

    /// Suggests `value` to the edit constraint in `slot`: its rows are
    /// shifted, and when any became infeasible the suggestion waits in
    /// `_pendingSuggestions`.
    @inline(__always)
    func _suggest(slot: Int32, _ value: Double) {
        let old = _records[Int(slot)].constant
        guard value != old else { return }
        _shiftConstant(slot: slot, from: old, to: value)
        if _infeasible.isEmpty { return }
        _pendingSuggestions.append((slot, old, value))
        // Rows are noted again by every suggestion that reaches them:
        // optimise now and then, so a long run without reads stays small.
        if _pendingSuggestions.count >= Self._pendingSuggestionLimit {
            _optimizeSuggestions()
        }
    }

    /// Pending suggestions beyond this many are optimised at once.
    static var _pendingSuggestionLimit: Int { 64 }

    /// Runs the dual optimisation the pending suggestions wait for; every
    /// operation but a suggestion starts with it.
    @inlinable @inline(__always)
    func _optimizeSuggestions() {
        if !_pendingSuggestions.isEmpty { _optimizePendingSuggestions() }
    }

    /// The body of `_optimizeSuggestions`. A suggestion (optional) cannot
    /// make the required constraints infeasible, but should the dual
    /// simplex stop on a row anyway (rounding), the batch is undone and
    /// replayed one suggestion at a time, as `suggestValue` did before
    /// suggestions were batched, so that case keeps its behaviour too.
    @usableFromInline @inline(never)
    func _optimizePendingSuggestions() {
        guard _dualOptimizeForConstants() != nil else {
            // One at a time: `removeAll(keepingCapacity:)` goes through the
            // generic range replacement (60-80 instructions a row here).
            while !_pendingSuggestions.isEmpty { _pendingSuggestions.removeLast() }
            return
        }
        _replayPendingSuggestions()
    }

    /// After a dual optimisation of pending suggestions stopped on a row:
    /// takes them back (to the optimum before them) and makes them again
    /// one at a time, each optimised before the next.
    func _replayPendingSuggestions() {
        let batch = _pendingSuggestions
        _pendingSuggestions.removeAll(keepingCapacity: true)
        if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
        for suggestion in batch.reversed() {
            _takeBackConstant(slot: suggestion.slot, from: suggestion.new, to: suggestion.old)
        }
        for i in _rows.indices { _noteIfInfeasible(i) }
        _recoverFeasibility()
        for suggestion in batch where _records[Int(suggestion.slot)].other >= 0 {
            _ = _changeConstantNow(slot: suggestion.slot, to: suggestion.new)
        }
    }

    // MARK: Constants and priorities of installed constraints

    /// Sets an installed constraint's constant (paper section 4.3 for edit
    /// constants, generalised to every constraint through its marker).
    /// Returns the conflict if required constraints became unsatisfiable; the
    /// constraint is then left out.
    ///
    /// An optional constraint's new constant waits for the next read or
    /// change as a suggestion does (`_suggest`): like an edit's, it moves
    /// constants only and cannot make the required constraints
    /// unsatisfiable, so one dual optimisation serves it with the
    /// suggestions and changes around it (a reused cell's intrinsic sizes
    /// in constants form, then a required one: one optimisation a row, not
    /// one each). Should the dual simplex stop on a row anyway (rounding),
    /// the batch is replayed one change at a time, each optimised at once,
    /// as before; a conflict met then is recorded in `brokenConstraints`.
    @inline(__always)
    func _changeConstant(slot: Int32, to constant: Double) -> ConstraintConflict? {
        if _records[Int(slot)].other >= 0 {
            _suggest(slot: slot, constant)
            return nil
        }
        return _changeConstantNow(slot: slot, to: constant)
    }

    /// `_changeConstant`, optimised at once (a required constant, or a
    /// replayed optional one).
    ///
    /// With suggestions waiting, one dual optimisation serves them and the
    /// new constant: suggestions (optional) never change whether the
    /// required constraints can hold, so it fails exactly when this
    /// constant conflicts, and then everything is taken back and made
    /// again in order, so the conflict is the one found after the
    /// suggestions were optimised.
    @inline(__always)
    func _changeConstantNow(slot: Int32, to constant: Double) -> ConstraintConflict? {
        let old = _records[Int(slot)].constant
        guard constant != old else { return nil }
        _shiftConstant(slot: slot, from: old, to: constant)
        // Only rows noted infeasible need the dual simplex.
        if _infeasible.isEmpty { return nil }
        if !_pendingSuggestions.isEmpty {
            return _restoreFeasibilityAfterSuggestions(slot: slot, from: old, to: constant)
        }
        return _restoreFeasibility(slot: slot, from: old, to: constant)
    }

    /// Sets the constant in `slot` (its record and, for a constraint, the
    /// constraint's) and shifts the rows holding its marker, noting those
    /// that became infeasible.
    @inline(__always)
    func _shiftConstant(slot: Int32, from old: Double, to constant: Double) {
        _constantVersion &+= 1
        if _basisPoolEnabled { _watchConstant(slot: Int(slot)) }
        if !_shiftCachedColumn(slot: Int(slot), from: old, to: constant) {
            _records[Int(slot)].constant = constant
            if !_records[Int(slot)].isEdit { _records[Int(slot)].constraint?.constant = constant }
            _shiftMarker(slot: slot, by: constant - old)
        }
    }

    /// Puts the constant in `slot` back from `current` to `old` (its record
    /// and, for a constraint, the constraint's), moving the rows holding its
    /// marker, after a dual optimisation stopped: the caller notes the rows
    /// to optimise again.
    func _takeBackConstant(slot: Int32, from current: Double, to old: Double) {
        _constantVersion &+= 1
        _records[Int(slot)].constant = old
        if !_records[Int(slot)].isEdit { _records[Int(slot)].constraint?.constant = old }
        _shiftMarker(slot: slot, by: old - current)
    }

    /// `_changeConstant`'s dual optimisation with suggestions waiting.
    @inline(never)
    func _restoreFeasibilityAfterSuggestions(
        slot: Int32, from old: Double, to constant: Double
    ) -> ConstraintConflict? {
        guard _dualOptimizeForConstants() != nil else {
            _pendingSuggestions.removeAll(keepingCapacity: true)
            return nil
        }
        if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
        _takeBackConstant(slot: slot, from: constant, to: old)
        _replayPendingSuggestions()
        return _changeConstantNow(slot: slot, to: constant)
    }

    /// The rest of `_changeConstant` when a row became infeasible.
    @inline(never)
    func _restoreFeasibility(slot: Int32, from old: Double, to constant: Double)
        -> ConstraintConflict?
    {
        guard let failed = _dualOptimizeForConstants() else { return nil }

        guard let constraint = _records[Int(slot)].constraint else { return nil }
        let index = Int(_symbols[Int(failed)].row)
        let conflict = _conflict(certificate: _rows[index], basic: failed, broken: slot)
        // Back to the old constant (a feasible system, and the basis is still
        // optimal, so the dual simplex succeeds), then leave the constraint out.
        if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
        _takeBackConstant(slot: slot, from: constant, to: old)
        for i in _rows.indices { _noteIfInfeasible(i) }
        _recoverFeasibility()
        // An edit (optional) cannot make the required constraints
        // infeasible: only rounding stops the dual simplex there. Its
        // suggestion is not applied, and the edit stays (breaking it would
        // leave its variable pointing at a freed record).
        if _records[Int(slot)].isEdit {
            isDegraded = true
            return nil
        }
        _uninstall(slot: slot)
        constraint.constant = constant
        let minimal = _minimized(conflict)
        _forgetBroken(constraint)
        _brokenConstraints.append(minimal)
        return minimal
    }

    /// Runs the dual simplex after constants were taken back to values the
    /// required constraints satisfy, from a basis the dual simplex left
    /// optimal: it cannot stop on a row then (exactly), since such a row
    /// proves the required constraints infeasible. Should rounding stop it
    /// anyway, the tableau is marked degraded, for its owner to build it
    /// afresh (`isDegraded`), rather than read values from an infeasible one.
    func _recoverFeasibility() {
        let recovered = _dualOptimize()
        assert(recovered == nil, "TrellisConstraints: could not restore a feasible tableau")
        if recovered != nil { isDegraded = true }
        if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
    }

    /// Carries a change of `delta` in a constraint's constant into the
    /// tableau. The constraint's original row is `0 = terms - constant +
    /// c * marker + ...`; raising the constant by `delta` gives the same
    /// system in `marker' = marker + delta / c`, i.e. `marker = marker' -
    /// delta / c`: only constants of rows holding the marker change.
    func _shiftMarker(slot: Int32, by delta: Double) {
        let slot = Int(slot)
        let shift = -delta * _records[slot].markerScale
        let marker = _records[slot].marker
        if _liveColumnsVersion == _structureVersion && _basisPoolMembership == _membershipVersion {
            return _shiftLiveColumn(slot: slot, marker: marker, by: shift)
        }
        let markerRow = _symbols[Int(marker)].row
        if markerRow >= 0 {
            _rows[Int(markerRow)].constant -= shift
            _noteIfInfeasible(Int(markerRow))
            _shiftDefinition(slot: slot, marker: marker, by: shift)
            return
        }
        let other = _records[slot].other
        if other >= 0 {
            // The other error's column is minus the marker's: when it is
            // basic, the marker appears in its row only (and in the
            // constraint's own definition, which holds both as written).
            let otherRow = _symbols[Int(other)].row
            if otherRow >= 0 {
                let index = Int(otherRow)
                _rows[index].constant += _rows[index].coefficient(for: marker) * shift
                _noteIfInfeasible(index)
                _shiftDefinition(slot: slot, marker: marker, by: shift)
                return
            }
        }
        // The marker's column (rows holding it), cached until the tableau's
        // terms change: repeated suggestions then touch only those rows.
        if _records[slot].columnVersion != _structureVersion {
            _records[slot].column.removeAll(keepingCapacity: true)
            _records[slot].column.reserveCapacity(8)
            _forEachRow(holding: marker) { i, t in
                _records[slot].column.append(
                    _ColumnEntry(
                        row: Int32(i), basicKind: _symbols[Int(_rows[i].basic)].kind,
                        coefficient: _rows[i].terms[t].coefficient))
            }
            _records[slot].columnVersion = _structureVersion
        }
        _shiftColumn(slot: slot, by: shift)
    }

    /// Carries a marker's shift into the constraint's own definition, when
    /// its row is one and the marker is basic elsewhere (a definition holds
    /// basic symbols as written, so the marker's column does not list it).
    @inline(__always)
    func _shiftDefinition(slot: Int, marker: _Symbol, by shift: Double) {
        let defined = _records[slot].definition
        guard defined >= 0 else { return }
        let index = Int(_symbols[Int(defined)].row)
        _rows[index].constant += _rows[index].coefficient(for: marker) * shift
    }

    /// `_changeConstant`'s update for an edit constraint whose marker's
    /// column is cached and current (so neither of its errors is basic: a
    /// symbol enters or leaves the basis only with a structure change):
    /// sets the constant and shifts the rows of the column, as
    /// `_shiftMarker` would. False, having done nothing, otherwise.
    /// (A reused cell's engine runs this once per row of its list.)
    @inline(__always)
    func _shiftCachedColumn(slot: Int, from old: Double, to constant: Double) -> Bool {
        guard _records[slot].isEdit, _records[slot].columnVersion == _structureVersion else {
            return false
        }
        _shiftColumn(
            slot: slot, by: -(constant - old) * _records[slot].markerScale, setting: constant)
        return true
    }

    /// Adds `coefficient * shift` to the constant of every row in the
    /// slot's cached column (and sets the record's constant to `constant`
    /// when given), noting the rows that became infeasible.
    @inline(__always)
    func _shiftColumn(slot: Int, by shift: Double, setting constant: Double? = nil) {
        // Through buffers: one uniqueness check for all the rows, where
        // indexing `_rows` checked it once per row. Mutable access
        // throughout: exclusive, so the buffers need no retain.
        _records.withUnsafeMutableBufferPointer { records in
            if let constant { records[slot].constant = constant }
            records[slot].column.withUnsafeMutableBufferPointer { column in
                _shiftRows(along: UnsafeBufferPointer(column), by: shift)
            }
        }
    }

    /// Moves the constant of each row in `column` by its coefficient times
    /// `shift`, and notes each restricted row that became infeasible, in
    /// the column's order, as `_noteIfInfeasible` would (the entry's kind
    /// is that of the row's basic symbol: a column is made again whenever
    /// the basis changes). Through a buffer: one uniqueness check for all
    /// the rows.
    @inline(__always)
    func _shiftRows(along column: UnsafeBufferPointer<_ColumnEntry>, by shift: Double) {
        _rows.withUnsafeMutableBufferPointer { rows in
            for entry in column {
                let index = Int(entry.row)
                rows[index].constant += entry.coefficient * shift
                switch entry.basicKind {
                case .external, .free: break
                case .dummy:
                    if !_nearZero(rows[index].constant) { _infeasible.append(rows[index].basic) }
                case .slack, .error:
                    if rows[index].constant < 0 { _infeasible.append(rows[index].basic) }
                }
            }
        }
    }

    @inline(__always)
    func _noteIfInfeasible(_ index: Int) {
        let basic = _rows[index].basic
        switch _symbols[Int(basic)].kind {
        case .external, .free: return
        case .dummy:
            if !_nearZero(_rows[index].constant) { _infeasible.append(basic) }
        case .slack, .error:
            if _rows[index].constant < 0 { _infeasible.append(basic) }
        }
    }

    /// Moves an optional constraint's errors from one objective level to
    /// another and re-optimises.
    func _moveErrors(slot: Int32, from old: Priority, to new: Priority) {
        let record = _records[Int(slot)]
        _emptyBasisPool()  // the objective changes
        let newLevel = _acquireLevel(new)
        _addErrorEffects(record, level: _level(of: old), times: -1)
        _addErrorEffects(record, level: newLevel, times: 1)
        _releaseLevel(old)
        record.constraint?.priority = new
        _optimize(_allLevels)
        if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
    }
}
