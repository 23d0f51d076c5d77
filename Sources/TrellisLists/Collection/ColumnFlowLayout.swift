// Apple's ColumnFlowLayout ("Customizing Collection View Layouts") as a value:
// a flow of equal-width columns whose count follows the available width, with
// fixed-height or self-sizing cells and optional section headers.

import TrellisGeometry

/// A flow layout of equal-width columns, following Apple's ColumnFlowLayout
/// sample on top of `UICollectionViewFlowLayout`'s line filling.
///
/// Rules (the sample's, with its divide-by-zero fixed):
/// - available width = bounds width − layout margins (left + right);
/// - columns = ⌊available / `minColumnWidth`⌋, at least 1 (the sample divides
///   by zero below 300 points);
/// - item width = ⌊available / columns⌋;
/// - item height = `sizing.height(at:width:)` at the item width (a fixed 70
///   by default, or self-sizing per item); a row is as tall as its tallest
///   item, and shorter items are centred vertically in it, as the flow layout
///   centres items in a line;
/// - the section's top inset equals `interItemSpacing` (the sample sets
///   `sectionInset.top = minimumInteritemSpacing`), rows are `lineSpacing`
///   apart, and the section has no bottom inset;
/// - insets are measured from the safe area (`sectionInsetReference =
///   .fromSafeArea`): a line spans the bounds minus the safe area's left and
///   right insets.
///
/// Line filling is the flow layout's: as many items as fit with at least
/// `interItemSpacing` between them (`itemsPerLine`); a full line is justified
/// (the spare width is shared between the gaps) and a line holding one item
/// is centred. A section with fewer items than fit on a line fills its one
/// line that way (one item: centred; two or more: justified). A shorter
/// last line of a longer section keeps the full lines' positions, as the
/// flow layout does for items of one size, so columns stay aligned.
///
/// `columnCount` is the sample's count; the flow layout fits fewer items on
/// a line whenever `columnCount` items and the spacing between them are
/// wider than the line (the sample relies on layout margins wider than the
/// safe area for the room). Without margins that is the usual case: at
/// width 375 with `minColumnWidth` 100, 3 columns give items ⌊375 / 3⌋ = 125
/// wide and ⌊(375 + 10) / (125 + 10)⌋ = 2 items per line.
///
/// A header (when `headerHeight > 0`) spans the bounds' full width above its
/// section, and a footer (when `footerHeight > 0`) below its last row (the
/// section has no bottom inset). An empty section is just its header and
/// footer. Headers and footers size themselves through
/// `layoutSupplementaries(in:sizing:)` (their heights are then estimates) and
/// pin to the visible bounds (`SectionSupplementaryLayout`).
///
/// `Sizing` is a generic parameter, not an existential: the per-item loop is
/// specialised for the concrete height source.
public struct ColumnFlowLayout<Sizing: CellSizing>: SelfSizingCollectionLayout {
    /// Items per section.
    public var itemCounts: [Int]
    /// Where item heights come from.
    public var sizing: Sizing
    /// The narrowest a column may be (the sample's 300).
    public var minColumnWidth: Double
    /// The least horizontal space between items, and the section's top inset.
    public var interItemSpacing: Double
    /// The vertical space between rows.
    public var lineSpacing: Double
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

    /// The columns the sample's rule gives for the prepared bounds.
    public private(set) var columnCount = 0
    /// Items on a full line: ⌊(line width + `interItemSpacing`) / (`itemWidth`
    /// + `interItemSpacing`)⌋, at least 1 (and at most 10^9). It equals `columnCount` only when
    /// the margins leave room for the spacing between the columns (see above).
    public private(set) var itemsPerLine = 0
    /// The width of every item.
    public private(set) var itemWidth = 0.0
    public internal(set) var contentSize = Size.zero
    /// The bounds of the last successful `prepare`.
    public private(set) var preparedBounds: Rect?

    var store = _ElementStore()
    var bands = _BandIndex(isXOrdered: true)
    var supplementaryHeights = _SupplementaryHeights()
    /// The geometry of the last `prepare`, which in-place updates reuse.
    var prepared: _FlowGeometry?

