// Self-sizing section headers and footers: estimates until they come into
// view, measured like rows, kept in place by anchoring, and refused with the
// table unchanged when their height source fails.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct SelfSizingHeaderTests {
    /// Three sections of two 50-point rows; headers estimated at 20 and
    /// really 30 + 10 × section; footers estimated at 10 and really 16.
    /// A 200-point viewport, no overscan, no display range.
    static func table(failing: TableElement? = nil) throws -> TableLayout<ClosureCellSizing> {
        try TableLayout(
            sections: Array(
                repeating: TableSection(rowCount: 2, headerHeight: 20, footerHeight: 10), count: 3),
            estimate: .uniform(50), sizing: ClosureCellSizing { _, _ in 50 }, width: 320,
            viewportHeight: 200, overscanRows: 0, rangeTuning: .visibleOnly,
            headerFooterSizing: HeaderFooterSizing { element, _ in
                if element == failing { return -1 }
                switch element {
                case .header(let section): return 30 + 10 * Double(section)
                default: return 16
                }
            })
    }

    @Test func headersAndFootersInViewAreMeasuredAndTheRestKeepTheirEstimates() throws {
        var table = try Self.table()
        // Estimated: 3 × (20 + 100 + 10) = 390.
        #expect(table.contentHeight == 390)
        let pass = try table.layoutIfNeeded()
        // Down from the top: header 0 → 30 (0-30), rows 30-130, footer 0 →
        // 16 (130-146), header 1 → 40 (146-186), row [1, 0] 186-236 reaches
        // past 200. Footer 1, header 2, footer 2 keep their estimates:
        // 30 + 100 + 16 + 40 + 100 + 10 + 20 + 100 + 10 = 426.
        #expect(pass.headersAndFootersMeasured == 3)
        #expect(try table.rectForHeader(inSection: 0) == Rect(x: 0, y: 0, width: 320, height: 30))
        #expect(try table.rectForFooter(inSection: 0) == Rect(x: 0, y: 130, width: 320, height: 16))
        #expect(try table.rectForHeader(inSection: 1) == Rect(x: 0, y: 146, width: 320, height: 40))
        #expect(try table.rectForHeader(inSection: 2).height == 20)
        #expect(table.contentHeight == 426)
    }

    @Test func headersMeasuredBelowTheAnchorMoveNothingAbove() throws {
        var table = try Self.table()
        try table.layoutIfNeeded()
        // Offset 226: row [1, 0] (186-236) is at the top, 40 above the edge.
        // Below it: row [1, 1] 236-286, footer 1 → 16 (286-302), header 2 →
        // 50 (302-352), rows 352-452: the viewport ends at 426.
        let pass = try table.scroll(toOffset: 226)
        #expect(pass.headersAndFootersMeasured == 2)
        #expect(pass.anchorAdjustment == 0)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 0, section: 1))).minY == -40)
        #expect(try table.rectForHeader(inSection: 2) == Rect(x: 0, y: 302, width: 320, height: 50))
        // 426 + 6 (footer 1) + 30 (header 2) = 462; footer 2 still estimated.
        #expect(table.contentHeight == 462)
        // The stuck header is section 1's, pushed to 302 − 40 = 262 at most:
        // y = min(max(226, 146), 262) = 226.
        #expect(table.pinnedHeader?.frame == Rect(x: 0, y: 226, width: 320, height: 40))
    }

    @Test func scrollingUpToAnEstimatedHeaderKeepsTheShownRowsInPlace() throws {
        var table = try Self.table()
        try table.scrollToRow(at: IndexPath(row: 1, section: 2), at: .bottom)
        let top = try table.frameInViewport(for: .row(IndexPath(row: 1, section: 2))).minY
        #expect(top == 150)
        // Up by 100: header 2 and what is above come in; row [2, 1], shown
        // before, moves down by exactly 100.
        try table.scroll(toOffset: table.contentOffset - 100)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 1, section: 2))).minY == 250)
    }

    @Test func aBadHeaderHeightIsRefusedNamingTheHeaderAndChangesNothing() throws {
        var table = try Self.table(failing: .header(section: 1))
        let before = try TableSnapshot(table)
        #expect(
            throws: TableError.invalidHeaderFooterHeight(
                -1, element: .header(section: 1), width: 320)
        ) {
            try table.layoutIfNeeded()
        }
        #expect(try TableSnapshot(table) == before)
        #expect(
            TableError.invalidHeaderFooterHeight(-1, element: .header(section: 1), width: 320)
                .description
                == "Header and footer height source returned -1 for header 1 at width 320; heights must "
                + "be finite, not negative and at most 2796202 points.")
    }

    @Test func aBatchUpdateKeepsMeasuredHeadersOfKeptSections() throws {
        var table = try Self.table()
        try table.layoutIfNeeded()
        var updates = TableUpdates()
        updates.insertSections([0])
        try table.performBatchUpdates(
            updates,
            sections: Array(
                repeating: TableSection(rowCount: 2, headerHeight: 20, footerHeight: 10), count: 4))
        // The old section 0 is section 1 now, its header still 30 (measured);
        // the new section 0's header is the 20-point estimate.
        #expect(try table.rectForHeader(inSection: 1).height == 30)
        #expect(try table.rectForHeader(inSection: 0).height == 20)
    }
}
