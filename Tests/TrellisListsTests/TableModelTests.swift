// Randomized tests: a table driven through mixed operations (scrolls, layout
// passes, jumps, rotations, batch updates) is compared after every step with
// a brute-force model that keeps rows as a plain array of identities and
// computes offsets by linear prefix sums.
//
// Heights are on the half-point grid and offsets on the quarter-point grid,
// so every sum is exact in `Double` and the comparison is `==`, not approximate.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

/// The brute-force model: row identities per section, header and footer
/// heights, and the height each identity has while not measured.
private struct Model {
    var headers: [Double]
    var footers: [Double]
    /// Height of an unmeasured row: its estimate, or a measurement at an
    /// earlier width (kept as the estimate after a rotation).
    var unmeasured: [Int: Double] = [:]
    let estimate = 44.0

    /// One laid-out element: what it is, its top and its height.
    struct Item {
        var element: TableElement
        var top: Double
        var height: Double
    }

    /// Every element with its top from a linear running sum. Row heights come
    /// from the table but are checked against the model first.
    func items(_ table: TableLayout<IdentifiedRows>, _ rows: IdentifiedRows) throws -> [Item] {
        var items: [Item] = []
        var y = 0.0
        for s in rows.ids.indices {
            items.append(Item(element: .header(section: s), top: y, height: headers[s]))
            y += headers[s]
            for r in rows.ids[s].indices {
                let path = IndexPath(row: r, section: s)
                let id = rows.ids[s][r]
                let height = try table.heightForRow(at: path)
                if try table.isRowMeasured(at: path) {
                    #expect(
                        height == farOffHeight(id: id, width: table.width), "row \(path) id \(id)")
                } else {
                    #expect(height == (unmeasured[id] ?? estimate), "row \(path) id \(id)")
                }
                items.append(Item(element: .row(path), top: y, height: height))
                y += height
            }
            items.append(Item(element: .footer(section: s), top: y, height: footers[s]))
            y += footers[s]
        }
        return items
    }
}

/// The elements with area that intersect `[top, bottom)`.
private func intersecting(_ items: [Model.Item], _ top: Double, _ bottom: Double) -> [Model.Item] {
    items.filter { $0.height > 0 && $0.top < bottom && $0.top + $0.height > top }
}

/// Checks every query of the table against the model.
private func verify(
    _ table: TableLayout<IdentifiedRows>, _ rows: IdentifiedRows, _ model: Model,
    _ generator: inout SeededGenerator
) throws {
    #expect(table._checkInvariants())
    let items = try model.items(table, rows)
    let total = items.last.map { $0.top + $0.height } ?? 0
    #expect(table.contentHeight == total)
    for item in items {
        switch item.element {
        case .row(let path): #expect(try table.rectForRow(at: path).minY == item.top)
        case .header(let s): #expect(try table.rectForHeader(inSection: s).minY == item.top)
        case .footer(let s): #expect(try table.rectForFooter(inSection: s).minY == item.top)
        }
    }
    // Element at offset: every boundary, and random quarter points.
    var probes = items.map(\.top)
    for _ in 0..<40 {
        probes.append(Double(Int.random(in: -40...Int(total * 4) + 40, using: &generator)) / 4)
    }
    for y in probes {
        let expected = y < 0 ? nil : intersecting(items, y, y.nextUp).first?.element
        #expect(table.element(at: Point(x: 1, y: y)) == expected, "y \(y)")
    }
    // Visible rows.
    let offset = table.contentOffset
    let visible = intersecting(items, offset, offset + table.viewportHeight).compactMap {
        item -> IndexPath? in
        if case .row(let path) = item.element { return path }
        return nil
    }
    #expect(table.indexPathsForVisibleRows == visible)
    #expect(table.visibleRows == visible.first.map { RowSpan(first: $0, last: visible.last!) })
    // Every row on screen, in the overscan and in the display range is
    // measured after a layout pass.
    for path in visible { #expect(try table.isRowMeasured(at: path)) }
    for span in [table.cellRows, table.displayRows].compactMap({ $0 }) {
        for s in span.first.section...span.last.section {
            let first = s == span.first.section ? span.first.row : 0
            let last = s == span.last.section ? span.last.row : rows.ids[s].count - 1
            for r in stride(from: first, through: last, by: 1) {
                #expect(
                    try table.isRowMeasured(at: IndexPath(row: r, section: s)), "row [\(s), \(r)]")
            }
        }
    }
}

