// Internal consistency checks for tests (swift-collections' _checkInvariants).

extension Solver {
    /// Checks the solver's internal invariants; returns the violations found
    /// (empty when consistent). For tests and debugging; O(tableau size²).
    func _invariantViolations() -> [String] {
        _optimizeSuggestions()
        var problems: [String] = []
        // Rows and basic symbols agree.
        for (i, basic) in _rows.map(\.basic).enumerated() {
            if _symbols[Int(basic)].row != Int32(i) {
                problems.append("row \(i): basic \(basic) not indexed")
            }
            if _symbols[Int(basic)].kind == .free {
                problems.append("row \(i): basic \(basic) is free")
            }
        }
        for symbol in _symbols.indices where _symbols[symbol].row >= 0 {
            let row = Int(_symbols[symbol].row)
            if row >= _rows.count || _rows[row].basic != Int32(symbol) {
                problems.append("symbol \(symbol) points at a row it is not basic in")
            }
        }
        // Terms are parametric, live, non-zero; restricted rows are feasible.
        // A definition may hold basic symbols, never its own; an ordinary
        // row or objective level holds neither (Solver+Definitions.swift).
        func checkTerms(_ row: _Row, _ name: String) {
            for term in row.terms {
                let s = Int(term.symbol)
                if _symbols[s].kind == .free { problems.append("\(name): free symbol \(s)") }
                if row.isDefinition {
                    if term.symbol == row.basic { problems.append("\(name): defines itself") }
                } else if _symbols[s].row >= 0 {
                    problems.append("\(name): basic symbol \(s) as a term")
                }
                if _nearZero(term.coefficient) { problems.append("\(name): near-zero term \(s)") }
                if row.filter & _Row.bit(term.symbol) == 0 {
                    problems.append("\(name): filter misses \(s)")
                }
            }
        }
        if _rows.filter(\.isDefinition).count != _definitionCount {
            problems.append("definition count \(_definitionCount) is off")
        }
        for (i, row) in _rows.enumerated() {
            checkTerms(row, "row \(i)")
            if row.isDefinition && _symbols[Int(row.basic)].kind != .external {
                problems.append("row \(i): definition of a restricted symbol")
            }
            let kind = _symbols[Int(_rows[i].basic)].kind
            if kind != .external && row.constant < -1e-6 {
                problems.append("row \(i): restricted basic with negative constant \(row.constant)")
            }
            if kind == .dummy && !_nearZero(row.constant) {
                problems.append("row \(i): dummy basic with constant \(row.constant)")
            }
            // A dummy row is a redundant required equality: a combination
            // of other required equalities, so it holds their dummies only
            // (`_markerLeavingRow`).
            if kind == .dummy {
                for term in row.terms where _symbols[Int(term.symbol)].kind != .dummy {
                    problems.append("row \(i): dummy basic holds non-dummy \(term.symbol)")
                }
            }
            if kind != .external {
                for term in row.terms where _symbols[Int(term.symbol)].kind == .external {
                    problems.append("row \(i): restricted row holds external \(term.symbol)")
                }
            }
        }
        for (k, objective) in _objective.enumerated() {
            checkTerms(objective.row, "objective \(k)")
            for term in objective.terms {
                if objective.coefficient(for: term.symbol) != term.coefficient {
                    problems.append("objective \(k): index misses \(term.symbol)")
                }
                // A dummy, or a symbol a higher level blocks, may be left out
                // (one unblocked since is listed again by the next search).
                if objective.isIndexed && term.coefficient < 0
                    && !objective.negatives.contains(term.symbol)
                    && _symbols[Int(term.symbol)].kind != .dummy
                    && !(k < _levelPriority.count && _isBlockedAbove(term.symbol, level: k))
                    && !_objective[..<k].contains(where: { $0.removed.contains(term.symbol) })
                {
                    problems.append("objective \(k): negative \(term.symbol) not listed")
                }
            }
        }
        // Columns cover the tableau: every term's column lists its row.
        for row in _rows where _columnsEnabled {
            for term in row.terms {
                var node = _columnHeads[Int(term.symbol)]
                var found = false
                while node >= 0 && !found {
                    found = _columnNodes[Int(node)].basic == row.basic
                    node = _columnNodes[Int(node)].next
                }
                if !found { problems.append("column of \(term.symbol) misses row of \(row.basic)") }
            }
        }
        if _scratchPositions.contains(where: { $0 != -1 }) {
            problems.append("scratch positions not reset")
        }
        // Optimality: no symbol improves the lexicographic objective.
        if _enteringSymbol(_allLevels) >= 0 { problems.append("objective not optimal") }
        // Levels are sorted and counted.
        var users = [Int32](repeating: 0, count: _levelPriority.count)
        if _objective.count != _levelPriority.count { problems.append("objective/levels count") }
        for i in 1..<max(1, _levelPriority.count)
        where !(_levelPriority[i - 1] > _levelPriority[i]) {
            problems.append("levels not in descending order")
        }
        // Records own their symbols; variables are counted.
        var uses = [Int32](repeating: 0, count: _variables.count)
        var liveSymbols = 0
        for (slot, record) in _records.enumerated() {
            guard let constraint = record.constraint else { continue }
            if !constraint._isIn(self) || constraint._slot != Int32(slot) {
                problems.append("record \(slot): constraint does not point back")
            }
            for symbol in [record.marker, record.other] where symbol >= 0 {
                liveSymbols += 1
                if _symbols[Int(symbol)].owner != Int32(slot) {
                    problems.append("record \(slot): symbol \(symbol) owned elsewhere")
                }
            }
            if !constraint.priority.isRequired {
                let level = _level(of: constraint.priority)
                if level < 0 {
                    problems.append("record \(slot): no level")
                } else {
                    users[level] += 1
                }
            }
            for term in constraint.terms {
                let symbol = _existingSymbol(for: term.variable)
                if symbol < 0 {
                    problems.append("record \(slot): variable \(term.variable) unknown")
                } else {
                    uses[Int(_symbols[Int(symbol)].owner)] += 1
                }
            }
        }
        if users != _levelUsers { problems.append("level users \(_levelUsers) != \(users)") }
        let counted = _variableInfo.map(\.uses)
        if uses != counted { problems.append("variable uses \(counted) != \(uses)") }
        for (i, symbol) in _variableInfo.map(\.symbol).enumerated() {
            if _symbols[Int(symbol)].kind != .external || _symbols[Int(symbol)].owner != Int32(i) {
                problems.append("variable \(i): symbol \(symbol) not an owned external")
            }
            if _existingSymbol(for: _variables[i].takeUnretainedValue()) != symbol {
                problems.append("variable \(i): lookup disagrees")
            }
            let edit = _variableInfo[i].edit
            if edit >= 0 && !(_records[Int(edit)].isEdit) {
                problems.append("variable \(i): edit slot is not an edit")
            }
        }
        liveSymbols += _variables.count
        let free = _symbols.filter { $0.kind == .free }.count
        if free != _freeSymbols.count {
            problems.append("free list \(_freeSymbols.count) != \(free)")
        }
        if liveSymbols + free != _symbols.count {
            problems.append("symbols: \(liveSymbols) live + \(free) free != \(_symbols.count)")
        }
        return problems
    }

    /// Whether the solver holds nothing: no constraint, edit, variable, row,
    /// objective level or live symbol.
    var _isEmpty: Bool {
        _rows.isEmpty && _objective.isEmpty && _variables.isEmpty
            && _records.allSatisfy { $0.constraint == nil } && _foreignVariables.isEmpty
            && _freeSymbols.count == _symbols.count
    }
}
