// Bookkeeping behind the simplex: symbol ids, dense row storage, variables,
// priority levels and constraint records.

extension Solver {
    /// Room for a small system (a table cell's constraints), so a fresh
    /// solver does not regrow its arrays while it fills.
    func _reserveInitialCapacity() {
        _symbols.reserveCapacity(48)
        _rows.reserveCapacity(24)
        _records.reserveCapacity(24)
        _variables.reserveCapacity(24)
        _variableInfo.reserveCapacity(24)
        _infeasible.reserveCapacity(8)
        _objective.reserveCapacity(4)
        _levelPriority.reserveCapacity(4)
        _levelUsers.reserveCapacity(4)
    }

    /// Makes room for `constraints` more constraints over about `variables`
    /// more variables, for a client that adds many at once (the layout
    /// engine's rebuild, which knows them all): each constraint takes a
    /// record, a row and one or two symbols of its own. Grown one
    /// constraint at a time, the records, rows and symbols were copied
    /// about a dozen times each over a new column of 1,000 boxes (7,000
    /// constraints: the records alone 0.9 million instructions of copying,
    /// callgrind). Changes nothing but the storage's capacity.
    package func reserveCapacity(forConstraints constraints: Int, variables: Int) {
        guard constraints > 0 else { return }
        if _records.capacity == 0 { _reserveInitialCapacity() }
        _records.reserveCapacity(_records.count + constraints)
        _rows.reserveCapacity(_rows.count + constraints)
        _symbols.reserveCapacity(_symbols.count + 2 * constraints + variables)
        _variables.reserveCapacity(_variables.count + variables)
        _variableInfo.reserveCapacity(_variableInfo.count + variables)
    }

    // MARK: Symbols

    func _newSymbol(_ kind: _SymbolKind, owner: Int32) -> _Symbol {
        if let symbol = _freeSymbols.popLast() {
            // A level may still hold the id (rounding residue): its new
            // kind can make it a candidate to enter.
            _optimalValid = false
            let i = Int(symbol)
            _symbols[i].kind = kind
            _symbols[i].row = -1
            _symbols[i].owner = owner
            return symbol
        }
        let symbol = _Symbol(_symbols.count)
        _symbols.append(_SymbolInfo(row: -1, owner: owner, kind: kind))
        _addColumn()
        return symbol
    }

    func _freeSymbol(_ symbol: _Symbol) {
        _optimalValid = false  // its kind changes (see `_newSymbol`)
        _symbols[Int(symbol)] = _SymbolInfo(row: -1, owner: -1, kind: .free)
        _clearColumn(symbol)
        _freeSymbols.append(symbol)
    }

    /// Removes every occurrence of `symbol` from the tableau and objective
    /// (erasing its row if it is basic), before its id is freed. In exact
    /// arithmetic nothing is left to remove; this clears rounding residue.
    ///
    /// - Complexity: O(rows holding the symbol × their length).
    func _scrub(_ symbol: _Symbol) {
        let row = _symbols[Int(symbol)].row
        if row >= 0 { _ = _takeRow(at: Int(row)) }
        _structureVersion &+= 1
        _forEachRow(holding: symbol) { i, t in _rows[i]._removeTerm(at: t) }
        _clearColumn(symbol)
        for k in _objective.indices where _objective[k].contains(symbol) {
            _objective[k].remove(symbol)
        }
    }

    // MARK: Rows

    func _insertRow(_ basic: _Symbol, _ row: consuming _Row) {
        _structureVersion &+= 1
        _basisFingerprint ^= Self._fingerprint(of: basic)
        _symbols[Int(basic)].row = Int32(_rows.count)
        _rows.append(row)
        _rows[_rows.count - 1].basic = basic
        if _columnsEnabled {
            _noteColumns(ofRowAt: _rows.count - 1)
        } else if _rows.count > _columnThreshold {
            _enableColumns()
        }
    }

    /// Removes and returns the row at `index` (the last row moves into its
    /// place).
    func _takeRow(at index: Int) -> _Row {
        _structureVersion &+= 1
        let last = _rows.count - 1
        let basic = _rows[index].basic
        _basisFingerprint ^= Self._fingerprint(of: basic)
        _symbols[Int(basic)].row = -1
        // The last row moves into the hole (`swap` moves the rows: `swapAt`
        // retained and released both rows' terms).
        var taken = _rows.removeLast()
        if index != last {
            swap(&taken, &_rows[index])
            _symbols[Int(_rows[index].basic)].row = Int32(index)
        }
        return taken
    }

    // MARK: Variables

    /// The variable's symbol in this solver, or -1.
    @inline(__always)
    func _existingSymbol(for variable: Variable) -> _Symbol {
        if variable._owner == _token { return variable._symbol }
        if _foreignVariables.isEmpty { return _noSymbol }
        return _foreignVariables[ObjectIdentifier(variable)] ?? _noSymbol
    }

