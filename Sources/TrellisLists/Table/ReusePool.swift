// Cell reuse keyed by reuse identifier, as UITableView's reuse queue: cells
// that leave the screen wait in the pool, and dequeueing prefers them to
// making new ones.

/// A cell that a `ReusePool` can recycle, as `UITableViewCell`.
public protocol ReusableCell: AnyObject {
    /// The identifier the cell was made for.
    var reuseIdentifier: String { get }
    /// Called when a recycled cell is about to be handed out again, before the
    /// caller configures it for its new row.
    func prepareForReuse()
}

/// Recycled cells per reuse identifier, with registered factories and counters.
///
/// ```swift
/// let pool = ReusePool<MyCell>()
/// pool.register({ MyCell(reuseIdentifier: "animal") }, forCellReuseIdentifier: "animal")
/// let cell = try pool.dequeueReusableCell(withIdentifier: "animal")  // made
/// pool.enqueue(cell)                                                 // left the screen
/// let again = try pool.dequeueReusableCell(withIdentifier: "animal") // reused
/// ```
public final class ReusePool<Cell: ReusableCell> {
    /// How many cells each identifier's factory made and how many were reused.
    public struct Counts: Hashable, Sendable {
        public var made = 0
        public var reused = 0
        public init(made: Int = 0, reused: Int = 0) {
            self.made = made
            self.reused = reused
        }
    }

    private var factories: [String: () -> Cell] = [:]
    private var waiting: [String: [Cell]] = [:]
    /// Counters per identifier.
    public private(set) var counts: [String: Counts] = [:]

    public init() {}

    /// Registers the factory that makes cells for an identifier, as
    /// `register(_:forCellReuseIdentifier:)`; a later registration replaces it.
    public func register(_ factory: @escaping () -> Cell, forCellReuseIdentifier identifier: String)
    {
        factories[identifier] = factory
    }

    /// A waiting cell for the identifier after `prepareForReuse()`, or a new
    /// one from its factory.
    ///
    /// - Throws: `TableError.unregisteredReuseIdentifier` when no factory is
    ///   registered for the identifier (nothing changes).
    /// - Complexity: O(1) amortized.
    public func dequeueReusableCell(withIdentifier identifier: String) throws(TableError) -> Cell {
        if let cell = waiting[identifier]?.popLast() {
            cell.prepareForReuse()
            counts[identifier, default: Counts()].reused += 1
            return cell
        }
        guard let factory = factories[identifier] else {
            throw .unregisteredReuseIdentifier(identifier)
        }
        let cell = factory()
        counts[identifier, default: Counts()].made += 1
        return cell
    }

    /// Puts a cell that left the screen back in its identifier's queue.
    /// - Complexity: O(1) amortized.
    public func enqueue(_ cell: Cell) {
        waiting[cell.reuseIdentifier, default: []].append(cell)
    }

    /// The number of cells waiting for an identifier.
    public func waitingCount(forIdentifier identifier: String) -> Int {
        waiting[identifier]?.count ?? 0
    }

    /// Cells made by all factories.
    public var totalMade: Int { counts.values.reduce(0) { $0 + $1.made } }

    /// Cells handed out again after `prepareForReuse()`.
    public var totalReused: Int { counts.values.reduce(0) { $0 + $1.reused } }

    /// Drops every waiting cell (memory warning); factories and counters stay.
    public func removeWaitingCells() {
        waiting.removeAll()
    }
}
