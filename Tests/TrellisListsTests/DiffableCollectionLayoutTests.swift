// Collection layouts driven by snapshots: inserts and deletes keep the first
// visible item in place, a waterfall's next page goes in without reshuffling,
// and refused snapshots change nothing.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct DiffableCollectionLayoutTests {
    static let bounds = Rect(x: 0, y: 0, width: 300, height: 300)

    /// Width 300, minimum 100: items 100 wide, 2 a line (⌊310 / 110⌋), 70
    /// tall; line k at y = 10 + 80k.
    static func flow(_ ids: [Int]) throws -> DiffableCollectionLayout<
        ColumnFlowLayout<FixedCellSizing>, Int, Int
    > {
        var list = try DiffableCollectionLayout(
            layout: ColumnFlowLayout(itemCounts: [], minColumnWidth: 100),
            snapshot: snapshot([(0, ids)]))
        try list.prepare(bounds: Self.bounds, layoutMargins: .zero, safeAreaInsets: .zero)
        return list
    }

    @Test func insertsAboveKeepTheFirstVisibleItemWhereItWas() throws {
        var list = try Self.flow(Array(0..<40))
        // The viewport at 400: line 5 (items 10 and 11) at 410, 10 below its top.
        let visible = Rect(x: 0, y: 400, width: 300, height: 300)
        #expect(list.layout.anchor(in: visible)?.indexPath == IndexPath(item: 10, section: 0))
        // Four new items at the top: item 10 is item 14, on line 7 at 570;
        // the offset that keeps it 10 below the top is 560.
        let offset = try list.apply(
            snapshot([(0, [100, 101, 102, 103] + Array(0..<40))]), visibleRect: visible)
        #expect(offset == Point(x: 0, y: 560))
        #expect(list.indexPath(for: 10) == IndexPath(item: 14, section: 0))
        #expect(list.layout.attributes(forItem: IndexPath(item: 14, section: 0))?.frame.minY == 570)
        #expect(list.lastDifference.insertedItems.count == 4)
        // Items 0 and 1 deleted (one line): item 10 is item 12 on line 6 at
        // 490, so the offset is 480.
        let next = try list.apply(
            snapshot([(0, [100, 101, 102, 103] + Array(2..<40))]),
            visibleRect: Rect(x: 0, y: 560, width: 300, height: 300))
        #expect(next == Point(x: 0, y: 480))
    }

    @Test func aRefusedSnapshotChangesNothing() throws {
        var list = try Self.flow(Array(0..<10))
        let before = list.layout.allAttributes
        #expect(
            throws: CollectionLayoutError.invalidSnapshot(
                .duplicateItem(
                    "3", first: IndexPath(item: 3, section: 0),
                    second: IndexPath(item: 0, section: 1)))
        ) {
            try list.apply(snapshot([(0, Array(0..<10)), (1, [3])]), visibleRect: Self.bounds)
        }
        #expect(list.layout.allAttributes == before)
        #expect(list.snapshot() == snapshot([(0, Array(0..<10))]))
        #expect(
            CollectionLayoutError.invalidSnapshot(.reloadOfMissingItem("9")).description
                == "invalid snapshot: reloadItems(_:) names item identifier 9, which is not in the snapshot."
        )
    }

    @Test func aWaterfallsNextPageGoesInWithoutReshuffling() throws {
        // The layout of WaterfallAppendTests: four items, then item 1
        // re-measured at 400 (column 1 goes on at 420).
        let sizing = AspectRatioCaptionSizing(
            aspectRatios: [[1, 0.5, 2, 1.5, 1, 2]], captionHeight: 20)
        var list = try DiffableCollectionLayout(
            layout: WaterfallLayout(itemCounts: [], sizing: sizing),
            snapshot: snapshot([(0, [0, 1, 2, 3])]))
        let bounds = Rect(x: 0, y: 0, width: 375, height: 812)
        try list.prepare(
            bounds: bounds, layoutMargins: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16),
            safeAreaInsets: .zero)
        _ = try list.updateItemHeight(400, at: IndexPath(item: 1, section: 0), visibleRect: bounds)
        try list.apply(snapshot([(0, [0, 1, 2, 3, 4, 5])]), visibleRect: bounds)
        // Item 1 keeps its re-measured 400 (a new prepare would give 353),
        // and the new items follow the columns as they are.
        #expect(
            list.layout.attributes(forItem: IndexPath(item: 1, section: 0))?.frame.height == 400)
        #expect(
            list.layout.attributes(forItem: IndexPath(item: 4, section: 0))?.frame
                == Rect(x: 192.5, y: 420, width: 166.5, height: 186.5))
        #expect(
            list.layout.attributes(forItem: IndexPath(item: 5, section: 0))?.frame
                == Rect(x: 16, y: 461, width: 166.5, height: 103.5))
    }

    @Test func aMosaicTakesOneSection() throws {
        #expect(
            throws: CollectionLayoutError.invalidParameter(
                name: "section count", value: 2, requirement: "a mosaic has exactly 1 section")
        ) {
            _ = try DiffableCollectionLayout(
                layout: MosaicLayout(itemCount: 0), snapshot: snapshot([(0, [1]), (1, [2])]))
        }
        var mosaic = try DiffableCollectionLayout(
            layout: MosaicLayout(itemCount: 0), snapshot: snapshot([(0, [1, 2, 3])]))
        try mosaic.prepare(
            bounds: Rect(x: 0, y: 0, width: 375, height: 812), layoutMargins: .zero,
            safeAreaInsets: .zero)
        #expect(mosaic.layout.allAttributes.count == 3)
    }
}
