// Issue #37's numbered cases, each with UIKit's result: a table at rest at
// the top stays at the top, rows estimated at 0 at the top edge push what
// follows down, a failed call forgets nothing, an empty table clamps like a
// one-row table, and `anchorAdjustment` is one rule for every pass.
//
// UIKit: "The default value is (0, 0)" (`UIScrollView.contentOffset`), and a
// table shows its first row at the top until the user or the app scrolls.

import Foundation
import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

private typealias IndexPath = TrellisLists.IndexPath

/// Heights that can be changed and made to fail between calls.
private final class SwitchableHeights: CellSizing {
    var height: (IndexPath) -> Double
    var failing = false

    init(_ height: @escaping (IndexPath) -> Double) { self.height = height }

    func height(at indexPath: IndexPath, width: Double) -> Double {
        failing ? .nan : height(indexPath)
    }
}

@Suite struct TableStaysPutTests {
    // MARK: 1. A new table with a section header opens at the top.

    @Test(arguments: [20.0, 100.0])
    func aNewTableWithASectionHeaderOpensAtTheTop(rowHeight: Double) throws {
        var table = try TableLayout(
            sections: [TableSection(rowCount: 2), TableSection(rowCount: 20, headerHeight: 28)],
            estimate: .uniform(44), sizing: ClosureCellSizing { _, _ in rowHeight },
            width: 375, viewportHeight: 812)
        try table.layoutIfNeeded()
        // UIKit: offset 0, row 0 at the top, the header right after the two rows.
        #expect(table.contentOffset == 0)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 0, section: 0))).minY == 0)
        #expect(try table.frameInViewport(for: .header(section: 1)).minY == 2 * rowHeight)
        #expect(table.visibleRows?.first == IndexPath(row: 0, section: 0))
    }

    // MARK: 2. Rows estimated at 0 at the top are measured in view.

