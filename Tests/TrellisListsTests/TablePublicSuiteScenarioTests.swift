// Scenarios of other virtualized lists' public test suites, with their
// numbers, on our table (our own code; their fixtures and expectations):
//
// - TanStack Virtual, packages/virtual-core/tests/index.test.ts: the
//   `anchorTo: 'end'` chat tests (viewport 200, items 50) and "scroll-up
//   jank" (10 items of 50, viewport 200, scrolling back from 200 to 100).
// - react-virtuoso, e2e/prepend-items.test.ts (viewport 300, items 20 and 55
//   tall by index parity, the first item 55) and test/listSystem.test.ts
//   "readjusts measurements to avoid jump" (1,000 items of 30, viewport 200).
// - FlashList, src/__tests__/StickyHeaders.test.tsx (30 items of 50, sticky
//   headers at items 0, 10 and 20).

import Testing
import TrellisGeometry

@testable import TrellisLists

/// Row heights by row identity, changeable between passes.
private final class Messages: CellSizing {
    var ids: [Int]
    var heights: [Int: Double] = [:]
    let height: Double

    init(count: Int, height: Double) {
        ids = Array(0..<count)
        self.height = height
    }

    func height(at indexPath: IndexPath, width: Double) -> Double {
        heights[ids[indexPath.row]] ?? height
    }
}

private func chat(messages: Int, offset: Double) throws -> (TableLayout<Messages>, Messages) {
    let source = Messages(count: messages, height: 50)
    var table = try TableLayout(
        sections: [TableSection(rowCount: messages)], estimate: .uniform(50), sizing: source,
        width: 400, viewportHeight: 200, contentAnchoring: .bottom)
    try table.layoutIfNeeded()
    try table.scroll(toOffset: offset)
    return (table, source)
}

private func insert<S>(_ table: inout TableLayout<S>, rows: Range<Int>, total: Int) throws {
    var updates = TableUpdates()
    updates.insertRows(at: rows.map { IndexPath(row: $0, section: 0) })
    try table.performBatchUpdates(updates, sections: [TableSection(rowCount: total)])
    try table.layoutIfNeeded()
}

private func reload<S>(_ table: inout TableLayout<S>, row: Int, total: Int) throws
    -> TableLayoutPass
{
    var updates = TableUpdates()
    updates.reloadRows(at: [IndexPath(row: row, section: 0)])
    let update = try table.performBatchUpdates(updates, sections: [TableSection(rowCount: total)])
    let pass = try table.layoutIfNeeded()
    return TableLayoutPass(
        rowsMeasured: pass.rowsMeasured,
        anchorAdjustment: update.anchorAdjustment + pass.anchorAdjustment,
        clamped: update.clamped || pass.clamped)
}

@Suite struct TanStackChatScenarioTests {
    /// "anchorTo:end keeps visible content stable when older items are
    /// prepended": scrolled to 100, two older messages prepended, the offset
    /// becomes 200. (TanStack's fixture has 5 messages, so 100 is past its
    /// end of 50 on a mock element that does not clamp; a table clamps, so
    /// here 8 messages make 100 a scrolled-up offset, as in its next test.)
    @Test func prependingOlderMessagesKeepsTheVisibleContent() throws {
        var (table, source) = try chat(messages: 8, offset: 100)
        let before = try table.frameInViewport(for: .row(IndexPath(row: 2, section: 0)))
        source.ids = [-2, -1] + source.ids
        try insert(&table, rows: 0..<2, total: 10)
        #expect(table.contentOffset == 200)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 4, section: 0))) == before)
    }

    /// "followOnAppend keeps an end-pinned user at the end when items
    /// append": 5 messages at offset 50 (the end), one appended: offset 100.
    @Test func aPinnedChatFollowsAnAppendedMessage() throws {
        var (table, source) = try chat(messages: 5, offset: 50)
        #expect(table.isAtEnd)
        source.ids.append(5)
        try insert(&table, rows: 5..<6, total: 6)
        #expect(table.contentOffset == 100)
        #expect(table.isAtEnd)
    }

    /// "anchorTo:end keeps a pinned streaming message pinned as it grows":
    /// the last message grows 50 → 120 (offset 50 + 70 = 120), then
    /// 120 → 200 (offset 120 + 80 = 200).
    @Test func aGrowingLastMessageStaysPinned() throws {
        var (table, source) = try chat(messages: 5, offset: 50)
        source.heights[4] = 120
        var pass = try reload(&table, row: 4, total: 5)
        #expect(table.contentOffset == 120)
        #expect(pass.anchorAdjustment == 70)
        source.heights[4] = 200
        pass = try reload(&table, row: 4, total: 5)
        #expect(table.contentOffset == 200)
        #expect(pass.anchorAdjustment == 80)
        #expect(table.isAtEnd)
    }

    /// "anchorTo:end does not yank a scrolled-up user when items append":
    /// 8 messages at offset 100, one appended: nothing moves.
    @Test func aScrolledUpReaderIsNotYankedToTheEnd() throws {
        var (table, source) = try chat(messages: 8, offset: 100)
        source.ids.append(8)
        try insert(&table, rows: 8..<9, total: 9)
        #expect(table.contentOffset == 100)
        #expect(table.newRowsBelow == 1)
    }

    /// "anchorTo:end does not follow streaming growth when user is away
    /// from end": 8 messages at offset 50, the last grows to 120: nothing moves.
    @Test func growthBelowAScrolledUpReaderMovesNothing() throws {
        var (table, source) = try chat(messages: 8, offset: 50)
        source.heights[7] = 120
        _ = try reload(&table, row: 7, total: 8)
        #expect(table.contentOffset == 50)
        #expect(!table.isAtEnd)
    }

