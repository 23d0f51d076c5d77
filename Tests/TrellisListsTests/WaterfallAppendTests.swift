// Appending to a prepared waterfall: no item already placed moves or
// changes column, new items go where prepare would put them from the
// columns as they are.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct WaterfallAppendTests {
    /// 375 wide, margins 16: 2 columns of 166.5 at x = 16 and 192.5; heights
    /// 166.5 / ratio + 20, rounded up to the 2× grid: ratio 1 → 186.5,
    /// 0.5 → 353, 2 → 103.5, 1.5 → 131 (as in WaterfallLayoutTests).
    static func layout(prepared count: Int) throws -> WaterfallLayout<
        AspectRatioCaptionSizing<FixedCellSizing>
    > {
        var layout = WaterfallLayout(
            itemCounts: [count],
            sizing: AspectRatioCaptionSizing(
                aspectRatios: [[1, 0.5, 2, 1.5, 1, 2, .nan]], captionHeight: 20))
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 375, height: 812),
            layoutMargins: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16), safeAreaInsets: .zero
        )
        return layout
    }

    static func frames<S>(_ layout: WaterfallLayout<S>, _ count: Int) -> [Rect] {
        (0..<count).map { layout.attributes(forItem: IndexPath(item: $0, section: 0))!.frame }
    }

    @Test func appendedItemsGoWherePrepareWouldPutThem() throws {
        // Four items: column 0 holds 0 (10-196.5), 2 (206.5-310), 3
        // (320-451) and goes on at 461; column 1 holds 1 (10-363), on at 373.
        var layout = try Self.layout(prepared: 4)
        let before = Self.frames(layout, 4)
        try layout.appendItems(count: 2)
        #expect(Self.frames(layout, 4) == before)
        // Item 4 (186.5) to column 1 (373 < 461): 373-559.5; item 5 (103.5)
        // to column 0 (461 < 569.5): 461-564.5.
        #expect(
            layout.attributes(forItem: IndexPath(item: 4, section: 0))?.frame
                == Rect(x: 192.5, y: 373, width: 166.5, height: 186.5))
        #expect(
            layout.attributes(forItem: IndexPath(item: 5, section: 0))?.frame
                == Rect(x: 16, y: 461, width: 166.5, height: 103.5))
        #expect(layout.contentSize.height == 564.5)
        #expect(layout.itemCounts == [6])
        // The same as preparing six items at once.
        let fresh = try Self.layout(prepared: 6)
        #expect(layout.allAttributes == fresh.allAttributes)
        #expect(
            layout.attributes(in: Rect(x: 0, y: 400, width: 375, height: 200))
                == fresh.attributes(in: Rect(x: 0, y: 400, width: 375, height: 200)))
    }

    @Test func reMeasuredItemsKeepTheirColumnsAndTheAppendFollowsTheColumnsAsTheyAre() throws {
        var layout = try Self.layout(prepared: 4)
        // Item 1 re-measured at 400: column 1 now goes on at 10 + 400 + 10 = 420.
        _ = try layout.updateItemHeight(
            400, at: IndexPath(item: 1, section: 0),
            visibleRect: Rect(x: 0, y: 0, width: 375, height: 812))
        let before = Self.frames(layout, 4)
        let columns = (0..<4).map { layout.column(ofItem: IndexPath(item: $0, section: 0)) }
        try layout.appendItems(count: 2)
        #expect(Self.frames(layout, 4) == before)
        #expect((0..<4).map { layout.column(ofItem: IndexPath(item: $0, section: 0)) } == columns)
        // Item 4 to column 1 (420 < 461): 420-606.5; item 5 to column 0 (461 < 616.5).
        #expect(
            layout.attributes(forItem: IndexPath(item: 4, section: 0))?.frame
                == Rect(x: 192.5, y: 420, width: 166.5, height: 186.5))
        #expect(
            layout.attributes(forItem: IndexPath(item: 5, section: 0))?.frame
                == Rect(x: 16, y: 461, width: 166.5, height: 103.5))
        #expect(layout.contentSize.height == 606.5)
    }

    @Test func aBadNewItemOrCountIsRefusedAndNothingChanges() throws {
        var layout = try Self.layout(prepared: 6)
        let before = layout.allAttributes
        // Item 6's aspect ratio is NaN.
        // (NaN equals nothing, so the error is compared by its message.)
        let error = #expect(throws: CollectionLayoutError.self) { try layout.appendItems(count: 1) }
        #expect(
            error?.description
                == "item [0, 6]: aspect ratio nan must be positive and finite (width / height)")
        #expect(
            throws: CollectionLayoutError.invalidParameter(
                name: "count", value: -1, requirement: "must not be negative")
        ) {
            try layout.appendItems(count: -1)
        }
        #expect(layout.allAttributes == before)
        #expect(layout.itemCounts == [6])
        var unprepared = WaterfallLayout(
            itemCounts: [1], sizing: AspectRatioCaptionSizing(aspectRatios: [[1]]))
        #expect(throws: CollectionLayoutError.notPrepared) { try unprepared.appendItems(count: 1) }
    }
}
