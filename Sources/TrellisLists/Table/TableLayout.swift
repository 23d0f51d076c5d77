// A virtualized table's layout: sections of rows with optional headers and
// footers, estimated heights replaced lazily by measured ones, and the queries
// a table view needs (offsets, visible rows, hit testing).

import TrellisGeometry

/// The layout of a `UITableView`-like list of self-sizing rows, without views.
///
/// The table opens with estimates only (no height source calls); each layout
/// pass measures the rows that are on screen or in the display range and
/// caches their heights. Every height and offset is kept in fixed-point units
/// of 1/768 point, so offsets are exact prefix sums and scroll anchoring moves
/// nothing on screen, not even by a rounding error (see `OffsetIndex`).
///
/// ```swift
/// var table = try TableLayout(
///     sections: [TableSection(rowCount: 10_000)], estimate: .uniform(44),
///     sizing: ClosureCellSizing { path, width in 20 + Double(path.row % 7) * 10 },
///     width: 390, viewportHeight: 844)
/// try table.layoutIfNeeded()            // measures the rows on screen
/// try table.scrollToRow(at: IndexPath(row: 5_000, section: 0), at: .middle)
/// ```
///
/// Elements are stored flattened in table order: for each section its header,
/// its rows, then its footer (a missing header or footer has height 0).
public struct TableLayout<Sizing: CellSizing> {
    /// The height source.
    public let sizing: Sizing
    /// The estimate for rows not measured yet.
    public let estimate: RowHeightEstimate
    /// The width rows are measured at.
    public internal(set) var width: Double
    /// Extra rows given cells beyond each edge of the viewport.
    public internal(set) var overscanRows: Int
    /// Display and preload ranges, in screenfuls.
    public internal(set) var rangeTuning: TableRangeTuning
    /// The direction of the last content offset change.
    public internal(set) var scrollDirection: ScrollDirection = .down
    /// Which edge stays in place when rows change under a resting viewport.
    public let contentAnchoring: TableContentAnchoring
    /// The height source of self-sizing section headers and footers, or nil
    /// when their heights are the sections' fixed ones.
    public let headerFooterSizing: HeaderFooterSizing?
    /// The scroll axis. A `.horizontal` table (a carousel of cards) is the
    /// same table turned on its side: every "height" (estimates, measured
    /// heights, `contentHeight`, `contentOffset`, `viewportHeight`) is a
    /// length along the x axis, `width` is the cross size (the carousel's
    /// height) that cells are measured at, and frames are transposed.
    public let axis: TableAxis
    /// The style: plain, grouped or inset grouped (`TableStyle`).
    public let style: TableStyle
    /// For a `.bottom` table: rows inserted below the viewport since it was
    /// last at the end (a chat's "new messages" count); 0 once it is at the
    /// end again. O(1).
    public internal(set) var newRowsBelow = 0

    var index: OffsetIndex
    /// Flat index of each section's header, then a final entry equal to the
    /// element count.
    var sectionStarts: [Int]
    var offsetUnits: Int64 = 0
    var viewportUnits: Int64
    /// The element the next layout pass keeps in place, set by a batch update.
    var pendingAnchor: _Anchor?
    /// Heights replaced during the current operation, to undo them if it fails.
    var undoLog: [(flat: Int, packed: Int32)] = []

