// What changed between two snapshots, in UIKit's batch-update terms.

/// A move of a section (its index before and after) or of an item (its
/// index path before and after).
public struct ListMove<Position: Hashable & Sendable>: Hashable, Sendable {
    /// The position before the change.
    public var from: Position
    /// The position after the change.
    public var to: Position

    /// A move from one position to another.
    /// - Complexity: O(1).
    public init(from: Position, to: Position) {
        self.from = from
        self.to = to
    }
}

/// What changed between two snapshots, in UIKit's batch-update terms:
/// deletes name positions before the change, inserts and reloads positions
/// after it, moves go from one to the other.
///
/// Items of a moved section move with it and are not listed as moves; an
/// item is moved when it changes section or changes order among the items
/// that stay in its section (as few as possible: the others form a longest
/// run in the old order).
public struct ListDifference: Hashable, Sendable {
    /// Sections whose identifiers are gone, as before the change.
    public var deletedSections: [Int] = []
    /// Sections whose identifiers are new, as after the change.
    public var insertedSections: [Int] = []
    /// Sections that changed order.
    public var movedSections: [ListMove<Int>] = []
    /// Items whose identifiers are gone, as before the change.
    public var deletedItems: [IndexPath] = []
    /// Items whose identifiers are new, as after the change.
    public var insertedItems: [IndexPath] = []
    /// Items that changed section or order.
    public var movedItems: [ListMove<IndexPath>] = []
    /// Items reloaded by the new snapshot, as after the change.
    public var reloadedItems: [IndexPath] = []

    /// No change.
    /// - Complexity: O(1).
    public init() {}

    /// True when nothing changed.
    /// - Complexity: O(1).
    public var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
            && deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty
            && reloadedItems.isEmpty
    }
}