/// A random batch update that adds up, and the model's rows after it
/// (survivors in order, then inserted and moved rows placed at their new rows
/// in ascending order, as UIKit applies them).
private func randomUpdate(
    _ rows: IdentifiedRows, _ model: inout Model, _ g: inout SeededGenerator
) -> (TableUpdates, [[Int]], [TableSection], removed: Set<Int>, moved: Set<Int>, reloaded: Set<Int>)
{
    var updates = TableUpdates()
    let old = rows.ids
    var deletedSections = Set<Int>()
    for s in old.indices
    where old.count - deletedSections.count > 1 && Int.random(in: 0..<12, using: &g) == 0 {
        deletedSections.insert(s)
    }
    updates.deleteSections(deletedSections.sorted())
    let keptOld = old.indices.filter { !deletedSections.contains($0) }
    let insertCount = Int.random(in: 0..<6, using: &g) == 0 ? 1 : 0
    let newCount = keptOld.count + insertCount
    let insertedSections = Set((0..<newCount).shuffled(using: &g).prefix(insertCount))
    updates.insertSections(insertedSections.sorted())
    let keptNew = (0..<newCount).filter { !insertedSections.contains($0) }

    var survivors: [[Int]] = Array(repeating: [], count: newCount)
    var arriving: [[Int]] = Array(repeating: [], count: newCount)  // ids moved or inserted in
    var removed = Set<Int>()
    var moved = Set<Int>()
    var reloaded = Set<Int>()
    var moves: [(IndexPath, Int, Int)] = []  // from, to section, id
    for (s, t) in zip(keptOld, keptNew) {
        for (r, id) in old[s].enumerated() {
            let path = IndexPath(row: r, section: s)
            switch Int.random(in: 0..<20, using: &g) {
            case 0, 1:
                updates.deleteRows(at: [path])
                removed.insert(id)
            case 2:
                let to = keptNew.randomElement(using: &g)!
                moves.append((path, to, id))
                arriving[to].append(id)
                moved.insert(id)
            case 3:
                updates.reloadRows(at: [path])
                reloaded.insert(id)
                survivors[t].append(id)
            default:
                survivors[t].append(id)
            }
        }
    }
    var inserted = Set<Int>()
    for t in keptNew {
        for _ in 0..<Int.random(in: 0...3, using: &g) {
            let id = rows.newID()
            arriving[t].append(id)
            inserted.insert(id)
        }
    }
    var newIDs: [[Int]] = Array(repeating: [], count: newCount)
    var sections: [TableSection] = []
    var headers: [Double] = []
    var footers: [Double] = []
    for t in 0..<newCount {
        if insertedSections.contains(t) {
            newIDs[t] = (0..<Int.random(in: 0...4, using: &g)).map { _ in rows.newID() }
            headers.append([0, 28.5].randomElement(using: &g)!)
            footers.append([0, 12].randomElement(using: &g)!)
        } else {
            let s = keptOld[keptNew.firstIndex(of: t)!]
            let count = survivors[t].count + arriving[t].count
            let positions = (0..<count).shuffled(using: &g).prefix(arriving[t].count).sorted()
            let placed = zip(positions, arriving[t].shuffled(using: &g))
            var list = survivors[t]
            for (row, id) in placed {
                list.insert(id, at: row)
                if inserted.contains(id) {
                    updates.insertRows(at: [IndexPath(row: row, section: t)])
                } else if let move = moves.first(where: { $0.2 == id }) {
                    updates.moveRow(at: move.0, to: IndexPath(row: row, section: t))
                }
            }
            newIDs[t] = list
            headers.append(model.headers[s])
            footers.append(model.footers[s])
        }
        sections.append(
            TableSection(
                rowCount: newIDs[t].count, headerHeight: headers[t], footerHeight: footers[t]))
    }
    model.headers = headers
    model.footers = footers
    for s in deletedSections { removed.formUnion(old[s]) }
    return (updates, newIDs, sections, removed, moved, reloaded)
}

