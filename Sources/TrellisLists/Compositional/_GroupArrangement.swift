// How one group places its items: first the group is expanded (repeated
// subitems and `count` copies decided once, from the estimates), then the
// expanded tree is arranged, with measured heights where the caller has them.
// Sizes come before positions, as in LayoutKit and Texture: each child is
// arranged at the origin, and its frames are moved once its place is known.

import TrellisGeometry

/// A group with its repetitions decided: every child is placed, in order.
struct _ExpandedNode: Sendable {
    enum Kind: Sendable {
        case item(CollectionLayoutItem)
        case group(LayoutGroup)
        /// A custom group's item: its frame in the group.
        case fixed(Rect)
    }

    var kind: Kind
    var children: [_ExpandedNode] = []
    /// The length along the parent's axis that a `count` group imposes.
    var alongOverride: Double?
    /// True when `alongOverride` is a height (a vertical `count` group's
    /// child): the child's own height dimension, even an estimate, is unused.
    var overridesHeight = false
    /// Leaves (cells) under this node.
    var leafCount: Int

    var layoutSize: LayoutSize? {
        switch kind {
        case .item(let item): return item.layoutSize
        case .group(let group): return group.layoutSize
        case .fixed: return nil
        }
    }

    var edgeSpacing: LayoutEdgeSpacing? {
        switch kind {
        case .item(let item): return item.edgeSpacing
        case .group(let group): return group.edgeSpacing
        case .fixed: return nil
        }
    }
}

/// The most items one group may hold, nested groups included: a group of
/// tiny items repeated until it is full must not exhaust memory.
let _maximumItemsPerGroup = 10_000

/// How many more cells an expansion may create; `overflowed` once one more was refused.
struct _ExpansionBudget {
    var remaining = _maximumItemsPerGroup
    var overflowed = false

    /// Takes one cell from the budget; false (and `overflowed`) when none is left.
    mutating func take() -> Bool {
        guard remaining > 0 else {
            overflowed = true
            return false
        }
        remaining -= 1
        return true
    }
}

enum _GroupArrangement {
    /// The size a subitem asks for in a container, with `override` along `axis`.
    static func requestedSize(
        _ size: LayoutSize, in container: Size, override: Double?, parentAxis: LayoutGroupAxis
    ) -> Size {
        var width = size.widthDimension.resolved(in: container)
        var height = size.heightDimension.resolved(in: container)
        if let override {
            if parentAxis == .vertical { height = override } else { width = override }
        }
        return Size(width: width, height: height)
    }

    /// The room a group's subitems get: its size less its content insets,
    /// except along an estimated dimension.
    static func innerSize(of group: LayoutGroup, size: Size) -> Size {
        let insets = group.contentInsets
        return Size(
            width: size.width
                - (group.layoutSize.widthDimension.isEstimated
                    ? 0 : insets.leading + insets.trailing),
            height: size.height
                - (group.layoutSize.heightDimension.isEstimated ? 0 : insets.top + insets.bottom))
    }

    /// Expands a group of `size` (its own dimensions resolved by the caller).
    static func expand(_ group: LayoutGroup, size: Size, budget: inout _ExpansionBudget)
        -> _ExpandedNode
    {
        if group.axis == .custom {
            var children: [_ExpandedNode] = []
            for frame in group.customFrames where budget.take() {
                children.append(_ExpandedNode(kind: .fixed(frame), leafCount: 1))
            }
            return _ExpandedNode(kind: .group(group), children: children, leafCount: children.count)
        }
        let inner = innerSize(of: group, size: size)
        let horizontal = group.axis == .horizontal
        let innerLength = horizontal ? inner.width : inner.height
        let spacing = group.interItemSpacing?.minimum ?? 0
        var children: [_ExpandedNode] = []
        if let count = group.count, let first = group.subitems.first {
            let n = max(1, min(count, _maximumItemsPerGroup))
            let length = max(0, (innerLength - Double(n - 1) * spacing) / Double(n))
            for _ in 0..<n where !budget.overflowed {
                children.append(
                    expandChild(
                        first, in: inner, override: length, axis: group.axis, budget: &budget))
            }
        } else if !group.subitems.isEmpty {
            // An estimated length has no room to fill: one pass of subitems.
            let lengthIsEstimated =
                horizontal
                ? group.layoutSize.widthDimension.isEstimated
                : group.layoutSize.heightDimension.isEstimated
            var used = 0.0
            var index = 0
            while children.count < _maximumItemsPerGroup && !budget.overflowed {
                let subitem = group.subitems[index % group.subitems.count]
                if lengthIsEstimated && index == group.subitems.count { break }
                let requested = requestedSize(
                    subitem.layoutSize, in: inner, override: nil, parentAxis: group.axis)
                let edges = edgeMinimums(subitem.edgeSpacing, horizontal: horizontal)
                let length = (horizontal ? requested.width : requested.height) + edges
                let needed = used + (children.isEmpty ? 0 : spacing) + length
                if !children.isEmpty && !lengthIsEstimated
                    && needed > innerLength + 1e-9 * max(1, abs(innerLength))
                {
                    break
                }
                children.append(
                    expandChild(
                        subitem, in: inner, override: nil, axis: group.axis, budget: &budget))
                used = needed
                index += 1
                // Items with no length would repeat forever: one pass of them.
                if length <= 0 && index >= group.subitems.count { break }
            }
        }
        let leaves = children.reduce(0) { $0 + $1.leafCount }
        return _ExpandedNode(kind: .group(group), children: children, leafCount: leaves)
    }

