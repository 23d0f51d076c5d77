// Grouped and inset grouped tables: UIKit's spacing for empty headers and
// footers, headers that do not stick, inset frames and the rounded section
// backgrounds. Frames by hand from the metrics in `GroupedTableMetrics`.

import Testing
import TrellisGeometry

@testable import TrellisLists

/// A height source that gives every row 44 points and records the widths asked.
final class WidthRecordingSizing: CellSizing {
    var widths: Set<Double> = []

    func height(at indexPath: IndexPath, width: Double) -> Double {
        widths.insert(width)
        return 44
    }
}

@Suite struct GroupedTableTests {
    /// Section 0: two rows, no header or footer; section 1: one row, a
    /// 28-point header and a 40-point footer.
    static let sections = [
        TableSection(rowCount: 2), TableSection(rowCount: 1, headerHeight: 28, footerHeight: 40),
    ]

    static func table(_ style: TableStyle, width: Double = 390) throws -> TableLayout<
        WidthRecordingSizing
    > {
        var table = try TableLayout(
            sections: sections, estimate: .uniform(44), sizing: WidthRecordingSizing(),
            width: width, viewportHeight: 100, style: style)
        try table.layoutIfNeeded()
        return table
    }

    @Test func groupedSectionsWithoutHeadersGetThe35PointSpacing() throws {
        let table = try Self.table(.grouped())
        // Section 0: empty header 0-35, rows 35-79 and 79-123, empty footer
        // (0 tall) at 123; section 1: header 123-151, row 151-195, footer 195-235.
        #expect(try table.rectForHeader(inSection: 0) == Rect(x: 0, y: 0, width: 390, height: 35))
        #expect(
            try table.rectForRow(at: IndexPath(row: 0, section: 0))
                == Rect(x: 0, y: 35, width: 390, height: 44))
        #expect(try table.rectForRow(at: IndexPath(row: 1, section: 0)).minY == 79)
        #expect(try table.rectForFooter(inSection: 0) == Rect(x: 0, y: 123, width: 390, height: 0))
        #expect(try table.rectForHeader(inSection: 1) == Rect(x: 0, y: 123, width: 390, height: 28))
        #expect(try table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 151)
        #expect(try table.rectForFooter(inSection: 1) == Rect(x: 0, y: 195, width: 390, height: 40))
        #expect(table.contentHeight == 235)
        // The plain style keeps 0 as no header.
        #expect(try Self.table(.plain).rectForRow(at: IndexPath(row: 0, section: 0)).minY == 0)
    }

    @Test func groupedHeadersDoNotStick() throws {
        var table = try Self.table(.grouped())
        try table.scroll(toOffset: 60)
        #expect(table.pinnedHeader == nil)
        #expect(try table.pinnedRectForHeader(inSection: 0).minY == 0)
        // In view 60-160: row 0 (35-79), row 1, section 1's header (123-151)
        // at its place, and row [1, 0]; header 0 (0-35) is above.
        #expect(
            table.visibleElementFrames.map(\.element) == [
                .row(IndexPath(row: 0, section: 0)), .row(IndexPath(row: 1, section: 0)),
                .header(section: 1), .row(IndexPath(row: 0, section: 1)),
            ])
        // Plain: section 1's header (88-116) sticks at 100.
        var plain = try Self.table(.plain)
        try plain.scroll(toOffset: 100)
        #expect(plain.pinnedHeader?.frame.minY == 100)
    }

    @Test func insetGroupedElementsAreInsetAndMeasuredAtTheirWidth() throws {
        let table = try Self.table(.insetGrouped())
        // 390 wide: 16-point insets, elements 358 wide, measured at 358.
        #expect(table.cellWidth == 358)
        #expect(table.sizing.widths == [358])
        #expect(
            try table.rectForRow(at: IndexPath(row: 0, section: 0))
                == Rect(x: 16, y: 35, width: 358, height: 44))
        #expect(
            try table.rectForHeader(inSection: 1) == Rect(x: 16, y: 123, width: 358, height: 28))
        // 414 wide and more: 20-point insets.
        let wide = try Self.table(.insetGrouped(), width: 428)
        #expect(
            try wide.rectForRow(at: IndexPath(row: 0, section: 0))
                == Rect(x: 20, y: 35, width: 388, height: 44))
        // A given inset wins.
        let given = try Self.table(.insetGrouped(GroupedTableMetrics(horizontalInset: 8)))
        #expect(
            try given.rectForRow(at: IndexPath(row: 0, section: 1))
                == Rect(x: 8, y: 151, width: 374, height: 44))
    }

    @Test func insetGroupedSectionBackgroundsCoverTheRowsOnly() throws {
        var table = try Self.table(.insetGrouped())
        #expect(
            try table.sectionBackground(inSection: 0)
                == TableSectionBackground(
                    section: 0, frame: Rect(x: 16, y: 35, width: 358, height: 88), cornerRadius: 10)
        )
        #expect(
            try table.sectionBackground(inSection: 1)?.frame
                == Rect(x: 16, y: 151, width: 358, height: 44))
        #expect(try Self.table(.grouped()).sectionBackground(inSection: 0) == nil)
        #expect(throws: TableError.self) { try table.sectionBackground(inSection: 2) }
        // In view 0-100: section 0 only; at 100 (100-200): both.
        #expect(table.visibleSectionBackgrounds.map(\.section) == [0])
        try table.scroll(toOffset: 100)
        #expect(table.visibleSectionBackgrounds.map(\.section) == [0, 1])
    }

    @Test func hitTestsMissTheInsets() throws {
        let table = try Self.table(.insetGrouped())
        #expect(table.element(at: Point(x: 10, y: 50)) == nil)
        #expect(table.element(at: Point(x: 16, y: 50)) == .row(IndexPath(row: 0, section: 0)))
        #expect(table.element(at: Point(x: 373.5, y: 50)) == .row(IndexPath(row: 0, section: 0)))
        #expect(table.element(at: Point(x: 374, y: 50)) == nil)
        #expect(table.indexPathsForRows(in: Rect(x: 0, y: 0, width: 16, height: 300)).isEmpty)
        #expect(
            table.indexPathsForRows(in: Rect(x: 0, y: 0, width: 17, height: 60)) == [
                IndexPath(row: 0, section: 0)
            ])
    }

    @Test func sectionsInsertedByABatchUpdateGetTheSpacing() throws {
        var table = try Self.table(.grouped())
        var updates = TableUpdates()
        updates.insertSections([0])
        try table.performBatchUpdates(
            updates, sections: [TableSection(rowCount: 1)] + Self.sections)
        // The new section 0: header 0-35, row 35-79, footer at 79; the old
        // section 0 follows with its own 35-point header at 79.
        #expect(try table.rectForHeader(inSection: 1) == Rect(x: 0, y: 79, width: 390, height: 35))
        #expect(table.contentHeight == 235 + 79)
    }

    @Test func badMetricsAreRefused() {
        #expect(
            throws: TableError.invalidParameter(
                name: "grouped horizontalInset", value: 200,
                reason:
                    "must be finite, not negative and leave rows wider than 0 in a table 390 points wide"
            )
        ) {
            _ = try Self.table(.insetGrouped(GroupedTableMetrics(horizontalInset: 200)))
        }
        #expect(throws: TableError.self) {
            _ = try Self.table(.grouped(GroupedTableMetrics(emptyHeaderHeight: -1)))
        }
        #expect(throws: TableError.self) {
            _ = try TableLayout(
                sections: Self.sections, estimate: .uniform(44), sizing: WidthRecordingSizing(),
                width: 390, viewportHeight: 100, axis: .horizontal, style: .grouped())
        }
    }
}