    /// Opens a table with estimates only; nothing is measured until the first
    /// layout pass. With `headerFooterSizing`, the sections' header and
    /// footer heights are estimates, measured like rows when they come into
    /// view (a height of 0 still means no header or footer). A `.bottom` table opens at its end (the estimated
    /// content's end; the first layout pass keeps the end in place while it
    /// measures the rows in view, bottom up).
    ///
    /// - Throws: `TableError` for a negative row count, a NaN, infinite or
    ///   negative estimate or header/footer height, a width or viewport height
    ///   that is not finite and positive, a negative overscan, grouped metrics
    ///   out of range (an inset leaving no width), or a grouped horizontal table.
    /// - Complexity: O(n) in the number of rows (one estimate call per row for
    ///   `.perRow` estimates).
    public init(
        sections: [TableSection], estimate: RowHeightEstimate, sizing: Sizing, width: Double,
        viewportHeight: Double, overscanRows: Int = 2, rangeTuning: TableRangeTuning = .texture,
        contentAnchoring: TableContentAnchoring = .top,
        headerFooterSizing: HeaderFooterSizing? = nil, axis: TableAxis = .vertical,
        style: TableStyle = .plain
    ) throws(TableError) {
        try TableLayout.validateWidth(width)
        try style.validate(width: width)
        guard style == .plain || axis == .vertical else {
            throw .invalidParameter(
                name: "style", value: 0, reason: "grouped styles need a vertical table")
        }
        let viewport = try TableLayout.viewportUnits(viewportHeight)
        guard overscanRows >= 0 else {
            throw .invalidParameter(
                name: "overscanRows", value: Double(overscanRows), reason: "must not be negative")
        }
        try rangeTuning.validate()
        if case .uniform(let height) = estimate, _validHeightUnits(height) == nil {
            throw .invalidParameter(
                name: "estimated row height", value: height,
                reason: "must be finite, not negative and at most "
                    + "\(Int(_Units.maximumElementHeight)) points")
        }
        var builder = _ElementBuilder(selfSizingEdges: headerFooterSizing != nil, style: style)
        try builder.reserve(sections: sections)
        for (section, description) in sections.enumerated() {
            try builder.appendSection(description, section: section) {
                (builder: inout _ElementBuilder) throws(TableError) in
                try builder.appendEstimatedRows(
                    count: description.rowCount, section: section, firstRow: 0,
                    estimate: estimate)
            }
        }
        self.sizing = sizing
        self.estimate = estimate
        self.width = width
        self.viewportUnits = viewport
        self.overscanRows = overscanRows
        self.rangeTuning = rangeTuning
        self.index = OffsetIndex(packed: builder.packed)
        self.sectionStarts = builder.sectionStarts
        self.contentAnchoring = contentAnchoring
        self.headerFooterSizing = headerFooterSizing
        self.axis = axis
        self.style = style
        if contentAnchoring == .bottom { offsetUnits = maximumOffsetUnits }
    }

    // MARK: Sizes

    /// The number of sections.
    public var numberOfSections: Int { sectionStarts.count - 1 }

    /// The number of rows in all sections.
    public var numberOfRows: Int { index.count - 2 * numberOfSections }

    /// The number of rows in a section.
    /// - Throws: `TableError.sectionOutOfRange`.
    public func numberOfRows(inSection section: Int) throws(TableError) -> Int {
        try checkSection(section, context: "numberOfRows(inSection:)")
        return rowCount(section)
    }

    /// The content height: every header, row (measured or estimated) and footer.
    /// - Complexity: O(log n).
    public var contentHeight: Double { _Units.points(index.total) }

    /// The content offset: the content y at the top of the viewport.
    public var contentOffset: Double { _Units.points(offsetUnits) }

    /// The viewport height.
    public var viewportHeight: Double { _Units.points(viewportUnits) }

    /// The largest content offset at rest: content height minus viewport height,
    /// or 0 when the content is shorter than the viewport.
    public var maximumContentOffset: Double { _Units.points(maximumOffsetUnits) }

    var maximumOffsetUnits: Int64 { max(0, index.total - viewportUnits) }

    /// Bytes of memory held by the offset index and section table (array
    /// capacities): 12 per element (a packed 4-byte height and an 8-byte tree
    /// node) plus 8 per section.
    public var indexMemoryBytes: Int {
        index.packed.capacity * MemoryLayout<Int32>.stride
            + index.tree.capacity * MemoryLayout<Int64>.stride
            + sectionStarts.capacity * MemoryLayout<Int>.stride
    }

    // MARK: Rows

