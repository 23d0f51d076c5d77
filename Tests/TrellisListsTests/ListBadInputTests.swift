// The bad inputs, each refused with a message naming what and where,
// with the list unchanged afterwards: a move to a missing section (a batch
// update, a snapshot edit) and a reload of a missing item in a collection.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct ListBadInputTests {
    @Test func aMoveToAMissingSectionIsRefusedAndTheTableIsUnchanged() throws {
        var table = try TableLayout(
            sections: [TableSection(rowCount: 3), TableSection(rowCount: 2)],
            estimate: .uniform(44), sizing: ClosureCellSizing { path, _ in 30 + Double(path.row) },
            width: 390, viewportHeight: 100)
        try table.layoutIfNeeded()
        let before = table.visibleElementFrames
        let height = table.contentHeight
        var updates = TableUpdates()
        updates.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 2))
        let error = TableError.sectionOutOfRange(
            2, sectionCount: 2, context: "moveRow(at:to:) destination (after the update)")
        #expect(throws: error) {
            try table.performBatchUpdates(
                updates, sections: [TableSection(rowCount: 2), TableSection(rowCount: 2)])
        }
        #expect(
            error.description
                == "moveRow(at:to:) destination (after the update): section 2 is out of range (the table has 2 sections)."
        )
        #expect(table.visibleElementFrames == before)
        #expect(table.contentHeight == height)
    }

    @Test func aSnapshotEditIntoAMissingSectionChangesNothing() throws {
        var edited = snapshot([(0, [1, 2, 3])])
        let before = edited
        #expect(
            throws: SnapshotError.sectionNotFound("7", context: "appendItems(_:toSection:)")
        ) {
            try edited.appendItems([4], toSection: 7)
        }
        #expect(edited == before)
    }

    @Test func aReloadOfAMissingItemLeavesTheCollectionUnchanged() throws {
        var list = try DiffableCollectionLayout(
            layout: ColumnFlowLayout(itemCounts: [], minColumnWidth: 100),
            snapshot: snapshot([(0, [1, 2, 3])]))
        let bounds = Rect(x: 0, y: 0, width: 300, height: 300)
        try list.prepare(bounds: bounds, layoutMargins: .zero, safeAreaInsets: .zero)
        let before = list.layout.allAttributes
        var next = snapshot([(0, [1, 2])])
        next.reloadItems([3])
        #expect(throws: CollectionLayoutError.invalidSnapshot(.reloadOfMissingItem("3"))) {
            try list.apply(next, visibleRect: bounds)
        }
        #expect(list.layout.allAttributes == before)
        #expect(list.snapshot() == snapshot([(0, [1, 2, 3])]))
    }
}
