// Preparing a compositional layout for bounds: each section's group is
// expanded and arranged once with its estimates, and sections are stacked.

import TrellisGeometry

extension CompositionalLayout {
    /// Lays out every section for the bounds. No cell is measured here:
    /// self-sizing cells keep their estimates until `measureItems(in:)`.
    ///
    /// - Throws: bad bounds or insets; a section count different from
    ///   `itemCounts`; a negative item count; a description breaking a rule
    ///   of `LayoutSection.validate` (as `.invalidParameter` naming its path);
    ///   no room for items; an invalid header height. The layout is
    ///   unchanged when it throws.
    /// - Complexity: O(s + size of the descriptions + g) for s sections and
    ///   g groups of self-sizing sections; O(s) otherwise.
    public mutating func prepare(
        bounds: Rect, layoutMargins: EdgeInsets, safeAreaInsets: EdgeInsets
    )
        throws(CollectionLayoutError)
    {
        try _Validate.geometry(
            bounds: bounds, layoutMargins: layoutMargins, safeAreaInsets: safeAreaInsets)
        guard itemCounts.count == sections.count else {
            throw .invalidParameter(
                name: "itemCounts.count", value: Double(itemCounts.count),
                requirement: "must equal the number of sections, \(sections.count)")
        }
        try _Validate.itemCounts(itemCounts)
        try _Validate.positiveLength(readableWidth, name: "readableWidth")

        var prepared: [_PreparedSection] = []
        prepared.reserveCapacity(sections.count)
        for (index, section) in sections.enumerated() {
            do {
                try section.validate(path: [.key("sections"), .index(index)])
            } catch {
                throw .invalidParameter(
                    name: error.pathDescription, value: .nan, requirement: error.message)
            }
            prepared.append(
                try _prepareSection(
                    section, index: index, bounds: bounds, layoutMargins: layoutMargins,
                    safeAreaInsets: safeAreaInsets))
        }
        _sections = prepared
        _maximumOverhang = prepared.reduce(0) { max($0, $1.overhang) }
        preparedBounds = bounds
        measuredGroupCount = 0
        _restack(from: 0)
    }

    /// The left and right insets a section's content insets are measured from.
    func _referenceInsets(
        _ reference: ContentInsetsReference, bounds: Rect, layoutMargins: EdgeInsets,
        safeAreaInsets: EdgeInsets
    ) -> (left: Double, right: Double) {
        switch reference {
        case .automatic, .safeArea: return (safeAreaInsets.left, safeAreaInsets.right)
        case .none: return (0, 0)
        case .layoutMargins: return (layoutMargins.left, layoutMargins.right)
        case .readableContent:
            let available = bounds.width - layoutMargins.left - layoutMargins.right
            let extra = max(0, (available - readableWidth) / 2)
            return (layoutMargins.left + extra, layoutMargins.right + extra)
        }
    }

