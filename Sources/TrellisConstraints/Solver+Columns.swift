// Columns: for each symbol, the tableau rows that may hold it, so that a
// substitution, a ratio test or a scrub visits those rows only instead of
// every row (what made adding n constraints cost O(n²) row visits), and the
// merge of long rows (chains of views make rows as long as the chain).
// Small tableaus (a cell's) keep no columns: a scan of a few dozen rows
// (up to 128) with their 64-bit filters is cheaper than maintaining lists, and fresh
// solvers per row must stay cheap.

/// One entry of a column list: a row (named by its basic symbol, which stays
/// the same when rows move in `_rows`) that held the symbol when recorded.
struct _ColumnNode {
    var basic: _Symbol
    var next: Int32
}

extension Solver {
    // A column is a singly linked list of nodes in `_columnNodes`, starting at
    // `_columnHeads[symbol]`. It is a superset: every row holding the symbol
    // has a node with its basic symbol (added when the term is added or the
    // row enters the tableau), while nodes of rows that lost the term are
    // dropped lazily, by `_collectColumn`. Lists live in one array with a
    // free list, so a small solver allocates nothing per symbol.

    /// Starts keeping columns: one list per symbol, filled from every row.
    ///
    /// - Complexity: O(symbols + tableau terms), once per solver.
    func _enableColumns() {
        _columnsEnabled = true
        _columnHeads = [Int32](repeating: -1, count: _symbols.count)
        _columnSeen = [UInt32](repeating: 0, count: _symbols.count)
        // Room for the symbols and rows the storage has room for (a
        // client's `reserveCapacity(forConstraints:variables:)`): the
        // columns grow with them.
        _columnHeads.reserveCapacity(_symbols.capacity)
        _columnSeen.reserveCapacity(_symbols.capacity)
        _columnNodes.reserveCapacity(2 * _rows.capacity)
        for i in _rows.indices { _noteColumns(ofRowAt: i) }
    }

    /// Grows the per-symbol column arrays to cover a new symbol id.
    @inline(__always)
    func _addColumn() {
        if _columnsEnabled { _appendColumn() }
    }

    func _appendColumn() {
        _columnHeads.append(-1)
        _columnSeen.append(0)
    }

    /// Records that the row whose basic symbol is `basic` holds `symbol`.
    @inline(__always)
    func _noteColumn(_ symbol: _Symbol, _ basic: _Symbol) {
        guard _columnsEnabled else { return }
        let s = Int(symbol)
        let head = _columnHeads[s]
        if _freeColumnNode >= 0 {
            let node = _freeColumnNode
            _freeColumnNode = _columnNodes[Int(node)].next
            _columnNodes[Int(node)] = _ColumnNode(basic: basic, next: head)
            _columnHeads[s] = node
        } else {
            _columnNodes.append(_ColumnNode(basic: basic, next: head))
            _columnHeads[s] = Int32(_columnNodes.count - 1)
        }
    }

    /// Records every term of the row at `index` in its column.
    func _noteColumns(ofRowAt index: Int) {
        guard _columnsEnabled else { return }
        let basic = _rows[index].basic
        _rows[index].terms.withUnsafeBufferPointer { terms in
            for term in terms { _noteColumn(term.symbol, basic) }
        }
    }

    /// Fills `_columnRows` with the indices of the rows holding `symbol`, in
    /// ascending order (the order of a scan over all rows, so pivoting
    /// choices and the order of infeasible rows do not change), and drops
    /// stale and repeated nodes. `_columnTerms` gets the index of the
    /// symbol's term in each of those rows (valid until the row changes).
    ///
    /// - Complexity: O(nodes × row length) with the (usually one-test)
    ///   membership check of each row; O(1) nodes per row holding the symbol
    ///   after compaction.
    func _collectColumn(_ symbol: _Symbol) {
        _columnRows.removeAll(keepingCapacity: true)
        _columnTerms.removeAll(keepingCapacity: true)
        _columnEpoch &+= 1
        if _columnEpoch == 0 {  // wrapped: old marks could look current
            for i in _columnSeen.indices { _columnSeen[i] = 0 }
            _columnEpoch = 1
        }
        let s = Int(symbol)
        var previous: Int32 = -1
        var node = _columnHeads[s]
        while node >= 0 {
            let next = _columnNodes[Int(node)].next
            let basic = Int(_columnNodes[Int(node)].basic)
            let row = _symbols[basic].row
            if row >= 0 && _columnSeen[basic] != _columnEpoch,
                let term = _rows[Int(row)].index(of: symbol)
            {
                _columnSeen[basic] = _columnEpoch
                _columnRows.append(row)
                _columnTerms.append(Int32(term))
                previous = node
            } else {
                if previous < 0 {
                    _columnHeads[s] = next
                } else {
                    _columnNodes[Int(previous)].next = next
                }
                _columnNodes[Int(node)].next = _freeColumnNode
                _freeColumnNode = node
            }
            node = next
        }
        if _columnRows.count > 1 { _sortColumn() }
    }

    /// Sorts `_columnRows` ascending, `_columnTerms` along with it.
    func _sortColumn() {
        let count = _columnRows.count
        var sorted = true
        for j in 1..<count where _columnRows[j - 1] > _columnRows[j] {
            sorted = false
            break
        }
        if sorted { return }
        // Rows and term indices are both below 2^31: sort them as one key.
        var keys = (0..<count).map { UInt64(_columnRows[$0]) << 32 | UInt64(_columnTerms[$0]) }
        keys.sort()
        for j in 0..<count {
            _columnRows[j] = Int32(truncatingIfNeeded: keys[j] >> 32)
            _columnTerms[j] = Int32(truncatingIfNeeded: keys[j])
        }
    }

