// UICollectionViewCompositionalLayout as a value: sections of one group
// repeated, groups of items and nested groups, orthogonal sections with
// their own offsets, headers and footers, backgrounds and badges.
//
// Storage is per section, not per item: a group's cells sit at the same
// places in every group of its section, so a section keeps one template of
// frames and finds group g at g × (group length + spacing). Only sections
// with self-sizing (estimated-height) cells keep per-item frames, filled as
// their groups are measured, and a Fenwick tree of group heights
// (`OffsetIndex`, shared with the table) for O(log n) group-at-offset.

import TrellisGeometry

/// What a compositional layout element is.
public enum CompositionalElementCategory: Hashable, Sendable, CustomStringConvertible {
    /// An item's cell.
    case cell
    /// A header, footer or badge, with its element kind (`"header"`, `"badge"`).
    case supplementary(String)
    /// A decoration view (a section background), with its kind.
    case decoration(String)

    public var description: String {
        switch self {
        case .cell: return "cell"
        case .supplementary(let kind): return "supplementary(\(kind))"
        case .decoration(let kind): return "decoration(\(kind))"
        }
    }
}

/// One laid-out element: a cell, a supplementary view or a decoration, as
/// `UICollectionViewLayoutAttributes`. Boundary items and decorations carry
/// `[section, 0]`; a badge carries its item's index path.
public struct CompositionalElement: Hashable, Sendable, CustomStringConvertible {
    public var category: CompositionalElementCategory
    public var indexPath: IndexPath
    public var frame: Rect

    public init(category: CompositionalElementCategory, indexPath: IndexPath, frame: Rect) {
        self.category = category
        self.indexPath = indexPath
        self.frame = frame
    }

    public var description: String { "\(category) \(indexPath) \(frame)" }
}

/// A compositional layout: each section one `LayoutSection` with a number
/// of items, laid out down the page (vertical scrolling), as
/// `UICollectionViewCompositionalLayout`.
///
/// - Sizes: a top-level group's fractions are of its section's content
///   area (the width less the insets reference and the section's content
///   insets; the height of the bounds less the same); an item's are of its
///   group's size less the group's content insets.
/// - Self-sizing: a cell whose height is `.estimated` starts at the estimate
///   and is measured through `sizing` (at its width less its horizontal
///   insets) only when its group is measured: `measureItems(in:)` measures
///   the groups a visible rect shows and keeps the first visible item where
///   it was. A group is measured whole (its height depends on all its cells).
/// - Orthogonal sections lay their groups left to right in one row, and
///   each has its own horizontal offset (`orthogonalOffset(inSection:)`).
///   The groups start at the section's leading content inset, or centred in
///   the content width for `.groupPagingCentered`.
/// - Headers and footers (`LayoutBoundaryItem`) span the section's content
///   width; top ones stack above the top content inset, bottom ones below
///   the bottom inset. A pinned header stays at the top of the visible
///   bounds while its section passes, pushed up by the section's end.
///   An estimated header height is measured through `supplementarySizing`
///   when one is given, in `prepare`.
/// - A section's last group may be partly filled: its items keep the places
///   they have in a full group.
///
/// `Sizing` is generic, not an existential, so the measuring loop is
/// specialised for the concrete height source.
public struct CompositionalLayout<Sizing: CellSizing>: CollectionLayout {
    /// The sections' descriptions.
    public var sections: [LayoutSection]
    /// Items per section (as many as `sections`).
    public var itemCounts: [Int]
    /// Heights of self-sizing cells.
    public var sizing: Sizing
    /// Heights of self-sizing headers and footers: (kind, section, width) → height.
    public var supplementarySizing: (@Sendable (String, Int, Double) -> Double)?
    /// The readable content guide's widest width (`.readableContent` insets).
    public var readableWidth: Double = 672

    public internal(set) var contentSize = Size.zero
    /// The bounds of the last successful `prepare`.
    public internal(set) var preparedBounds: Rect?
    /// Groups measured through `sizing` since the last `prepare`.
    public internal(set) var measuredGroupCount = 0

