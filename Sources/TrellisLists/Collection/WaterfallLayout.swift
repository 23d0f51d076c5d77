// A Pinterest-style waterfall: equal columns, each item dropped into the
// shortest column, heights from an aspect ratio plus a self-sized caption.

import TrellisGeometry

/// How a waterfall chooses its number of columns.
public enum WaterfallColumns: Hashable, Sendable {
    /// Exactly this many columns, from 1 to `WaterfallLayout.maximumColumnCount`.
    case count(Int)
    /// As many columns as fit with each at least this wide once floored to
    /// the pixel grid, at most `WaterfallLayout.maximumColumnCount`; at least
    /// 1 column, which is narrower than the minimum only when the available
    /// width is.
    case minimumWidth(Double)
}

/// A waterfall ("masonry") layout with optional section headers.
///
/// Rules:
/// - available width = bounds width − layout margins (left + right); columns
///   start at the left margin;
/// - columns from `columns`: a count, or ⌊(available + spacing) / (minimum
///   width + spacing)⌋, one fewer while the floored item width is below the
///   minimum (width 301, spacing 0, minimum 150.3, scale 1: two columns
///   would be 150 wide, so one column of 301), at least 1;
/// - item width = (available − (columns − 1) × `columnSpacing`) / columns,
///   floored to the pixel grid of `displayScale`;
/// - item height = item width / aspect ratio + caption height at the item
///   width, rounded up to the pixel grid;
/// - items go, in order, to the shortest column, ties to the lowest column
///   index; items in a column are `itemSpacing` apart and the first is
///   `itemSpacing` below the section's top (its header's bottom), as the
///   column flow's section inset;
/// - a section's items end at its tallest column; a footer (when
///   `footerHeight > 0`) starts there, and the next section starts at the
///   footer's bottom (or the tallest column without footers). A header (when
///   `headerHeight > 0`) and a footer span the bounds' full width. An empty
///   section is just its header and footer. Headers and footers size
///   themselves through `layoutSupplementaries(in:sizing:)` (their heights
///   are then estimates) and pin to the visible bounds
///   (`SectionSupplementaryLayout`); a new height keeps every item's column.
/// - a re-measured item keeps its column, and so does every other item: the
///   items below it in its column move, and later sections move by the change
///   in the section's height. Its new height is rounded up to the pixel grid
///   as `prepare` rounds heights, and every moved frame is placed with the
///   same arithmetic as `prepare` (an item's top is the one above's bottom
///   plus `itemSpacing`; a section's top is the bottom of the one before),
///   not shifted by a difference, so frames never overlap by a rounding
///   error and `attributes(in:)` agrees with the frames to the last bit.
public struct WaterfallLayout<Sizing: WaterfallItemSizing>: SelfSizingCollectionLayout {
    /// The most columns a waterfall accepts (`.count`) or makes (`.minimumWidth`):
    /// each column costs memory per section, so a huge count is refused. O(1).
    public static var maximumColumnCount: Int { 1000 }

    /// Items per section.
    public var itemCounts: [Int]
    /// Aspect ratios and caption heights.
    public var sizing: Sizing
    public var columns: WaterfallColumns
    /// The horizontal space between columns.
    public var columnSpacing: Double
    /// The vertical space between items of a column, and above a section's items.
    public var itemSpacing: Double
    /// The height (or estimate) of each section's header; 0 for no headers.
    public var headerHeight: Double
    /// The height (or estimate) of each section's footer; 0 for no footers.
    public var footerHeight: Double
    /// UICollectionViewFlowLayout's `sectionHeadersPinToVisibleBounds`, used
    /// by `visibleAttributes(in:)`.
    public var sectionHeadersPinToVisibleBounds = false
    /// UICollectionViewFlowLayout's `sectionFootersPinToVisibleBounds`, used
    /// by `visibleAttributes(in:)`.
    public var sectionFootersPinToVisibleBounds = false
    /// Pixels per point of the screen whose grid item sizes are rounded to.
    public var displayScale: Double

    /// The number of columns of the prepared layout.
    public private(set) var columnCount = 0
    /// The width of every item.
    public private(set) var itemWidth = 0.0
    public internal(set) var contentSize = Size.zero
    /// The bounds of the last successful `prepare`.
    public private(set) var preparedBounds: Rect?

