// Lazy self-sizing: groups of estimated-height cells are measured when a
// visible rect shows them, and the first visible item keeps its place.

import TrellisGeometry

extension CompositionalLayout {
    /// Measures every not yet measured group of self-sizing cells that the
    /// visible rect shows (orthogonal sections at their offsets), moves what
    /// follows, and returns the content offset that keeps the first item
    /// visible in `visibleRect` at the same distance from the top (UIKit's
    /// self-sizing with anchoring: no jump when estimates are replaced).
    /// Measuring repeats at the new offset until the rect shows no
    /// unmeasured group, since measured groups can be shorter than their estimate.
    ///
    /// Only the groups shown are measured: `sizing` is asked for their
    /// cells and for no other.
    /// - Throws: `.notPrepared`, or `.invalidItemHeight` naming the cell
    ///   (the groups measured before it keep their heights).
    /// - Complexity: O(m × (group size + log g) + s) for m groups measured.
    public mutating func measureItems(in visibleRect: Rect) throws(CollectionLayoutError) -> Point {
        guard preparedBounds != nil else { throw .notPrepared }
        guard visibleRect._hasNoNaN, !visibleRect.isEmpty else { return visibleRect.origin }
        let anchor = anchor(in: visibleRect)
        var rect = visibleRect
        var offset = visibleRect.origin
        for _ in 0..<64 {
            var measuredAny = false
            var section = _firstSection(reachingBelow: rect.minY)
            while section < _sections.count, _tops[section] < rect.maxY {
                if _sections[section].isSelfSizing {
                    let groups = _groupRange(section: section, in: rect)
                    for group in groups where !_sections[section].isMeasured(group) {
                        try _measureGroup(group, inSection: section)
                        measuredAny = true
                    }
                }
                section += 1
            }
            guard measuredAny else { break }
            offset = _offset(restoring: anchor, orKeeping: visibleRect)
            offset.x = visibleRect.minX
            rect.origin = offset
        }
        return offset
    }

    /// Measures one group's cells and takes its real height.
    mutating func _measureGroup(_ group: Int, inSection index: Int) throws(CollectionLayoutError) {
        // Only what is read, not the whole section: a copy of the section
        // would share its `measuredFrames`, and the write below would then
        // copy all of them (O(n) per group measured).
        let leaves = _sections[index].leavesPerGroup
        let first = group * leaves
        let count = _sections[index].itemCount
        let isOrthogonal = _sections[index].isOrthogonal
        let spacing = _sections[index].description.interGroupSpacing
        var frames: [Rect] = []
        frames.reserveCapacity(leaves)
        var failure: CollectionLayoutError?
        let sizing = self.sizing
        let size = _GroupArrangement.arrange(
            _sections[index].expanded, size: _sections[index].groupSize, frames: &frames
        ) { leaf, width in
            let item = first + leaf
            // A partly filled last group: missing cells take no height.
            guard item < count else { return 0 }
            guard failure == nil else { return nil }
            let indexPath = IndexPath(item: item, section: index)
            let height = sizing.height(at: indexPath, width: width)
            guard _Validate.isValidHeight(height), height <= _Units.maximumElementHeight / 2 else {
                failure = .invalidItemHeight(indexPath, height)
                return nil
            }
            return height
        }
        if let failure { throw failure }
        measuredGroupCount += 1
        for (leaf, frame) in frames.enumerated()
        where first + leaf < _sections[index].measuredFrames.count {
            _sections[index].measuredFrames[first + leaf] = frame
        }
        let overflow = _overflow(of: frames, in: size)
        if overflow > _sections[index].overhang {
            _sections[index].overhang = overflow
            _maximumOverhang = max(_maximumOverhang, overflow)
        }
        if isOrthogonal {
            _sections[index].groupHeights[group] = size.height
            _sections[index].groupsExtent = _sections[index].groupHeights.max() ?? 0
        } else {
            let packed = OffsetIndex.pack(_Units.units(size.height + spacing), measured: true)
            _sections[index].groupIndex!.setPacked(packed, at: group)
            _sections[index].groupsExtent =
                _Units.points(_sections[index].groupIndex!.total) - spacing
        }
        _restack(from: index)
    }
}

extension CompositionalLayout {
    /// An orthogonal section's horizontal offset (0 for other sections).
    /// - Complexity: O(1).
    public func orthogonalOffset(inSection index: Int) -> Double {
        guard index >= 0, index < _sections.count else { return 0 }
        return _sections[index].orthogonalOffset
    }

