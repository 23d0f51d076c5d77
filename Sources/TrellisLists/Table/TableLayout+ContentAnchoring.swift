// Chat lists: a table anchored to its end opens there, keeps its end at the
// viewport's bottom while the viewport rests there (so new rows at the end
// follow into view), and otherwise keeps an element in place like any table
// (the rule on `TableLayoutPass`), counting the rows that arrive below.

/// Which edge a table keeps in place when rows change under a resting viewport.
public enum TableContentAnchoring: Sendable, Hashable {
    /// UIKit's behaviour: at rest at the top the content top stays at the
    /// top; otherwise the first measured element on screen stays where it
    /// is (the rule on `TableLayoutPass`).
    case top
    /// A chat list's: the table opens at its end; while the viewport is at
    /// the end (`isAtEnd`), the end of the content stays at the viewport's
    /// bottom, so rows added at the end come into view and rows measured or
    /// added above move nothing on screen. Scrolled up, the element the rule
    /// on `TableLayoutPass` chooses stays where it is and rows added below
    /// are counted in `newRowsBelow`.
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
    /// its end, else `restingAnchor` (the content top at offset 0, rows
    /// estimated at 0 at the top edge, the first measured element on screen).
    var layoutAnchor: _Anchor? {
        if let pendingAnchor { return pendingAnchor }
        if contentAnchoring == .bottom && isAtEnd { return endAnchor }
        return restingAnchor
    }

    /// `layoutAnchor` for a pass, after measuring the last element when it
    /// is the one kept (a self-sizing footer's height must be known before
    /// its bottom is put at the viewport's bottom).
    mutating func measuredLayoutAnchor(into pass: inout TableLayoutPass) throws(TableError)
        -> _Anchor?
    {
        guard pendingAnchor == nil && contentAnchoring == .bottom && isAtEnd && index.count > 0
        else { return layoutAnchor }
        try measure(flat: index.count - 1, into: &pass)
        return endAnchor
    }

    /// The last element (the last section's footer) with its bottom at the
    /// viewport's bottom; nil without sections.
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
    /// the first element on screen that stays in place (flat indices after
    /// the update).
    mutating func countNewRows(below insertedFlats: [Int]) {
        guard contentAnchoring == .bottom, !isAtEnd else { return }
        let bottom = offsetUnits + viewportUnits
        for flat in insertedFlats where index.prefix(flat) >= bottom { newRowsBelow += 1 }
    }
}
