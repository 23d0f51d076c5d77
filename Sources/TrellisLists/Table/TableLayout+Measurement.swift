// Layout passes: lazy measurement of the rows in view, scroll anchoring,
// scrolling to a row, and width changes.

extension TableLayout {
    /// An element kept in place on screen while heights change: its flat index
    /// and its top relative to the viewport top, in units.
    struct _Anchor {
        var flat: Int
        var screenTop: Int64
    }

    /// Measures the rows on screen, then the rest of the cell and display
    /// ranges, keeping one element where it is on screen, chosen by the rule
    /// written on `TableLayoutPass` (after a batch update: the element the
    /// update kept in place; at rest at the top: the content top).
    ///
    /// What "on screen" means for a row not measured yet: on screen at its
    /// estimated height when the walk from the kept element reaches it. So a
    /// row whose estimate overlapped the viewport is measured even when its
    /// real height turns out smaller and leaves it just outside (estimate 44
    /// at 44-88 with the viewport from 85, real height 0 or 10: measured,
    /// then not visible); the kept element itself is measured for the same
    /// reason. Overscan rows are counted from the kept element. Nothing else
    /// is measured.
    ///
    /// - Throws: `TableError.invalidMeasuredHeight` when the height source
    ///   returns a NaN, infinite, negative or too large height; the table is
    ///   then left as it was.
    /// - Complexity: O(m log n) for m rows measured.
    @discardableResult
    public mutating func layoutIfNeeded() throws(TableError) -> TableLayoutPass {
        try transaction { table, pass throws(TableError) in
            try table.measureAnchored(try table.measuredLayoutAnchor(into: &pass), into: &pass)
        }
    }

    /// Moves the content offset (as setting `contentOffset` does) and runs a
    /// layout pass, which forgets the element a batch update asked it to
    /// keep. The element the pass keeps (the rule on `TableLayoutPass`: at
    /// offset 0 the content top, else rows estimated at 0 at the top edge,
    /// else the first measured element on screen) stays exactly where the
    /// scroll put it; rows measured above it move the offset by the difference
    /// (`anchorAdjustment`, from the offset asked for).
    ///
    /// - Throws: `TableError.invalidParameter` for a non-finite offset,
    ///   `.invalidMeasuredHeight` for a bad height; the table is then
    ///   unchanged (heights, offset, scroll direction, and the element a
    ///   batch update left for the next pass to keep).
    /// - Complexity: O(m log n) for m rows measured.
    @discardableResult
    public mutating func scroll(toOffset offset: Double) throws(TableError) -> TableLayoutPass {
        guard _Units.isRepresentable(offset) else {
            throw .invalidParameter(name: "content offset", value: offset, reason: "must be finite")
        }
        let target = _Units.units(offset)
        return try transaction { table, pass throws(TableError) in
            table.setOffset(target)
            table.pendingAnchor = nil
            try table.measureAnchored(try table.measuredLayoutAnchor(into: &pass), into: &pass)
        }
    }

