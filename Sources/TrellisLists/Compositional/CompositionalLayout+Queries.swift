// Rect and item queries: sections by binary search, groups by arithmetic
// (or the Fenwick tree of a self-sizing section), cells from the group's
// template; orthogonal sections at their own offsets.

import TrellisGeometry

extension CompositionalLayout {
    /// The sections' count of the prepared layout.
    public var numberOfSections: Int { _sections.count }

    /// Every element intersecting `rect` (shared area; touching edges do
    /// not count): per section in order, its decorations, top boundary
    /// items, cells (each followed by its badges) and bottom boundary items.
    /// Orthogonal sections' cells are where their section's offset puts them.
    /// With `visibleBounds`, pinned headers are where they show for those
    /// bounds; without it, at their place in the content.
    ///
    /// An empty rect or one with a NaN coordinate gives no element.
    /// - Complexity: O(log s + log g + k) for s sections, g groups in a
    ///   self-sizing section and k elements returned (plus the cells of the
    ///   groups at the rect's edges that miss it).
    public func elements(in rect: Rect, visibleBounds: Rect? = nil) -> [CompositionalElement] {
        var result: [CompositionalElement] = []
        appendElements(in: rect, visibleBounds: visibleBounds, to: &result)
        return result
    }

    /// Appends to `result` what `elements(in:visibleBounds:)` returns (so a
    /// caller that queries every frame can keep one array's storage).
    public func appendElements(
        in rect: Rect, visibleBounds: Rect?, to result: inout [CompositionalElement]
    ) {
        guard rect._hasNoNaN, !rect.isEmpty, !_sections.isEmpty else { return }
        var section = _firstSection(reachingBelow: rect.minY - _maximumOverhang)
        while section < _sections.count, _tops[section] < rect.maxY + _maximumOverhang {
            _collect(section: section, in: rect, visibleBounds: visibleBounds, into: &result)
            section += 1
        }
    }

    /// The first section whose bottom is below `y`.
    /// - Complexity: O(log s).
    func _firstSection(reachingBelow y: Double) -> Int {
        var low = 0
        var high = _sections.count
        while low < high {
            let mid = (low + high) >> 1
            if _tops[mid] + _sections[mid].height > y { high = mid } else { low = mid + 1 }
        }
        return low
    }

    func _collect(
        section index: Int, in rect: Rect, visibleBounds: Rect?,
        into result: inout [CompositionalElement]
    ) {
        let section = _sections[index]
        let top = _tops[index]
        let sectionPath = IndexPath(item: 0, section: index)
        for decoration in section.description.decorationItems {
            let frame = _decorationFrame(decoration, section: index)
            if frame.intersects(rect) {
                result.append(
                    CompositionalElement(
                        category: .decoration(decoration.kind), indexPath: sectionPath, frame: frame
                    ))
            }
        }
        for (item, relative) in section.topItems {
            var frame = relative.offsetBy(dx: 0, dy: top)
            if item.pinToVisibleBounds, let visibleBounds, !visibleBounds.minY.isNaN {
                frame.origin.y = min(
                    max(visibleBounds.minY, frame.minY), top + section.height - frame.height)
            }
            if frame.intersects(rect) {
                result.append(
                    CompositionalElement(
                        category: .supplementary(item.kind), indexPath: sectionPath, frame: frame))
            }
        }
        _collectCells(section: index, in: rect, into: &result)
        let bottomStart =
            top + section.groupsTop + section.groupsExtent
            + section.description.contentInsets.bottom
        for (item, relative) in section.bottomItems {
            let frame = relative.offsetBy(dx: 0, dy: bottomStart)
            if frame.intersects(rect) {
                result.append(
                    CompositionalElement(
                        category: .supplementary(item.kind), indexPath: sectionPath, frame: frame))
            }
        }
    }

    /// A section's decoration frame: the whole section across its container, less the insets.
    func _decorationFrame(_ decoration: LayoutDecorationItem, section index: Int) -> Rect {
        let section = _sections[index]
        let insets = decoration.contentInsets
        return Rect(
            x: section.containerX + insets.leading, y: _tops[index] + insets.top,
            width: section.containerWidth - insets.leading - insets.trailing,
            height: section.height - insets.top - insets.bottom)
    }

    /// The groups of a section that can hold an element meeting `rect`.
    func _groupRange(section index: Int, in rect: Rect) -> Range<Int> {
        let section = _sections[index]
        guard section.groupCount > 0 else { return 0..<0 }
        let pitch = section.pitch
        if section.isOrthogonal {
            let start = section.firstGroupX - section.orthogonalOffset
            let low = rect.minX - section.overhang - start
            let high = rect.maxX + section.overhang - start
            return _uniformRange(
                low: low, high: high, length: section.templateSize.width, pitch: pitch,
                count: section.groupCount)
        }
        let start = _tops[index] + section.groupsTop
        let low = rect.minY - section.overhang - start
        let high = rect.maxY + section.overhang - start
        if let groupIndex = section.groupIndex {
            let first = groupIndex.index(containing: _Units.units(max(0, low)))
            let last = min(
                section.groupCount, groupIndex.index(containing: _Units.units(max(0, high))) + 1)
            return first..<max(first, last)
        }
        return _uniformRange(
            low: low, high: high, length: section.templateSize.height, pitch: pitch,
            count: section.groupCount)
    }

