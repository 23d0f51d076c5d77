// Value types that describe a table: sections, estimates, elements, row spans,
// scroll positions and Texture-style range tuning.

/// One section as the data source describes it: its row count and the heights
/// of its header and footer (0 for none), as `numberOfRowsInSection` and
/// `heightForHeaderInSection` / `heightForFooterInSection`.
public struct TableSection: Hashable, Sendable {
    public var rowCount: Int
    public var headerHeight: Double
    public var footerHeight: Double

    public init(rowCount: Int, headerHeight: Double = 0, footerHeight: Double = 0) {
        self.rowCount = rowCount
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }
}

/// A row's height before it is measured: `estimatedRowHeight`, or
/// `estimatedHeightForRowAt` when estimates differ per row.
public enum RowHeightEstimate {
    /// The same estimate for every row (`UITableView.estimatedRowHeight`).
    case uniform(Double)
    /// An estimate per row (`tableView(_:estimatedHeightForRowAt:)`), asked once
    /// per row when the row enters the table (open, insert, reload).
    case perRow((IndexPath) -> Double)

    /// The estimate for one row.
    func height(at indexPath: IndexPath) -> Double {
        switch self {
        case .uniform(let height): return height
        case .perRow(let body): return body(indexPath)
        }
    }
}

/// The direction a table scrolls in.
public enum TableAxis: Sendable, Hashable {
    /// Rows stacked top to bottom (UITableView).
    case vertical
    /// Cells side by side, left to right (a carousel; a horizontal
    /// collection view with one row).
    case horizontal
}

/// The height source of a table's self-sizing section headers and footers
/// (UIKit's automatic `sectionHeaderHeight` with an estimate): asked once
/// per header or footer as it comes into view, like rows.
public struct HeaderFooterSizing {
    /// The height of `.header(section:)` or `.footer(section:)` at a width.
    public let body: (TableElement, Double) -> Double

    /// A height source made from a closure.
    /// - Complexity: O(1).
    public init(_ body: @escaping (TableElement, Double) -> Double) {
        self.body = body
    }

    /// The element's height at `width`.
    /// - Complexity: the closure's.
    public func height(of element: TableElement, width: Double) -> Double {
        body(element, width)
    }
}

/// Something the table lays out: a section header, a row or a section footer.
public enum TableElement: Hashable, Sendable, CustomStringConvertible {
    case header(section: Int)
    case row(IndexPath)
    case footer(section: Int)

    public var description: String {
        switch self {
        case .header(let section): return "header \(section)"
        case .row(let path): return "row \(path)"
        case .footer(let section): return "footer \(section)"
        }
    }
}

/// A run of consecutive rows, possibly across sections, from `first` to `last`
/// inclusive (in table order; headers and footers in between are not rows).
/// The ends are rows with positive height; zero-height rows inside are included.
public struct RowSpan: Hashable, Sendable, CustomStringConvertible {
    public var first: IndexPath
    public var last: IndexPath

    public init(first: IndexPath, last: IndexPath) {
        self.first = first
        self.last = last
    }

    public var description: String { "\(first)...\(last)" }
}

/// Where `scrollToRow(at:at:)` puts the row, as `UITableView.ScrollPosition`.
public enum TableScrollPosition: Sendable, Hashable {
    /// The row's top at the top of the viewport.
    case top
    /// The row's centre at the centre of the viewport.
    case middle
    /// The row's bottom at the bottom of the viewport.
    case bottom
}

/// The direction content last moved under the viewport, which decides which
/// side of a range is "leading".
public enum ScrollDirection: Sendable, Hashable {
    /// Content offset increasing: rows below the viewport come next.
    case down
    /// Content offset decreasing: rows above the viewport come next.
    case up
}

/// Texture (AsyncDisplayKit) style range tuning, in screenfuls (multiples of
/// the viewport height) ahead of the viewport in the scroll direction
/// (leading) and behind it (trailing).
///
/// Rows in the display range are measured during each layout pass (a row is
/// measured once, before it scrolls into view); the preload range is reported
/// so the caller can fetch data for it, and is not measured.
public struct TableRangeTuning: Hashable, Sendable {
    public var displayLeading: Double
    public var displayTrailing: Double
    public var preloadLeading: Double
    public var preloadTrailing: Double