    var _sections: [_PreparedSection] = []
    /// Each section's top in content coordinates.
    var _tops: [Double] = []
    /// The largest distance any section's cells or badges reach outside it.
    var _maximumOverhang = 0.0

    public init(sections: [LayoutSection], itemCounts: [Int], sizing: Sizing) {
        self.sections = sections
        self.itemCounts = itemCounts
        self.sizing = sizing
    }
}

extension CompositionalLayout: Sendable where Sizing: Sendable {}

extension CompositionalLayout: _PreparedBoundsLayout {}

extension CompositionalLayout where Sizing == FixedCellSizing {
    /// A layout whose self-sizing cells all measure `estimatedHeightsMeasureAs`
    /// (44 by default): for layouts without estimated heights, the value is unused.
    public init(
        sections: [LayoutSection], itemCounts: [Int], estimatedHeightsMeasureAs height: Double = 44
    ) {
        self.init(
            sections: sections, itemCounts: itemCounts, sizing: FixedCellSizing(height: height))
    }
}

/// A section as prepared for bounds.
struct _PreparedSection {
    var description: LayoutSection
    var itemCount: Int
    var isOrthogonal: Bool
    /// The expanded group and its arranged frames with every estimate kept.
    var expanded: _ExpandedNode
    var template: [Rect]
    var templateSize: Size
    /// The size the top-level group was given (estimates unresolved).
    var groupSize: Size
    var leavesPerGroup: Int
    var groupCount: Int
    /// True when some cell's height is estimated.
    var isSelfSizing: Bool
    /// The width its insets are measured from.
    var containerX: Double
    var containerWidth: Double
    /// Where group 0 starts across the section (before any orthogonal offset).
    var firstGroupX: Double
    var contentWidth: Double
    /// Boundary items relative to the section: top ones from the section's
    /// top, bottom ones from the end of the bottom content inset.
    var topItems: [(item: LayoutBoundaryItem, frame: Rect)]
    var bottomItems: [(item: LayoutBoundaryItem, frame: Rect)]
    var topItemsHeight: Double
    var bottomItemsHeight: Double
    /// Vertical extent of the groups: their heights and spacing (a column
    /// of groups) or the tallest group (an orthogonal row).
    var groupsExtent: Double
    /// How far a badge can reach outside its item.
    var overhang: Double
    /// Self-sizing, not orthogonal: group heights plus spacing, in units.
    var groupIndex: OffsetIndex?
    /// Self-sizing, orthogonal: each group's height.
    var groupHeights: [Double]
    /// Self-sizing: frames of measured groups' items, relative to their group.
    var measuredFrames: [Rect]
    var orthogonalOffset: Double = 0

    var height: Double {
        topItemsHeight + description.contentInsets.top + groupsExtent
            + description.contentInsets.bottom + bottomItemsHeight
    }

    /// The top of the groups, relative to the section's top.
    var groupsTop: Double { topItemsHeight + description.contentInsets.top }

    /// The distance from one group's start to the next along the section's axis.
    var pitch: Double {
        (isOrthogonal ? templateSize.width : templateSize.height) + description.interGroupSpacing
    }

    /// Group g's origin relative to the section's top-left corner of the
    /// content (x already includes `firstGroupX` and the orthogonal offset).
    func groupOrigin(_ g: Int, offset: Double) -> Point {
        if isOrthogonal {
            return Point(x: firstGroupX + Double(g) * pitch - offset, y: groupsTop)
        }
        if let groupIndex {
            return Point(x: firstGroupX, y: groupsTop + _Units.points(groupIndex.prefix(g)))
        }
        return Point(x: firstGroupX, y: groupsTop + Double(g) * pitch)
    }

    /// Item `item`'s frame relative to its group's origin.
    func relativeFrame(ofItem item: Int) -> Rect {
        let group = item / leavesPerGroup
        if isSelfSizing, isMeasured(group) { return measuredFrames[item] }
        return template[item - group * leavesPerGroup]
    }

    /// True when group g's cells were measured (unmeasured groups' slots
    /// in `measuredFrames` hold a NaN width).
    func isMeasured(_ group: Int) -> Bool {
        isSelfSizing && !measuredFrames[group * leavesPerGroup].width.isNaN
    }
}
