// `TemplateSizing` over a table with several sections: rows take their items
// in order across the sections (UIKit's data source answers
// `tableView(_:cellForRowAt:)` with the index path's section and row), or
// from an explicit item-for-index-path closure; an index path outside what
// the sizing was given is an error naming it, never another row's item.

import Testing
import TrellisCells
import TrellisLists
import TrellisTestSupport

/// A template whose height is its item.
private struct HeightIsItem: CellTemplate {
    var name: String { "height-is-item" }
    var path: LayoutPath { .frames }
    func layout(_ item: Double, width: Double) throws(CellError) -> CellLayout {
        CellLayout(width: width, height: item, frames: [])
    }
}

@Suite struct TemplateSizingSectionTests {
    /// Two sections of 1,000 rows: section 1 row 5 is item 1,005.
    @Test func sectionsTakeTheirItemsInOrder() throws {
        let items = (0..<2000).map { 20 + Double($0 % 97) }
        let sizing = TemplateSizing(
            template: HeightIsItem(), items: items, sectionRowCounts: [1000, 1000])
        var table = try TableLayout(
            sections: [TableSection(rowCount: 1000), TableSection(rowCount: 1000)],
            estimate: .uniform(44), sizing: sizing, width: 375, viewportHeight: 812)
        let path = IndexPath(row: 5, section: 1)
        try table.scrollToRow(at: path, at: .top)
        #expect(try table.heightForRow(at: path) == items[1005])
        #expect(try table.heightForRow(at: IndexPath(row: 6, section: 1)) == items[1006])
        #expect(sizing.error == nil)
    }

    @Test func anItemForIndexPathClosureChoosesTheItem() throws {
        let items = [30.0, 40, 50, 60]
        let sizing = TemplateSizing(template: HeightIsItem(), items: items) { path in
            path.section == 0 ? 3 - path.row : nil
        }
        #expect(sizing.height(at: IndexPath(row: 0, section: 0), width: 375) == 60)
        #expect(sizing.height(at: IndexPath(row: 3, section: 0), width: 375) == 30)
        #expect(sizing.height(at: IndexPath(row: 0, section: 1), width: 375).isNaN)
        #expect(sizing.error?.message == "no item for (index path [1, 0])")
    }

    /// Without section row counts the items are one section's rows: a row
    /// of another section is an error naming it, not row 5's item again.
    @Test func oneSectionsItemsDoNotAnswerForAnotherSection() throws {
        let items = (0..<2000).map { 20 + Double($0 % 97) }
        let sizing = TemplateSizing(template: HeightIsItem(), items: items)
        #expect(sizing.height(at: IndexPath(row: 5, section: 0), width: 375) == items[5])
        #expect(sizing.height(at: IndexPath(row: 5, section: 1), width: 375).isNaN)
        #expect(sizing.error?.message == "no item for (index path [1, 5])")
        let counted = TemplateSizing(
            template: HeightIsItem(), items: items, sectionRowCounts: [1000, 1000])
        #expect(counted.height(at: IndexPath(row: 1000, section: 0), width: 375).isNaN)
        #expect(counted.error?.message == "no item for (index path [0, 1000])")
    }

    /// A naive model of the numbering: random tables of several sections
    /// (empty ones included), random scrolls and jumps; every measured row
    /// has the height of the item a running count over the sections names.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func measuredRowsHaveTheirItemsHeights(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        let counts = (0..<Int.random(in: 1...6, using: &g)).map { _ in
            Int.random(in: 0...40, using: &g)
        }
        let items = (0..<counts.reduce(0, +)).map { _ in Double(Int.random(in: 20...300, using: &g))
        }
        let sizing = TemplateSizing(
            template: HeightIsItem(), items: items, sectionRowCounts: counts)
        var table = try TableLayout(
            sections: counts.map { TableSection(rowCount: $0, headerHeight: 28) },
            estimate: .uniform(44), sizing: sizing, width: 375, viewportHeight: 600)
        for _ in 0..<20 {
            try table.scroll(
                toOffset: Double.random(in: 0...max(1, table.contentHeight), using: &g).rounded())
        }
        var flat = 0
        for (s, count) in counts.enumerated() {
            for r in 0..<count {
                let path = IndexPath(row: r, section: s)
                if try table.isRowMeasured(at: path) {
                    #expect(try table.heightForRow(at: path) == items[flat], "\(path)")
                }
                flat += 1
            }
        }
        #expect(table.measuredRowCount > 0)
        #expect(sizing.error == nil)
    }
}