    static func expandChild(
        _ subitem: LayoutGroupSubitem, in inner: Size, override: Double?, axis: LayoutGroupAxis,
        budget: inout _ExpansionBudget
    ) -> _ExpandedNode {
        switch subitem {
        case .item(let item):
            guard budget.take() else { return _ExpandedNode(kind: .item(item), leafCount: 0) }
            return _ExpandedNode(
                kind: .item(item), alongOverride: override,
                overridesHeight: override != nil && axis == .vertical, leafCount: 1)
        case .group(let group):
            let size = requestedSize(
                group.layoutSize, in: inner, override: override, parentAxis: axis)
            var node = expand(group, size: size, budget: &budget)
            node.alongOverride = override
            node.overridesHeight = override != nil && axis == .vertical
            return node
        }
    }

    /// The fixed part of a subitem's edge spacing along an axis.
    static func edgeMinimums(_ spacing: LayoutEdgeSpacing?, horizontal: Bool) -> Double {
        guard let spacing else { return 0 }
        return horizontal
            ? (spacing.leading?.minimum ?? 0) + (spacing.trailing?.minimum ?? 0)
            : (spacing.top?.minimum ?? 0) + (spacing.bottom?.minimum ?? 0)
    }

    /// Arranges an expanded group of `size` with its origin at (0, 0),
    /// appending its cells' frames (in item order) to `frames`; returns the
    /// group's size, where an estimated height becomes the height of its
    /// content. `height(leaf, width)` gives a self-sizing cell's measured
    /// height, or `nil` to keep the estimate.
    static func arrange(
        _ node: _ExpandedNode, size: Size, frames: inout [Rect],
        height: (Int, Double) -> Double?
    ) -> Size {
        guard case .group(let group) = node.kind else { return size }
        if group.axis == .custom {
            var bottom = 0.0
            for child in node.children {
                if case .fixed(let frame) = child.kind {
                    frames.append(frame)
                    bottom = max(bottom, frame.maxY)
                }
            }
            let estimated = group.layoutSize.heightDimension.isEstimated
            return Size(width: size.width, height: estimated ? bottom : size.height)
        }
        let horizontal = group.axis == .horizontal
        let widthEstimated = group.layoutSize.widthDimension.isEstimated
        let heightEstimated = group.layoutSize.heightDimension.isEstimated
        let insets = group.contentInsets
        let inner = innerSize(of: group, size: size)
        let originX = widthEstimated ? 0 : insets.leading
        let originY = heightEstimated ? 0 : insets.top

        // Sizes: each child arranged at the origin.
        var sizes: [Size] = []
        var ranges: [Range<Int>] = []
        sizes.reserveCapacity(node.children.count)
        ranges.reserveCapacity(node.children.count)
        for child in node.children {
            let start = frames.count
            let childSize = arrangeChild(
                child, in: inner, axis: group.axis, frames: &frames, height: height)
            sizes.append(childSize)
            ranges.append(start..<frames.count)
        }

        // Along the axis: the spaces between and around children, flexible
        // ones sharing the spare room.
        let lengthEstimated = horizontal ? widthEstimated : heightEstimated
        let innerLength = horizontal ? inner.width : inner.height
        var spaces: [LayoutSpacing] = []
        spaces.reserveCapacity(node.children.count * 3)
        for (index, child) in node.children.enumerated() {
            if index > 0 { spaces.append(group.interItemSpacing ?? .fixed(0)) }
            let edges = child.edgeSpacing
            spaces.append((horizontal ? edges?.leading : edges?.top) ?? .fixed(0))
            spaces.append((horizontal ? edges?.trailing : edges?.bottom) ?? .fixed(0))
        }
        let lengths = sizes.map { horizontal ? $0.width : $0.height }
        let used = lengths.reduce(0, +) + spaces.reduce(0) { $0 + $1.minimum }
        let flexibleCount = spaces.reduce(0) { $0 + ($1.isFlexible ? 1 : 0) }
        let spare =
            lengthEstimated || flexibleCount == 0
            ? 0 : max(0, innerLength - used) / Double(flexibleCount)
        func amount(_ space: LayoutSpacing) -> Double {
            space.minimum + (space.isFlexible ? spare : 0)
        }

        // Across: a child's position from its edge spacing in the group's thickness.
        let crossSizes = sizes.map { horizontal ? $0.height : $0.width }
        var thickness = horizontal ? inner.height : inner.width
        let thicknessEstimated = horizontal ? heightEstimated : widthEstimated
        if thicknessEstimated {
            thickness = 0
            for (index, child) in node.children.enumerated() {
                thickness = max(
                    thickness,
                    crossSizes[index] + edgeMinimums(child.edgeSpacing, horizontal: !horizontal))
            }
        }

        var cursor = 0.0
        var spaceIndex = 0
        for (index, child) in node.children.enumerated() {
            if index > 0 {
                cursor += amount(spaces[spaceIndex])
                spaceIndex += 1
            }
            cursor += amount(spaces[spaceIndex])
            let along = cursor
            cursor += lengths[index] + amount(spaces[spaceIndex + 1])
            spaceIndex += 2

            let edges = child.edgeSpacing
            let before = horizontal ? edges?.top : edges?.leading
            let after = horizontal ? edges?.bottom : edges?.trailing
            let crossSpare = max(
                0, thickness - crossSizes[index] - (before?.minimum ?? 0) - (after?.minimum ?? 0))
            var across = before?.minimum ?? 0
            switch (before?.isFlexible ?? false, after?.isFlexible ?? false) {
            case (true, true): across += crossSpare / 2
            case (true, false): across += crossSpare
            default: break
            }
            let dx = originX + (horizontal ? along : across)
            let dy = originY + (horizontal ? across : along)
            if dx != 0 || dy != 0 {
                for frameIndex in ranges[index] {
                    frames[frameIndex].origin.x += dx
                    frames[frameIndex].origin.y += dy
                }
            }
        }

        var result = size
        if horizontal {
            if widthEstimated { result.width = cursor }
            if heightEstimated { result.height = thickness }
        } else {
            if heightEstimated { result.height = cursor }
            if widthEstimated { result.width = thickness }
        }
        return result
    }