    /// The row's current height: measured, or its estimate (or a measurement
    /// at a previous width) when not measured at the current width.
    /// - Throws: `TableError.sectionOutOfRange` / `.rowOutOfRange`.
    /// - Complexity: O(1).
    public func heightForRow(at indexPath: IndexPath) throws(TableError) -> Double {
        let flat = try flatIndex(of: indexPath, context: "heightForRow(at:)")
        return _Units.points(index.units(at: flat))
    }

    /// True when the row's height was measured at the current width.
    /// - Throws: `TableError.sectionOutOfRange` / `.rowOutOfRange`.
    public func isRowMeasured(at indexPath: IndexPath) throws(TableError) -> Bool {
        index.isMeasured(at: try flatIndex(of: indexPath, context: "isRowMeasured(at:)"))
    }

    /// The number of rows measured at the current width.
    /// - Complexity: O(n).
    public var measuredRowCount: Int {
        var count = 0
        for s in 0..<numberOfSections {
            for f in (sectionStarts[s] + 1)..<(sectionStarts[s + 1] - 1)
            where index.isMeasured(at: f) {
                count += 1
            }
        }
        return count
    }

    // MARK: Frames

    /// The row's frame in content coordinates, as `rectForRow(at:)`.
    /// - Complexity: O(log n).
    public func rectForRow(at indexPath: IndexPath) throws(TableError) -> Rect {
        rect(flat: try flatIndex(of: indexPath, context: "rectForRow(at:)"), top: 0)
    }

    /// The section header's frame in content coordinates, as `rectForHeader(inSection:)`.
    public func rectForHeader(inSection section: Int) throws(TableError) -> Rect {
        try checkSection(section, context: "rectForHeader(inSection:)")
        return rect(flat: sectionStarts[section], top: 0)
    }

    /// The section footer's frame in content coordinates, as `rectForFooter(inSection:)`.
    public func rectForFooter(inSection section: Int) throws(TableError) -> Rect {
        try checkSection(section, context: "rectForFooter(inSection:)")
        return rect(flat: sectionStarts[section + 1] - 1, top: 0)
    }

    /// The element's frame relative to the viewport's top edge (content frame
    /// minus content offset), computed exactly in fixed point: when anchoring
    /// keeps a row in place, this value is bit-for-bit unchanged.
    /// - Complexity: O(log n).
    public func frameInViewport(for element: TableElement) throws(TableError) -> Rect {
        rect(flat: try flatIndex(of: element, context: "frameInViewport(for:)"), top: offsetUnits)
    }

    /// An element's frame with its top `y` units (its place in the content
    /// by default) measured from `origin`; transposed for a horizontal table.
    func rect(flat: Int, top origin: Int64, y: Int64? = nil) -> Rect {
        let top = _Units.points((y ?? index.prefix(flat)) - origin)
        let length = _Units.points(index.units(at: flat))
        switch axis {
        case .vertical:
            let inset = style.inset(atWidth: width)
            return Rect(x: inset, y: top, width: width - 2 * inset, height: length)
        case .horizontal: return Rect(x: top, y: 0, width: length, height: width)
        }
    }

    /// A frame's edges along the scroll axis (y, or x for a horizontal table).
    func axialEdges(_ rect: Rect) -> (min: Double, max: Double) {
        axis == .vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
    }

    /// A point's coordinates along the scroll axis and across it.
    func axial(_ point: Point) -> (along: Double, across: Double) {
        axis == .vertical ? (point.y, point.x) : (point.x, point.y)
    }

    // MARK: Hit testing

    /// The row at a point in content coordinates, as `indexPathForRow(at:)`;
    /// nil over a header, a footer, or outside the content.
    /// - Complexity: O(log n + log sections).
    public func indexPathForRow(at point: Point) -> IndexPath? {
        if case .row(let path)? = element(at: point) { return path }
        return nil
    }

