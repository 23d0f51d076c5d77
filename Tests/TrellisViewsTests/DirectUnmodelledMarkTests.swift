// `_LaneCost.markUnmodelled(belowCharging:)`: the slopes left of the
// longest length where a cost charges above a priority replaced by a mark
// not modelled, the cost kept convex.

import Testing

@testable import TrellisViews

@Suite struct DirectUnmodelledMarkTests {
    /// A cost already flagged as not modelled across the length where it
    /// is marked (a view's region not modelled below 30), still falling at
    /// the mark's own priority on its right: the mark's flag must be below
    /// the flag already there, or the slope rises and falls again
    /// (`StackTreeOtherRowsTests` seed 3839247039 stopped a debug process
    /// on the convexity assertion).
    @Test func aMarkOverARegionAlreadyFlaggedStaysConvex() throws {
        var cost = _Cost()
        cost.addAtLeast(20, lane: 1)
        cost.addEqual(25, lane: 4, weight: 1)
        var bound = _Slope()
        bound[6] = 1e-6
        cost.addUnmodelled(below: 30, bound: bound)
        #expect(cost._checkInvariants())
        cost.markUnmodelled(belowCharging: 4)
        #expect(cost._checkInvariants())
        // Below 20 the cost is the mark's (flagged, 1e-6 a point at lane 4);
        // from 20 on it is what it was.
        let (left, right) = cost.slopes(at: 20)
        #expect(left[0] < 0 && left[1] == 0 && left[4] == -1e-6)
        #expect(right[0] == -1 && right[4] == -1)
        #expect(cost.slopes(at: 27).left[4] == 1)
    }

    /// Nothing where no length charges above the priority, or where it is
    /// no lane.
    @Test func noMarkWhereNothingChargesAbove() {
        var cost = _Cost()
        cost.addEqual(25, lane: 4, weight: 1)
        let before = cost
        cost.markUnmodelled(belowCharging: 4)
        #expect(cost.kinks.count == before.kinks.count && cost.base == before.base)
        cost.markUnmodelled(belowCharging: _Slope.scalarCount)
        #expect(cost.kinks.count == before.kinks.count && cost.base == before.base)
    }
}
