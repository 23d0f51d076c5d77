// Whether a value is settled by the priorities above a given one: what a
// reused cell asks before it skips a label's first pass (UIKit measures a
// multi-line label of free width on one line first, then at the width the
// solve gives it; when nothing at or below the label's own priorities can
// move that width, the first pass cannot change it).
//
// Why it is right: the objective is lexicographic (Priority.swift), so every
// optimum lies in the set of solutions optimal for the levels above
// `priority` (the face). In the optimal tableau each level is a row over the
// parametric symbols, with a lexicographically non-negative vector of
// coefficients per symbol. On the face:
// - a dummy is 0, and so is a restricted symbol whose first coefficient
//   that is not 0 among those levels is positive (raising it would worsen
//   that level): it is pinned;
// - a restricted row whose constant is 0 and whose other symbols are 0 on
//   the face or have negative coefficients forces those to 0 as well (its
//   basic symbol may not go below 0): a degenerate optimum, such as a
//   label's hugging and compression resistance both met at its intrinsic
//   width, whose slacks are in the rows but cannot move.
// A basic symbol whose row holds only symbols that are 0 on the face has
// the row's constant on the whole face, whatever the levels at or below
// `priority` ask: the constraints there, and the values suggested for edit
// variables that only they read, cannot move it.

extension Solver {
    /// Whether the variable behind `handle` has one value on every solution
    /// that is optimal for the priority levels above `priority`, as the
    /// optimal tableau shows it (suggestions waiting are optimised first).
    /// Then constraints of `priority` and below, and the constants of
    /// optional constraints there, cannot change its optimum.
    ///
    /// May miss a settled value (a row holding a symbol that the face could
    /// move only together with others), never claim an unsettled one. False
    /// for a variable kept as a definition, a parametric one, a degraded
    /// solver, and where a coefficient that decides is of the size of
    /// rounding residue (below 1e-6: it cannot be told from 0). The answer
    /// is kept for the basis (with the degenerate rows it rested on checked
    /// again when asked).
    /// - Complexity: O(degenerate rows) for an answer kept; else O(rows × terms × levels above `priority`).
    public func isSettled(at handle: SolverHandle, above priority: Priority) -> Bool {
        _optimizeSuggestions()
        guard handle.isValid, !isDegraded, _definitionCount == 0 else { return false }
        let key = (_basisFingerprint, _membershipVersion, handle.raw, priority.rawValue)
        var found = -1
        for slot in 0..<_settledKeys.count where _settledKeys[slot] == key {
            guard _settledAnswers[slot] else { return false }
            if _degenerateRowsHold(_settledRows[slot]) { return true }
            found = slot
        }
        let answer = _settles(handle.raw, above: priority)
        // Kept by the basis (its tableau is the same up to rounding), in
        // one of a few slots: a reused cell's rows alternate between a few.
        if found >= 0 {
            _settledAnswers[found] = answer
            _settledRows[found] = _settledForcingRows
        } else if _settledKeys.count < Self._settledSlots {
            _settledKeys.append(key)
            _settledAnswers.append(answer)
            _settledRows.append(_settledForcingRows)
        } else {
            _settledKeys[_settledNext] = key
            _settledAnswers[_settledNext] = answer
            _settledRows[_settledNext] = _settledForcingRows
            _settledNext = (_settledNext + 1) % Self._settledSlots
        }
        return answer
    }

    /// `isSettled(at:above:)` for a value just read from a kept basis
    /// (`provisionalValue(at:)` while suggestions wait): answered from the
    /// answer kept for that basis, its degenerate rows checked there at
    /// the current constants, without optimising the waiting suggestions;
    /// else `isSettled(at:above:)` itself (which optimises them first).
    ///
    /// The kept basis is optimal for the current constants, so an answer
    /// `isSettled` gave when it was the tableau (the same rows up to the
    /// constants, as for an answer kept by the basis in `isSettled`) holds
    /// for it: the value read has one value on the solutions optimal for
    /// the levels above `priority`.
    /// - Complexity: O(degenerate rows) when answered from a kept answer.
    public func isProvisionallySettled(at handle: SolverHandle, above priority: Priority) -> Bool {
        if !_pendingSuggestions.isEmpty, handle.isValid, !isDegraded, _definitionCount == 0,
            _keptRead >= 0,
            _keptReadStamp == (_structureVersion, _membershipVersion, _constantVersion)
        {
            let key = (
                _basisPool[_keptRead].fingerprint, _membershipVersion, handle.raw, priority.rawValue
            )
            for slot in 0..<_settledKeys.count where _settledKeys[slot] == key {
                guard _settledAnswers[slot] else { return false }
                if _keptDegenerateRowsHold(_settledRows[slot]) { return true }
            }
            // No answer for it yet: that very basis becomes the tableau (a
            // degenerate optimum has several bases, and optimising could
            // take another, whose answer the next read would not find).
            _takeKeptReadBasis()
        }
        return isSettled(at: handle, above: priority)
    }

