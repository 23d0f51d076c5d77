// TableLayout's queries on small tables whose numbers can be worked out by
// hand: offsets, content height, hit testing of rows, headers and footers,
// visible, cell, display and preload ranges, and the fixed-point sums.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

/// Two sections: header 30, rows of 40, 50, 60 / footer 10; then no header,
/// one row of 100, footer 20. Every row measured.
private func smallTable(viewport: Double = 100) throws -> TableLayout<ClosureCellSizing> {
    let heights = [[40.0, 50, 60], [100]]
    var table = try TableLayout(
        sections: [
            TableSection(rowCount: 3, headerHeight: 30, footerHeight: 10),
            TableSection(rowCount: 1, footerHeight: 20),
        ],
        estimate: .uniform(44),
        sizing: ClosureCellSizing { path, _ in heights[path.section][path.row] },
        width: 320, viewportHeight: viewport, overscanRows: 1, rangeTuning: .visibleOnly)
    try table.scrollToRow(at: IndexPath(row: 0, section: 1), at: .bottom)
    try table.scroll(toOffset: 0)
    #expect(table.measuredRowCount == 4)
    return table
}

/// 1,000 rows of 10 points, viewport 100, no overscan, Texture's range tuning.
private func tenPointRows() throws -> TableLayout<ClosureCellSizing> {
    try TableLayout(
        sections: [TableSection(rowCount: 1_000)], estimate: .uniform(10),
        sizing: ClosureCellSizing { _, _ in 10 }, width: 320, viewportHeight: 100, overscanRows: 0,
        rangeTuning: .texture)
}

/// Rows `first...last` of section 0.
private func rows(_ first: Int, _ last: Int) -> RowSpan {
    RowSpan(first: IndexPath(row: first, section: 0), last: IndexPath(row: last, section: 0))
}

