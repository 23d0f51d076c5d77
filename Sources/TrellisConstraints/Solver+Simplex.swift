// The incremental simplex steps, each named after the step of Badros,
// Borning and Stuckey's paper (and of Kiwi, which follows it), with a
// lexicographic objective: one row per optional priority level.

extension Solver {
    /// The objective levels in use, highest priority first.
    var _allLevels: Range<Int> { 0..<_levelPriority.count }

    // MARK: Adding a constraint

    /// Installs a validated constraint; returns a conflict, and installs
    /// nothing, when a required constraint cannot be satisfied.
    func _install(_ constraint: Constraint, isEdit: Bool) -> ConstraintConflict? {
        if _records.capacity == 0 { _reserveInitialCapacity() }
        _membershipVersion &+= 1
        let slot = _allocateRecord(constraint, isEdit: isEdit)
        let level = constraint.priority.isRequired ? -1 : _acquireLevel(constraint.priority)
        var row = _createRow(constraint, slot: slot, level: level)
        let marker = _records[Int(slot)].marker
        var subject = _chooseSubject(row, marker: marker, other: _records[Int(slot)].other)
        if subject < 0 && _allDummies(row) {
            guard _nearZero(row.constant) else {
                let conflict = _conflict(certificate: row, basic: _noSymbol, broken: slot)
                _discardFailedRecord(slot)
                return _minimized(conflict)
            }
            subject = marker  // redundant equality: keep its marker basic
        }
        if subject >= 0 {
            row.solve(for: subject)
            _substitute(subject, row)
            _insertRow(subject, row)
        } else if let certificate = _addWithArtificialVariable(row) {
            let conflict = _conflict(certificate: certificate, basic: _noSymbol, broken: slot)
            _discardFailedRecord(slot)
            _optimize(_allLevels)
            if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
            return _minimized(conflict)
        }
        constraint._solver = self
        constraint._slot = slot
        _optimize(_allLevels)
        if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
        return nil
    }

    /// Builds the constraint's row in augmented simplex form (paper section
    /// 4.1): `0 = terms - constant + marker (+ errors)`, with basic variables
    /// substituted by their rows, and a non-negative constant.
    func _createRow(_ constraint: Constraint, slot: Int32, level: Int) -> _Row {
        var row = _Row(constant: -constraint.constant)
        row.terms.reserveCapacity(max(8, constraint.terms.count + 2))
        let terms = constraint.terms
        for i in 0..<terms.count {
            let symbol = _acquireSymbol(for: terms[i].variable)
            let coefficient = terms[i].coefficient
            if _nearZero(coefficient) { continue }
            let basicRow = _symbols[Int(symbol)].row
            if basicRow >= 0 {
                _add(_rows[Int(basicRow)], times: coefficient, to: &row, basic: _noSymbol)
            } else {
                row.insert(symbol, coefficient)
            }
        }
        var marker = _noSymbol
        var other = _noSymbol
        var markerCoefficient = 1.0
        let optional = level >= 0
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // terms - constant + slack = 0 for <=, - slack for >=.
            markerCoefficient = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = _newSymbol(.slack, owner: slot)
            row.insert(marker, markerCoefficient)
            if optional {
                other = _newSymbol(.error, owner: slot)
                row.insert(other, -markerCoefficient)
                _objective[level].insert(other, 1)
            }
        case .equal:
            if optional {
                // terms - constant = plus - minus.
                markerCoefficient = -1
                marker = _newSymbol(.error, owner: slot)
                other = _newSymbol(.error, owner: slot)
                row.insert(marker, -1)
                row.insert(other, 1)
                _objective[level].insert(marker, 1)
                _objective[level].insert(other, 1)
            } else {
                marker = _newSymbol(.dummy, owner: slot)
                row.insert(marker, 1)
            }
        }
        _records[Int(slot)].marker = marker
        _records[Int(slot)].other = other
        _records[Int(slot)].markerScale = 1 / markerCoefficient
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    /// Chooses the symbol to make basic for a new row (paper section 4.1):
    /// any external variable; else the constraint's own slack or error symbol
    /// if its coefficient is negative (the row's constant is non-negative,
    /// so that basic value is feasible); else none.
    func _chooseSubject(_ row: _Row, marker: _Symbol, other: _Symbol) -> _Symbol {
        for term in row.terms where _symbols[Int(term.symbol)].kind == .external {
            return term.symbol
        }
        if _isRestrictedSubject(marker, in: row) { return marker }
        if _isRestrictedSubject(other, in: row) { return other }
        return _noSymbol
    }

