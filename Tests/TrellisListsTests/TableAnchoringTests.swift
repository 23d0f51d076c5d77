// Scroll anchoring: estimates far from the real heights (estimate 44, real
// 20 to 600 points) are replaced while scrolling, rotating and updating, and
// the first visible row never moves on screen except by the scroll itself.

import Testing
import TrellisGeometry

@testable import TrellisLists

/// 10,000 rows in one section, estimate 44, real heights 20...600 (`farOffHeight`).
private func farOffTable(rows: Int = 10_000, width: Double = 390) throws -> (
    TableLayout<IdentifiedRows>, IdentifiedRows
) {
    let source = IdentifiedRows(rowCounts: [rows])
    let table = try TableLayout(
        sections: [TableSection(rowCount: rows)], estimate: .uniform(44), sizing: source,
        width: width, viewportHeight: 844, overscanRows: 2, rangeTuning: .texture)
    return (table, source)
}

@Suite struct TableAnchoringTests {
    @Test(arguments: [60, 120])
    func flingDownAndBackKeepsTheFirstVisibleRowInPlace(framesPerSecond: Int) throws {
        var (table, source) = try farOffTable()
        let simulation = ScrollSimulation(
            script: ScrollStep.downAndBack(velocity: 12_000),
            options: ScrollSimulationOptions(framesPerSecond: framesPerSecond))
        let result = try simulation.run(&table)

        #expect(result.summary.maxAnchorDrift == 0.0)
        #expect(result.frames.allSatisfy { $0.anchorDrift == 0.0 })
        // Going down the whole list measures every row exactly once: the
        // heights are cached, so the way back and the jump measure nothing.
        #expect(source.calls == 10_000)
        #expect(result.summary.rowsMeasured == 10_000)
        // The jump to the end puts the last row's bottom at the viewport's bottom.
        let last = try table.frameInViewport(for: .row(IndexPath(row: 9_999, section: 0)))
        #expect(last.maxY == table.viewportHeight)
        #expect(result.frames.count > 1_000)
    }

    @Test func rotationsDuringAFlingKeepTheFirstVisibleRowInPlace() throws {
        var (table, _) = try farOffTable(rows: 3_000)
        let simulation = ScrollSimulation(script: [
            .fling(velocity: 12_000), .resize(width: 844, viewportHeight: 390),
            .fling(velocity: -6_000), .resize(width: 390, viewportHeight: 844),
            .fling(velocity: 9_000),
        ])
        let result = try simulation.run(&table)
        #expect(result.frames.allSatisfy { $0.anchorDrift == 0.0 })
        // Each rotation is one frame that re-measured the rows in view at the new width.
        for step in [1, 3] {
            let frames = result.frames.filter { $0.step == step }
            #expect(frames.count == 1)
            #expect((frames.first?.rowsMeasured ?? 0) > 0)
        }
        #expect(table.width == 390)
        #expect(!table.indexPathsForVisibleRows.isEmpty)
        for path in table.indexPathsForVisibleRows {
            #expect(try table.heightForRow(at: path) == farOffHeight(id: path.row, width: 390))
        }
    }