@Suite struct TableLayoutTests {
    @Test func offsetsAreRunningSumsOfHeadersRowsAndFooters() throws {
        let table = try smallTable()
        // header 0..30, rows 30..70, 70..120, 120..180, footer 180..190,
        // header (0) at 190, row 190..290, footer 290..310.
        #expect(try table.rectForHeader(inSection: 0) == Rect(x: 0, y: 0, width: 320, height: 30))
        #expect(
            try table.rectForRow(at: IndexPath(row: 2, section: 0))
                == Rect(x: 0, y: 120, width: 320, height: 60))
        #expect(try table.rectForFooter(inSection: 0) == Rect(x: 0, y: 180, width: 320, height: 10))
        #expect(try table.rectForHeader(inSection: 1) == Rect(x: 0, y: 190, width: 320, height: 0))
        #expect(
            try table.rectForRow(at: IndexPath(row: 0, section: 1))
                == Rect(x: 0, y: 190, width: 320, height: 100))
        #expect(table.contentHeight == 310)
        #expect(table.maximumContentOffset == 210)
    }

    @Test func hitTestingFindsRowsHeadersAndFootersWithTopEdgesInclusive() throws {
        let table = try smallTable()
        #expect(table.element(at: Point(x: 10, y: 0)) == .header(section: 0))
        #expect(table.element(at: Point(x: 10, y: 29.9)) == .header(section: 0))
        #expect(table.element(at: Point(x: 10, y: 30)) == .row(IndexPath(row: 0, section: 0)))
        #expect(table.element(at: Point(x: 10, y: 185)) == .footer(section: 0))
        // The empty header of section 1 has no area: y = 190 is its first row.
        #expect(table.element(at: Point(x: 10, y: 190)) == .row(IndexPath(row: 0, section: 1)))
        #expect(table.element(at: Point(x: 10, y: 300)) == .footer(section: 1))
        #expect(table.indexPathForRow(at: Point(x: 319, y: 75)) == IndexPath(row: 1, section: 0))
        #expect(table.indexPathForRow(at: Point(x: 10, y: 5)) == nil)  // a header is not a row
    }

    @Test func hitTestingOutsideTheContentFindsNothing() throws {
        let table = try smallTable()
        #expect(table.element(at: Point(x: 10, y: 310)) == nil)
        #expect(table.element(at: Point(x: 10, y: -0.5)) == nil)
        #expect(table.element(at: Point(x: 320, y: 50)) == nil)
        #expect(table.element(at: Point(x: -1, y: 50)) == nil)
        #expect(table.element(at: Point(x: 10, y: .nan)) == nil)
    }

    @Test func rowsInARectAreThoseWithAreaInside() throws {
        let table = try smallTable()
        // y 60..130 touches rows 0 (30..70), 1 (70..120) and 2 (120..180).
        #expect(
            table.indexPathsForRows(in: Rect(x: 0, y: 60, width: 320, height: 70))
                == [
                    IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0),
                    IndexPath(row: 2, section: 0),
                ])
        // Touching edges do not count (CGRect.intersects): 70..120 is row 1 only.
        #expect(
            table.indexPathsForRows(in: Rect(x: 0, y: 70, width: 320, height: 50)) == [
                IndexPath(row: 1, section: 0)
            ])
        #expect(table.indexPathsForRows(in: Rect(x: 0, y: 70, width: 0, height: 50)).isEmpty)
    }

    @Test func visibleRowsAndCellRowsWithOneOverscanRow() throws {
        var table = try smallTable()
        try table.scroll(toOffset: 75)
        // Viewport 75..175: rows [0,1] (70..120) and [0,2] (120..180).
        #expect(table.visibleRows == rows(1, 2))
        #expect(
            table.indexPathsForVisibleRows == [
                IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0),
            ])
        // One overscan row each way: [0,0] above; below, past the footer and
        // the empty header, [1,0].
        #expect(
            table.cellRows
                == RowSpan(
                    first: IndexPath(row: 0, section: 0), last: IndexPath(row: 0, section: 1)))
    }

    @Test func displayAndPreloadRangesLeadInTheScrollDirection() throws {
        var table = try tenPointRows()
        try table.scroll(toOffset: 1_000)  // scrolling down: rows 100...109 on screen
        #expect(table.scrollDirection == .down)
        // Display: 50 points behind (rows 95...99), 100 ahead (110...119).
        #expect(table.displayRows == rows(95, 119))
        // Preload: 150 behind (85...), 250 ahead (...134).
        #expect(table.preloadRows == rows(85, 134))
        try table.scroll(toOffset: 900)  // scrolling up: rows 90...99 on screen
        #expect(table.scrollDirection == .up)
        #expect(table.displayRows == rows(80, 104))
    }

    @Test func onlyRowsInTheDisplayRangeAreMeasured() throws {
        var table = try tenPointRows()
        let pass = try table.scroll(toOffset: 1_000)
        #expect(pass.rowsMeasured == 25)  // rows 95...119
        #expect(try table.isRowMeasured(at: IndexPath(row: 95, section: 0)))
        #expect(try !table.isRowMeasured(at: IndexPath(row: 94, section: 0)))
        #expect(try !table.isRowMeasured(at: IndexPath(row: 120, section: 0)))
        #expect(table.measuredRowCount == 25)
    }

    @Test func openingDoesNotCallTheHeightSource() throws {
        let source = IdentifiedRows(rowCounts: [100_000])
        let table = try TableLayout(
            sections: [TableSection(rowCount: 100_000)], estimate: .uniform(44), sizing: source,
            width: 390, viewportHeight: 844)
        #expect(source.calls == 0)
        #expect(table.contentHeight == 4_400_000)
        #expect(table.numberOfRows == 100_000)
    }

    @Test func perRowEstimatesAreAskedOncePerRowOnOpen() throws {
        var asked = 0
        let table = try TableLayout(
            sections: [TableSection(rowCount: 4)],
            estimate: .perRow { path in
                asked += 1; return Double(10 * (path.row + 1))
            },
            sizing: ClosureCellSizing { _, _ in 1 }, width: 320, viewportHeight: 10)
        #expect(asked == 4)
        #expect(table.contentHeight == 100)  // 10 + 20 + 30 + 40
    }

    /// Heights on the 1/3-point grid (scale 3) are stored exactly in 1/768
    /// points, so 300 rows of 61/3 points add up to exactly 6,100; summing the
    /// same `Double`s one by one drifts from 6,100 by rounding.
    @Test func thirdPointHeightsAddUpExactly() throws {
        let third = 61.0 / 3
        var table = try TableLayout(
            sections: [TableSection(rowCount: 300)], estimate: .uniform(third),
            sizing: ClosureCellSizing { _, _ in third }, width: 320, viewportHeight: 100)
        try table.layoutIfNeeded()
        #expect(table.contentHeight == 6_100)
        #expect(try table.rectForRow(at: IndexPath(row: 150, section: 0)).minY == 3_050)
        #expect((0..<300).reduce(0.0) { sum, _ in sum + third } != 6_100)
    }

    @Test func movedRowsKeepTheirMeasuredHeight() throws {
        let source = IdentifiedRows(rowCounts: [50])
        var table = try TableLayout(
            sections: [TableSection(rowCount: 50)], estimate: .uniform(44), sizing: source,
            width: 390, viewportHeight: 844)
        try table.layoutIfNeeded()
        let height = try table.heightForRow(at: IndexPath(row: 1, section: 0))
        var updates = TableUpdates()
        updates.moveRow(at: IndexPath(row: 1, section: 0), to: IndexPath(row: 40, section: 0))
        source.ids[0].insert(source.ids[0].remove(at: 1), at: 40)
        try table.performBatchUpdates(updates, sections: [TableSection(rowCount: 50)])
        #expect(try table.heightForRow(at: IndexPath(row: 40, section: 0)) == height)
        #expect(try table.isRowMeasured(at: IndexPath(row: 40, section: 0)))
        #expect(height == farOffHeight(id: 1, width: 390))
    }

    @Test func reloadedRowsGoBackToTheirEstimateUntilMeasured() throws {
        let source = IdentifiedRows(rowCounts: [50])
        var table = try TableLayout(
            sections: [TableSection(rowCount: 50)], estimate: .uniform(44), sizing: source,
            width: 390, viewportHeight: 844)
        try table.scrollToRow(at: IndexPath(row: 49, section: 0), at: .bottom)
        #expect(try table.isRowMeasured(at: IndexPath(row: 49, section: 0)))
        try table.scroll(toOffset: 0)
        var updates = TableUpdates()
        updates.reloadRows(at: [IndexPath(row: 49, section: 0)])
        try table.performBatchUpdates(updates, sections: [TableSection(rowCount: 50)])
        #expect(try !table.isRowMeasured(at: IndexPath(row: 49, section: 0)))
        #expect(try table.heightForRow(at: IndexPath(row: 49, section: 0)) == 44)
    }

    @Test func sectionsCanBeInsertedAndDeleted() throws {
        var table = try TableLayout(
            sections: [TableSection(rowCount: 2), TableSection(rowCount: 3, headerHeight: 20)],
            estimate: .uniform(10), sizing: ClosureCellSizing { _, _ in 10 }, width: 320,
            viewportHeight: 50)
        var updates = TableUpdates()
        updates.deleteSections([0])
        updates.insertSections([1])
        try table.performBatchUpdates(
            updates,
            sections: [
                TableSection(rowCount: 3, headerHeight: 20),
                TableSection(rowCount: 4, footerHeight: 5),
            ])
        #expect(table.numberOfSections == 2)
        #expect(try table.numberOfRows(inSection: 1) == 4)
        #expect(table.contentHeight == 20 + 30 + 40 + 5)
        #expect(table._checkInvariants())
    }
}

