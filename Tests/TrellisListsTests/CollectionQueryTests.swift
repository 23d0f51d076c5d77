// `attributes(in:)` of every layout checked against scanning every item, on
// the sample's 50,000 items and hundreds of rects of every kind.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

@Suite struct CollectionQueryTests {
    static let itemCount = 50_000  // the sample's count
    /// Query rects per layout: 120 (400 under Scripts/soak.sh).
    static let rectCount = Soak.count("TRELLIS_QUERY_RECTS", quick: 120, soak: 400)

    @Test func mosaicRectQueriesMatchScanningEveryItem() throws {
        var random = SeededGenerator(seed: 1)
        for width in [375.0, 1024.0] {
            var layout = MosaicLayout(itemCount: Self.itemCount)
            try layout.prepare(
                bounds: Rect(x: 0, y: 0, width: width, height: 812), layoutMargins: .zero,
                safeAreaInsets: .zero)
            let all = everyElement(
                itemCounts: [Self.itemCount], header: { _ in nil },
                item: { layout.attributes(forItem: $0) })
            #expect(all.count == Self.itemCount)
            for rect in queryRects(
                count: Self.rectCount, contentSize: layout.contentSize, elements: all,
                random: &random)
            {
                #expect(
                    layout.attributes(in: rect) == bruteForce(all, in: rect),
                    "rect \(rect) at width \(width)")
            }
        }
    }

    @Test func columnFlowRectQueriesMatchScanningEveryItem() throws {
        var random = SeededGenerator(seed: 2)
        // Fixed 70-point cells at 1 and 3 columns, then self-sizing cells in
        // sections with headers, where items shorter than their row are centred.
        var fixed = ColumnFlowLayout(itemCounts: [Self.itemCount])
        try fixed.prepare(
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), safeAreaInsets: .zero
        )
        let counts = [0, 7, 20_000, 1, 22_992]  // 50,000 items, an empty section included
        let heights = counts.map { randomHeights($0, in: 20...200, random: &random) }
        var sized = ColumnFlowLayout(
            itemCounts: counts, sizing: StoredHeights(heights: heights), minColumnWidth: 40,
            headerHeight: 44)
        try sized.prepare(
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), safeAreaInsets: .zero
        )
        // ⌊984 / 40⌋ = 24 columns of ⌊984 / 24⌋ = 41 points, but a line of
        // 1024 holds only ⌊(1024 + 10) / (41 + 10)⌋ = 20 of them with the
        // 10-point spacing, as UICollectionViewFlowLayout would place them.
        #expect(sized.columnCount == 24)
        #expect(sized.itemsPerLine == 20)
        try expectQueriesMatchBruteForce(fixed, itemCounts: [Self.itemCount], random: &random)
        try expectQueriesMatchBruteForce(sized, itemCounts: counts, random: &random)
    }

    @Test func columnFlowRectQueriesMatchAfterItemsReportTheirHeights() throws {
        var random = SeededGenerator(seed: 3)
        let counts = [25_000, 25_000]
        let heights = counts.map { randomHeights($0, in: 40...120, random: &random) }
        var layout = ColumnFlowLayout(
            itemCounts: counts, sizing: StoredHeights(heights: heights), minColumnWidth: 100,
            headerHeight: 30)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 700, height: 900), layoutMargins: .zero,
            safeAreaInsets: .zero)
        for _ in 0..<200 {
            let indexPath = IndexPath(
                item: Int.random(in: 0..<25_000, using: &random),
                section: Int.random(in: 0...1, using: &random))
            _ = try layout.updateItemHeight(
                Double.random(in: 0...300, using: &random).rounded(), at: indexPath,
                visibleRect: Rect(x: 0, y: 5000, width: 700, height: 900))
        }
        try expectQueriesMatchBruteForce(layout, itemCounts: counts, random: &random)
    }

    @Test func waterfallRectQueriesMatchScanningEveryItem() throws {
        var random = SeededGenerator(seed: 4)
        let counts = [3, 0, 30_000, 16_997]  // 50,000 items
        let ratios = counts.map {
            (0..<$0).map { _ in Double.random(in: 0.4...2.5, using: &random) }
        }
        let captions = counts.map { randomHeights($0, in: 0...60, random: &random) }
        let sizing = AspectRatioCaptionSizing(
            aspectRatios: ratios, caption: StoredHeights(heights: captions))
        var layout = WaterfallLayout(
            itemCounts: counts, sizing: sizing, columns: .minimumWidth(150), headerHeight: 40,
            displayScale: 3)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), safeAreaInsets: .zero
        )
        #expect(layout.columnCount == 6)  // ⌊(984 + 10) / (150 + 10)⌋ = 6
        try expectQueriesMatchBruteForce(layout, itemCounts: counts, random: &random)

        // Re-measured items move the rest of their column and later sections.
        for _ in 0..<200 {
            let section = [0, 2, 3].randomElement(using: &random)!
            let indexPath = IndexPath(
                item: Int.random(in: 0..<counts[section], using: &random), section: section)
            _ = try layout.updateItemHeight(
                Double.random(in: 0...400, using: &random).rounded(), at: indexPath,
                visibleRect: Rect(x: 0, y: 20_000, width: 1024, height: 768))
        }
        try expectQueriesMatchBruteForce(layout, itemCounts: counts, random: &random)
    }

    private func expectQueriesMatchBruteForce<Layout: _HeaderedLayout>(
        _ layout: Layout, itemCounts: [Int], random: inout SeededGenerator
    ) throws {
        let all = everyElement(
            itemCounts: itemCounts, header: { layout.attributes(forHeaderInSection: $0) },
            item: { layout.attributes(forItem: $0) })
        #expect(all.count == layout.allAttributes.count)
        for rect in queryRects(
            count: Self.rectCount, contentSize: layout.contentSize, elements: all, random: &random)
        {
            #expect(layout.attributes(in: rect) == bruteForce(all, in: rect), "rect \(rect)")
        }
    }
}

/// The layouts with section headers, so one checker serves both.
protocol _HeaderedLayout: CollectionLayout {
    func attributes(forHeaderInSection section: Int) -> LayoutAttributes?
    var allAttributes: [LayoutAttributes] { get }
}

extension ColumnFlowLayout: _HeaderedLayout {}
extension WaterfallLayout: _HeaderedLayout {}