    @inline(__always)
    func _isRestrictedSubject(_ symbol: _Symbol, in row: _Row) -> Bool {
        guard symbol >= 0 else { return false }
        let kind = _symbols[Int(symbol)].kind
        return (kind == .slack || kind == .error) && row.coefficient(for: symbol) < 0
    }

    func _allDummies(_ row: _Row) -> Bool {
        for term in row.terms where _symbols[Int(term.symbol)].kind != .dummy { return false }
        return true
    }

    /// Phase one (paper section 4.1, "artificial variable"): adds `row` with
    /// an artificial basic variable and minimises it. Returns nil when the
    /// row was added, or the optimal artificial objective (a certificate that
    /// the required constraints are infeasible) after taking it out again.
    func _addWithArtificialVariable(_ row: _Row) -> _Row? {
        let artificial = _newSymbol(.slack, owner: -1)
        _insertRow(artificial, row)
        _objective.append(_ObjectiveRow(row))
        _optimize(_levelPriority.count..<_objective.count)
        let objective = _objective.removeLast().row
        guard _nearZero(objective.constant) else {
            _removeEquation(marker: artificial)
            _scrub(artificial)
            _freeSymbol(artificial)
            return objective
        }
        let index = _symbols[Int(artificial)].row
        if index >= 0 {
            var basicRow = _takeRow(at: Int(index))
            if !basicRow.terms.isEmpty {
                let entering = _anyPivotableSymbol(basicRow)
                if entering >= 0 {
                    basicRow.solve(for: artificial, entering)
                    _substitute(entering, basicRow)
                    _insertRow(entering, basicRow)
                }
                // Else the row reads 0 = (dummies): implied by the other rows.
            }
        }
        _scrub(artificial)
        _freeSymbol(artificial)
        return nil
    }

    func _anyPivotableSymbol(_ row: _Row) -> _Symbol {
        for term in row.terms {
            let kind = _symbols[Int(term.symbol)].kind
            if kind == .slack || kind == .error { return term.symbol }
        }
        return _noSymbol
    }

    /// Undoes `_createRow` for a constraint that was not installed.
    func _discardFailedRecord(_ slot: Int32) {
        let record = _records[Int(slot)]
        guard let constraint = record.constraint else { return }
        for symbol in [record.marker, record.other] where symbol >= 0 {
            _scrub(symbol)
            _freeSymbol(symbol)
        }
        for term in constraint.terms { _releaseSymbol(for: term.variable) }
        if !constraint.priority.isRequired { _releaseLevel(constraint.priority) }
        _freeRecord(slot)
    }

    // MARK: Removing a constraint

    /// Removes an installed constraint (paper section 4.2) and re-optimises.
    func _uninstall(slot: Int32) {
        let record = _records[Int(slot)]
        guard let constraint = record.constraint else { return }
        _membershipVersion &+= 1
        if !constraint.priority.isRequired {
            _addErrorEffects(record, level: _level(of: constraint.priority), times: -1)
        }
        _removeEquation(marker: record.marker)
        _freeSymbol(record.marker)
        if record.other >= 0 {
            _scrub(record.other)
            _freeSymbol(record.other)
        }
        for term in constraint.terms { _releaseSymbol(for: term.variable) }
        if !constraint.priority.isRequired { _releaseLevel(constraint.priority) }
        _freeRecord(slot)
        constraint._solver = nil
        constraint._slot = -1
        _optimize(_allLevels)
        if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
    }

    /// Adds `factor` times the constraint's error symbols to its objective
    /// level (their rows when basic).
    func _addErrorEffects(_ record: _Record, level: Int, times factor: Double) {
        for symbol in [record.marker, record.other]
        where symbol >= 0 && _symbols[Int(symbol)].kind == .error {
            let row = _symbols[Int(symbol)].row
            if row >= 0 {
                _objective[level].insert(_rows[Int(row)], times: factor)
            } else {
                _objective[level].insert(symbol, factor)
            }
        }
    }

    /// Takes the equation marked by `marker` out of the tableau: erases its
    /// row if basic, else first pivots it into the basis in the row the
    /// paper's marker rule picks (keeping the tableau feasible).
    func _removeEquation(marker: _Symbol) {
        let basicRow = _symbols[Int(marker)].row
        if basicRow >= 0 {
            _ = _takeRow(at: Int(basicRow))
            return
        }
        guard let index = _markerLeavingRow(marker) else { return }  // column already empty
        let leaving = _rows[index].basic
        var row = _takeRow(at: index)
        row.solve(for: leaving, marker)
        _substitute(marker, row)
    }

