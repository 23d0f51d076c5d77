// Movability: whether the optimal solutions let an expression take another
// value, read off the final tableau instead of probing with a constraint.
//
// The layout engine's ambiguity question ("does a constraint at the lowest
// priority asking this expression to move by a point move it?") is a
// linear program over the optimal face: the solutions that keep every
// priority level above the lowest at its optimum. At a lexicographically
// optimal tableau, near the current vertex, that face is where
//
// - every parametric symbol that costs something stays 0: its objective
//   coefficients, read from the highest level down, first become positive,
//   so raising it makes a level worse, and no other parametric symbol can
//   make up for it (their first coefficients are all non-negative);
// - every degenerate restricted row (a basic slack or error at 0) stays
//   non-negative. A degenerate row that no remaining free symbol can raise
//   (each has a coefficient ≤ 0 there, and no parametric external symbol
//   is in it) pins every free symbol that would lower it;
//   `_prepareMovability` repeats that until nothing changes (the label
//   stack's hugging slacks, each held at 0 by its compression row, are
//   found so).
//
// Written in parametric symbols, `e = value + Σ aⱼ·sⱼ`: `e` cannot rise when
// no free `sⱼ` has `aⱼ > 0` (none of them can fall below 0), and does rise
// when one of them can be raised, alone, by a step no row blocks before `e`
// has moved `_movabilityMargin` (the ratio test). What is left (a candidate
// blocked by a degenerate row that another free symbol might raise: several
// symbols would have to move together) is not decided here; the caller
// probes with a constraint, as before.

/// What the optimal solutions allow an expression to do in one direction.
package enum _Movability: Equatable, Sendable {
    /// It keeps its value in every optimal solution (the probe leaves it).
    case stays
    /// Some optimal solution moves it by at least `_movabilityMargin`.
    case moves
    /// Not decided from the tableau alone (ask with a probe constraint).
    case undecided
}

/// How far a solution must move an expression for `movability` to answer
/// `.moves`: ten times the engine's probe threshold (1e-6), so a move the
/// probe would not see is never reported; smaller steps stay undecided.
let _movabilityMargin = 1.0e-5

extension Solver {
    /// Reads the optimal face off the tableau for `_movability`: which
    /// parametric symbols may move. False (answers then mean nothing) when
    /// the tableau is not in the state that relies on: degraded, a
    /// priority level at 1 (the probes' own level, where a probe would
    /// trade against other constraints), or a parametric symbol whose
    /// objective coefficients, read from the highest level down, first
    /// become negative (restricted symbols) or are not all zero (external
    /// ones).
    ///
    /// - Complexity: O(symbols × levels + objective terms), plus the
    ///   degenerate rows and the columns of the symbols they pin.
    package func _prepareMovability() -> Bool {
        _optimizeSuggestions()
        if isDegraded { return false }
        if _levelPriority.contains(where: { $0.rawValue <= 1 }) { return false }
        for k in _objective.indices {
            for term in _objective[k].terms where _symbols[Int(term.symbol)].row < 0 {
                let kind = _symbols[Int(term.symbol)].kind
                if kind == .external { return false }
                if kind == .dummy || term.coefficient > 0 { continue }
                // Negative here: a level above must hold it positively first.
                guard let first = _firstObjectiveCoefficient(of: term.symbol), first > 0 else {
                    return false
                }
            }
        }
        // Free: parametric, restricted, and costing nothing at any level.
        if _movableSymbols.count < _symbols.count {
            _movableSymbols.append(
                contentsOf: repeatElement(false, count: _symbols.count - _movableSymbols.count))
        }
        for s in 0..<_symbols.count {
            let kind = _symbols[s].kind
            _movableSymbols[s] =
                _symbols[s].row < 0 && (kind == .slack || kind == .error)
                && _firstObjectiveCoefficient(of: _Symbol(s)) == nil
        }
        _movableReach.removeAll(keepingCapacity: true)
        _movableReach.append(contentsOf: repeatElement(0, count: _symbols.count))
        // Degenerate rows and how many free symbols raise each.
        var raisers = [Int32](repeating: -1, count: _rows.count)
        var pinning: [Int] = []
        for i in 0..<_rows.count where _isDegenerate(i) {
            var count: Int32 = 0
            for term in _rows[i].terms {
                let s = Int(term.symbol)
                // A parametric external symbol moves either way.
                if _symbols[s].kind == .external || (term.coefficient > 0 && _movableSymbols[s]) {
                    count += 1
                }
            }
            raisers[i] = count
            if count == 0 { pinning.append(i) }
        }
        // A degenerate row no free symbol raises pins those that lower it.
        var pinned: [_Symbol] = []
        while let i = pinning.popLast() {
            for term in _rows[i].terms
            where term.coefficient < 0 && _movableSymbols[Int(term.symbol)] {
                _movableSymbols[Int(term.symbol)] = false
                pinned.append(term.symbol)
            }
            while let symbol = pinned.popLast() {
                _forEachRow(holding: symbol) { r, t in
                    guard raisers[r] > 0, _rows[r].terms[t].coefficient > 0 else { return }
                    raisers[r] -= 1
                    if raisers[r] == 0 { pinning.append(r) }
                }
            }
        }
        return true
    }

    /// Whether row `i` is an ordinary row whose restricted basic symbol is
    /// at 0.
    @inline(__always)
    func _isDegenerate(_ i: Int) -> Bool {
        let kind = _symbols[Int(_rows[i].basic)].kind
        return (kind == .slack || kind == .error) && !_rows[i].isDefinition
            && _rows[i].constant < _epsilon
    }

