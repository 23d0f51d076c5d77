// ColumnFlowLayout against Apple's sample rules, with every expected number
// worked out from them in the comments.
//
// Margins: a view controller's root view on an iPhone in portrait has 16-point
// side margins (compact width), on an iPad 20 (regular width); the safe area
// is zero at the sides in these orientations.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct ColumnFlowLayoutTests {
    static func prepared(
        width: Double, margin: Double, itemCount: Int = 6, safeArea: EdgeInsets = .zero
    ) throws -> ColumnFlowLayout<FixedCellSizing> {
        var layout = ColumnFlowLayout(itemCounts: [itemCount])
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: width, height: 800),
            layoutMargins: EdgeInsets(top: 0, left: margin, bottom: 0, right: margin),
            safeAreaInsets: safeArea)
        return layout
    }

    static func frames(_ layout: ColumnFlowLayout<FixedCellSizing>, _ count: Int) -> [Rect] {
        (0..<count).compactMap {
            layout.attributes(forItem: IndexPath(item: $0, section: 0))?.frame
        }
    }

    @Test func width320GivesOneCenteredColumn() throws {
        // available = 320 − 16 − 16 = 288; columns = max(1, ⌊288 / 300⌋ = 0) = 1
        // (the sample would divide by zero); item width = ⌊288 / 1⌋ = 288.
        // A line of 320 holds ⌊(320 + 10) / (288 + 10)⌋ = 1 item, centred:
        // x = (320 − 288) / 2 = 16. Rows: top inset 10, then every 70 + 10.
        let layout = try Self.prepared(width: 320, margin: 16, itemCount: 3)
        #expect(layout.columnCount == 1)
        #expect(layout.itemWidth == 288)
        #expect(
            Self.frames(layout, 3) == [
                Rect(x: 16, y: 10, width: 288, height: 70),
                Rect(x: 16, y: 90, width: 288, height: 70),
                Rect(x: 16, y: 170, width: 288, height: 70),
            ])
        // 10 + 3 × 70 + 2 × 10, no bottom inset.
        #expect(layout.contentSize == Size(width: 320, height: 240))
    }

    @Test func width700GivesTwoColumns() throws {
        // available = 700 − 40 = 660; columns = ⌊660 / 300⌋ = 2; item width =
        // ⌊660 / 2⌋ = 330. A full line is justified: the spare 700 − 2 × 330 = 40
        // is the one gap, so x = 0 and 330 + 40 = 370.
        let layout = try Self.prepared(width: 700, margin: 20, itemCount: 5)
        #expect(layout.columnCount == 2)
        #expect(
            Self.frames(layout, 5) == [
                Rect(x: 0, y: 10, width: 330, height: 70),
                Rect(x: 370, y: 10, width: 330, height: 70),
                Rect(x: 0, y: 90, width: 330, height: 70),
                Rect(x: 370, y: 90, width: 330, height: 70),
                // The last line keeps the full lines' positions.
                Rect(x: 0, y: 170, width: 330, height: 70),
            ])
    }

    @Test func width1024GivesThreeColumns() throws {
        // available = 1024 − 40 = 984; columns = ⌊984 / 300⌋ = 3; item width =
        // ⌊984 / 3⌋ = 328. Spare 1024 − 3 × 328 = 40 over 2 gaps = 20:
        // x = 0, 348, 696.
        let layout = try Self.prepared(width: 1024, margin: 20, itemCount: 5)
        #expect(layout.columnCount == 3)
        #expect(
            Self.frames(layout, 5) == [
                Rect(x: 0, y: 10, width: 328, height: 70),
                Rect(x: 348, y: 10, width: 328, height: 70),
                Rect(x: 696, y: 10, width: 328, height: 70),
                Rect(x: 0, y: 90, width: 328, height: 70),
                Rect(x: 348, y: 90, width: 328, height: 70),
            ])
        #expect(layout.contentSize == Size(width: 1024, height: 160))
    }

    @Test func linesSpanTheSafeAreaNotTheBounds() throws {
        // iPhone X landscape: safe area 44 at each side, margins 44 + 16 = 60.
        // available = 812 − 120 = 692 → 2 columns of 346; the line runs from
        // 44 to 812 − 44 = 768 (724 wide): gap 724 − 692 = 32, x = 44 and 422.
        let layout = try Self.prepared(
            width: 812, margin: 60, itemCount: 2,
            safeArea: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44))
        #expect(
            Self.frames(layout, 2) == [
                Rect(x: 44, y: 10, width: 346, height: 70),
                Rect(x: 422, y: 10, width: 346, height: 70),
            ])
    }

    @Test func selfSizingRowTakesItsTallestItemAndCentersTheOthers() throws {
        // 700 wide, margins 20 → 2 columns of 330. Row 1: 50 and 90 → 90 tall,
        // the 50 item centred at 10 + (90 − 50) / 2 = 30. Row 2 starts at
        // 10 + 90 + 10 = 110.
        var layout = ColumnFlowLayout(
            itemCounts: [3], sizing: StoredHeights(heights: [[50, 90, 40]]))
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 700, height: 800),
            layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), safeAreaInsets: .zero
        )
        #expect(
            layout.attributes(forItem: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 0, y: 30, width: 330, height: 50))
        #expect(
            layout.attributes(forItem: IndexPath(item: 1, section: 0))?.frame
                == Rect(x: 370, y: 10, width: 330, height: 90))
        #expect(
            layout.attributes(forItem: IndexPath(item: 2, section: 0))?.frame
                == Rect(x: 0, y: 110, width: 330, height: 40))
        #expect(layout.contentSize.height == 150)
    }

    @Test func sizingIsAskedAtTheItemWidth() throws {
        var widths: [Double] = []
        var layout = ColumnFlowLayout(
            itemCounts: [2],
            sizing: ClosureCellSizing { _, width in
                widths.append(width)
                return 70
            })
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), safeAreaInsets: .zero
        )
        #expect(widths == [328, 328])
    }

    @Test func headersSpanTheWidthAboveTheirSection() throws {
        // Section 0: header 0–44, inset 10, one row 54–124. Section 1 (empty):
        // header 124–168 only. Section 2: header 168–212, row 222–292, its
        // one item centred at (700 − 330) / 2 = 185.
        var layout = ColumnFlowLayout(itemCounts: [2, 0, 1], headerHeight: 44)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 700, height: 800),
            layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), safeAreaInsets: .zero
        )
        #expect(
            layout.attributes(forHeaderInSection: 0)?.frame
                == Rect(x: 0, y: 0, width: 700, height: 44))
        #expect(
            layout.attributes(forHeaderInSection: 1)?.frame
                == Rect(x: 0, y: 124, width: 700, height: 44))
        #expect(
            layout.attributes(forHeaderInSection: 2)?.frame
                == Rect(x: 0, y: 168, width: 700, height: 44))
        #expect(
            layout.attributes(forItem: IndexPath(item: 1, section: 0))?.frame
                == Rect(x: 370, y: 54, width: 330, height: 70))
        #expect(
            layout.attributes(forItem: IndexPath(item: 0, section: 2))?.frame
                == Rect(x: 185, y: 222, width: 330, height: 70))
        #expect(layout.contentSize.height == 292)
        let kinds = layout.attributes(in: Rect(x: 0, y: 0, width: 700, height: 800)).map {
            "\($0.kind) \($0.indexPath)"
        }
        #expect(
            kinds == [
                "header [0, 0]", "cell [0, 0]", "cell [0, 1]", "header [1, 0]", "header [2, 0]",
                "cell [2, 0]",
            ])
    }

    @Test func invalidatesOnlyWhenTheSizeChanges() throws {
        let layout = try Self.prepared(width: 375, margin: 16)
        #expect(
            !layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 500, width: 375, height: 800)))
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 812, height: 375)))
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 375, height: 700)))
    }

    @Test func rotationFrom375To812KeepsTheFirstVisibleItemAnchored() throws {
        // Portrait 375 × 812, margins 16: 1 column of 343, item i at
        // y = 10 + 80i. Scrolled to 1000: item 12 (970–1040) is the first
        // visible one, 30 points above the top (item 11 ends at 960).
        var layout = ColumnFlowLayout(itemCounts: [100])
        try layout.prepare(
            bounds: Rect(x: 0, y: 1000, width: 375, height: 812),
            layoutMargins: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16),
            safeAreaInsets: EdgeInsets(top: 44, left: 0, bottom: 34, right: 0))
        let visible = Rect(x: 0, y: 1000, width: 375, height: 812)
        #expect(
            layout.anchor(in: visible)
                == ScrollAnchor(indexPath: IndexPath(item: 12, section: 0), distanceFromTop: -30))

        // Landscape 812 × 375, safe area 44 at the sides, margins 60: 2 columns
        // of 346 (see linesSpanTheSafeAreaNotTheBounds). Item 12 is in row 6
        // at y = 10 + 6 × 80 = 490, so the offset becomes 490 + 30 = 520.
        let newBounds = Rect(x: 0, y: 1000, width: 812, height: 375)
        #expect(layout.shouldInvalidate(forBoundsChange: newBounds))
        let offset = try layout.prepare(
            bounds: newBounds, layoutMargins: EdgeInsets(top: 0, left: 60, bottom: 0, right: 60),
            safeAreaInsets: EdgeInsets(top: 0, left: 44, bottom: 21, right: 44),
            anchoringFirstItemIn: visible)
        #expect(layout.preparedBounds == newBounds)
        #expect(layout.columnCount == 2)
        #expect(
            layout.attributes(forItem: IndexPath(item: 12, section: 0))?.frame
                == Rect(x: 44, y: 490, width: 346, height: 70))
        #expect(offset == Point(x: 0, y: 520))
    }

    @Test func reportedHeightMovesLaterRowsAndKeepsTheFirstVisibleItemAnchored() throws {
        // 1 column at 320 (margins 16): item i at y = 10 + 80i. Viewport at
        // 1000: item 12 (y 970) is first visible, 30 above the top.
        var layout = ColumnFlowLayout(
            itemCounts: [40], sizing: StoredHeights(heights: [Array(repeating: 70, count: 40)]))
        let margins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        try layout.prepare(
            bounds: Rect(x: 0, y: 1000, width: 320, height: 568), layoutMargins: margins,
            safeAreaInsets: .zero)
        let visible = Rect(x: 0, y: 1000, width: 320, height: 568)

        // Item 3 (above the viewport) reports 170 instead of 70: rows 4… move
        // down 100, item 12 to y 1070, and the offset follows to 1100.
        let offset = try layout.updateItemHeight(
            170, at: IndexPath(item: 3, section: 0), visibleRect: visible)
        #expect(
            layout.attributes(forItem: IndexPath(item: 3, section: 0))?.frame
                == Rect(x: 16, y: 250, width: 288, height: 170))
        #expect(layout.attributes(forItem: IndexPath(item: 4, section: 0))?.frame.minY == 430)
        #expect(layout.attributes(forItem: IndexPath(item: 12, section: 0))?.frame.minY == 1070)
        #expect(offset == Point(x: 0, y: 1100))
        // 10 + 40 × 70 + 39 × 10 + 100.
        #expect(layout.contentSize.height == 3300)
    }

    @Test func reportedHeightBelowTheViewportLeavesTheOffset() throws {
        var layout = ColumnFlowLayout(
            itemCounts: [40], sizing: StoredHeights(heights: [Array(repeating: 70, count: 40)]))
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 320, height: 568),
            layoutMargins: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16), safeAreaInsets: .zero
        )
        let offset = try layout.updateItemHeight(
            20, at: IndexPath(item: 30, section: 0),
            visibleRect: Rect(x: 0, y: 800, width: 320, height: 568))
        #expect(offset == Point(x: 0, y: 800))
        // Item 31 was at 10 + 31 × 80 = 2490; item 30 shrank by 50.
        #expect(layout.attributes(forItem: IndexPath(item: 31, section: 0))?.frame.minY == 2440)
    }
}
