// Adding and removing a constraint (paper sections 4.1 and 4.2): its row in
// augmented simplex form, the subject it is solved for, the artificial
// variable of phase one, and the removal of its marker.

extension Solver {
    // MARK: Adding a constraint

    /// Installs a validated constraint; returns a conflict, and installs
    /// nothing, when a required constraint cannot be satisfied.
    func _install(_ constraint: Constraint, isEdit: Bool) -> ConstraintConflict? {
        if _records.capacity == 0 { _reserveInitialCapacity() }
        _membershipVersion &+= 1
        let slot = _allocateRecord(constraint, isEdit: isEdit)
        let level = constraint.priority.isRequired ? -1 : _acquireLevel(constraint.priority)
        if let index = _definitionCandidate(constraint) {
            _installDefinition(constraint, slot: slot, level: level, subjectAt: index)
            constraint._solver = self
            constraint._slot = slot
            _optimize(_allLevels)
            if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
            return nil
        }
        var row = _createRow(constraint, slot: slot, level: level, expanding: true)
        let marker = _records[Int(slot)].marker
        var subject = _chooseSubject(row, marker: marker, other: _records[Int(slot)].other)
        if _columnsEnabled && level >= 0 && subject >= 0
            && _symbols[Int(subject)].kind != .external
        {
            subject = _degenerateSubject(
                row, chosen: subject, marker: marker, other: _records[Int(slot)].other, level: level
            )
        }
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
            // Moved into a `let`: substituting a `var` row retained and
            // released its terms around the call.
            let solved = consume row
            _substitute(subject, solved)
            _insertRow(subject, solved)
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

    /// Checks a constraint before it is added: a valid priority, finite
    /// numbers, a positive weight.
    func _validate(_ constraint: Constraint) throws(SolverError) {
        guard constraint.priority.isValid else {
            throw .invalidPriority(constraint.priority.rawValue, constraint.description)
        }
        guard constraint.constant.isFinite else {
            throw .nonFiniteNumber("the constant of \(constraint)")
        }
        // The coefficients read in place in one pass (each read by its
        // index went through a switch on the index); the first non-finite
        // one found again by index for the message.
        var finite = true
        constraint._forEachTerm { coefficient, _ in finite = finite && coefficient.isFinite }
        if !finite {
            for i in 0..<constraint._termCount where !constraint._termCoefficient(at: i).isFinite {
                throw .nonFiniteNumber(
                    "the coefficient of \(constraint._term(at: i).variable) in \(constraint)")
            }
        }
        guard constraint.weight.isFinite, constraint.weight > 0 else {
            throw .nonFiniteNumber(
                "the weight \(constraint.weight) of \(constraint) (must be positive)")
        }
    }

    /// Builds the constraint's row in augmented simplex form (paper section
    /// 4.1): `0 = terms - constant + marker (+ errors)`, with basic variables
    /// substituted by their rows (`expanding`; a definition keeps them, see
    /// Solver+Definitions.swift), and a non-negative constant.
    func _createRow(_ constraint: Constraint, slot: Int32, level: Int, expanding: Bool) -> _Row {
        var row = _Row(constant: -constraint.constant)
        // A cell-sized tableau's rows grow past 8 terms as basic rows are
        // substituted in; room for 16 saved a fresh cell solver about 5
        // regrowths, and 32 a new feed cell of 13 views (whose long merges
        // grew most rows past 16) 1.5% of its instructions (callgrind).
        // Large systems (columns kept) keep 8: their rows are mostly
        // short, and there are many. The array is one a freed solver's row
        // left, when there is one (Solver+RowStorage.swift).
        row.terms = _rowStorage(
            minimumCapacity: max(_columnsEnabled ? 8 : 32, constraint._termCount + 2))
        for i in 0..<constraint._termCount {
            // A variable already held counts one more use here, inline: a
            // call to `_acquireSymbol` costs more.
            let variable = constraint._termVariable(at: i)
            var symbol = variable._withUnsafeGuaranteedRef { _existingSymbol(for: $0) }
            if symbol >= 0 {
                _variableInfo[Int(_symbols[Int(symbol)].owner)].uses += 1
            } else {
                symbol = _acquireSymbol(for: variable)
            }
            let coefficient = constraint._termCoefficient(at: i)
            if _nearZero(coefficient) { continue }
            let basicRow = _symbols[Int(symbol)].row
            if basicRow >= 0 && expanding {
                if _rows[Int(basicRow)].isDefinition {
                    if !_addParametricDefinition(Int(basicRow), times: coefficient, to: &row) {
                        _addExpansion(of: symbol, times: coefficient, to: &row)
                    }
                } else if !_isLongMerge(_rows[Int(basicRow)], into: row) {
                    // `_add`'s short merge, reading the basic row in place:
                    // passing it retained and released its terms.
                    let b = Int(basicRow)
                    row.constant += _rows[b].constant * coefficient
                    for j in 0..<_rows[b].terms.count {
                        let term = _rows[b].terms[j]
                        row.insert(term.symbol, term.coefficient * coefficient)
                    }
                } else {
                    _add(_rows[Int(basicRow)], times: coefficient, to: &row, basic: _noSymbol)
                }
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
                _objective[level].insert(other, constraint.weight)
            }
        case .equal:
            if optional {
                // terms - constant = plus - minus.
                markerCoefficient = -1
                marker = _newSymbol(.error, owner: slot)
                other = _newSymbol(.error, owner: slot)
                row.insert(marker, -1)
                row.insert(other, 1)
                _objective[level].insert(marker, constraint.weight)
                _objective[level].insert(other, constraint.weight)
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
    ///
    /// In a large system (columns kept) the external symbol held by the
    /// fewest ordinary rows is taken (the first of those tied), judged from
    /// at most `_subjectHolderLimit` nodes of each column: substituting the
    /// subject costs a row merge per row holding it. (A fill-aligned stack
    /// of n views makes `first.leading == view.leading` for each: the row
    /// `w_k - w_0 = 0` solved for `w_0`, as Kiwi's order by symbol id would,
    /// went through every earlier `w_j = w_0`: O(n²), 2,000 labels 2.5 s.)
    func _chooseSubject(_ row: _Row, marker: _Symbol, other: _Symbol) -> _Symbol {
        var best = _noSymbol
        var fewest = Int.max
        for term in row.terms where _symbols[Int(term.symbol)].kind == .external {
            if !_columnsEnabled { return term.symbol }
            let holders = _ordinaryHolders(of: term.symbol)
            if holders == 0 { return term.symbol }
            if holders < fewest {
                best = term.symbol
                fewest = holders
            }
        }
        if best >= 0 { return best }
        if _isRestrictedSubject(marker, in: row) { return marker }
        if _isRestrictedSubject(other, in: row) { return other }
        return _noSymbol
    }

    /// How many column nodes `_ordinaryHolders` reads at most.
    static var _subjectHolderLimit: Int { 8 }

    /// The number of ordinary rows (not definitions) holding `symbol`, up
    /// to `_subjectHolderLimit`, read from its column.
    func _ordinaryHolders(of symbol: _Symbol) -> Int {
        var node = _columnHeads[Int(symbol)]
        var count = 0
        var read = 0
        while node >= 0 && read < Self._subjectHolderLimit {
            read += 1
            let row = _symbols[Int(_columnNodes[Int(node)].basic)].row
            if row >= 0 && !_rows[Int(row)].isDefinition
                && _rows[Int(row)].index(of: symbol) != nil
            {
                count += 1
            }
            node = _columnNodes[Int(node)].next
        }
        return node >= 0 ? Self._subjectHolderLimit : count
    }

    /// For a row whose constant is 0 (an optional constraint that already
    /// holds, such as `UISV-spanning-boundary` at 999.5 for every view of a
    /// leading-aligned stack: `spanner.leading == view.leading` where
    /// `view.leading == first.leading`), either error symbol of the
    /// constraint is a feasible subject. The paper's choice (the marker)
    /// may leave a negative coefficient in the objective, which the
    /// optimisation then pivots away (a degenerate pivot: no value moves);
    /// with n such constraints the rows all hold the same parametric pair,
    /// so every other one pivoted through all n rows (O(n²): a column of
    /// 10,000 boxes took 10 s). The other error symbol is taken instead
    /// when it leaves no negative coefficient and the marker would: the
    /// tableau is then optimal as it stands, and no value differs. Only in
    /// large systems (columns kept): a cell's solver keeps the paper's
    /// choice, and its pivots cost a few rows.
    func _degenerateSubject(
        _ row: _Row, chosen: _Symbol, marker: _Symbol, other: _Symbol, level: Int
    ) -> _Symbol {
        guard _nearZero(row.constant), _makesNegative(row, subject: chosen, level: level) else {
            return chosen
        }
        let alternative = chosen == marker ? other : marker
        guard alternative >= 0, _symbols[Int(alternative)].kind != .dummy,
            row.coefficient(for: alternative) != 0,
            !_makesNegative(row, subject: alternative, level: level)
        else { return chosen }
        return alternative
    }

    /// Whether solving `row` for `subject` and substituting it into
    /// objective level `level` gives a non-dummy symbol a negative coefficient there.
    func _makesNegative(_ row: _Row, subject: _Symbol, level: Int) -> Bool {
        let weight = _objective[level].coefficient(for: subject)
        if weight == 0 { return false }
        let factor = -weight / row.coefficient(for: subject)
        for term in row.terms where term.symbol != subject {
            if _symbols[Int(term.symbol)].kind == .dummy { continue }
            let updated =
                _objective[level].coefficient(for: term.symbol) + factor * term.coefficient
            if updated <= -_epsilon { return true }
        }
        return false
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
        _optimalValid = false
        _optimize(_levelPriority.count..<_objective.count)
        let objective = _objective.removeLast().row
        _optimalValid = false
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
        for i in 0..<constraint._termCount { _releaseSymbol(for: constraint._term(at: i).variable) }
        if !constraint.priority.isRequired { _releaseLevel(constraint.priority) }
        _freeRecord(slot)
    }

    // MARK: Removing a constraint

    /// Removes an installed constraint (paper section 4.2) and re-optimises.
    func _uninstall(slot: Int32) {
        let record = _records[Int(slot)]
        guard let constraint = record.constraint else { return }
        _membershipVersion &+= 1
        _materializeDefinition(slot: slot)
        if !constraint.priority.isRequired {
            _addErrorEffects(record, level: _level(of: constraint.priority), times: -1)
        }
        _removeEquation(marker: record.marker)
        _freeSymbol(record.marker)
        if record.other >= 0 {
            _scrub(record.other)
            _freeSymbol(record.other)
        }
        for i in 0..<constraint._termCount { _releaseSymbol(for: constraint._term(at: i).variable) }
        if !constraint.priority.isRequired { _releaseLevel(constraint.priority) }
        _freeRecord(slot)
        constraint._solver = nil
        constraint._slot = -1
        _optimize(_allLevels)
        if !_infeasible.isEmpty { _infeasible.removeAll(keepingCapacity: true) }
    }

    /// Adds `factor` times the constraint's weighted error symbols to its
    /// objective level (their rows when basic).
    func _addErrorEffects(_ record: _Record, level: Int, times factor: Double) {
        let factor = factor * (record.constraint?.weight ?? 1)
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

    /// The row to pivot a parametric marker into: a row whose basic symbol
    /// is a dummy, if any; else Kiwi's rule: the restricted row with a
    /// negative coefficient and the smallest ratio; else a restricted row
    /// with the smallest ratio; else an unrestricted one.
    ///
    /// A dummy row is a redundant required equality (its marker was kept
    /// basic, `_install`): `dummy = 0 + Σ aᵢ·dᵢ` over dummies only, the
    /// removed marker among them. Pivoting the marker in elsewhere, in row
    /// `r` (`basic_r = c_r + a_r·marker + …`), moves every row holding the
    /// marker by `−aᵢ·c_r / a_r`: a dummy row then reads `dummy = c ≠ 0`, a
    /// required equality broken, where the redundant twin should have
    /// taken the removed constraint's place. (Kiwi's rule, which ranks the
    /// row by its coefficient's sign, does just that: `x == 10` twice with
    /// `x >= 0`, remove the first, and Kiwi 1.5.1 gives x = 0.) Through the
    /// dummy row, `c_r` is 0: no constant moves, the marker goes with its
    /// row, and the twin's dummy, now parametric, carries the equality in
    /// the other rows; every row still holds dummies only or has a
    /// non-dummy basic symbol.
    ///
    /// - Complexity: O(rows holding the marker), through its column.
    func _markerLeavingRow(_ marker: _Symbol) -> Int? {
        var negativeRatio = Double.greatestFiniteMagnitude
        var positiveRatio = Double.greatestFiniteMagnitude
        var redundant: Int? = nil
        var first: Int? = nil
        var second: Int? = nil
        var third: Int? = nil
        _forEachRow(holding: marker) { i, t in
            let coefficient = _rows[i].terms[t].coefficient
            let kind = _symbols[Int(_rows[i].basic)].kind
            if kind == .external {
                third = i
            } else if kind == .dummy {
                redundant = i
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
        return redundant ?? first ?? second ?? third
    }
}
