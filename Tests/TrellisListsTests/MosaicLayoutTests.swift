// MosaicLayout against Apple's sample rules: segment y = previous frame's
// maxY + 1 (the first at 0 + 1 = 1), 200 tall; a split gives the first slice
// ⌈length × fraction⌉ and the remainder the rest after a 1-point gutter.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct MosaicLayoutTests {
    static func prepared(width: Double, itemCount: Int, height: Double = 600) throws -> MosaicLayout
    {
        var layout = MosaicLayout(itemCount: itemCount)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: width, height: height), layoutMargins: .zero,
            safeAreaInsets: .zero)
        return layout
    }

    static func frames(_ layout: MosaicLayout, _ count: Int) -> [Rect] {
        (0..<count).compactMap {
            layout.attributes(forItem: IndexPath(item: $0, section: 0))?.frame
        }
    }

    @Test func firstSegmentsAtWidth375() throws {
        let layout = try Self.prepared(width: 375, itemCount: 100)
        #expect(
            Self.frames(layout, 11) == [
                // Segment 1, fullWidth, y = 0 + 1.
                Rect(x: 0, y: 1, width: 375, height: 200),
                // Segment 2, fiftyFifty, y = 201 + 1: ⌈375 / 2⌉ = 188, then
                // x = 188 + 1 = 189, width 375 − 188 − 1 = 186.
                Rect(x: 0, y: 202, width: 188, height: 200),
                Rect(x: 189, y: 202, width: 186, height: 200),
                // Segment 3, twoThirdsOneThird, y = 403: ⌈375 × 2/3⌉ = 250; the
                // right slice x = 251, width 124, cut at ⌈200 / 2⌉ = 100: top
                // 403–503, bottom from 504, 99 tall.
                Rect(x: 0, y: 403, width: 250, height: 200),
                Rect(x: 251, y: 403, width: 124, height: 100),
                Rect(x: 251, y: 504, width: 124, height: 99),
                // Segment 4, oneThirdTwoThirds, y = 603 + 1 = 604: ⌈375 / 3⌉ =
                // 125 on the left, cut 100 / 99; big right x = 126, width 249.
                Rect(x: 0, y: 604, width: 125, height: 100),
                Rect(x: 0, y: 705, width: 125, height: 99),
                Rect(x: 126, y: 604, width: 249, height: 200),
                // Segment 5, fiftyFifty again, y = 804 + 1 = 805.
                Rect(x: 0, y: 805, width: 188, height: 200),
                Rect(x: 189, y: 805, width: 186, height: 200),
            ])
    }

    @Test func firstSegmentsAtWidth1024() throws {
        let layout = try Self.prepared(width: 1024, itemCount: 100)
        #expect(
            Self.frames(layout, 11) == [
                Rect(x: 0, y: 1, width: 1024, height: 200),
                // ⌈1024 / 2⌉ = 512; remainder x 513, width 1024 − 513 = 511.
                Rect(x: 0, y: 202, width: 512, height: 200),
                Rect(x: 513, y: 202, width: 511, height: 200),
                // ⌈1024 × 2/3 = 682.67⌉ = 683; remainder x 684, width 340.
                Rect(x: 0, y: 403, width: 683, height: 200),
                Rect(x: 684, y: 403, width: 340, height: 100),
                Rect(x: 684, y: 504, width: 340, height: 99),
                // ⌈1024 / 3 = 341.33⌉ = 342; big right x 343, width 681.
                Rect(x: 0, y: 604, width: 342, height: 100),
                Rect(x: 0, y: 705, width: 342, height: 99),
                Rect(x: 343, y: 604, width: 681, height: 200),
                Rect(x: 0, y: 805, width: 512, height: 200),
                Rect(x: 513, y: 805, width: 511, height: 200),
            ])
    }

    @Test func cycleContinuesAfterTheFirstRound() throws {
        // 20 items: full [0], 50/50 [1 2], 2/3 [3 4 5], 1/3 [6 7 8], 50/50
        // [9 10], 2/3 [11 12 13], 1/3 [14 15 16]; 3 left → 50/50 [17 18]
        // (the cycle), then 1 left → fullWidth [19] in segment 9 at
        // y = 1 + 8 × 201 = 1609.
        let layout = try Self.prepared(width: 375, itemCount: 20)
        #expect(
            layout.attributes(forItem: IndexPath(item: 11, section: 0))?.frame
                == Rect(x: 0, y: 1006, width: 250, height: 200))
        #expect(
            layout.attributes(forItem: IndexPath(item: 16, section: 0))?.frame
                == Rect(x: 126, y: 1207, width: 249, height: 200))
        #expect(
            layout.attributes(forItem: IndexPath(item: 18, section: 0))?.frame
                == Rect(x: 189, y: 1408, width: 186, height: 200))
        #expect(
            layout.attributes(forItem: IndexPath(item: 19, section: 0))?.frame
                == Rect(x: 0, y: 1609, width: 375, height: 200))
    }

    @Test func twoItemsLeftGetFiftyFiftyAndOneLeftGetsFullWidth() throws {
        // 5 items: full [0], 4 left → cycle: 50/50 [1 2], 2 left → 50/50 [3 4].
        let five = try Self.prepared(width: 375, itemCount: 5)
        #expect(
            Self.frames(five, 5).suffix(2) == [
                Rect(x: 0, y: 403, width: 188, height: 200),
                Rect(x: 189, y: 403, width: 186, height: 200),
            ])
        // 4 items: full [0], 3 left → 50/50 [1 2], 1 left → full [3].
        let four = try Self.prepared(width: 375, itemCount: 4)
        #expect(Self.frames(four, 4).last == Rect(x: 0, y: 403, width: 375, height: 200))
    }

    @Test func contentSizeIncludesTheLastSegment() throws {
        // 9 items end with segment 4 at 604 + 200 = 804 (the sample would stop
        // at segment 3's 603 ∪ the bounds).
        #expect(
            try Self.prepared(width: 375, itemCount: 9).contentSize == Size(width: 375, height: 804)
        )
        // Short content is as tall as the bounds, as the sample's content rect.
        #expect(
            try Self.prepared(width: 375, itemCount: 1).contentSize == Size(width: 375, height: 600)
        )
    }

    @Test func invalidatesOnlyWhenTheSizeChanges() throws {
        let layout = try Self.prepared(width: 375, itemCount: 10)
        #expect(
            !layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 300, width: 375, height: 600)))
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 812, height: 375)))
    }

    @Test func rotationFrom375To812KeepsTheFirstVisibleItemAnchored() throws {
        // At offset 1000 in portrait the first visible item is 9 (segment 5,
        // 805–1005), 195 above the top. Segments keep their y at any width, so
        // after rotating item 9 is at (0, 805, ⌈812 / 2⌉ = 406, 200) and the
        // offset stays 1000.
        var layout = try Self.prepared(width: 375, itemCount: 100, height: 812)
        let visible = Rect(x: 0, y: 1000, width: 375, height: 812)
        #expect(
            layout.anchor(in: visible)
                == ScrollAnchor(indexPath: IndexPath(item: 9, section: 0), distanceFromTop: -195))
        let offset = try layout.prepare(
            bounds: Rect(x: 0, y: 1000, width: 812, height: 375), layoutMargins: .zero,
            safeAreaInsets: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44),
            anchoringFirstItemIn: visible)
        #expect(
            layout.attributes(forItem: IndexPath(item: 9, section: 0))?.frame
                == Rect(x: 0, y: 805, width: 406, height: 200))
        #expect(offset == Point(x: 0, y: 1000))
    }
}
