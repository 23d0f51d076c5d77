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