    var store = _ElementStore()
    /// x of each column's left edge.
    var columnX: [Double] = []
    /// Per section: its top (header top) and bottom (tallest column).
    var sectionTop: [Double] = []
    var sectionBottom: [Double] = []
    /// Element indices of each column of each section, top to bottom, in
    /// lane `section × columnCount + column`, lanes stored back to back.
    var laneElements: [Int32] = []
    /// Where each lane starts in `laneElements`; one more entry than lanes.
    var laneStart: [Int] = []
    /// Per element: its column, or -1 for a header or footer.
    var elementColumn: [Int32] = []
    var supplementaryHeights = _SupplementaryHeights()

    public init(
        itemCounts: [Int], sizing: Sizing, columns: WaterfallColumns = .count(2),
        columnSpacing: Double = 10, itemSpacing: Double = 10, headerHeight: Double = 0,
        footerHeight: Double = 0, displayScale: Double = 2
    ) {
        self.itemCounts = itemCounts
        self.sizing = sizing
        self.columns = columns
        self.columnSpacing = columnSpacing
        self.itemSpacing = itemSpacing
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.displayScale = displayScale
    }

    /// Every element of the prepared layout, in `LayoutAttributes.precedes` order.
    public var allAttributes: [LayoutAttributes] { store.elements }

    /// The column an item was placed in, or `nil` when there is no such item.
    /// - Complexity: O(1).
    public func column(ofItem indexPath: IndexPath) -> Int? {
        store.elementIndex(forItem: indexPath).map { Int(elementColumn[$0]) }
    }

