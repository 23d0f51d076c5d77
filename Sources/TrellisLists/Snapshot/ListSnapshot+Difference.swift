// Diffing two snapshots by identity: Heckel's idea (every identifier is a
// unique key, so one hash table pairs old and new positions in O(n)), then a
// longest increasing subsequence per section to choose which paired items
// stay put and which move (the fewest moves), with a fast path that keeps
// in-order items O(1) each. The pairing itself is in `_SnapshotMatch.swift`.

extension ListSnapshot {
    /// What changed from `old` to this snapshot.
    ///
    /// ```swift
    /// let difference = try new.difference(from: old)
    /// difference.insertedItems   // [[0, 3]]
    /// ```
    /// - Throws: `SnapshotError` when either snapshot repeats an identifier
    ///   or this one reloads an item it does not hold.
    /// - Complexity: O(n + m log m) for n items in both, m of them out of order.
    public func difference(from old: ListSnapshot) throws(SnapshotError) -> ListDifference {
        let oldIndex = try _SnapshotIndex(old, checkingReloads: false)
        let newIndex = try _SnapshotIndex(self, checkingReloads: true)
        return _SnapshotMatch(old: oldIndex, new: newIndex, newSnapshot: self).difference
    }
}
