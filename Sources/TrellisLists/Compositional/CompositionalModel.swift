// The description of a compositional layout, with UIKit's names:
// NSCollectionLayoutDimension, …Size, …Item, …Group, …Section,
// …BoundarySupplementaryItem, …DecorationItem, …SupplementaryItem (badges).
// Values only; `CompositionalLayout` lays them out.

import TrellisGeometry

/// One side of a size, as `NSCollectionLayoutDimension`.
///
/// Fractions are of the container's effective size (its size less its
/// content insets): a top-level group's container is its section's content
/// area, an item's container is its group.
public enum CollectionLayoutDimension: Hashable, Sendable, CustomStringConvertible {
    /// A fixed number of points.
    case absolute(Double)
    /// A first guess; the real value comes from measuring the content (only
    /// heights are measured: an estimated width stays its estimate).
    case estimated(Double)
    /// A fraction of the container's width.
    case fractionalWidth(Double)
    /// A fraction of the container's height.
    case fractionalHeight(Double)

    /// True for `.estimated`.
    public var isEstimated: Bool {
        if case .estimated = self { return true }
        return false
    }

    /// The value in points in a container of `size` (an estimate's value
    /// for `.estimated`).
    /// - Complexity: O(1).
    public func resolved(in size: Size) -> Double {
        switch self {
        case .absolute(let value), .estimated(let value): return value
        case .fractionalWidth(let fraction): return fraction * size.width
        case .fractionalHeight(let fraction): return fraction * size.height
        }
    }

    /// The number the dimension carries.
    public var value: Double {
        switch self {
        case .absolute(let v), .estimated(let v), .fractionalWidth(let v), .fractionalHeight(let v):
            return v
        }
    }

    public var description: String {
        switch self {
        case .absolute(let v): return "absolute(\(formatPoints(v)))"
        case .estimated(let v): return "estimated(\(formatPoints(v)))"
        case .fractionalWidth(let v): return "fractionalWidth(\(v))"
        case .fractionalHeight(let v): return "fractionalHeight(\(v))"
        }
    }
}

/// A width and a height, as `NSCollectionLayoutSize`.
public struct LayoutSize: Hashable, Sendable {
    public var widthDimension: CollectionLayoutDimension
    public var heightDimension: CollectionLayoutDimension

    public init(
        widthDimension: CollectionLayoutDimension, heightDimension: CollectionLayoutDimension
    ) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }
}

/// Insets with leading and trailing, as `NSDirectionalEdgeInsets`
/// (left-to-right: leading is left).
public struct DirectionalInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    public static let zero = DirectionalInsets()

    var _values: [Double] { [top, leading, bottom, trailing] }
}

/// Space that is at least a number of points and, when flexible, takes a
/// share of the room left over, as `NSCollectionLayoutSpacing`.
public enum LayoutSpacing: Hashable, Sendable {
    case fixed(Double)
    /// At least this much, plus an equal share of the spare room along the
    /// group's axis with the other flexible spaces.
    case flexible(Double)

    /// The least amount of space.
    public var minimum: Double {
        switch self {
        case .fixed(let v), .flexible(let v): return v
        }
    }

    /// True for `.flexible`.
    public var isFlexible: Bool {
        if case .flexible = self { return true }
        return false
    }
}

/// Space around an item inside its group, outside its frame, as
/// `NSCollectionLayoutEdgeSpacing`.
public struct LayoutEdgeSpacing: Hashable, Sendable {
    public var leading: LayoutSpacing?
    public var top: LayoutSpacing?
    public var trailing: LayoutSpacing?
    public var bottom: LayoutSpacing?

    public init(
        leading: LayoutSpacing? = nil, top: LayoutSpacing? = nil, trailing: LayoutSpacing? = nil,
        bottom: LayoutSpacing? = nil
    ) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }
}

/// Edges of a container an anchored supplementary item sits on, as
/// `NSDirectionalRectEdge`.
public struct LayoutEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = LayoutEdges(rawValue: 1)
    public static let leading = LayoutEdges(rawValue: 2)
    public static let bottom = LayoutEdges(rawValue: 4)
    public static let trailing = LayoutEdges(rawValue: 8)
}