    /// - Complexity: O(s × c × log n + k × c) for s sections met, c columns
    ///   and k elements returned: each column is binary searched, and the
    ///   columns' runs are merged into item order.
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        guard rect._hasNoNaN, !rect.isEmpty, columnCount > 0 else { return [] }
        var result: [LayoutAttributes] = []
        var low = 0
        var high = sectionBottom.count
        while low < high {
            let mid = (low + high) >> 1
            if sectionBottom[mid] > rect.minY { high = mid } else { low = mid + 1 }
        }
        // Per column: the next lane position to merge and the end of its run
        // (on the stack for the usual handful of columns).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * columnCount) { runs in
            guard let base = runs.baseAddress else { return }
            var section = low
            while section < sectionTop.count, sectionTop[section] < rect.maxY {
                if let header = store.header(inSection: section), header.frame.intersects(rect) {
                    result.append(header)
                }
                _collectRuns(in: rect, section: section, next: base, end: base + columnCount)
                // Merge the columns' runs by element index (= item order).
                while true {
                    var best = -1
                    var bestElement = Int.max
                    for column in 0..<columnCount where runs[column] < runs[columnCount + column] {
                        let element = Int(laneElements[runs[column]])
                        if element < bestElement {
                            bestElement = element
                            best = column
                        }
                    }
                    guard best >= 0 else { break }
                    runs[best] += 1
                    if store.elements[bestElement].frame.intersects(rect) {
                        result.append(store.elements[bestElement])
                    }
                }
                if let footer = store.footer(inSection: section), footer.frame.intersects(rect) {
                    result.append(footer)
                }
                section += 1
            }
        }
        return result
    }

    /// For each column of a section, the run of lane positions whose elements
    /// reach into `rect` vertically (empty for columns beside it).
    private func _collectRuns(
        in rect: Rect, section: Int, next: UnsafeMutablePointer<Int>, end: UnsafeMutablePointer<Int>
    ) {
        for column in 0..<columnCount {
            let lane = section * columnCount + column
            let laneEnd = laneStart[lane + 1]
            next[column] = laneStart[lane]
            end[column] = laneStart[lane]
            guard columnX[column] < rect.maxX, columnX[column] + itemWidth > rect.minX else {
                continue
            }
            var position = _firstPosition(
                from: laneStart[lane], to: laneEnd, withMaxYAbove: rect.minY)
            next[column] = position
            while position < laneEnd,
                store.elements[Int(laneElements[position])].frame.minY < rect.maxY
            {
                position += 1
            }
            end[column] = position
        }
    }

    /// The first lane position in `start..<end` whose element reaches below `y`.
    private func _firstPosition(from start: Int, to end: Int, withMaxYAbove y: Double) -> Int {
        var low = start
        var high = end
        while low < high {
            let mid = (low + high) >> 1
            if store.elements[Int(laneElements[mid])].frame.maxY > y {
                high = mid
            } else {
                low = mid + 1
            }
        }
        return low
    }

    /// Lays out every item, asking `sizing` once per item for its aspect
    /// ratio and caption height.
    ///
    /// - Throws: bad bounds, insets or parameters, a negative item count, no
    ///   room for items, or an aspect ratio or caption height out of range
    ///   (naming the item). The layout is unchanged when it throws.
    /// - Complexity: O(n × c) for c columns, and 2n calls to `sizing`.
    public mutating func prepare(
        bounds: Rect, layoutMargins: EdgeInsets, safeAreaInsets: EdgeInsets
    )
        throws(CollectionLayoutError)
    {
        try _Validate.geometry(
            bounds: bounds, layoutMargins: layoutMargins, safeAreaInsets: safeAreaInsets)
        try _Validate.length(columnSpacing, name: "columnSpacing")
        try _Validate.length(itemSpacing, name: "itemSpacing")
        try _Validate.length(headerHeight, name: "headerHeight")
        try _Validate.length(footerHeight, name: "footerHeight")
        try _Validate.positiveLength(displayScale, name: "displayScale")
        try _Validate.itemCounts(itemCounts)

        let available = bounds.width - layoutMargins.left - layoutMargins.right
        guard available > 0 else {
            throw .noRoomForItems(layout: "WaterfallLayout", availableWidth: available)
        }
        let count: Int
        switch columns {
        case .count(let n):
            guard n >= 1, n <= Self.maximumColumnCount else {
                throw .invalidParameter(
                    name: "columns.count", value: Double(n),
                    requirement: "must be from 1 to \(Self.maximumColumnCount)")
            }
            count = n
        case .minimumWidth(let minimum):
            try _Validate.positiveLength(minimum, name: "columns.minimumWidth")
            let fitted = ((available + columnSpacing) / (minimum + columnSpacing)).rounded(.down)
            var fitting = Int(min(max(1, fitted), Double(Self.maximumColumnCount)))
            // The pixel grid can floor a column below the minimum.
            while fitting > 1 && _columnWidth(available: available, count: fitting) < minimum {
                fitting -= 1
            }
            count = fitting
        }
        let width = _columnWidth(available: available, count: count)
        guard width > 0 else {
            throw .noRoomForItems(
                layout: "WaterfallLayout (\(count) columns)", availableWidth: width)
        }

        let totalItems = itemCounts.reduce(0, +)
        var heights = supplementaryHeights
        heights.prepare(width: bounds.width, sections: itemCounts.count)
        var newStore = _ElementStore(
            reservingCapacity: totalItems + 2 * itemCounts.count, sections: itemCounts.count)
        var newColumnX: [Double] = []
        for column in 0..<count {
            newColumnX.append(layoutMargins.left + Double(column) * (width + columnSpacing))
        }
        var newTop: [Double] = []
        var newBottom: [Double] = []
        var newLaneElements: [Int32] = []
        newLaneElements.reserveCapacity(totalItems)
        var newLaneStart: [Int] = [0]
        var newElementColumn: [Int32] = []
        newElementColumn.reserveCapacity(newStore.elements.capacity)
        // One section's lanes, refilled per section and copied out flat.
        var lanes = [[Int32]](repeating: [], count: count)
        var columnNextY = [Double](repeating: 0, count: count)

        var y = 0.0
        for (section, itemCount) in itemCounts.enumerated() {
            newTop.append(y)
            if headerHeight > 0 {
                let height = heights.height(of: .header, inSection: section, estimate: headerHeight)
                newStore.appendSupplementary(
                    .header, section: section, y: y, width: bounds.width, height: height)
                newElementColumn.append(-1)
                y += height
            } else {
                newStore.headerIndex.append(-1)
            }
            newStore.firstItemIndex.append(newStore.elements.count)
            newStore.itemCounts.append(itemCount)
            for column in 0..<count {
                lanes[column].removeAll(keepingCapacity: true)
                columnNextY[column] = y + itemSpacing
            }
            for item in 0..<itemCount {
                let indexPath = IndexPath(item: item, section: section)
                let height = try _itemHeight(at: indexPath, width: width)
                var shortest = 0
                for column in 1..<count where columnNextY[column] < columnNextY[shortest] {
                    shortest = column
                }
                lanes[shortest].append(Int32(truncatingIfNeeded: newStore.elements.count))
                newElementColumn.append(Int32(shortest))
                let frame = Rect(
                    x: newColumnX[shortest], y: columnNextY[shortest], width: width, height: height)
                newStore.elements.append(LayoutAttributes(indexPath: indexPath, frame: frame))
                columnNextY[shortest] = Self._top(below: frame, spacing: itemSpacing)
            }
            for column in 0..<count where !lanes[column].isEmpty {
                y = max(y, newStore.elements[Int(lanes[column].last!)].frame.maxY)
            }
            if footerHeight > 0 {
                let height = heights.height(of: .footer, inSection: section, estimate: footerHeight)
                newStore.appendSupplementary(
                    .footer, section: section, y: y, width: bounds.width, height: height)
                newElementColumn.append(-1)
                y += height
            } else {
                newStore.footerIndex.append(-1)
            }
            newBottom.append(y)
            for column in 0..<count {
                newLaneElements.append(contentsOf: lanes[column])
                newLaneStart.append(newLaneElements.count)
            }
        }

        store = newStore
        columnX = newColumnX
        sectionTop = newTop
        sectionBottom = newBottom
        laneElements = newLaneElements
        laneStart = newLaneStart
        elementColumn = newElementColumn
        supplementaryHeights = heights
        columnCount = count
        itemWidth = width
        contentSize = Size(width: bounds.width, height: y)
        preparedBounds = bounds
    }

    /// The width of each of `count` columns, floored to the pixel grid.
    private func _columnWidth(available: Double, count: Int) -> Double {
        PixelGrid.floor(
            (available - Double(count - 1) * columnSpacing) / Double(count), scale: displayScale)
    }

    /// Width / aspect ratio + caption height, rounded up to the pixel grid,
    /// or an error naming the item and the bad input.
    @inline(__always)
    func _itemHeight(at indexPath: IndexPath, width: Double) throws(CollectionLayoutError)
        -> Double
    {
        let ratio = sizing.aspectRatio(at: indexPath)
        guard ratio.isFinite, ratio > 0 else { throw .invalidAspectRatio(indexPath, ratio) }
        let caption = sizing.captionHeight(at: indexPath, width: width)
        guard _Validate.isValidHeight(caption) else {
            throw .invalidCaptionHeight(indexPath, caption)
        }
        let height = PixelGrid.ceil(width / ratio + caption, scale: displayScale)
        guard height.isFinite else { throw .invalidAspectRatio(indexPath, ratio) }
        return height
    }

    /// Takes the real height a self-sizing item reports: the item keeps its
    /// column, the items below it in that column move, later sections move
    /// by the change in the section's height, and the returned content offset
    /// keeps the first item visible in `visibleRect` where it was.
    ///
    /// The height lasts until the next `prepare`, which asks `sizing` again.
    /// - Throws: `.notPrepared`, `.noSuchItem`, or `.invalidItemHeight`; the
    ///   layout is unchanged when it throws.
    /// - Complexity: O(log n + items below it in its column + elements of
    ///   later sections).
    public mutating func updateItemHeight(
        _ height: Double, at indexPath: IndexPath, visibleRect: Rect
    )
        throws(CollectionLayoutError) -> Point
    {
        guard preparedBounds != nil else { throw .notPrepared }
        guard let element = store.elementIndex(forItem: indexPath) else {
            throw .noSuchItem(indexPath)
        }
        let snapped = PixelGrid.ceil(height, scale: displayScale)
        guard _Validate.isValidHeight(height), snapped.isFinite else {
            throw .invalidItemHeight(indexPath, height)
        }
        let anchor = anchor(in: visibleRect)

        let section = indexPath.section
        let lane = section * columnCount + Int(elementColumn[element])
        store.elements[element].frame.size.height = snapped
        // A lane lists its elements in increasing index order.
        var position = laneStart[lane]
        var high = laneStart[lane + 1]
        while position < high {
            let mid = (position + high) >> 1
            if Int(laneElements[mid]) < element { position = mid + 1 } else { high = mid }
        }
        _stack(lane: lane, from: position)
        _finish(section: section, bottom: sectionBottom[section])
        return _offset(restoring: anchor, orKeeping: visibleRect)
    }

    /// Takes the real height of a section's header or footer
    /// (`SectionSupplementaryLayout`): the section's items (a header) or
    /// nothing in it (a footer) and the later sections move, every item
    /// keeping its column, and the returned offset keeps the first element
    /// visible in `visibleRect` where it was. The height is rounded up to the
    /// pixel grid and lasts across `prepare` while the width and the section
    /// count stay the same.
    /// - Complexity: O(elements of this and later sections).
    public mutating func updateSupplementaryHeight(
        _ height: Double, of kind: ElementKind, inSection section: Int, visibleRect: Rect
    ) throws(CollectionLayoutError) -> Point {
        guard preparedBounds != nil else { throw .notPrepared }
        let element = store.supplementaryIndex(kind, inSection: section)
        try _Validate.supplementary(height, of: kind, inSection: section, exists: element != nil)
        let snapped = PixelGrid.ceil(height, scale: displayScale)
        guard snapped.isFinite else {
            throw .invalidSupplementaryHeight(kind, section: section, height: height)
        }
        let anchor = _elementAnchor(in: visibleRect)
        store.elements[element!].frame.size.height = snapped
        supplementaryHeights.record(snapped, of: kind, inSection: section)
        let bottom = sectionBottom[section]
        if kind == .header {
            _place(section: section, top: sectionTop[section])
        }
        _finish(section: section, bottom: bottom)
        return _offset(restoring: anchor, orKeeping: visibleRect)
    }
}

