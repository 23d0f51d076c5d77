// The direct path's distribution fill: a stack's length shared out among
// its views, cheapest stretches first, without listing the stretches when
// no view moves from its best length.

extension _LanePlan {
    /// How `visible` (laid end to end, distribution fill) share `room`:
    /// each view's anchor (its leftmost best length), then the difference
    /// taken by the cheapest stretches (`_Cost.distribute`). Where the
    /// anchors fill `room` already (a stack at its natural length: most
    /// heights), no stretch is taken, so none is listed: the lengths are
    /// the anchors, worked out with the same operations in the same order
    /// as `distribute` does (so the same to the bit), and the same check
    /// that no two views could trade length at no cost.
    /// - Throws: as `_Cost.distribute`.
    /// (Mutating, though it changes nothing: its callers are, and a
    /// non-mutating method called from them was given a copy of the whole
    /// plan, 808 bytes, on every call.)
    mutating func sharedLengths(_ visible: [Int], _ room: Double, _ what: @autoclosure () -> String)
        throws(_StackCostError) -> [Double]
    {
        // (In the storage of the last share-out's lengths, `sharedScratch`,
        // which its caller has let go of by now: a new array for each
        // share-out was an allocation and a release.)
        var lengths: [Double] = []
        swap(&lengths, &sharedScratch)
        lengths.removeAllFromEnd()
        lengths.reserveCapacity(visible.count)
        var center = 0.0
        // (Costs read in place, through their buffer: read through the
        // array, each was copied, 152 bytes, its kinks retained.)
        costs.withUnsafeBufferPointer { costs in
            for child in visible {
                let anchor = costs[child].anchor
                lengths.append(anchor)
                center += anchor
            }
        }
        if _isNegligible(room - center, room) {
            // (`anchor + change` with every change 0, as `distribute` leaves them.)
            for k in lengths.indices { lengths[k] += 0 }
            // (The lengths read in place: a copy of them, alive while
            // `takeTheRest` wrote to them, made it copy them again.)
            try Self.withCosts(costs) { costs throws(_StackCostError) in
                try _Cost.checkNoTrade(
                    count: visible.count, length: { lengths[$0] },
                    slopes: { costs[visible[$0]].boundedSlopes(at: $1) }, what())
            }
        } else {
            // The stretches of every view on the side the room moves them
            // to, in one buffer (as `_Cost.distribute` gathers them from
            // `anchored(view:)` parts, without an array per view, nor the
            // other side's); each view's anchor is `lengths[k]` (the same
            // `anchor`). Then `distribute`'s sort, steps and checks, on
            // the buffers (`_StackCost+ShareOut.swift`).
            let growing = room - center >= 0
            // (The stretches and changes in the plan's storage,
            // `shareSegments` and `sharedChanges`, written through their
            // buffers: appended to, each stretch (80 bytes with 8 lanes)
            // checked the array's uniqueness and capacity.)
            var segments: [_Cost.Segment] = []
            swap(&segments, &shareSegments)
            defer { swap(&segments, &shareSegments) }
            var changes: [Double] = []
            swap(&changes, &sharedChanges)
            defer { swap(&changes, &sharedChanges) }
            let result: Result<Void, _StackCostError> = costs.withUnsafeBufferPointer { costs in
                // Room for every view's stretches: one a region, a region
                // a kink and one more.
                var needed = 0
                for child in visible { needed += costs[child].kinks.count + 1 }
                if segments.count < needed {
                    segments.append(
                        _Cost.Segment(length: 0, slope: _Slope(), view: 0),
                        times: needed - segments.count)
                }
                if changes.count < visible.count {
                    changes.append(0, times: visible.count - changes.count)
                }
                return segments.withUnsafeMutableBufferPointer { segments in
                    var count = 0
                    for (k, child) in visible.enumerated() {
                        costs[child].writeStretches(
                            view: k, anchor: lengths[k], right: growing,
                            into: segments.baseAddress!, count: &count)
                    }
                    return changes.withUnsafeMutableBufferPointer { changes in
                        lengths.withUnsafeMutableBufferPointer { lengths in
                            do throws(_StackCostError) {
                                try _Cost.distribute(
                                    segments: UnsafeMutableBufferPointer(
                                        rebasing: segments[0..<count]),
                                    count: visible.count, total: room, center: center,
                                    anchor: { lengths[$0] },
                                    slopes: { costs[visible[$0]].boundedSlopes(at: $1) },
                                    changes: changes, what)
                            } catch {
                                return .failure(error)
                            }
                            for k in lengths.indices { lengths[k] = lengths[k] + changes[k] }
                            return .success(())
                        }
                    }
                }
            }
            try result.get()
        }
        takeTheRest(visible, room, &lengths)
        sharedScratch = lengths
        return lengths
    }

    /// `body` on `costs` through their buffer: an element read through the
    /// array is a copy of the whole cost (152 bytes, its kinks retained),
    /// one read through the buffer is read in place.
    @inline(__always)
    static func withCosts<R>(
        _ costs: [_Cost], _ body: (UnsafeBufferPointer<_Cost>) throws(_StackCostError) -> R
    ) throws(_StackCostError) -> R {
        let result: Result<R, _StackCostError> = costs.withUnsafeBufferPointer { costs in
            do throws(_StackCostError) {
                return .success(try body(costs))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Where every view but one has a required length (`lo == hi`: fixed
    /// boxes, stacks of them), that one takes what they leave of `room`,
    /// worked out as `room − Σ others` rather than from its own anchor:
    /// the same length within the solver's precision, and one that does
    /// not depend on the view's own cost (its labels' texts) to the last
    /// bit, so the widths a row's texts cannot change are the same in
    /// every row (what `_DirectPlan.replayWidths` relies on).
    /// (Mutating, though it changes nothing: called from `sharedLengths`,
    /// a method that is not was given a copy of the whole plan.)
    mutating func takeTheRest(_ visible: [Int], _ room: Double, _ lengths: inout [Double]) {
        var movable = -1
        for (k, child) in visible.enumerated() where costs[child].lo != costs[child].hi {
            guard movable < 0 else { return }
            movable = k
        }
        guard movable >= 0 else { return }
        var others = 0.0
        for k in lengths.indices where k != movable { others += lengths[k] }
        lengths[movable] = room - others
    }
}