    /// Calls `body(row index, term index)` for each row holding `symbol`, in
    /// ascending row order: through the column once columns are kept, else by
    /// a scan of every row. `body` may change those rows (each is visited
    /// once) but must not look up another column.
    @inline(__always)
    func _forEachRow(holding symbol: _Symbol, _ body: (_ row: Int, _ term: Int) -> Void) {
        if _columnsEnabled {
            _collectColumn(symbol)
            for j in 0..<_columnRows.count { body(Int(_columnRows[j]), Int(_columnTerms[j])) }
        } else {
            for i in 0..<_rows.count {
                if let t = _rows[i].index(of: symbol) { body(i, t) }
            }
        }
    }

    /// Empties `symbol`'s column (once no row holds it, or it is freed).
    @inline(__always)
    func _clearColumn(_ symbol: _Symbol) {
        if _columnsEnabled { _releaseColumn(symbol) }
    }

    func _releaseColumn(_ symbol: _Symbol) {
        let s = Int(symbol)
        var node = _columnHeads[s]
        while node >= 0 {
            let next = _columnNodes[Int(node)].next
            _columnNodes[Int(node)].next = _freeColumnNode
            _freeColumnNode = node
            node = next
        }
        _columnHeads[s] = -1
    }

    /// Adds `factor * source` (constant included) to `target`; a term that
    /// is new in `target` is recorded in its column under `basic` (pass
    /// `_noSymbol` for a row not in the tableau yet).
    ///
    /// Long rows are merged through `_scratchPositions` (symbol → term index,
    /// all -1 between calls), so the merge costs O(target + source) rather
    /// than a scan of `target` per source term.
    @inline(__always)
    func _add(_ source: _Row, times factor: Double, to target: inout _Row, basic: _Symbol) {
        if !_isLongMerge(source, into: target) && (basic < 0 || !_columnsEnabled) {
            target.insert(source, times: factor)
        } else {
            _addNoting(source, times: factor, to: &target, basic: basic)
        }
    }

    /// Whether merging `source` into `target` should go through the position
    /// table: each lookup of the plain merge scans `target` once the 64-bit
    /// filter fills, and writes each term through a uniqueness check of the
    /// row's storage. Past 16 terms in all the table's one pass costs less
    /// (callgrind, PostCell's reused engine: 48 -> 16 took 2% of its
    /// instructions per row; 6, and 8 once merges ran in place, were no
    /// better). A single term never needs it.
    @inline(__always)
    func _isLongMerge(_ source: _Row, into target: _Row) -> Bool {
        source.terms.count > 1 && source.terms.count + target.terms.count > 16
    }

    /// `_add` for long rows or rows whose columns are kept.
    func _addNoting(_ source: _Row, times factor: Double, to target: inout _Row, basic: _Symbol) {
        let count = source.terms.count
        let short = !_isLongMerge(source, into: target)
        target.constant += source.constant * factor
        if short {
            for j in 0..<count {
                let term = source.terms[j]
                if target.insert(term.symbol, term.coefficient * factor) && basic >= 0 {
                    _noteColumn(term.symbol, basic)
                }
            }
            return
        }
        if _scratchPositions.count < _symbols.count {
            _scratchPositions.append(
                contentsOf: repeatElement(-1, count: _symbols.count - _scratchPositions.count))
        }
        // The merge runs in place through pointers (room for every source
        // term is made first, what is left over dropped at the end), in
        // the order `_Row.insert` gives (appended at the end, a cancelled
        // term replaced by the last one), so results do not depend on the
        // path taken. In place: a new array per merge cost a fifth of a
        // pivot in a cell's solver (callgrind).
        let oldCount = target.terms.count
        var filter = target.filter
        target.terms.append(
            contentsOf: repeatElement(_Term(symbol: _noSymbol, coefficient: 0), count: count))
        var n = oldCount
        target.terms.withUnsafeMutableBufferPointer { terms in
            _scratchPositions.withUnsafeMutableBufferPointer { positions in
                for i in 0..<n { positions[Int(terms[i].symbol)] = Int32(i) }
                source.terms.withUnsafeBufferPointer { source in
                    for term in source {
                        let coefficient = term.coefficient * factor
                        let symbol = Int(term.symbol)
                        let i = Int(positions[symbol])
                        if i >= 0 {
                            let sum = terms[i].coefficient + coefficient
                            if !_nearZero(sum) {
                                terms[i].coefficient = sum
                                continue
                            }
                            n -= 1
                            if i != n {
                                terms[i] = terms[n]
                                positions[Int(terms[i].symbol)] = Int32(i)
                            }
                            positions[symbol] = -1
                        } else if !_nearZero(coefficient) {
                            terms[n] = _Term(symbol: term.symbol, coefficient: coefficient)
                            positions[symbol] = Int32(n)
                            n += 1
                            filter |= _Row.bit(term.symbol)
                            if basic >= 0 { _noteColumn(term.symbol, basic) }
                        }
                    }
                }
                for i in 0..<n { positions[Int(terms[i].symbol)] = -1 }
            }
        }
        target.terms.removeLast(oldCount + count - n)
        target.filter = filter
    }
}
