// Flat storage of a prepared layout's elements and the row ("band") index that
// answers rect queries for layouts whose rows stack downwards (flow, mosaic).

import TrellisGeometry

/// A prepared layout's elements in `LayoutAttributes.precedes` order, with
/// per-section lookups. Plain arrays of structs: no per-element allocation.
struct _ElementStore: Sendable {
    var elements: [LayoutAttributes] = []
    /// Per section: the element index of the header, or -1 without one.
    var headerIndex: [Int] = []
    /// Per section: the element index of the footer, or -1 without one.
    var footerIndex: [Int] = []
    /// Per section: the element index of item 0 (where it would be when empty).
    var firstItemIndex: [Int] = []
    /// Per section: the number of items.
    var itemCounts: [Int] = []

    init() {}

    init(reservingCapacity capacity: Int, sections: Int) {
        elements.reserveCapacity(capacity)
        headerIndex.reserveCapacity(sections)
        footerIndex.reserveCapacity(sections)
        firstItemIndex.reserveCapacity(sections)
        itemCounts.reserveCapacity(sections)
    }

    /// The element index of an item, or `nil` when there is no such item.
    /// - Complexity: O(1).
    func elementIndex(forItem indexPath: IndexPath) -> Int? {
        let section = indexPath.section
        guard section >= 0, section < itemCounts.count, indexPath.item >= 0,
            indexPath.item < itemCounts[section]
        else { return nil }
        return firstItemIndex[section] + indexPath.item
    }

    /// The attributes of an item, or `nil` when there is no such item.
    /// - Complexity: O(1).
    func attributes(forItem indexPath: IndexPath) -> LayoutAttributes? {
        elementIndex(forItem: indexPath).map { elements[$0] }
    }

    /// The header of a section, or `nil` when it has none.
    /// - Complexity: O(1).
    func header(inSection section: Int) -> LayoutAttributes? {
        guard section >= 0, section < headerIndex.count, headerIndex[section] >= 0 else {
            return nil
        }
        return elements[headerIndex[section]]
    }

    /// The footer of a section, or `nil` when it has none.
    /// - Complexity: O(1).
    func footer(inSection section: Int) -> LayoutAttributes? {
        guard section >= 0, section < footerIndex.count, footerIndex[section] >= 0 else {
            return nil
        }
        return elements[footerIndex[section]]
    }

    /// The element index of a section's header or footer, or nil.
    func supplementaryIndex(_ kind: ElementKind, inSection section: Int) -> Int? {
        guard section >= 0, section < headerIndex.count else { return nil }
        let index =
            kind == .header ? headerIndex[section] : kind == .footer ? footerIndex[section] : -1
        return index >= 0 ? index : nil
    }

    /// Appends a full-width header or footer at `y` and records its index.
    mutating func appendSupplementary(
        _ kind: ElementKind, section: Int, y: Double, width: Double, height: Double
    ) {
        if kind == .header {
            headerIndex.append(elements.count)
        } else {
            footerIndex.append(elements.count)
        }
        elements.append(
            LayoutAttributes(
                indexPath: IndexPath(item: 0, section: section),
                frame: Rect(x: 0, y: y, width: width, height: height), kind: kind))
    }

    /// Gives a band's only element (a header, a footer) a new height: the
    /// elements after it move by the change, which is returned, and the
    /// bands from its band on take their edges from the moved frames.
    /// - Complexity: O(log bands + elements after it).
    mutating func resize(_ element: Int, to height: Double, bands: inout _BandIndex) -> Double {
        let delta = height - elements[element].frame.height
        elements[element].frame.size.height = height
        shiftElements(from: element + 1, by: delta)
        bands.refit(from: bands.band(containing: element), elements: elements)
        return delta
    }

    /// Moves every element from `start` on down by `dy`.
    mutating func shiftElements(from start: Int, by dy: Double) {
        guard dy != 0 else { return }
        for index in start..<elements.count {
            elements[index].frame.origin.y += dy
        }
    }
}

/// Horizontal bands (a flow row, a header, a mosaic segment) stacked top to
/// bottom, each holding a contiguous run of elements. Both band edges grow
/// with the band index, so the first band reaching below a rect's top is a
/// binary search away, and scanning stops at the first band starting below
/// the rect's bottom.
struct _BandIndex: Sendable {
    /// Element index one past each band's last element.
    private(set) var ends: [Int] = []
    private(set) var minY: [Double] = []
    private(set) var maxY: [Double] = []
    /// True when every band's elements are sorted by x with disjoint x ranges
    /// (flow rows), so a band with many elements is searched, not scanned.
    let isXOrdered: Bool