    /// The variable's symbol, created on first use; counts one more use.
    /// The variable comes unretained (a term of the constraint being
    /// installed keeps it alive): passed as a reference, the caller
    /// retained and released it around the call.
    func _acquireSymbol(for unretained: Unmanaged<Variable>) -> _Symbol {
        let existing = unretained._withUnsafeGuaranteedRef { _existingSymbol(for: $0) }
        if existing >= 0 {
            _variableInfo[Int(_symbols[Int(existing)].owner)].uses += 1
            return existing
        }
        let index = Int32(_variables.count)
        let symbol = _newSymbol(.external, owner: index)
        _variables.append(unretained)
        _variableInfo.append(_VariableInfo(symbol: symbol, uses: 1, edit: -1))
        let token = _token
        unretained._withUnsafeGuaranteedRef { variable in
            if variable._owner == 0 {
                variable._owner = token
                variable._symbol = symbol
            } else {
                _foreignVariables[ObjectIdentifier(variable)] = symbol
            }
        }
        return symbol
    }

    /// Counts one use less; the variable is dropped when no constraint uses it.
    func _releaseSymbol(for variable: Variable) {
        let symbol = _existingSymbol(for: variable)
        guard symbol >= 0 else { return }
        let index = Int(_symbols[Int(symbol)].owner)
        _variableInfo[index].uses -= 1
        guard _variableInfo[index].uses == 0 else { return }
        _scrub(symbol)
        _freeSymbol(symbol)
        if variable._owner == _token {
            variable._owner = 0
            variable._symbol = _noSymbol
        } else {
            _foreignVariables[ObjectIdentifier(variable)] = nil
        }
        let last = _variables.count - 1
        if index != last {
            _variables.swapAt(index, last)
            _variableInfo.swapAt(index, last)
            _symbols[Int(_variableInfo[index].symbol)].owner = Int32(index)
        }
        _variables.removeLast()
        _variableInfo.removeLast()
    }

    /// The record slot of the variable's edit constraint, or -1.
    @inline(__always)
    func _editSlot(of variable: Variable) -> Int32 {
        let symbol = _existingSymbol(for: variable)
        guard symbol >= 0 else { return -1 }
        return _variableInfo[Int(_symbols[Int(symbol)].owner)].edit
    }

    // MARK: Priority levels

    /// The objective level of an optional priority, or -1.
    @inline(__always)
    func _level(of priority: Priority) -> Int {
        for i in _levelPriority.indices where _levelPriority[i] == priority { return i }
        return -1
    }

    /// The level of `priority`, created (in descending order) if needed;
    /// counts one more user.
    func _acquireLevel(_ priority: Priority) -> Int {
        var index = _level(of: priority)
        if index < 0 {
            index = _levelPriority.count
            for i in _levelPriority.indices where _levelPriority[i] < priority {
                index = i
                break
            }
            var row = _Row()
            row.terms.reserveCapacity(16)
            // Appending (a level below the others, the usual order of a
            // cell's constraints) skips the generic insertion, which cost
            // a fresh solver about 600 instructions a level (callgrind).
            if index == _levelPriority.count {
                _levelPriority.append(priority)
                _levelUsers.append(0)
                _objective.append(_ObjectiveRow(consume row))
                _optimalValid = false
            } else {
                _levelPriority.insert(priority, at: index)
                _levelUsers.insert(0, at: index)
                _objective.insert(_ObjectiveRow(row), at: index)
                _optimalValid = false
            }
        }
        _levelUsers[index] += 1
        return index
    }

    /// Counts one user less; an unused level is dropped (its objective row
    /// is zero then, up to rounding).
    func _releaseLevel(_ priority: Priority) {
        let index = _level(of: priority)
        guard index >= 0 else { return }
        _levelUsers[index] -= 1
        if _levelUsers[index] == 0 {
            _levelPriority.remove(at: index)
            _levelUsers.remove(at: index)
            let gone = _objective.remove(at: index)
            _optimalValid = false
            // Symbols it blocked may be candidates again below it: those it
            // holds and those it let go since they were last relisted.
            for k in index..<_objective.count where _objective[k].isIndexed {
                for term in gone.terms { _objective[k].relist(term.symbol) }
                for symbol in gone.removed { _objective[k].relist(symbol) }
            }
        }
    }

    // MARK: Records

    func _allocateRecord(_ constraint: Constraint, isEdit: Bool) -> Int32 {
        _installCount &+= 1
        let record = _Record(
            constraint: constraint, marker: _noSymbol, other: _noSymbol, markerScale: 1,
            serial: _installCount, isEdit: isEdit, constant: constraint.constant)
        if let slot = _freeRecords.popLast() {
            _records[Int(slot)] = record
            return slot
        }
        _records.append(record)
        return Int32(_records.count - 1)
    }

    func _freeRecord(_ slot: Int32) {
        _records[Int(slot)] = _Record(
            constraint: nil, marker: _noSymbol, other: _noSymbol, markerScale: 1, serial: 0,
            isEdit: false)
        _freeRecords.append(slot)
    }
}