    /// The width an orthogonal section scrolls over: its groups and spacing
    /// plus its leading and trailing content insets (the centring inset on
    /// both sides for `.groupPagingCentered`); 0 for other sections.
    /// - Complexity: O(1).
    public func orthogonalContentWidth(inSection index: Int) -> Double {
        guard index >= 0, index < _sections.count, _sections[index].isOrthogonal else { return 0 }
        let section = _sections[index]
        let groups = Double(section.groupCount)
        let run = max(
            0,
            groups * section.templateSize.width + max(0, groups - 1)
                * section.description.interGroupSpacing)
        let leading = section.firstGroupX - section.containerX
        let trailing: Double
        if section.description.orthogonalScrollingBehavior == .groupPagingCentered {
            trailing = leading
        } else {
            trailing = section.description.contentInsets.trailing
        }
        return leading + run + trailing
    }

    /// The largest offset an orthogonal section can scroll to.
    public func maximumOrthogonalOffset(inSection index: Int) -> Double {
        guard index >= 0, index < _sections.count else { return 0 }
        return max(0, orthogonalContentWidth(inSection: index) - _sections[index].containerWidth)
    }

    /// Scrolls an orthogonal section to `offset`, clamped to
    /// `0...maximumOrthogonalOffset(inSection:)`. Other sections ignore it.
    /// - Complexity: O(1).
    public mutating func setOrthogonalOffset(_ offset: Double, inSection index: Int) {
        guard index >= 0, index < _sections.count, _sections[index].isOrthogonal, !offset.isNaN
        else { return }
        _sections[index].orthogonalOffset = min(
            max(0, offset), maximumOrthogonalOffset(inSection: index))
    }

    /// Where an orthogonal section comes to rest when a drag that started at
    /// `current` would end at `proposed`, by its behaviour:
    /// `.continuous` stops at `proposed`; `.continuousGroupLeadingBoundary`
    /// at the group boundary nearest `proposed`; `.paging` one page (the
    /// section's container width) from the page of `current` towards
    /// `proposed`; `.groupPaging` and `.groupPagingCentered` one group from
    /// the group of `current` towards `proposed`. Always clamped to the
    /// scrollable range.
    /// - Complexity: O(1).
    public func targetOrthogonalOffset(inSection index: Int, from current: Double, proposed: Double)
        -> Double
    {
        guard index >= 0, index < _sections.count, _sections[index].isOrthogonal else { return 0 }
        let section = _sections[index]
        let maximum = maximumOrthogonalOffset(inSection: index)
        func clamp(_ x: Double) -> Double { min(max(0, x), maximum) }
        func step(_ unit: Double) -> Double {
            guard unit > 0 else { return clamp(proposed) }
            let base = (current / unit).rounded()
            if proposed > current + 1e-9 { return clamp((base + 1) * unit) }
            if proposed < current - 1e-9 { return clamp((base - 1) * unit) }
            return clamp(base * unit)
        }
        switch section.description.orthogonalScrollingBehavior {
        case .none: return 0
        case .continuous: return clamp(proposed)
        case .continuousGroupLeadingBoundary:
            let pitch = section.pitch
            guard pitch > 0 else { return clamp(proposed) }
            return clamp((proposed / pitch).rounded() * pitch)
        case .paging: return step(section.containerWidth)
        case .groupPaging, .groupPagingCentered: return step(section.pitch)
        }
    }
}

extension CompositionalLayout {
    /// Measures every self-sizing group not measured yet (a whole-layout
    /// dump or picture; scrolling measures lazily with `measureItems(in:)`).
    /// - Throws: `.notPrepared`, or `.invalidItemHeight` naming the cell.
    /// - Complexity: O(n) cells measured, plus O(log g + s) per group.
    public mutating func measureAllItems() throws(CollectionLayoutError) {
        guard preparedBounds != nil else { throw .notPrepared }
        for section in _sections.indices where _sections[section].isSelfSizing {
            for group in 0..<_sections[section].groupCount
            where !_sections[section].isMeasured(group) {
                try _measureGroup(group, inSection: section)
            }
        }
    }

    /// Every item's frame, section by section, orthogonal sections at offset 0.
    /// - Complexity: O(n), O(n log g) with self-sizing sections.
    public var itemFramesAtOrthogonalOffsetZero: [[Rect]] {
        (0..<_sections.count).map { section in
            (0..<_sections[section].itemCount).map {
                frame(ofItem: IndexPath(item: $0, section: section), orthogonalOffsetZero: true)!
            }
        }
    }
}
