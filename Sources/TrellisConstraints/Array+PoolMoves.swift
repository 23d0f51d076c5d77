// Moving elements between a pool's kept list and a taker's list
// (`_ConstraintPool`, Solver+ConstraintPool.swift; `_RowStoragePool`,
// Solver+RowStorage.swift).

extension Array {
    /// Moves elements from the end of `source` to the end of `target`
    /// while `target` has fewer than `limit`; returns whether any moved.
    /// Into an empty list, a whole source that fits is swapped in, not
    /// copied; up to `oneByOne` elements are moved one at a time (the last
    /// of `source` first), more as a range (in `source`'s order).
    static func _poolMove(
        from source: inout [Element], to target: inout [Element], upTo limit: Int,
        oneByOne: Int = 0
    ) -> Bool {
        let n = Swift.min(source.count, limit - target.count)
        guard n > 0 else { return false }
        if target.isEmpty && n == source.count {
            swap(&source, &target)
        } else if n <= oneByOne {
            for _ in 0..<n { target.append(source.removeLast()) }
        } else {
            target.append(contentsOf: source[(source.count - n)...])
            source.removeLast(n)
        }
        return true
    }
}