    /// Groups i with [i × pitch, i × pitch + length] meeting (low, high).
    func _uniformRange(low: Double, high: Double, length: Double, pitch: Double, count: Int)
        -> Range<Int>
    {
        guard pitch > 0 else { return 0..<count }
        let first = max(0, min(Double(count), ((low - length) / pitch).rounded(.down)))
        let last = max(0, min(Double(count), (high / pitch).rounded(.down) + 1))
        return Int(first)..<Int(max(first, last))
    }

    func _collectCells(section index: Int, in rect: Rect, into result: inout [CompositionalElement])
    {
        let section = _sections[index]
        let range = _groupRange(section: index, in: rect)
        guard !range.isEmpty else { return }
        let top = _tops[index]
        let leaves = section.leavesPerGroup
        let badges = section.overhang > 0
        var leafItems: [CollectionLayoutItem?] = []
        if badges { _forEachLeafItem(section.expanded) { leafItems.append($0) } }
        for group in range {
            let origin = section.groupOrigin(group, offset: section.orthogonalOffset)
            let first = group * leaves
            let end = min(first + leaves, section.itemCount)
            let measured = section.isMeasured(group)
            for item in first..<end {
                let relative =
                    measured ? section.measuredFrames[item] : section.template[item - first]
                let frame = relative.offsetBy(dx: origin.x, dy: origin.y + top)
                let indexPath = IndexPath(item: item, section: index)
                if frame.intersects(rect) {
                    result.append(
                        CompositionalElement(category: .cell, indexPath: indexPath, frame: frame))
                }
                if badges, let leaf = leafItems[item - first] {
                    for badge in leaf.supplementaryItems {
                        let badgeFrame = badge.frame(on: frame)
                        if badgeFrame.intersects(rect) {
                            result.append(
                                CompositionalElement(
                                    category: .supplementary(badge.kind), indexPath: indexPath,
                                    frame: badgeFrame))
                        }
                    }
                }
            }
        }
    }

    /// The frame of an item's cell in content coordinates (an orthogonal
    /// section's at its current offset), or `nil` for no such item.
    /// - Complexity: O(1), or O(log g) in a self-sizing section.
    public func frame(ofItem indexPath: IndexPath, orthogonalOffsetZero: Bool = false) -> Rect? {
        let index = indexPath.section
        guard index >= 0, index < _sections.count, indexPath.item >= 0,
            indexPath.item < _sections[index].itemCount
        else { return nil }
        let section = _sections[index]
        let group = indexPath.item / section.leavesPerGroup
        let origin = section.groupOrigin(
            group, offset: orthogonalOffsetZero ? 0 : section.orthogonalOffset)
        return section.relativeFrame(ofItem: indexPath.item).offsetBy(
            dx: origin.x, dy: origin.y + _tops[index])
    }

    /// The boundary items (headers, footers) of a section at their place in
    /// the content, in the section's order (top ones first).
    /// - Complexity: O(boundary items).
    public func boundaryElements(inSection index: Int) -> [CompositionalElement] {
        guard index >= 0, index < _sections.count else { return [] }
        let infinite = Rect(
            x: -1e300, y: _tops[index], width: 2e300, height: max(_sections[index].height, 1e-300))
        var result: [CompositionalElement] = []
        _collect(section: index, in: infinite, visibleBounds: nil, into: &result)
        return result.filter {
            if case .supplementary = $0.category {
                return $0.indexPath.item == 0 && _isBoundary($0, index)
            }
            return false
        }
    }

    func _isBoundary(_ element: CompositionalElement, _ section: Int) -> Bool {
        guard case .supplementary(let kind) = element.category else { return false }
        return _sections[section].description.boundarySupplementaryItems.contains {
            $0.kind == kind
        }
    }

    /// A section's frame: from its top boundary item to its bottom one,
    /// across the width its insets are measured from.
    /// - Complexity: O(1).
    public func frame(ofSection index: Int) -> Rect? {
        guard index >= 0, index < _sections.count else { return nil }
        let section = _sections[index]
        return Rect(
            x: section.containerX, y: _tops[index], width: section.containerWidth,
            height: section.height)
    }

    // MARK: CollectionLayout

    /// Cells and `"header"` boundary items meeting `rect`, as
    /// `LayoutAttributes` (`elements(in:)` has every kind).
    /// - Complexity: as `elements(in:)`.
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        elements(in: rect).compactMap { element in
            switch element.category {
            case .cell: return LayoutAttributes(indexPath: element.indexPath, frame: element.frame)
            case .supplementary("header") where _isBoundary(element, element.indexPath.section):
                return LayoutAttributes(
                    indexPath: element.indexPath, frame: element.frame, kind: .header)
            default: return nil
            }
        }
    }

    /// - Complexity: as `frame(ofItem:)`.
    public func attributes(forItem indexPath: IndexPath) -> LayoutAttributes? {
        frame(ofItem: indexPath).map { LayoutAttributes(indexPath: indexPath, frame: $0) }
    }
}