    /// The first non-zero objective coefficient of `symbol`, from the
    /// highest level down; nil when it costs nothing at any level.
    func _firstObjectiveCoefficient(of symbol: _Symbol) -> Double? {
        for k in _objective.indices {
            let coefficient = _objective[k].coefficient(for: symbol)
            if coefficient != 0 { return coefficient }
        }
        return nil
    }

    /// Whether the optimal solutions let `Σ coefficient·variable` rise and
    /// fall from its current value. Call `_prepareMovability()` first,
    /// after the last change to the solver: when it returned false the
    /// answers mean nothing.
    ///
    /// - Complexity: O(the expansion of the terms in parametric symbols
    ///   (definitions included), plus the rows holding each candidate).
    package func _movability(of terms: [(Variable, Double)]) -> (
        up: _Movability, down: _Movability
    ) {
        // Most expressions reach no free symbol at all: then nothing is
        // expanded (a label deep in a stack has a chain of definitions
        // behind its position).
        var reaches = false
        for (variable, coefficient) in terms where !_nearZero(coefficient) {
            let symbol = _existingSymbol(for: variable)
            // A variable no constraint holds is free.
            guard symbol >= 0 else { return (.moves, .moves) }
            if _reachesMovable(symbol) { reaches = true }
        }
        guard reaches else { return (.stays, .stays) }
        var row = _Row()
        for (variable, coefficient) in terms where !_nearZero(coefficient) {
            let symbol = _existingSymbol(for: variable)
            let basic = _symbols[Int(symbol)].row
            if basic < 0 {
                row.insert(symbol, coefficient)
            } else if _rows[Int(basic)].isDefinition {
                _addExpansion(of: symbol, times: coefficient, to: &row)
            } else {
                _add(_rows[Int(basic)], times: coefficient, to: &row, basic: _noSymbol)
            }
        }
        var up = _Movability.stays
        var down = _Movability.stays
        for term in row.terms {
            let symbol = term.symbol
            // A parametric external symbol: the probe's row would be solved
            // for it and hold exactly.
            if _symbols[Int(symbol)].kind == .external { return (.moves, .moves) }
            guard Int(symbol) < _movableSymbols.count, _movableSymbols[Int(symbol)] else {
                continue  // stays 0
            }
            // Raising the symbol moves the expression one way only.
            let rising = term.coefficient > 0
            if (rising ? up : down) == .moves { continue }
            let moves =
                _freeStep(symbol).map { $0 * abs(term.coefficient) >= _movabilityMargin } ?? false
            if rising {
                up = moves ? .moves : .undecided
            } else {
                down = moves ? .moves : .undecided
            }
        }
        return (up, down)
    }

    /// Whether `symbol`'s value, written in parametric symbols, may hold a
    /// free or external one: it is one, or its row holds one, or a
    /// definition it reaches does (remembered until the next
    /// `_prepareMovability`).
    ///
    /// - Complexity: O(the definitions it reaches that are not known yet,
    ///   and their rows), once per reading.
    func _reachesMovable(_ symbol: _Symbol) -> Bool {
        // 0 unknown, 1 no, 2 yes; a symbol newer than the reading may.
        guard Int(symbol) < _movableReach.count else { return true }
        if _movableReach[Int(symbol)] != 0 { return _movableReach[Int(symbol)] == 2 }
        var stack: [(symbol: _Symbol, next: Int)] = [(symbol, 0)]
        while !stack.isEmpty {
            let top = stack[stack.count - 1]
            let s = Int(top.symbol)
            let row = Int(_symbols[s].row)
            if row < 0 || !_rows[row].isDefinition {
                // Parametric, or an ordinary row of parametric symbols.
                var found = false
                if row < 0 {
                    found = _symbols[s].kind == .external || _movableSymbols[s]
                } else {
                    for term in _rows[row].terms
                    where _symbols[Int(term.symbol)].kind == .external
                        || _movableSymbols[Int(term.symbol)]
                    {
                        found = true
                        break
                    }
                }
                _movableReach[s] = found ? 2 : 1
                stack.removeLast()
                continue
            }
            // A definition: its terms first, then itself.
            if top.next < _rows[row].terms.count {
                stack[stack.count - 1].next += 1
                let t = _rows[row].terms[top.next].symbol
                if _movableReach[Int(t)] == 0 { stack.append((t, 0)) }
                continue
            }
            var found = false
            for term in _rows[row].terms where _movableReach[Int(term.symbol)] == 2 {
                found = true
                break
            }
            _movableReach[s] = found ? 2 : 1
            stack.removeLast()
        }
        return _movableReach[Int(symbol)] == 2
    }

    /// How far the free `symbol` can rise alone before a restricted basic
    /// row reaches 0: infinity when none holds it negatively, nil when a
    /// degenerate row does (it blocks at once, unless others move too).
    func _freeStep(_ symbol: _Symbol) -> Double? {
        var step = Double.infinity
        var blocked = false
        _forEachRow(holding: symbol) { i, t in
            let coefficient = _rows[i].terms[t].coefficient
            let kind = _symbols[Int(_rows[i].basic)].kind
            guard kind == .slack || kind == .error, !_rows[i].isDefinition, coefficient < 0 else {
                return
            }
            if _isDegenerate(i) {
                blocked = true
            } else {
                step = min(step, _rows[i].constant / -coefficient)
            }
        }
        return blocked ? nil : step
    }
}
