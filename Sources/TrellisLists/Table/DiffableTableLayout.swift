// A table driven by snapshots of identifiers, as a table view with a
// `UITableViewDiffableDataSource`: the caller says what the list holds now,
// and the table works out and applies the changes.

/// A `TableLayout` whose content is given as snapshots of section and item
/// identifiers, applied like `UITableViewDiffableDataSource.apply(_:)`.
///
/// Applying a snapshot pairs its identifiers with the current ones (an O(n)
/// hash pairing, then the fewest moves), and applies deletes, inserts, moves
/// and reloads as one batch update: rows whose identifiers stay keep their
/// measured heights wherever they move; new and reloaded rows get estimates
/// and are measured by the next layout pass; the first visible row that
/// stays in order keeps its place on screen.
///
/// The height source is asked with index paths of the current snapshot:
/// update the data it reads before applying (UIKit's rule for data sources).
///
/// ```swift
/// var snapshot = ListSnapshot<Int, String>()
/// snapshot.appendSections([0])
/// try snapshot.appendItems(messages.map(\.id), toSection: 0)
/// var list = try DiffableTableLayout(
///     snapshot: snapshot, estimate: .uniform(60), sizing: sizing, width: 390,
///     viewportHeight: 844)
/// try list.layoutIfNeeded()
/// try snapshot.appendItems(["new"], toSection: 0)
/// try list.apply(snapshot)
/// ```
public struct DiffableTableLayout<
    SectionIdentifier: Hashable, ItemIdentifier: Hashable, Sizing: CellSizing