    public init(
        displayLeading: Double, displayTrailing: Double, preloadLeading: Double,
        preloadTrailing: Double
    ) {
        self.displayLeading = displayLeading
        self.displayTrailing = displayTrailing
        self.preloadLeading = preloadLeading
        self.preloadTrailing = preloadTrailing
    }

    /// Texture's defaults for a visible list (`ASLayoutRangeModeFull`): display
    /// 1 screenful ahead and 0.5 behind, preload 2.5 ahead and 1.5 behind.
    public static let texture = TableRangeTuning(
        displayLeading: 1, displayTrailing: 0.5, preloadLeading: 2.5, preloadTrailing: 1.5)

    /// Measure only what is on screen (plus the overscan rows); preload nothing.
    public static let visibleOnly = TableRangeTuning(
        displayLeading: 0, displayTrailing: 0, preloadLeading: 0, preloadTrailing: 0)

    func validate() throws(TableError) {
        let values = [
            ("displayLeading", displayLeading), ("displayTrailing", displayTrailing),
            ("preloadLeading", preloadLeading), ("preloadTrailing", preloadTrailing),
        ]
        for (name, value) in values where !(value.isFinite && value >= 0 && value <= 1000) {
            throw .invalidParameter(
                name: "range tuning \(name)", value: value,
                reason: "screenfuls must be finite, between 0 and 1000")
        }
    }
}

/// What one layout pass did: the rows it measured and how the content
/// offset moved to keep one element in place.
///
/// UIKit: "the table view adjusts the content offset so that the visible
/// content does not jump" is what self-sizing rows with estimates promise;
/// a table that nobody scrolled shows its first row at the top
/// (`UIScrollView.contentOffset`: "The default value is (0, 0)"). Every
/// pass (`layoutIfNeeded()`, `scroll(toOffset:)`, `scrollToRow(at:at:)`,
/// `resize(width:viewportHeight:)`, `performBatchUpdates(_:sections:)`, a
/// snapshot's `apply`, the frames of `ScrollSimulation`, a `.bottom` chat
/// list's passes) keeps one element in place on screen, chosen by one rule:
///
/// 1. After a batch update (`performBatchUpdates`, `apply`), the first
///    element on screen with area that the update kept, until the next pass
///    has kept it; a `.bottom` table at its end keeps its end instead.
/// 2. At rest at the top (offset 0, no batch update pending) the content
///    top stays at the top.
/// 3. Rows estimated at 0 at the top edge are measured in view and push
///    what follows down.
/// 4. Otherwise the first measured element on screen keeps its place (a
///    fixed header or footer counts as measured): rows measured above it
///    grow upwards, out of view.
///
/// No pass from a non-negative offset ends at a negative one: when the
/// content above the kept element turns out shorter than the space above it
/// on screen, the content top goes to the top instead (`clamped`). A call
/// that throws leaves the table as it was, including the element a batch
/// update left for the next pass to keep. `anchorAdjustment` is one rule for
/// every call, resize and batch updates included: how far the offset moved
/// beyond where the call put it, clamps counted.
public struct TableLayoutPass: Hashable, Sendable {
    /// Rows whose height source was called in this pass.
    public var rowsMeasured: Int
    /// Self-sizing headers and footers measured in this pass.
    public var headersAndFootersMeasured = 0
    /// How far the content offset moved during the call beyond where the
    /// call itself put it, in points (positive when content above the kept
    /// element grew), clamps included: the offset after the call minus the
    /// offset before it for `layoutIfNeeded`, `resize`,
    /// `performBatchUpdates` and `apply`; minus the offset asked for, for
    /// `scroll(toOffset:)`; minus the offset that places the row (clamped
    /// to `0 ... maximumContentOffset`), for `scrollToRow`.
    public var anchorAdjustment: Double
    /// True when the kept element could not keep its place because the
    /// offset was clamped: to `0 ... maximumContentOffset` by a batch
    /// update or `scrollToRow` (the row did not land exactly in place); to
    /// the new end by `resize` when the content now ends above the
    /// viewport's bottom; to the top by any pass whose kept element would
    /// otherwise leave blank space above the first row.
    public var clamped: Bool

    public init(rowsMeasured: Int = 0, anchorAdjustment: Double = 0, clamped: Bool = false) {
        self.rowsMeasured = rowsMeasured
        self.anchorAdjustment = anchorAdjustment
        self.clamped = clamped
    }
}
