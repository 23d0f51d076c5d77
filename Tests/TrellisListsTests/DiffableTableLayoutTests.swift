// A table driven by snapshots: heights follow identifiers, the row on screen
// stays put, refused snapshots change nothing, and 10,000 random snapshot
// pairs agree with a naive reference model.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

/// A height source that reads the current snapshot's identifiers: a row's
/// height depends only on its identifier (`farOffHeight`).
final class IdentifierSizing: CellSizing {
    var ids: [[Int]]
    private(set) var calls = 0

    init(_ ids: [[Int]]) { self.ids = ids }

    func height(at indexPath: IndexPath, width: Double) -> Double {
        calls += 1
        return farOffHeight(id: ids[indexPath.section][indexPath.row], width: width)
    }
}

@Suite struct DiffableTableLayoutTests {
    static func open(_ sections: [(Int, [Int])], viewport: Double = 844)
        throws -> (DiffableTableLayout<Int, Int, IdentifierSizing>, IdentifierSizing)
    {
        let sizing = IdentifierSizing(sections.map(\.1))
        let list = try DiffableTableLayout(
            snapshot: snapshot(sections), estimate: .uniform(44), sizing: sizing, width: 390,
            viewportHeight: viewport, sectionHeights: { id in (Double(id % 3) * 10, 0) })
        return (list, sizing)
    }