    /// Scrolls so that a row is at the top, middle or bottom of the viewport,
    /// as `scrollToRow(at:at:animated:)`. The offset is clamped to
    /// `0 ... maximumContentOffset` like UIKit's; unless clamped, the row
    /// lands exactly in place.
    ///
    /// Measured: the row, the rows that end up on screen, and then, as in
    /// every layout pass, the overscan rows and the display range around the
    /// final position. No other row is measured: the rows are walked outward
    /// from the row at its final place on screen, which is known before the
    /// walk unless the offset is clamped, and a clamp only moves the row
    /// towards the side whose rows are all measured already.
    ///
    /// - Throws: `TableError.sectionOutOfRange` / `.rowOutOfRange`,
    ///   `.invalidMeasuredHeight`; the table is then unchanged.
    /// - Complexity: O(m log n) for m rows measured.
    @discardableResult
    public mutating func scrollToRow(at indexPath: IndexPath, at position: TableScrollPosition)
        throws(TableError) -> TableLayoutPass
    {
        let flat = try flatIndex(of: indexPath, context: "scrollToRow(at:at:)")
        return try transaction { table, pass throws(TableError) in
            try table.measure(flat: flat, into: &pass)
            let wantedTop = table.index.prefix(flat) - table.offset(placing: flat, at: position)
            var anchor = _Anchor(flat: flat, screenTop: wantedTop)
            try table.walkDown(from: anchor, to: table.viewportUnits, overscan: 0, into: &pass)
            try table.walkUp(from: anchor, to: 0, overscan: 0, into: &pass)
            // Too little content above (every row above is measured now): the
            // offset clamps to 0 and the row moves up; fill in below it.
            if table.index.prefix(flat) < anchor.screenTop {
                anchor.screenTop = table.index.prefix(flat)
                try table.walkDown(from: anchor, to: table.viewportUnits, overscan: 0, into: &pass)
            }
            // Too little content below (every row below is measured now): the
            // offset clamps to the end and the row moves down; fill in above it.
            let below = table.index.total - table.index.prefix(flat)
            if anchor.screenTop < table.viewportUnits - below {
                anchor.screenTop = table.viewportUnits - below
                try table.walkUp(from: anchor, to: 0, overscan: 0, into: &pass)
            }
            let target = table.clampedOffset(table.index.prefix(flat) - anchor.screenTop)
            pass.clamped = table.index.prefix(flat) - target != wantedTop
            table.setOffset(target)
            anchor.screenTop = table.index.prefix(flat) - target
            try table.measureAnchored(anchor, into: &pass)
        }
    }

    /// Changes the width rows are measured at and the viewport height (a
    /// rotation). Every measured height becomes stale but stays as the row's
    /// estimate; the visible rows are re-measured first, then the rest of the
    /// cell and display ranges, keeping in place the element the rule on
    /// `TableLayoutPass` chooses (a pending batch update's element is
    /// forgotten). Other rows are re-measured when they come into view.
    /// Self-sizing headers and footers are re-measured like rows, except
    /// those of height 0 (none, or measured empty), which stay 0.
    ///
    /// When the content then ends above the viewport's bottom (rows got
    /// shorter while the table was scrolled to its end, or the offset was
    /// past the end already, even of an empty table), the offset is clamped
    /// to the new `maximumContentOffset`, as UIKit's scroll view does after
    /// a bounds change: the last element goes to the viewport's bottom
    /// (`clamped` is true, and `anchorAdjustment` counts the clamp's move
    /// with the rest: it is the offset after minus the offset before).
    ///
    /// - Throws: `TableError.invalidParameter`, `.invalidMeasuredHeight`; the
    ///   table is then unchanged.
    /// - Complexity: O(n) to mark heights stale, plus O(m log n) for m rows measured.
    @discardableResult
    public mutating func resize(width newWidth: Double, viewportHeight: Double) throws(TableError)
        -> TableLayoutPass
    {
        try TableLayout.validateWidth(newWidth)
        try style.validate(width: newWidth)
        let viewport = try TableLayout.viewportUnits(viewportHeight)
        let saved = self
        do throws(TableError) {
            var pass = TableLayoutPass()
            let anchor = try measuredLayoutAnchor(into: &pass)
            pendingAnchor = nil
            if newWidth != width {
                width = newWidth
                index.markAllUnmeasured()
                // A header or footer of height 0 is none (or measured empty):
                // it is not measured again at the new width.
                for s in 0..<numberOfSections {
                    for flat in [sectionStarts[s], sectionStarts[s + 1] - 1]
                    where index.units(at: flat) == 0 {
                        index.setPacked(OffsetIndex.pack(0, measured: true), at: flat)
                    }
                }
            }
            viewportUnits = viewport
            try measureAnchored(anchor, into: &pass)
            try clampToEnd(into: &pass)
            // The snapshot, not the undo log, is what restores a failed resize.
            undoLog.removeAll(keepingCapacity: true)
            noteEndReached()
            return pass
        } catch {
            self = saved
            throw error
        }
    }

