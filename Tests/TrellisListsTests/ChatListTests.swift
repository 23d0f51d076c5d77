// Chat lists (`contentAnchoring: .bottom`): open at the end, keep the screen
// still while older pages arrive above, follow new rows at the end, and
// count the new rows that arrive below while scrolled up.

import Testing
import TrellisGeometry

@testable import TrellisLists

/// Every row is 50 points tall, estimated at 44.
final class FiftyPointRows: CellSizing {
    private(set) var calls = 0
    func height(at indexPath: IndexPath, width: Double) -> Double {
        calls += 1
        return 50
    }
}

@Suite struct ChatListTests {
    /// Messages 100...199, a 200-point viewport, no overscan, no display range.
    static func chat(_ ids: [Int] = Array(100..<200))
        throws -> DiffableTableLayout<Int, Int, FiftyPointRows>
    {
        try DiffableTableLayout(
            snapshot: snapshot([(0, ids)]), estimate: .uniform(44), sizing: FiftyPointRows(),
            width: 390, viewportHeight: 200, overscanRows: 0, rangeTuning: .visibleOnly,
            contentAnchoring: .bottom)
    }

    static func top(_ list: DiffableTableLayout<Int, Int, FiftyPointRows>, _ id: Int) throws
        -> Double
    {
        try list.table.frameInViewport(for: .row(try #require(list.indexPath(for: id)))).minY
    }

    @Test func aChatOpensAtItsEndAndMeasuresBottomUp() throws {
        var list = try Self.chat()
        // 100 rows × 44 = 4400 estimated: the offset opens at 4400 − 200 = 4200.
        #expect(list.table.contentOffset == 4200)
        let pass = try list.layoutIfNeeded()
        // Rows 199, 198, 197, 196 (50 each) fill 150-200, 100-150, 50-100,
        // 0-50 from the bottom; the content is 96 × 44 + 4 × 50 = 4424 and
        // the end stays at the bottom: offset 4424 − 200 = 4224.
        #expect(pass.rowsMeasured == 4)
        #expect(list.table.contentOffset == 4224)
        #expect(list.table.isAtEnd)
        #expect(try Self.top(list, 199) == 150)
        #expect(try Self.top(list, 196) == 0)
    }

    @Test func anOlderPageAboveMovesNothingOnScreen() throws {
        var list = try Self.chat()
        try list.layoutIfNeeded()
        // At the end: 20 older messages arrive above.
        try list.apply(snapshot([(0, Array(80..<200))]))
        try list.layoutIfNeeded()
        #expect(try Self.top(list, 199) == 150)
        #expect(try Self.top(list, 196) == 0)
        // Scrolled up to 1000 (row 122 of the 44-point rows, 8 points in:
        // 22 × 44 = 968 for the 20 + 2 rows above... as seen before): a page
        // arrives, then the scroll goes on up through estimated rows.
        try list.scroll(toOffset: 1000)
        let (element, screenTop) = try #require(try firstVisible(list.table))
        guard case .row(let path) = element else { Issue.record("not a row"); return }
        let id = try #require(list.itemIdentifier(for: path))
        try list.apply(snapshot([(0, Array(60..<200))]))
        #expect(try Self.top(list, id) == screenTop)
        try list.layoutIfNeeded()
        #expect(try Self.top(list, id) == screenTop)
        // Scrolling up 100 points measures the rows coming in at the top
        // (50, not 44); the row moves down by exactly the scroll.
        try list.scroll(toOffset: list.table.contentOffset - 100)
        #expect(try Self.top(list, id) == screenTop + 100)
        #expect(list.table.newRowsBelow == 0)
    }

    @Test func aNewMessageAtTheEndIsFollowedIntoView() throws {
        var list = try Self.chat()
        try list.layoutIfNeeded()
        try list.apply(snapshot([(0, Array(100..<201))]))
        // Estimated at 44: the end follows at once, 4424 + 44 − 200 = 4268.
        #expect(list.table.contentOffset == 4268)
        try list.layoutIfNeeded()
        // Measured at 50: message 200 fills 150-200, 199 moved up to 100.
        #expect(list.table.contentOffset == 4274)
        #expect(try Self.top(list, 200) == 150)
        #expect(try Self.top(list, 199) == 100)
        #expect(list.table.newRowsBelow == 0)
    }

    @Test func newMessagesWhileScrolledUpStayBelowAndAreCounted() throws {
        var list = try Self.chat()
        try list.layoutIfNeeded()
        try list.scroll(toOffset: 1000)
        let (element, screenTop) = try #require(try firstVisible(list.table))
        guard case .row(let path) = element else { Issue.record("not a row"); return }
        let id = try #require(list.itemIdentifier(for: path))
        let pass = try list.apply(snapshot([(0, Array(100..<203))]))
        #expect(pass.anchorAdjustment == 0)
        #expect(list.table.contentOffset == 1000)
        #expect(try Self.top(list, id) == screenTop)
        #expect(list.table.newRowsBelow == 3)
        // Two more, then back at the end: seen.
        try list.apply(snapshot([(0, Array(100..<205))]))
        #expect(list.table.newRowsBelow == 5)
        try list.scroll(toOffset: list.table.maximumContentOffset)
        #expect(list.table.isAtEnd)
        #expect(list.table.newRowsBelow == 0)
        // The newest message ends at the viewport's bottom.
        #expect(try Self.top(list, 204) == 150)
    }

    @Test func aShortChatStaysAtTheTopAndFollowsNewMessages() throws {
        // Two messages (100 points) in a 200-point viewport: offset 0, and a
        // third and fourth still fit (200 points); a fifth scrolls by 50.
        var list = try Self.chat([1, 2])
        try list.layoutIfNeeded()
        #expect(list.table.contentOffset == 0)
        try list.apply(snapshot([(0, [1, 2, 3, 4])]))
        try list.layoutIfNeeded()
        #expect(list.table.contentOffset == 0)
        #expect(try Self.top(list, 4) == 150)
        try list.apply(snapshot([(0, [1, 2, 3, 4, 5])]))
        try list.layoutIfNeeded()
        #expect(list.table.contentOffset == 50)
        #expect(try Self.top(list, 5) == 150)
    }
}
