// Definitions: rows kept as written, so that chains of equalities stay
// linear in size.
//
// In a Kiwi tableau every basic symbol's row is written in parametric
// symbols only. A chain `y[i] == y[i-1] + h[i-1] + 4` then gives `y[i]` a
// row of all the `h` before it (n²/2 terms for n links), and each `h`
// solved for later (a label's intrinsic height) is substituted into every
// row below it (n³ work). Gaussian elimination does not need that: a
// constraint whose subject is an external symbol that no ordinary row and
// no objective level holds can keep its row as written,
// `y[i] = y[i-1] + h[i-1] + 4 - marker`, whatever the other symbols are
// (basic, parametric, or defined in turn). Such a row is a *definition*.
//
// Why it is exact: the defined symbol appears in no other ordinary row and
// in no objective level, so the ordinary tableau never sees it; the
// definition fixes its value from the others, whatever they are. The
// ordinary rows are the tableau of the system with the defined symbols
// eliminated, and the simplex steps (choices of entering and leaving
// symbols, ratio tests, the dual simplex) only ever look at ordinary rows
// (a definition's basic symbol is external, and external rows never leave
// the basis in a pivot). What changes:
//
// - a new ordinary row that mentions a defined symbol gets its expansion in
//   parametric symbols (`_expansion(of:)`, linear in what it reaches), so
//   ordinary rows keep their invariant;
// - a substitution skips definitions (they may hold basic symbols);
// - values of defined symbols are evaluated from their definitions
//   (`_definitionValue`), basic symbols at their rows' constants and
//   parametric ones at 0, as they are read;
// - a constant change carries into the definition holding the marker (a
//   definition holds its own constraint's marker and errors, and no
//   other marker);
// - removing a constraint that made a definition first turns that one
//   definition into an ordinary row (`_materializeDefinition`), so the
//   paper's removal rule finds the marker in the rows Kiwi would have it
//   in; removing any other constraint touches no definition.
//
// Definitions are made once the solver keeps columns (past 128 rows, see
// Solver+Columns.swift): a cell's small solver never makes one.

extension Solver {
    // MARK: Choosing a definition

    /// The index in `constraint.terms` of the variable the constraint may
    /// define, or nil: the first term (with a non-zero coefficient) whose
    /// variable is new to the solver; else the first whose variable is
    /// parametric, held by no ordinary row, by at most a few definitions
    /// (`_definitionHolderLimit`) and by no objective level, and not
    /// reachable from the constraint's other terms through definitions
    /// (which would make a cycle).
    ///
    /// - Complexity: O(terms), plus a walk through the definitions below
    ///   the other terms when the variable is held by definitions already
    ///   (the end of a chain pinned before its links).
    func _definitionCandidate(_ constraint: Constraint) -> Int? {
        guard _definitionsEnabled, _columnsEnabled else { return nil }
        let count = constraint._termCount
        for i in 0..<count
        where !_nearZero(constraint._termCoefficient(at: i))
            && _existingSymbol(of: constraint, at: i) < 0
        {
            return i
        }
        for i in 0..<count where !_nearZero(constraint._termCoefficient(at: i)) {
            let symbol = _existingSymbol(of: constraint, at: i)
            if _symbols[Int(symbol)].row >= 0 || !_isHeldByDefinitionsOnly(symbol) { continue }
            if _objective.contains(where: { $0.contains(symbol) }) { continue }
            if _definitionsReach(symbol, from: constraint, skipping: i) { continue }
            return i
        }
        return nil
    }

    /// The symbol of the variable of `constraint`'s term at `index`, or -1
    /// (the variable read in place, not retained).
    @inline(__always)
    func _existingSymbol(of constraint: Constraint, at index: Int) -> _Symbol {
        constraint._termVariable(at: index)._withUnsafeGuaranteedRef { _existingSymbol(for: $0) }
    }