    /// Changes how many rows past each viewport edge get cells.
    public mutating func setOverscanRows(_ rows: Int) throws(TableError) {
        guard rows >= 0 else {
            throw .invalidParameter(
                name: "overscanRows", value: Double(rows), reason: "must not be negative")
        }
        overscanRows = rows
    }

    /// Changes the display and preload ranges.
    public mutating func setRangeTuning(_ tuning: TableRangeTuning) throws(TableError) {
        try tuning.validate()
        rangeTuning = tuning
    }

    // MARK: Internals

    /// Runs `body` on the table; when it throws, undoes every height it set and
    /// restores the content offset, the scroll direction and the pending
    /// anchor (every hidden state a pass changes).
    mutating func transaction(
        _ body: (inout TableLayout, inout TableLayoutPass) throws(TableError) -> Void
    ) throws(TableError) -> TableLayoutPass {
        let savedOffset = offsetUnits
        let savedDirection = scrollDirection
        let savedAnchor = pendingAnchor
        undoLog.removeAll(keepingCapacity: true)
        var pass = TableLayoutPass()
        do throws(TableError) {
            try body(&self, &pass)
            pendingAnchor = nil
            noteEndReached()
        } catch {
            for (flat, packed) in undoLog.reversed() { index.setPacked(packed, at: flat) }
            undoLog.removeAll(keepingCapacity: true)
            offsetUnits = savedOffset
            scrollDirection = savedDirection
            pendingAnchor = savedAnchor
            throw error
        }
        undoLog.removeAll(keepingCapacity: true)
        return pass
    }

    /// The element a layout pass keeps in place when no batch update is
    /// pending and a `.bottom` table is not at its end (see `TableLayoutPass`
    /// for the whole rule), or nil when the viewport is past the content:
    ///
    /// 1. At rest at the top (offset 0) the content top stays at the top:
    ///    the first element, at the viewport's top. At a negative offset
    ///    (pulled past the top) the content top stays where it is.
    /// 2. Rows estimated at 0 at the top edge (zero-height elements not
    ///    measured yet whose top is the viewport's top) are in view: the
    ///    first of them stays at the top edge, so measuring them pushes what
    ///    follows down. UIKit reads an estimate of 0 as "no estimate", so it
    ///    measures such rows where they are.
    /// 3. Otherwise the first element on screen with area whose height is
    ///    measured (fixed headers and footers count as measured): scrolling
    ///    up brings estimated rows in at the top; were the first of them
    ///    the anchor, their growth would push the rows already on screen
    ///    down. With a measured element kept in place they grow upwards,
    ///    out of the way, and the content offset follows.
    /// 4. With nothing measured on screen, the element containing the top
    ///    edge (the first of the zero-height elements exactly at the edge).
    /// - Complexity: O(log n + k + z) for k elements on screen and z
    ///   zero-height elements at the top edge.
    var restingAnchor: _Anchor? {
        guard index.count > 0 else { return nil }
        if offsetUnits <= 0 { return _Anchor(flat: 0, screenTop: -offsetUnits) }
        var flat = index.index(containing: offsetUnits)
        guard flat < index.count || index.total == offsetUnits else { return nil }
        let edgeTop = flat < index.count ? index.prefix(flat) : index.total
        // The zero-height elements exactly at the top edge, first to last.
        var firstAtEdge = flat
        if edgeTop == offsetUnits {
            while firstAtEdge > 0 && index.units(at: firstAtEdge - 1) == 0 { firstAtEdge -= 1 }
        }
        var zero = firstAtEdge
        while zero < index.count && index.units(at: zero) == 0 {
            if !holdsItsHeight(flat: zero) { return _Anchor(flat: firstAtEdge, screenTop: 0) }
            zero += 1
        }
        var top = edgeTop
        let bottom = offsetUnits + viewportUnits
        var candidate = flat
        while candidate < index.count && top < bottom {
            let height = index.units(at: candidate)
            if height > 0 && holdsItsHeight(flat: candidate) {
                return _Anchor(flat: candidate, screenTop: top - offsetUnits)
            }
            top += height
            candidate += 1
        }
        flat = firstAtEdge
        guard flat < index.count else { return nil }
        return _Anchor(flat: flat, screenTop: index.prefix(flat) - offsetUnits)
    }

