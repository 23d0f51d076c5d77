// Snapshots of identifiers: what their difference is (written out by hand),
// and what is refused (repeated identifiers, reloads of missing items,
// appends to missing sections) with the positions named.

import Testing

@testable import TrellisLists

func snapshot(_ sections: [(Int, [Int])]) -> ListSnapshot<Int, Int> {
    var result = ListSnapshot<Int, Int>()
    for (id, items) in sections {
        result.appendSections([id])
        try! result.appendItems(items, toSection: id)
    }
    return result
}

@Suite struct SnapshotDifferenceTests {
    @Test func insertsDeletesMovesAndReloadsInOneSection() throws {
        // Old a b c d e (1...5), new a c x b e with e reloaded. d is deleted
        // at [0, 3]; x (9) inserted at [0, 2]. Old positions in new order are
        // 0 2 1 4: runs in order of length 3 are 0 2 4 and 0 1 4; the one
        // with the smallest values (0 1 4: a b e) stays, so c moves from
        // [0, 2] to [0, 1].
        let old = snapshot([(0, [1, 2, 3, 4, 5])])
        var new = snapshot([(0, [1, 3, 9, 2, 5])])
        new.reloadItems([5])
        let difference = try new.difference(from: old)
        #expect(difference.deletedItems == [IndexPath(item: 3, section: 0)])
        #expect(difference.insertedItems == [IndexPath(item: 2, section: 0)])
        #expect(
            difference.movedItems == [
                ListMove(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 1, section: 0))
            ])
        #expect(difference.reloadedItems == [IndexPath(item: 4, section: 0)])
        #expect(difference.deletedSections.isEmpty && difference.insertedSections.isEmpty)
    }

    @Test func sectionsMoveWithTheirItems() throws {
        // Sections A B C (ids 10 11 12) become C A B: old indices in new
        // order 2 0 1, the run 0 1 stays, C moves from 2 to 0. Its items
        // move with it and are not listed. Item 3 goes from B to A: a move
        // from [1, 0] to [1, 2] (A is section 1 after the change).
        let old = snapshot([(10, [1, 2]), (11, [3]), (12, [4, 5])])
        let new = snapshot([(12, [4, 5]), (10, [1, 2, 3]), (11, [])])
        let difference = try new.difference(from: old)
        #expect(difference.movedSections == [ListMove(from: 2, to: 0)])
        #expect(
            difference.movedItems == [
                ListMove(from: IndexPath(item: 0, section: 1), to: IndexPath(item: 2, section: 1))
            ])
        #expect(difference.insertedItems.isEmpty && difference.deletedItems.isEmpty)
    }

    @Test func sectionsInsertedAndDeletedTakeTheirItems() throws {
        // Section 11 is deleted with item 3; section 13 is inserted with 7.
        let old = snapshot([(10, [1, 2]), (11, [3])])
        let new = snapshot([(13, [7]), (10, [1, 2])])
        let difference = try new.difference(from: old)
        #expect(difference.deletedSections == [1])
        #expect(difference.insertedSections == [0])
        #expect(difference.deletedItems == [IndexPath(item: 0, section: 1)])
        #expect(difference.insertedItems == [IndexPath(item: 0, section: 0)])
        #expect(difference.movedSections.isEmpty && difference.movedItems.isEmpty)
    }

    @Test func identicalSnapshotsHaveNoDifference() throws {
        let old = snapshot([(0, [1, 2, 3]), (1, []), (2, [4])])
        #expect(try old.difference(from: old).isEmpty)
    }

    @Test func aRepeatedItemIsRefusedNamingBothPositions() {
        let bad = snapshot([(0, [1, 7, 2]), (1, [7])])
        #expect(
            throws: SnapshotError.duplicateItem(
                "7", first: IndexPath(item: 1, section: 0), second: IndexPath(item: 0, section: 1))
        ) {
            try bad.difference(from: ListSnapshot())
        }
        #expect(
            SnapshotError.duplicateItem(
                "7", first: IndexPath(item: 1, section: 0), second: IndexPath(item: 0, section: 1)
            ).description
                == "Snapshot has item identifier 7 twice: at [0, 1] and at [1, 0] ([section, item]); "
                + "item identifiers must be unique across all sections.")
    }

    @Test func aRepeatedSectionIsRefusedNamingBothPositions() {
        var bad = ListSnapshot<String, Int>()
        bad.appendSections(["inbox", "sent", "inbox"])
        #expect(throws: SnapshotError.duplicateSection("inbox", first: 0, second: 2)) {
            try bad.difference(from: ListSnapshot())
        }
        #expect(
            SnapshotError.duplicateSection("inbox", first: 0, second: 2).description
                == "Snapshot has section identifier inbox twice: at section 0 and at section 2; "
                + "section identifiers must be unique.")
    }

    @Test func aReloadOfAMissingItemIsRefused() {
        var new = snapshot([(0, [1, 2])])
        new.reloadItems([3])
        #expect(throws: SnapshotError.reloadOfMissingItem("3")) {
            try new.difference(from: snapshot([(0, [1, 2, 3])]))
        }
    }

    @Test func itemsAppendedToAMissingSectionAreRefusedAtOnce() {
        var snapshot = ListSnapshot<String, Int>()
        snapshot.appendSections(["inbox"])
        #expect(
            throws: SnapshotError.sectionNotFound("archive", context: "appendItems(_:toSection:)")
        ) {
            try snapshot.appendItems([1], toSection: "archive")
        }
        #expect(snapshot.numberOfItems == 0)
        #expect(throws: SnapshotError.noSections(context: "appendItems(_:)")) {
            var empty = ListSnapshot<String, Int>()
            try empty.appendItems([1])
        }
        #expect(
            SnapshotError.sectionNotFound("archive", context: "appendItems(_:toSection:)")
                .description
                == "appendItems(_:toSection:): the snapshot has no section with identifier archive."
        )
    }

    @Test func longestRunMarksTheEarliestLongestIncreasingSubsequence() {
        // 3 1 2 5 4: runs of length 3 are 1 2 5 and 1 2 4; the one with the
        // smallest values is marked (4 replaces 5 as the smallest tail of a
        // run of 3, and the run is read back from it).
        #expect(
            _longestIncreasingRun([3, 1, 2, 5, 4], skipping: -1) == [
                false, true, true, false, true,
            ])
        #expect(_longestIncreasingRun([-1, 0, -1, 1], skipping: -1) == [false, true, false, true])
        #expect(_longestIncreasingRun([], skipping: -1) == [])
    }
}
