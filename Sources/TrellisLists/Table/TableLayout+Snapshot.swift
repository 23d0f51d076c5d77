// Applying a matched snapshot to the table as one batch update: the same
// in-place rearrangement as `performBatchUpdates`, with heights that follow
// their identifiers.

extension TableLayout {
    /// Rebuilds the table for a new snapshot paired with the old one.
    ///
    /// Kept rows and the headers and footers of kept sections are moved as
    /// runs; rows and sections that moved carry their heights (measured or
    /// not) as fills; inserted and reloaded rows get estimates (asked with
    /// their new index paths) and new sections the given header and footer
    /// heights. Every new height is checked before anything changes. The
    /// first visible element (with area) that is kept keeps its place on screen.
    /// - Complexity: O(n) for n elements before and after.
    @usableFromInline
    mutating func apply(
        _ match: _SnapshotMatch, newSectionEdges: (Int) -> (header: Double, footer: Double)
    ) throws(TableError) -> TableLayoutPass {
        let newSections = match.sectionSource.count
        var newStarts = [0]
        newStarts.reserveCapacity(newSections + 1)
        for t in 0..<newSections {
            newStarts.append(newStarts[t] + match.newItemStarts[t + 1] - match.newItemStarts[t] + 2)
        }
        let uniform: Int32? =
            if case .uniform(let height) = estimate, let units = _validHeightUnits(height) {
                OffsetIndex.pack(units, measured: false)
            } else { nil }

        var runs: [OffsetIndex.Run] = []
        var fills: [OffsetIndex.Fill] = []
        func copy(old: Int, new: Int) {
            if let last = runs.last, last.old + last.count == old, last.new + last.count == new {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(.init(old: old, new: new, count: 1))
            }
        }
        func fill(_ value: Int32, at position: Int) {
            if let last = fills.last, last.position + last.count == position, last.value == value {
                fills[fills.count - 1].count += 1
            } else {
                fills.append(.init(position: position, count: 1, value: value))
            }
        }
        for t in 0..<newSections {
            let s = match.sectionSource[t]
            let header = newStarts[t]
            let footer = newStarts[t + 1] - 1
            if s < 0 {
                let (h, f) = newSectionEdges(t)
                let edges = try TableSection(rowCount: 0, headerHeight: h, footerHeight: f)
                    .edgeUnits(section: t)
                let selfSizing = headerFooterSizing != nil
                fill(OffsetIndex.packEdge(edges.header, selfSizing: selfSizing), at: header)
                fill(OffsetIndex.packEdge(edges.footer, selfSizing: selfSizing), at: footer)
            } else if match.sectionMoved[t] {
                fill(index.packed[sectionStarts[s]], at: header)
                fill(index.packed[sectionStarts[s + 1] - 1], at: footer)
            } else {
                copy(old: sectionStarts[s], new: header)
            }
            for n in match.newItemStarts[t]..<match.newItemStarts[t + 1] {
                let row = n - match.newItemStarts[t]
                let flat = header + 1 + row
                let flags = match.itemFlags[n]
                let o = match.itemSource[n]
                if o < 0 || flags & _SnapshotMatch.reloaded != 0 {
                    if let uniform {
                        fill(uniform, at: flat)
                    } else {
                        let path = IndexPath(row: row, section: t)
                        let height = estimate.height(at: path)
                        guard let units = _validHeightUnits(height) else {
                            throw .invalidEstimatedHeight(height, at: path)
                        }
                        fill(OffsetIndex.pack(units, measured: false), at: flat)
                    }
                    continue
                }
                let from = _indexPath(ofPosition: o, starts: match.oldItemStarts)
                let oldFlat = sectionStarts[from.section] + 1 + from.item
                if flags & _SnapshotMatch.kept != 0 && !match.sectionMoved[t] {
                    copy(old: oldFlat, new: flat)
                } else {
                    fill(index.packed[oldFlat], at: flat)
                }
            }
            if s >= 0 && !match.sectionMoved[t] {
                copy(old: sectionStarts[s + 1] - 1, new: footer)
            }
        }
        let anchor = keptAnchor(match, newStarts: newStarts)
        var inserted: [Int] = []
        for t in 0..<newSections {
            for n in match.newItemStarts[t]..<match.newItemStarts[t + 1]
            where match.itemSource[n] < 0 {
                inserted.append(newStarts[t] + 1 + n - match.newItemStarts[t])
            }
        }
        return rearrange(
            sectionStarts: newStarts, runs: runs, fills: fills, keeping: anchor, inserted: inserted)
    }

    /// The first visible element with area that the snapshot keeps in
    /// order: its flat index after the change and its screen top before it.
    private func keptAnchor(_ match: _SnapshotMatch, newStarts: [Int]) -> _Anchor? {
        guard let visible = visibleRange else { return nil }
        for flat in visible where index.units(at: flat) > 0 {
            let screenTop = index.prefix(flat) - offsetUnits
            switch element(flat: flat) {
            case .header(let s), .footer(let s):
                let t = match.sectionTarget[s]
                guard t >= 0, !match.sectionMoved[t] else { continue }
                let isHeader = flat == sectionStarts[s]
                return _Anchor(
                    flat: isHeader ? newStarts[t] : newStarts[t + 1] - 1, screenTop: screenTop)
            case .row(let path):
                let n = match.itemTarget[match.oldItemStarts[path.section] + path.row]
                guard n >= 0, match.itemFlags[n] & _SnapshotMatch.kept != 0 else { continue }
                let to = _indexPath(ofPosition: n, starts: match.newItemStarts)
                guard !match.sectionMoved[to.section] else { continue }
                return _Anchor(flat: newStarts[to.section] + 1 + to.item, screenTop: screenTop)
            }
        }
        return nil
    }
}
