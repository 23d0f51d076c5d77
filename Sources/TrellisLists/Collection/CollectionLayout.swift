// The contract every collection layout answers (UICollectionViewLayout's job
// without UIKit): prepare for bounds, report the content size, and answer rect
// and item queries from flat, precomputed attributes.

import TrellisGeometry

/// What a laid-out element is, as UIKit's `representedElementCategory` plus
/// the section-header and section-footer supplementary kinds.
public enum ElementKind: UInt8, Hashable, Sendable, CustomStringConvertible {
    /// An item's cell.
    case cell
    /// A section's header (`UICollectionView.elementKindSectionHeader`).
    case header
    /// A section's footer (`UICollectionView.elementKindSectionFooter`).
    case footer

    public var description: String {
        switch self {
        case .cell: return "cell"
        case .header: return "header"
        case .footer: return "footer"
        }
    }
}

/// The frame of one element, as `UICollectionViewLayoutAttributes` but a value.
///
/// A header or footer carries the index path `[section, 0]`.
public struct LayoutAttributes: Hashable, Sendable, CustomStringConvertible {
    public var indexPath: IndexPath
    public var frame: Rect
    public var kind: ElementKind

    public init(indexPath: IndexPath, frame: Rect, kind: ElementKind = .cell) {
        self.indexPath = indexPath
        self.frame = frame
        self.kind = kind
    }

    /// The order `attributes(in:)` returns: by section, a section's header
    /// before its items, then by item, then the section's footer.
    public static func precedes(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
        if lhs.indexPath.section != rhs.indexPath.section {
            return lhs.indexPath.section < rhs.indexPath.section
        }
        if lhs.kind != rhs.kind { return _rank(lhs.kind) < _rank(rhs.kind) }
        return lhs.indexPath.item < rhs.indexPath.item
    }

    private static func _rank(_ kind: ElementKind) -> Int {
        switch kind {
        case .header: return 0
        case .cell: return 1
        case .footer: return 2
        }
    }

    public var description: String { "\(kind) \(indexPath) \(frame)" }
}

/// Where the first visible item sat, so a re-prepared layout can scroll back
/// to it: the item and the distance from the top of the visible rect to the
/// item's top edge.
public struct ScrollAnchor: Hashable, Sendable {
    public var indexPath: IndexPath
    /// `item.minY - visibleRect.minY`; negative when the item starts above.
    public var distanceFromTop: Double

    public init(indexPath: IndexPath, distanceFromTop: Double) {
        self.indexPath = indexPath
        self.distanceFromTop = distanceFromTop
    }
}

/// A collection layout: UIKit's `prepare()`, `collectionViewContentSize`,
/// `layoutAttributesForElements(in:)`, `layoutAttributesForItem(at:)` and
/// `shouldInvalidateLayout(forBoundsChange:)`, as a value type.
///
/// Bounds follow UIKit: `bounds.origin` is the content offset and
/// `bounds.size` the visible size. `layoutMargins` are measured from the
/// bounds' edges (as `UIView.layoutMargins`, so they already include the safe
/// area when the view insets its margins from it); `safeAreaInsets` as
/// `UIView.safeAreaInsets`. A failed `prepare` throws and leaves the layout as
/// it was.
public protocol CollectionLayout {
    /// Computes every element's frame for the bounds.
    mutating func prepare(bounds: Rect, layoutMargins: EdgeInsets, safeAreaInsets: EdgeInsets)
        throws(CollectionLayoutError)

    /// The size of the scrollable content (zero before the first `prepare`).
    var contentSize: Size { get }

    /// The elements whose frames intersect `rect` (`Rect.intersects`: shared
    /// area, touching edges do not count), in `LayoutAttributes.precedes` order.
    /// Empty rects, rects with a NaN coordinate and rects outside the content
    /// give an empty array.
    func attributes(in rect: Rect) -> [LayoutAttributes]

    /// The attributes of an item's cell, or `nil` when there is no such item.
    func attributes(forItem indexPath: IndexPath) -> LayoutAttributes?

    /// True when the layout must be prepared again for `newBounds`: only when
    /// the size changes (scrolling moves the origin and changes nothing).
    func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool
}