@Suite struct TableModelTests {
    @Test(arguments: [1 as UInt64, 2, 3, 4, 5, 6])
    func mixedOperationsAgreeWithLinearPrefixSums(seed: UInt64) throws {
        var g = SeededGenerator(seed: seed)
        let counts = (0..<Int.random(in: 1...4, using: &g)).map { _ in
            Int.random(in: 0...80, using: &g)
        }
        let rows = IdentifiedRows(rowCounts: counts)
        var model = Model(
            headers: counts.map { _ in [0, 28.5].randomElement(using: &g)! },
            footers: counts.map { _ in [0, 12].randomElement(using: &g)! })
        var table = try TableLayout(
            sections: counts.indices.map {
                TableSection(
                    rowCount: counts[$0], headerHeight: model.headers[$0],
                    footerHeight: model.footers[$0])
            },
            estimate: .uniform(model.estimate), sizing: rows, width: 390, viewportHeight: 600,
            overscanRows: 2, rangeTuning: .texture)
        try table.layoutIfNeeded()
        try verify(table, rows, model, &g)

        // How many anchoring and landing checks ran (clamped cases are skipped).
        var updateAnchorChecks = 0
        var landingChecks = 0
        for _ in 0..<120 {
            let before = try firstVisible(table)
            switch Int.random(in: 0..<10, using: &g) {
            case 0...3:
                // Scroll: the first measured element at the new offset (else
                // the one at its top edge) keeps the place the scroll gave it.
                let target =
                    Double(Int.random(in: -200...Int(table.contentHeight * 4) + 200, using: &g)) / 4
                let element = try elementKeptByScroll(table, to: target)
                let contentTop = try element.map { e throws in
                    try table.frameInViewport(for: e).minY + table.contentOffset
                }
                let pass = try table.scroll(toOffset: target)
                if let element, let contentTop, !pass.clamped {
                    #expect(try table.frameInViewport(for: element).minY == contentTop - target)
                }
            case 4:
                try table.layoutIfNeeded()
                if let (element, top) = before {
                    #expect(try table.frameInViewport(for: element).minY == top)
                }
            case 5, 6:
                guard table.numberOfRows > 0 else { continue }
                let sections = (0..<table.numberOfSections).filter { rows.ids[$0].count > 0 }
                let s = sections.randomElement(using: &g)!
                let path = IndexPath(
                    row: Int.random(in: 0..<rows.ids[s].count, using: &g), section: s)
                let position = [TableScrollPosition.top, .middle, .bottom].randomElement(using: &g)!
                let pass = try table.scrollToRow(at: path, at: position)
                let frame = try table.frameInViewport(for: .row(path))
                if !pass.clamped {
                    landingChecks += 1
                    switch position {
                    case .top: #expect(frame.minY == 0)
                    case .middle: #expect(frame.minY == (table.viewportHeight - frame.height) / 2)
                    case .bottom: #expect(frame.maxY == table.viewportHeight)
                    }
                }
            case 7:
                let oldWidth = table.width
                for s in rows.ids.indices {
                    for (r, id) in rows.ids[s].enumerated()
                    where try table.isRowMeasured(at: IndexPath(row: r, section: s)) {
                        model.unmeasured[id] = farOffHeight(id: id, width: oldWidth)
                    }
                }
                let pass = try table.resize(
                    width: [320, 390, 430].randomElement(using: &g)!,
                    viewportHeight: [600, 844].randomElement(using: &g)!)
                // Kept in place, unless the content now ends above the
                // viewport's bottom: then the offset clamps to the end.
                if pass.clamped {
                    #expect(table.contentOffset == table.maximumContentOffset)
                } else if let (element, top) = before {
                    #expect(try table.frameInViewport(for: element).minY == top)
                }
                #expect(table.contentOffset <= table.maximumContentOffset)
            default:
                // The first visible element (with area) that survives keeps its place.
                let items = try model.items(table, rows)
                let visibleItems = intersecting(
                    items, table.contentOffset, table.contentOffset + table.viewportHeight)
                let oldIDs = rows.ids
                let (updates, newIDs, sections, removed, moved, reloaded) = randomUpdate(
                    rows, &model, &g)
                let deletedSections = Set(updates.deletedSections)
                var anchor: (TableElement, Double)?
                for item in visibleItems {
                    switch item.element {
                    case .header(let s), .footer(let s):
                        if deletedSections.contains(s) { continue }
                    case .row(let p):
                        let id = oldIDs[p.section][p.row]
                        if removed.contains(id) || moved.contains(id) { continue }
                    }
                    anchor = (item.element, item.top - table.contentOffset)
                    break
                }
                for id in reloaded { model.unmeasured[id] = model.estimate }
                rows.ids = newIDs
                let pass = try table.performBatchUpdates(updates, sections: sections)
                // As in UIKit, the rows that came into view are measured by the next layout pass.
                try table.layoutIfNeeded()
                if let (element, top) = anchor, !pass.clamped {
                    updateAnchorChecks += 1
                    let moved = try newElement(
                        element, oldIDs: oldIDs, rows: rows, deletedSections: deletedSections,
                        inserted: Set(updates.insertedSections))
                    #expect(try table.frameInViewport(for: moved).minY == top)
                }
            }
            try verify(table, rows, model, &g)
        }
        #expect(updateAnchorChecks > 0 && landingChecks > 0)
    }
}

/// Where an element that survived an update is after it.
private func newElement(
    _ element: TableElement, oldIDs: [[Int]], rows: IdentifiedRows, deletedSections: Set<Int>,
    inserted: Set<Int>
) throws -> TableElement {
    func newSection(_ s: Int) -> Int {
        let kept = oldIDs.indices.filter { !deletedSections.contains($0) }
        let keptNew = rows.ids.indices.filter { !inserted.contains($0) }
        return keptNew[kept.firstIndex(of: s)!]
    }
    switch element {
    case .header(let s): return .header(section: newSection(s))
    case .footer(let s): return .footer(section: newSection(s))
    case .row(let p):
        let id = oldIDs[p.section][p.row]
        let t = newSection(p.section)
        return .row(IndexPath(row: rows.ids[t].firstIndex(of: id)!, section: t))
    }
}
