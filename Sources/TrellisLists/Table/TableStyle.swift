// UITableView's styles: plain, grouped and inset grouped. Grouped styles give
// sections without a header UIKit's spacing, do not pin headers, and the inset
// grouped style insets every element and gives each section a rounded
// background.

import TrellisGeometry

/// The spacing and insets of the grouped styles, with UIKit's values as the
/// defaults (`uiKit`).
///
/// Sources for the defaults (no UIKit to measure on Linux, so each is cited):
/// - UIKit documents `.grouped` as "a table view where sections have distinct
///   groups of rows" and `.insetGrouped` as "a table view where the grouped
///   sections are inset with rounded corners" (developer.apple.com,
///   UITableView.Style); section headers and footers of grouped tables do not
///   float (learn.microsoft.com, UIKit.UITableViewStyle: "Section headers and
///   footers do not 'float' while scrolling").
/// - A grouped table gives a section whose header height is 0 a default
///   header height, not none (heightForHeaderInSection returning 0 means the
///   default; apps return a tiny positive height to hide it:
///   jianshu.com/p/5a8830d29909), and shows 35 points of space above the
///   first section (the gap apps remove with a near-zero-height
///   `tableHeaderView`: kouhan.cn/en/article/00015815) and between sections.
///   Trellis gives every empty header `emptyHeaderHeight` (35) and every
///   empty footer `emptyFooterHeight` (0), which reproduces both gaps.
/// - The inset grouped style insets sections by the table's layout margins:
///   UIKit's default margins on iPhone are 16 points, 20 on screens 414
///   points wide or more (`horizontalInset` nil picks by width); the rounded
///   corners are 10 points (`cornerRadius`).
public struct GroupedTableMetrics: Hashable, Sendable {
    /// The height of a header whose section gives 0 (UIKit's default spacing).
    public var emptyHeaderHeight: Double
    /// The height of a footer whose section gives 0.
    public var emptyFooterHeight: Double
    /// Inset grouped only: the distance from each side of the table to its
    /// sections; nil for UIKit's layout margin at the table's width.
    public var horizontalInset: Double?
    /// Inset grouped only: the radius of each section background's corners.
    public var cornerRadius: Double

    /// Grouped metrics.
    /// - Complexity: O(1).
    public init(
        emptyHeaderHeight: Double = 35, emptyFooterHeight: Double = 0,
        horizontalInset: Double? = nil, cornerRadius: Double = 10
    ) {
        self.emptyHeaderHeight = emptyHeaderHeight
        self.emptyFooterHeight = emptyFooterHeight
        self.horizontalInset = horizontalInset
        self.cornerRadius = cornerRadius
    }

    /// UIKit's values (see above).
    public static let uiKit = GroupedTableMetrics()

    /// The inset at a table width: `horizontalInset`, or 16 below 414
    /// points and 20 from 414 on.
    /// - Complexity: O(1).
    public func inset(atWidth width: Double) -> Double {
        horizontalInset ?? (width >= 414 ? 20 : 16)
    }
}

/// A table's style, as `UITableView.Style`.
public enum TableStyle: Hashable, Sendable {
    /// Full-width rows; headers stick to the top (`pinnedHeader`).
    case plain
    /// Full-width groups of rows; an empty header or footer takes the
    /// metrics' spacing; headers do not stick.
    case grouped(GroupedTableMetrics = .uiKit)
    /// As `.grouped`, with every header, row and footer inset from both
    /// sides and each section's rows on a rounded background
    /// (`sectionBackground(inSection:)`).
    case insetGrouped(GroupedTableMetrics = .uiKit)

    /// The grouped metrics, nil for `.plain`.
    var metrics: GroupedTableMetrics? {
        switch self {
        case .plain: return nil
        case .grouped(let metrics), .insetGrouped(let metrics): return metrics
        }
    }

    /// The distance from each side of the table to its elements.
    func inset(atWidth width: Double) -> Double {
        if case .insetGrouped(let metrics) = self { return metrics.inset(atWidth: width) }
        return 0
    }