    /// A layout whose items get their heights from `sizing`.
    public init(
        itemCounts: [Int], sizing: Sizing, minColumnWidth: Double = 300,
        interItemSpacing: Double = 10, lineSpacing: Double = 10, headerHeight: Double = 0,
        footerHeight: Double = 0
    ) {
        self.itemCounts = itemCounts
        self.sizing = sizing
        self.minColumnWidth = minColumnWidth
        self.interItemSpacing = interItemSpacing
        self.lineSpacing = lineSpacing
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }

    /// Every element of the prepared layout, in `LayoutAttributes.precedes` order.
    public var allAttributes: [LayoutAttributes] { store.elements }

    /// Lays out every item, asking `sizing` for each item's height once.
    ///
    /// - Throws: bad bounds, insets or parameters, a negative item count, no
    ///   room for items, or a height that is negative or not finite (naming
    ///   the item). The layout is unchanged when it throws.
    /// - Complexity: O(n) and n calls to `sizing`.
    public mutating func prepare(
        bounds: Rect, layoutMargins: EdgeInsets, safeAreaInsets: EdgeInsets
    )
        throws(CollectionLayoutError)
    {
        try _Validate.geometry(
            bounds: bounds, layoutMargins: layoutMargins, safeAreaInsets: safeAreaInsets)
        try _Validate.positiveLength(minColumnWidth, name: "minColumnWidth")
        try _Validate.length(interItemSpacing, name: "interItemSpacing")
        try _Validate.length(lineSpacing, name: "lineSpacing")
        try _Validate.length(headerHeight, name: "headerHeight")
        try _Validate.length(footerHeight, name: "footerHeight")
        try _Validate.itemCounts(itemCounts)

        let available = bounds.width - layoutMargins.left - layoutMargins.right
        guard available > 0 else {
            throw .noRoomForItems(layout: "ColumnFlowLayout", availableWidth: available)
        }
        let lineWidth = bounds.width - safeAreaInsets.left - safeAreaInsets.right
        guard lineWidth > 0 else {
            throw .noRoomForItems(layout: "ColumnFlowLayout", availableWidth: lineWidth)
        }

        // Counts stay Double until they are known to be small: a 1e300-point
        // bounds must not trap converting to Int.
        let columns = max(1, (available / minColumnWidth).rounded(.down))
        let flooredWidth = (available / columns).rounded(.down)
        guard flooredWidth > 0 else {
            throw .invalidParameter(
                name: "minColumnWidth", value: minColumnWidth,
                requirement:
                    "leaves items less than 1 point wide in \(formatPoints(available)) points")
        }
        // An item wider than the line (safe area wider than the margins) is
        // narrowed to the line, where UIKit would only log a warning.
        let width = min(flooredWidth, lineWidth)
        let totalItems = itemCounts.reduce(0, +)
        let fitted = max(
            1, ((lineWidth + interItemSpacing) / (width + interItemSpacing)).rounded(.down))
        let fullLine = Int(min(fitted, 1e9))

        var heights = supplementaryHeights
        heights.prepare(width: bounds.width, sections: itemCounts.count)
        let geometry = _FlowGeometry(
            boundsWidth: bounds.width, lineWidth: lineWidth, left: safeAreaInsets.left,
            itemWidth: width, fullLine: fullLine, parameters: _parameters)
        var newStore = _ElementStore(
            reservingCapacity: totalItems + 2 * itemCounts.count, sections: itemCounts.count)
        var newBands = _BandIndex(
            isXOrdered: true, reservingCapacity: totalItems / fullLine + 2 * itemCounts.count)
        let end = try _lay(
            counts: itemCounts, from: 0, item: 0, y: 0, geometry: geometry, heights: heights,
            store: &newStore, bands: &newBands,
            itemHeights: _MeasuredItemHeights(sizing: sizing, width: width))

        store = newStore
        bands = newBands
        supplementaryHeights = heights
        prepared = geometry
        columnCount = Int(min(columns, 1e9))
        itemsPerLine = fullLine
        itemWidth = width
        contentSize = Size(width: bounds.width, height: end)
        preparedBounds = bounds
    }

