// The queries every collection layout answers the same way, written once:
// invalidation by the prepared bounds' size, and the lookups of layouts that
// keep their elements in an `_ElementStore` (column flow, mosaic, waterfall),
// with the rect query and header/footer sizing of the banded ones (flow, mosaic).
//
// The members below are `public` in extensions of internal protocols: each
// one is the witness of a requirement of a public protocol (`CollectionLayout`,
// `SectionSupplementaryLayout`), which is how callers reach it.

import TrellisGeometry

/// A layout prepared for bounds, invalidated only when their size changes.
protocol _PreparedBoundsLayout: CollectionLayout {
    /// The bounds of the last successful `prepare`, or nil before it.
    var preparedBounds: Rect? { get }
}

extension _PreparedBoundsLayout {
    /// True when `newBounds` has another size than the prepared bounds (or
    /// the layout was never prepared); scrolling changes nothing.
    /// - Complexity: O(1).
    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != preparedBounds?.size
    }
}

/// A layout whose prepared elements live in an `_ElementStore`, with headers
/// and footers whose measured heights `supplementaryHeights` remembers.
protocol _ElementStoreLayout: _PreparedBoundsLayout, SectionSupplementaryLayout {
    var store: _ElementStore { get }
    var supplementaryHeights: _SupplementaryHeights { get }
}

extension _ElementStoreLayout {
    /// The attributes of an item's cell, or `nil` when there is no such item.
    /// - Complexity: O(1).
    public func attributes(forItem indexPath: IndexPath) -> LayoutAttributes? {
        store.attributes(forItem: indexPath)
    }

    /// A section's header, or `nil` without headers or such a section.
    /// - Complexity: O(1).
    public func attributes(forHeaderInSection section: Int) -> LayoutAttributes? {
        store.header(inSection: section)
    }

    /// A section's footer, or `nil` without footers or such a section.
    /// - Complexity: O(1).
    public func attributes(forFooterInSection section: Int) -> LayoutAttributes? {
        store.footer(inSection: section)
    }

    /// The number of sections of the prepared layout (0 before `prepare`).
    /// - Complexity: O(1).
    public var sectionCount: Int { store.itemCounts.count }

    /// True when a section's header or footer has its real height.
    /// - Complexity: O(1).
    public func isMeasured(_ kind: ElementKind, inSection section: Int) -> Bool {
        supplementaryHeights.isMeasured(kind, inSection: section)
    }
}

/// An element-store layout whose elements stack downwards in bands (flow
/// rows, mosaic segments, headers, footers) indexed by a `_BandIndex`.
protocol _BandedLayout: _ElementStoreLayout {
    var store: _ElementStore { get set }
    var bands: _BandIndex { get set }
    var supplementaryHeights: _SupplementaryHeights { get set }
    var contentSize: Size { get set }
    /// The content height when the last element ends at `elementsEnd`.
    func _contentHeight(elementsEnd: Double, preparedBounds: Rect) -> Double
}

extension _BandedLayout {
    /// The elements intersecting `rect`, in `LayoutAttributes.precedes` order.
    /// - Complexity: O(log n + k): bands are binary searched, and a band
    ///   with many elements too (flow rows); the elements of the first and
    ///   last bands met that miss the rect vertically (items shorter than
    ///   their row) are the only others looked at.
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        bands.attributes(in: rect, from: store.elements)
    }

    /// Takes the real height of a section's header or footer
    /// (`SectionSupplementaryLayout`): the elements after it move by the
    /// change, and the returned offset keeps the first element visible in
    /// `visibleRect` where it was. The height lasts across `prepare` while the
    /// width and the number of sections stay the same.
    /// - Complexity: O(log n + elements after it).
    public mutating func updateSupplementaryHeight(
        _ height: Double, of kind: ElementKind, inSection section: Int, visibleRect: Rect
    ) throws(CollectionLayoutError) -> Point {
        guard let preparedBounds else { throw .notPrepared }
        let element = store.supplementaryIndex(kind, inSection: section)
        try _Validate.supplementary(height, of: kind, inSection: section, exists: element != nil)
        let anchor = _elementAnchor(in: visibleRect)
        // Moved out and back (not copied): `store` and `bands` are two
        // properties of `self`, which one call cannot both take inout.
        var movedBands = bands
        bands = _BandIndex(isXOrdered: movedBands.isXOrdered)
        _ = store.resize(element!, to: height, bands: &movedBands)
        bands = movedBands
        contentSize.height = _contentHeight(
            elementsEnd: store.elements.last?.frame.maxY ?? 0, preparedBounds: preparedBounds)
        supplementaryHeights.record(height, of: kind, inSection: section)
        return _offset(restoring: anchor, orKeeping: visibleRect)
    }
}
