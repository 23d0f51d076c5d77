// Errors of collection layouts, each naming what was wrong and where, and the
// input checks shared by every layout's `prepare`.

import TrellisGeometry

/// Why a collection layout refused its input. A layout that throws keeps its
/// previous state.
public enum CollectionLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bounds' size is not finite, or its width is not positive, or its
    /// height is negative.
    case invalidBounds(Rect)
    /// An inset (`"layoutMargins"` or `"safeAreaInsets"`) is negative or not finite.
    case invalidInsets(name: String, insets: EdgeInsets)
    /// A layout parameter is out of its range; `requirement` says the range.
    case invalidParameter(name: String, value: Double, requirement: String)
    /// A section's item count is negative.
    case invalidItemCount(section: Int, count: Int)
    /// The bounds leave no positive width for items once the margins are taken.
    case noRoomForItems(layout: String, availableWidth: Double)
    /// A sizing source returned a height that is negative or not finite.
    case invalidItemHeight(IndexPath, Double)
    /// A sizing source returned an aspect ratio (width / height) that is not
    /// positive and finite.
    case invalidAspectRatio(IndexPath, Double)
    /// A caption sizing source returned a height that is negative or not finite.
    case invalidCaptionHeight(IndexPath, Double)
    /// The index path names no item of the prepared layout.
    case noSuchItem(IndexPath)
    /// The layout has not been prepared yet.
    case notPrepared
    /// The section has no such header or footer (or the kind is `.cell`).
    case noSuchSupplementary(ElementKind, section: Int)
    /// A header or footer height (measured or reported) is negative or not finite.
    case invalidSupplementaryHeight(ElementKind, section: Int, height: Double)
    /// A snapshot was refused (repeated identifiers, a reload of a missing item).
    case invalidSnapshot(SnapshotError)

    public var description: String {
        switch self {
        case .invalidBounds(let bounds):
            return
                "invalid bounds \(bounds): the width must be positive and finite and the height finite and not negative"
        case .invalidInsets(let name, let insets):
            return
                "invalid \(name) (top \(_exactNumber(insets.top)), left \(_exactNumber(insets.left)), bottom \(_exactNumber(insets.bottom)), right \(_exactNumber(insets.right))): every inset must be finite and not negative"
        case .invalidParameter(let name, let value, let requirement):
            return "invalid \(name) \(_exactNumber(value)): \(requirement)"
        case .invalidItemCount(let section, let count):
            return "invalid item count \(count) in section \(section): counts must not be negative"
        case .noRoomForItems(let layout, let availableWidth):
            return
                "\(layout): no room for items, the available width is \(_exactNumber(availableWidth)) points"
        case .invalidItemHeight(let indexPath, let height):
            return
                "item \(indexPath): height \(_exactNumber(height)) must be finite and not negative"
        case .invalidAspectRatio(let indexPath, let ratio):
            return
                "item \(indexPath): aspect ratio \(_exactNumber(ratio)) must be positive and finite (width / height)"
        case .invalidCaptionHeight(let indexPath, let height):
            return
                "item \(indexPath): caption height \(_exactNumber(height)) must be finite and not negative"
        case .noSuchItem(let indexPath):
            return "no item at \(indexPath) in the prepared layout"
        case .notPrepared:
            return "the layout has not been prepared"
        case .noSuchSupplementary(let kind, let section):
            return "no \(kind) in section \(section) of the prepared layout"
        case .invalidSupplementaryHeight(let kind, let section, let height):
            return
                "\(kind) of section \(section): height \(_exactNumber(height)) must be finite and not negative"
        case .invalidSnapshot(let error):
            return "invalid snapshot: \(error)"
        }
    }
}

/// A number as an error message shows it: `formatPoints`'s short form when
/// it reads back as the same value, the full value otherwise (a height of
/// −1e-9 must not read as "0", which would be valid).
func _exactNumber(_ value: Double) -> String {
    let short = formatPoints(value)
    if value.isNaN || Double(short) == value { return short }
    return "\(value)"
}

/// Checks shared by every layout's `prepare`.
enum _Validate {
    static func geometry(bounds: Rect, layoutMargins: EdgeInsets, safeAreaInsets: EdgeInsets)
        throws(CollectionLayoutError)
    {
        let size = bounds.size
        guard size.width.isFinite, size.width > 0, size.height.isFinite, size.height >= 0,
            bounds.origin.x.isFinite, bounds.origin.y.isFinite
        else { throw .invalidBounds(bounds) }
        guard isValid(layoutMargins) else {
            throw .invalidInsets(name: "layoutMargins", insets: layoutMargins)
        }
        guard isValid(safeAreaInsets) else {
            throw .invalidInsets(name: "safeAreaInsets", insets: safeAreaInsets)
        }
    }

    static func isValid(_ insets: EdgeInsets) -> Bool {
        for value in [insets.top, insets.left, insets.bottom, insets.right]
        where !(value.isFinite && value >= 0) {
            return false
        }
        return true
    }

    /// A spacing or a fixed height: finite and not negative.
    static func length(_ value: Double, name: String) throws(CollectionLayoutError) {
        guard value.isFinite, value >= 0 else {
            throw .invalidParameter(
                name: name, value: value, requirement: "must be finite and not negative")
        }
    }

    /// A width that items are divided by: finite and positive.
    static func positiveLength(_ value: Double, name: String) throws(CollectionLayoutError) {
        guard value.isFinite, value > 0 else {
            throw .invalidParameter(
                name: name, value: value, requirement: "must be positive and finite")
        }
    }

    static func itemCounts(_ counts: [Int]) throws(CollectionLayoutError) {
        for (section, count) in counts.enumerated() where count < 0 {
            throw .invalidItemCount(section: section, count: count)
        }
    }

    /// True when a measured height can be used for a frame.
    @inline(__always)
    static func isValidHeight(_ height: Double) -> Bool { height.isFinite && height >= 0 }
}
