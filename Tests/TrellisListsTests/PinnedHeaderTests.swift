// Sticky section headers (UITableView's plain style), at offsets around the
// section boundaries, with every position worked out by hand.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct PinnedHeaderTests {
    /// Three sections of four 50-point rows under 30-point headers; section
    /// 0 has a 10-point footer. In the content:
    ///   section 0: header 0-30, rows 30-230, footer 230-240
    ///   section 1: header 240-270, rows 270-470
    ///   section 2: header 470-500, rows 500-700
    /// A 200-point viewport: the largest offset is 700 − 200 = 500.
    static func table() throws -> TableLayout<ClosureCellSizing> {
        var table = try TableLayout(
            sections: [
                TableSection(rowCount: 4, headerHeight: 30, footerHeight: 10),
                TableSection(rowCount: 4, headerHeight: 30),
                TableSection(rowCount: 4, headerHeight: 30),
            ],
            estimate: .uniform(50), sizing: ClosureCellSizing { _, _ in 50 }, width: 320,
            viewportHeight: 200)
        try table.layoutIfNeeded()
        return table
    }

    static func header(_ y: Double) -> Rect { Rect(x: 0, y: y, width: 320, height: 30) }

    @Test(arguments: [
        // offset, the stuck header's section and content y, and why.
        (0.0, 0, 0.0),  // at rest: header 0 in its place
        (100, 0, 100),  // stuck: y = offset
        (210, 0, 210),  // y = min(210, 240 − 30 = 210): touching header 1
        (225, 0, 210),  // pushed: 15 above the top edge, header 1 at 240
        (239, 0, 210),  // 1 point of header 0 left at the top (in the footer)
        (240, 1, 240),  // section 1's header takes over in its place
        (300, 1, 300),  // stuck
        (440, 1, 440),  // y = min(440, 470 − 30 = 440)
        (455, 1, 440),  // pushed: 15 above the top edge
        (470, 2, 470),  // section 2's header in its place
        (500, 2, 500),  // the last header: pushed only by the content's end (700 − 30 = 670)
    ])
    func theStuckHeaderAtOffsetsAroundSectionBoundaries(offset: Double, section: Int, y: Double)
        throws
    {
        var table = try Self.table()
        try table.scroll(toOffset: offset)
        #expect(table.contentOffset == offset)
        let pinned = try #require(table.pinnedHeader)
        #expect(pinned.element == .header(section: section))
        #expect(pinned.frame == Self.header(y))
        #expect(try table.pinnedRectForHeader(inSection: section) == Self.header(y))
        // UIKit's rectForHeader stays the header's place in the content.
        #expect(try table.rectForHeader(inSection: 1) == Self.header(240))
    }

    @Test func aPushedHeaderAndTheNextOneAreBothInView() throws {
        var table = try Self.table()
        try table.scroll(toOffset: 225)
        // In view (225-425): header 0 pushed to 210-240, row [0, 3] 180-230,
        // footer 0 230-240, header 1 240-270, rows [1, 0]...[1, 3] 270-470.
        let shown = table.visibleElementFrames.map {
            "\($0.element) \(formatPoints($0.frame.minY))"
        }
        #expect(
            shown == [
                "header 0 210", "row [0, 3] 180", "footer 0 230", "header 1 240", "row [1, 0] 270",
                "row [1, 1] 320", "row [1, 2] 370", "row [1, 3] 420",
            ])
        // Section 2's header, at 470, is below the viewport.
        #expect(try table.pinnedRectForHeader(inSection: 2) == Self.header(470))
        // Section 0's header, pushed up, sits right above header 1 even when
        // the viewport is far below it.
        try table.scroll(toOffset: 500)
        #expect(try table.pinnedRectForHeader(inSection: 0) == Self.header(210))
        #expect(try table.pinnedRectForHeader(inSection: 1) == Self.header(440))
    }

    @Test func noHeaderIsStuckWithoutHeadersOrAboveTheContent() throws {
        var table = try TableLayout(
            sections: [TableSection(rowCount: 10)], estimate: .uniform(50),
            sizing: ClosureCellSizing { _, _ in 50 }, width: 320, viewportHeight: 200)
        try table.scroll(toOffset: 100)
        #expect(table.pinnedHeader == nil)
        #expect(
            throws: TableError.sectionOutOfRange(
                1, sectionCount: 1, context: "pinnedRectForHeader(inSection:)")
        ) {
            try table.pinnedRectForHeader(inSection: 1)
        }
    }
}