    /// How many column nodes `_isHeldByDefinitionsOnly` reads before it
    /// gives up: a symbol many definitions hold (a stack's edge, which
    /// every arranged view's definition names) is not worth defining, and
    /// reading its whole column for each constraint that names it would
    /// cost O(n) each time.
    static var _definitionHolderLimit: Int { 16 }

    /// Whether `symbol` (parametric) is held by definitions only, judged
    /// from at most `_definitionHolderLimit` nodes of its column (false
    /// past them).
    func _isHeldByDefinitionsOnly(_ symbol: _Symbol) -> Bool {
        var node = _columnHeads[Int(symbol)]
        var read = 0
        while node >= 0 {
            read += 1
            if read > Self._definitionHolderLimit { return false }
            let row = _symbols[Int(_columnNodes[Int(node)].basic)].row
            if row >= 0 && !_rows[Int(row)].isDefinition
                && _rows[Int(row)].index(of: symbol) != nil
            {
                return false
            }
            node = _columnNodes[Int(node)].next
        }
        return true
    }

    /// Whether a definition reachable from the variables of the
    /// constraint's terms (but the one at `skipped`) holds `target`.
    ///
    /// The walk's stack is the solver's (`_reachStack`, emptied first), and
    /// the rows, symbols and marks are read through buffers: a new grid of
    /// 100 rows of 5 boxes walks about 40 definitions a call, and
    /// iterating each row's terms retained and released them, and each
    /// mark written checked its array's uniqueness (callgrind).
    func _definitionsReach(_ target: _Symbol, from constraint: Constraint, skipping skipped: Int)
        -> Bool
    {
        _startDefinitionPass()
        _reachStack.removeAll()
        let epoch = _definitionEpoch
        for j in 0..<constraint._termCount where j != skipped {
            let symbol = _existingSymbol(of: constraint, at: j)
            if symbol >= 0 && _isDefined(symbol) && _definitionMarks[Int(symbol)] != epoch {
                _definitionMarks[Int(symbol)] = epoch
                _reachStack.append(symbol)
            }
        }
        if _reachStack.isEmpty { return false }
        return _rows.withUnsafeBufferPointer { rows in
            _symbols.withUnsafeBufferPointer { symbols in
                _definitionMarks.withUnsafeMutableBufferPointer { marks in
                    while let symbol = _reachStack.popLast() {
                        let row = Int(symbols[Int(symbol)].row)
                        for k in 0..<rows[row].terms.count {
                            let s = rows[row].terms[k].symbol
                            if s == target { return true }
                            let sRow = symbols[Int(s)].row
                            if sRow >= 0 && rows[Int(sRow)].isDefinition && marks[Int(s)] != epoch {
                                marks[Int(s)] = epoch
                                _reachStack.append(s)
                            }
                        }
                    }
                    return false
                }
            }
        }
    }

    /// Installs `constraint` as the definition of its term at `index`
    /// (its row as written, solved for that variable); never a conflict.
    func _installDefinition(_ constraint: Constraint, slot: Int32, level: Int, subjectAt index: Int)
    {
        var row = _createRow(constraint, slot: slot, level: level, expanding: false)
        let subject = _existingSymbol(for: constraint._term(at: index).variable)
        row.solve(for: subject)
        row.isDefinition = true
        _records[Int(slot)].definition = subject
        _definitionCount += 1
        _insertRow(subject, row)
    }

    @inline(__always)
    func _isDefined(_ symbol: _Symbol) -> Bool {
        let row = _symbols[Int(symbol)].row
        return row >= 0 && _rows[Int(row)].isDefinition
    }

    // MARK: Scratch

