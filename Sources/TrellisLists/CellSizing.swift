// The contract between lists and whatever measures cells. TrellisLists never
// imports TrellisViews: a table or collection layout asks a `CellSizing` for a
// height at a width, and the caller may answer with frame code, constraints,
// a cache, or a closure.

/// The position of a row (table) or item (collection) in a sectioned list,
/// as `Foundation.IndexPath` with UIKit's `section`/`row`/`item`.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    /// UIKit's table name for `item`.
    public var row: Int {
        get { item }
        set { item = newValue }
    }

    public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    public init(row: Int, section: Int) {
        self.init(item: row, section: section)
    }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    public var description: String { "[\(section), \(item)]" }
}

/// Answers a cell's real height at a width. Lists call it only for cells that
/// become visible or fall in a prefetch range, and cache what it returns.
///
/// A returned height must be finite and not negative; lists reject anything
/// else with an error naming the index path.
public protocol CellSizing {
    func height(at indexPath: IndexPath, width: Double) -> Double
}

/// A `CellSizing` made from a closure.
public struct ClosureCellSizing: CellSizing {
    public let body: (IndexPath, Double) -> Double

    public init(_ body: @escaping (IndexPath, Double) -> Double) {
        self.body = body
    }

    public func height(at indexPath: IndexPath, width: Double) -> Double {
        body(indexPath, width)
    }
}

/// Rows numbered across sections, in order: row r of section s is flat row
/// `rowCounts[0] + … + rowCounts[s − 1] + r`, the way a data source that
/// keeps one array of items for several sections numbers them.
public struct SectionRowNumbering: Hashable, Sendable {
    /// The rows of each section.
    public let rowCounts: [Int]
    /// The flat row of each section's first row.
    public let firstRows: [Int]

    /// The numbering of sections of `rowCounts` rows.
    public init(rowCounts: [Int]) {
        self.rowCounts = rowCounts
        var rows: [Int] = []
        rows.reserveCapacity(rowCounts.count)
        var next = 0
        for count in rowCounts {
            rows.append(next)
            next += max(0, count)
        }
        firstRows = rows
    }

    /// The flat row of an index path; nil outside the sections and their rows.
    /// - Complexity: O(1).
    public func flatRow(of indexPath: IndexPath) -> Int? {
        guard indexPath.section >= 0, indexPath.section < rowCounts.count, indexPath.item >= 0,
            indexPath.item < rowCounts[indexPath.section]
        else { return nil }
        return firstRows[indexPath.section] + indexPath.item
    }
}

/// A `CellSizing` over rows numbered across sections (`SectionRowNumbering`):
/// item i of section s is row `firstRows[s] + i` of `base` (asked for as
/// `[0, row]`), the way a layout file's sections take their rows from the
/// data in order. An index path outside the sections is NaN.
public struct SectionRowsSizing<Base: CellSizing>: CellSizing {
    public var base: Base
    /// How index paths map to the base's rows.
    public var numbering: SectionRowNumbering
    /// The row of each section's first item.
    public var firstRows: [Int] { numbering.firstRows }

    /// Rows for sections of `itemCounts`, in order.
    public init(base: Base, itemCounts: [Int]) {
        self.base = base
        numbering = SectionRowNumbering(rowCounts: itemCounts)
    }

    public func height(at indexPath: IndexPath, width: Double) -> Double {
        guard indexPath.section >= 0, indexPath.section < firstRows.count else { return .nan }
        return base.height(
            at: IndexPath(item: firstRows[indexPath.section] + indexPath.item, section: 0),
            width: width)
    }
}
