// A pool of bases: when constants change, a basis kept from an earlier
// optimisation that is feasible for the new constants is taken instead of
// running the dual simplex.
//
// Why it is exact: a constant change (a suggestion, a constraint's new
// constant) moves the tableau's constants only; the objective rows, written
// in the same parametric symbols, do not move. So every basis the tableau
// was optimal in stays dual feasible (optimal as soon as it is feasible) for
// any constants, as long as the constraints and their priorities stay. A
// kept basis is optimal for the new constants exactly when each of its
// restricted rows' constants, carried to the new constants, stays
// non-negative (a dummy's row at zero), with the dual simplex's own
// tolerance for residue. Where the optimum is a point, every optimal basis
// gives it, so the values read are the dual simplex's (to rounding); where
// it is not (an ambiguous layout), either may come back, as from a fresh
// tableau.
//
// Why it pays: a reused cell's rows move a few edits, and the active set
// of its inequalities (a name that fits or truncates, a label that hugs or
// is squeezed) comes back again and again: PostCell's hierarchies visit 20
// to 40 bases over 3,000 rows, six of them most of the time, and nearly
// every dual optimisation (5,997 of 6,100) ends in a basis seen before.
// Checking a kept basis reads only the rows holding the changed constants'
// markers; a swap is an exchange of arrays.
//
// Kept for cell-sized tableaus only (no columns, no definitions: their
// storage is keyed by row positions), and only once the solver has met
// a few dual optimisations for constant changes (a solver built for one
// row never pays for copies). Any change of the constraints or of a
// priority empties the pool.

extension Solver {
    /// Bases kept at most.
    static var _basisPoolLimit: Int { 8 }

    /// Dual optimisations for constant changes a solver meets before it
    /// starts keeping bases.
    static var _basisPoolWarmup: Int { 4 }

    /// `_dualOptimize` for constant changes: a kept basis feasible for the
    /// current constants when there is one (nil: no conflict), else the
    /// dual simplex from the current basis, which is kept first. The
    /// current basis must be optimal (dual feasible) before the constants
    /// moved, as between operations.
    func _dualOptimizeForConstants() -> _Symbol? {
        guard _basisPoolApplies(), _hasInfeasibleRow() else { return _dualOptimize() }
        if _takeFeasibleKeptBasis() { return nil }
        _keepCurrentBasis()
        return _dualOptimize()
    }

    /// Whether bases are kept here: a small tableau whose constraints and
    /// priorities have not changed since the pool was filled (else it is
    /// emptied), past the warm-up.
    @inline(__always)
    func _basisPoolApplies() -> Bool {
        guard _basisPoolEnabled, !_columnsEnabled, _definitionCount == 0 else { return false }
        if _basisPoolMembership != _membershipVersion {
            _emptyBasisPool()
            _basisPoolMembership = _membershipVersion
        }
        if _basisPoolUses < Self._basisPoolWarmup {
            _basisPoolUses += 1
            return false
        }
        return true
    }

    /// Notes that the constant in `slot` changes: only constants changed
    /// since the pool was emptied can differ between a kept basis and the
    /// tableau, so a kept basis is compared on those alone.
    @inline(__always)
    func _watchConstant(slot: Int) {
        if slot < _basisWatched.count && _basisWatched[slot] { return }
        _watchNewConstant(slot: slot)
    }

    func _watchNewConstant(slot: Int) {
        if _basisWatched.count <= slot {
            _basisWatched.append(
                contentsOf: repeatElement(false, count: slot + 1 - _basisWatched.count))
        }
        _basisWatched[slot] = true
        _basisWatchedSlots.append(Int32(slot))
    }

    /// Forgets the kept bases (the problem changed: they may no longer be
    /// dual feasible).
    func _emptyBasisPool() {
        _dropKeptRead()
        if !_basisPool.isEmpty { _basisPool.removeAll() }
        for slot in _basisWatchedSlots { _basisWatched[Int(slot)] = false }
        _basisWatchedSlots.removeAll(keepingCapacity: true)
        _basisPoolUses = 0
        _liveColumnsVersion = .max
    }

    /// Whether a row noted infeasible is beyond the dual simplex's
    /// tolerance (else the dual simplex would only drop the notes).
    func _hasInfeasibleRow() -> Bool {
        // By index: iterating the stored array would retain it.
        for k in 0..<_infeasible.count {
            let basic = _infeasible[k]
            let index = _symbols[Int(basic)].row
            guard index >= 0 else { continue }
            let constant = _rows[Int(index)].constant
            if _symbols[Int(basic)].kind == .dummy {
                if !_nearZero(constant) { return true }
            } else if constant <= -_epsilon {
                return true
            }
        }
        return false
    }

