// Sticky section headers, as a plain-style UITableView shows them: the
// header of the section at the top of the viewport sticks to the top edge
// until the next section's header pushes it up.

import TrellisGeometry

/// An element with the frame it is displayed at, in content coordinates.
public struct TableElementFrame: Hashable, Sendable {
    /// The header, row or footer.
    public var element: TableElement
    /// Its frame in content coordinates, as displayed.
    public var frame: Rect

    /// An element with a frame.
    /// - Complexity: O(1).
    public init(element: TableElement, frame: Rect) {
        self.element = element
        self.frame = frame
    }
}

extension TableLayout {
    /// Where a section's header is displayed at the current content offset
    /// in UITableView's plain style, in content coordinates: at its place in
    /// the content while that is below the viewport's top edge; stuck to the
    /// top edge while its section passes under it; pushed up by the next
    /// section's header (its bottom never goes below that header's top):
    ///
    ///     y = min(max(contentOffset, header top), next header top − header height)
    ///
    /// (the last section's "next header top" is the end of the content).
    /// Footers do not stick. `rectForHeader(inSection:)` stays the header's
    /// place in the content, as in UIKit.
    /// - Throws: `TableError.sectionOutOfRange`.
    /// - Complexity: O(log n).
    public func pinnedRectForHeader(inSection section: Int) throws(TableError) -> Rect {
        try checkSection(section, context: "pinnedRectForHeader(inSection:)")
        return rect(flat: sectionStarts[section], top: 0, y: pinnedTop(section))
    }

    /// The pinned header's top in units: its place in the content for the
    /// grouped styles, whose headers do not stick.
    func pinnedTop(_ section: Int) -> Int64 {
        let top = index.prefix(sectionStarts[section])
        guard style == .plain else { return top }
        let limit =
            index.prefix(sectionStarts[section + 1]) - index.units(at: sectionStarts[section])
        return min(max(offsetUnits, top), limit)
    }

    /// The header stuck to the top of the viewport: the header of the
    /// section at the viewport's top edge, at its pinned frame, when it has
    /// height and its pinned frame reaches into the viewport; nil otherwise,
    /// and always nil for the grouped styles (their headers do not stick).
    /// - Complexity: O(log n + log sections).
    public var pinnedHeader: TableElementFrame? {
        guard style == .plain else { return nil }
        let flat = min(index.index(containing: max(0, offsetUnits)), index.count - 1)
        guard flat >= 0, index.count > 0 else { return nil }
        let section = section(containing: flat)
        let height = index.units(at: sectionStarts[section])
        let top = pinnedTop(section)
        guard height > 0, top + height > offsetUnits, top < offsetUnits + viewportUnits else {
            return nil
        }
        return TableElementFrame(
            element: .header(section: section),
            frame: rect(flat: sectionStarts[section], top: 0, y: top))
    }

    /// Every element with area that is displayed in the viewport, in table
    /// order, with its frame in content coordinates; headers at their pinned
    /// frames (plain style), including the stuck header when its own place
    /// in the content is above the viewport.
    /// - Complexity: O(log n + k) for k elements in view.
    public var visibleElementFrames: [TableElementFrame] {
        var result: [TableElementFrame] = []
        let pinned = pinnedHeader
        if let pinned { result.append(pinned) }
        guard let range = visibleRange else { return result }
        for flat in range where index.units(at: flat) > 0 {
            let element = element(flat: flat)
            if case .header(let section) = element {
                if case .header(section)? = pinned?.element { continue }
                let frame = rect(flat: flat, top: 0, y: pinnedTop(section))
                let edges = axialEdges(frame)
                guard edges.max > contentOffset, edges.min < contentOffset + viewportHeight else {
                    continue
                }
                result.append(TableElementFrame(element: element, frame: frame))
            } else {
                result.append(TableElementFrame(element: element, frame: rect(flat: flat, top: 0)))
            }
        }
        return result
    }
}
