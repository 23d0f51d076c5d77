// Batch updates in UIKit's order: deletes and reloads name rows and sections
// as they were before the update, inserts name them as they are after it,
// moves go from an old index path to a new one. Rows that stay keep their
// measured heights; the first visible row that stays keeps its place on screen.

/// The changes of one `performBatchUpdates` call, as UIKit's
/// `deleteRows(at:)`, `insertRows(at:)`, `moveRow(at:to:)`, `reloadRows(at:)`,
/// `deleteSections(_:)` and `insertSections(_:)` inside its update block.
public struct TableUpdates: Sendable {
    /// Deleted sections, numbered as before the update.
    public var deletedSections: [Int] = []
    /// Inserted sections, numbered as after the update.
    public var insertedSections: [Int] = []
    /// Deleted rows, as before the update.
    public var deletedRows: [IndexPath] = []
    /// Inserted rows, as after the update.
    public var insertedRows: [IndexPath] = []
    /// Moved rows: from an index path before the update to one after it.
    public var movedRows: [(from: IndexPath, to: IndexPath)] = []
    /// Reloaded rows (re-estimated, measured again when in view), as before the update.
    public var reloadedRows: [IndexPath] = []

    public init() {}

    /// Deletes sections, numbered as before the update (`deleteSections(_:with:)`).
    public mutating func deleteSections(_ sections: [Int]) { deletedSections += sections }
    /// Inserts sections, numbered as after the update (`insertSections(_:with:)`).
    public mutating func insertSections(_ sections: [Int]) { insertedSections += sections }
    /// Deletes rows, as before the update (`deleteRows(at:with:)`).
    public mutating func deleteRows(at paths: [IndexPath]) { deletedRows += paths }
    /// Inserts rows, as after the update (`insertRows(at:with:)`).
    public mutating func insertRows(at paths: [IndexPath]) { insertedRows += paths }
    /// Moves a row from its place before the update to its place after it (`moveRow(at:to:)`).
    public mutating func moveRow(at from: IndexPath, to: IndexPath) { movedRows.append((from, to)) }
    /// Reloads rows, as before the update (`reloadRows(at:with:)`).
    public mutating func reloadRows(at paths: [IndexPath]) { reloadedRows += paths }
}

extension TableLayout {
    /// Applies a batch of updates, given the data source's sections after it.
    ///
    /// Checks what UIKit checks (index paths in range, each row named once,
    /// and every section's row count after the update equal to its count
    /// before plus inserts minus deletes plus moves in minus moves out) and
    /// throws the matching `TableError` with the table unchanged. Rows that
    /// stay, including moved rows, keep their heights; inserted and reloaded
    /// rows get estimates (asked and checked before anything changes). The
    /// first visible element that stays (not deleted, not moved) keeps its
    /// position on screen, unless the content offset must be clamped to
    /// `0 ... maximumContentOffset` (then `clamped` is true).
    ///
    /// Nothing is measured here: as in UIKit, the rows that come into view are
    /// measured by the next layout pass (`layoutIfNeeded()`), which keeps the
    /// same element in place. That keeps this call free of height-source
    /// failures, so it can rearrange the index in place instead of copying it.
    ///
    /// - Complexity: O(n + u log u) for n elements and u updates.
    @discardableResult
    public mutating func performBatchUpdates(
        _ updates: TableUpdates, sections newSections: [TableSection]
    ) throws(TableError) -> TableLayoutPass {
        let plan = try _UpdatePlan(validating: updates, old: self, new: newSections)
        let anchor = survivingAnchor(plan)
        let (runs, fills) = try pieces(plan, newSections: newSections)
        var inserted: [Int] = []
        for (t, specials) in plan.specials {
            for special in specials {
                if case .inserted = special.source {
                    inserted.append(plan.newSectionStarts[t] + 1 + special.row)
                }
            }
        }
        for t in plan.newToOld.indices where plan.newToOld[t] == nil {
            inserted += (plan.newSectionStarts[t] + 1)..<(plan.newSectionStarts[t + 1] - 1)
        }
        return rearrange(
            sectionStarts: plan.newSectionStarts, runs: runs, fills: fills, keeping: anchor,
            inserted: inserted)
    }