    /// Keeps the current basis (with the constants it holds now) in the
    /// pool, in place of a kept copy of the same basis or of the least
    /// recently used one.
    func _keepCurrentBasis() {
        _dropKeptRead()
        var kept = _KeptBasis(
            rows: _rows, objective: _objective, symbols: _symbols,
            constants: _records.map(\.constant), fingerprint: _basisFingerprint)
        kept.infeasibleRows = _notedInfeasibleRows()
        if _liveColumnsVersion == _structureVersion, _liveColumnMade.count == _records.count {
            kept.columns = _liveColumns
            kept.columnMade = _liveColumnMade
        }
        if let same = _basisPool.firstIndex(where: { $0.fingerprint == _basisFingerprint }) {
            _basisPool.remove(at: same)
        } else if _basisPool.count >= Self._basisPoolLimit {
            _basisPool.removeLast()
        }
        _basisPool.insert(kept, at: 0)
    }

    /// Looks for a kept basis feasible for the current constants, most
    /// recently used first; on finding one, makes it the tableau (its
    /// constants carried to the current ones), keeps the current basis in
    /// its place, and returns true.
    func _takeFeasibleKeptBasis() -> Bool {
        _dropKeptRead()
        var k = -1
        while k + 1 < _basisPool.count {
            k += 1
            if _basisPool[k].fingerprint == _basisFingerprint { continue }
            guard _carryConstants(ofKeptBasisAt: k) else { continue }
            // The kept basis is exchanged with the tableau in its place in
            // the pool (through a pointer: exchanges and mutable access
            // throughout, so no array is retained or copied), then moves
            // to the front.
            _basisPool.withUnsafeMutableBufferPointer { pool in
                _exchangeWithTableau(pool.baseAddress! + k)
                // In the buffer: `Array.swapAt` copies the bases it exchanges.
                for i in stride(from: k, to: 0, by: -1) { pool.swapAt(i, i - 1) }
            }
            _basisPoolHits &+= 1
            return true
        }
        return false
    }

    /// Makes the kept basis at `taken` the tableau, its constants carried
    /// to the current ones (`_carryConstants` has filled the shifts), and
    /// leaves the tableau's basis there in its place, at the current
    /// constants.
    func _exchangeWithTableau(_ taken: UnsafeMutablePointer<_KeptBasis>) {
        // The basis left gets the taken one's list back, refilled.
        var leftInfeasible: [Int32] = []
        swap(&leftInfeasible, &taken.pointee.infeasibleRows)
        _noteInfeasibleRows(into: &leftInfeasible)
        taken.pointee.rows.withUnsafeMutableBufferPointer { rows in
            _basisShift.withUnsafeBufferPointer { shifts in
                for i in _basisTouched[..<_basisTouchedCount] {
                    rows[Int(i)].constant += shifts[Int(i)]
                }
            }
        }
        _clearBasisShifts()
        swap(&_rows, &taken.pointee.rows)
        swap(&_objective, &taken.pointee.objective)
        _optimalValid = false
        swap(&_basisFingerprint, &taken.pointee.fingerprint)
        // The symbols (where each is basic) go with their basis: the kept
        // copy's row indices are those of the rows taken. The symbols
        // themselves are the same in both (any change of the constraints
        // empties the pool), so only a copy of another length, which
        // cannot be, would need indexing afresh.
        if taken.pointee.symbols.count == _symbols.count {
            swap(&_symbols, &taken.pointee.symbols)
        } else {
            taken.pointee.symbols = _symbols
            _indexBasicSymbols(left: taken.pointee.rows)
        }
        // `taken` now holds the basis left, at the current constants,
        // with the columns it made while it was the tableau; the
        // tableau keeps the columns made for it while it was kept.
        // (Its constants differ from the records' in watched slots only.)
        _records.withUnsafeMutableBufferPointer { records in
            taken.pointee.constants.withUnsafeMutableBufferPointer { constants in
                for slot in _basisWatchedSlots {
                    constants[Int(slot)] = records[Int(slot)].constant
                }
            }
        }
        let liveColumnsCurrent = _liveColumnsVersion == _structureVersion
        swap(&taken.pointee.columns, &_liveColumns)
        swap(&taken.pointee.columnMade, &_liveColumnMade)
        if taken.pointee.columnMade.count != _records.count {
            taken.pointee.columns = Array(repeating: [], count: _records.count)
            taken.pointee.columnMade = Array(repeating: false, count: _records.count)
        } else if !liveColumnsCurrent {
            taken.pointee.columnMade.withUnsafeMutableBufferPointer { made in
                for slot in made.indices { made[slot] = false }
            }
        }
        _structureVersion &+= 1
        _liveColumnsVersion = _structureVersion
        // One at a time (see `_optimizePendingSuggestions`).
        while !_infeasible.isEmpty { _infeasible.removeLast() }
        swap(&taken.pointee.infeasibleRows, &leftInfeasible)
    }

