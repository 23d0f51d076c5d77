// Chat lists: a table anchored to its end opens there, keeps its end at the
// viewport's bottom while the viewport rests there (so new rows at the end
// follow into view), and otherwise keeps the first visible row in place like
// any table, counting the rows that arrive below.

/// Which edge a table keeps in place when rows change under a resting viewport.
public enum TableContentAnchoring: Sendable, Hashable {
    /// UIKit's behaviour: the first visible row stays where it is on screen.
    case top
    /// A chat list's: the table opens at its end; while the viewport is at
    /// the end (`isAtEnd`), the end of the content stays at the viewport's
    /// bottom, so rows added at the end come into view and rows measured or
    /// added above move nothing on screen. Scrolled up, the first visible row
    /// stays where it is and rows added below are counted in `newRowsBelow`.
    case bottom
}

extension TableLayout {
    /// True when the viewport shows the end of the content: the content
    /// offset is `maximumContentOffset` (always true for content shorter
    /// than the viewport).
    /// - Complexity: O(log n).
    public var isAtEnd: Bool { offsetUnits >= maximumOffsetUnits }

    /// The element the next layout pass keeps in place: the one a batch
    /// update chose, else the end of the content for a `.bottom` table at
    /// its end, else the first visible element.
    var layoutAnchor: _Anchor? {
        if let pendingAnchor { return pendingAnchor }
        if contentAnchoring == .bottom && isAtEnd { return endAnchor }
        return firstVisibleAnchor
    }

    /// The last element (the last section's footer, which is never measured
    /// again) with its bottom at the viewport's bottom; nil without sections.
    var endAnchor: _Anchor? {
        guard index.count > 0 else { return nil }
        let last = index.count - 1
        return _Anchor(flat: last, screenTop: viewportUnits - index.units(at: last))
    }

    /// After an operation that leaves the viewport at the end, the rows
    /// below have been seen.
    mutating func noteEndReached() {
        if isAtEnd { newRowsBelow = 0 }
    }

    /// Counts rows inserted below the viewport by a batch update that kept
    /// the first visible row in place (flat indices after the update).
    mutating func countNewRows(below insertedFlats: [Int]) {
        guard contentAnchoring == .bottom, !isAtEnd else { return }
        let bottom = offsetUnits + viewportUnits
        for flat in insertedFlats where index.prefix(flat) >= bottom { newRowsBelow += 1 }
    }
}