extension WaterfallLayout {
    /// Where the item below `frame` in its column starts; `prepare` and
    /// `updateItemHeight` both place items with it.
    @inline(__always)
    static func _top(below frame: Rect, spacing: Double) -> Double {
        frame.maxY + spacing
    }

    /// Places the items of a lane after lane position `position` under the
    /// one at `position`.
    private mutating func _stack(lane: Int, from position: Int) {
        var above = store.elements[Int(laneElements[position])].frame
        for below in (position + 1)..<laneStart[lane + 1] {
            let element = Int(laneElements[below])
            store.elements[element].frame.origin.y = Self._top(below: above, spacing: itemSpacing)
            above = store.elements[element].frame
        }
    }

    /// Places a section's footer under its items, takes its new bottom, and
    /// places the later sections again when it moved from `oldBottom`;
    /// updates the content height.
    mutating func _finish(section: Int, bottom oldBottom: Double) {
        let bottom = _placeFooter(section: section)
        let moved = bottom != oldBottom
        sectionBottom[section] = bottom
        if moved {
            for later in (section + 1)..<sectionTop.count {
                _place(section: later, top: sectionBottom[later - 1])
            }
        }
        contentSize.height = sectionBottom.last ?? 0
    }

    /// Puts a section's footer (if any) at its items' bottom and returns the
    /// section's bottom.
    mutating func _placeFooter(section: Int) -> Double {
        let itemsBottom = _itemsBottom(ofSection: section)
        guard store.footerIndex[section] >= 0 else { return itemsBottom }
        store.elements[store.footerIndex[section]].frame.origin.y = itemsBottom
        return store.elements[store.footerIndex[section]].frame.maxY
    }

