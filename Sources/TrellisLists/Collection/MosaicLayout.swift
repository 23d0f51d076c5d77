// Apple's MosaicLayout ("Customizing Collection View Layouts") as a value:
// 200-point segments cut into one, two or three items in a fixed cycle.

import TrellisGeometry

/// How a mosaic segment is cut, as in Apple's sample.
public enum MosaicSegmentStyle: Hashable, Sendable, CaseIterable {
    /// One item across the whole width.
    case fullWidth
    /// Two items side by side.
    case fiftyFifty
    /// A big item on the left two thirds, then top-right and bottom-right.
    case twoThirdsOneThird
    /// Top-left and bottom-left on the left third, then a big item on the right.
    case oneThirdTwoThirds

    /// How many items a segment of this style holds.
    public var itemCount: Int {
        switch self {
        case .fullWidth: return 1
        case .fiftyFifty: return 2
        case .twoThirdsOneThird, .oneThirdTwoThirds: return 3
        }
    }

    /// The style after this one when `remaining` items are still to be placed:
    /// fullWidth for one, fiftyFifty for two, otherwise the cycle
    /// fullWidth → fiftyFifty → twoThirdsOneThird → oneThirdTwoThirds → fiftyFifty.
    public func next(remaining: Int) -> MosaicSegmentStyle {
        switch remaining {
        case 1: return .fullWidth
        case 2: return .fiftyFifty
        default:
            switch self {
            case .fullWidth: return .fiftyFifty
            case .fiftyFifty: return .twoThirdsOneThird
            case .twoThirdsOneThird: return .oneThirdTwoThirds
            case .oneThirdTwoThirds: return .fiftyFifty
            }
        }
    }

    /// The frames of this style's items in `segment`, in item order.
    ///
    /// A split gives the first slice `⌈length × fraction⌉` points and the
    /// remainder what is left after a 1-point gutter (the sample's
    /// `dividedIntegral`).
    public func frames(in segment: Rect) -> [Rect] {
        let frames = _frames(in: segment)
        return Array([frames.0, frames.1, frames.2].prefix(itemCount))
    }

    /// `frames(in:)` without an array per segment (prepare's hot loop); the
    /// frames past `itemCount` are unused.
    func _frames(in segment: Rect) -> (Rect, Rect, Rect) {
        switch self {
        case .fullWidth:
            return (segment, .zero, .zero)
        case .fiftyFifty:
            let (left, right) = Self._split(segment, fraction: 1.0 / 2.0, horizontally: true)
            return (left, right, .zero)
        case .twoThirdsOneThird:
            let (big, side) = Self._split(segment, fraction: 2.0 / 3.0, horizontally: true)
            let (top, bottom) = Self._split(side, fraction: 1.0 / 2.0, horizontally: false)
            return (big, top, bottom)
        case .oneThirdTwoThirds:
            let (side, big) = Self._split(segment, fraction: 1.0 / 3.0, horizontally: true)
            let (top, bottom) = Self._split(side, fraction: 1.0 / 2.0, horizontally: false)
            return (top, bottom, big)
        }
    }

    /// Cuts `rect` at `⌈length × fraction⌉` from its left (or top) edge and
    /// leaves a 1-point gutter before the remainder.
    static func _split(_ rect: Rect, fraction: Double, horizontally: Bool) -> (Rect, Rect) {
        var slice = rect
        var remainder = rect
        if horizontally {
            let distance = (rect.width * fraction).rounded(.up)
            slice.size.width = distance
            remainder.origin.x = rect.minX + distance + 1
            remainder.size.width = rect.width - distance - 1
        } else {
            let distance = (rect.height * fraction).rounded(.up)
            slice.size.height = distance
            remainder.origin.y = rect.minY + distance + 1
            remainder.size.height = rect.height - distance - 1
        }
        return (slice, remainder)
    }
}

/// Apple's MosaicLayout: one section of items in 200-point segments across
/// the bounds' full width.
///
/// Rules (the sample's): each segment starts 1 point below the previous one's
/// last frame (the first at y = 1, below an empty frame at 0); the first
/// segment is `.fullWidth` and the styles follow
/// `MosaicSegmentStyle.next(remaining:)`. Margins and the safe area are not
/// used, as in the sample. The content is at least as tall as the bounds (the
/// sample starts its content rect from the bounds) and, unlike the sample,
/// includes the last segment.
public struct MosaicLayout: CollectionLayout, Sendable {
    /// The number of items (a mosaic has one section).
    public var itemCount: Int
    /// The height of a segment (the sample's 200).
    public var segmentHeight: Double