    func _prepareSection(
        _ section: LayoutSection, index: Int, bounds: Rect, layoutMargins: EdgeInsets,
        safeAreaInsets: EdgeInsets
    ) throws(CollectionLayoutError) -> _PreparedSection {
        let reference = _referenceInsets(
            section.contentInsetsReference, bounds: bounds, layoutMargins: layoutMargins,
            safeAreaInsets: safeAreaInsets)
        let insets = section.contentInsets
        let containerX = reference.left
        let containerWidth = bounds.width - reference.left - reference.right
        let contentWidth = containerWidth - insets.leading - insets.trailing
        guard contentWidth > 0 else {
            throw .noRoomForItems(
                layout: "CompositionalLayout section \(index)", availableWidth: contentWidth)
        }
        let content = Size(
            width: contentWidth, height: max(0, bounds.height - insets.top - insets.bottom))

        let groupSize = Size(
            width: section.group.layoutSize.widthDimension.resolved(in: content),
            height: section.group.layoutSize.heightDimension.resolved(in: content))
        var budget = _ExpansionBudget()
        let expanded = _GroupArrangement.expand(section.group, size: groupSize, budget: &budget)
        guard !budget.overflowed else {
            throw .invalidParameter(
                name: "sections[\(index)].group", value: Double(_maximumItemsPerGroup),
                requirement:
                    "a group may hold at most \(_maximumItemsPerGroup) items, nested groups included"
            )
        }
        var template: [Rect] = []
        template.reserveCapacity(expanded.leafCount)
        let templateSize = _GroupArrangement.arrange(
            expanded, size: groupSize, frames: &template, height: { _, _ in nil })
        let leaves = template.count
        guard leaves > 0 else {
            throw .invalidParameter(
                name: "sections[\(index)].group", value: 0, requirement: "holds no item")
        }
        let items = itemCounts[index]
        let groupCount = (items + leaves - 1) / leaves
        let isOrthogonal = section.orthogonalScrollingBehavior != .none
        let isSelfSizing = _containsEstimatedCellHeight(expanded)
        let spacing = section.interGroupSpacing
        for value in [templateSize.width, templateSize.height] where !(value.isFinite && value >= 0)
        {
            throw .invalidParameter(
                name: "sections[\(index)].group", value: value,
                requirement: "must have a finite size")
        }

        var firstGroupX = containerX + insets.leading
        if section.orthogonalScrollingBehavior == .groupPagingCentered {
            firstGroupX += (contentWidth - templateSize.width) / 2
        }

        // Boundary items: measured now (one or two per section).
        var topItems: [(item: LayoutBoundaryItem, frame: Rect)] = []
        var bottomItems: [(item: LayoutBoundaryItem, frame: Rect)] = []
        var topHeight = 0.0
        var bottomHeight = 0.0
        for item in section.boundarySupplementaryItems {
            let width = item.layoutSize.widthDimension.resolved(in: content)
            var height = item.layoutSize.heightDimension.resolved(in: content)
            if item.layoutSize.heightDimension.isEstimated, let supplementarySizing {
                height = supplementarySizing(item.kind, index, width)
                guard _Validate.isValidHeight(height) else {
                    throw .invalidItemHeight(IndexPath(item: 0, section: index), height)
                }
            }
            let x = containerX + insets.leading
            switch item.alignment {
            case .top:
                topItems.append((item, Rect(x: x, y: topHeight, width: width, height: height)))
                topHeight += height
            case .bottom:
                bottomItems.append(
                    (item, Rect(x: x, y: bottomHeight, width: width, height: height)))
                bottomHeight += height
            }
        }

        // Badges can reach outside their items: queries look that much further.
        var overhang = 0.0
        var leafIndex = 0
        _forEachLeafItem(expanded) { item in
            if let item, leafIndex < template.count {
                for badge in item.supplementaryItems {
                    let frame = badge.frame(on: template[leafIndex])
                    overhang = max(overhang, frame.width, frame.height)
                }
            }
            leafIndex += 1
        }

        // Cells outside their group's box (custom frames, cells taller than
        // an absolute group) are found by looking that much further too.
        overhang = max(overhang, _overflow(of: template, in: templateSize))

        var groupIndex: OffsetIndex?
        var groupHeights: [Double] = []
        var measuredFrames: [Rect] = []
        var groupsExtent: Double
        if isOrthogonal {
            groupsExtent = groupCount > 0 ? templateSize.height : 0
            if isSelfSizing {
                groupHeights = Array(repeating: templateSize.height, count: groupCount)
            }
        } else {
            groupsExtent =
                groupCount > 0
                ? Double(groupCount) * templateSize.height + Double(groupCount - 1) * spacing : 0
            if isSelfSizing {
                let extent = templateSize.height + spacing
                guard extent <= _Units.maximumElementHeight else {
                    throw .invalidParameter(
                        name: "sections[\(index)].group", value: extent,
                        requirement:
                            "a self-sizing group and its spacing must be at most \(formatPoints(_Units.maximumElementHeight)) points"
                    )
                }
                let packed = OffsetIndex.pack(_Units.units(extent), measured: false)
                groupIndex = OffsetIndex(packed: Array(repeating: packed, count: groupCount))
                groupsExtent = groupCount > 0 ? _Units.points(groupIndex!.total) - spacing : 0
            }
        }
        if isSelfSizing {
            measuredFrames = Array(
                repeating: Rect(x: 0, y: 0, width: .nan, height: 0), count: groupCount * leaves)
        }

        return _PreparedSection(
            description: section, itemCount: items, isOrthogonal: isOrthogonal, expanded: expanded,
            template: template, templateSize: templateSize, groupSize: groupSize,
            leavesPerGroup: leaves, groupCount: groupCount, isSelfSizing: isSelfSizing,
            containerX: containerX, containerWidth: containerWidth, firstGroupX: firstGroupX,
            contentWidth: contentWidth, topItems: topItems, bottomItems: bottomItems,
            topItemsHeight: topHeight, bottomItemsHeight: bottomHeight, groupsExtent: groupsExtent,
            overhang: overhang, groupIndex: groupIndex, groupHeights: groupHeights,
            measuredFrames: measuredFrames)
    }

    /// Sections' tops from `first` on, and the content size.
    /// - Complexity: O(sections after `first`).
    mutating func _restack(from first: Int) {
        if _tops.count != _sections.count { _tops = Array(repeating: 0, count: _sections.count) }
        var y = first == 0 ? 0 : _tops[first - 1] + _sections[first - 1].height
        for index in first..<_sections.count {
            _tops[index] = y
            y += _sections[index].height
        }
        contentSize = Size(width: preparedBounds?.width ?? 0, height: y)
    }
}

/// How far frames reach outside a box of `size` at the origin.
func _overflow(of frames: [Rect], in size: Size) -> Double {
    var result = 0.0
    for frame in frames {
        result = max(
            result, -frame.minX, -frame.minY, frame.maxX - size.width, frame.maxY - size.height)
    }
    return result
}

/// True when some cell of the expanded group has an estimated height.
func _containsEstimatedCellHeight(_ node: _ExpandedNode) -> Bool {
    if case .item(let item) = node.kind {
        return item.layoutSize.heightDimension.isEstimated && !node.overridesHeight
    }
    return node.children.contains { _containsEstimatedCellHeight($0) }
}

/// Calls `body` for each leaf in item order, with its item (nil for a custom frame).
func _forEachLeafItem(_ node: _ExpandedNode, _ body: (CollectionLayoutItem?) -> Void) {
    switch node.kind {
    case .item(let item): body(item)
    case .fixed: body(nil)
    case .group:
        for child in node.children { _forEachLeafItem(child, body) }
    }
}