    /// Checks the metrics for a table of `width`.
    func validate(width: Double) throws(TableError) {
        guard let metrics else { return }
        for (name, value) in [
            ("emptyHeaderHeight", metrics.emptyHeaderHeight),
            ("emptyFooterHeight", metrics.emptyFooterHeight),
            ("cornerRadius", metrics.cornerRadius),
        ] where _validHeightUnits(value) == nil {
            throw .invalidParameter(
                name: "grouped \(name)", value: value,
                reason: "must be finite, not negative and at most "
                    + "\(Int(_Units.maximumElementHeight)) points")
        }
        let inset = inset(atWidth: width)
        guard inset.isFinite, inset >= 0, width - 2 * inset > 0 else {
            throw .invalidParameter(
                name: "grouped horizontalInset", value: inset,
                reason: "must be finite, not negative and leave rows wider than 0 "
                    + "in a table \(formatPoints(width)) points wide")
        }
    }
}

/// The rounded background of an inset grouped section: its rows' frame
/// (headers and footers excluded), with the corner radius of its first
/// row's top corners and its last row's bottom corners.
public struct TableSectionBackground: Hashable, Sendable {
    /// The section.
    public var section: Int
    /// The frame behind the section's rows, in content coordinates.
    public var frame: Rect
    /// The radius of the four outer corners.
    public var cornerRadius: Double

    /// A section background.
    /// - Complexity: O(1).
    public init(section: Int, frame: Rect, cornerRadius: Double) {
        self.section = section
        self.frame = frame
        self.cornerRadius = cornerRadius
    }
}

extension TableSection {
    /// The packed header and footer of a section in a table of `style`: a
    /// grouped style gives 0 heights its spacing, which is fixed (never
    /// measured) unless headers and footers size themselves.
    func packedEdges(section: Int, style: TableStyle, selfSizing: Bool) throws(TableError)
        -> (header: Int32, footer: Int32)
    {
        var description = self
        if let metrics = style.metrics {
            if headerHeight == 0 { description.headerHeight = metrics.emptyHeaderHeight }
            if footerHeight == 0 { description.footerHeight = metrics.emptyFooterHeight }
        }
        let (header, footer) = try description.edgeUnits(section: section)
        return (
            OffsetIndex.packEdge(header, selfSizing: selfSizing),
            OffsetIndex.packEdge(footer, selfSizing: selfSizing)
        )
    }
}

extension TableLayout {
    /// The width cells, headers and footers are laid out and measured at:
    /// `width`, less the inset grouped style's insets.
    /// - Complexity: O(1).
    public var cellWidth: Double { width - 2 * style.inset(atWidth: width) }

    /// An inset grouped section's rounded background: the frame from its
    /// first row's top to its last row's bottom, inset as its rows are; nil
    /// for other styles and for a section without rows.
    /// - Throws: `TableError.sectionOutOfRange`.
    /// - Complexity: O(log n).
    public func sectionBackground(inSection section: Int) throws(TableError)
        -> TableSectionBackground?
    {
        try checkSection(section, context: "sectionBackground(inSection:)")
        guard case .insetGrouped(let metrics) = style, rowCount(section) > 0 else { return nil }
        let first = rect(flat: sectionStarts[section] + 1, top: 0)
        let last = rect(flat: sectionStarts[section + 1] - 2, top: 0)
        return TableSectionBackground(
            section: section,
            frame: Rect(
                x: first.minX, y: first.minY, width: first.width, height: last.maxY - first.minY),
            cornerRadius: metrics.cornerRadius)
    }

    /// The rounded backgrounds of the sections in view (inset grouped only),
    /// top to bottom.
    /// - Complexity: O(log n + s) for s sections in view.
    public var visibleSectionBackgrounds: [TableSectionBackground] {
        guard case .insetGrouped = style, let range = visibleRange else { return [] }
        let first = section(containing: range.lowerBound)
        let last = section(containing: range.upperBound)
        return (first...last).compactMap { section in
            guard let background = try? sectionBackground(inSection: section),
                background.frame.maxY > contentOffset,
                background.frame.minY < contentOffset + viewportHeight
            else { return nil }
            return background
        }
    }
}