    /// The last step of every batch update (`performBatchUpdates`, a
    /// snapshot's `apply`): moves the surviving heights into their new places
    /// and writes the new ones, then keeps `anchor` (an element's flat index
    /// after the update and its screen top before it) where it was on screen
    /// (a `.bottom` table at its end keeps its end instead). `inserted` are
    /// the new rows' flat indices after the update, counted in
    /// `newRowsBelow` when they arrive below a `.bottom` table's viewport.
    /// Cannot fail: everything was checked before.
    /// - Complexity: O(n + i log n) for i inserted rows.
    mutating func rearrange(
        sectionStarts newSectionStarts: [Int], runs: [OffsetIndex.Run], fills: [OffsetIndex.Fill],
        keeping survivor: _Anchor?, inserted: [Int]
    ) -> TableLayoutPass {
        let keepsEnd = contentAnchoring == .bottom && isAtEnd
        let oldOffset = offsetUnits
        index.rearrange(newCount: newSectionStarts.last ?? 0, runs: runs, fills: fills)
        sectionStarts = newSectionStarts
        let anchor = keepsEnd ? endAnchor : survivor
        let wanted = anchor.map { index.prefix($0.flat) - $0.screenTop } ?? offsetUnits
        offsetUnits = clampedOffset(wanted)
        // The next layout pass keeps the surviving element itself in place
        // (the first visible element may be a new row above it).
        // (A table kept at its end needs no pending anchor: it is at its end.)
        pendingAnchor =
            keepsEnd
            ? nil
            : anchor.map { _Anchor(flat: $0.flat, screenTop: index.prefix($0.flat) - offsetUnits) }
        if !keepsEnd { countNewRows(below: inserted) }
        return TableLayoutPass(
            rowsMeasured: 0, anchorAdjustment: _Units.points(offsetUnits - oldOffset),
            clamped: offsetUnits != wanted && !(keepsEnd && offsetUnits == 0))
    }

    /// The first visible element (with area) that survives the update: its
    /// flat index after the update and its screen top before it.
    private func survivingAnchor(_ plan: _UpdatePlan) -> _Anchor? {
        guard let visible = visibleRange else { return nil }
        for flat in visible where index.units(at: flat) > 0 {
            if let newFlat = plan.newFlat(ofOld: flat, in: self) {
                return _Anchor(flat: newFlat, screenTop: index.prefix(flat) - offsetUnits)
            }
        }
        return nil
    }

    /// The update as runs of surviving rows and fills (headers, footers,
    /// inserted, moved and reloaded rows), reading moved rows' heights and
    /// checking every new height before anything changes.
    private func pieces(_ plan: _UpdatePlan, newSections: [TableSection]) throws(TableError)
        -> (runs: [OffsetIndex.Run], fills: [OffsetIndex.Fill])
    {
        var runs: [OffsetIndex.Run] = []
        var fills: [OffsetIndex.Fill] = []
        func fillEstimates(at position: Int, rows: Range<Int>, section t: Int) throws(TableError) {
            guard !rows.isEmpty else { return }
            if case .uniform(let height) = estimate, let units = _validHeightUnits(height) {
                fills.append(
                    .init(
                        position: position, count: rows.count,
                        value: OffsetIndex.pack(units, measured: false)))
                return
            }
            for (i, row) in rows.enumerated() {
                let path = IndexPath(row: row, section: t)
                let height = estimate.height(at: path)
                guard let units = _validHeightUnits(height) else {
                    throw .invalidEstimatedHeight(height, at: path)
                }
                fills.append(
                    .init(
                        position: position + i, count: 1,
                        value: OffsetIndex.pack(units, measured: false)))
            }
        }
        for (t, description) in newSections.enumerated() {
            let selfSizing = headerFooterSizing != nil
            let (header, footer) = try description.packedEdges(
                section: t, style: style, selfSizing: selfSizing)
            let start = plan.newSectionStarts[t]
            // Self-sizing headers and footers of kept sections keep what
            // they measured; fixed ones take the sections' heights.
            let kept = plan.newToOld[t].map { s in
                (index.packed[sectionStarts[s]], index.packed[sectionStarts[s + 1] - 1])
            }
            fills.append(
                .init(
                    position: start, count: 1,
                    value: selfSizing && kept != nil ? kept!.0 : header))
            fills.append(
                .init(
                    position: plan.newSectionStarts[t + 1] - 1, count: 1,
                    value: selfSizing && kept != nil ? kept!.1 : footer))
            let base = start + 1
            guard let s = plan.newToOld[t] else {
                try fillEstimates(at: base, rows: 0..<description.rowCount, section: t)
                continue
            }
            let oldBase = sectionStarts[s] + 1
            let oldCount = rowCount(s)
            let removed = plan.removedRows[s] ?? []
            let specials = plan.specials[t] ?? []
            var oldRow = 0
            var removedIndex = 0
            var written = 0
            for position in 0...specials.count {
                let stop = position < specials.count ? specials[position].row : description.rowCount
                // Survivors, in order, fill every position before the next special one.
                while written < stop {
                    while removedIndex < removed.count && removed[removedIndex] == oldRow {
                        oldRow += 1
                        removedIndex += 1
                    }
                    let nextRemoved =
                        removedIndex < removed.count ? removed[removedIndex] : oldCount
                    let end = min(nextRemoved, oldRow + (stop - written))
                    runs.append(
                        .init(old: oldBase + oldRow, new: base + written, count: end - oldRow))
                    written += end - oldRow
                    oldRow = end
                }
                guard position < specials.count else { break }
                switch specials[position].source {
                case .inserted:
                    try fillEstimates(at: base + stop, rows: stop..<(stop + 1), section: t)
                case .moved(let from):
                    let value = index.packed[sectionStarts[from.section] + 1 + from.row]
                    fills.append(.init(position: base + stop, count: 1, value: value))
                }
                written += 1
            }
            for oldRowReloaded in plan.reloadedRows[s] ?? [] {
                let row = plan.newRow(ofSurvivor: oldRowReloaded, oldSection: s, newSection: t)
                try fillEstimates(at: base + row, rows: row..<(row + 1), section: t)
            }
        }
        // Fills are written after runs, so a reloaded row's estimate replaces
        // the height its run copied.
        return (runs, fills)
    }
}

