// Shared helpers for the table tests: a seeded random generator, a data
// source whose rows have identities (so moved rows can be told apart), height
// functions, and a snapshot of a table's observable state.

import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

/// A stable hash of an integer, for heights that depend only on a row's identity.
func mix(_ value: Int) -> UInt64 {
    var generator = SeededGenerator(seed: UInt64(bitPattern: Int64(value)))
    return generator.next()
}

/// A real height between 20 and 600 points on the half-point grid, that
/// depends on the row's identity and the width (narrower is taller, as
/// wrapped text is): far from the 44-point estimate used in the tests.
func farOffHeight(id: Int, width: Double) -> Double {
    let base = 20 + Double(mix(id) % 1161) / 2  // 20 ... 600 in steps of 0.5
    return min(600, (base * 390 / width * 2).rounded() / 2)
}

/// Rows with identities, as a data source holds them, measured by
/// `farOffHeight`; counts height source calls.
final class IdentifiedRows: CellSizing {
    var ids: [[Int]]
    var nextID: Int
    private(set) var calls = 0
    /// Heights to return instead of the real one, by identity (for bad input).
    var overrides: [Int: Double] = [:]
    /// Called with each index path the height source is asked about.
    var onCall: ((IndexPath) -> Void)?

    init(rowCounts: [Int]) {
        var next = 0
        ids = rowCounts.map { count in
            defer { next += count }
            return Array(next..<(next + count))
        }
        nextID = next
    }

    func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    func id(at path: IndexPath) -> Int { ids[path.section][path.row] }

    func height(at indexPath: IndexPath, width: Double) -> Double {
        calls += 1
        onCall?(indexPath)
        let id = id(at: indexPath)
        return overrides[id] ?? farOffHeight(id: id, width: width)
    }
}

/// Everything a caller can observe of a table, for "left unchanged" checks.
struct TableSnapshot: Equatable {
    var contentOffset: Double
    var contentHeight: Double
    var width: Double
    var viewportHeight: Double
    var sections: [[RowState]]
    var headers: [Double]
    var footers: [Double]

    struct RowState: Equatable {
        var height: Double
        var measured: Bool
    }

    init<S>(_ table: TableLayout<S>) throws {
        contentOffset = table.contentOffset
        contentHeight = table.contentHeight
        width = table.width
        viewportHeight = table.viewportHeight
        sections = try (0..<table.numberOfSections).map { s in
            try (0..<table.numberOfRows(inSection: s)).map { r in
                let path = IndexPath(row: r, section: s)
                return RowState(
                    height: try table.heightForRow(at: path),
                    measured: try table.isRowMeasured(at: path))
            }
        }
        headers = try (0..<table.numberOfSections).map {
            try table.rectForHeader(inSection: $0).height
        }
        footers = try (0..<table.numberOfSections).map {
            try table.rectForFooter(inSection: $0).height
        }
    }
}

/// The element a scroll to `offset` keeps where the scroll puts it, found
/// through public queries only (the rule on `TableLayoutPass`): at an offset
/// of 0 or less the first element (the content top); else the first of the
/// zero-height elements at the top edge when one of them is a row not
/// measured yet; else the first element with area in the viewport whose
/// height is measured (headers and footers always are); else the one at
/// the top edge.
func elementKeptByScroll<S>(_ table: TableLayout<S>, to offset: Double) throws -> TableElement? {
    var elements: [(element: TableElement, top: Double, height: Double, measured: Bool)] = []
    for s in 0..<table.numberOfSections {
        let header = try table.rectForHeader(inSection: s)
        elements.append((.header(section: s), header.minY, header.height, true))
        for r in 0..<(try table.numberOfRows(inSection: s)) {
            let path = IndexPath(row: r, section: s)
            let frame = try table.rectForRow(at: path)
            elements.append(
                (.row(path), frame.minY, frame.height, try table.isRowMeasured(at: path)))
        }
        let footer = try table.rectForFooter(inSection: s)
        elements.append((.footer(section: s), footer.minY, footer.height, true))
    }
    guard !elements.isEmpty else { return nil }
    if offset <= 0 { return elements[0].element }
    let atEdge = elements.filter { $0.height == 0 && $0.top == offset }
    if atEdge.contains(where: { !$0.measured }) { return atEdge[0].element }
    if let measured = elements.first(where: {
        $0.height > 0 && $0.measured && $0.top + $0.height > offset
            && $0.top < offset + table.viewportHeight
    }) {
        return measured.element
    }
    if let first = atEdge.first { return first.element }
    return elements.first(where: { $0.top <= offset && $0.top + $0.height > offset })?.element
}

/// The first element with area at the top of the viewport and its frame in
/// the viewport, found through public queries only.
func firstVisible<S>(_ table: TableLayout<S>) throws -> (TableElement, Double)? {
    guard let element = table.element(at: Point(x: 0, y: table.contentOffset)) else { return nil }
    return (element, try table.frameInViewport(for: element).minY)
}