    /// Starts a pass over definitions: marks from earlier passes no longer
    /// count, and the scratch arrays cover every symbol.
    func _startDefinitionPass() {
        if _definitionMarks.count < _symbols.count {
            // Grown by half again at least: a new symbol or two comes with
            // nearly every constraint, and growing to the exact count made
            // a pass of each expansion (4,000 a new column of 1,000 boxes)
            // append to both arrays. Marks past the symbols are never read.
            let target = max(_symbols.count, _definitionMarks.count + _definitionMarks.count / 2)
            let missing = target - _definitionMarks.count
            _definitionMarks.append(contentsOf: repeatElement(0, count: missing))
            _definitionScratch.append(contentsOf: repeatElement(0, count: missing))
        }
        _definitionEpoch &+= 1
        if _definitionEpoch == 0 {  // wrapped: old marks could look current
            for i in _definitionMarks.indices { _definitionMarks[i] = 0 }
            _definitionEpoch = 1
        }
    }

    /// Fills `_definitionOrder` with the definitions reachable from the
    /// defined `symbol` (itself included) in post-order (a definition after
    /// every definition it holds), marking them in the current pass.
    ///
    /// The rows, symbols and marks are the solver's, read through the
    /// buffers `_expand` holds (a new column of 1,000 boxes makes 4,000
    /// expansions, and taking the three buffers again here retained the
    /// rows and checked the marks' uniqueness each time, callgrind).
    func _collectDefinitions(
        from symbol: _Symbol, rows: UnsafeBufferPointer<_Row>,
        symbols: UnsafeBufferPointer<_SymbolInfo>, marks: UnsafeMutableBufferPointer<UInt32>
    ) {
        // The order and the stack are the solver's scratch lists
        // (`_ScratchList`: an append is a store), emptied first. The
        // definition being walked and the index of its next term are
        // locals; the stack holds the ones below it (each with the index
        // to go on from), so a term read writes nothing to the stack.
        _definitionOrder.removeAll()
        _collectStack.removeAll()
        let epoch = _definitionEpoch
        var current = symbol
        var next = 0
        marks[Int(symbol)] = epoch
        walk: while true {
            let row = Int(symbols[Int(current)].row)
            let count = rows[row].terms.count
            while next < count {
                let s = rows[row].terms[next].symbol
                next += 1
                let sRow = symbols[Int(s)].row
                if sRow >= 0 && rows[Int(sRow)].isDefinition && marks[Int(s)] != epoch {
                    marks[Int(s)] = epoch
                    _collectStack.append(_WalkStep(symbol: current, next: next))
                    current = s
                    next = 0
                    continue walk
                }
            }
            _definitionOrder.append(current)
            guard let below = _collectStack.popLast() else { break }
            current = below.symbol
            next = below.next
        }
    }

    // MARK: Values

    /// The value of the defined `symbol` in the current solution.
    ///
    /// - Complexity: O(definitions it reaches and their terms).
    @inline(never)
    func _definitionValue(of symbol: _Symbol) -> Double {
        _startDefinitionPass()
        return _evaluateDefinition(symbol)
    }

    /// Evaluates the defined `symbol` in the current pass: definitions
    /// already evaluated in it keep their values (in `_definitionScratch`).
    func _evaluateDefinition(_ symbol: _Symbol) -> Double {
        if _definitionMarks[Int(symbol)] == _definitionEpoch {
            return _definitionScratch[Int(symbol)]
        }
        // Post-order over the definitions not evaluated yet in this pass
        // (on a stack kept between calls: `updateVariables` makes one call
        // per variable).
        var stack = _definitionStack
        _definitionStack = []
        let value = _evaluateDefinition(symbol, using: &stack)
        _definitionStack = stack
        return value
    }

