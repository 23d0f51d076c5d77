// Self-sizing updates on any layout keep the first visible item where it was:
// randomized over many reported heights, above, inside and below the viewport.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

@Suite struct CollectionAnchoringTests {
    /// Reports `count` random heights for random items and checks after each
    /// that the item first visible before it is at the same distance from the
    /// top of the viewport at the returned offset.
    func expectReportedHeightsKeepTheAnchor<Layout: SelfSizingCollectionLayout>(
        _ layout: inout Layout, itemCounts: [Int], viewport: Size, random: inout SeededGenerator
    ) throws {
        var visible = Rect(origin: Point(x: 0, y: layout.contentSize.height / 2), size: viewport)
        for _ in 0..<300 {
            let anchor = try #require(layout.anchor(in: visible))
            let section = Int.random(in: 0..<itemCounts.count, using: &random)
            let indexPath = IndexPath(
                item: Int.random(in: 0..<itemCounts[section], using: &random), section: section)
            let offset = try layout.updateItemHeight(
                Double.random(in: 10...400, using: &random).rounded(), at: indexPath,
                visibleRect: visible)
            let item = try #require(layout.attributes(forItem: anchor.indexPath))
            #expect(
                item.frame.minY - offset.y == anchor.distanceFromTop, "after resizing \(indexPath)")
            visible.origin = offset
        }
    }

    @Test func columnFlowKeepsTheFirstVisibleItemThroughReportedHeights() throws {
        var random = SeededGenerator(seed: 11)
        let counts = [2_000, 3_000]
        var layout = ColumnFlowLayout(
            itemCounts: counts,
            sizing: StoredHeights(heights: counts.map { Array(repeating: 70, count: $0) }),
            headerHeight: 40)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), safeAreaInsets: .zero
        )
        try expectReportedHeightsKeepTheAnchor(
            &layout, itemCounts: counts, viewport: Size(width: 1024, height: 768), random: &random)
    }

    @Test func waterfallKeepsTheFirstVisibleItemThroughReportedHeights() throws {
        var random = SeededGenerator(seed: 12)
        let counts = [2_000, 3_000]
        let ratios = counts.map { (0..<$0).map { _ in Double.random(in: 0.5...2, using: &random) } }
        var layout = WaterfallLayout(
            itemCounts: counts,
            sizing: AspectRatioCaptionSizing(aspectRatios: ratios, captionHeight: 24),
            columns: .count(3), headerHeight: 40)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768),
            layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), safeAreaInsets: .zero
        )
        try expectReportedHeightsKeepTheAnchor(
            &layout, itemCounts: counts, viewport: Size(width: 1024, height: 768), random: &random)
    }
}