    /// Points every symbol basic in `left` (the rows that were the
    /// tableau) at no row, then those of `_rows` at theirs.
    func _indexBasicSymbols(left: [_Row]) {
        _symbols.withUnsafeMutableBufferPointer { symbols in
            for i in 0..<left.count { symbols[Int(left[i].basic)].row = -1 }
            _rows.withUnsafeMutableBufferPointer { rows in
                for i in 0..<rows.count { symbols[Int(rows[i].basic)].row = Int32(i) }
            }
        }
    }

    /// Adds, into `_basisShift` (rows listed in `_basisTouched`), what the
    /// constants that moved since the kept basis at `k` was kept change in
    /// its rows' constants, and returns whether every restricted row it
    /// changes stays feasible. On false the shifts are cleared.
    func _carryConstants(ofKeptBasisAt k: Int) -> Bool {
        let rowCount = _basisPool[k].rows.count
        if _basisShift.count < rowCount {
            let missing = rowCount - _basisShift.count
            _basisShift.append(contentsOf: repeatElement(0, count: missing))
            _basisTouchedFlags.append(contentsOf: repeatElement(false, count: missing))
            _basisTouched.append(contentsOf: repeatElement(0, count: missing))
        }
        // The kept basis is read through a pointer, its arrays by mutable
        // access (none is retained; one shared with the tableau since the
        // basis was kept is copied once), the columns inside them in place.
        let feasible = _basisPool.withUnsafeMutableBufferPointer { pool in
            _carryConstants(of: pool.baseAddress! + k)
        }
        if !feasible { _clearBasisShifts() }
        return feasible
    }