@Suite struct TableOffsetIndexTests {
    @Test func prefixSumsAndSearchAgreeWithALinearScan() {
        var g = SeededGenerator(seed: 42)
        let heights: [Int32] = (0..<1_000).map { _ in Int32.random(in: 0...5, using: &g) }
        let index = OffsetIndex(
            packed: heights.enumerated().map { i, h in
                OffsetIndex.pack(Int64(h), measured: i % 2 == 0)
            })
        var sum: Int64 = 0
        var tops: [Int64] = []
        for h in heights {
            tops.append(sum)
            sum += Int64(h)
        }
        for i in 0..<1_000 { #expect(index.prefix(i) == tops[i]) }
        #expect(index.total == sum)
        for y in -2...(sum + 2) {
            let expected = heights.indices.first {
                Int64(heights[$0]) > 0 && tops[$0] <= y && y < tops[$0] + Int64(heights[$0])
            }
            #expect(index.index(containing: y) == (y < 0 ? 0 : expected ?? 1_000))
        }
    }

    @Test func pointUpdatesKeepTheTreeConsistent() {
        var index = OffsetIndex(packed: [Int32](repeating: ~10, count: 100))
        index.setPacked(OffsetIndex.pack(25, measured: true), at: 37)
        #expect(index.total == 1_015)
        #expect(index.prefix(38) == 37 * 10 + 25)
        #expect(index.isMeasured(at: 37))
        #expect(!index.isMeasured(at: 36))
        index.markAllUnmeasured()
        #expect(!index.isMeasured(at: 37))
        #expect(index.units(at: 37) == 25)
        #expect(index._checkInvariants())
    }
}