    @Test func rowsEstimatedAtZeroOpenAtTheTopAboveAFooter() throws {
        var table = try TableLayout(
            sections: [TableSection(rowCount: 20, footerHeight: 10)], estimate: .uniform(0),
            sizing: ClosureCellSizing { _, _ in 100 }, width: 375, viewportHeight: 300)
        try table.layoutIfNeeded()
        #expect(table.contentOffset == 0)
        #expect(
            try table.frameInViewport(for: .row(IndexPath(row: 0, section: 0)))
                == Rect(x: 0, y: 0, width: 375, height: 100))
        #expect(
            table.visibleRows
                == RowSpan(
                    first: IndexPath(row: 0, section: 0), last: IndexPath(row: 2, section: 0)))
    }

    @Test func rowsEstimatedAtZeroOpenAtTheTopAboveAHeader() throws {
        var table = try TableLayout(
            sections: [TableSection(rowCount: 3), TableSection(rowCount: 20, headerHeight: 28)],
            estimate: .uniform(0), sizing: ClosureCellSizing { _, _ in 100 }, width: 375,
            viewportHeight: 300)
        try table.layoutIfNeeded()
        #expect(table.contentOffset == 0)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 0, section: 0))).minY == 0)
        #expect(table.visibleRows?.last == IndexPath(row: 2, section: 0))
    }

    @Test func rowsReloadedWithAnEstimateOfZeroAreMeasuredWhenScrolledBackTo() throws {
        let zero = SwitchableHeights { _ in 100 }
        var zeroRows: Set<Int> = []
        var table = try TableLayout(
            sections: [TableSection(rowCount: 100)],
            estimate: .perRow { zeroRows.contains($0.row) ? 0 : 44 }, sizing: zero, width: 375,
            viewportHeight: 300)
        try table.layoutIfNeeded()
        try table.scroll(toOffset: 3000)
        zeroRows = [0, 1, 2]
        var updates = TableUpdates()
        updates.reloadRows(at: (0..<3).map { IndexPath(row: $0, section: 0) })
        try table.performBatchUpdates(updates, sections: [TableSection(rowCount: 100)])
        try table.scroll(toOffset: 0)
        #expect(table.contentOffset == 0)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 0, section: 0))).minY == 0)
        #expect(try table.heightForRow(at: IndexPath(row: 0, section: 0)) == 100)
    }

    /// Not at the top: zero-height rows at the top edge still push the
    /// measured rows after them down (they do not grow upwards out of view).
    @Test func rowsEstimatedAtZeroAtTheTopEdgePushTheRowsAfterThemDown() throws {
        var zeroRows: Set<Int> = []
        var table = try TableLayout(
            sections: [TableSection(rowCount: 100)],
            estimate: .perRow { zeroRows.contains($0.row) ? 0 : 50 },
            sizing: ClosureCellSizing { _, _ in 50 }, width: 375, viewportHeight: 300)
        try table.scroll(toOffset: 1000)  // rows 20 ... 25 on screen, measured
        zeroRows = [20, 21]
        var updates = TableUpdates()
        updates.reloadRows(at: [IndexPath(row: 20, section: 0), IndexPath(row: 21, section: 0)])
        try table.performBatchUpdates(updates, sections: [TableSection(rowCount: 100)])
        try table.scroll(toOffset: 1000)
        #expect(table.contentOffset == 1000)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 20, section: 0))).minY == 0)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 22, section: 0))).minY == 100)
    }

    // MARK: 3. A failed call keeps the anchor a batch update left pending.

    @Test func aFailedScrollKeepsThePendingAnchor() throws {
        let heights = SwitchableHeights { $0.row == 10 ? 50 : 50 }
        var table = try TableLayout(
            sections: [TableSection(rowCount: 100)], estimate: .uniform(44), sizing: heights,
            width: 375, viewportHeight: 300)
        try table.scrollToRow(at: IndexPath(row: 10, section: 0), at: .top)
        heights.height = { $0.row == 10 ? 80 : 50 }
        var updates = TableUpdates()
        updates.reloadRows(at: [IndexPath(row: 10, section: 0)])
        try table.performBatchUpdates(updates, sections: [TableSection(rowCount: 100)])
        var copy = table
        heights.failing = true
        #expect(throws: TableError.self) { try table.scroll(toOffset: 2000) }
        heights.failing = false
        try table.layoutIfNeeded()
        try copy.layoutIfNeeded()
        // UIKit: the reloaded row stays at the top; the failed call changed nothing.
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 10, section: 0))).minY == 0)
        #expect(table.contentOffset == copy.contentOffset)
        #expect(try TableSnapshot(table) == TableSnapshot(copy))
    }

    // MARK: 4. An empty table is clamped like any other.

    @Test(arguments: [0, 1])
    func resizeClampsAnOffsetPastTheEnd(rows: Int) throws {
        let sections = rows == 0 ? [] : [TableSection(rowCount: rows)]
        var table = try TableLayout(
            sections: sections, estimate: .uniform(44), sizing: ClosureCellSizing { _, _ in 44 },
            width: 375, viewportHeight: 812)
        try table.scroll(toOffset: 5)
        let pass = try table.resize(width: 400, viewportHeight: 812)
        #expect(table.contentOffset == 0)
        #expect(table.maximumContentOffset == 0)
        #expect(pass.clamped)
        #expect(pass.anchorAdjustment == -5)
    }

    // MARK: 5. One anchorAdjustment rule for resize and batch updates.

    @Test func resizeCountsTheClampInAnchorAdjustment() throws {
        // Rows 100 points at width 375, 50 at width 750.
        var table = try TableLayout(
            sections: [TableSection(rowCount: 20)], estimate: .uniform(100),
            sizing: ClosureCellSizing { _, width in 100 * 375 / width }, width: 375,
            viewportHeight: 500)
        try table.scroll(toOffset: 1500)
        let before = table.contentOffset
        let pass = try table.resize(width: 750, viewportHeight: 500)
        #expect(pass.clamped)
        #expect(table.contentOffset == table.maximumContentOffset)
        #expect(pass.anchorAdjustment == table.contentOffset - before)
    }

    @Test func batchUpdatesCountTheClampInAnchorAdjustment() throws {
        var table = try TableLayout(
            sections: [TableSection(rowCount: 20)], estimate: .uniform(100),
            sizing: ClosureCellSizing { _, _ in 100 }, width: 375, viewportHeight: 500)
        try table.scroll(toOffset: 1500)
        let before = table.contentOffset
        var updates = TableUpdates()
        updates.deleteRows(at: (10..<20).map { IndexPath(row: $0, section: 0) })
        let pass = try table.performBatchUpdates(updates, sections: [TableSection(rowCount: 10)])
        #expect(pass.clamped)
        #expect(table.contentOffset == 500)
        #expect(pass.anchorAdjustment == table.contentOffset - before)
    }

    // MARK: 6. The docs say which element stays.

    /// The public doc comments of the table's passes name the rule written
    /// on `TableLayoutPass` (not "the first visible" element, which is not
    /// what a pass keeps), and `resize` and `clamped` mention the clamp.
    @Test func theDocsNameTheRuleThePassesFollow() throws {
        let files = [
            "Table/TableLayout+Measurement.swift", "Table/TableLayout+ContentAnchoring.swift",
            "Table/ScrollSimulation.swift",
        ]
        for file in files {
            let text = try String(
                contentsOfFile: TestPaths.repository("Sources/TrellisLists/" + file),
                encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("///") {
                #expect(!line.contains("first visible"), "\(file): \(line)")
            }
        }
        let types = try String(
            contentsOfFile: TestPaths.repository("Sources/TrellisLists/Table/TableTypes.swift"),
            encoding: .utf8)
        let passDoc =
            types.components(separatedBy: "public struct TableLayoutPass")[0]
            .components(separatedBy: "\n}\n").last ?? ""
        #expect(passDoc.contains("anchorAdjustment"))
        #expect(passDoc.lowercased().contains("at rest at the top"))
        let clampedDoc = types.components(separatedBy: "public var clamped")[0]
            .components(separatedBy: "public var anchorAdjustment")[1]
        #expect(clampedDoc.contains("resize"))
    }
}
