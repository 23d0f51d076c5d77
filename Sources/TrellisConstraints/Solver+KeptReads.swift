// Reading values while suggestions wait, from a kept basis feasible for the
// current constants, without making it the tableau.
//
// Why: a reused cell whose label's width is free reads the solver twice a
// row, first with the label on one line (UIKit's first pass), then at the
// width the solve gave it. The two reads want two bases, so each took one
// from the pool, exchanging it with the tableau: the tableau went to the
// first pass's basis and back on nearly every row. Read from the kept
// basis instead (`provisionalValue(at:)`), the first pass leaves the
// tableau in the second pass's basis, which the next read then finds
// feasible as it stands. Only for such a read: where one read a row
// wants the basis of the row before (a run of rows of one active set),
// a read that left the tableau behind would make the next row take the
// basis after all. (Reads of this kind alone, row after row, would let
// the waiting suggestions pile up: past `_pendingSuggestionLimit` they
// are optimised, as ever.)
//
// Why it is right: the kept basis is optimal for the current constants
// (Solver+BasisPool.swift: dual feasible for any constants, feasible for
// these), so its values are the optimum the dual optimisation would reach,
// read from the same sums an exchange would make (its rows' constants
// plus the carried shifts). The tableau and the waiting suggestions stay
// as they are, a state every suggestion leaves: the next operation other
// than such a read optimises them.

extension Solver {
    /// The values of two symbols (a width and a height, or one twice)
    /// while suggestions wait and the tableau is infeasible, from a kept
    /// basis feasible for the current constants, the tableau left as it
    /// is; nil (for the caller to optimise) when the pool does not apply
    /// or no kept basis is feasible.
    @inline(never)
    func _keptValues(at first: Int32, _ second: Int32) -> (Double, Double)? {
        let stamp = (_structureVersion, _membershipVersion, _constantVersion)
        if _keptRead < 0 || _keptReadStamp != stamp {
            _dropKeptRead()
            // `_basisPoolApplies()` without counting a use (no warm-up step).
            guard _basisPoolEnabled, !_columnsEnabled, _definitionCount == 0,
                _basisPoolMembership == _membershipVersion,
                _basisPoolUses >= Self._basisPoolWarmup, _hasInfeasibleRow()
            else { return nil }
            // The basis the last such read was answered from first (a
            // reused cell's first pass wants the same one row after row),
            // then the pool in its order, which such reads leave as it is.
            func feasible(_ k: Int) -> Bool {
                _basisPool[k].fingerprint != _basisFingerprint
                    && _basisPool[k].symbols.count == _symbols.count
                    && _carryConstants(ofKeptBasisAt: k)
            }
            var hint = -1
            for k in 0..<_basisPool.count where _basisPool[k].fingerprint == _keptReadFingerprint {
                hint = k
                break
            }
            var found = hint >= 0 && feasible(hint) ? hint : -1
            if found < 0 {
                for k in 0..<_basisPool.count where k != hint && feasible(k) {
                    found = k
                    break
                }
            }
            guard found >= 0 else { return nil }
            _keptRead = found
            _keptReadStamp = stamp
            _keptReadFingerprint = _basisPool[found].fingerprint
        }
        return (_keptValue(of: first), _keptValue(of: second))
    }

    /// The values of two symbols from the kept basis a read was answered
    /// from, while no change has been made since; else nil.
    @usableFromInline
    func _currentKeptValues(at first: Int32, _ second: Int32) -> (Double, Double)? {
        guard _keptRead >= 0,
            _keptReadStamp == (_structureVersion, _membershipVersion, _constantVersion)
        else { return nil }
        return (_keptValue(of: first), _keptValue(of: second))
    }

    /// A symbol's value in the kept basis `_keptRead`: its row's constant,
    /// plus the row's shift where the current constants move it (as
    /// `_exchangeWithTableau` adds it), or 0 for a parametric symbol.
    @inline(__always)
    func _keptValue(of symbol: Int32) -> Double {
        let row = Int(_basisPool[_keptRead].symbols[Int(symbol)].row)
        guard row >= 0 else { return 0 }
        let constant = _basisPool[_keptRead].rows[row].constant
        return _basisTouchedFlags[row] ? constant + _basisShift[row] : constant
    }

    /// Forgets the kept basis a read was answered from (its shifts
    /// cleared), before the pool or the shifts serve anything else.
    @inline(__always)
    func _dropKeptRead() {
        guard _keptRead >= 0 else { return }
        _keptRead = -1
        _clearBasisShifts()
    }
}
