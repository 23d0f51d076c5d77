// A list's visible range as golden files: 1,000 generated animal rows in a
// 375 × 812 table, scrolled to row 500; only the rows on screen are laid
// out and listed.

#if SnapshotTesting
    import SnapshotTesting
    import Testing
    import TrellisCells
    import TrellisSamples
    import TrellisTemplateFiles
    import TrellisLists
    import TrellisSnapshotTesting

    @Suite struct ListSnapshotTests {
        @Test func visibleRangeAfterScrollingToRow500() throws {
            let items = AnimalDataGenerator(seed: 1).items(count: 1_000)
            var template = AnimalTableViewCellFrames(style: try .classic())
            let sizing = TemplateSizing(template: template, items: items)
            var table = try TableLayout(
                sections: [TableSection(rowCount: items.count)], estimate: .uniform(44),
                sizing: sizing, width: 375,
                viewportHeight: 812)
            _ = try table.layoutIfNeeded()
            try table.scrollToRow(at: IndexPath(row: 500, section: 0), at: .top)
            _ = try table.layoutIfNeeded()
            let list = try VisibleListSnapshot(table: table, scale: 3) { indexPath, width in
                try CellSnapshot(template: &template, item: items[indexPath.row], width: width)
            }
            #expect(list.rows.first?.indexPath == IndexPath(row: 500, section: 0))
            assertSnapshot(of: list, as: .frames, named: "row500")
            assertSnapshot(of: list, as: .image(scale: 1), named: "row500")
            assertSnapshot(of: list, as: .diagnostics, named: "row500")
        }
    }
#endif
