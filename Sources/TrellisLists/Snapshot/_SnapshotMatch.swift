// The pairing behind every snapshot apply: a checked index of a snapshot
// (identifier to position, by hashing) and the match of two of them (for
// each new section and item, where it was and whether it stays, moves or is
// new), plus the longest-increasing-run choice of what stays.

/// A snapshot checked and indexed: where each identifier is. (Inlinable, so
/// the hashing loops are specialized for the caller's identifier types.)
@usableFromInline
struct _SnapshotIndex<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    /// Section identifier → section.
    @usableFromInline var sections: [SectionIdentifier: Int]
    /// Item identifier → position among all items (section by section).
    @usableFromInline var items: [ItemIdentifier: Int]
    /// Each section's first item position, then the item count.
    @usableFromInline var itemStarts: [Int]

    /// Checks a snapshot for repeated identifiers (and, when asked, reloads
    /// of items it lacks) and indexes it.
    /// - Complexity: O(n).
    @inlinable
    init(_ snapshot: ListSnapshot<SectionIdentifier, ItemIdentifier>, checkingReloads: Bool)
        throws(SnapshotError)
    {
        sections = Dictionary(minimumCapacity: snapshot.numberOfSections)
        for (s, id) in snapshot.sectionIdentifiers.enumerated() {
            if let first = sections.updateValue(s, forKey: id) {
                throw .duplicateSection(String(describing: id), first: first, second: s)
            }
        }
        itemStarts = [0]
        itemStarts.reserveCapacity(snapshot.numberOfSections + 1)
        for section in snapshot.sectionItems { itemStarts.append(itemStarts.last! + section.count) }
        items = Dictionary(minimumCapacity: itemStarts.last!)
        var position = 0
        for (s, section) in snapshot.sectionItems.enumerated() {
            for (i, id) in section.enumerated() {
                if let first = items.updateValue(position, forKey: id) {
                    throw .duplicateItem(
                        String(describing: id),
                        first: _indexPath(ofPosition: first, starts: itemStarts),
                        second: IndexPath(item: i, section: s))
                }
                position += 1
            }
        }
        if checkingReloads {
            for id in snapshot.reloadedItemIdentifiers where items[id] == nil {
                throw .reloadOfMissingItem(String(describing: id))
            }
        }
    }

}

/// The index path of an item position, given each section's first position
/// (then the item count). Empty sections share their start with the next
/// section; the search takes the last section starting at or before it.
/// - Complexity: O(log sections).
@usableFromInline
func _indexPath(ofPosition position: Int, starts: [Int]) -> IndexPath {
    var low = 0
    var high = starts.count - 2
    while low < high {
        let mid = (low + high + 1) / 2
        if starts[mid] <= position { low = mid } else { high = mid - 1 }
    }
    return IndexPath(item: position - starts[low], section: low)
}

/// Two indexed snapshots paired by identity: for every new section and item,
/// where it was and whether it stays, moves or is new.
@usableFromInline
struct _SnapshotMatch {
    /// Per new section: its old section, or -1 when inserted.
    @usableFromInline var sectionSource: [Int]
    /// Per old section: its new section, or -1 when deleted.
    @usableFromInline var sectionTarget: [Int]
    /// Per new section: true when it changed order (not in the kept run).
    @usableFromInline var sectionMoved: [Bool]
    /// Per new item: its old item position, or -1 when inserted.
    @usableFromInline var itemSource: [Int]
    /// Per old item: its new item position, or -1 when deleted.
    @usableFromInline var itemTarget: [Int]
    /// Per new item: `kept`, `moved` or `inserted`, plus `reloaded`.
    @usableFromInline var itemFlags: [UInt8]
    @usableFromInline var oldItemStarts: [Int]
    @usableFromInline var newItemStarts: [Int]

    @usableFromInline static var kept: UInt8 { 1 }
    @usableFromInline static var moved: UInt8 { 2 }
    @usableFromInline static var reloaded: UInt8 { 4 }