    /// The parameters a prepared layout was laid out with.
    var _parameters: [Double] {
        [minColumnWidth, interItemSpacing, lineSpacing, headerHeight, footerHeight]
    }

    /// Lays out sections from `firstSection` on, starting at item
    /// `firstItem` of it (a line start; its header and the items before it
    /// are already in `store`) at `y`, appending to `store` and `bands`;
    /// returns the content's end. `prepare` and the in-place updates share it,
    /// so both place every element with the same arithmetic.
    /// Generic over the item heights (not a closure) so the per-item call
    /// is specialised and inlined: a closure here made `prepare` about 30%
    /// slower (CollectionBenchmarks, 50,000 items).
    @inline(__always)
    func _lay<ItemHeights: _FlowItemHeights>(
        counts: [Int], from firstSection: Int, item firstItem: Int, y startY: Double,
        geometry: _FlowGeometry, heights: _SupplementaryHeights,
        store newStore: inout _ElementStore, bands newBands: inout _BandIndex,
        itemHeights: ItemHeights
    ) throws(CollectionLayoutError) -> Double {
        let width = geometry.itemWidth
        var y = startY
        for section in firstSection..<counts.count {
            let count = counts[section]
            let resumes = section == firstSection && firstItem > 0
            if resumes {
                newStore.itemCounts[section] = count
            } else {
                if headerHeight > 0 {
                    let height = heights.height(
                        of: .header, inSection: section, estimate: headerHeight)
                    newStore.appendSupplementary(
                        .header, section: section, y: y, width: geometry.boundsWidth,
                        height: height)
                    newBands.append(end: newStore.elements.count, minY: y, maxY: y + height)
                    y += height
                } else {
                    newStore.headerIndex.append(-1)
                }
                newStore.firstItemIndex.append(newStore.elements.count)
                newStore.itemCounts.append(count)
            }
            // Each section fills its own lines: a section shorter than a
            // line spreads (or centres) its items over the whole line.
            let perLine = min(geometry.fullLine, count)
            let (firstX, gap) = geometry.line(holding: perLine)
            var item = resumes ? firstItem : 0
            if !resumes && count > 0 { y += interItemSpacing }
            while item < count {
                let rowStart = newStore.elements.count
                let rowEnd = min(item + perLine, count)
                var rowHeight = 0.0
                for column in 0..<(rowEnd - item) {
                    let indexPath = IndexPath(item: item + column, section: section)
                    let height = try itemHeights.height(at: indexPath)
                    rowHeight = max(rowHeight, height)
                    newStore.elements.append(
                        LayoutAttributes(
                            indexPath: indexPath,
                            frame: Rect(
                                x: firstX + Double(column) * (width + gap), y: y, width: width,
                                height: height)))
                }
                Self._centre(
                    &newStore.elements, rowStart..<newStore.elements.count, rowTop: y,
                    rowHeight: rowHeight)
                newBands.append(end: newStore.elements.count, fitting: newStore.elements)
                y += rowHeight
                item = rowEnd
                if item < count { y += lineSpacing }
            }
            if footerHeight > 0 {
                let height = heights.height(
                    of: .footer, inSection: section, estimate: footerHeight)
                newStore.appendSupplementary(
                    .footer, section: section, y: y, width: geometry.boundsWidth,
                    height: height)
                newBands.append(end: newStore.elements.count, minY: y, maxY: y + height)
                y += height
            } else {
                newStore.footerIndex.append(-1)
            }
        }
        return y
    }

