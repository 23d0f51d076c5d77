// WaterfallLayout: shortest column first, heights from aspect ratio plus
// caption on the pixel grid, items keeping their columns when re-measured.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct WaterfallLayoutTests {
    static let phoneMargins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)

    static func frame<S>(_ layout: WaterfallLayout<S>, _ item: Int, section: Int = 0) -> Rect? {
        layout.attributes(forItem: IndexPath(item: item, section: section))?.frame
    }

    /// 375 wide, margins 16: available 343; 2 columns of (343 − 10) / 2 =
    /// 166.5 (on the 2× grid already) at x = 16 and 16 + 166.5 + 10 = 192.5.
    static func phoneLayout(
        ratios: [Double], caption: Double = 20
    ) throws -> WaterfallLayout<AspectRatioCaptionSizing<FixedCellSizing>> {
        var layout = WaterfallLayout(
            itemCounts: [ratios.count],
            sizing: AspectRatioCaptionSizing(aspectRatios: [ratios], captionHeight: caption))
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 375, height: 812), layoutMargins: phoneMargins,
            safeAreaInsets: .zero)
        return layout
    }

    @Test func itemsGoToTheShortestColumn() throws {
        // Heights = 166.5 / ratio + 20 caption, rounded up to the 2× grid:
        // 186.5, 353, 103.25 → 103.5, 131. Both columns start at 10.
        let layout = try Self.phoneLayout(ratios: [1, 0.5, 2, 1.5])
        #expect(layout.itemWidth == 166.5)
        // Item 0: tie at 10 → column 0; column 0 next at 10 + 186.5 + 10 = 206.5.
        #expect(Self.frame(layout, 0) == Rect(x: 16, y: 10, width: 166.5, height: 186.5))
        // Item 1: column 1 (10 < 206.5); next at 10 + 353 + 10 = 373.
        #expect(Self.frame(layout, 1) == Rect(x: 192.5, y: 10, width: 166.5, height: 353))
        // Item 2: column 0 (206.5 < 373); next at 206.5 + 103.5 + 10 = 320.
        #expect(Self.frame(layout, 2) == Rect(x: 16, y: 206.5, width: 166.5, height: 103.5))
        // Item 3: column 0 (320 < 373); ends at 451.
        #expect(Self.frame(layout, 3) == Rect(x: 16, y: 320, width: 166.5, height: 131))
        // Tallest column: max(451, 363) = 451.
        #expect(layout.contentSize == Size(width: 375, height: 451))
    }

    @Test func tiesGoToTheLowestColumn() throws {
        var layout = WaterfallLayout(
            itemCounts: [4], sizing: AspectRatioCaptionSizing(aspectRatios: [[1, 1, 1, 1]]),
            columns: .count(3))
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 375, height: 812), layoutMargins: Self.phoneMargins,
            safeAreaInsets: .zero)
        #expect(
            (0..<4).map { layout.column(ofItem: IndexPath(item: $0, section: 0)) } == [0, 1, 2, 0])
    }

    @Test func itemWidthIsFlooredToThePixelGrid() throws {
        // (343 − 2 × 10) / 3 = 107.667 → 3× grid: ⌊323⌋ / 3 = 107.667 (on it);
        // at 2×: ⌊215.33⌋ / 2 = 107.5.
        for (scale, expected) in [(2.0, 107.5), (3.0, 323.0 / 3)] {
            var layout = WaterfallLayout(
                itemCounts: [1], sizing: AspectRatioCaptionSizing(aspectRatios: [[1]]),
                columns: .count(3),
                displayScale: scale)
            try layout.prepare(
                bounds: Rect(x: 0, y: 0, width: 375, height: 812), layoutMargins: Self.phoneMargins,
                safeAreaInsets: .zero)
            #expect(layout.itemWidth == expected)
        }
    }

    @Test func minimumColumnWidthFitsAsManyColumnsAsItAllows() throws {
        // available 1024 − 40 = 984: ⌊(984 + 10) / (200 + 10)⌋ = 4 columns of
        // (984 − 30) / 4 = 238.5.
        var layout = WaterfallLayout(
            itemCounts: [1], sizing: AspectRatioCaptionSizing(aspectRatios: [[1]]),
            columns: .minimumWidth(200))
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), safeAreaInsets: .zero
        )
        #expect(layout.columnCount == 4)
        #expect(layout.itemWidth == 238.5)
    }

    @Test func captionIsMeasuredAtTheItemWidth() throws {
        // A caption source that wraps: 20 points per 100 points of text over the
        // width. At 166.5: 500 / 166.5 → 4 lines → 80.
        let caption = ClosureCellSizing { _, width in 20 * (500 / width).rounded(.up) }
        var layout = WaterfallLayout(
            itemCounts: [1], sizing: AspectRatioCaptionSizing(aspectRatios: [[1]], caption: caption)
        )
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 375, height: 812), layoutMargins: Self.phoneMargins,
            safeAreaInsets: .zero)
        #expect(Self.frame(layout, 0)?.height == 166.5 + 80)
    }

    @Test func reMeasuredItemKeepsItsColumnAndMovesOnlyItsColumn() throws {
        // From itemsGoToTheShortestColumn: item 0 grows 186.5 → 400 (+213.5).
        var layout = try Self.phoneLayout(ratios: [1, 0.5, 2, 1.5])
        _ = try layout.updateItemHeight(
            400, at: IndexPath(item: 0, section: 0),
            visibleRect: Rect(x: 0, y: 0, width: 375, height: 812))
        #expect(Self.frame(layout, 0) == Rect(x: 16, y: 10, width: 166.5, height: 400))
        // Items 2 and 3 stay in column 0 and move down 213.5, although
        // column 1 is now the shorter one.
        #expect(Self.frame(layout, 2)?.minY == 420)
        #expect(Self.frame(layout, 3)?.minY == 533.5)
        #expect(layout.column(ofItem: IndexPath(item: 3, section: 0)) == 0)
        #expect(Self.frame(layout, 1) == Rect(x: 192.5, y: 10, width: 166.5, height: 353))
        #expect(layout.contentSize.height == 664.5)
    }

    @Test func sectionsStackBelowTheirTallestColumnWithHeaders() throws {
        // Ratios 1, no caption: items 166.5 tall. Section 0: header 0–30, items
        // at 40 in both columns, bottom 206.5. Section 1: header 206.5–236.5,
        // its item at 246.5.
        var layout = WaterfallLayout(
            itemCounts: [2, 1], sizing: AspectRatioCaptionSizing(aspectRatios: [[1, 1], [1]]),
            headerHeight: 30)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 375, height: 812), layoutMargins: Self.phoneMargins,
            safeAreaInsets: .zero)
        #expect(
            layout.attributes(forHeaderInSection: 0)?.frame
                == Rect(x: 0, y: 0, width: 375, height: 30))
        #expect(Self.frame(layout, 1) == Rect(x: 192.5, y: 40, width: 166.5, height: 166.5))
        #expect(
            layout.attributes(forHeaderInSection: 1)?.frame
                == Rect(x: 0, y: 206.5, width: 375, height: 30))
        #expect(
            Self.frame(layout, 0, section: 1) == Rect(x: 16, y: 246.5, width: 166.5, height: 166.5))
        #expect(layout.contentSize.height == 413)

        // Item [0, 0] grows to 200: section 0 ends at 240 (+33.5) and section 1
        // moves down with it.
        _ = try layout.updateItemHeight(
            200, at: IndexPath(item: 0, section: 0),
            visibleRect: Rect(x: 0, y: 0, width: 375, height: 812))
        #expect(layout.attributes(forHeaderInSection: 1)?.frame.minY == 240)
        #expect(Self.frame(layout, 0, section: 1)?.minY == 280)
        #expect(layout.contentSize.height == 446.5)
    }

    @Test func invalidatesOnlyWhenTheSizeChanges() throws {
        let layout = try Self.phoneLayout(ratios: [1, 1])
        #expect(
            !layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 250, width: 375, height: 812)))
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 812, height: 375)))
    }

    @Test func rotationFrom375To812KeepsTheFirstVisibleItemAnchored() throws {
        // Minimum column width 160, square media, no caption.
        // Portrait, available 343: ⌊353 / 170⌋ = 2 columns of 166.5; item i in
        // column i % 2, row r = i / 2 at y = 10 + 176.5r. At offset 1000 row 5
        // (892.5–1059) is the first reaching in: item 10, 107.5 above the top.
        var layout = WaterfallLayout(
            itemCounts: [100],
            sizing: AspectRatioCaptionSizing(aspectRatios: [Array(repeating: 1, count: 100)]),
            columns: .minimumWidth(160))
        try layout.prepare(
            bounds: Rect(x: 0, y: 1000, width: 375, height: 812), layoutMargins: Self.phoneMargins,
            safeAreaInsets: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        let visible = Rect(x: 0, y: 1000, width: 375, height: 812)
        #expect(
            layout.anchor(in: visible)
                == ScrollAnchor(indexPath: IndexPath(item: 10, section: 0), distanceFromTop: -107.5)
        )

        // Landscape, margins 60, available 692: ⌊702 / 170⌋ = 4 columns of
        // (692 − 30) / 4 = 165.5; item 10 in column 2, row 2:
        // x = 60 + 2 × 175.5 = 411, y = 10 + 2 × 175.5 = 361 → offset 468.5.
        let offset = try layout.prepare(
            bounds: Rect(x: 0, y: 1000, width: 812, height: 375),
            layoutMargins: EdgeInsets(top: 0, left: 60, bottom: 0, right: 60),
            safeAreaInsets: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44),
            anchoringFirstItemIn: visible)
        #expect(layout.columnCount == 4)
        #expect(Self.frame(layout, 10) == Rect(x: 411, y: 361, width: 165.5, height: 165.5))
        #expect(offset == Point(x: 0, y: 468.5))
    }

    @Test func reportedHeightAboveTheViewportKeepsTheFirstVisibleItemAnchored() throws {
        // One column 343 wide; ratio 1 and caption 20 → 343 + 20 = 363 tall,
        // item i at y = 10 + 373i. At offset 1000 item 2 (756–1119) is the
        // first visible, 244 above the top. Item 0 grows by 100 → item 2 at
        // 856, offset 856 + 244 = 1100.
        var layout = WaterfallLayout(
            itemCounts: [10],
            sizing: AspectRatioCaptionSizing(
                aspectRatios: [Array(repeating: 1, count: 10)], captionHeight: 20),
            columns: .count(1))
        try layout.prepare(
            bounds: Rect(x: 0, y: 1000, width: 375, height: 812), layoutMargins: Self.phoneMargins,
            safeAreaInsets: .zero)
        let offset = try layout.updateItemHeight(
            463, at: IndexPath(item: 0, section: 0),
            visibleRect: Rect(x: 0, y: 1000, width: 375, height: 812))
        #expect(Self.frame(layout, 2)?.minY == 856)
        #expect(offset == Point(x: 0, y: 1100))
    }
}