    public private(set) var contentSize = Size.zero
    /// The bounds of the last successful `prepare`.
    public private(set) var preparedBounds: Rect?

    private var store = _ElementStore()
    private var bands = _BandIndex(isXOrdered: false)

    public init(itemCount: Int, segmentHeight: Double = 200) {
        self.itemCount = itemCount
        self.segmentHeight = segmentHeight
    }

    /// Every element of the prepared layout, in item order.
    public var allAttributes: [LayoutAttributes] { store.elements }

    /// - Complexity: O(1).
    public func attributes(forItem indexPath: IndexPath) -> LayoutAttributes? {
        store.attributes(forItem: indexPath)
    }

    /// - Complexity: O(log n + k): segments are searched, and a segment holds
    ///   at most three items.
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        bands.attributes(in: rect, from: store.elements)
    }

    public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != preparedBounds?.size
    }

    /// Cuts the segments for the bounds' width.
    ///
    /// - Throws: bad bounds or insets, a negative item count or segment
    ///   height, a width so narrow that a split of a style the items use
    ///   leaves an item without width (6 points is the least whole width
    ///   that every style can use), or a segment height of 3 points or less
    ///   when a three-item style is used (its right or left third is split
    ///   in two with a 1-point gutter). The layout is unchanged when it throws.
    /// - Complexity: O(n).
    public mutating func prepare(
        bounds: Rect, layoutMargins: EdgeInsets, safeAreaInsets: EdgeInsets
    )
        throws(CollectionLayoutError)
    {
        try _Validate.geometry(
            bounds: bounds, layoutMargins: layoutMargins, safeAreaInsets: safeAreaInsets)
        try _Validate.itemCounts([itemCount])
        try _Validate.positiveLength(segmentHeight, name: "segmentHeight")
        let width = bounds.width
        var newStore = _ElementStore(reservingCapacity: itemCount, sections: 1)
        newStore.headerIndex.append(-1)
        newStore.firstItemIndex.append(0)
        newStore.itemCounts.append(itemCount)
        var newBands = _BandIndex(isXOrdered: false, reservingCapacity: itemCount / 2 + 1)
        var style = MosaicSegmentStyle.fullWidth
        var lastMaxY = 0.0
        var item = 0
        // Only the styles the items use are checked: one item is one
        // full-width segment, which any positive height and width can hold.
        var checked: Set<MosaicSegmentStyle> = []
        while item < itemCount {
            if checked.insert(style).inserted {
                try Self._check(style, width: width, height: segmentHeight)
            }
            let segment = Rect(x: 0, y: lastMaxY + 1, width: width, height: segmentHeight)
            let frames = style._frames(in: segment)
            for slot in 0..<style.itemCount {
                let frame = slot == 0 ? frames.0 : slot == 1 ? frames.1 : frames.2
                newStore.elements.append(
                    LayoutAttributes(indexPath: IndexPath(item: item, section: 0), frame: frame))
                item += 1
                lastMaxY = frame.maxY
            }
            newBands.append(end: item, minY: segment.minY, maxY: segment.maxY)
            style = style.next(remaining: itemCount - item)
        }

        store = newStore
        bands = newBands
        contentSize = Size(width: width, height: max(bounds.height, lastMaxY))
        preparedBounds = bounds
    }

    /// Throws when a style's split leaves an item without width (the bounds
    /// are too narrow) or without height (`segmentHeight` is too small).
    private static func _check(_ style: MosaicSegmentStyle, width: Double, height: Double)
        throws(CollectionLayoutError)
    {
        for frame in style.frames(in: Rect(x: 0, y: 0, width: width, height: height)) {
            guard frame.width > 0 else {
                throw .noRoomForItems(
                    layout: "MosaicLayout (\(style))", availableWidth: frame.width)
            }
            guard frame.height > 0 else {
                throw .invalidParameter(
                    name: "segmentHeight", value: height,
                    requirement: "must be more than 3 points when a segment holds three items "
                        + "(\(style) leaves an item \(_exactNumber(frame.height)) points tall)")
            }
        }
    }
}