/// A supplementary item attached to an item (a badge), as
/// `NSCollectionLayoutSupplementaryItem` with an `NSCollectionLayoutAnchor`.
///
/// The badge's corner on `edges` sits on the item's corner on the same
/// edges, then moves by `fractionalOffset` times the badge's own size:
/// edges `[.top, .trailing]` with offset (0.3, −0.3) puts a 20×20 badge's
/// top-trailing corner 6 points right of and 6 points above the item's.
/// An edge set without a horizontal (vertical) edge centres the badge on that axis.
public struct LayoutSupplementaryItem: Hashable, Sendable {
    public var kind: String
    public var layoutSize: LayoutSize
    public var edges: LayoutEdges
    public var fractionalOffset: Point

    public init(
        kind: String, layoutSize: LayoutSize, edges: LayoutEdges,
        fractionalOffset: Point = Point(x: 0, y: 0)
    ) {
        self.kind = kind
        self.layoutSize = layoutSize
        self.edges = edges
        self.fractionalOffset = fractionalOffset
    }

    /// The badge's frame on an item's frame (a badge's fractions are of the item).
    /// - Complexity: O(1).
    public func frame(on item: Rect) -> Rect {
        let width = layoutSize.widthDimension.resolved(in: item.size)
        let height = layoutSize.heightDimension.resolved(in: item.size)
        let x: Double
        if edges.contains(.leading) {
            x = item.minX
        } else if edges.contains(.trailing) {
            x = item.maxX - width
        } else {
            x = item.midX - width / 2
        }
        let y: Double
        if edges.contains(.top) {
            y = item.minY
        } else if edges.contains(.bottom) {
            y = item.maxY - height
        } else {
            y = item.midY - height / 2
        }
        return Rect(
            x: x + fractionalOffset.x * width, y: y + fractionalOffset.y * height, width: width,
            height: height)
    }
}

/// An item: one cell, as `NSCollectionLayoutItem`.
public struct CollectionLayoutItem: Hashable, Sendable {
    public var layoutSize: LayoutSize
    /// Shrinks the cell inside the room its size gives it, except along an
    /// estimated dimension (UIKit ignores insets there).
    public var contentInsets: DirectionalInsets
    public var edgeSpacing: LayoutEdgeSpacing?
    /// Badges.
    public var supplementaryItems: [LayoutSupplementaryItem]

    public init(
        layoutSize: LayoutSize, contentInsets: DirectionalInsets = .zero,
        edgeSpacing: LayoutEdgeSpacing? = nil, supplementaryItems: [LayoutSupplementaryItem] = []
    ) {
        self.layoutSize = layoutSize
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.supplementaryItems = supplementaryItems
    }
}

/// How a group places its subitems.
public enum LayoutGroupAxis: String, Hashable, Sendable {
    case horizontal, vertical
    /// Frames given by `LayoutGroup.customFrames`, one item each.
    case custom
}

/// A group's child: an item or a nested group.
public indirect enum LayoutGroupSubitem: Hashable, Sendable {
    case item(CollectionLayoutItem)
    case group(LayoutGroup)

    var layoutSize: LayoutSize {
        switch self {
        case .item(let item): return item.layoutSize
        case .group(let group): return group.layoutSize
        }
    }

    var edgeSpacing: LayoutEdgeSpacing? {
        switch self {
        case .item(let item): return item.edgeSpacing
        case .group(let group): return group.edgeSpacing
        }
    }
}

/// A group of items, as `NSCollectionLayoutGroup`.
///
/// Without `count`, a horizontal (vertical) group repeats its subitems in
/// order for as long as the next one fits its width (height), as UIKit's
/// `horizontal(layoutSize:subitems:)` does; at least one is placed. With
/// `count`, it holds exactly `count` copies of its first subitem, sized to
/// share the group's length equally after `interItemSpacing` (UIKit's
/// `horizontal(layoutSize:subitem:count:)` overrides the item's dimension
/// along the axis).
public struct LayoutGroup: Hashable, Sendable {
    public var axis: LayoutGroupAxis
    public var layoutSize: LayoutSize
    public var subitems: [LayoutGroupSubitem]
    public var count: Int?
    public var interItemSpacing: LayoutSpacing?
    /// Shrinks the room the subitems are placed in, except along estimated dimensions.
    public var contentInsets: DirectionalInsets
    public var edgeSpacing: LayoutEdgeSpacing?
    /// For `.custom`: each item's frame in the group's coordinates.
    public var customFrames: [Rect]