    /// `_carryConstants(ofKeptBasisAt:)` for the basis at `basis`.
    func _carryConstants(of basis: UnsafeMutablePointer<_KeptBasis>) -> Bool {
        // One pass over the watched slots: each whose constant moved since
        // the basis was kept shifts the rows of its marker's column (made
        // the first time it is needed), with every buffer opened once for
        // all the slots (the touched rows are written in place, not
        // appended). Inside `columns`' closure the basis's column array
        // reads as empty, so a column made is stored through the buffer.
        var touchedCount = _basisTouchedCount
        _records.withUnsafeMutableBufferPointer { records in
            _basisWatchedSlots.withUnsafeMutableBufferPointer { watched in
                basis.pointee.constants.withUnsafeMutableBufferPointer { constants in
                    basis.pointee.columns.withUnsafeMutableBufferPointer { columns in
                        _basisShift.withUnsafeMutableBufferPointer { shifts in
                            _basisTouchedFlags.withUnsafeMutableBufferPointer { flags in
                                _basisTouched.withUnsafeMutableBufferPointer { touched in
                                    for watchedSlot in watched {
                                        let slot = Int(watchedSlot)
                                        let constant = records[slot].constant
                                        let marker = records[slot].marker
                                        guard constants[slot] != constant, marker >= 0 else {
                                            continue
                                        }
                                        if !basis.pointee.columnMade[slot] {
                                            columns[slot] = _column(
                                                of: marker, in: basis.pointee.rows)
                                            basis.pointee.columnMade[slot] = true
                                        }
                                        let shift =
                                            -(constant - constants[slot])
                                            * records[slot].markerScale
                                        columns[slot].withUnsafeBufferPointer { column in
                                            for entry in column {
                                                let i = Int(entry.row)
                                                if !flags[i] {
                                                    flags[i] = true
                                                    touched[touchedCount] = entry.row
                                                    touchedCount += 1
                                                }
                                                shifts[i] += entry.coefficient * shift
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        _basisTouchedCount = touchedCount
        let feasible = basis.pointee.rows.withUnsafeMutableBufferPointer { rows in
            _symbols.withUnsafeMutableBufferPointer { symbols in
                _basisShift.withUnsafeBufferPointer { shifts in
                    _basisTouched.withUnsafeBufferPointer { touched in
                        for i in touched[..<touchedCount] {
                            let constant = rows[Int(i)].constant + shifts[Int(i)]
                            switch symbols[Int(rows[Int(i)].basic)].kind {
                            case .external, .free: continue
                            case .dummy: if !_nearZero(constant) { return false }
                            case .slack, .error: if constant <= -_epsilon { return false }
                            }
                        }
                        return true
                    }
                }
            }
        }
        guard feasible else { return false }
        // A basis is kept at the constants that made it infeasible: the
        // rows they left infeasible must have been moved back.
        return basis.pointee.infeasibleRows.withUnsafeMutableBufferPointer { rows in
            _basisTouchedFlags.withUnsafeBufferPointer { flags in
                rows.allSatisfy { flags[Int($0)] }
            }
        }
    }

    /// The tableau's rows the dual simplex would pivot on: those noted
    /// infeasible (every row a change makes infeasible is noted, which the
    /// dual simplex relies on too) and still so.
    func _notedInfeasibleRows() -> [Int32] {
        var found: [Int32] = []
        _noteInfeasibleRows(into: &found)
        return found
    }

    /// `_notedInfeasibleRows`, into `found` (emptied first, its storage
    /// kept), each row once, in the order first noted.
    func _noteInfeasibleRows(into found: inout [Int32]) {
        found.removeAll(keepingCapacity: true)
        // Through buffers (mutable access: exclusive, so none is retained);
        // a row noted by several changes is looked for in `found` only
        // when it is infeasible.
        _infeasible.withUnsafeMutableBufferPointer { noted in
            _symbols.withUnsafeMutableBufferPointer { symbols in
                _rows.withUnsafeMutableBufferPointer { rows in
                    for basic in noted {
                        let index = symbols[Int(basic)].row
                        guard index >= 0 else { continue }
                        let constant = rows[Int(index)].constant
                        let infeasible: Bool
                        switch symbols[Int(basic)].kind {
                        case .external, .free: continue
                        case .dummy: infeasible = !_nearZero(constant)
                        case .slack, .error: infeasible = constant <= -_epsilon
                        }
                        if infeasible, !found.contains(index) { found.append(index) }
                    }
                }
            }
        }
    }

    /// The marker's column in `rows`, as `_shiftMarker` moves constants: a
    /// basic marker's row by -shift, the rows holding a parametric one by
    /// coefficient × shift.
    func _column(of marker: _Symbol, in rows: [_Row]) -> [_ColumnEntry] {
        var column: [_ColumnEntry] = []
        for i in 0..<rows.count {
            let coefficient: Double
            if rows[i].basic == marker {
                coefficient = -1
            } else {
                coefficient = rows[i].coefficient(for: marker)
                if coefficient == 0 { continue }
            }
            column.append(
                _ColumnEntry(
                    row: Int32(i), basicKind: _symbols[Int(rows[i].basic)].kind,
                    coefficient: coefficient))
        }
        return column
    }

    /// `_shiftMarker` while bases are kept and the tableau's columns are
    /// current (since it was last taken from the pool): through the
    /// marker's column, made once per basis, instead of the records'
    /// caches, which every exchange of bases makes stale.
    func _shiftLiveColumn(slot: Int, marker: _Symbol, by shift: Double) {
        if !_liveColumnMade[slot] {
            _liveColumns[slot] = _column(of: marker, in: _rows)
            _liveColumnMade[slot] = true
        }
        // Mutable access, as `_shiftColumn`'s: exclusive, so the column is
        // lent without a retain (one shared with a basis just kept is
        // copied once, then owned).
        _liveColumns.withUnsafeMutableBufferPointer { columns in
            columns[slot].withUnsafeMutableBufferPointer { column in
                _shiftRows(along: UnsafeBufferPointer(column), by: shift)
            }
        }
    }

    func _clearBasisShifts() {
        // Through buffers: one uniqueness check per array, not per row.
        _basisTouched.withUnsafeBufferPointer { touched in
            _basisShift.withUnsafeMutableBufferPointer { shifts in
                _basisTouchedFlags.withUnsafeMutableBufferPointer { flags in
                    for i in touched[..<_basisTouchedCount] {
                        shifts[Int(i)] = 0
                        flags[Int(i)] = false
                    }
                }
            }
        }
        _basisTouchedCount = 0
    }

    /// A symbol's share of `_basisFingerprint`, the exclusive or over the
    /// basic symbols (SplitMix64's finaliser spreads small ids).
    @inline(__always)
    static func _fingerprint(of symbol: _Symbol) -> UInt64 {
        var z = UInt64(UInt32(bitPattern: symbol)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A basis the tableau was optimal in: its rows and objective, the
/// symbols with the rows where they are basic in it, and the constants
/// (by record slot) its rows' constants are for.
struct _KeptBasis {
    var rows: [_Row]
    var objective: [_ObjectiveRow]
    var symbols: [_SymbolInfo]
    var constants: [Double]
    var fingerprint: UInt64
    /// The rows infeasible at `constants`.
    var infeasibleRows: [Int32] = []
    /// Markers' columns in `rows`, by record slot, made when first needed.
    var columns: [[_ColumnEntry]]
    var columnMade: [Bool]

    init(
        rows: [_Row], objective: [_ObjectiveRow], symbols: [_SymbolInfo], constants: [Double],
        fingerprint: UInt64
    ) {
        self.rows = rows
        self.objective = objective
        self.symbols = symbols
        self.constants = constants
        self.fingerprint = fingerprint
        self.columns = Array(repeating: [], count: constants.count)
        self.columnMade = Array(repeating: false, count: constants.count)
    }
}
