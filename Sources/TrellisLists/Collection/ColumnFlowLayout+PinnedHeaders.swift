// UICollectionViewFlowLayout's `sectionHeadersPinToVisibleBounds` for the
// column flow: the header of the section at the top of the visible bounds
// sticks there until the next section's header pushes it up.

import TrellisGeometry

extension ColumnFlowLayout {
    /// The elements intersecting `rect`, as `attributes(in:)`, with section
    /// headers where `sectionHeadersPinToVisibleBounds` shows them for the
    /// visible bounds `visibleBounds`: a header's top is
    ///
    ///     min(max(visibleBounds.minY, its top), next header's top − its height)
    ///
    /// (the last section's "next header's top" is the end of the content),
    /// so it sticks to the top of the visible bounds while its section
    /// passes under it and is pushed up by the next header. UIKit answers
    /// `shouldInvalidateLayout(forBoundsChange:)` with true for every scroll
    /// when headers pin; here the query takes the visible bounds instead.
    /// Items are where `attributes(in:)` puts them.
    /// - Complexity: O(log n + s + k log k) for s sections and k elements returned.
    public func attributes(in rect: Rect, pinningHeadersTo visibleBounds: Rect)
        -> [LayoutAttributes]
    {
        guard rect._hasNoNaN, !rect.isEmpty, !visibleBounds.origin.y.isNaN else { return [] }
        var result = attributes(in: rect).filter { $0.kind == .cell }
        let sections = itemCounts.count
        var added = false
        for section in 0..<sections {
            guard var header = attributes(forHeaderInSection: section) else { continue }
            let end =
                (section + 1 < sections
                    ? attributes(forHeaderInSection: section + 1)?.frame.minY : nil)
                ?? contentSize.height
            header.frame.origin.y = min(
                max(visibleBounds.minY, header.frame.minY), end - header.frame.height)
            if header.frame.intersects(rect) {
                result.append(header)
                added = true
            }
        }
        if added { result.sort(by: LayoutAttributes.precedes) }
        return result
    }
}