    @Test func rowsKeepTheirHeightsWhereverTheirIdentifiersGo() throws {
        // 100 rows, the first screen measured. Then row 0 moves to the end,
        // row 1 is deleted, 1000 is inserted at the top, row 2 is reloaded.
        var (list, sizing) = try Self.open([(0, Array(0..<100))])
        try list.layoutIfNeeded()
        let measured0 = farOffHeight(id: 0, width: 390)
        #expect(try list.table.heightForRow(at: IndexPath(row: 0, section: 0)) == measured0)
        var next = snapshot([(0, [1000] + Array(2..<100) + [0])])
        next.reloadItems([2])
        sizing.ids = [[1000] + Array(2..<100) + [0]]
        try list.apply(next)
        // New row 1000: the estimate, not measured.
        #expect(try list.table.heightForRow(at: IndexPath(row: 0, section: 0)) == 44)
        #expect(try list.table.isRowMeasured(at: IndexPath(row: 0, section: 0)) == false)
        // Reloaded row 2 (now row 1): back to the estimate.
        #expect(try list.table.isRowMeasured(at: IndexPath(row: 1, section: 0)) == false)
        // Row 3 (now row 2) kept its measurement; row 0 moved last with its height.
        #expect(
            try list.table.heightForRow(at: IndexPath(row: 2, section: 0))
                == farOffHeight(id: 3, width: 390))
        #expect(try list.table.isRowMeasured(at: IndexPath(row: 2, section: 0)))
        // 1000, then rows 2...99 (98 rows), then row 0 at 1 + 98 = 99.
        #expect(try list.table.heightForRow(at: IndexPath(row: 99, section: 0)) == measured0)
        #expect(list.indexPath(for: 0) == IndexPath(row: 99, section: 0))
        #expect(list.indexPath(for: 1) == nil)
        #expect(list.itemIdentifier(for: IndexPath(row: 0, section: 0)) == 1000)
        #expect(list.lastDifference.deletedItems == [IndexPath(row: 1, section: 0)])
    }

    @Test func theFirstVisibleKeptRowStaysExactlyInPlace() throws {
        // Scrolled into the middle; 5 rows inserted and 3 deleted above the
        // viewport, one deleted below. The row at the top keeps its screen
        // position through the apply and through the next layout pass,
        // which measures the new rows coming into view.
        var (list, sizing) = try Self.open([(0, Array(0..<300))])
        try list.scrollToRow(at: IndexPath(row: 150, section: 0), at: .top)
        let (element, top) = try #require(try firstVisible(list.table))
        guard case .row(let path) = element else { Issue.record("not a row"); return }
        let id = path.row
        let ids = Array(500..<505) + Array(0..<10) + Array(13..<200) + Array(201..<300)
        sizing.ids = [ids]
        let pass = try list.apply(snapshot([(0, ids)]))
        #expect(pass.clamped == false)
        let newPath = try #require(list.indexPath(for: id))
        #expect(newPath.row == id + 5 - 3)
        #expect(try list.table.frameInViewport(for: .row(newPath)).minY == top)
        try list.layoutIfNeeded()
        #expect(try list.table.frameInViewport(for: .row(newPath)).minY == top)
    }

    @Test func aRefusedSnapshotChangesNothing() throws {
        var (list, _) = try Self.open([(0, Array(0..<50)), (1, Array(50..<60))])
        try list.scroll(toOffset: 500)
        let before = try TableSnapshot(list.table)
        let beforeSnapshot = list.snapshot()
        #expect(
            throws: TableError.invalidSnapshot(
                .duplicateItem(
                    "7", first: IndexPath(row: 7, section: 0), second: IndexPath(row: 1, section: 1)
                ))
        ) {
            try list.apply(snapshot([(0, Array(0..<50)), (1, [50, 7])]))
        }
        var reload = snapshot([(0, Array(0..<50))])
        reload.reloadItems([55])
        #expect(throws: TableError.invalidSnapshot(.reloadOfMissingItem("55"))) {
            try list.apply(reload)
        }
        #expect(throws: TableError.invalidSnapshot(.duplicateSection("1", first: 1, second: 2))) {
            try list.apply(snapshot([(0, []), (1, []), (1, [])]))
        }
        #expect(try TableSnapshot(list.table) == before)
        #expect(list.snapshot() == beforeSnapshot)
        #expect(
            TableError.invalidSnapshot(.reloadOfMissingItem("55")).description
                == "Invalid snapshot: reloadItems(_:) names item identifier 55, which is not in the snapshot."
        )
    }

    @Test func aBadEstimateForAnInsertedRowRefusesTheSnapshot() throws {
        // Row 1 is estimated at −1: the table opens with one row, and the
        // snapshot that inserts a second is refused.
        let sizing = IdentifierSizing([[1]])
        var list = try DiffableTableLayout(
            snapshot: snapshot([(0, [1])]), estimate: .perRow { $0.row == 1 ? -1 : 44 },
            sizing: sizing, width: 390, viewportHeight: 800)
        try list.layoutIfNeeded()
        let before = try TableSnapshot(list.table)
        #expect(throws: TableError.invalidEstimatedHeight(-1, at: IndexPath(row: 1, section: 0))) {
            try list.apply(snapshot([(0, [1, 3])]))
        }
        #expect(try TableSnapshot(list.table) == before)
    }

    // MARK: Random snapshot pairs against a naive reference

    /// The length of a longest strictly increasing subsequence, by the
    /// quadratic textbook recurrence (no patience sorting).
    static func naiveLongestRun(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }

    static func randomPair(_ random: inout SeededGenerator) -> (
        old: [(Int, [Int])], new: [(Int, [Int])], reloads: [Int], duplicate: Bool
    ) {
        var nextID = 0
        let sectionCount = Int.random(in: 0...4, using: &random)
        var old: [(Int, [Int])] = []
        for s in 0..<sectionCount {
            let count = Int.random(in: 0...12, using: &random)
            old.append((s, Array(nextID..<(nextID + count))))
            nextID += count
        }
        // The new snapshot: sections dropped, added and shuffled; items
        // dropped, added, and moved within and across sections.
        var new: [(Int, [Int])] = old.filter { _ in Int.random(in: 0..<6, using: &random) > 0 }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            new.insert(
                (10 + Int.random(in: 0..<1000, using: &random), []),
                at: Int.random(in: 0...new.count, using: &random))
        }
        var seenSections = Set<Int>()
        new = new.filter { seenSections.insert($0.0).inserted }
        if Bool.random(using: &random) { new.shuffle(using: &random) }
        guard !new.isEmpty else { return (old, new, [], false) }
        for t in new.indices {
            new[t].1 = new[t].1.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                new[t].1.insert(nextID, at: Int.random(in: 0...new[t].1.count, using: &random))
                nextID += 1
            }
        }
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let from = Int.random(in: 0..<new.count, using: &random)
            guard !new[from].1.isEmpty else { continue }
            let item = new[from].1.remove(at: Int.random(in: 0..<new[from].1.count, using: &random))
            let to = Int.random(in: 0..<new.count, using: &random)
            new[to].1.insert(item, at: Int.random(in: 0...new[to].1.count, using: &random))
        }
        let all = new.flatMap(\.1)
        let reloads = all.filter { _ in Int.random(in: 0..<8, using: &random) == 0 }
        var duplicate = false
        if !all.isEmpty && Int.random(in: 0..<20, using: &random) == 0 {
            let t = Int.random(in: 0..<new.count, using: &random)
            new[t].1.insert(
                all.randomElement(using: &random)!,
                at: Int.random(in: 0...new[t].1.count, using: &random))
            duplicate = true
        }
        return (old, new, reloads, duplicate)
    }

    @Test func tenThousandRandomSnapshotPairsAgreeWithANaiveReference() throws {
        var random = SeededGenerator(seed: 2026)
        var refused = 0
        var moves = 0
        var anchorChecks = 0
        for pairIndex in 0..<10_000 {
            let (old, new, reloads, duplicate) = Self.randomPair(&random)
            var (list, sizing) = try Self.open(old, viewport: 300)
            try list.scroll(toOffset: Double(Int.random(in: 0...400, using: &random)))
            let before = try TableSnapshot(list.table)
            let anchor = try firstVisible(list.table)
            var next = snapshot(new)
            next.reloadItems(reloads)
            let oldIDs = old.flatMap(\.1)
            let newIDs = new.flatMap(\.1)
            if duplicate {
                // The first repeated identifier, found by a quadratic scan.
                var first: (Int, IndexPath, IndexPath)?
                var seen: [(Int, IndexPath)] = []
                search: for (t, section) in new.enumerated() {
                    for (i, id) in section.1.enumerated() {
                        if let earlier = seen.first(where: { $0.0 == id }) {
                            first = (id, earlier.1, IndexPath(item: i, section: t))
                            break search
                        }
                        seen.append((id, IndexPath(item: i, section: t)))
                    }
                }
                let (id, a, b) = try #require(first)
                #expect(
                    throws: TableError.invalidSnapshot(.duplicateItem("\(id)", first: a, second: b))
                ) {
                    try list.apply(next)
                }
                #expect(try TableSnapshot(list.table) == before)
                refused += 1
                continue
            }
            sizing.ids = new.map(\.1)
            let pass = try list.apply(next)
            let difference = list.lastDifference

            // Deletes and inserts: the identifiers only in one snapshot.
            var expectedDeleted: [IndexPath] = []
            for (s, section) in old.enumerated() {
                for (i, id) in section.1.enumerated() where !newIDs.contains(id) {
                    expectedDeleted.append(IndexPath(item: i, section: s))
                }
            }
            var expectedInserted: [IndexPath] = []
            for (t, section) in new.enumerated() {
                for (i, id) in section.1.enumerated() where !oldIDs.contains(id) {
                    expectedInserted.append(IndexPath(item: i, section: t))
                }
            }
            #expect(difference.deletedItems == expectedDeleted, "pair \(pairIndex)")
            #expect(difference.insertedItems == expectedInserted, "pair \(pairIndex)")
            #expect(
                difference.deletedSections
                    == old.indices.filter { s in !new.contains { $0.0 == old[s].0 } })
            #expect(
                difference.insertedSections
                    == new.indices.filter { t in !old.contains { $0.0 == new[t].0 } })
            #expect(
                difference.reloadedItems.map { new[$0.section].1[$0.item] }.sorted()
                    == Set(reloads).sorted())

            // Sections: the fewest moves, and the others in their old order.
            let survivors = new.compactMap { section in old.firstIndex { $0.0 == section.0 } }
            #expect(
                difference.movedSections.count == survivors.count - Self.naiveLongestRun(survivors),
                "pair \(pairIndex)")
            let movedSectionTargets = Set(difference.movedSections.map(\.to))
            let stayingSections = new.indices.filter { t in !movedSectionTargets.contains(t) }
                .compactMap { t in old.firstIndex { $0.0 == new[t].0 } }
            #expect(stayingSections == stayingSections.sorted())
            for move in difference.movedSections { #expect(old[move.from].0 == new[move.to].0) }

            // Items: each move names the item's old and new place; per
            // section, the items that stay are a longest run in old order.
            var movedTargets = Set<IndexPath>()
            for move in difference.movedItems {
                #expect(
                    old[move.from.section].1[move.from.item] == new[move.to.section].1[move.to.item]
                )
                movedTargets.insert(move.to)
            }
            for (t, section) in new.enumerated() {
                guard let s = old.firstIndex(where: { $0.0 == section.0 }) else { continue }
                let fromSameSection = section.1.compactMap { id in old[s].1.firstIndex(of: id) }
                let staying = section.1.indices.filter { i in
                    !movedTargets.contains(IndexPath(item: i, section: t))
                        && old[s].1.contains(section.1[i])
                }.map { old[s].1.firstIndex(of: section.1[$0])! }
                #expect(staying == staying.sorted(), "pair \(pairIndex)")
                #expect(staying.count == Self.naiveLongestRun(fromSameSection), "pair \(pairIndex)")
            }
            let common = newIDs.filter { oldIDs.contains($0) }
            let movedAcross = new.enumerated().flatMap { t, section in
                section.1.filter { id in
                    guard let s = old.firstIndex(where: { $0.1.contains(id) }) else { return false }
                    return old[s].0 != section.0
                }.map { _ in t }
            }
            #expect(difference.movedItems.count >= movedAcross.count)
            #expect(difference.movedItems.count <= common.count)
            moves += difference.movedItems.count

            // Heights: kept identifiers keep theirs, new and reloaded rows
            // get the 44-point estimate, new sections their header heights.
            var oldState: [Int: TableSnapshot.RowState] = [:]
            for (s, section) in old.enumerated() {
                for (i, id) in section.1.enumerated() { oldState[id] = before.sections[s][i] }
            }
            let after = try TableSnapshot(list.table)
            for (t, section) in new.enumerated() {
                for (i, id) in section.1.enumerated() {
                    let expected = reloads.contains(id) ? nil : oldState[id]
                    #expect(
                        after.sections[t][i] == (expected ?? .init(height: 44, measured: false)),
                        "pair \(pairIndex)")
                }
                let oldSection = old.firstIndex { $0.0 == section.0 }
                #expect(
                    after.headers[t]
                        == (oldSection.map { before.headers[$0] } ?? Double(section.0 % 3) * 10))
            }

            // The anchor: a kept row or header/footer on top stays in place.
            if let (element, top) = anchor, !pass.clamped {
                var kept: TableElement?
                switch element {
                case .row(let path):
                    let id = old[path.section].1[path.row]
                    if let to = list.indexPath(for: id), !movedTargets.contains(to),
                        !movedSectionTargets.contains(to.section),
                        new[to.section].0 == old[path.section].0
                    {
                        kept = .row(to)
                    }
                case .header(let s), .footer(let s):
                    if let t = new.firstIndex(where: { $0.0 == old[s].0 }),
                        !movedSectionTargets.contains(t)
                    {
                        if case .header = element {
                            kept = .header(section: t)
                        } else {
                            kept = .footer(section: t)
                        }
                    }
                }
                if let kept {
                    anchorChecks += 1
                    #expect(
                        try list.table.frameInViewport(for: kept).minY == top, "pair \(pairIndex)")
                }
            }
        }
        #expect(refused > 300)
        // The pairs exercise every case (seed 2026: 4441 moves in all), and
        // kept anchors are checked (seed 2026: 3383 of them).
        #expect(moves > 4_000)
        #expect(anchorChecks > 3_000)
    }
}