    init(isXOrdered: Bool, reservingCapacity capacity: Int = 0) {
        self.isXOrdered = isXOrdered
        ends.reserveCapacity(capacity)
        minY.reserveCapacity(capacity)
        maxY.reserveCapacity(capacity)
    }

    var count: Int { ends.count }

    func start(ofBand band: Int) -> Int { band == 0 ? 0 : ends[band - 1] }

    /// Adds a band holding the elements up to `end` (exclusive).
    mutating func append(end: Int, minY top: Double, maxY bottom: Double) {
        ends.append(end)
        minY.append(top)
        maxY.append(bottom)
    }

    /// Drops the bands from `first` on.
    mutating func removeBands(from first: Int) {
        ends.removeSubrange(first...)
        minY.removeSubrange(first...)
        maxY.removeSubrange(first...)
    }

    /// The band holding an element.
    /// - Complexity: O(log bands).
    func band(containing element: Int) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let mid = (low + high) >> 1
            if ends[mid] > element { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Adds a band holding the elements up to `end` (exclusive), with edges
    /// taken from their frames: the band reaches exactly as far as they do,
    /// so a rect query never skips an element its band's edges round past.
    mutating func append(end: Int, fitting elements: [LayoutAttributes]) {
        let (top, bottom) = Self.edges(of: start(ofBand: ends.count)..<end, in: elements)
        append(end: end, minY: top, maxY: bottom)
    }

    /// Takes the edges of every band from `first` on from its elements'
    /// frames again (after frames moved or changed height).
    /// - Complexity: O(elements of those bands).
    mutating func refit(from first: Int, elements: [LayoutAttributes]) {
        for band in first..<ends.count {
            (minY[band], maxY[band]) = Self.edges(
                of: start(ofBand: band)..<ends[band], in: elements)
        }
    }

    /// The least minY and the greatest maxY of some elements' frames.
    private static func edges(of range: Range<Int>, in elements: [LayoutAttributes])
        -> (minY: Double, maxY: Double)
    {
        var top = Double.infinity
        var bottom = -Double.infinity
        for index in range {
            top = min(top, elements[index].frame.minY)
            bottom = max(bottom, elements[index].frame.maxY)
        }
        return (top, bottom)
    }

    /// The elements intersecting `rect`, in element order; none for an empty
    /// rect or one with a NaN coordinate.
    func attributes(in rect: Rect, from elements: [LayoutAttributes]) -> [LayoutAttributes] {
        guard rect._hasNoNaN, !rect.isEmpty else { return [] }
        var result: [LayoutAttributes] = []
        collect(in: rect, from: elements, into: &result)
        return result
    }

    /// Appends to `result` the elements intersecting `rect`, in element order.
    ///
    /// - Complexity: O(log b + k + r) for b bands, k elements returned and r
    ///   elements of the first and last bands met that miss the rect vertically
    ///   (items shorter than their row); x-ordered bands are binary searched.
    func collect(
        in rect: Rect, from elements: [LayoutAttributes], into result: inout [LayoutAttributes]
    ) {
        let top = rect.minY
        let bottom = rect.maxY
        var low = 0
        var high = maxY.count
        while low < high {
            let mid = (low + high) >> 1
            if maxY[mid] > top { high = mid } else { low = mid + 1 }
        }
        var band = low
        while band < ends.count, minY[band] < bottom {
            var index = start(ofBand: band)
            let end = ends[band]
            if isXOrdered && end - index > 8 {
                index = _firstIndex(in: elements, from: index, to: end, withMaxXAbove: rect.minX)
                while index < end, elements[index].frame.minX < rect.maxX {
                    if elements[index].frame.intersects(rect) { result.append(elements[index]) }
                    index += 1
                }
            } else {
                while index < end {
                    if elements[index].frame.intersects(rect) { result.append(elements[index]) }
                    index += 1
                }
            }
            band += 1
        }
    }

    private func _firstIndex(
        in elements: [LayoutAttributes], from start: Int, to end: Int, withMaxXAbove x: Double
    ) -> Int {
        var low = start
        var high = end
        while low < high {
            let mid = (low + high) >> 1
            if elements[mid].frame.maxX > x { high = mid } else { low = mid + 1 }
        }
        return low
    }
}

extension Rect {
    /// True when no coordinate is NaN. Infinite rects are answered (an
    /// infinitely wide strip is a fair question); NaN ones never intersect.
    var _hasNoNaN: Bool {
        !(origin.x.isNaN || origin.y.isNaN || size.width.isNaN || size.height.isNaN)
    }
}