    /// The row to pivot a parametric marker into (Kiwi's rule): the
    /// restricted row with a negative coefficient and the smallest ratio;
    /// else a restricted row with the smallest ratio; else an unrestricted one.
    ///
    /// - Complexity: O(rows holding the marker), through its column.
    func _markerLeavingRow(_ marker: _Symbol) -> Int? {
        var negativeRatio = Double.greatestFiniteMagnitude
        var positiveRatio = Double.greatestFiniteMagnitude
        var first: Int? = nil
        var second: Int? = nil
        var third: Int? = nil
        _forEachRow(holding: marker) { i, t in
            let coefficient = _rows[i].terms[t].coefficient
            if _symbols[Int(_rows[i].basic)].kind == .external {
                third = i
            } else if coefficient < 0 {
                let ratio = -_rows[i].constant / coefficient
                if ratio < negativeRatio {
                    negativeRatio = ratio
                    first = i
                }
            } else {
                let ratio = _rows[i].constant / coefficient
                if ratio < positiveRatio {
                    positiveRatio = ratio
                    second = i
                }
            }
        }
        return first ?? second ?? third
    }

    // MARK: Substitution and pivots

    /// Replaces `symbol` by `row` everywhere (tableau and objective), noting
    /// rows that became infeasible. Afterwards no row holds `symbol` (`row`
    /// does not), so its column is emptied.
    ///
    /// - Complexity: O(rows holding `symbol` × (their length + `row`'s)),
    ///   through the symbol's column; Kiwi visits every row.
    func _substitute(_ symbol: _Symbol, _ row: _Row) {
        _structureVersion &+= 1
        _forEachRow(holding: symbol) { i, t in
            let coefficient = _rows[i].terms[t].coefficient
            _rows[i]._removeTerm(at: t)
            let basic = _rows[i].basic
            _add(row, times: coefficient, to: &_rows[i], basic: basic)
            if _symbols[Int(basic)].kind != .external && _rows[i].constant < 0 {
                _infeasible.append(basic)
            }
        }
        _clearColumn(symbol)
        for k in _objective.indices where _objective[k].contains(symbol) {
            _objective[k].substitute(symbol, with: row)
        }
    }

    /// Exchanges the basic symbol of row `index` with `entering`.
    func _pivot(rowAt index: Int, entering: _Symbol) {
        let leaving = _rows[index].basic
        var row = _takeRow(at: index)
        row.solve(for: leaving, entering)
        _substitute(entering, row)
        _insertRow(entering, row)
    }

    // MARK: Primal simplex

    /// Minimises the objective `levels` lexicographically with the primal
    /// simplex (paper section 3.2, "optimize").
    func _optimize(_ levels: Range<Int>) {
        for k in _objective.indices
        where !_objective[k].isIndexed && _objective[k].terms.count > _objectiveIndexThreshold {
            _objective[k].buildIndex()
        }
        _residueBlocked = false
        while true {
            let entering = _enteringSymbol(levels)
            if entering < 0 {
                // Stopped, but a better solution may have been kept out by
                // residue alone: a symbol improving a lower level with a
                // coefficient like 1.2e-8 at a higher one, where the exact
                // tableau has 0 (seen on a reused cell after hundreds of
                // constant and priority changes: an image view kept 120
                // points tall where a fresh solver, at the same cost at 999,
                // made it 0 as its hugging at 247 asks). Rounding cannot be
                // told from a real coefficient that small, so the owner
                // builds the tableau afresh (`isDegraded`), as for an
                // unbounded objective below.
                if _residueBlocked { isDegraded = true }
                return
            }
            guard let index = _leavingRow(entering) else {
                // An objective of errors is bounded below by zero, so a
                // symbol that improves it without bound has a coefficient
                // made of rounding residue: a long history of pivots (a
                // reused cell's solver, with constraints added and removed
                // between rows) can leave objective coefficients 1e-8 to
                // 1e-7 off, just past `_epsilon` (seen: −1.09e-8 on a slack).
                // The solution is then not optimal, and dropping the residue
                // only moves the trouble into the rows: the tableau is
                // marked degraded, for its owner to build it afresh.
                isDegraded = true
                return
            }
            _pivot(rowAt: index, entering: entering)
        }
    }

