// Row: one tableau row, `basic = constant + sum(coefficient * symbol)`, as a
// small unsorted array of terms (rows hold a few terms; a linear scan beats
// hashing at that size and keeps the storage flat), with a 64-bit filter of
// the symbols it may hold so most "is it here?" questions cost one test.
// Rows of large systems can be long (a chain's rows grow with it); the solver
// merges those through a symbol → position table (`Solver._add`).

struct _Term {
    var symbol: _Symbol
    var coefficient: Double
}

@usableFromInline
struct _Row {
    var terms: [_Term]
    @usableFromInline var constant: Double
    /// The row's basic symbol in the tableau (-1 for objective rows and rows
    /// being built).
    var basic: _Symbol = _noSymbol
    /// Bit `symbol % 64` is set for every symbol in `terms` (and possibly for
    /// symbols removed since): a clear bit means the symbol is absent.
    var filter: UInt64 = 0
    /// Whether the row is a definition (Solver+Definitions.swift): its basic
    /// symbol is an external defined by the terms as written, which may
    /// include other basic symbols; no other row holds that symbol.
    @usableFromInline var isDefinition = false

    init(constant: Double = 0) {
        self.terms = []
        self.constant = constant
    }

    @inline(__always)
    static func bit(_ symbol: _Symbol) -> UInt64 { 1 &<< UInt64(UInt32(bitPattern: symbol) & 63) }

    @inline(__always)
    func index(of symbol: _Symbol) -> Int? {
        if filter & _Row.bit(symbol) == 0 { return nil }
        var i = 0
        let n = terms.count
        while i < n {
            if terms[i].symbol == symbol { return i }
            i += 1
        }
        return nil
    }

    /// The coefficient of `symbol`, 0 when absent.
    @inline(__always)
    func coefficient(for symbol: _Symbol) -> Double {
        if filter & _Row.bit(symbol) == 0 { return 0 }
        for term in terms where term.symbol == symbol { return term.coefficient }
        return 0
    }

    @inline(__always)
    mutating func _removeTerm(at index: Int) {
        let last = terms.count - 1
        if index != last { terms[index] = terms[last] }
        terms.removeLast()
    }

    /// Adds `coefficient * symbol`; a coefficient that becomes near zero is
    /// dropped. Returns whether a new term was appended (the solver then
    /// records the row in the symbol's column).
    @inline(__always) @discardableResult
    mutating func insert(_ symbol: _Symbol, _ coefficient: Double) -> Bool {
        if let i = index(of: symbol) {
            let sum = terms[i].coefficient + coefficient
            if _nearZero(sum) { _removeTerm(at: i) } else { terms[i].coefficient = sum }
        } else if !_nearZero(coefficient) {
            terms.append(_Term(symbol: symbol, coefficient: coefficient))
            filter |= _Row.bit(symbol)
            return true
        }
        return false
    }

    /// Adds `factor * other` (constant included).
    mutating func insert(_ other: _Row, times factor: Double) {
        constant += other.constant * factor
        for term in other.terms { insert(term.symbol, term.coefficient * factor) }
    }

    /// Removes `symbol` from the row.
    mutating func remove(_ symbol: _Symbol) {
        if let i = index(of: symbol) { _removeTerm(at: i) }
    }

    mutating func reverseSign() {
        constant = -constant
        for i in terms.indices { terms[i].coefficient = -terms[i].coefficient }
    }

    /// Solves `0 = row` for `symbol`, which must be in the row: the row
    /// becomes `symbol = constant + terms` without `symbol`.
    mutating func solve(for symbol: _Symbol) {
        guard let i = index(of: symbol) else { return }
        let factor = -1.0 / terms[i].coefficient
        _removeTerm(at: i)
        constant *= factor
        var fresh: UInt64 = 0  // rebuilt here so filters do not fill up over time
        for j in terms.indices {
            terms[j].coefficient *= factor
            fresh |= _Row.bit(terms[j].symbol)
        }
        filter = fresh
    }

    /// Turns `lhs = row` into `rhs = ...`, `rhs` being in the row.
    mutating func solve(for lhs: _Symbol, _ rhs: _Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }
}