    /// `_evaluateDefinition(_:)` on `stack`, which is empty before and
    /// after (the walk pops all it pushes): `updateVariables` lends one
    /// stack to every variable's evaluation. (Taking and emptying the
    /// kept stack per call cost a re-layout of a column of 1,000 boxes a
    /// fifth of its `updateVariables`, callgrind.)
    func _evaluateDefinition(
        _ symbol: _Symbol, using stack: inout [(symbol: _Symbol, next: Int)]
    ) -> Double {
        if _definitionMarks[Int(symbol)] == _definitionEpoch {
            return _definitionScratch[Int(symbol)]
        }
        // The usual case first: every definition the row holds is evaluated
        // already (a chain read from its start), so one pass over the
        // terms gives the value, as the walk below would (same sum, same
        // order), without pushing and reading the row twice. (Called with
        // an empty stack, every marked symbol is evaluated.)
        if stack.isEmpty, let value = _evaluateReadyDefinition(symbol) {
            _definitionMarks[Int(symbol)] = _definitionEpoch
            _definitionScratch[Int(symbol)] = value
            return value
        }
        stack.append((symbol, 0))
        _definitionMarks[Int(symbol)] = _definitionEpoch
        while !stack.isEmpty {
            let top = stack[stack.count - 1]
            let row = Int(_symbols[Int(top.symbol)].row)
            if top.next < _rows[row].terms.count {
                stack[stack.count - 1].next += 1
                let s = _rows[row].terms[top.next].symbol
                if _isDefined(s) && _definitionMarks[Int(s)] != _definitionEpoch {
                    _definitionMarks[Int(s)] = _definitionEpoch
                    stack.append((s, 0))
                }
                continue
            }
            stack.removeLast()
            // Every definition the row holds is evaluated now (post-order;
            // definitions make no cycle).
            _definitionScratch[Int(top.symbol)] = _evaluateReadyDefinition(top.symbol)!
        }
        return _definitionScratch[Int(symbol)]
    }

    /// The value of the defined `symbol` when every definition its row
    /// holds is evaluated in the current pass; nil otherwise.
    @inline(__always)
    func _evaluateReadyDefinition(_ symbol: _Symbol) -> Double? {
        let row = Int(_symbols[Int(symbol)].row)
        var value = _rows[row].constant
        for term in _rows[row].terms {
            let termRow = _symbols[Int(term.symbol)].row
            guard termRow >= 0 else { continue }
            let termValue: Double
            if _rows[Int(termRow)].isDefinition {
                guard _definitionMarks[Int(term.symbol)] == _definitionEpoch else { return nil }
                termValue = _definitionScratch[Int(term.symbol)]
            } else {
                termValue = _rows[Int(termRow)].constant
            }
            value += term.coefficient * termValue
        }
        return value
    }

    /// `updateVariables()` when definitions exist: each definition is
    /// evaluated once.
    func _updateVariablesWithDefinitions() {
        _startDefinitionPass()
        var stack = _definitionStack
        _definitionStack = []
        defer { _definitionStack = stack }
        for i in 0..<_variables.count {
            let symbol = _variableInfo[i].symbol
            let row = _symbols[Int(symbol)].row
            let value: Double
            if row < 0 {
                value = 0
            } else if _rows[Int(row)].isDefinition {
                value = _evaluateDefinition(symbol, using: &stack)
            } else {
                value = _rows[Int(row)].constant
            }
            _variables[i]._withUnsafeGuaranteedRef { $0.value = value }
        }
    }

    // MARK: Expansions

    /// The defined `symbol` as an ordinary row: its value in parametric
    /// symbols, as Kiwi's tableau would hold it.
    ///
    /// - Complexity: O(definitions it reaches, their terms, and the rows of
    ///   the basic symbols they hold).
    func _expansion(of symbol: _Symbol) -> _Row {
        var result = _Row(constant: _expand(symbol))
        _takeExpansionTerms(into: &result)
        return result
    }

