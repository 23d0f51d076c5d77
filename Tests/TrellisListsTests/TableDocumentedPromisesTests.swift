// Mismatches between the table's documentation and its behaviour that an
// outside property test found (issue 20), each pinned by a specification.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct TableDocumentedPromisesTests {
    // MARK: A zero estimate is no estimate (UIKit)

    @Test func rowsEstimatedAtZeroAreMeasuredWhereTheyAreAndTheTableOpensAtTheTop() throws {
        // The table: rows 0-2 estimated at 0, the rest at 44; every
        // row is really 100 tall. UIKit measures from the top: row 0 at y = 0.
        var table = try TableLayout(
            sections: [TableSection(rowCount: 20)],
            estimate: .perRow { $0.row < 3 ? 0 : 44 },
            sizing: ClosureCellSizing { _, _ in 100 }, width: 375, viewportHeight: 300)
        try table.layoutIfNeeded()
        #expect(table.contentOffset == 0)
        #expect(
            try table.rectForRow(at: IndexPath(row: 0, section: 0))
                == Rect(x: 0, y: 0, width: 375, height: 100))
        // Rows 0-2 fill the 300-point viewport: 0-100, 100-200, 200-300.
        #expect(
            table.visibleRows
                == RowSpan(
                    first: IndexPath(row: 0, section: 0), last: IndexPath(row: 2, section: 0)))
    }

    @Test func aTableEstimatedAtZeroMeasuresTheRowsThatFillTheViewport() throws {
        // 50-point rows in a 200-point viewport: rows 0-3 (4 × 50 = 200) are
        // in view once measured; nothing else is measured with no overscan
        // and no display range. (Before: nothing was measured, an empty list.)
        var table = try TableLayout(
            sections: [TableSection(rowCount: 100)], estimate: .uniform(0),
            sizing: ClosureCellSizing { _, _ in 50 }, width: 375, viewportHeight: 200,
            overscanRows: 0, rangeTuning: .visibleOnly)
        let pass = try table.layoutIfNeeded()
        #expect(pass.rowsMeasured == 4)
        #expect(table.measuredRowCount == 4)
        #expect(table.contentHeight == 200)
        #expect(table.contentOffset == 0)
        #expect(
            table.visibleRows
                == RowSpan(
                    first: IndexPath(row: 0, section: 0), last: IndexPath(row: 3, section: 0)))
        // Scrolling on measures the next rows as they arrive at the bottom edge.
        try table.scroll(toOffset: 100)
        #expect(table.measuredRowCount == 6)
        #expect(
            table.visibleRows
                == RowSpan(
                    first: IndexPath(row: 2, section: 0), last: IndexPath(row: 5, section: 0)))
    }

    @Test func rowsEstimatedAtZeroInTheMiddleOfTheViewportAreMeasured() throws {
        // Estimates 44 except rows 2 and 3 (0); all rows really 30. The first
        // pass measures rows 0, 1, 2, 3, ... down to the 100-point bottom
        // edge: 0-30, 30-60, 60-90, 90-120, so rows 0-3 are visible.
        var table = try TableLayout(
            sections: [TableSection(rowCount: 10)],
            estimate: .perRow { $0.row == 2 || $0.row == 3 ? 0 : 44 },
            sizing: ClosureCellSizing { _, _ in 30 }, width: 375, viewportHeight: 100,
            overscanRows: 0, rangeTuning: .visibleOnly)
        try table.layoutIfNeeded()
        #expect(table.measuredRowCount == 4)
        #expect(
            table.visibleRows
                == RowSpan(
                    first: IndexPath(row: 0, section: 0), last: IndexPath(row: 3, section: 0)))
    }

    // MARK: scrollToRow measures only what ends up in view

    /// The rows: real heights [10, 600, 100, 100, 44, 100], estimate
    /// 10, a 200-point viewport, no overscan and no display range.
    private static func sixRows() throws -> (TableLayout<ClosureCellSizing>, () -> Set<Int>) {
        let heights: [Double] = [10, 600, 100, 100, 44, 100]
        final class Log { var rows: Set<Int> = [] }
        let log = Log()
        let table = try TableLayout(
            sections: [TableSection(rowCount: 6)], estimate: .uniform(10),
            sizing: ClosureCellSizing { path, _ in
                log.rows.insert(path.row)
                return heights[path.row]
            }, width: 375, viewportHeight: 200, overscanRows: 0, rangeTuning: .visibleOnly)
        return (table, { log.rows })
    }

    @Test func scrollingARowToTheBottomMeasuresOnlyTheRowsThatEndUpInView() throws {
        var (table, measured) = try Self.sixRows()
        let pass = try table.scrollToRow(at: IndexPath(row: 3, section: 0), at: .bottom)
        // Row 3 (100) at the bottom: its top at 200 − 100 = 100 on screen,
        // row 2 (100) above it fills 0-100. Rows 0 and 1 stay estimated (10
        // each), so row 3's top is at 10 + 10 + 100 = 120 and the offset is
        // 120 − 100 = 20. Rows 4 and 5 below the viewport are not measured.
        #expect(measured() == [2, 3])
        #expect(pass.rowsMeasured == 2)
        #expect(pass.clamped == false)
        #expect(table.contentOffset == 20)
        #expect(
            table.visibleRows
                == RowSpan(
                    first: IndexPath(row: 2, section: 0), last: IndexPath(row: 3, section: 0)))
    }

    @Test func scrollingTheFirstRowToTheBottomClampsAtTheTopAndMeasuresWhatFillsTheViewport() throws
    {
        var (table, measured) = try Self.sixRows()
        let pass = try table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .bottom)
        // Row 0 cannot reach the bottom edge (offset −190 clamps to 0); at
        // offset 0 rows 0 (0-10) and 1 (10-610) fill the viewport.
        #expect(measured() == [0, 1])
        #expect(pass.clamped)
        #expect(table.contentOffset == 0)
    }

    @Test func scrollingTheLastRowToTheTopClampsAtTheEndAndMeasuresWhatFillsTheViewport() throws {
        var (table, measured) = try Self.sixRows()
        let pass = try table.scrollToRow(at: IndexPath(row: 5, section: 0), at: .top)
        // Row 5 (100) is last, so it ends at the viewport's bottom: top at
        // 100 on screen; rows 4 (44, 56-100) and 3 (100, −44-56) fill above.
        // Content: 10 + 10 + 10 + 100 + 44 + 100 = 274, offset 274 − 200 = 74.
        #expect(measured() == [3, 4, 5])
        #expect(pass.clamped)
        #expect(table.contentOffset == 74)
        #expect(table.maximumContentOffset == 74)
    }

    @Test func aRowOnScreenAtItsEstimateIsMeasuredEvenIfItShrinksOutOfView() throws {
        // The documented limit of "only rows on screen": estimates 44; rows 1
        // and 2 are really 0 and 10, the others 50. At offset 85 (viewport
        // 85-285) row 1 (44-88 estimated) is on screen and is kept in place
        // at −41: measured 0, then row 2 at −41 measured 10 (44-54 in the
        // content, above the viewport), then rows 3-7 (54-304; the viewport
        // ends at 285).
        final class Log { var rows: [Int] = [] }
        let log = Log()
        var table = try TableLayout(
            sections: [TableSection(rowCount: 20)], estimate: .uniform(44),
            sizing: ClosureCellSizing { path, _ in
                log.rows.append(path.row)
                return path.row == 1 ? 0 : path.row == 2 ? 10 : 50
            }, width: 375, viewportHeight: 200, overscanRows: 0, rangeTuning: .visibleOnly)
        try table.scroll(toOffset: 85)
        #expect(log.rows == [1, 2, 3, 4, 5, 6, 7])
        #expect(table.contentOffset == 85)
        #expect(
            try table.rectForRow(at: IndexPath(row: 2, section: 0))
                == Rect(x: 0, y: 44, width: 375, height: 10))
        #expect(
            table.visibleRows
                == RowSpan(
                    first: IndexPath(row: 3, section: 0), last: IndexPath(row: 7, section: 0)))
    }

    // MARK: Messages say the limits that are applied

    @Test func theHeightLimitInMessagesIsTheLimitApplied() throws {
        // 2796202 points is the stated maximum: it is accepted, and half a
        // point more is refused (it used to be accepted).
        #expect(_validHeightUnits(2_796_202) != nil)
        #expect(_validHeightUnits(2_796_202.5) == nil)
        #expect(
            throws: TableError.invalidEstimatedHeight(
                2_796_202.5, at: IndexPath(row: 0, section: 0))
        ) {
            _ = try TableLayout(
                sections: [TableSection(rowCount: 1)], estimate: .perRow { _ in 2_796_202.5 },
                sizing: ClosureCellSizing { _, _ in 1 }, width: 375, viewportHeight: 800)
        }
        #expect(
            TableError.invalidEstimatedHeight(2_796_202.5, at: IndexPath(row: 0, section: 0))
                .description
                == "Estimated height 2796202.5 for the row at index path [0, 0] is not usable; estimates must be finite, "
                + "not negative and at most 2796202 points.")
    }

    @Test func aWidthOfABillionPointsIsRefusedSayingTheUpperLimit() {
        #expect(
            throws: TableError.invalidParameter(
                name: "width", value: 1e9,
                reason: "must be finite, greater than 0 and less than 1000000000 points")
        ) {
            _ = try TableLayout(
                sections: [TableSection(rowCount: 1)], estimate: .uniform(44),
                sizing: ClosureCellSizing { _, _ in 1 }, width: 1e9, viewportHeight: 800)
        }
        let error = TableError.invalidParameter(
            name: "viewport height", value: 1e9,
            reason: "must be finite, greater than 0 and less than 1000000000 points")
        #expect(
            error.description
                == "Invalid viewport height 1000000000: must be finite, greater than 0 and less than 1000000000 points."
        )
    }
}
