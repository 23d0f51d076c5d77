// The rules a compositional layout description must keep, checked once for
// code-built layouts (`CompositionalLayout.prepare`) and for layout files
// (whose reader turns the path into a file position).

import TrellisGeometry

/// A broken rule of a layout description, with the path to the value that
/// breaks it in the layout file's key names: `sections[0].group.subitems[1].item.heightDimension`.
public struct LayoutDescriptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One step of a path: a key or an array index.
    public enum PathComponent: Hashable, Sendable, CustomStringConvertible {
        case key(String)
        case index(Int)

        public var description: String {
            switch self {
            case .key(let key): return ".\(key)"
            case .index(let index): return "[\(index)]"
            }
        }
    }

    public var path: [PathComponent]
    public var message: String

    public init(path: [PathComponent], message: String) {
        self.path = path
        self.message = message
    }

    /// The path as the file's keys spell it.
    public var pathDescription: String {
        var text = path.map(\.description).joined()
        if text.hasPrefix(".") { text.removeFirst() }
        return text
    }

    public var description: String { "\(pathDescription): \(message)" }
}

extension LayoutSection {
    /// Checks the section: finite, non-negative sizes, insets and spacings;
    /// non-negative fractions; groups with subitems (or custom frames) and a
    /// positive `count`; no fraction of a container's estimated dimension
    /// (an item's `fractionalHeight` in a group whose height is estimated
    /// has nothing to be a fraction of).
    /// - Throws: the first broken rule, with its path under `path`.
    /// - Complexity: O(size of the description).
    public func validate(path: [LayoutDescriptionError.PathComponent] = [])
        throws(LayoutDescriptionError)
    {
        try _LayoutRules.length(interGroupSpacing, path + [.key("interGroupSpacing")])
        try _LayoutRules.insets(contentInsets, path + [.key("contentInsets")])
        try _LayoutRules.group(
            group, path: path + [.key("group")], containerWidthEstimated: false,
            containerHeightEstimated: false)
        for (index, item) in boundarySupplementaryItems.enumerated() {
            let itemPath = path + [.key("boundarySupplementaryItems"), .index(index)]
            try _LayoutRules.size(
                item.layoutSize, itemPath, widthEstimated: false, heightEstimated: false)
        }
        for (index, item) in decorationItems.enumerated() {
            try _LayoutRules.insets(
                item.contentInsets,
                path + [.key("decorationItems"), .index(index), .key("contentInsets")])
        }
    }
}

enum _LayoutRules {
    typealias Path = [LayoutDescriptionError.PathComponent]

    /// The largest size, inset, spacing or fraction a description may hold:
    /// far beyond any screen, and small enough that a million groups of it
    /// still add up to exact, finite offsets.
    static let maximumLength = 1_000_000.0

    static func length(_ value: Double, _ path: Path) throws(LayoutDescriptionError) {
        guard value.isFinite, value >= 0, value <= maximumLength else {
            throw LayoutDescriptionError(
                path: path, message: "\(_exactNumber(value)) must be between 0 and 1,000,000")
        }
    }

    static func insets(_ insets: DirectionalInsets, _ path: Path) throws(LayoutDescriptionError) {
        for (name, value) in zip(["top", "leading", "bottom", "trailing"], insets._values)
        where !(value.isFinite && value >= 0) {
            throw LayoutDescriptionError(
                path: path,
                message: "the \(name) inset \(_exactNumber(value)) must be finite and not negative")
        }
    }

    static func spacing(_ spacing: LayoutSpacing?, _ path: Path) throws(LayoutDescriptionError) {
        if let spacing { try length(spacing.minimum, path) }
    }

    static func dimension(
        _ dimension: CollectionLayoutDimension, _ path: Path, widthEstimated: Bool,
        heightEstimated: Bool
    ) throws(LayoutDescriptionError) {
        try length(dimension.value, path)
        switch dimension {
        case .fractionalWidth where widthEstimated:
            throw LayoutDescriptionError(
                path: path,
                message:
                    "fractionalWidth of a container whose width is estimated (use absolute or estimated)"
            )
        case .fractionalHeight where heightEstimated:
            throw LayoutDescriptionError(
                path: path,
                message:
                    "fractionalHeight of a container whose height is estimated (use absolute or estimated)"
            )
        default: break
        }
    }