    /// The header, row or footer at a point in content coordinates; nil outside
    /// the content (x outside `0 ..< width`, or outside the elements' inset
    /// for the inset grouped style; y outside `0 ..< contentHeight`; the other
    /// way round for a horizontal table). An element's top edge
    /// belongs to it, its bottom edge to the next one; `y` is first snapped
    /// to the table's 1/768-point grid.
    /// - Complexity: O(log n + log sections).
    public func element(at point: Point) -> TableElement? {
        let (along, across) = axial(point)
        let inset = style.inset(atWidth: width)
        guard across >= inset, across < width - inset, _Units.isRepresentable(along), along >= 0
        else {
            return nil
        }
        let y = _Units.units(along)
        let flat = index.index(containing: y)
        return flat < index.count ? element(flat: flat) : nil
    }

    /// The rows whose frames intersect a rectangle in content coordinates, as
    /// `indexPathsForRows(in:)` (zero-height rows do not intersect anything).
    /// - Complexity: O(log n + k).
    public func indexPathsForRows(in rect: Rect) -> [IndexPath] {
        let (lowerAlong, lowerAcross) = axial(Point(x: rect.minX, y: rect.minY))
        let (upperAlong, upperAcross) = axial(Point(x: rect.maxX, y: rect.maxY))
        let inset = style.inset(atWidth: width)
        guard !rect.isEmpty, upperAcross > inset, lowerAcross < width - inset,
            _Units.isRepresentable(lowerAlong), _Units.isRepresentable(upperAlong)
        else { return [] }
        let lower = _Units.units(lowerAlong)
        let upper = _Units.units(upperAlong)
        return rowsWithArea(flatRange(from: lower, to: upper))
    }

    /// The rows with positive height in a flat range.
    func rowsWithArea(_ range: ClosedRange<Int>?) -> [IndexPath] {
        guard let range else { return [] }
        return range.compactMap { f in
            if index.units(at: f) > 0, case .row(let path) = element(flat: f) { return path }
            return nil
        }
    }

    // MARK: Ranges

    /// The rows on screen, first to last (nil when none).
    /// - Complexity: O(log n).
    public var visibleRows: RowSpan? { rowSpan(visibleRange) }

    /// The rows on screen, as `indexPathsForVisibleRows` (rows with area only).
    /// - Complexity: O(log n + k).
    public var indexPathsForVisibleRows: [IndexPath] { rowsWithArea(visibleRange) }

    /// The rows that have cells: those on screen plus `overscanRows` rows past
    /// each edge.
    public var cellRows: RowSpan? { rowSpan(cellRange) }

    /// Texture's display range: rows measured by layout passes (plus the cell rows).
    public var displayRows: RowSpan? {
        rowSpan(
            screenfulRange(
                leading: rangeTuning.displayLeading, trailing: rangeTuning.displayTrailing))
    }

    /// Texture's preload range: rows worth fetching data for.
    public var preloadRows: RowSpan? {
        rowSpan(
            screenfulRange(
                leading: rangeTuning.preloadLeading, trailing: rangeTuning.preloadTrailing))
    }

    /// Flat elements with area in `[lower, upper)` units, or nil.
    func flatRange(from lower: Int64, to upper: Int64) -> ClosedRange<Int>? {
        let lower = max(0, lower)
        guard upper > lower else { return nil }
        let first = index.index(containing: lower)
        guard first < index.count else { return nil }
        let last = min(index.index(containing: upper - 1), index.count - 1)
        return first...last
    }

    /// Flat elements intersecting the viewport.
    var visibleRange: ClosedRange<Int>? {
        flatRange(from: offsetUnits, to: offsetUnits + viewportUnits)
    }

    /// The visible range widened by `overscanRows` rows on each side.
    var cellRange: ClosedRange<Int>? {
        guard let visible = visibleRange else { return nil }
        return widened(visible, byRows: overscanRows)
    }