    /// True when an element's height will not change in a layout pass: it
    /// is measured, or it is a fixed header or footer (a width change marks
    /// those stale with the rows, but they are never measured again).
    func holdsItsHeight(flat: Int) -> Bool {
        index.isMeasured(at: flat) || (headerFooterSizing == nil && !isRow(flat: flat))
    }

    mutating func setOffset(_ units: Int64) {
        if units > offsetUnits {
            scrollDirection = .down
        } else if units < offsetUnits {
            scrollDirection = .up
        }
        offsetUnits = units
    }

    /// Measures the unmeasured rows that are on screen, then those in the
    /// cell and display ranges, keeping `anchor` where it is on screen.
    ///
    /// With an anchor, the rows are walked outward from it in screen
    /// coordinates: a row below the anchor has its top fixed by the rows
    /// measured before it, and a row above has its bottom fixed, so the walk
    /// knows exactly where each range ends and measures only rows that end up
    /// in it (an estimate of 44 points must not pull 20 rows into view when
    /// the real heights are 300). The offset is then moved by the growth above
    /// the anchor.
    mutating func measureAnchored(_ anchor: _Anchor?, into pass: inout TableLayoutPass)
        throws(TableError)
    {
        guard let anchor else { return try measureUnanchored(into: &pass) }
        let (above, below) = screenfulExtents(
            leading: rangeTuning.displayLeading, trailing: rangeTuning.displayTrailing)
        // Visible rows first, then the overscan rows and the display range.
        for (upLimit, downLimit, overscan) in [
            (0, viewportUnits, 0), (-above, viewportUnits + below, overscanRows),
        ] {
            try walkDown(from: anchor, to: downLimit, overscan: overscan, into: &pass)
            try walkUp(from: anchor, to: upLimit, overscan: overscan, into: &pass)
        }
        let moved = index.prefix(anchor.flat) - anchor.screenTop
        // No blank space above the first row: from a non-negative offset, a
        // pass whose kept element would need one puts the content top at
        // the top instead (every element above the kept one is measured:
        // the walk up reached the first element) and fills in below.
        if moved < 0 && offsetUnits >= 0 {
            // (A chat's end kept at the bottom of content shorter than the
            // viewport is at the top by definition: not a clamp.)
            let keepsShortEnd = contentAnchoring == .bottom && anchor.flat == index.count - 1
            if !keepsShortEnd { pass.clamped = true }
            return try measureAnchored(_Anchor(flat: 0, screenTop: 0), into: &pass)
        }
        pass.anchorAdjustment += _Units.points(moved - offsetUnits)
        offsetUnits = moved
    }

    /// Measures from the anchor down: every element whose screen top is above
    /// `limit`, then `overscan` more rows past the last element in view.
    private mutating func walkDown(
        from anchor: _Anchor, to limit: Int64, overscan: Int, into pass: inout TableLayoutPass
    ) throws(TableError) {
        var flat = anchor.flat
        var top = anchor.screenTop
        var rowsPast = 0
        while flat < index.count {
            let inView = top < viewportUnits
            guard top < limit || (!inView && rowsPast < overscan) else { break }
            try measure(flat: flat, into: &pass)
            if !inView && isRow(flat: flat) { rowsPast += 1 }
            top += index.units(at: flat)
            flat += 1
        }
    }

