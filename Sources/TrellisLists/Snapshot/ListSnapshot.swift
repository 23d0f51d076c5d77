// A list's content as identifiers: sections, and the items of each section,
// as `NSDiffableDataSourceSnapshot`. Lists diff two snapshots by identity.

/// The identifiers of a list's sections and of the items in each section, as
/// UIKit's `NSDiffableDataSourceSnapshot`.
///
/// Appending is cheap and checks nothing but the section it names; the
/// snapshot is checked as a whole when it is applied (duplicate section or
/// item identifiers, reloads of items it does not hold), and a refused
/// snapshot changes nothing.
///
/// ```swift
/// var snapshot = ListSnapshot<String, Int>()
/// snapshot.appendSections(["inbox", "archive"])
/// try snapshot.appendItems([1, 2, 3], toSection: "inbox")
/// snapshot.appendItems([4, 5])                  // to the last section
/// snapshot.reloadItems([2])
/// ```
public struct ListSnapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    /// The section identifiers, in order.
    /// - Complexity: O(1).
    public var sectionIdentifiers: [SectionIdentifier] { _sectionIdentifiers }
    @usableFromInline var _sectionIdentifiers: [SectionIdentifier] = []
    /// Per section, its item identifiers in order.
    @usableFromInline var sectionItems: [[ItemIdentifier]] = []
    /// Items whose content changed: applied, they keep their place but lose
    /// their measured height (`reloadItems`).
    /// - Complexity: O(1).
    public var reloadedItemIdentifiers: [ItemIdentifier] { _reloadedItemIdentifiers }
    @usableFromInline var _reloadedItemIdentifiers: [ItemIdentifier] = []

    /// An empty snapshot.
    /// - Complexity: O(1).
    @inlinable public init() {}

    /// The number of sections.
    /// - Complexity: O(1).
    public var numberOfSections: Int { sectionIdentifiers.count }

    /// The number of items in all sections.
    /// - Complexity: O(sections).
    public var numberOfItems: Int { sectionItems.reduce(0) { $0 + $1.count } }

    /// Every item identifier, section by section.
    /// - Complexity: O(n).
    public var itemIdentifiers: [ItemIdentifier] { Array(sectionItems.joined()) }

    /// The item identifiers of one section.
    /// - Throws: `SnapshotError.sectionNotFound` when the snapshot has no such section.
    /// - Complexity: O(sections) to find the section.
    public func itemIdentifiers(inSection identifier: SectionIdentifier) throws(SnapshotError)
        -> [ItemIdentifier]
    {
        sectionItems[try position(ofSection: identifier, context: "itemIdentifiers(inSection:)")]
    }

    /// Adds sections at the end, without items (a repeated identifier is
    /// refused when the snapshot is applied, naming both positions).
    /// - Complexity: O(k) for k sections added.
    @inlinable
    public mutating func appendSections(_ identifiers: [SectionIdentifier]) {
        _sectionIdentifiers += identifiers
        sectionItems += repeatElement([], count: identifiers.count)
    }

    /// Adds items at the end of a section.
    /// - Throws: `SnapshotError.sectionNotFound` when the snapshot has no such
    ///   section; nothing is added then.
    /// - Complexity: O(k) for k items, plus O(sections) to find the section
    ///   (searched from the last one).
    @inlinable
    public mutating func appendItems(
        _ identifiers: [ItemIdentifier], toSection section: SectionIdentifier
    ) throws(SnapshotError) {
        let s = try position(ofSection: section, context: "appendItems(_:toSection:)")
        sectionItems[s] += identifiers
    }

    /// Adds items at the end of the last section, as UIKit's `appendItems(_:)`.
    /// - Throws: `SnapshotError.noSections` when the snapshot has no section.
    /// - Complexity: O(k) for k items.
    @inlinable
    public mutating func appendItems(_ identifiers: [ItemIdentifier]) throws(SnapshotError) {
        guard !sectionItems.isEmpty else { throw .noSections(context: "appendItems(_:)") }
        sectionItems[sectionItems.count - 1] += identifiers
    }

    /// Marks items as changed: applying the snapshot keeps them in place but
    /// forgets their measured heights (they get estimates and are measured
    /// again when they come into view). Each must be in the snapshot when it
    /// is applied.
    /// - Complexity: O(k) for k items.
    @inlinable
    public mutating func reloadItems(_ identifiers: [ItemIdentifier]) {
        _reloadedItemIdentifiers += identifiers
    }

    /// The index of a section, searched from the end (appends usually name the last one).
    @inlinable
    func position(ofSection identifier: SectionIdentifier, context: String) throws(SnapshotError)
        -> Int
    {
        guard let s = sectionIdentifiers.lastIndex(of: identifier) else {
            throw .sectionNotFound(String(describing: identifier), context: context)
        }
        return s
    }
}

extension ListSnapshot: Equatable {}
extension ListSnapshot: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}