    /// Arranges one child at the origin; returns the room it takes.
    static func arrangeChild(
        _ child: _ExpandedNode, in inner: Size, axis: LayoutGroupAxis, frames: inout [Rect],
        height: (Int, Double) -> Double?
    ) -> Size {
        guard let layoutSize = child.layoutSize else { return .zero }
        var size = requestedSize(
            layoutSize, in: inner, override: child.alongOverride, parentAxis: axis)
        switch child.kind {
        case .item(let item):
            let insets = item.contentInsets
            let widthEstimated = layoutSize.widthDimension.isEstimated
            let heightEstimated = layoutSize.heightDimension.isEstimated && !child.overridesHeight
            let horizontalInsets = widthEstimated ? 0 : insets.leading + insets.trailing
            if heightEstimated, let measured = height(frames.count, size.width - horizontalInsets) {
                size.height = measured
            }
            var frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
            if !widthEstimated {
                frame.origin.x += insets.leading
                frame.size.width -= insets.leading + insets.trailing
            }
            if !heightEstimated {
                frame.origin.y += insets.top
                frame.size.height -= insets.top + insets.bottom
            }
            frames.append(frame)
            return size
        case .group:
            return arrange(child, size: size, frames: &frames, height: height)
        case .fixed:
            return .zero
        }
    }
}
