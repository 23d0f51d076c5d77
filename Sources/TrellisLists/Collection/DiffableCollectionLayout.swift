// Collection layouts driven by snapshots of identifiers, as a collection
// view with a `UICollectionViewDiffableDataSource`: the same snapshot API as
// the table, with the first visible item that stays kept in place.

import TrellisGeometry

/// A collection layout whose item counts can be replaced (the column flow,
/// the waterfall, the mosaic), and which may add items at the end without
/// placing the others again.
public protocol ItemCountedCollectionLayout: CollectionLayout {
    /// Items per section.
    /// - Complexity: O(1).
    var sectionItemCounts: [Int] { get }
    /// Replaces the item counts; the next `prepare` lays them out.
    /// - Throws: `.invalidParameter` for counts this layout cannot take.
    /// - Complexity: O(sections).
    mutating func setItemCounts(_ counts: [Int]) throws(CollectionLayoutError)
    /// Adds `count` items at the end of the last section without moving the
    /// others, if the layout can; returns false to be prepared again instead.
    mutating func appendItemsInPlace(count: Int) throws(CollectionLayoutError) -> Bool
    /// Takes new item counts after inserts, deletes, moves and reloads and
    /// lays them out without a new `prepare`, if the layout can: elements
    /// before the first change stay, everything after it is placed again,
    /// and only items without a source are measured. `sources[n]` is, for
    /// the new item at position n (counting section by section), the old
    /// position whose height it keeps, or -1 to measure it (inserted or
    /// reloaded). Returns false to be prepared again instead.
    mutating func updateItemsInPlace(counts: [Int], sources: [Int]) throws(CollectionLayoutError)
        -> Bool
}

extension ItemCountedCollectionLayout {
    /// By default, appended items are laid out by a new `prepare`: false.
    /// - Complexity: O(1).
    public mutating func appendItemsInPlace(count: Int) throws(CollectionLayoutError) -> Bool {
        false
    }

    /// By default, updated items are laid out by a new `prepare`: false.
    /// - Complexity: O(1).
    public mutating func updateItemsInPlace(counts: [Int], sources: [Int])
        throws(CollectionLayoutError) -> Bool
    {
        false
    }
}

extension ColumnFlowLayout: ItemCountedCollectionLayout {
    /// `itemCounts`.
    /// - Complexity: O(1).
    public var sectionItemCounts: [Int] { itemCounts }
    /// Sets `itemCounts`.
    /// - Complexity: O(sections).
    public mutating func setItemCounts(_ counts: [Int]) throws(CollectionLayoutError) {
        itemCounts = counts
    }
}

extension WaterfallLayout: ItemCountedCollectionLayout {
    /// `itemCounts`.
    /// - Complexity: O(1).
    public var sectionItemCounts: [Int] { itemCounts }
    /// Sets `itemCounts`.
    /// - Complexity: O(sections).
    public mutating func setItemCounts(_ counts: [Int]) throws(CollectionLayoutError) {
        itemCounts = counts
    }
    /// Appends through `appendItems(count:)`: no item already placed moves
    /// or changes column.
    /// - Complexity: as `appendItems(count:)`.
    public mutating func appendItemsInPlace(count: Int) throws(CollectionLayoutError) -> Bool {
        try appendItems(count: count)
        return true
    }
}

/// A collection layout whose content is given as snapshots of section and
/// item identifiers, applied like `UICollectionViewDiffableDataSource.apply(_:)`.
///
/// Applying a snapshot pairs identifiers with the current ones (as
/// `DiffableTableLayout` does), lays the new counts out, and returns the
/// content offset that keeps the first visible item that stays in order at
/// its distance from the top. Items appended at the end of the last section
/// (and nothing else changed) go in without laying the others out again
/// when the layout can (the waterfall: no reshuffle); other changes are laid
/// out in place when the layout can (the column flow and the mosaic: the
/// elements before the first change stay, and items that stay keep their
/// heights, including heights reported with `updateItemHeight`).
///
/// The layout's sizing is asked with index paths of the new snapshot:
/// update the data it reads before applying.
public struct DiffableCollectionLayout<
    Layout: ItemCountedCollectionLayout, SectionIdentifier: Hashable, ItemIdentifier: Hashable