    static func size(_ size: LayoutSize, _ path: Path, widthEstimated: Bool, heightEstimated: Bool)
        throws(LayoutDescriptionError)
    {
        try dimension(
            size.widthDimension, path + [.key("widthDimension")], widthEstimated: widthEstimated,
            heightEstimated: heightEstimated)
        try dimension(
            size.heightDimension, path + [.key("heightDimension")], widthEstimated: widthEstimated,
            heightEstimated: heightEstimated)
    }

    static func group(
        _ group: LayoutGroup, path: Path, containerWidthEstimated: Bool,
        containerHeightEstimated: Bool
    ) throws(LayoutDescriptionError) {
        try size(
            group.layoutSize, path, widthEstimated: containerWidthEstimated,
            heightEstimated: containerHeightEstimated)
        try insets(group.contentInsets, path + [.key("contentInsets")])
        try spacing(group.interItemSpacing, path + [.key("interItemSpacing")])
        try edgeSpacing(group.edgeSpacing, path + [.key("edgeSpacing")])
        if let count = group.count, count < 1 || count > _maximumItemsPerGroup {
            throw LayoutDescriptionError(
                path: path + [.key("count")],
                message: "count \(count) must be 1...\(_maximumItemsPerGroup)")
        }
        let widthEstimated = group.layoutSize.widthDimension.isEstimated
        let heightEstimated = group.layoutSize.heightDimension.isEstimated
        if group.axis == .custom {
            guard !group.customFrames.isEmpty else {
                throw LayoutDescriptionError(
                    path: path + [.key("frames")],
                    message: "a custom group needs at least one frame")
            }
            for (index, frame) in group.customFrames.enumerated() {
                let values = [frame.minX, frame.minY, frame.width, frame.height]
                guard values.allSatisfy({ abs($0) <= maximumLength }), frame.width >= 0,
                    frame.height >= 0
                else {
                    throw LayoutDescriptionError(
                        path: path + [.key("frames"), .index(index)],
                        message:
                            "a frame needs numbers within ±1,000,000 and a size that is not negative"
                    )
                }
            }
            return
        }
        guard !group.subitems.isEmpty else {
            throw LayoutDescriptionError(
                path: path + [.key("subitems")], message: "a group needs at least one subitem")
        }
        for (index, subitem) in group.subitems.enumerated() {
            let subitemPath = path + [.key("subitems"), .index(index)]
            switch subitem {
            case .item(let item):
                let itemPath = subitemPath + [.key("item")]
                try size(
                    item.layoutSize, itemPath, widthEstimated: widthEstimated,
                    heightEstimated: heightEstimated)
                try insets(item.contentInsets, itemPath + [.key("contentInsets")])
                try edgeSpacing(item.edgeSpacing, itemPath + [.key("edgeSpacing")])
                for (badgeIndex, badge) in item.supplementaryItems.enumerated() {
                    let badgePath = itemPath + [.key("supplementaryItems"), .index(badgeIndex)]
                    try size(
                        badge.layoutSize, badgePath, widthEstimated: false, heightEstimated: false)
                    guard badge.fractionalOffset.x.isFinite, badge.fractionalOffset.y.isFinite
                    else {
                        throw LayoutDescriptionError(
                            path: badgePath + [.key("fractionalOffset")],
                            message: "the offset must be finite")
                    }
                }
            case .group(let nested):
                try self.group(
                    nested, path: subitemPath + [.key("group")],
                    containerWidthEstimated: widthEstimated,
                    containerHeightEstimated: heightEstimated)
            }
        }
    }

    static func edgeSpacing(_ spacing: LayoutEdgeSpacing?, _ path: Path)
        throws(LayoutDescriptionError)
    {
        guard let spacing else { return }
        try self.spacing(spacing.leading, path + [.key("leading")])
        try self.spacing(spacing.top, path + [.key("top")])
        try self.spacing(spacing.trailing, path + [.key("trailing")])
        try self.spacing(spacing.bottom, path + [.key("bottom")])
    }
}