    /// Measures from just above the anchor up: every element whose screen
    /// bottom is below `limit` (and zero-height elements at the viewport's
    /// top edge), then `overscan` more rows past the first element in view.
    private mutating func walkUp(
        from anchor: _Anchor, to limit: Int64, overscan: Int, into pass: inout TableLayoutPass
    ) throws(TableError) {
        var flat = anchor.flat - 1
        var bottom = anchor.screenTop
        var rowsPast = 0
        while flat >= 0 {
            // A zero-height element whose place is the viewport's top edge is
            // in view (UIKit measures a row estimated at 0 where it is).
            let atEdge = bottom == 0 && index.units(at: flat) == 0
            let inView = bottom > 0 || atEdge
            guard bottom > limit || (bottom == limit && atEdge) || (!inView && rowsPast < overscan)
            else { break }
            try measure(flat: flat, into: &pass)
            if !inView && isRow(flat: flat) { rowsPast += 1 }
            bottom -= index.units(at: flat)
            flat -= 1
        }
    }

    /// Without an anchor (the viewport is past the end of the content), the
    /// ranges are measured as they are; nothing on screen can move.
    private mutating func measureUnanchored(into pass: inout TableLayoutPass) throws(TableError) {
        while let range = measuredRange {
            let before = pass.rowsMeasured
            for flat in range where !index.isMeasured(at: flat) {
                try measure(flat: flat, into: &pass)
            }
            if pass.rowsMeasured == before { break }
        }
    }

    /// Asks the height source for one row's height (or the header and
    /// footer source for a self-sizing header's or footer's), if not
    /// measured yet, and records the old value in the undo log.
    mutating func measure(flat: Int, into pass: inout TableLayoutPass) throws(TableError) {
        guard !index.isMeasured(at: flat) else { return }
        let units: Int64
        switch element(flat: flat) {
        case .row(let path):
            let height = sizing.height(at: path, width: cellWidth)
            guard let valid = _validHeightUnits(height) else {
                throw .invalidMeasuredHeight(height, at: path, width: cellWidth)
            }
            units = valid
            pass.rowsMeasured += 1
        case let element:
            // Fixed headers and footers are never measured (after a width
            // change they keep their heights).
            guard let headerFooterSizing else { return }
            let height = headerFooterSizing.height(of: element, width: cellWidth)
            guard let valid = _validHeightUnits(height) else {
                throw .invalidHeaderFooterHeight(height, element: element, width: cellWidth)
            }
            units = valid
            pass.headersAndFootersMeasured += 1
        }
        undoLog.append((flat, index.packed[flat]))
        index.setPacked(OffsetIndex.pack(units, measured: true), at: flat)
    }

    /// The offset that puts element `flat` at a scroll position (not clamped).
    func offset(placing flat: Int, at position: TableScrollPosition) -> Int64 {
        let top = index.prefix(flat)
        let height = index.units(at: flat)
        switch position {
        case .top: return top
        case .middle: return top + (height - viewportUnits) >> 1  // floor, to the unit
        case .bottom: return top + height - viewportUnits
        }
    }

    /// When the content now ends above the viewport's bottom (rows got
    /// shorter at a new width while the list was scrolled to its end), puts
    /// the last element at the bottom, measuring the elements this reveals
    /// above it, and clamps the offset to the new end, as `scrollToRow`
    /// does (an empty table's offset goes to 0); the move counts in
    /// `anchorAdjustment`. Nothing happens while the offset is within range.
    mutating func clampToEnd(into pass: inout TableLayoutPass) throws(TableError) {
        guard offsetUnits > maximumOffsetUnits else { return }
        pass.clamped = true
        guard index.count > 0 else {
            pass.anchorAdjustment -= _Units.points(offsetUnits)
            return setOffset(0)
        }
        let last = index.count - 1
        // Its height first: its bottom goes to the viewport's bottom.
        try measure(flat: last, into: &pass)
        var anchor = _Anchor(flat: last, screenTop: viewportUnits - index.units(at: last))
        try walkUp(from: anchor, to: 0, overscan: 0, into: &pass)
        let target = clampedOffset(index.prefix(last) - anchor.screenTop)
        pass.anchorAdjustment += _Units.points(target - offsetUnits)
        setOffset(target)
        anchor.screenTop = index.prefix(last) - target
        try measureAnchored(anchor, into: &pass)
    }

    func clampedOffset(_ units: Int64) -> Int64 {
        min(max(units, 0), maximumOffsetUnits)
    }
}