/// A validated batch update, indexed for the rebuild.
struct _UpdatePlan {
    enum Source {
        case inserted
        case moved(from: IndexPath)
    }

    /// For each new section, the old section it continues (nil when inserted).
    var newToOld: [Int?]
    /// For each old section, the new section it becomes (nil when deleted).
    var oldToNew: [Int?]
    /// Per old section: rows that leave it (deleted or moved away), sorted.
    var removedRows: [Int: [Int]] = [:]
    /// Per old section: reloaded rows, sorted.
    var reloadedRows: [Int: [Int]] = [:]
    /// Per new section: positions filled by inserted or moved rows, sorted.
    var specials: [Int: [(row: Int, source: Source)]] = [:]
    /// Flat index of each new section's header, then the new element count.
    var newSectionStarts: [Int] = [0]

    init<S>(
        validating updates: TableUpdates, old table: TableLayout<S>, new sections: [TableSection]
    )
        throws(TableError)
    {
        let oldCount = table.numberOfSections
        let newCount = sections.count
        for (s, section) in sections.enumerated() where section.rowCount < 0 {
            throw .invalidRowCount(section.rowCount, section: s)
        }

        // Sections.
        let deleted = try Self.uniqueSections(
            updates.deletedSections, count: oldCount, context: "deleteSections(_:)")
        let inserted = try Self.uniqueSections(
            updates.insertedSections, count: newCount,
            context: "insertSections(_:) (after the update)")
        guard newCount == oldCount - deleted.count + inserted.count else {
            throw .invalidNumberOfSections(
                after: newCount, before: oldCount, inserted: inserted.count, deleted: deleted.count)
        }
        newToOld = Array(repeating: nil, count: newCount)
        oldToNew = Array(repeating: nil, count: oldCount)
        var nextOld = 0
        for t in 0..<newCount where !inserted.contains(t) {
            while deleted.contains(nextOld) { nextOld += 1 }
            newToOld[t] = nextOld
            oldToNew[nextOld] = t
            nextOld += 1
        }

        // Rows named as before the update.
        func checkOld(_ path: IndexPath, _ context: String) throws(TableError) {
            _ = try table.flatIndex(of: path, context: context)
            if deleted.contains(path.section) {
                throw .conflictingUpdate(
                    path,
                    reason: "\(context) names a row in section "
                        + "\(path.section), which is deleted in the same update")
            }
        }
        // Rows named as after the update.
        func checkNew(_ path: IndexPath, _ context: String) throws(TableError) {
            guard path.section >= 0, path.section < newCount else {
                throw .sectionOutOfRange(path.section, sectionCount: newCount, context: context)
            }
            let rows = sections[path.section].rowCount
            guard path.row >= 0, path.row < rows else {
                throw .rowOutOfRange(path, rowCount: rows, context: context)
            }
            if inserted.contains(path.section) {
                throw .conflictingUpdate(
                    path,
                    reason: "\(context) names a row in section "
                        + "\(path.section), which is inserted in the same update (its rows come "
                        + "from the new sections)")
            }
        }

        var leaving = Set<IndexPath>()  // deleted or moved away (old paths)
        var deletedPerSection = [Int: Int]()
        for path in updates.deletedRows {
            try checkOld(path, "deleteRows(at:)")
            guard leaving.insert(path).inserted else {
                throw .conflictingUpdate(path, reason: "deleted twice")
            }
            deletedPerSection[path.section, default: 0] += 1
            removedRows[path.section, default: []].append(path.row)
        }
        var reloaded = Set<IndexPath>()
        for path in updates.reloadedRows {
            try checkOld(path, "reloadRows(at:)")
            if leaving.contains(path) {
                throw .conflictingUpdate(path, reason: "reloaded and deleted in the same update")
            }
            guard reloaded.insert(path).inserted else {
                throw .conflictingUpdate(path, reason: "reloaded twice")
            }
            reloadedRows[path.section, default: []].append(path.row)
        }
        var arriving = Set<IndexPath>()  // inserted or moved to (new paths)
        var insertedPerSection = [Int: Int]()
        var movedIn = [Int: Int]()
        var movedOut = [Int: Int]()
        for (from, to) in updates.movedRows {
            try checkOld(from, "moveRow(at:to:) source")
            try checkNew(to, "moveRow(at:to:) destination (after the update)")
            if reloaded.contains(from) {
                throw .conflictingUpdate(from, reason: "moved and reloaded in the same update")
            }
            guard leaving.insert(from).inserted else {
                throw .conflictingUpdate(from, reason: "moved after being deleted or moved already")
            }
            guard arriving.insert(to).inserted else {
                throw .conflictingUpdate(to, reason: "two rows moved or inserted to the same place")
            }
            removedRows[from.section, default: []].append(from.row)
            specials[to.section, default: []].append((to.row, .moved(from: from)))
            if oldToNew[from.section] != to.section {
                movedOut[from.section, default: 0] += 1
                movedIn[to.section, default: 0] += 1
            }
        }
        for path in updates.insertedRows {
            try checkNew(path, "insertRows(at:) (after the update)")
            guard arriving.insert(path).inserted else {
                throw .conflictingUpdate(path, reason: "inserted twice, or where a row is moved to")
            }
            insertedPerSection[path.section, default: 0] += 1
            specials[path.section, default: []].append((path.row, .inserted))
        }

        // UIKit's count check, section by section.
        for t in 0..<newCount {
            guard let s = newToOld[t] else { continue }
            let before = table.rowCount(s)
            let ins = insertedPerSection[t] ?? 0
            let del = deletedPerSection[s] ?? 0
            let mIn = movedIn[t] ?? 0
            let mOut = movedOut[s] ?? 0
            guard sections[t].rowCount == before + ins - del + mIn - mOut else {
                throw .invalidNumberOfRows(
                    section: t, after: sections[t].rowCount, before: before, inserted: ins,
                    deleted: del, movedIn: mIn, movedOut: mOut)
            }
        }
        for key in removedRows.keys { removedRows[key]!.sort() }
        for key in reloadedRows.keys { reloadedRows[key]!.sort() }
        for key in specials.keys { specials[key]!.sort { $0.row < $1.row } }
        for section in sections {
            newSectionStarts.append(newSectionStarts.last! + section.rowCount + 2)
        }
    }