    /// The entering symbol: a non-dummy symbol whose objective coefficients,
    /// read from the highest level down, first become non-zero with a
    /// negative value (it improves the highest level it affects). The
    /// smallest such id is taken (Bland's rule, which prevents cycling).
    ///
    /// - Complexity: O(negative coefficients × levels) for long (indexed)
    ///   levels, which list their negative symbols; O(length) for short ones.
    func _enteringSymbol(_ levels: Range<Int>) -> _Symbol {
        var best = _noSymbol
        for k in levels {
            if _objective[k].isIndexed {
                _objective[k].compactNegatives()
                for j in 0..<_objective[k].negatives.count {
                    let symbol = _objective[k].negatives[j]
                    if _improvesFirst(symbol, level: k, levels: levels, best: best) {
                        best = symbol
                    }
                }
            } else {
                for t in 0..<_objective[k].terms.count where _objective[k].terms[t].coefficient < 0
                {
                    let symbol = _objective[k].terms[t].symbol
                    if _improvesFirst(symbol, level: k, levels: levels, best: best) {
                        best = symbol
                    }
                }
            }
        }
        return best
    }

    /// Whether `symbol`, negative at level `k`, is a better entering symbol
    /// than `best`: not a dummy, absent from the levels above `k`, and a
    /// smaller id.
    @inline(__always)
    func _improvesFirst(_ symbol: _Symbol, level k: Int, levels: Range<Int>, best: _Symbol) -> Bool
    {
        if best >= 0 && symbol >= best { return false }
        if _symbols[Int(symbol)].kind == .dummy { return false }
        for j in levels.lowerBound..<k {
            let coefficient = _objective[j].coefficient(for: symbol)
            if coefficient == 0 { continue }
            if abs(coefficient) < _residueLimit { _residueBlocked = true }
            return false
        }
        return true
    }

    /// The leaving row for `entering` (ratio test): among restricted rows
    /// where the entering symbol has a negative coefficient, the one that
    /// reaches zero first; ties go to the smallest basic id (Bland's rule).
    ///
    /// - Complexity: O(rows holding `entering`), through its column.
    func _leavingRow(_ entering: _Symbol) -> Int? {
        var best: Int? = nil
        var bestRatio = Double.greatestFiniteMagnitude
        var bestBasic = Int32.max
        _forEachRow(holding: entering) { i, t in
            let basic = _rows[i].basic
            let coefficient = _rows[i].terms[t].coefficient
            guard _symbols[Int(basic)].kind != .external, coefficient < 0 else { return }
            let ratio = -_rows[i].constant / coefficient
            if ratio < bestRatio || (ratio == bestRatio && basic < bestBasic) {
                best = i
                bestRatio = ratio
                bestBasic = basic
            }
        }
        return best
    }

    // MARK: Dual simplex

    /// Restores feasibility after constants changed, keeping optimality
    /// (paper section 4.3, "dual optimize"). Returns nil on success, or the
    /// basic symbol of a row that proves the required constraints infeasible.
    func _dualOptimize() -> _Symbol? {
        while let leaving = _infeasible.popLast() {
            let index = _symbols[Int(leaving)].row
            guard index >= 0 else { continue }
            let constant = _rows[Int(index)].constant
            if _symbols[Int(leaving)].kind == .dummy {
                // A redundant required equality whose constant moved off zero.
                if !_nearZero(constant) { return leaving }
                continue
            }
            // Tiny negative constants are rounding residue, not infeasibility.
            guard constant <= -_epsilon else { continue }
            let entering = _dualEnteringSymbol(_rows[Int(index)])
            guard entering >= 0 else { return leaving }
            _pivot(rowAt: Int(index), entering: entering)
        }
        return nil
    }

    /// The dual entering symbol for an infeasible row: among non-dummy
    /// symbols with a positive coefficient, the one whose objective
    /// coefficients divided by that coefficient are lexicographically
    /// smallest (ties: smallest id).
    func _dualEnteringSymbol(_ row: _Row) -> _Symbol {
        var best = _noSymbol
        var bestCoefficient = 0.0
        for term in row.terms where term.coefficient > 0 {
            let symbol = term.symbol
            if _symbols[Int(symbol)].kind == .dummy { continue }
            if best < 0 {
                best = symbol
                bestCoefficient = term.coefficient
                continue
            }
            var order = 0
            for k in _allLevels {
                let difference =
                    _objective[k].coefficient(for: symbol) / term.coefficient
                    - _objective[k].coefficient(for: best) / bestCoefficient
                if difference < -_epsilon {
                    order = -1
                    break
                }
                if difference > _epsilon {
                    order = 1
                    break
                }
            }
            if order < 0 || (order == 0 && symbol < best) {
                best = symbol
                bestCoefficient = term.coefficient
            }
        }
        return best
    }