    /// - Complexity: O(n + m log m) for n items, m of them out of order.
    @inlinable
    init<S, I>(
        old: _SnapshotIndex<S, I>, new: _SnapshotIndex<S, I>, newSnapshot: ListSnapshot<S, I>
    ) {
        let newSections = newSnapshot.sectionIdentifiers
        let sources = newSections.map { old.sections[$0] ?? -1 }
        sectionSource = sources
        sectionTarget = [Int](repeating: -1, count: old.itemStarts.count - 1)
        for (t, s) in sources.enumerated() where s >= 0 { sectionTarget[s] = t }
        let keptSections = _longestIncreasingRun(sources, skipping: -1)
        sectionMoved = sources.indices.map { sources[$0] >= 0 && !keptSections[$0] }

        oldItemStarts = old.itemStarts
        newItemStarts = new.itemStarts
        let newCount = new.itemStarts.last!
        itemSource = []
        itemSource.reserveCapacity(newCount)
        for section in newSnapshot.sectionItems {
            for id in section { itemSource.append(old.items[id] ?? -1) }
        }
        itemTarget = [Int](repeating: -1, count: old.itemStarts.last!)
        for (n, o) in itemSource.enumerated() where o >= 0 { itemTarget[o] = n }
        itemFlags = [UInt8](repeating: 0, count: newCount)

        // Per new section, the items that were in its old section stay when
        // they keep their order; the others (and items from other sections)
        // move.
        var inSection: [Int] = []
        for t in sectionSource.indices {
            let range = new.itemStarts[t]..<new.itemStarts[t + 1]
            let s = sectionSource[t]
            let oldRange = s >= 0 ? old.itemStarts[s]..<old.itemStarts[s + 1] : 0..<0
            inSection.removeAll(keepingCapacity: true)
            for n in range {
                let o = itemSource[n]
                inSection.append(oldRange.contains(o) ? o : -1)
            }
            let keep = _longestIncreasingRun(inSection, skipping: -1)
            for (k, n) in range.enumerated() where itemSource[n] >= 0 {
                itemFlags[n] = keep[k] ? Self.kept : Self.moved
            }
        }
        for id in newSnapshot.reloadedItemIdentifiers {
            itemFlags[new.items[id]!] |= Self.reloaded
        }
    }

    /// The public description of the change.
    /// - Complexity: O(n + sections × log sections).
    @usableFromInline
    var difference: ListDifference {
        var result = ListDifference()
        for (s, t) in sectionTarget.enumerated() where t < 0 { result.deletedSections.append(s) }
        for (t, s) in sectionSource.enumerated() {
            if s < 0 {
                result.insertedSections.append(t)
            } else if sectionMoved[t] {
                result.movedSections.append(ListMove(from: s, to: t))
            }
        }
        for section in 0..<(oldItemStarts.count - 1) {
            for o in oldItemStarts[section]..<oldItemStarts[section + 1] where itemTarget[o] < 0 {
                result.deletedItems.append(
                    IndexPath(item: o - oldItemStarts[section], section: section))
            }
        }
        for t in 0..<(newItemStarts.count - 1) {
            for n in newItemStarts[t]..<newItemStarts[t + 1] {
                let path = IndexPath(item: n - newItemStarts[t], section: t)
                let flags = itemFlags[n]
                if flags & Self.reloaded != 0 { result.reloadedItems.append(path) }
                if itemSource[n] < 0 {
                    result.insertedItems.append(path)
                } else if flags & Self.moved != 0 {
                    let from = _indexPath(ofPosition: itemSource[n], starts: oldItemStarts)
                    result.movedItems.append(ListMove(from: from, to: path))
                }
            }
        }
        return result
    }
}

/// Marks a longest strictly increasing subsequence of `values`, ignoring
/// entries equal to `skipping` (never marked). Among runs of that length,
/// the one read back from the smallest tails is marked, so the choice is a
/// function of the values alone.
///
/// Patience sorting with predecessor links; an element larger than every
/// tail extends the longest run in O(1), so a sequence that is mostly in
/// order costs O(n + m log n) for m elements out of order.
@usableFromInline
func _longestIncreasingRun(_ values: [Int], skipping: Int) -> [Bool] {
    var tails: [Int] = []  // tails[k]: index of the smallest last value of a run of length k + 1
    var previous = [Int](repeating: -1, count: values.count)
    for i in values.indices where values[i] != skipping {
        let value = values[i]
        if let last = tails.last, values[last] >= value {
            var low = 0
            var high = tails.count - 1
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            previous[i] = low > 0 ? tails[low - 1] : -1
            tails[low] = i
        } else {
            previous[i] = tails.last ?? -1
            tails.append(i)
        }
    }
    var marked = [Bool](repeating: false, count: values.count)
    var i = tails.last ?? -1
    while i >= 0 {
        marked[i] = true
        i = previous[i]
    }
    return marked
}
extension _SnapshotIndex: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}
