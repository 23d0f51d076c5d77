// Appending items to a prepared waterfall without moving any item already
// placed: new items go to the shortest column of the last section, as
// `prepare` would put them, from the columns as they are now (after any
// re-measurement), so nothing reshuffles.

import TrellisGeometry

extension WaterfallLayout {
    /// Adds `count` items at the end of the last section (a feed's next
    /// page): each goes to the column of the last section that ends highest,
    /// ties to the lowest column index, `itemSpacing` below its last item.
    /// Every item already placed keeps its column and frame, including items
    /// re-measured with `updateItemHeight` (a new `prepare` would place them
    /// again from their sizing's heights and could change their columns).
    ///
    /// `sizing` must answer for the new items (index paths after the
    /// current last item); `itemCounts` grows by `count`.
    ///
    /// - Throws: `.notPrepared`; `.invalidParameter` for a negative count or
    ///   a layout without sections; an aspect ratio or caption height error
    ///   naming the new item. The layout is unchanged when it throws.
    /// - Complexity: O(m + k × c) for m items already in the last section,
    ///   k new items and c columns, and k × 2 calls to `sizing`.
    public mutating func appendItems(count: Int) throws(CollectionLayoutError) {
        guard preparedBounds != nil else { throw .notPrepared }
        guard count >= 0 else {
            throw .invalidParameter(
                name: "count", value: Double(count), requirement: "must not be negative")
        }
        guard let section = itemCounts.indices.last, section < sectionTop.count else {
            throw .invalidParameter(
                name: "count", value: Double(count), requirement: "needs a section to append to")
        }
        let first = store.itemCounts[section]
        var heights: [Double] = []
        heights.reserveCapacity(count)
        for item in first..<(first + count) {
            heights.append(
                try _itemHeight(at: IndexPath(item: item, section: section), width: itemWidth))
        }
        guard count > 0 else { return }

        // The last section's footer comes after its items: take it out here
        // and put it back below them at the end.
        let footer = store.footerIndex[section] >= 0 ? store.elements.removeLast() : nil
        if footer != nil { elementColumn.removeLast() }
        // The last section's lanes, as lists, with where each column goes on.
        var itemsTop = sectionTop[section]
        if store.headerIndex[section] >= 0 {
            itemsTop = store.elements[store.headerIndex[section]].frame.maxY
        }
        var lanes: [[Int32]] = []
        var nextY: [Double] = []
        for column in 0..<columnCount {
            let lane = section * columnCount + column
            let elements = Array(laneElements[laneStart[lane]..<laneStart[lane + 1]])
            lanes.append(elements)
            nextY.append(
                elements.last.map {
                    Self._top(below: store.elements[Int($0)].frame, spacing: itemSpacing)
                }
                    ?? itemsTop + itemSpacing)
        }
        for (k, height) in heights.enumerated() {
            var shortest = 0
            for column in 1..<columnCount where nextY[column] < nextY[shortest] {
                shortest = column
            }
            let frame = Rect(
                x: columnX[shortest], y: nextY[shortest], width: itemWidth, height: height)
            lanes[shortest].append(Int32(truncatingIfNeeded: store.elements.count))
            elementColumn.append(Int32(shortest))
            store.elements.append(
                LayoutAttributes(
                    indexPath: IndexPath(item: first + k, section: section), frame: frame))
            nextY[shortest] = Self._top(below: frame, spacing: itemSpacing)
        }
        // The last section's lanes are the last ones stored: write them again.
        let base = section * columnCount
        laneElements.removeSubrange(laneStart[base]...)
        laneStart.removeSubrange((base + 1)...)
        for lane in lanes {
            laneElements.append(contentsOf: lane)
            laneStart.append(laneElements.count)
        }
        store.itemCounts[section] += count
        itemCounts[section] += count
        if let footer {
            store.footerIndex[section] = store.elements.count
            store.elements.append(footer)
            elementColumn.append(-1)
        }
        _finish(section: section, bottom: sectionBottom[section])
    }
}
