// Bad input to the collection layouts: each gives an error saying what and
// where, nothing traps, and a layout that throws keeps its previous state.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct CollectionLayoutErrorTests {
    static let screen = Rect(x: 0, y: 0, width: 375, height: 812)

    static func flow(_ counts: [Int] = [10]) -> ColumnFlowLayout<FixedCellSizing> {
        ColumnFlowLayout(itemCounts: counts)
    }

    static func waterfall(_ ratios: [Double], caption: Double = 0)
        -> WaterfallLayout<AspectRatioCaptionSizing<FixedCellSizing>>
    {
        WaterfallLayout(
            itemCounts: [ratios.count],
            sizing: AspectRatioCaptionSizing(aspectRatios: [ratios], captionHeight: caption))
    }

    @Test(arguments: [0.0, -375.0, .nan, .infinity])
    func badBoundsWidthIsRejectedByEveryLayout(width: Double) {
        let bounds = Rect(x: 0, y: 0, width: width, height: 812)
        var flow = Self.flow()
        var mosaic = MosaicLayout(itemCount: 10)
        var waterfall = Self.waterfall([1, 1])
        for error in [
            #expect(throws: CollectionLayoutError.self) {
                try flow.prepare(bounds: bounds, layoutMargins: .zero, safeAreaInsets: .zero)
            },
            #expect(throws: CollectionLayoutError.self) {
                try mosaic.prepare(bounds: bounds, layoutMargins: .zero, safeAreaInsets: .zero)
            },
            #expect(throws: CollectionLayoutError.self) {
                try waterfall.prepare(bounds: bounds, layoutMargins: .zero, safeAreaInsets: .zero)
            },
        ] {
            guard case .invalidBounds = error else {
                Issue.record("expected invalidBounds, got \(String(describing: error))")
                continue
            }
            #expect(error?.description.contains("the width must be positive and finite") == true)
        }
    }

    @Test func nanBoundsHeightIsRejected() {
        var flow = Self.flow()
        let error = #expect(throws: CollectionLayoutError.self) {
            try flow.prepare(
                bounds: Rect(x: 0, y: 0, width: 375, height: .nan), layoutMargins: .zero,
                safeAreaInsets: .zero)
        }
        #expect(error?.description.hasPrefix("invalid bounds (0, 0, 375, nan)") == true)
    }

    @Test func negativeOrNaNInsetsAreRejectedNamingThem() {
        var flow = Self.flow()
        let margins = #expect(throws: CollectionLayoutError.self) {
            try flow.prepare(
                bounds: Self.screen,
                layoutMargins: EdgeInsets(top: 0, left: -16, bottom: 0, right: 16),
                safeAreaInsets: .zero)
        }
        #expect(margins?.description.hasPrefix("invalid layoutMargins (top 0, left -16") == true)
        let safeArea = #expect(throws: CollectionLayoutError.self) {
            try flow.prepare(
                bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: EdgeInsets(top: .nan))
        }
        #expect(safeArea?.description.hasPrefix("invalid safeAreaInsets (top nan") == true)
    }

    @Test func marginsLeavingNoWidthAreRejected() {
        var flow = Self.flow()
        #expect(
            throws: CollectionLayoutError.noRoomForItems(
                layout: "ColumnFlowLayout", availableWidth: -25)
        ) {
            try flow.prepare(
                bounds: Self.screen,
                layoutMargins: EdgeInsets(top: 0, left: 200, bottom: 0, right: 200),
                safeAreaInsets: .zero)
        }
        var waterfall = Self.waterfall([1])
        #expect(
            throws: CollectionLayoutError.noRoomForItems(
                layout: "WaterfallLayout", availableWidth: 0)
        ) {
            try waterfall.prepare(
                bounds: Self.screen,
                layoutMargins: EdgeInsets(top: 0, left: 175, bottom: 0, right: 200),
                safeAreaInsets: .zero)
        }
    }

    @Test func nanItemHeightIsRejectedNamingTheItem() {
        var layout = ColumnFlowLayout(
            itemCounts: [5],
            sizing: ClosureCellSizing { indexPath, _ in indexPath.item == 3 ? .nan : 70 })
        let error = #expect(throws: CollectionLayoutError.self) {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
        #expect(error?.description == "item [0, 3]: height nan must be finite and not negative")
    }

    @Test func negativeItemHeightIsRejected() {
        var layout = ColumnFlowLayout(itemCounts: [5], cellHeight: -1)
        #expect(throws: CollectionLayoutError.invalidItemHeight(IndexPath(item: 0, section: 0), -1))
        {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
    }

    @Test func aspectRatioOfZeroIsRejectedNamingTheItem() {
        var layout = Self.waterfall([1.5, 0, 1])
        let error = #expect(
            throws: CollectionLayoutError.invalidAspectRatio(IndexPath(item: 1, section: 0), 0)
        ) {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
        #expect(
            error?.description
                == "item [0, 1]: aspect ratio 0 must be positive and finite (width / height)")
    }

    @Test(arguments: [-1.0, .infinity, .leastNonzeroMagnitude])
    func aspectRatiosThatGiveNoFiniteHeightAreRejected(ratio: Double) {
        var layout = Self.waterfall([ratio])
        #expect(
            throws: CollectionLayoutError.invalidAspectRatio(IndexPath(item: 0, section: 0), ratio)
        ) {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
    }

    @Test func missingAspectRatioIsReportedAsNaNForThatItem() {
        // Two items counted, one ratio stored.
        var layout = WaterfallLayout(
            itemCounts: [2], sizing: AspectRatioCaptionSizing(aspectRatios: [[1]]))
        let error = #expect(throws: CollectionLayoutError.self) {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
        #expect(
            error?.description
                == "item [0, 1]: aspect ratio nan must be positive and finite (width / height)")
    }

    @Test func negativeCaptionHeightIsRejected() {
        var layout = Self.waterfall([1], caption: -3)
        #expect(
            throws: CollectionLayoutError.invalidCaptionHeight(IndexPath(item: 0, section: 0), -3)
        ) {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
    }

    @Test(arguments: [0.0, -300.0])
    func nonPositiveMinColumnWidthIsRejected(width: Double) {
        var layout = ColumnFlowLayout(itemCounts: [3], minColumnWidth: width)
        #expect(
            throws: CollectionLayoutError.invalidParameter(
                name: "minColumnWidth", value: width, requirement: "must be positive and finite")
        ) {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
    }

    @Test func minColumnWidthBelowOnePointPerColumnIsRejected() {
        // 375 / 0.001 columns would leave items 0 points wide.
        var layout = ColumnFlowLayout(itemCounts: [3], minColumnWidth: 0.001)
        let error = #expect(throws: CollectionLayoutError.self) {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
        #expect(
            error?.description
                == "invalid minColumnWidth 0.001: leaves items less than 1 point wide in 375 points"
        )
    }

    @Test func zeroColumnsAndNegativeSpacingAreRejected() {
        var layout = Self.waterfall([1])
        layout.columns = .count(0)
        #expect(
            throws: CollectionLayoutError.invalidParameter(
                name: "columns.count", value: 0, requirement: "must be from 1 to 1000")
        ) {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
        layout.columns = .count(2)
        layout.columnSpacing = -10
        #expect(
            throws: CollectionLayoutError.invalidParameter(
                name: "columnSpacing", value: -10, requirement: "must be finite and not negative")
        ) {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
    }

    @Test func negativeItemCountIsRejectedNamingTheSection() {
        var layout = Self.flow([4, -2])
        #expect(throws: CollectionLayoutError.invalidItemCount(section: 1, count: -2)) {
            try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        }
    }

    @Test func mosaicNarrowerThanItsSplitsIsRejected() throws {
        // At 5 points twoThirdsOneThird gives ⌈10/3⌉ = 4 to the big item and
        // 5 − 4 − 1 = 0 to the side column; 6 is the least whole width that works.
        var layout = MosaicLayout(itemCount: 10)
        #expect(
            throws: CollectionLayoutError.noRoomForItems(
                layout: "MosaicLayout (twoThirdsOneThird)", availableWidth: 0)
        ) {
            try layout.prepare(
                bounds: Rect(x: 0, y: 0, width: 5, height: 100), layoutMargins: .zero,
                safeAreaInsets: .zero)
        }
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 6, height: 100), layoutMargins: .zero,
            safeAreaInsets: .zero)
        #expect(layout.allAttributes.allSatisfy { $0.frame.width > 0 && $0.frame.height > 0 })
    }

    @Test func failedPrepareLeavesThePreviousLayout() throws {
        var layout = ColumnFlowLayout(
            itemCounts: [20],
            sizing: ClosureCellSizing { indexPath, width in
                width < 300 && indexPath.item == 7 ? .nan : 70
            })
        try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        let before = (
            layout.allAttributes, layout.contentSize, layout.preparedBounds, layout.itemWidth
        )
        #expect(throws: CollectionLayoutError.self) {
            try layout.prepare(
                bounds: Rect(x: 0, y: 0, width: 320, height: 568),
                layoutMargins: EdgeInsets(all: 16), safeAreaInsets: .zero)
        }
        #expect(layout.allAttributes == before.0)
        #expect(layout.contentSize == before.1)
        #expect(layout.preparedBounds == before.2)
        #expect(layout.itemWidth == before.3)
    }

    @Test func badReportedHeightsAndUnknownItemsAreRejectedWithoutChanges() throws {
        var unprepared = Self.waterfall([1, 1])
        #expect(throws: CollectionLayoutError.notPrepared) {
            _ = try unprepared.updateItemHeight(
                10, at: IndexPath(item: 0, section: 0), visibleRect: Self.screen)
        }
        var layout = Self.flow([10])
        try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        let before = layout.allAttributes
        #expect(throws: CollectionLayoutError.noSuchItem(IndexPath(item: 10, section: 0))) {
            _ = try layout.updateItemHeight(
                10, at: IndexPath(item: 10, section: 0), visibleRect: Self.screen)
        }
        #expect(throws: CollectionLayoutError.noSuchItem(IndexPath(item: 0, section: -1))) {
            _ = try layout.updateItemHeight(
                10, at: IndexPath(item: 0, section: -1), visibleRect: Self.screen)
        }
        let error = #expect(throws: CollectionLayoutError.self) {
            _ = try layout.updateItemHeight(
                .nan, at: IndexPath(item: 2, section: 0), visibleRect: Self.screen)
        }
        #expect(error?.description == "item [0, 2]: height nan must be finite and not negative")
        #expect(layout.allAttributes == before)
    }

    @Test func queriesWithBadArgumentsAnswerNothing() throws {
        var layout = MosaicLayout(itemCount: 10)
        #expect(layout.attributes(in: Self.screen).isEmpty)  // not prepared yet
        try layout.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(layout.attributes(in: Rect(x: 0, y: .nan, width: 100, height: 100)).isEmpty)
        #expect(layout.attributes(in: Rect(x: 0, y: 0, width: 100, height: -100)).isEmpty)
        #expect(layout.attributes(forItem: IndexPath(item: -1, section: 0)) == nil)
        #expect(layout.attributes(forItem: IndexPath(item: 10, section: 0)) == nil)
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 1)) == nil)
    }

    @Test func hugeBoundsDoNotTrap() throws {
        // Counts derived from widths stay Double until they are known to be small.
        var flow = ColumnFlowLayout(itemCounts: [3], minColumnWidth: 1)
        try flow.prepare(
            bounds: Rect(x: 0, y: 0, width: 1e300, height: 800), layoutMargins: .zero,
            safeAreaInsets: .zero)
        // ⌊(1e300 + 10) / (1 + 10)⌋ items fit a line, stored capped at 10^9.
        #expect(flow.itemsPerLine == 1_000_000_000)
        // A minimum of 1e-300 makes as many columns as leave each a pixel:
        // 37 columns would be ⌊2 × (375 − 360) / 37⌋ / 2 = 0 wide, 36 are
        // ⌊2 × 25 / 36⌋ / 2 = 0.5 wide.
        var waterfall = Self.waterfall([1, 1])
        waterfall.columns = .minimumWidth(1e-300)
        try waterfall.prepare(bounds: Self.screen, layoutMargins: .zero, safeAreaInsets: .zero)
        #expect((waterfall.columnCount, waterfall.itemWidth) == (36, 0.5))
    }
}
