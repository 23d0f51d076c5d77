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
///
/// A header (when `headerHeight > 0`, at y = 0) and a footer (when
/// `footerHeight > 0`) span the bounds' full width; segments start 1 point
/// below the header, and the footer 1 point below the last segment (the
/// sample's gutter). They size themselves through
/// `layoutSupplementaries(in:sizing:)` (their heights are then estimates)
/// and pin to the visible bounds (`SectionSupplementaryLayout`).
public struct MosaicLayout: CollectionLayout, Sendable {
    /// The number of items (a mosaic has one section).
    public var itemCount: Int
    /// The height of a segment (the sample's 200).
    public var segmentHeight: Double
    /// The height (or estimate) of the section's header; 0 for none.
    public var headerHeight: Double
    /// The height (or estimate) of the section's footer; 0 for none.
    public var footerHeight: Double
    /// UICollectionViewFlowLayout's `sectionHeadersPinToVisibleBounds`, used
    /// by `visibleAttributes(in:)`.
    public var sectionHeadersPinToVisibleBounds = false
    /// UICollectionViewFlowLayout's `sectionFootersPinToVisibleBounds`, used
    /// by `visibleAttributes(in:)`.
    public var sectionFootersPinToVisibleBounds = false

    public internal(set) var contentSize = Size.zero
    /// The bounds of the last successful `prepare`.
    public private(set) var preparedBounds: Rect?

    var store = _ElementStore()
    var bands = _BandIndex(isXOrdered: false)
    var supplementaryHeights = _SupplementaryHeights()
    /// The style of each segment, top to bottom.
    var segmentStyles: [MosaicSegmentStyle] = []
    /// `_parameters` at the last `prepare`, which in-place updates need.
    var preparedParameters: [Double] = []

    public init(
        itemCount: Int, segmentHeight: Double = 200, headerHeight: Double = 0,
        footerHeight: Double = 0
    ) {
        self.itemCount = itemCount
        self.segmentHeight = segmentHeight
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }

    /// Every element of the prepared layout, in `LayoutAttributes.precedes` order.
    public var allAttributes: [LayoutAttributes] { store.elements }

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
        try _Validate.length(headerHeight, name: "headerHeight")
        try _Validate.length(footerHeight, name: "footerHeight")
        let width = bounds.width
        var heights = supplementaryHeights
        heights.prepare(width: width, sections: 1)
        var newStore = _ElementStore(reservingCapacity: itemCount + 2, sections: 1)
        var newBands = _BandIndex(isXOrdered: false, reservingCapacity: itemCount / 2 + 3)
        var lastMaxY = 0.0
        if headerHeight > 0 {
            let height = heights.height(of: .header, inSection: 0, estimate: headerHeight)
            newStore.appendSupplementary(.header, section: 0, y: 0, width: width, height: height)
            newBands.append(end: 1, minY: 0, maxY: height)
            lastMaxY = height
        } else {
            newStore.headerIndex.append(-1)
        }
        newStore.firstItemIndex.append(newStore.elements.count)
        newStore.itemCounts.append(itemCount)
        var newStyles: [MosaicSegmentStyle] = []
        let end = try _laySegments(
            from: 0, style: .fullWidth, lastMaxY: lastMaxY, width: width, heights: heights,
            store: &newStore, bands: &newBands, styles: &newStyles)

        store = newStore
        bands = newBands
        segmentStyles = newStyles
        supplementaryHeights = heights
        contentSize = Size(width: width, height: max(bounds.height, end))
        preparedBounds = bounds
        preparedParameters = _parameters
    }

    /// The parameters a prepared layout was laid out with.
    var _parameters: [Double] { [segmentHeight, headerHeight, footerHeight] }

    /// Cuts segments for the items from `firstItem` on (a segment's first
    /// item; the elements before it are in `store`), starting with `style`
    /// 1 point below `lastMaxY`, then places the footer; returns the bottom
    /// of the last element. `prepare` and the in-place updates share it.
    func _laySegments(
        from firstItem: Int, style firstStyle: MosaicSegmentStyle, lastMaxY startMaxY: Double,
        width: Double, heights: _SupplementaryHeights, store newStore: inout _ElementStore,
        bands newBands: inout _BandIndex, styles: inout [MosaicSegmentStyle]
    ) throws(CollectionLayoutError) -> Double {
        var style = firstStyle
        var item = firstItem
        var lastMaxY = startMaxY
        let itemBase = newStore.firstItemIndex[0]
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
            newBands.append(end: itemBase + item, minY: segment.minY, maxY: segment.maxY)
            styles.append(style)
            style = style.next(remaining: itemCount - item)
        }
        if footerHeight > 0 {
            let height = heights.height(of: .footer, inSection: 0, estimate: footerHeight)
            newStore.appendSupplementary(
                .footer, section: 0, y: lastMaxY + 1, width: width, height: height)
            newBands.append(
                end: newStore.elements.count, minY: lastMaxY + 1, maxY: lastMaxY + 1 + height)
            lastMaxY += 1 + height
        } else {
            newStore.footerIndex.append(-1)
        }
        return lastMaxY
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

extension MosaicLayout: _BandedLayout {
    /// The content is at least as tall as the prepared bounds.
    func _contentHeight(elementsEnd: Double, preparedBounds: Rect) -> Double {
        max(preparedBounds.height, elementsEnd)
    }
}