/// A layout whose items can report their real height after `prepare`
/// (UIKit's self-sizing cells answering `preferredLayoutAttributesFitting(_:)`).
public protocol SelfSizingCollectionLayout: CollectionLayout {
    /// Takes an item's real height: the elements after it move, and the
    /// returned content offset keeps the first item visible in `visibleRect`
    /// at the same distance from the top. A reported height lasts until the
    /// next `prepare`. Throws, changing nothing, for a layout not prepared, an
    /// unknown item or a height that is negative or not finite.
    mutating func updateItemHeight(_ height: Double, at indexPath: IndexPath, visibleRect: Rect)
        throws(CollectionLayoutError) -> Point
}

extension CollectionLayout {
    /// The first visible item (lowest index path among the cells intersecting
    /// `visibleRect`) and its distance from the rect's top, or `nil` when no
    /// cell is visible.
    ///
    /// - Complexity: as `attributes(in:)`.
    public func anchor(in visibleRect: Rect) -> ScrollAnchor? {
        guard let first = attributes(in: visibleRect).first(where: { $0.kind == .cell }) else {
            return nil
        }
        return ScrollAnchor(
            indexPath: first.indexPath, distanceFromTop: first.frame.minY - visibleRect.minY)
    }

    /// The content offset that puts the anchor's item back at its distance
    /// from the top of a viewport of `visibleSize`, clamped to the scrollable
    /// range `0...max(0, contentSize.height - visibleSize.height)` as a scroll
    /// view clamps it. `nil` when the anchored item no longer exists.
    ///
    /// - Complexity: as `attributes(forItem:)`.
    public func contentOffset(restoring anchor: ScrollAnchor, visibleSize: Size) -> Point? {
        guard let item = attributes(forItem: anchor.indexPath) else { return nil }
        return _clampedOffset(
            item.frame.minY - anchor.distanceFromTop, visibleHeight: visibleSize.height)
    }

    /// Prepares for new bounds (a rotation, a resize) keeping the first item
    /// visible in `previousVisibleRect` at the same distance from the top, and
    /// returns the content offset to scroll to. Without a visible item the
    /// offset is `newBounds.origin` clamped to the new content.
    ///
    /// At rest at the top (`previousVisibleRect.minY` 0 or less) the content
    /// top stays at the top: the offset is 0, whatever the content above the
    /// first item (a header measured at one width and estimated at the next)
    /// becomes, as the table's rule (`TableLayoutPass`) keeps it.
    ///
    /// - Complexity: as `prepare` plus two queries.
    public mutating func prepare(
        bounds newBounds: Rect, layoutMargins: EdgeInsets, safeAreaInsets: EdgeInsets,
        anchoringFirstItemIn previousVisibleRect: Rect
    ) throws(CollectionLayoutError) -> Point {
        let atTop = previousVisibleRect.minY <= 0
        let anchor = atTop ? nil : anchor(in: previousVisibleRect)
        try prepare(bounds: newBounds, layoutMargins: layoutMargins, safeAreaInsets: safeAreaInsets)
        if atTop { return _clampedOffset(0, visibleHeight: newBounds.height) }
        return _offset(restoring: anchor, orKeeping: newBounds)
    }

    /// The offset restoring `anchor` in a viewport the size of `visibleRect`,
    /// or `visibleRect`'s own offset clamped to the content when there is no
    /// anchor or its item is gone.
    func _offset(restoring anchor: ScrollAnchor?, orKeeping visibleRect: Rect) -> Point {
        if let anchor, let offset = contentOffset(restoring: anchor, visibleSize: visibleRect.size)
        {
            return offset
        }
        return _clampedOffset(visibleRect.minY, visibleHeight: visibleRect.height)
    }

    /// A vertical offset clamped to `0...max(0, contentSize.height - visibleHeight)`.
    func _clampedOffset(_ y: Double, visibleHeight: Double) -> Point {
        let maxOffset = max(0, contentSize.height - visibleHeight)
        return Point(x: 0, y: min(max(0, y), maxOffset))
    }
}