    /// Adds `factor ×` the expansion of the defined `symbol` to `row`, as
    /// `_add(_expansion(of: symbol), times: factor, to: &row, basic:
    /// _noSymbol)` does (the same numbers, added in the same order), but for
    /// a short merge (the usual case: a stack's spanner or an arranged
    /// view's edge, `UISV-spanning-boundary`) without building the
    /// expansion as a row of its own: a new column of 1,000 boxes makes
    /// 4,000 expansions, and each one's row cost an allocation, its
    /// release and a second pass over its terms (callgrind).
    func _addExpansion(of symbol: _Symbol, times factor: Double, to row: inout _Row) {
        let constant = _expand(symbol)
        // The expansion's terms (at most: a symbol listed twice in
        // `_expansionParametric` is counted twice): past a short merge,
        // the expansion is built and merged as before.
        var count = 0
        _definitionScratch.withUnsafeBufferPointer { scratch in
            for k in 0..<_expansionParametric.count
            where !_nearZero(scratch[Int(_expansionParametric[k])]) {
                count += 1
            }
        }
        if count > 1 && count + row.terms.count > 16 {
            var expansion = _Row(constant: constant)
            _takeExpansionTerms(into: &expansion)
            _add(expansion, times: factor, to: &row, basic: _noSymbol)
            return
        }
        // `_Row.insert(_:times:)` on the expansion, term by term as
        // `_takeExpansionTerms` would list them.
        row.constant += constant * factor
        _definitionScratch.withUnsafeMutableBufferPointer { scratch in
            for k in 0..<_expansionParametric.count {
                let s = _expansionParametric[k]
                let coefficient = scratch[Int(s)]
                scratch[Int(s)] = 0  // a symbol listed twice is written once
                if _nearZero(coefficient) { continue }
                row.insert(s, coefficient * factor)
            }
        }
        _expansionParametric.removeAll()
    }

    /// Moves the terms of the expansion `_expand` left in scratch into
    /// `result` (in `_expansionParametric`'s order, each once, near-zero
    /// ones dropped), and empties `_expansionParametric`.
    func _takeExpansionTerms(into result: inout _Row) {
        _definitionScratch.withUnsafeMutableBufferPointer { scratch in
            result.terms.reserveCapacity(_expansionParametric.count)
            for k in 0..<_expansionParametric.count {
                let s = _expansionParametric[k]
                let coefficient = scratch[Int(s)]
                scratch[Int(s)] = 0  // a symbol listed twice is written once
                if _nearZero(coefficient) { continue }
                result.terms.append(_Term(symbol: s, coefficient: coefficient))
                result.filter |= _Row.bit(s)
            }
        }
        _expansionParametric.removeAll()
    }