    // MARK: Constants and priorities of installed constraints

    /// Sets an installed constraint's constant (paper section 4.3 for edit
    /// constants, generalised to every constraint through its marker).
    /// Returns the conflict if required constraints became unsatisfiable; the
    /// constraint is then left out.
    @inline(__always)
    func _changeConstant(slot: Int32, to constant: Double) -> ConstraintConflict? {
        let old = _records[Int(slot)].constant
        guard constant != old else { return nil }
        if !_shiftCachedColumn(slot: Int(slot), from: old, to: constant) {
            _records[Int(slot)].constant = constant
            if !_records[Int(slot)].isEdit { _records[Int(slot)].constraint?.constant = constant }
            _shiftMarker(slot: slot, by: constant - old)
        }
        // Only rows noted infeasible need the dual simplex.
        if _infeasible.isEmpty { return nil }
        return _restoreFeasibility(slot: slot, from: old, to: constant)
    }

    /// The rest of `_changeConstant` when a row became infeasible.
    @inline(never)
    func _restoreFeasibility(slot: Int32, from old: Double, to constant: Double)
        -> ConstraintConflict?
    {
        guard let failed = _dualOptimize() else { return nil }

        guard let constraint = _records[Int(slot)].constraint else { return nil }
        let index = Int(_symbols[Int(failed)].row)
        let conflict = _conflict(certificate: _rows[index], basic: failed, broken: slot)
        // Back to the old constant (a feasible system, and the basis is still
        // optimal, so the dual simplex succeeds), then leave the constraint out.
        if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
        _records[Int(slot)].constant = old
        _shiftMarker(slot: slot, by: old - constant)
        for i in _rows.indices { _noteIfInfeasible(i) }
        let recovered = _dualOptimize()
        assert(recovered == nil, "TrellisConstraints: could not restore a feasible tableau")
        _uninstall(slot: slot)
        constraint.constant = constant
        let minimal = _minimized(conflict)
        _forgetBroken(constraint)
        brokenConstraints.append(minimal)
        return minimal
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
        let markerRow = _symbols[Int(marker)].row
        if markerRow >= 0 {
            _rows[Int(markerRow)].constant -= shift
            _noteIfInfeasible(Int(markerRow))
            return
        }
        let other = _records[slot].other
        if other >= 0 {
            // The other error's column is minus the marker's: when it is
            // basic, the marker appears in its row only.
            let otherRow = _symbols[Int(other)].row
            if otherRow >= 0 {
                let index = Int(otherRow)
                _rows[index].constant += _rows[index].coefficient(for: marker) * shift
                _noteIfInfeasible(index)
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
        _shiftColumn(slot: slot, by: -(constant - old) * _records[slot].markerScale, setting: constant)
        return true
    }

    /// Adds `coefficient * shift` to the constant of every row in the
    /// slot's cached column (and sets the record's constant to `constant`
    /// when given), then notes the rows that became infeasible.
    @inline(__always)
    func _shiftColumn(slot: Int, by shift: Double, setting constant: Double? = nil) {
        // Through buffers: one uniqueness check for all the rows, where
        // indexing `_rows` checked it once per row. Mutable access
        // throughout: exclusive, so the buffers need no retain.
        var infeasibleFound = false
        _records.withUnsafeMutableBufferPointer { records in
            if let constant { records[slot].constant = constant }
            records[slot].column.withUnsafeMutableBufferPointer { column in
                _rows.withUnsafeMutableBufferPointer { rows in
                    for entry in column {
                        let index = Int(entry.row)
                        rows[index].constant += entry.coefficient * shift
                        // `_noteIfInfeasible`, deciding only whether any row is.
                        switch entry.basicKind {
                        case .external, .free: break
                        case .dummy: if !_nearZero(rows[index].constant) { infeasibleFound = true }
                        case .slack, .error: if rows[index].constant < 0 { infeasibleFound = true }
                        }
                    }
                }
            }
        }
        guard infeasibleFound else { return }
        for entry in _records[slot].column { _noteIfInfeasible(Int(entry.row)) }
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
        let newLevel = _acquireLevel(new)
        _addErrorEffects(record, level: _level(of: old), times: -1)
        _addErrorEffects(record, level: newLevel, times: 1)
        _releaseLevel(old)
        record.constraint?.priority = new
        _optimize(_allLevels)
        if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
    }
}
