// Objective: one level of the lexicographic objective. A level holds the
// errors of every optional constraint of its priority, so in a large system
// (a grid of views) it is far longer than a tableau row: past a few dozen
// terms it keeps an index from symbol to term and the list of symbols whose
// coefficient may be negative, so lookups and the choice of the entering
// symbol cost O(1) and O(candidates) instead of O(length).

struct _ObjectiveRow {
    /// The level's terms and constant.
    private(set) var row: _Row
    /// `positions[symbol]` is the index of `symbol`'s term in `row.terms`, or
    /// -1; empty while the row is short (then `row`'s own scan is used).
    private var positions: [Int32] = []
    /// While indexed: every symbol whose coefficient is negative, possibly
    /// with symbols that are no longer negative (dropped by
    /// `compactNegatives()`) and repeats.
    private(set) var negatives: [_Symbol] = []
    /// The length of `negatives` after its last removal of repeats.
    private var uniqueNegatives = 0
    /// While indexed: symbols whose terms were removed since the solver
    /// last read this list (`Solver._relistUnblockedNegatives`).
    var removed: [_Symbol] = []
    /// Whether the level may have changed since the solver last found the
    /// objective optimal (`Solver._optimize`): set by every change of its
    /// terms, constant or lists, cleared by the solver only.
    var isDirty = true

    init(_ row: _Row) {
        self.row = row
    }

    var terms: [_Term] { row.terms }
    var constant: Double { row.constant }
    /// Whether `negatives` lists the candidates (else scan `terms`).
    var isIndexed: Bool { !positions.isEmpty }

    /// The coefficient of `symbol`, 0 when absent.
    /// - Complexity: O(1) when indexed.
    @inline(__always)
    func coefficient(for symbol: _Symbol) -> Double {
        if positions.isEmpty { return row.coefficient(for: symbol) }
        let s = Int(symbol)
        guard s < positions.count else { return 0 }
        let i = Int(positions[s])
        return i >= 0 ? row.terms[i].coefficient : 0
    }

    /// Whether `symbol` has a term (checked before a mutation, which costs
    /// a uniqueness check of the storage).
    @inline(__always)
    func contains(_ symbol: _Symbol) -> Bool {
        if positions.isEmpty { return row.index(of: symbol) != nil }
        let s = Int(symbol)
        return s < positions.count && positions[s] >= 0
    }

    /// Adds `coefficient * symbol`.
    mutating func insert(_ symbol: _Symbol, _ coefficient: Double) {
        isDirty = true
        if positions.isEmpty {
            row.insert(symbol, coefficient)
            return
        }
        let s = Int(symbol)
        if s >= positions.count {
            positions.append(
                contentsOf: repeatElement(
                    -1, count: max(s + 1, 2 * positions.count) - positions.count))
        }
        let i = Int(positions[s])
        if i >= 0 {
            let old = row.terms[i].coefficient
            let sum = old + coefficient
            if _nearZero(sum) {
                remove(symbol)
            } else {
                row.terms[i].coefficient = sum
                if sum < 0 && old >= 0 { negatives.append(symbol) }
            }
        } else if !_nearZero(coefficient) {
            positions[s] = Int32(row.terms.count)
            row.terms.append(_Term(symbol: symbol, coefficient: coefficient))
            row.filter |= _Row.bit(symbol)
            if coefficient < 0 { negatives.append(symbol) }
        }
    }

    /// Adds `factor * other` (constant included).
    mutating func insert(_ other: _Row, times factor: Double) {
        isDirty = true
        // A long row merged into a short level (a probe's row, expanded
        // through a chain) would scan the level once per term.
        if positions.isEmpty && other.terms.count > 64 { buildIndex() }
        if positions.isEmpty {
            row.insert(other, times: factor)
        } else {
            row.constant += other.constant * factor
            for term in other.terms { insert(term.symbol, term.coefficient * factor) }
        }
    }

    /// Replaces `symbol` by the expression `other`, when present.
    mutating func substitute(_ symbol: _Symbol, with other: _Row) {
        isDirty = true
        if positions.isEmpty {
            guard let i = row.index(of: symbol) else { return }
            let coefficient = row.terms[i].coefficient
            row._removeTerm(at: i)
            insert(other, times: coefficient)
            return
        }
        let coefficient = self.coefficient(for: symbol)
        guard coefficient != 0 else { return }
        remove(symbol)
        insert(other, times: coefficient)
    }

    /// Removes `symbol`'s term.
    mutating func remove(_ symbol: _Symbol) {
        isDirty = true
        if positions.isEmpty {
            row.remove(symbol)
            return
        }
        let s = Int(symbol)
        guard s < positions.count, positions[s] >= 0 else { return }
        let i = Int(positions[s])
        let last = row.terms.count - 1
        if i != last { positions[Int(row.terms[last].symbol)] = Int32(i) }
        row._removeTerm(at: i)
        positions[s] = -1
        removed.append(symbol)
    }

    /// Lists `symbol` among the negatives again when its coefficient is
    /// negative (`compactNegatives` may have dropped it as blocked).
    mutating func relist(_ symbol: _Symbol) {
        isDirty = true
        if coefficient(for: symbol) < 0 { negatives.append(symbol) }
    }

    /// Drops symbols that are no longer negative from `negatives`, and
    /// those `isCandidate` rejects (a dummy never enters the basis; a
    /// rejected symbol is listed again only when its coefficient turns
    /// negative again), and repeats, once the list has doubled since the
    /// last time.
    /// - Complexity: O(negatives), amortised.
    mutating func compactNegatives(_ isCandidate: (_Symbol) -> Bool) {
        var kept = 0
        for j in 0..<negatives.count
        where coefficient(for: negatives[j]) < 0 && isCandidate(negatives[j]) {
            negatives[kept] = negatives[j]
            kept += 1
        }
        negatives.removeLast(negatives.count - kept)
        if negatives.count > 2 * max(uniqueNegatives, 8) {
            negatives.sort()
            var unique = 0
            for j in 0..<negatives.count where j == 0 || negatives[j] != negatives[j - 1] {
                negatives[unique] = negatives[j]
                unique += 1
            }
            negatives.removeLast(negatives.count - unique)
            uniqueNegatives = unique
        }
    }

    /// Builds the index (done by the solver once the row is long: cell-sized
    /// systems keep the plain row, with no extra allocation); an index, once
    /// built, is kept.
    /// - Complexity: O(length + largest symbol id), once.
    mutating func buildIndex() {
        isDirty = true
        var largest: _Symbol = 0
        for term in row.terms where term.symbol > largest { largest = term.symbol }
        positions = [Int32](repeating: -1, count: 2 * (Int(largest) + 1))
        negatives = []
        for i in row.terms.indices {
            positions[Int(row.terms[i].symbol)] = Int32(i)
            if row.terms[i].coefficient < 0 { negatives.append(row.terms[i].symbol) }
        }
        uniqueNegatives = negatives.count
    }
}
