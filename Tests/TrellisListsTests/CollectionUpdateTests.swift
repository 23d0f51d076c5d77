// Inserts, deletes, moves and reloads laid out in place in the column flow
// and the mosaic: compared with a full `prepare` of the new snapshot over
// random batches, measuring only new and reloaded items.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

/// `IdentifierSizing` with some identifiers' heights replaced, as a cell
/// that reported its real height: the naive model of what an in-place update
/// keeps.
final class OverriddenSizing: CellSizing {
    var ids: [[Int]]
    var overrides: [Int: Double]

    init(_ ids: [[Int]], overrides: [Int: Double]) {
        self.ids = ids
        self.overrides = overrides
    }

    func height(at indexPath: IndexPath, width: Double) -> Double {
        let id = ids[indexPath.section][indexPath.item]
        return overrides[id] ?? farOffHeight(id: id, width: width)
    }
}

@Suite struct CollectionUpdateTests {
    static let bounds = Rect(x: 0, y: 0, width: 375, height: 600)

    @Test func anInsertPlacesAgainOnlyFromItsLineAndMeasuresOnlyTheNewItem() throws {
        // Width 300, minimum 100: 2 items a line; ten items on five lines.
        let sizing = IdentifierSizing([Array(0..<10)])
        var list = try DiffableCollectionLayout(
            layout: ColumnFlowLayout(itemCounts: [], sizing: sizing, minColumnWidth: 100),
            snapshot: snapshot([(0, Array(0..<10))]))
        try list.prepare(
            bounds: Rect(x: 0, y: 0, width: 300, height: 300), layoutMargins: .zero,
            safeAreaInsets: .zero)
        // Item 4 reports a new height; a full prepare would ask `sizing` again.
        _ = try list.updateItemHeight(
            33.5, at: IndexPath(item: 4, section: 0), visibleRect: Self.bounds)
        let before = list.layout.allAttributes
        let calls = sizing.calls
        sizing.ids = [[0, 1, 2, 3, 4, 5, 100, 6, 7, 8, 9]]
        try list.apply(snapshot([(0, sizing.ids[0])]), visibleRect: Self.bounds)
        #expect(sizing.calls == calls + 1)
        // Lines 0-2 (items 0-5) are the same values; item 4 keeps 33.5.
        #expect(Array(list.layout.allAttributes.prefix(6)) == Array(before.prefix(6)))
        #expect(
            list.layout.attributes(forItem: IndexPath(item: 4, section: 0))?.frame.height == 33.5)
        // Item 100 starts line 3, which starts where it did.
        let line3 = list.layout.allAttributes[6...7].map(\.frame.minY).min()
        #expect(line3 == before[6...7].map(\.frame.minY).min())
    }

    @Test func randomBatchesInAColumnFlowMatchAFullPrepare() throws {
        var random = SeededGenerator(seed: 77)
        var checked = 0
        for _ in 0..<3000 {
            let (old, new, reloads, duplicate) = DiffableTableLayoutTests.randomPair(&random)
            guard !duplicate else { continue }
            let sizing = IdentifierSizing(old.map(\.1))
            let minimum = [90.0, 120, 200, 400].randomElement(using: &random)!
            let header = Bool.random(using: &random) ? 30.0 : 0
            let footer = Bool.random(using: &random) ? 12.5 : 0
            var list = try DiffableCollectionLayout(
                layout: ColumnFlowLayout(
                    itemCounts: [], sizing: sizing, minColumnWidth: minimum,
                    headerHeight: header, footerHeight: footer),
                snapshot: snapshot(old))
            try list.prepare(bounds: Self.bounds, layoutMargins: .zero, safeAreaInsets: .zero)
            // Some items report real heights, which the update must keep.
            var overrides: [Int: Double] = [:]
            for (s, section) in old.enumerated() {
                for (i, id) in section.1.enumerated()
                where Int.random(in: 0..<4, using: &random) == 0 {
                    let height = Double(Int.random(in: 0...400, using: &random)) / 2
                    overrides[id] = height
                    _ = try list.updateItemHeight(
                        height, at: IndexPath(item: i, section: s), visibleRect: Self.bounds)
                }
            }
            var next = snapshot(new)
            next.reloadItems(reloads)
            sizing.ids = new.map(\.1)
            let calls = sizing.calls
            try list.apply(next, visibleRect: Self.bounds)

            let oldIDs = Set(old.flatMap(\.1))
            let reloaded = Set(reloads)
            let measured = new.flatMap(\.1).filter { !oldIDs.contains($0) || reloaded.contains($0) }
                .count
            #expect(sizing.calls - calls == measured)
            for id in reloads { overrides[id] = nil }
            var naive = ColumnFlowLayout(
                itemCounts: new.map(\.1.count),
                sizing: OverriddenSizing(new.map(\.1), overrides: overrides),
                minColumnWidth: minimum, headerHeight: header, footerHeight: footer)
            try naive.prepare(bounds: Self.bounds, layoutMargins: .zero, safeAreaInsets: .zero)
            #expect(list.layout.allAttributes == naive.allAttributes, "\(old) → \(new)")
            #expect(list.layout.contentSize == naive.contentSize)
            for rect in queryRects(
                count: 8, contentSize: naive.contentSize, elements: naive.allAttributes,
                random: &random)
            {
                #expect(list.layout.attributes(in: rect) == naive.attributes(in: rect))
            }
            checked += 1
        }
        #expect(checked > 2500)
    }

    @Test func randomBatchesInAMosaicMatchAFullPrepare() throws {
        var random = SeededGenerator(seed: 78)
        for _ in 0..<3000 {
            let count = Int.random(in: 0...30, using: &random)
            let old = Array(0..<count)
            var new = old.filter { _ in Int.random(in: 0..<6, using: &random) > 0 }
            for id in 100..<(100 + Int.random(in: 0...4, using: &random)) {
                new.insert(id, at: Int.random(in: 0...new.count, using: &random))
            }
            if new.count > 1 && Bool.random(using: &random) {
                let item = new.remove(at: Int.random(in: 0..<new.count, using: &random))
                new.insert(item, at: Int.random(in: 0...new.count, using: &random))
            }
            let header = Bool.random(using: &random) ? 44.0 : 0
            let footer = Bool.random(using: &random) ? 20.0 : 0
            var list = try DiffableCollectionLayout(
                layout: MosaicLayout(itemCount: 0, headerHeight: header, footerHeight: footer),
                snapshot: snapshot([(0, old)]))
            try list.prepare(bounds: Self.bounds, layoutMargins: .zero, safeAreaInsets: .zero)
            try list.apply(snapshot([(0, new)]), visibleRect: Self.bounds)
            var naive = MosaicLayout(
                itemCount: new.count, headerHeight: header, footerHeight: footer)
            try naive.prepare(bounds: Self.bounds, layoutMargins: .zero, safeAreaInsets: .zero)
            #expect(list.layout.allAttributes == naive.allAttributes, "\(old) → \(new)")
            #expect(list.layout.contentSize == naive.contentSize)
            let all = Rect(x: 0, y: 0, width: 375, height: naive.contentSize.height)
            #expect(list.layout.attributes(in: all) == naive.allAttributes)
        }
    }

    @Test func badSourcesAreRefusedAndChangeNothing() throws {
        var layout = ColumnFlowLayout(itemCounts: [3], minColumnWidth: 100)
        try layout.prepare(bounds: Self.bounds, layoutMargins: .zero, safeAreaInsets: .zero)
        let before = layout.allAttributes
        #expect(
            throws: CollectionLayoutError.invalidParameter(
                name: "sources.count", value: 2, requirement: "must be the number of new items, 4")
        ) {
            _ = try layout.updateItemsInPlace(counts: [4], sources: [0, 1])
        }
        #expect(
            throws: CollectionLayoutError.invalidParameter(
                name: "source", value: 3,
                requirement: "must be -1 or an old item position below 3")
        ) {
            _ = try layout.updateItemsInPlace(counts: [2], sources: [0, 3])
        }
        #expect(throws: CollectionLayoutError.invalidItemCount(section: 1, count: -1)) {
            _ = try layout.updateItemsInPlace(counts: [3, -1], sources: [0, 1, 2])
        }
        #expect(layout.allAttributes == before)
        // Changed parameters need a new prepare.
        layout.lineSpacing = 4
        #expect(try layout.updateItemsInPlace(counts: [3], sources: [0, 1, 2]) == false)
    }
}