> {
    /// The layout itself: frames, ranges, offsets.
    /// - Complexity: O(1) (copy on write).
    public var table: TableLayout<Sizing> { _table }
    /// What the last `apply` changed (empty before the first).
    public var lastDifference: ListDifference { _lastDifference }
    /// The header and footer heights of a section identifier, asked when the
    /// section first appears.
    public let sectionHeights: (SectionIdentifier) -> (header: Double, footer: Double)

    // Internal but usable from inlinable code: `apply` is inlinable so that
    // it is specialized for the caller's identifier types (unspecialized,
    // every hash and lookup went through generic metadata: 10x slower).
    @usableFromInline var _table: TableLayout<Sizing>
    @usableFromInline var _lastDifference = ListDifference()
    @usableFromInline var current: ListSnapshot<SectionIdentifier, ItemIdentifier>
    @usableFromInline var currentIndex: _SnapshotIndex<SectionIdentifier, ItemIdentifier>

    /// Opens a table on a snapshot, with estimates only (at its end for
    /// `contentAnchoring: .bottom`, a chat list).
    ///
    /// - Throws: `TableError.invalidSnapshot` for repeated identifiers (or a
    ///   reload of a missing item), and whatever `TableLayout.init` throws.
    /// - Complexity: O(n).
    public init(
        snapshot: ListSnapshot<SectionIdentifier, ItemIdentifier>, estimate: RowHeightEstimate,
        sizing: Sizing, width: Double, viewportHeight: Double, overscanRows: Int = 2,
        rangeTuning: TableRangeTuning = .texture, contentAnchoring: TableContentAnchoring = .top,
        headerFooterSizing: HeaderFooterSizing? = nil, axis: TableAxis = .vertical,
        style: TableStyle = .plain,
        sectionHeights: @escaping (SectionIdentifier) -> (header: Double, footer: Double) = { _ in
            (0, 0)
        }
    ) throws(TableError) {
        do throws(SnapshotError) {
            currentIndex = try _SnapshotIndex(snapshot, checkingReloads: true)
        } catch {
            throw .invalidSnapshot(error)
        }
        let sections = zip(snapshot.sectionIdentifiers, snapshot.sectionItems).map { id, items in
            let (header, footer) = sectionHeights(id)
            return TableSection(rowCount: items.count, headerHeight: header, footerHeight: footer)
        }
        _table = try TableLayout(
            sections: sections, estimate: estimate, sizing: sizing, width: width,
            viewportHeight: viewportHeight, overscanRows: overscanRows, rangeTuning: rangeTuning,
            contentAnchoring: contentAnchoring, headerFooterSizing: headerFooterSizing, axis: axis,
            style: style)
        current = snapshot
        current.clearReloads()
        self.sectionHeights = sectionHeights
    }

    /// The current snapshot (without reloads), as UIKit's `snapshot()`.
    /// - Complexity: O(1) (copy on write).
    public func snapshot() -> ListSnapshot<SectionIdentifier, ItemIdentifier> { current }

    /// Makes `snapshot` the table's content, as
    /// `UITableViewDiffableDataSource.apply(_:animatingDifferences:)`.
    ///
    /// Deleted rows go; inserted rows get estimates; moved rows keep their
    /// heights (measured or estimated); reloaded rows stay in place with
    /// estimates; new sections get `sectionHeights`. Nothing is measured here:
    /// the next layout pass measures what comes into view, keeping the same
    /// row in place. The difference applied is `lastDifference`.
    ///
    /// - Throws: `TableError.invalidSnapshot` naming a repeated section or item
    ///   identifier and both its positions, or a reload of an item the
    ///   snapshot lacks; `.invalidEstimatedHeight` / `.invalidSectionHeight`.
    ///   A refused snapshot changes nothing.
    /// - Complexity: O(n + m log m) for n rows in both snapshots, m of them
    ///   out of order (hashing each identifier once).
    @inlinable @discardableResult
    public mutating func apply(_ snapshot: ListSnapshot<SectionIdentifier, ItemIdentifier>)
        throws(TableError) -> TableLayoutPass
    {
        let newIndex: _SnapshotIndex<SectionIdentifier, ItemIdentifier>
        do throws(SnapshotError) {
            newIndex = try _SnapshotIndex(snapshot, checkingReloads: true)
        } catch {
            throw .invalidSnapshot(error)
        }
        let match = _SnapshotMatch(old: currentIndex, new: newIndex, newSnapshot: snapshot)
        let heights = sectionHeights
        let ids = snapshot.sectionIdentifiers
        let pass = try _table.apply(match) { heights(ids[$0]) }
        _lastDifference = match.difference
        current = snapshot
        current.clearReloads()
        currentIndex = newIndex
        return pass
    }

    /// The index path of an item identifier, as `indexPath(for:)`; nil when
    /// the current snapshot does not hold it.
    /// - Complexity: O(log sections) (a hash lookup, then a search of the sections).
    @inlinable
    public func indexPath(for identifier: ItemIdentifier) -> IndexPath? {
        currentIndex.items[identifier].map {
            _indexPath(ofPosition: $0, starts: currentIndex.itemStarts)
        }
    }

    /// The item identifier at an index path, as `itemIdentifier(for:)`; nil
    /// outside the snapshot.
    /// - Complexity: O(1).
    @inlinable
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? {
        guard indexPath.section >= 0, indexPath.section < current.sectionItems.count else {
            return nil
        }
        let items = current.sectionItems[indexPath.section]
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    // MARK: The table's own operations

    /// Runs a layout pass (`TableLayout.layoutIfNeeded()`).
    /// - Complexity: O(m log n) for m rows measured.
    @discardableResult
    public mutating func layoutIfNeeded() throws(TableError) -> TableLayoutPass {
        try _table.layoutIfNeeded()
    }

    /// Scrolls to a content offset (`TableLayout.scroll(toOffset:)`).
    /// - Complexity: O(m log n) for m rows measured.
    @discardableResult
    public mutating func scroll(toOffset offset: Double) throws(TableError) -> TableLayoutPass {
        try _table.scroll(toOffset: offset)
    }

    /// Scrolls a row into place (`TableLayout.scrollToRow(at:at:)`).
    /// - Complexity: O(m log n) for m rows measured.
    @discardableResult
    public mutating func scrollToRow(at indexPath: IndexPath, at position: TableScrollPosition)
        throws(TableError) -> TableLayoutPass
    {
        try _table.scrollToRow(at: indexPath, at: position)
    }

    /// Changes the width and viewport height (`TableLayout.resize(width:viewportHeight:)`).
    /// - Complexity: O(n) plus O(m log n) for m rows measured.
    @discardableResult
    public mutating func resize(width: Double, viewportHeight: Double) throws(TableError)
        -> TableLayoutPass
    {
        try _table.resize(width: width, viewportHeight: viewportHeight)
    }
}

extension ListSnapshot {
    @inlinable mutating func clearReloads() { _reloadedItemIdentifiers.removeAll() }
}