    /// Lazy measurement: each pass measures only rows that end up on screen,
    /// in the overscan or in the display range, even though the 44-point
    /// estimates put many more rows in those ranges before measuring.
    @Test func eachPassMeasuresOnlyRowsThatEndUpInRange() throws {
        var (table, source) = try farOffTable(rows: 2_000)
        var called: [IndexPath] = []
        source.onCall = { called.append($0) }
        var offset = 0.0
        for step in 0..<400 {
            called.removeAll()
            offset += step < 300 ? 97 : -61
            try table.scroll(toOffset: offset)
            offset = table.contentOffset
            let spans = [table.cellRows, table.displayRows].compactMap { $0 }
            for path in called {
                #expect(
                    spans.contains { $0.first <= path && path <= $0.last }, "\(path) at \(offset)")
            }
        }
        #expect(source.calls > 0)
    }

    @Test func scrollingUpThroughEstimatesMovesTheOffsetByTheDifference() throws {
        var (table, _) = try farOffTable(rows: 200)
        // Jump to the middle: rows above stay at the 44-point estimate.
        try table.scrollToRow(at: IndexPath(row: 100, section: 0), at: .top)
        #expect(try !table.isRowMeasured(at: IndexPath(row: 90, section: 0)))
        var offset = table.contentOffset
        // Scrolling up 10 points at a time measures rows above; each pass
        // moves the offset by exactly the growth of the rows above the anchor.
        for _ in 0..<50 {
            let anchorBefore = table.element(at: Point(x: 0, y: offset - 10))!
            let topBefore =
                try table.frameInViewport(for: anchorBefore).minY + table.contentOffset
                - (offset - 10)
            let pass = try table.scroll(toOffset: offset - 10)
            #expect(try table.frameInViewport(for: anchorBefore).minY == topBefore)
            #expect(table.contentOffset == offset - 10 + pass.anchorAdjustment)
            offset = table.contentOffset
        }
    }

    /// At the end of the list a rotation to a wider width makes the rows
    /// shorter: the content ends above the viewport's bottom, so the offset
    /// clamps to the new `maximumContentOffset` (as `scrollToRow` does) and
    /// the rows revealed above are measured, instead of showing blank space
    /// below the last row (463 points of it before).
    @Test func rotationAtTheEndClampsTheOffsetToTheNewEnd() throws {
        var (table, _) = try farOffTable(rows: 300)
        try table.scrollToRow(at: IndexPath(row: 299, section: 0), at: .bottom)
        #expect(table.contentOffset == table.maximumContentOffset)
        let pass = try table.resize(width: 844, viewportHeight: 844)
        #expect(table.contentOffset == table.maximumContentOffset)
        #expect(pass.clamped)
        // The last row sits at the viewport's bottom, measured at 844.
        let last = IndexPath(row: 299, section: 0)
        #expect(try table.frameInViewport(for: .row(last)).maxY == 844)
        #expect(!table.indexPathsForVisibleRows.isEmpty)
        for path in table.indexPathsForVisibleRows {
            #expect(try table.heightForRow(at: path) == farOffHeight(id: path.row, width: 844))
        }
    }

    @Test func rotationRemeasuresVisibleRowsFirstAndKeepsTheFirstRowInPlace() throws {
        var (table, source) = try farOffTable(rows: 2_000)
        try table.scrollToRow(at: IndexPath(row: 1_000, section: 0), at: .top)
        try table.scroll(toOffset: table.contentOffset + 37)
        let (element, top) = try #require(try firstVisible(table))
        let callsBefore = source.calls
        // Rows visible at the new viewport height with the stale heights: the first batch.
        let firstBatch = table.indexPathsForRows(
            in: Rect(x: 0, y: table.contentOffset, width: 1, height: 390))
        var order: [IndexPath] = []
        source.onCall = { order.append($0) }

        try table.resize(width: 844, viewportHeight: 390)

        #expect(try table.frameInViewport(for: element).minY == top)
        #expect(Array(order.prefix(firstBatch.count)) == firstBatch)
        #expect(!table.indexPathsForVisibleRows.isEmpty)
        for path in table.indexPathsForVisibleRows {
            #expect(try table.heightForRow(at: path) == farOffHeight(id: path.row, width: 844))
        }
        // Only the cell and display ranges were measured again; the other
        // rows keep their 390-point measurement as an estimate.
        #expect(source.calls - callsBefore == table.measuredRowCount)
        let stale = IndexPath(row: 0, section: 0)
        #expect(try table.isRowMeasured(at: stale) == false)
        #expect(try table.heightForRow(at: stale) == 44)
    }

    @Test func batchUpdateAboveTheViewportKeepsTheFirstVisibleRowInPlace() throws {
        var (table, source) = try farOffTable(rows: 1_000)
        try table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top)
        try table.scroll(toOffset: table.contentOffset + 37)
        let (element, top) = try #require(try firstVisible(table))
        guard case .row(let anchor) = element else { Issue.record("anchor is not a row"); return }
        #expect(anchor.row > 300)
        // Delete 50 rows and reload 10 above, insert 100 above, move one from
        // above to below: the anchor row moves down by 100 - 50 - 1 = 49 rows.
        var updates = TableUpdates()
        updates.deleteRows(at: (0..<50).map { IndexPath(row: $0 * 2, section: 0) })
        updates.reloadRows(at: (0..<10).map { IndexPath(row: 101 + $0 * 2, section: 0) })
        updates.insertRows(at: (0..<100).map { IndexPath(row: 10 + $0, section: 0) })
        updates.moveRow(
            at: IndexPath(row: 5, section: 0), to: IndexPath(row: anchor.row + 60, section: 0))
        var ids = source.ids[0]
        let movedID = ids[5]
        for row in stride(from: 98, through: 0, by: -2) { ids.remove(at: row) }
        ids.removeAll { $0 == movedID }
        for i in 0..<100 { ids.insert(source.newID(), at: 10 + i) }
        ids.insert(movedID, at: anchor.row + 60)
        source.ids = [ids]

        let pass = try table.performBatchUpdates(updates, sections: [TableSection(rowCount: 1_050)])
        #expect(pass.rowsMeasured == 0)
        try table.layoutIfNeeded()

        let moved = TableElement.row(IndexPath(row: anchor.row + 49, section: 0))
        #expect(ids[anchor.row + 49] == anchor.row)
        #expect(pass.clamped == false)
        #expect(try table.frameInViewport(for: moved).minY == top)
        // Scrolling up into the inserted (estimated) rows keeps drift at zero.
        let simulation = ScrollSimulation(script: [.fling(velocity: -6_000)])
        let result = try simulation.run(&table)
        #expect(result.summary.maxAnchorDrift == 0.0)
        #expect(result.summary.rowsMeasured > 0)
    }

    @Test func scrollToRowFarAwayMeasuresOnlyWhatEndsUpInView() throws {
        var (table, source) = try farOffTable()
        try table.layoutIfNeeded()
        let callsBefore = source.calls
        let target = IndexPath(row: 7_500, section: 0)
        let pass = try table.scrollToRow(at: target, at: .bottom)
        // The row's bottom is exactly at the viewport's bottom.
        #expect(try table.frameInViewport(for: .row(target)).maxY == 844)
        #expect(pass.clamped == false)
        // Rows measured: only those in the cell and display ranges around the
        // target, none of the 7,000 rows in between.
        let display = try #require(table.displayRows)
        let cells = try #require(table.cellRows)
        let span = min(display.first.row, cells.first.row)...max(display.last.row, cells.last.row)
        #expect(source.calls - callsBefore == pass.rowsMeasured)
        #expect(pass.rowsMeasured <= span.count)
        #expect(try !table.isRowMeasured(at: IndexPath(row: 5_000, section: 0)))
    }

    @Test(arguments: [TableScrollPosition.top, .middle, .bottom])
    func scrollToRowLandsExactly(position: TableScrollPosition) throws {
        var (table, _) = try farOffTable()
        let target = IndexPath(row: 4_321, section: 0)
        try table.scrollToRow(at: target, at: position)
        let frame = try table.frameInViewport(for: .row(target))
        // UIKit's ScrollPosition: top edge at 0, centre at the centre, or
        // bottom edge at the viewport's bottom (844).
        switch position {
        case .top: #expect(frame.minY == 0)
        case .middle: #expect(frame.midY == 422)
        case .bottom: #expect(frame.maxY == 844)
        }
    }
}