    /// Elements within the viewport widened by screenfuls, leading in the
    /// scroll direction.
    func screenfulRange(leading: Double, trailing: Double) -> ClosedRange<Int>? {
        let (above, below) = screenfulExtents(leading: leading, trailing: trailing)
        return flatRange(from: offsetUnits - above, to: offsetUnits + viewportUnits + below)
    }

    /// How far a range reaches above and below the viewport, in units.
    func screenfulExtents(leading: Double, trailing: Double) -> (above: Int64, below: Int64) {
        let vh = Double(viewportUnits)
        let ahead = Int64((leading * vh).rounded())
        let behind = Int64((trailing * vh).rounded())
        return scrollDirection == .down ? (behind, ahead) : (ahead, behind)
    }

    /// Every element that a layout pass measures: the cell range and the display range.
    var measuredRange: ClosedRange<Int>? {
        let display = screenfulRange(
            leading: rangeTuning.displayLeading, trailing: rangeTuning.displayTrailing)
        switch (cellRange, display) {
        case (nil, nil): return nil
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (let a?, let b?):
            return min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
        }
    }

    /// `range` extended by `rows` rows before and after (headers and footers
    /// passed on the way are included but not counted).
    func widened(_ range: ClosedRange<Int>, byRows rows: Int) -> ClosedRange<Int> {
        var lower = range.lowerBound
        var found = 0
        while found < rows && lower > 0 {
            lower -= 1
            if isRow(flat: lower) { found += 1 }
        }
        var upper = range.upperBound
        found = 0
        while found < rows && upper < index.count - 1 {
            upper += 1
            if isRow(flat: upper) { found += 1 }
        }
        return lower...upper
    }

    /// The first and last rows with positive height in a flat range.
    func rowSpan(_ range: ClosedRange<Int>?) -> RowSpan? {
        guard let range else { return nil }
        func isRowWithArea(_ f: Int) -> Bool { index.units(at: f) > 0 && isRow(flat: f) }
        guard let first = range.first(where: isRowWithArea),
            let last = range.reversed().first(where: isRowWithArea),
            case .row(let a) = element(flat: first), case .row(let b) = element(flat: last)
        else { return nil }
        return RowSpan(first: a, last: b)
    }

    // MARK: Flat indices

    func rowCount(_ section: Int) -> Int {
        sectionStarts[section + 1] - sectionStarts[section] - 2
    }