    /// Takes the real height a self-sizing item reports (UIKit's
    /// `preferredLayoutAttributesFitting(_:)`): its row grows or shrinks, the
    /// rows after it move, and the returned content offset keeps the first
    /// item visible in `visibleRect` where it was.
    ///
    /// The height lasts until the next `prepare`, which asks `sizing` again.
    /// - Throws: `.notPrepared`, `.noSuchItem`, or `.invalidItemHeight`; the
    ///   layout is unchanged when it throws.
    /// - Complexity: O(log n + elements after the row).
    public mutating func updateItemHeight(
        _ height: Double, at indexPath: IndexPath, visibleRect: Rect
    )
        throws(CollectionLayoutError) -> Point
    {
        guard preparedBounds != nil else { throw .notPrepared }
        guard let element = store.elementIndex(forItem: indexPath) else {
            throw .noSuchItem(indexPath)
        }
        guard _Validate.isValidHeight(height) else { throw .invalidItemHeight(indexPath, height) }
        let anchor = anchor(in: visibleRect)

        let band = bands.band(containing: element)
        let row = bands.start(ofBand: band)..<bands.ends[band]
        let rowTop = bands.minY[band]
        let oldRowHeight = row.reduce(0.0) { max($0, store.elements[$1].frame.height) }
        store.elements[element].frame.size.height = height
        let rowHeight = row.reduce(0.0) { max($0, store.elements[$1].frame.height) }
        Self._centre(&store.elements, row, rowTop: rowTop, rowHeight: rowHeight)
        // The rows below move by the change in this row's height. Band edges
        // are taken from the moved frames, not moved separately: an edge
        // moved on its own can round differently from its frames' edges and
        // make `attributes(in:)` skip an item 1e-13 point inside a rect.
        let delta = rowHeight - oldRowHeight
        store.shiftElements(from: row.upperBound, by: delta)
        bands.refit(from: band, elements: store.elements)
        contentSize.height += delta
        return _offset(restoring: anchor, orKeeping: visibleRect)
    }

    /// Centres each item of a row vertically in the row, as the flow layout does.
    private static func _centre(
        _ elements: inout [LayoutAttributes], _ row: Range<Int>, rowTop: Double, rowHeight: Double
    ) {
        for index in row {
            elements[index].frame.origin.y = rowTop + (rowHeight - elements[index].frame.height) / 2
        }
    }
}

extension ColumnFlowLayout where Sizing == FixedCellSizing {
    /// The sample's layout: cells of one height (70 by default).
    public init(
        itemCounts: [Int], cellHeight: Double = 70, minColumnWidth: Double = 300,
        interItemSpacing: Double = 10, lineSpacing: Double = 10, headerHeight: Double = 0,
        footerHeight: Double = 0
    ) {
        self.init(
            itemCounts: itemCounts, sizing: FixedCellSizing(height: cellHeight),
            minColumnWidth: minColumnWidth, interItemSpacing: interItemSpacing,
            lineSpacing: lineSpacing, headerHeight: headerHeight, footerHeight: footerHeight)
    }
}

extension ColumnFlowLayout: Sendable where Sizing: Sendable {}

extension ColumnFlowLayout: _BandedLayout {
    /// The content ends where its last element does, to the last bit.
    func _contentHeight(elementsEnd: Double, preparedBounds: Rect) -> Double { elementsEnd }
}

/// What a column flow's line filling needs from `prepare`: the line's width
/// and left edge, the item width and how many items fill a line.
struct _FlowGeometry: Sendable, Equatable {
    var boundsWidth: Double
    var lineWidth: Double
    var left: Double
    var itemWidth: Double
    var fullLine: Int
    /// The layout's parameters when it was prepared.
    var parameters: [Double]

    /// The first item's x and the gap between items of a section whose
    /// lines hold `perLine` items: justified, or centred when one fits.
    func line(holding perLine: Int) -> (firstX: Double, gap: Double) {
        let gap = perLine > 1 ? (lineWidth - Double(perLine) * itemWidth) / Double(perLine - 1) : 0
        let firstX = perLine > 1 ? left : left + (lineWidth - itemWidth) / 2
        return (firstX, gap)
    }
}

/// Where `_lay` gets item heights: measured through the sizing, or kept.
protocol _FlowItemHeights {
    func height(at indexPath: IndexPath) throws(CollectionLayoutError) -> Double
}

/// Heights measured through a `CellSizing` at the item width, checked.
struct _MeasuredItemHeights<Sizing: CellSizing>: _FlowItemHeights {
    let sizing: Sizing
    let width: Double

    @inline(__always)
    func height(at indexPath: IndexPath) throws(CollectionLayoutError) -> Double {
        let height = sizing.height(at: indexPath, width: width)
        guard _Validate.isValidHeight(height) else { throw .invalidItemHeight(indexPath, height) }
        return height
    }
}
