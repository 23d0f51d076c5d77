// Columns: for each symbol, the tableau rows that may hold it, so that a
// substitution, a ratio test or a scrub visits those rows only instead of
// every row (what made adding n constraints cost O(n²) row visits), and the
// merge of long rows (chains of views make rows as long as the chain).

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

    /// Grows the per-symbol column arrays to cover a new symbol id.
    func _addColumn() {
        _columnHeads.append(-1)
        _columnSeen.append(0)
    }

    /// Records that the row whose basic symbol is `basic` holds `symbol`.
    @inline(__always)
    func _noteColumn(_ symbol: _Symbol, _ basic: _Symbol) {
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
        let basic = _rows[index].basic
        for t in 0..<_rows[index].terms.count { _noteColumn(_rows[index].terms[t].symbol, basic) }
    }

    /// Fills `_columnRows` with the indices of the rows holding `symbol`, in
    /// ascending order (the order of a scan over all rows, so pivoting
    /// choices and the order of infeasible rows do not change), and drops
    /// stale and repeated nodes.
    ///
    /// - Complexity: O(nodes × row length) with the (usually one-test)
    ///   membership check of each row; O(1) nodes per row holding the symbol
    ///   after compaction.
    func _collectColumn(_ symbol: _Symbol) {
        _columnRows.removeAll(keepingCapacity: true)
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
            if row >= 0 && _columnSeen[basic] != _columnEpoch
                && _rows[Int(row)].index(of: symbol) != nil
            {
                _columnSeen[basic] = _columnEpoch
                _columnRows.append(row)
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
        if _columnRows.count > 1 { _columnRows.sort() }
    }

    /// Empties `symbol`'s column (once no row holds it, or it is freed).
    func _clearColumn(_ symbol: _Symbol) {
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
    func _add(_ source: _Row, times factor: Double, to target: inout _Row, basic: _Symbol) {
        target.constant += source.constant * factor
        let count = source.terms.count
        if target.terms.count * count <= 64 {
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
        _scratchPositions.withUnsafeMutableBufferPointer { buffer in
            let positions = buffer.baseAddress!
            for i in 0..<target.terms.count { positions[Int(target.terms[i].symbol)] = Int32(i) }
            for j in 0..<count {
                let term = source.terms[j]
                if target.insert(term.symbol, term.coefficient * factor, positions: positions)
                    && basic >= 0
                {
                    _noteColumn(term.symbol, basic)
                }
            }
            for i in 0..<target.terms.count { positions[Int(target.terms[i].symbol)] = -1 }
        }
    }
}