    /// The section whose elements include flat index `flat`.
    func section(containing flat: Int) -> Int {
        var low = 0
        var high = numberOfSections - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sectionStarts[mid] <= flat { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func isRow(flat: Int) -> Bool {
        let s = section(containing: flat)
        return flat != sectionStarts[s] && flat != sectionStarts[s + 1] - 1
    }

    func element(flat: Int) -> TableElement {
        let s = section(containing: flat)
        if flat == sectionStarts[s] { return .header(section: s) }
        if flat == sectionStarts[s + 1] - 1 { return .footer(section: s) }
        return .row(IndexPath(row: flat - sectionStarts[s] - 1, section: s))
    }

    func checkSection(_ section: Int, context: String) throws(TableError) {
        guard section >= 0, section < numberOfSections else {
            throw .sectionOutOfRange(section, sectionCount: numberOfSections, context: context)
        }
    }

    func flatIndex(of indexPath: IndexPath, context: String) throws(TableError) -> Int {
        try checkSection(indexPath.section, context: context)
        let rows = rowCount(indexPath.section)
        guard indexPath.row >= 0, indexPath.row < rows else {
            throw .rowOutOfRange(indexPath, rowCount: rows, context: context)
        }
        return sectionStarts[indexPath.section] + 1 + indexPath.row
    }

    func flatIndex(of element: TableElement, context: String) throws(TableError) -> Int {
        switch element {
        case .row(let path): return try flatIndex(of: path, context: context)
        case .header(let section):
            try checkSection(section, context: context)
            return sectionStarts[section]
        case .footer(let section):
            try checkSection(section, context: context)
            return sectionStarts[section + 1] - 1
        }
    }

    /// Widths and viewport heights must be below this many points (1e9).
    static var maximumLength: Double { 1_000_000_000 }

    static func validateWidth(_ width: Double) throws(TableError) {
        guard width.isFinite, width > 0, width < maximumLength else {
            throw .invalidParameter(
                name: "width", value: width,
                reason: "must be finite, greater than 0 and less than 1000000000 points")
        }
    }

    static func viewportUnits(_ height: Double) throws(TableError) -> Int64 {
        guard height.isFinite, height > 0, height < maximumLength else {
            throw .invalidParameter(
                name: "viewport height", value: height,
                reason: "must be finite, greater than 0 and less than 1000000000 points")
        }
        return max(1, _Units.units(height))
    }

    #if DEBUG
        /// Checks the offset index and the section table.
        func _checkInvariants() -> Bool {
            guard index._checkInvariants(), sectionStarts.first == 0,
                sectionStarts.last == index.count
            else { return false }
            for s in 0..<numberOfSections where rowCount(s) < 0 { return false }
            return true
        }
    #endif
}

extension TableSection {
    /// The header and footer heights in units, checked.
    func edgeUnits(section: Int) throws(TableError) -> (header: Int64, footer: Int64) {
        guard let header = _validHeightUnits(headerHeight) else {
            throw .invalidSectionHeight(headerHeight, section: section, kind: "header")
        }
        guard let footer = _validHeightUnits(footerHeight) else {
            throw .invalidSectionHeight(footerHeight, section: section, kind: "footer")
        }
        return (header, footer)
    }
}

/// Builds the packed element heights and section starts for a new table or a
/// batch update, validating every estimate and header/footer height.
struct _ElementBuilder {
    /// True when headers and footers size themselves: their heights are
    /// then estimates (0 still means none, never measured).
    var selfSizingEdges: Bool
    /// The table's style, which gives grouped sections their spacing.
    var style: TableStyle = .plain
    var packed: [Int32] = []
    /// Section starts so far, then the element count (always current).
    var sectionStarts: [Int] = [0]

    mutating func reserve(sections: [TableSection]) throws(TableError) {
        var total = 0
        for (s, section) in sections.enumerated() {
            guard section.rowCount >= 0 else {
                throw .invalidRowCount(section.rowCount, section: s)
            }
            total += section.rowCount + 2
        }
        // 1/64 extra room lets batch updates insert in place (see `OffsetIndex.rearrange`).
        packed.reserveCapacity(total + total / 64)
        sectionStarts.reserveCapacity(sections.count + 1)
    }

    /// Appends a header, whatever `rows` appends, then a footer.
    mutating func appendSection(
        _ description: TableSection, section: Int,
        rows: (inout _ElementBuilder) throws(TableError) -> Void
    ) throws(TableError) {
        let (header, footer) = try description.packedEdges(
            section: section, style: style, selfSizing: selfSizingEdges)
        packed.append(header)
        try rows(&self)
        packed.append(footer)
        sectionStarts.append(packed.count)
    }

    /// Appends `count` rows with their estimates (not measured).
    mutating func appendEstimatedRows(
        count: Int, section: Int, firstRow: Int, estimate: RowHeightEstimate
    ) throws(TableError) {
        switch estimate {
        case .uniform(let height):
            guard count > 0 else { return }
            guard let units = _validHeightUnits(height) else {
                throw .invalidEstimatedHeight(
                    height, at: IndexPath(row: firstRow, section: section))
            }
            packed.append(
                contentsOf: repeatElement(OffsetIndex.pack(units, measured: false), count: count))
        case .perRow(let body):
            for row in firstRow..<(firstRow + count) {
                let path = IndexPath(row: row, section: section)
                let height = body(path)
                guard let units = _validHeightUnits(height) else {
                    throw .invalidEstimatedHeight(height, at: path)
                }
                packed.append(OffsetIndex.pack(units, measured: false))
            }
        }
    }
}