    private static func uniqueSections(_ sections: [Int], count: Int, context: String)
        throws(TableError) -> Set<Int>
    {
        var seen = Set<Int>()
        for section in sections {
            guard section >= 0, section < count else {
                throw .sectionOutOfRange(section, sectionCount: count, context: context)
            }
            guard seen.insert(section).inserted else {
                throw .conflictingSectionUpdate(section, reason: "named twice in \(context)")
            }
        }
        return seen
    }

    /// The number of elements of a sorted array less than `value`.
    private static func lowerBound(of value: Int, in sorted: [Int]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The new row of an old row that stays in its section: its place among
    /// the survivors, skipping positions taken by inserted and moved-in rows.
    /// - Complexity: O(log r + s) for r removed rows and s special positions.
    func newRow(ofSurvivor oldRow: Int, oldSection s: Int, newSection t: Int) -> Int {
        var row = oldRow - Self.lowerBound(of: oldRow, in: removedRows[s] ?? [])
        for special in specials[t] ?? [] {
            if special.row <= row { row += 1 } else { break }
        }
        return row
    }

    /// The flat index after the update of an old element that stays in place
    /// (a header or footer of a kept section, or a row neither deleted nor
    /// moved); nil for anything else.
    func newFlat<S>(ofOld flat: Int, in table: TableLayout<S>) -> Int? {
        let s = table.section(containing: flat)
        guard let t = oldToNew[s] else { return nil }
        switch table.element(flat: flat) {
        case .header: return newSectionStarts[t]
        case .footer: return newSectionStarts[t + 1] - 1
        case .row(let path):
            let removed = removedRows[s] ?? []
            let place = Self.lowerBound(of: path.row, in: removed)
            if place < removed.count && removed[place] == path.row { return nil }
            return newSectionStarts[t] + 1
                + newRow(ofSurvivor: path.row, oldSection: s, newSection: t)
        }
    }

}
