// Inserts, deletes, moves and reloads in a prepared column flow without a
// new `prepare`: the lines before the first change stay, the rest is placed
// again with the kept items' heights, and only new or reloaded items are
// measured.

import TrellisGeometry

extension ColumnFlowLayout {
    /// Takes new item counts and lays them out in place
    /// (`ItemCountedCollectionLayout.updateItemsInPlace`): the elements
    /// before the line holding the first changed item stay (before the
    /// first changed section when its items per line change), everything
    /// after is placed again as `prepare` places it, items with a source
    /// keep its height (a reported one too) and only the others are
    /// measured through `sizing`. Returns false, changing nothing, when the
    /// layout was never prepared or its parameters changed since (it must be
    /// prepared again).
    ///
    /// - Throws: `.invalidItemCount`; `.invalidParameter` when `sources`
    ///   does not have one entry per new item or names no old item; a new
    ///   item's invalid height. The layout is unchanged when it throws.
    /// - Complexity: O(n + m log s) for n new items, m items placed again
    ///   and s sections, and one call to `sizing` per item without a source.
    public mutating func updateItemsInPlace(counts: [Int], sources: [Int])
        throws(CollectionLayoutError) -> Bool
    {
        guard let geometry = prepared, geometry.parameters == _parameters else { return false }
        try _Validate.itemCounts(counts)
        let total = counts.reduce(0, +)
        let oldStarts = store.itemCounts.reduce(into: [0]) { $0.append($0.last! + $1) }
        guard sources.count == total else {
            throw .invalidParameter(
                name: "sources.count", value: Double(sources.count),
                requirement: "must be the number of new items, \(total)")
        }
        if let bad = sources.first(where: { $0 < -1 || $0 >= oldStarts.last! }) {
            throw .invalidParameter(
                name: "source", value: Double(bad),
                requirement: "must be -1 or an old item position below \(oldStarts.last!)")
        }

        // The first change: the first section whose count or items differ,
        // and in it the start of the line of its first changed item.
        let oldCounts = store.itemCounts
        var section = 0
        var item = 0
        var flat = 0
        var changed = false
        while section < min(oldCounts.count, counts.count) {
            let old = oldCounts[section]
            let new = counts[section]
            var same = 0
            while same < min(old, new) && sources[flat + same] == flat + same { same += 1 }
            if same == old && old == new {
                flat += old
                section += 1
                continue
            }
            let perLine = min(geometry.fullLine, new)
            item =
                perLine > 0 && perLine == min(geometry.fullLine, old) ? same / perLine * perLine : 0
            changed = true
            break
        }
        if !changed && oldCounts.count == counts.count {
            itemCounts = counts
            return true
        }

        // Keep the elements and bands before the change.
        var newStore = store
        let keep: Int
        if item > 0 {
            keep = store.firstItemIndex[section] + item
        } else if section < oldCounts.count {
            keep =
                store.headerIndex[section] >= 0
                ? store.headerIndex[section] : store.firstItemIndex[section]
        } else {
            keep = store.elements.count
        }
        let keptBands = keep < store.elements.count ? bands.band(containing: keep) : bands.count
        newStore.elements.removeSubrange(keep...)
        let keptSections = item > 0 ? section + 1 : section
        newStore.headerIndex.removeSubrange(keptSections...)
        newStore.firstItemIndex.removeSubrange(keptSections...)
        newStore.itemCounts.removeSubrange(keptSections...)
        newStore.footerIndex.removeSubrange(section...)
        var newBands = bands
        newBands.removeBands(from: keptBands)
        // Where `prepare` stood there: the end of the last band kept (a
        // row's top plus its tallest item, a header's or footer's top plus
        // its height: the sums `prepare` made), and the line spacing when
        // more rows of the section follow.
        var y = 0.0
        if keptBands > 0 {
            let band = keptBands - 1
            let tallest = (bands.start(ofBand: band)..<bands.ends[band]).reduce(0.0) {
                max($0, store.elements[$1].frame.height)
            }
            y = bands.minY[band] + tallest
        }
        if item > 0 && item < counts[section] { y += lineSpacing }

        var heights = supplementaryHeights
        heights.keep(sections: keptSections, count: counts.count)
        let newStarts = counts.reduce(into: [0]) { $0.append($0.last! + $1) }
        let end = try _lay(
            counts: counts, from: section, item: item, y: y, geometry: geometry,
            heights: heights, store: &newStore, bands: &newBands,
            itemHeights: _KeptItemHeights(
                sources: sources, newStarts: newStarts, oldStarts: oldStarts, old: store,
                measured: _MeasuredItemHeights(sizing: sizing, width: geometry.itemWidth)))

        store = newStore
        bands = newBands
        supplementaryHeights = heights
        itemCounts = counts
        contentSize.height = end
        return true
    }
}

/// The heights of an in-place update: an item with a source keeps its old
/// frame's height; the others are measured.
struct _KeptItemHeights<Sizing: CellSizing>: _FlowItemHeights {
    let sources: [Int]
    let newStarts: [Int]
    let oldStarts: [Int]
    let old: _ElementStore
    let measured: _MeasuredItemHeights<Sizing>

    func height(at indexPath: IndexPath) throws(CollectionLayoutError) -> Double {
        let source = sources[newStarts[indexPath.section] + indexPath.item]
        guard source >= 0 else { return try measured.height(at: indexPath) }
        let from = _indexPath(ofPosition: source, starts: oldStarts)
        return old.elements[old.firstItemIndex[from.section] + from.item].frame.height
    }
}