    public init(
        axis: LayoutGroupAxis, layoutSize: LayoutSize, subitems: [LayoutGroupSubitem],
        count: Int? = nil, interItemSpacing: LayoutSpacing? = nil,
        contentInsets: DirectionalInsets = .zero, edgeSpacing: LayoutEdgeSpacing? = nil,
        customFrames: [Rect] = []
    ) {
        self.axis = axis
        self.layoutSize = layoutSize
        self.subitems = subitems
        self.count = count
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.customFrames = customFrames
    }

    /// `NSCollectionLayoutGroup.horizontal(layoutSize:subitems:)`.
    public static func horizontal(_ layoutSize: LayoutSize, subitems: [LayoutGroupSubitem])
        -> LayoutGroup
    {
        LayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: subitems)
    }

    /// `NSCollectionLayoutGroup.vertical(layoutSize:subitems:)`.
    public static func vertical(_ layoutSize: LayoutSize, subitems: [LayoutGroupSubitem])
        -> LayoutGroup
    {
        LayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: subitems)
    }

    /// `NSCollectionLayoutGroup.custom(layoutSize:itemProvider:)` with the
    /// provider's frames written out.
    public static func custom(_ layoutSize: LayoutSize, frames: [Rect]) -> LayoutGroup {
        LayoutGroup(axis: .custom, layoutSize: layoutSize, subitems: [], customFrames: frames)
    }
}

/// What a section's content insets are measured from, as
/// `UIContentInsetsReference`.
public enum ContentInsetsReference: String, Hashable, Sendable, CaseIterable {
    /// As `safeArea` (UIKit's default since iOS 14).
    case automatic
    case none
    case safeArea
    case layoutMargins
    /// The readable content guide: the layout margins, narrowed to
    /// `CompositionalLayout.readableWidth` and centred.
    case readableContent
}

/// How a section scrolls across the main axis, as
/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
public enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
    /// Not orthogonal: groups stack down the page.
    case none
    case continuous
    case continuousGroupLeadingBoundary
    case paging
    case groupPaging
    /// Group paging with each group centred in the section's width (the
    /// first group is centred at offset 0).
    case groupPagingCentered
}

/// Where a boundary supplementary item sits on its section.
public enum BoundaryAlignment: String, Hashable, Sendable {
    case top, bottom
}

/// A section header or footer, as `NSCollectionLayoutBoundarySupplementaryItem`.
///
/// It spans the section's content width (UIKit's
/// `supplementariesFollowContentInsets`, true by default) and sits above
/// (below) the section's top (bottom) content inset.
public struct LayoutBoundaryItem: Hashable, Sendable {
    public var kind: String
    public var layoutSize: LayoutSize
    public var alignment: BoundaryAlignment
    public var pinToVisibleBounds: Bool

    public init(
        kind: String, layoutSize: LayoutSize, alignment: BoundaryAlignment,
        pinToVisibleBounds: Bool = false
    ) {
        self.kind = kind
        self.layoutSize = layoutSize
        self.alignment = alignment
        self.pinToVisibleBounds = pinToVisibleBounds
    }
}

/// A view behind a section, as `NSCollectionLayoutDecorationItem.background`:
/// the section's whole frame (from its top boundary item to its bottom one,
/// across the width its insets are measured from), shrunk by `contentInsets`.
public struct LayoutDecorationItem: Hashable, Sendable {
    public var kind: String
    public var contentInsets: DirectionalInsets

    public init(kind: String, contentInsets: DirectionalInsets = .zero) {
        self.kind = kind
        self.contentInsets = contentInsets
    }
}

/// A section, as `NSCollectionLayoutSection`: one group repeated until the
/// section's items are used up.
public struct LayoutSection: Hashable, Sendable {
    public var group: LayoutGroup
    public var interGroupSpacing: Double
    public var contentInsets: DirectionalInsets
    public var contentInsetsReference: ContentInsetsReference
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
    public var boundarySupplementaryItems: [LayoutBoundaryItem]
    public var decorationItems: [LayoutDecorationItem]

    public init(
        group: LayoutGroup, interGroupSpacing: Double = 0, contentInsets: DirectionalInsets = .zero,
        contentInsetsReference: ContentInsetsReference = .automatic,
        orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
        boundarySupplementaryItems: [LayoutBoundaryItem] = [],
        decorationItems: [LayoutDecorationItem] = []
    ) {
        self.group = group
        self.interGroupSpacing = interGroupSpacing
        self.contentInsets = contentInsets
        self.contentInsetsReference = contentInsetsReference
        self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.decorationItems = decorationItems
    }
}