    /// The expansion of the defined `symbol`, left in scratch: returns its
    /// constant; `_expansionParametric` lists its symbols (a symbol may be
    /// listed twice) and `_definitionScratch` holds their coefficients,
    /// which the caller reads and sets back to 0 (`_takeExpansionTerms`).
    func _expand(_ symbol: _Symbol) -> Double {
        _startDefinitionPass()
        var constant = 0.0
        // Symbols met that are not definitions, in order of first meeting
        // (`_expansionMet`), and the parametric ones among them and their
        // rows' terms (`_expansionParametric`): the solver's scratch lists
        // (allocating them was a third of an expansion's instructions in a
        // new column of 1,000 boxes), empty between calls.
        let epoch = _definitionEpoch
        // The scratch values and marks through buffers, shared with
        // `_collectDefinitions` (the same reads and writes, in the same
        // order, as subscripts of the stored arrays).
        _rows.withUnsafeBufferPointer { rows in
            _symbols.withUnsafeBufferPointer { symbols in
                _definitionMarks.withUnsafeMutableBufferPointer { marks in
                    _collectDefinitions(from: symbol, rows: rows, symbols: symbols, marks: marks)
                    let order = _definitionOrder  // not changed below: read as it is
                    _definitionScratch.withUnsafeMutableBufferPointer { scratch in
                        for i in 0..<order.count { scratch[Int(order[i])] = 0 }
                        scratch[Int(symbol)] = 1
                        // Referencing definitions before the ones they hold
                        // (reverse post-order), so each is expanded once, with
                        // its total factor.
                        for i in stride(from: order.count - 1, through: 0, by: -1) {
                            let s = order[i]
                            let factor = scratch[Int(s)]
                            if factor == 0 { continue }
                            let row = Int(symbols[Int(s)].row)
                            constant += rows[row].constant * factor
                            for j in 0..<rows[row].terms.count {
                                let term = rows[row].terms[j]
                                let amount = term.coefficient * factor
                                let termRow = symbols[Int(term.symbol)].row
                                if termRow >= 0 && rows[Int(termRow)].isDefinition {
                                    scratch[Int(term.symbol)] += amount
                                } else {
                                    // A symbol that is not a definition:
                                    // listed in `met` when met first. Written
                                    // here, not in a local function: one
                                    // capturing `met` boxed it and checked
                                    // exclusivity at run time, twice an
                                    // expansion (callgrind).
                                    let t = Int(term.symbol)
                                    if marks[t] != epoch {
                                        marks[t] = epoch
                                        scratch[t] = 0
                                        _expansionMet.append(term.symbol)
                                    }
                                    scratch[t] += amount
                                }
                            }
                        }
                        // Basic symbols by their rows (parametric symbols only):
                        // the ones met so far. A symbol first met here is
                        // marked and listed in `parametric` only: `met` is
                        // not written while it is read (`accumulate` writing
                        // it in this loop cost three dynamic exclusivity
                        // checks an expansion, callgrind).
                        for k in 0..<_expansionMet.count {
                            let s = _expansionMet[k]
                            let row = symbols[Int(s)].row
                            if row < 0 {
                                _expansionParametric.append(s)
                                continue
                            }
                            let factor = scratch[Int(s)]
                            constant += rows[Int(row)].constant * factor
                            for j in 0..<rows[Int(row)].terms.count {
                                let term = rows[Int(row)].terms[j]
                                let t = Int(term.symbol)
                                if marks[t] != epoch {
                                    marks[t] = epoch
                                    scratch[t] = 0
                                    _expansionParametric.append(term.symbol)
                                }
                                scratch[t] += term.coefficient * factor
                            }
                        }
                    }
                }
            }
        }
        _expansionMet.removeAll()
        return constant
    }

    /// Adds `factor ×` the expansion of the definition at `index` to `row`
    /// when that definition holds parametric symbols only (a size or an
    /// edge fixed by one constraint, the usual case) and the merge is
    /// short; returns false, changing nothing, otherwise. The expansion is
    /// then the row itself, and this adds what `_add(_expansion(of:),
    /// times:to:basic:)` would, the same numbers in the same order, without
    /// building it (an expansion cost a new column of 1,000 boxes about
    /// 4,000 instructions, a third of them of this kind, callgrind).
    @inline(__always)
    func _addParametricDefinition(_ index: Int, times factor: Double, to row: inout _Row) -> Bool {
        let count = _rows[index].terms.count
        if count > 1 && count + row.terms.count > 16 { return false }  // `_isLongMerge`
        for term in _rows[index].terms where _symbols[Int(term.symbol)].row >= 0 { return false }
        // The expansion's constant and coefficients: 0 + each × 1.
        row.constant += (0.0 + _rows[index].constant) * factor
        for j in 0..<count {
            let term = _rows[index].terms[j]
            if _nearZero(term.coefficient) { continue }
            row.insert(term.symbol, term.coefficient * factor)
        }
        return true
    }

    /// Turns the definition made by the constraint in `slot`, if any, into
    /// an ordinary row (its expansion), before the constraint is removed:
    /// the paper's removal rule then sees the rows Kiwi would hold for its
    /// marker. (Other definitions stay: they hold no other constraint's
    /// marker, and read the symbol it defined as whatever it becomes.)
    ///
    /// - Complexity: O(the definitions it reaches and their terms).
    func _materializeDefinition(slot: Int32) {
        let symbol = _records[Int(slot)].definition
        guard symbol >= 0 else { return }
        _structureVersion &+= 1
        var row = _expansion(of: symbol)
        let index = Int(_symbols[Int(symbol)].row)
        row.basic = symbol
        _rows[index] = row
        _noteColumns(ofRowAt: index)
        _definitionCount -= 1
        _records[Int(slot)].definition = _noSymbol
    }
}