    /// The bottom of a section's items: its tallest column's last item's
    /// bottom, or its header's bottom (its top without a header) when it has
    /// no items.
    func _itemsBottom(ofSection section: Int) -> Double {
        var bottom = store.header(inSection: section)?.frame.maxY ?? sectionTop[section]
        for column in 0..<columnCount {
            let lane = section * columnCount + column
            if laneStart[lane + 1] > laneStart[lane] {
                bottom = max(
                    bottom, store.elements[Int(laneElements[laneStart[lane + 1] - 1])].frame.maxY)
            }
        }
        return bottom
    }

    /// Places a whole section at `top`, as `prepare` placed it, keeping every
    /// item's column.
    private mutating func _place(section: Int, top: Double) {
        sectionTop[section] = top
        var itemsTop = top
        if store.headerIndex[section] >= 0 {
            store.elements[store.headerIndex[section]].frame.origin.y = top
            itemsTop = store.elements[store.headerIndex[section]].frame.maxY
        }
        for column in 0..<columnCount {
            let lane = section * columnCount + column
            guard laneStart[lane + 1] > laneStart[lane] else { continue }
            store.elements[Int(laneElements[laneStart[lane]])].frame.origin.y =
                itemsTop + itemSpacing
            _stack(lane: lane, from: laneStart[lane])
        }
        sectionBottom[section] = _placeFooter(section: section)
    }
}

extension WaterfallLayout: Sendable where Sizing: Sendable {}

extension WaterfallLayout: _ElementStoreLayout {}
