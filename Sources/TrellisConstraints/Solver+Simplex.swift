// The incremental simplex steps, each named after the step of Badros,
// Borning and Stuckey's paper (and of Kiwi, which follows it), with a
// lexicographic objective: one row per optional priority level.
// This file: substitution, pivots, and the primal and dual simplex.

extension Solver {
    /// The objective levels in use, highest priority first.
    var _allLevels: Range<Int> { 0..<_levelPriority.count }

    // MARK: Substitution and pivots

    /// Replaces `symbol` by `row` everywhere (tableau and objective), noting
    /// rows that became infeasible. Afterwards no row holds `symbol` (`row`
    /// does not), so its column is emptied.
    ///
    /// - Complexity: O(rows holding `symbol` × (their length + `row`'s)),
    ///   through the symbol's column; Kiwi visits every row.
    func _substitute(_ symbol: _Symbol, _ row: _Row) {
        _structureVersion &+= 1
        var definitions = 0
        _forEachRow(holding: symbol) { i, t in
            // A definition keeps the symbol (Solver+Definitions.swift).
            if _rows[i].isDefinition {
                definitions += 1
                return
            }
            let coefficient = _rows[i].terms[t].coefficient
            _substitutedRowCount &+= 1
            _rows[i]._removeTerm(at: t)
            let basic = _rows[i].basic
            _add(row, times: coefficient, to: &_rows[i], basic: basic)
            if _symbols[Int(basic)].kind != .external && _rows[i].constant < 0 {
                _infeasible.append(basic)
            }
        }
        if definitions > 0 {
            // The column keeps the definitions that hold the symbol.
            let kept = _columnRows.map { _rows[Int($0)].basic }.filter { _isDefined($0) }
            _clearColumn(symbol)
            for basic in kept { _noteColumn(symbol, basic) }
        } else {
            _clearColumn(symbol)
        }
        for k in _objective.indices where _objective[k].contains(symbol) {
            _objective[k].substitute(symbol, with: row)
        }
    }

    /// Exchanges the basic symbol of row `index` with `entering`.
    func _pivot(rowAt index: Int, entering: _Symbol) {
        let leaving = _rows[index].basic
        _pivotCount &+= 1
        var row = _takeRow(at: index)
        row.solve(for: leaving, entering)
        let solved = consume row  // a `var` is retained around the call
        _substitute(entering, solved)
        _insertRow(entering, solved)
    }

    // MARK: Primal simplex

    /// Minimises the objective `levels` lexicographically with the primal
    /// simplex (paper section 3.2, "optimize").
    func _optimize(_ levels: Range<Int>) {
        // The entering symbol depends on the objective levels alone (their
        // terms, and the kinds of the symbols they hold, which change only
        // with them). Unchanged since they were last optimal, they are
        // optimal still: a required constraint whose row leaves the
        // objective as it was (a definition, a new slack or external made
        // basic that no level holds) skips the scan of every level (a new
        // column of 1,000 boxes: 5,000 of its 7,000 adds, callgrind).
        if _optimalValid && levels == _optimalLevels && !_objective.contains(where: \.isDirty) {
            _residueBlocked = _optimalResidueBlocked
            if _residueBlocked { isDegraded = true }
            return
        }
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
                for k in _objective.indices where _objective[k].isDirty {
                    _objective[k].isDirty = false
                }
                _optimalValid = true
                _optimalLevels = levels
                _optimalResidueBlocked = _residueBlocked
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
        _relistUnblockedNegatives()
        var best = _noSymbol
        for k in levels {
            if _objective[k].isIndexed {
                let real = k < _levelPriority.count
                _objective[k].compactNegatives {
                    _symbols[Int($0)].kind != .dummy && !(real && _isBlockedAbove($0, level: k))
                }
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

    /// Whether an indexed priority level above `k` holds `symbol` with a
    /// coefficient past rounding residue: then it cannot enter for level
    /// `k` (`_improvesFirst`) until that term goes, which the level
    /// records (`_ObjectiveRow.removed`), so it can leave `k`'s list of
    /// negatives meanwhile. (A stack of n labels holds n compression
    /// errors negative at the hugging level and blocked at 750: scanning
    /// them at every optimisation cost O(n) each.)
    @inline(__always)
    func _isBlockedAbove(_ symbol: _Symbol, level k: Int) -> Bool {
        for j in 0..<k where _objective[j].isIndexed {
            if abs(_objective[j].coefficient(for: symbol)) >= _residueLimit { return true }
        }
        return false
    }

    /// Lists again, at the levels below, the symbols whose terms left an
    /// indexed level (they may no longer be blocked there).
    @inline(__always)
    func _relistUnblockedNegatives() {
        for j in _objective.indices where !_objective[j].removed.isEmpty {
            // Taken out and put back emptied: a copy emptied in place
            // while the level still held it made a new buffer each time.
            var removed: [_Symbol] = []
            swap(&removed, &_objective[j].removed)
            for k in (j + 1)..<_objective.count where _objective[k].isIndexed {
                for symbol in removed { _objective[k].relist(symbol) }
            }
            removed.removeAll(keepingCapacity: true)
            swap(&removed, &_objective[j].removed)
        }
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

}
