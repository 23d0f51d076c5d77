// Mismatches between the collection layouts' documentation and their
// behaviour that an outside property test found (issue 20), each pinned by a
// specification.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

@Suite struct CollectionDocumentedPromisesTests {
    static func bounds(_ width: Double) -> Rect { Rect(x: 0, y: 0, width: width, height: 800) }

    // MARK: Column flow

    @Test func aSectionOfOneItemIsCentredWhateverTheOtherSectionsHold() throws {
        // Width 300, minimum 100: 3 columns of 100; a line fits
        // ⌊(300 + 10) / (100 + 10)⌋ = 2 items. A line holding one item is
        // centred: x = (300 − 100) / 2 = 100, in either section.
        var one = ColumnFlowLayout(itemCounts: [1], minColumnWidth: 100)
        try one.prepare(bounds: Self.bounds(300), layoutMargins: .zero, safeAreaInsets: .zero)
        var two = ColumnFlowLayout(itemCounts: [1, 1], minColumnWidth: 100)
        try two.prepare(bounds: Self.bounds(300), layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(
            one.attributes(forItem: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 100, y: 10, width: 100, height: 70))
        // Section 1 starts 10 below section 0's 70-point row (top inset 10).
        #expect(
            two.attributes(forItem: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 100, y: 10, width: 100, height: 70))
        #expect(
            two.attributes(forItem: IndexPath(item: 0, section: 1))?.frame
                == Rect(x: 100, y: 90, width: 100, height: 70))
        #expect(one.itemsPerLine == 2)
        #expect(two.itemsPerLine == 2)
    }

    @Test func aSectionShorterThanALineIsJustifiedAcrossTheLine() throws {
        // Width 330, minimum 100: 3 columns of 110, 3 fit per line. Section
        // 0 holds 2 items: justified, at 0 and 330 − 110 = 220; section 1's 3
        // items at 0, 110, 220 (gaps (330 − 330) / 2 = 0).
        var layout = ColumnFlowLayout(itemCounts: [2, 3], minColumnWidth: 100, interItemSpacing: 0)
        try layout.prepare(bounds: Self.bounds(330), layoutMargins: .zero, safeAreaInsets: .zero)
        let xs = { (section: Int, count: Int) in
            (0..<count).map {
                layout.attributes(forItem: IndexPath(item: $0, section: section))!.frame.minX
            }
        }
        #expect(xs(0, 2) == [0, 220])
        #expect(xs(1, 3) == [0, 110, 220])
    }

    @Test func itemsPerLineIsTheFlowLayoutsFitNotTheColumnCount() throws {
        // The documented rule: items per line = ⌊(line + spacing) / (item +
        // spacing)⌋. Width 375, minimum 100: 3 columns of ⌊375 / 3⌋ = 125,
        // ⌊385 / 135⌋ = 2 per line. The sample's defaults at 812 (minimum
        // 300): 2 columns of 406, ⌊822 / 416⌋ = 1 per line.
        var phone = ColumnFlowLayout(itemCounts: [10], minColumnWidth: 100)
        try phone.prepare(bounds: Self.bounds(375), layoutMargins: .zero, safeAreaInsets: .zero)
        #expect((phone.columnCount, phone.itemWidth, phone.itemsPerLine) == (3, 125, 2))
        var landscape = ColumnFlowLayout(itemCounts: [10])
        try landscape.prepare(bounds: Self.bounds(812), layoutMargins: .zero, safeAreaInsets: .zero)
        #expect((landscape.columnCount, landscape.itemWidth, landscape.itemsPerLine) == (2, 406, 1))
        // With the sample's margins (20 each side) there is room: 2 columns of
        // ⌊772 / 2⌋ = 386, and ⌊822 / 396⌋ = 2 per line.
        try landscape.prepare(
            bounds: Self.bounds(812),
            layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20),
            safeAreaInsets: .zero)
        #expect((landscape.columnCount, landscape.itemWidth, landscape.itemsPerLine) == (2, 386, 2))
    }

    /// Every element must be found by a rect that starts just above its
    /// bottom edge, and by one that ends just below its top edge: the
    /// queries the outside test caught missing items 3e-13 point inside.
    static func expectEdgeQueriesFindEveryElement<L: CollectionLayout>(
        _ layout: L, _ elements: [LayoutAttributes]
    ) {
        var misses = 0
        for element in elements {
            let frame = element.frame
            guard frame.height > 0 else { continue }
            let belowTop = Rect(
                x: frame.minX, y: frame.maxY.nextDown, width: frame.width, height: 50)
            let aboveBottom = Rect(
                x: frame.minX, y: frame.minY - 50, width: frame.width, height: 50 + 1e-9)
            for rect in [belowTop, aboveBottom] {
                let answer = layout.attributes(in: rect)
                if !answer.contains(element) || answer != bruteForce(elements, in: rect) {
                    misses += 1
                }
            }
        }
        #expect(misses == 0)
    }

    @Test func flowQueriesAgreeWithTheFramesAfterFractionalReMeasurement() throws {
        // Items of fractional heights (0.1-point steps), centred in rows;
        // then 300 re-measurements with other fractional heights.
        var random = SeededGenerator(seed: 20)
        var layout = ColumnFlowLayout(
            itemCounts: [200, 150],
            sizing: ClosureCellSizing { path, _ in 20 + Double((path.item * 37) % 400) / 10 },
            minColumnWidth: 100, interItemSpacing: 7.3, lineSpacing: 3.1, headerHeight: 17.7)
        try layout.prepare(bounds: Self.bounds(375), layoutMargins: .zero, safeAreaInsets: .zero)
        Self.expectEdgeQueriesFindEveryElement(layout, layout.allAttributes)
        for _ in 0..<300 {
            let section = Int.random(in: 0..<2, using: &random)
            let item = Int.random(in: 0..<[200, 150][section], using: &random)
            let height = Double(Int.random(in: 100...900, using: &random)) / 10
            _ = try layout.updateItemHeight(
                height, at: IndexPath(item: item, section: section), visibleRect: Self.bounds(375))
        }
        Self.expectEdgeQueriesFindEveryElement(layout, layout.allAttributes)
    }

    // MARK: Waterfall

    @Test func minimumWidthColumnsAreNeverNarrowerThanTheMinimum() throws {
        // Width 301, spacing 0, minimum 150.3, scale 1: ⌊301 / 150.3⌋ = 2
        // columns would be ⌊150.5⌋ = 150 wide, under the minimum; so 1 column
        // of 301.
        var layout = WaterfallLayout(
            itemCounts: [3], sizing: AspectRatioCaptionSizing(aspectRatios: [[1, 1, 1]]),
            columns: .minimumWidth(150.3), columnSpacing: 0, displayScale: 1)
        try layout.prepare(bounds: Self.bounds(301), layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(layout.columnCount == 1)
        #expect(layout.itemWidth == 301)
        // At 302 two columns of 151 fit.
        try layout.prepare(bounds: Self.bounds(302), layoutMargins: .zero, safeAreaInsets: .zero)
        #expect((layout.columnCount, layout.itemWidth) == (2, 151))
    }

    @Test func aColumnCountAboveTheMaximumIsRefused() throws {
        var layout = WaterfallLayout(
            itemCounts: [1], sizing: AspectRatioCaptionSizing(aspectRatios: [[1]]),
            columns: .count(1001), columnSpacing: 0, displayScale: 1)
        #expect(
            throws: CollectionLayoutError.invalidParameter(
                name: "columns.count", value: 1001, requirement: "must be from 1 to 1000")
        ) {
            try layout.prepare(
                bounds: Self.bounds(1e6), layoutMargins: .zero, safeAreaInsets: .zero)
        }
        #expect(layout.preparedBounds == nil)
        layout.columns = .count(1000)
        try layout.prepare(bounds: Self.bounds(2000), layoutMargins: .zero, safeAreaInsets: .zero)
        #expect((layout.columnCount, layout.itemWidth) == (1000, 2))
        // A tiny minimum width makes at most 1000 columns.
        layout.columns = .minimumWidth(0.001)
        try layout.prepare(bounds: Self.bounds(2000), layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(layout.columnCount == 1000)
    }

    @Test func reMeasuredWaterfallItemsStackExactlyWithoutOverlap() throws {
        // Scale 3 (thirds are not exact in binary), fractional spacing, three
        // sections with headers; then 400 re-measurements. After each, every
        // item's top is exactly the one above's bottom plus the spacing, each
        // header starts at or below every item of the section before, and
        // rect queries agree with the frames.
        var random = SeededGenerator(seed: 7)
        let counts = [60, 45, 70]
        let ratios = counts.map { count in (0..<count).map { 0.4 + Double($0 % 13) / 10 } }
        var layout = WaterfallLayout(
            itemCounts: counts,
            sizing: AspectRatioCaptionSizing(aspectRatios: ratios, captionHeight: 13.1),
            columns: .count(3), columnSpacing: 7, itemSpacing: 4.7, headerHeight: 21.3,
            displayScale: 3)
        try layout.prepare(bounds: Self.bounds(375), layoutMargins: .zero, safeAreaInsets: .zero)
        for step in 0..<400 {
            let section = Int.random(in: 0..<3, using: &random)
            let item = Int.random(in: 0..<counts[section], using: &random)
            let height = Double(Int.random(in: 100...3000, using: &random)) / 7
            _ = try layout.updateItemHeight(
                height, at: IndexPath(item: item, section: section), visibleRect: Self.bounds(375))
            if step % 100 == 99 { Self.expectExactStacking(layout, counts: counts) }
        }
        Self.expectEdgeQueriesFindEveryElement(layout, layout.allAttributes)
    }

    static func expectExactStacking<S>(_ layout: WaterfallLayout<S>, counts: [Int]) {
        var previousSectionBottom = 0.0
        var gaps = 0
        for (section, count) in counts.enumerated() {
            let header = layout.attributes(forHeaderInSection: section)!.frame
            if header.minY != previousSectionBottom { gaps += 1 }
            var columnBottom = [Int: Double]()
            for item in 0..<count {
                let path = IndexPath(item: item, section: section)
                let frame = layout.attributes(forItem: path)!.frame
                let column = layout.column(ofItem: path)!
                let expectedTop = (columnBottom[column] ?? header.maxY) + layout.itemSpacing
                if frame.minY != expectedTop { gaps += 1 }
                // On the 1/3-point grid (to a rounding error of the thirds).
                let pixels = frame.height * 3
                if abs(pixels - pixels.rounded()) > 1e-6 { gaps += 1 }
                columnBottom[column] = frame.maxY
            }
            previousSectionBottom = columnBottom.values.max() ?? header.maxY
        }
        #expect(gaps == 0)
        #expect(layout.contentSize.height == previousSectionBottom)
    }

    // MARK: Mosaic

    @Test func aMosaicChecksOnlyTheSegmentStylesItsItemsUse() throws {
        // One item is one full-width segment: 3 points tall is enough.
        var one = MosaicLayout(itemCount: 1, segmentHeight: 3)
        try one.prepare(bounds: Self.bounds(375), layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(
            one.attributes(forItem: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 0, y: 1, width: 375, height: 3))
        // Six items reach a two-thirds/one-third segment, whose third is cut
        // into ⌈3 / 2⌉ = 2 points, a 1-point gutter and 3 − 2 − 1 = 0 points:
        // the segment height is at fault, not the width.
        var six = MosaicLayout(itemCount: 6, segmentHeight: 3)
        let error = CollectionLayoutError.invalidParameter(
            name: "segmentHeight", value: 3,
            requirement: "must be more than 3 points when a segment holds three items "
                + "(twoThirdsOneThird leaves an item 0 points tall)")
        #expect(throws: error) {
            try six.prepare(bounds: Self.bounds(375), layoutMargins: .zero, safeAreaInsets: .zero)
        }
        #expect(error.description.hasPrefix("invalid segmentHeight 3: must be more than 3 points"))
        six.segmentHeight = 3.5
        try six.prepare(bounds: Self.bounds(375), layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(six.allAttributes.count == 6)
    }

    // MARK: Messages

    @Test func aTinyNegativeHeightIsShownAsItIsAndTheRuleIsStated() throws {
        var layout = ColumnFlowLayout(itemCounts: [1], sizing: ClosureCellSizing { _, _ in -1e-9 })
        #expect(
            throws: CollectionLayoutError.invalidItemHeight(IndexPath(item: 0, section: 0), -1e-9)
        ) {
            try layout.prepare(
                bounds: Self.bounds(375), layoutMargins: .zero, safeAreaInsets: .zero)
        }
        #expect(
            CollectionLayoutError.invalidItemHeight(IndexPath(item: 0, section: 0), -1e-9)
                .description
                == "item [0, 0]: height -1e-09 must be finite and not negative")
        #expect(
            CollectionLayoutError.invalidCaptionHeight(IndexPath(item: 2, section: 1), .nan)
                .description
                == "item [1, 2]: caption height nan must be finite and not negative")
    }
}
