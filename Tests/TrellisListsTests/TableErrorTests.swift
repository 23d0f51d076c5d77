// Bad input: heights from the height source that are NaN, infinite, negative
// or too large, out-of-range rows and sections, and batch updates that do not
// add up give clear errors and leave the table exactly as it was.

import Testing
import TrellisGeometry

@testable import TrellisLists

/// 300 rows, estimate 44, measured and scrolled to the middle.
private func measuredTable() throws -> (TableLayout<IdentifiedRows>, IdentifiedRows) {
    let source = IdentifiedRows(rowCounts: [200, 100])
    var table = try TableLayout(
        sections: [
            TableSection(rowCount: 200, headerHeight: 28),
            TableSection(rowCount: 100, footerHeight: 12),
        ],
        estimate: .uniform(44), sizing: source, width: 390, viewportHeight: 844)
    try table.scrollToRow(at: IndexPath(row: 100, section: 0), at: .top)
    return (table, source)
}

@Suite struct TableErrorTests {
    @Test(arguments: [Double.nan, -1, .infinity, 3e6])
    func badMeasuredHeightDuringScrollThrowsAndLeavesTheTableUnchanged(height: Double) throws {
        var (table, source) = try measuredTable()
        let before = try TableSnapshot(table)
        // Row 130 is 30 rows below the top row: the scroll measures several
        // rows before reaching it, and those must be undone too.
        source.overrides[130] = height
        let target = try table.rectForRow(at: IndexPath(row: 128, section: 0)).minY
        #expect(
            throws: TableError.invalidMeasuredHeight(
                height, at: IndexPath(row: 130, section: 0), width: 390)
        ) {
            try table.scroll(toOffset: target)
        }
        #expect(try TableSnapshot(table) == before)
    }

    @Test func badMeasuredHeightMessageNamesTheRowTheValueAndTheWidth() {
        let error = TableError.invalidMeasuredHeight(
            .nan, at: IndexPath(row: 130, section: 0), width: 390)
        #expect(
            error.description
                == "Height source returned NaN for the row at index path [0, 130] at width 390; heights must be finite, "
                + "not negative and at most 2796202 points.")
        #expect(
            TableError.invalidMeasuredHeight(-1, at: IndexPath(row: 2, section: 1), width: 320.5)
                .description
                .hasPrefix(
                    "Height source returned -1 for the row at index path [1, 2] at width 320.5;"))
    }

    @Test func badHeightDuringRotationRestoresWidthAndMeasuredHeights() throws {
        var (table, source) = try measuredTable()
        let before = try TableSnapshot(table)
        source.overrides[101] = -5
        #expect(
            throws: TableError.invalidMeasuredHeight(
                -5, at: IndexPath(row: 101, section: 0), width: 844)
        ) {
            try table.resize(width: 844, viewportHeight: 390)
        }
        #expect(try TableSnapshot(table) == before)
    }

    @Test func badHeightDuringScrollToRowLeavesTheOffsetWhereItWas() throws {
        var (table, source) = try measuredTable()
        let before = try TableSnapshot(table)
        source.overrides[205] = .nan  // section 1, row 5
        #expect(throws: TableError.self) {
            try table.scrollToRow(at: IndexPath(row: 3, section: 1), at: .middle)
        }
        #expect(try TableSnapshot(table) == before)
    }

    @Test func outOfRangeRowsAndSectionsAreReportedWithTheirLimits() throws {
        var (table, _) = try measuredTable()
        let before = try TableSnapshot(table)
        #expect(
            throws: TableError.rowOutOfRange(
                IndexPath(row: 200, section: 0), rowCount: 200, context: "rectForRow(at:)")
        ) {
            _ = try table.rectForRow(at: IndexPath(row: 200, section: 0))
        }
        #expect(
            throws: TableError.sectionOutOfRange(2, sectionCount: 2, context: "scrollToRow(at:at:)")
        ) {
            try table.scrollToRow(at: IndexPath(row: 0, section: 2), at: .top)
        }
        #expect(
            throws: TableError.rowOutOfRange(
                IndexPath(row: -1, section: 1), rowCount: 100, context: "heightForRow(at:)")
        ) {
            _ = try table.heightForRow(at: IndexPath(row: -1, section: 1))
        }
        #expect(
            TableError.rowOutOfRange(
                IndexPath(row: 200, section: 0), rowCount: 200, context: "rectForRow(at:)"
            ).description
                == "rectForRow(at:): index path [0, 200] is out of range (section 0 has 200 rows)."
        )
        #expect(try TableSnapshot(table) == before)
    }

    /// UIKit's NSInternalInconsistencyException text for rows that do not add up.
    @Test func updateWhoseRowCountsDoNotAddUpIsRejectedWithUIKitsMessage() throws {
        var (table, _) = try measuredTable()
        let before = try TableSnapshot(table)
        var updates = TableUpdates()
        updates.insertRows(at: [IndexPath(row: 0, section: 0)])
        let expected = TableError.invalidNumberOfRows(
            section: 0, after: 200, before: 200, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)
        #expect(throws: expected) {
            try table.performBatchUpdates(
                updates,
                sections: [
                    TableSection(rowCount: 200, headerHeight: 28),
                    TableSection(rowCount: 100, footerHeight: 12),
                ])
        }
        #expect(
            expected.description
                == "Invalid update: invalid number of rows in section 0. The number of rows contained in "
                + "an existing section after the update (200) must be equal to the number of rows "
                + "contained in that section before the update (200), plus or minus the number of rows "
                + "inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the "
                + "number of rows moved into or out of that section (0 moved in, 0 moved out).")
        #expect(try TableSnapshot(table) == before)
    }

    @Test func updateWhoseSectionCountDoesNotAddUpIsRejected() throws {
        var (table, _) = try measuredTable()
        let before = try TableSnapshot(table)
        var updates = TableUpdates()
        updates.deleteSections([1])
        #expect(
            throws: TableError.invalidNumberOfSections(after: 2, before: 2, inserted: 0, deleted: 1)
        ) {
            try table.performBatchUpdates(
                updates, sections: [TableSection(rowCount: 200), TableSection(rowCount: 100)])
        }
        #expect(try TableSnapshot(table) == before)
    }

    @Test func updatesNamingARowTwiceOrOutOfRangeAreRejected() throws {
        var (table, _) = try measuredTable()
        let before = try TableSnapshot(table)
        let sections = [
            TableSection(rowCount: 198, headerHeight: 28),
            TableSection(rowCount: 100, footerHeight: 12),
        ]
        var twice = TableUpdates()
        twice.deleteRows(at: [IndexPath(row: 3, section: 0), IndexPath(row: 3, section: 0)])
        #expect(
            throws: TableError.conflictingUpdate(
                IndexPath(row: 3, section: 0), reason: "deleted twice")
        ) {
            try table.performBatchUpdates(twice, sections: sections)
        }
        var reloadDeleted = TableUpdates()
        reloadDeleted.deleteRows(at: [IndexPath(row: 3, section: 0)])
        reloadDeleted.reloadRows(at: [IndexPath(row: 3, section: 0)])
        #expect(
            throws: TableError.conflictingUpdate(
                IndexPath(row: 3, section: 0), reason: "reloaded and deleted in the same update")
        ) {
            try table.performBatchUpdates(reloadDeleted, sections: sections)
        }
        var outOfRange = TableUpdates()
        outOfRange.insertRows(at: [IndexPath(row: 201, section: 0)])
        #expect(
            throws: TableError.rowOutOfRange(
                IndexPath(row: 201, section: 0), rowCount: 201,
                context: "insertRows(at:) (after the update)")
        ) {
            try table.performBatchUpdates(
                outOfRange,
                sections: [
                    TableSection(rowCount: 201, headerHeight: 28),
                    TableSection(rowCount: 100, footerHeight: 12),
                ])
        }
        #expect(try TableSnapshot(table) == before)
    }

    @Test func badEstimateForAnInsertedRowRejectsTheWholeUpdate() throws {
        var heights = [Double](repeating: 44, count: 10)
        let estimate = RowHeightEstimate.perRow { path in
            path.row < heights.count ? heights[path.row] : .nan
        }
        var table = try TableLayout(
            sections: [TableSection(rowCount: 10)], estimate: estimate,
            sizing: ClosureCellSizing { _, _ in 30 }, width: 390, viewportHeight: 100)
        try table.layoutIfNeeded()
        let before = try TableSnapshot(table)
        heights = []
        var updates = TableUpdates()
        updates.insertRows(at: [IndexPath(row: 10, section: 0)])
        #expect(throws: TableError.invalidEstimatedHeight(.nan, at: IndexPath(row: 10, section: 0)))
        {
            try table.performBatchUpdates(updates, sections: [TableSection(rowCount: 11)])
        }
        #expect(try TableSnapshot(table) == before)
    }

    @Test func badOpeningParametersAreRejected() {
        let sizing = ClosureCellSizing { _, _ in 44 }
        #expect(throws: TableError.invalidRowCount(-1, section: 1)) {
            _ = try TableLayout(
                sections: [TableSection(rowCount: 1), TableSection(rowCount: -1)],
                estimate: .uniform(44), sizing: sizing, width: 390, viewportHeight: 800)
        }
        #expect(throws: TableError.invalidSectionHeight(-2, section: 0, kind: "header")) {
            _ = try TableLayout(
                sections: [TableSection(rowCount: 1, headerHeight: -2)], estimate: .uniform(44),
                sizing: sizing, width: 390, viewportHeight: 800)
        }
        #expect(throws: TableError.self) {
            _ = try TableLayout(
                sections: [TableSection(rowCount: 1)], estimate: .uniform(.nan), sizing: sizing,
                width: 390, viewportHeight: 800)
        }
        #expect(
            throws: TableError.invalidParameter(
                name: "width", value: 0,
                reason: "must be finite, greater than 0 and less than 1000000000 points")
        ) {
            _ = try TableLayout(
                sections: [], estimate: .uniform(44), sizing: sizing, width: 0, viewportHeight: 800)
        }
        #expect(throws: TableError.invalidEstimatedHeight(-3, at: IndexPath(row: 2, section: 0))) {
            _ = try TableLayout(
                sections: [TableSection(rowCount: 5)], estimate: .perRow { $0.row == 2 ? -3 : 44 },
                sizing: sizing, width: 390, viewportHeight: 800)
        }
    }

    @Test func nonFiniteOffsetIsRejected() throws {
        var (table, _) = try measuredTable()
        let before = try TableSnapshot(table)
        #expect(
            throws: TableError.invalidParameter(
                name: "content offset", value: .infinity, reason: "must be finite")
        ) {
            try table.scroll(toOffset: .infinity)
        }
        #expect(try TableSnapshot(table) == before)
    }
}