    /// Makes the kept basis a read was answered from (`_keptRead`, its
    /// shifts to the current constants carried) the tableau, as
    /// `_takeFeasibleKeptBasis` takes one: feasible for the current
    /// constants, and so optimal, it is what the waiting suggestions'
    /// optimisation would reach.
    func _takeKeptReadBasis() {
        let k = _keptRead
        _keptRead = -1  // its shifts stay, for the exchange
        _basisPool.withUnsafeMutableBufferPointer { pool in
            _exchangeWithTableau(pool.baseAddress! + k)
            for i in stride(from: k, to: 0, by: -1) { pool.swapAt(i, i - 1) }
        }
        _basisPoolHits &+= 1
        while !_pendingSuggestions.isEmpty { _pendingSuggestions.removeLast() }
    }

    /// `_degenerateRowsHold` in the kept basis a read was answered from
    /// (`_keptRead`), at the current constants.
    func _keptDegenerateRowsHold(_ basics: [_Symbol]) -> Bool {
        for basic in basics {
            guard _basisPool[_keptRead].symbols[Int(basic)].row >= 0,
                _keptValue(of: basic) <= Self._degenerateConstant
            else { return false }
        }
        return true
    }

    /// How many answers `isSettled` keeps.
    static let _settledSlots = 4

    /// Whether the rows of these basic symbols are still degenerate (their
    /// constants 0, as when an answer rested on them).
    func _degenerateRowsHold(_ basics: [_Symbol]) -> Bool {
        for basic in basics {
            let row = _symbols[Int(basic)].row
            guard row >= 0, _rows[Int(row)].constant <= Self._degenerateConstant else {
                return false
            }
        }
        return true
    }

    /// A restricted row's constant at most this is taken for 0 (rounding
    /// of a degenerate row), and a coefficient that forces a symbol to 0
    /// must be at least `_forcingCoefficient` in size, so that what the
    /// symbol could still move stays within 1e-8.
    static let _degenerateConstant = 1e-11
    static let _forcingCoefficient = 1e-3

    /// The body of `isSettled`, noting the basic symbols of the degenerate
    /// rows it rests on (`_settledForcingRows`).
    func _settles(_ symbol: _Symbol, above priority: Priority) -> Bool {
        _settledForcingRows.removeAll(keepingCapacity: true)
        _settledOpen.removeAll(keepingCapacity: true)
        _settledForced.removeAll(keepingCapacity: true)
        let row = _symbols[Int(symbol)].row
        guard row >= 0 else { return false }
        var levels = 0
        while levels < _levelPriority.count, _levelPriority[levels] > priority { levels += 1 }
        for term in _rows[Int(row)].terms {
            switch _symbols[Int(term.symbol)].kind {
            case .dummy: continue
            case .slack, .error:
                if !_isPinned(term.symbol, levels: levels) { _settledOpen.append(term.symbol) }
            case .external, .free: return false
            }
        }
        var progress = true
        while !_settledOpen.isEmpty, progress {
            progress = false
            for r in 0..<_rows.count where _forces(rowAt: r, levels: levels) {
                _settledForcingRows.append(_rows[r].basic)
                progress = true
            }
            _settledOpen.removeAll { _settledForced.contains($0) }
        }
        if !_settledOpen.isEmpty { _settledForcingRows.removeAll(keepingCapacity: true) }
        return _settledOpen.isEmpty
    }

    /// Whether the row at `r` forces symbols not yet known to be 0 on the
    /// face to 0 (see the file's comment), adding them to `_settledForced`.
    func _forces(rowAt r: Int, levels: Int) -> Bool {
        let kind = _symbols[Int(_rows[r].basic)].kind
        guard kind == .slack || kind == .error, _rows[r].constant <= Self._degenerateConstant
        else { return false }
        var forces = false
        for term in _rows[r].terms {
            switch _symbols[Int(term.symbol)].kind {
            case .dummy: continue
            case .slack, .error:
                if _settledForced.contains(term.symbol) || _isPinned(term.symbol, levels: levels) {
                    continue
                }
                guard term.coefficient <= -Self._forcingCoefficient else { return false }
                forces = true
            case .external, .free: return false
            }
        }
        guard forces else { return false }
        for term in _rows[r].terms
        where term.coefficient < 0 && _symbols[Int(term.symbol)].kind != .dummy
            && !_settledForced.contains(term.symbol) && !_isPinned(term.symbol, levels: levels)
        {
            _settledForced.append(term.symbol)
        }
        return true
    }

    /// Whether the parametric `symbol` is 0 on every solution optimal for
    /// the first `levels` objective levels: its first coefficient among
    /// them that is not 0 is positive, and past rounding residue.
    @inline(__always)
    func _isPinned(_ symbol: _Symbol, levels: Int) -> Bool {
        for k in 0..<levels {
            let coefficient = _objective[k].coefficient(for: symbol)
            if coefficient == 0 { continue }
            return coefficient >= _residueLimit
        }
        return false
    }
}
