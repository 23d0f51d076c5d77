// Inserts, deletes and moves in a prepared mosaic without a new `prepare`:
// the segments before the first change stay and the rest is cut again.

import TrellisGeometry

extension MosaicLayout: ItemCountedCollectionLayout {
    /// `[itemCount]`: a mosaic has one section.
    /// - Complexity: O(1).
    public var sectionItemCounts: [Int] { [itemCount] }

    /// Sets `itemCount` from the one section's count.
    /// - Throws: `.invalidParameter` unless there is exactly one section (a
    ///   mosaic has one).
    /// - Complexity: O(1).
    public mutating func setItemCounts(_ counts: [Int]) throws(CollectionLayoutError) {
        try Self._checkOneSection(counts)
        itemCount = counts[0]
    }

    /// Takes a new item count and cuts the segments again in place
    /// (`ItemCountedCollectionLayout.updateItemsInPlace`): segments before
    /// the one holding the first changed item stay, and so does their style
    /// sequence, except the last two segments of the shorter count (whose
    /// styles depend on how many items remain); the rest is cut as `prepare`
    /// cuts it. A mosaic measures nothing, so `sources` only says where the
    /// first change is. Returns false, changing nothing, when the layout was
    /// never prepared or its parameters changed since (it must be prepared
    /// again).
    ///
    /// - Throws: `.invalidParameter` for other than one section, or `sources`
    ///   without one entry per new item; `.invalidItemCount`; what `prepare`
    ///   throws for a style the new items use. The layout is unchanged when
    ///   it throws.
    /// - Complexity: O(k + log n) for k items placed again.
    public mutating func updateItemsInPlace(counts: [Int], sources: [Int])
        throws(CollectionLayoutError) -> Bool
    {
        guard let preparedBounds, preparedParameters == _parameters else { return false }
        try Self._checkOneSection(counts)
        try _Validate.itemCounts(counts)
        let old = store.itemCounts[0]
        let new = counts[0]
        guard sources.count == new else {
            throw .invalidParameter(
                name: "sources.count", value: Double(sources.count),
                requirement: "must be the number of new items, \(new)")
        }
        var first = 0
        while first < min(old, new) && sources[first] == first { first += 1 }
        if first == old && old == new { return true }

        // Segment t holds the items before bands.ends[base + t] − itemBase.
        let itemBase = store.firstItemIndex[0]
        let base = store.headerIndex[0] >= 0 ? 1 : 0
        func segment(holding item: Int) -> Int {
            item >= old ? segmentStyles.count : bands.band(containing: itemBase + item) - base
        }
        var resume = segment(holding: first)
        if old != new {
            // A segment's style follows from the previous one while 3 or
            // more items remain in both counts.
            resume = min(resume, segment(holding: max(0, min(old, new) - 2)))
        }
        let resumeItem = resume == 0 ? 0 : bands.ends[base + resume - 1] - itemBase
        let style =
            resume == 0 ? .fullWidth : segmentStyles[resume - 1].next(remaining: new - resumeItem)
        let lastMaxY =
            resume > 0
            ? store.elements[itemBase + resumeItem - 1].frame.maxY
            : store.header(inSection: 0)?.frame.maxY ?? 0

        var newStore = store
        newStore.elements.removeSubrange((itemBase + resumeItem)...)
        newStore.footerIndex.removeAll()
        newStore.itemCounts[0] = new
        var newBands = bands
        newBands.removeBands(from: base + resume)
        var newStyles = segmentStyles
        newStyles.removeSubrange(resume...)
        var updated = self
        updated.itemCount = new
        let end = try updated._laySegments(
            from: resumeItem, style: style, lastMaxY: lastMaxY, width: preparedBounds.width,
            heights: supplementaryHeights, store: &newStore, bands: &newBands, styles: &newStyles)
        updated.store = newStore
        updated.bands = newBands
        updated.segmentStyles = newStyles
        updated.contentSize.height = max(preparedBounds.height, end)
        self = updated
        return true
    }

    static func _checkOneSection(_ counts: [Int]) throws(CollectionLayoutError) {
        guard counts.count == 1 else {
            throw .invalidParameter(
                name: "section count", value: Double(counts.count),
                requirement: "a mosaic has exactly 1 section")
        }
    }
}