    /// "scroll-up jank": 10 items of 50, viewport 200; item 0 measured at
    /// 80, the reader scrolls back from 200 to 100, then item 0 is measured
    /// again at 100. TanStack skips the scroll write so the content does not
    /// jump; a table moves the offset by the growth (+20) so that the rows
    /// on screen stay exactly where they are.
    @Test func remeasuringARowAboveWhileScrollingBackMakesNoVisibleJump() throws {
        let source = Messages(count: 10, height: 50)
        source.heights[0] = 80
        var table = try TableLayout(
            sections: [TableSection(rowCount: 10)], estimate: .uniform(50), sizing: source,
            width: 400, viewportHeight: 200)
        try table.layoutIfNeeded()
        try table.scroll(toOffset: 200)
        try table.scroll(toOffset: 100)
        #expect(table.scrollDirection == .up)
        let onScreen = try table.indexPathsForVisibleRows.map {
            ($0, try table.frameInViewport(for: .row($0)))
        }
        source.heights[0] = 100
        let pass = try reload(&table, row: 0, total: 10)
        #expect(pass.anchorAdjustment == 20)
        #expect(table.contentOffset == 120)
        for (path, frame) in onScreen where path.row > 0 {
            #expect(try table.frameInViewport(for: .row(path)) == frame)
        }
    }
}

@Suite struct VirtuosoScenarioTests {
    /// react-virtuoso's list: 100 items from index 2000, an item `i` is 20
    /// tall when `i` is odd and 55 when even; items not rendered yet take
    /// the first item's size (55), and only items in the viewport render.
    private func virtuosoList() throws -> TableLayout<ClosureCellSizing> {
        // Rows are numbered from the first item (2000, even): row r is item 2000 + r.
        let sizing = ClosureCellSizing { path, _ in path.row % 2 == 1 ? 20 : 55 }
        var table = try TableLayout(
            sections: [TableSection(rowCount: 100)], estimate: .uniform(55), sizing: sizing,
            width: 400, viewportHeight: 300, overscanRows: 0, rangeTuning: .visibleOnly)
        try table.layoutIfNeeded()
        return table
    }

    @Test func prependingTwoItemsKeepsTheLocation() throws {
        var table = try virtuosoList()
        #expect(table.contentOffset == 0)
        try insert(&table, rows: 0..<2, total: 102)
        #expect(table.contentOffset == 2 * 55)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 2, section: 0))).minY == 0)
        try insert(&table, rows: 0..<2, total: 104)
        #expect(table.contentOffset == 4 * 55)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 4, section: 0))).minY == 0)
    }

    @Test func prependingTwoHundredItemsKeepsTheLocation() throws {
        var table = try virtuosoList()
        try insert(&table, rows: 0..<200, total: 300)
        #expect(table.contentOffset == 200 * 55)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 200, section: 0))).minY == 0)
    }

    /// "readjusts measurements to avoid jump": 1,000 items of 30, viewport
    /// 200, opened at item 300 (offset 9000); scrolling up by 2 brings item
    /// 299 in, which measures 70: the offset moves by 40 (virtuoso's
    /// `scrollBy({ top: 40 })`), item 300 stays 2 points below the top.
    @Test func scrollingUpAfterAJumpReadjustsTheOffset() throws {
        let sizing = ClosureCellSizing { path, _ in path.row == 299 ? 70 : 30 }
        var table = try TableLayout(
            sections: [TableSection(rowCount: 1000)], estimate: .uniform(30), sizing: sizing,
            width: 400, viewportHeight: 200, overscanRows: 0, rangeTuning: .visibleOnly)
        try table.scrollToRow(at: IndexPath(row: 300, section: 0), at: .top)
        #expect(table.contentOffset == 300 * 30)
        let pass = try table.scroll(toOffset: 300 * 30 - 2)
        #expect(pass.anchorAdjustment == 40)
        #expect(table.contentOffset == 300 * 30 - 2 + 40)
        #expect(try table.frameInViewport(for: .row(IndexPath(row: 300, section: 0))).minY == 2)
    }
}

@Suite struct FlashListStickyHeaderScenarioTests {
    /// FlashList's StickyHeaders compute tests: 30 items of 50 with sticky
    /// headers at items 0, 10 and 20 (y 0, 500 and 1000) are three sections
    /// of a 50-point header and 9 rows. The sticky index is 0 at offsets 250
    /// and 499, 10 at 500, 550 and 600, 20 at 1050; the push starts at
    /// 500 − 50 = 450. The rows are estimated at 44 and measured at 50: the
    /// table opens at the top, so the headers land at FlashList's places.
    @Test func headersStickAndAreShovedOffAtFlashListsOffsets() throws {
        let sections = [TableSection](
            repeating: TableSection(rowCount: 9, headerHeight: 50), count: 3)
        var table = try TableLayout(
            sections: sections, estimate: .uniform(44), sizing: ClosureCellSizing { _, _ in 50 },
            width: 400, viewportHeight: 300)
        try table.layoutIfNeeded()
        #expect(table.contentOffset == 0)
        #expect(try table.rectForHeader(inSection: 1).minY == 500)
        for (offset, section) in [(250.0, 0), (499, 0), (500, 1), (550, 1), (600, 1), (1050, 2)] {
            try table.scroll(toOffset: offset)
            #expect(try table.rectForHeader(inSection: 1).minY == 500)
            #expect(table.pinnedHeader?.element == .header(section: section), "offset \(offset)")
        }
        // The push: from 450 the outgoing header's bottom stays on the next one's top.
        for (offset, y) in [(449.0, 449.0), (450, 450), (475, 450), (499, 450)] {
            try table.scroll(toOffset: offset)
            #expect(try table.pinnedRectForHeader(inSection: 0).minY == y, "offset \(offset)")
        }
    }
}