> {
    /// The layout itself.
    public private(set) var layout: Layout
    /// What the last `apply` changed.
    public private(set) var lastDifference = ListDifference()
    private var current: ListSnapshot<SectionIdentifier, ItemIdentifier>
    private var currentIndex: _SnapshotIndex<SectionIdentifier, ItemIdentifier>
    private var margins = EdgeInsets.zero
    private var safeArea = EdgeInsets.zero
    private var bounds: Rect?

    /// Wraps a layout (not prepared yet) for a snapshot; its item counts
    /// become the snapshot's.
    /// - Throws: `.invalidSnapshot` for repeated identifiers; what
    ///   `setItemCounts` throws.
    /// - Complexity: O(n).
    public init(layout: Layout, snapshot: ListSnapshot<SectionIdentifier, ItemIdentifier>)
        throws(CollectionLayoutError)
    {
        do throws(SnapshotError) {
            currentIndex = try _SnapshotIndex(snapshot, checkingReloads: true)
        } catch {
            throw .invalidSnapshot(error)
        }
        self.layout = layout
        try self.layout.setItemCounts(snapshot.sectionItems.map(\.count))
        current = snapshot
        current.clearReloads()
    }

    /// The current snapshot (without reloads).
    /// - Complexity: O(1) (copy on write).
    public func snapshot() -> ListSnapshot<SectionIdentifier, ItemIdentifier> { current }

    /// Prepares the layout (`CollectionLayout.prepare`), remembering the
    /// geometry for the next `apply`.
    /// - Complexity: as the layout's `prepare`.
    public mutating func prepare(
        bounds: Rect, layoutMargins: EdgeInsets, safeAreaInsets: EdgeInsets
    )
        throws(CollectionLayoutError)
    {
        try layout.prepare(
            bounds: bounds, layoutMargins: layoutMargins, safeAreaInsets: safeAreaInsets)
        self.bounds = bounds
        margins = layoutMargins
        safeArea = safeAreaInsets
    }

    /// The index path of an item identifier; nil when the snapshot lacks it.
    /// - Complexity: O(log sections).
    public func indexPath(for identifier: ItemIdentifier) -> IndexPath? {
        currentIndex.items[identifier].map {
            _indexPath(ofPosition: $0, starts: currentIndex.itemStarts)
        }
    }

    /// Makes `snapshot` the content and lays it out, returning the content
    /// offset that keeps the first item visible in `visibleRect` that stays
    /// in order (not deleted, not moved) at its distance from the top,
    /// clamped to the content; `visibleRect`'s offset clamped when no such
    /// item is visible.
    ///
    /// - Throws: `.notPrepared`; `.invalidSnapshot` naming a repeated
    ///   identifier and both positions, or a reload of a missing item; what
    ///   the layout's `prepare` throws. A refused snapshot changes nothing.
    /// - Complexity: O(n + m log m) to pair, plus the layout's `prepare`
    ///   (or its in-place append).
    @discardableResult
    public mutating func apply(
        _ snapshot: ListSnapshot<SectionIdentifier, ItemIdentifier>, visibleRect: Rect
    ) throws(CollectionLayoutError) -> Point {
        guard let bounds else { throw .notPrepared }
        let newIndex: _SnapshotIndex<SectionIdentifier, ItemIdentifier>
        do throws(SnapshotError) {
            newIndex = try _SnapshotIndex(snapshot, checkingReloads: true)
        } catch {
            throw .invalidSnapshot(error)
        }
        let match = _SnapshotMatch(old: currentIndex, new: newIndex, newSnapshot: snapshot)
        let difference = match.difference

        // The first visible item that stays in order, by its new index path.
        var anchor: ScrollAnchor?
        for attributes in layout.attributes(in: visibleRect) where attributes.kind == .cell {
            let old = attributes.indexPath
            let n = match.itemTarget[match.oldItemStarts[old.section] + old.item]
            guard n >= 0, match.itemFlags[n] & _SnapshotMatch.kept != 0 else { continue }
            let to = _indexPath(ofPosition: n, starts: match.newItemStarts)
            guard !match.sectionMoved[to.section] else { continue }
            anchor = ScrollAnchor(
                indexPath: to, distanceFromTop: attributes.frame.minY - visibleRect.minY)
            break
        }

        var updated = layout
        let counts = snapshot.sectionItems.map(\.count)
        let appended = counts.last.map { $0 - (layout.sectionItemCounts.last ?? 0) } ?? 0
        let onlyAppended =
            counts.count == layout.sectionItemCounts.count && appended > 0
            && Array(counts.dropLast()) == Array(layout.sectionItemCounts.dropLast())
            && difference.insertedItems.count == appended && difference.deletedItems.isEmpty
            && difference.movedItems.isEmpty && difference.movedSections.isEmpty
            && difference.reloadedItems.isEmpty
            && difference.insertedItems.allSatisfy {
                $0.section == counts.count - 1 && $0.item >= counts[counts.count - 1] - appended
            }
        var inPlace = onlyAppended ? try updated.appendItemsInPlace(count: appended) : false
        if !inPlace {
            var sources = match.itemSource
            for n in sources.indices where match.itemFlags[n] & _SnapshotMatch.reloaded != 0 {
                sources[n] = -1
            }
            inPlace = try updated.updateItemsInPlace(counts: counts, sources: sources)
        }
        if !inPlace {
            try updated.setItemCounts(counts)
            try updated.prepare(bounds: bounds, layoutMargins: margins, safeAreaInsets: safeArea)
        }
        layout = updated
        lastDifference = difference
        current = snapshot
        current.clearReloads()
        currentIndex = newIndex
        return layout._offset(restoring: anchor, orKeeping: visibleRect)
    }
}

extension DiffableCollectionLayout: Sendable
where Layout: Sendable, SectionIdentifier: Sendable, ItemIdentifier: Sendable {}

extension DiffableCollectionLayout where Layout: SelfSizingCollectionLayout {
    /// Takes an item's real height (`SelfSizingCollectionLayout.updateItemHeight`).
    /// - Complexity: as the layout's `updateItemHeight`.
    public mutating func updateItemHeight(
        _ height: Double, at indexPath: IndexPath, visibleRect: Rect
    )
        throws(CollectionLayoutError) -> Point
    {
        try layout.updateItemHeight(height, at: indexPath, visibleRect: visibleRect)
    }
}
