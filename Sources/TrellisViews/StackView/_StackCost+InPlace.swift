// Costs combined in storage kept from one cost to the next: a stack's sum of
// its views' costs (alignment fill, fill equally) or of their running
// minimums (leading, centre, trailing; baselines) made in arrays the plan
// keeps (`_LanePlan.combining`), where `+` made a new array for every
// term and the sum another. The same operations on the same numbers in the
// same order as `reduce(_Cost()) { $0 + term }` over the terms
// `composed(scale:offset:)` and `runningMinimum(shiftedBy:)` give, so the
// same costs to the bit.

/// A plan's storage for combining costs (`_LanePlan.combining`).
struct _LaneCombining<Slope: _SlopeLanes> {
    /// The next combined cost's kinks: the storage of the last stack cost
    /// replaced (`computeCosts`).
    var result: [_LaneKink<Slope>] = []
    /// One term at a time (a running minimum, a composed cost).
    var term = _LaneCost<Slope>()
    /// Where a sum's kinks are merged before they replace its own.
    var spare: [_LaneKink<Slope>] = []
}

extension _LaneCost {
    /// `runningMinimum(shiftedBy: offset)`, written into `result` (its
    /// kinks' storage reused).
    func runningMinimum(shiftedBy offset: Double, into result: inout _Cost) {
        let (first, _) = minimizers()
        let point = Swift.min(Swift.max(first, lo), hi)
        let shift = offset != 0
        result.kinks.removeAllFromEnd()
        result.lo = shift ? lo - offset : lo
        result.hi = .infinity
        // Best at its lower bound (or unbounded below): as good at any
        // length from there on. The slopes below the bound are not kept:
        // where the cost still rose at the bound, ending them there would
        // take a negative kink, and sums with it would not be convex.
        guard point.isFinite, point > lo else {
            result.base = _Slope()
            return
        }
        result.base = base
        result.kinks.reserveCapacity(kinks.count + 1 + Self.spareKinks)
        var slope = base
        for kink in kinks where kink.x < point {
            result.kinks.append(shift ? _Kink(x: kink.x - offset, delta: kink.delta) : kink)
            slope += kink.delta
        }
        if _sign(slope) != 0 {
            result.kinks.append(_Kink(x: shift ? point - offset : point, delta: -slope))
        }
    }

    /// `composed(scale: scale, offset: offset)` where it is not the cost
    /// itself (`scale` 1 and `offset` 0), written into `result` (its
    /// kinks' storage reused).
    func composed(scale: Double, offset: Double, into result: inout _Cost) {
        result.kinks.removeAllFromEnd()
        guard scale > 0 else {
            // A constant length: feasible or not, and no slope.
            result.base = _Slope()
            if offset < lo - 1e-9 || offset > hi + 1e-9 {
                result.lo = .infinity
                result.hi = -.infinity
            } else {
                result.lo = -.infinity
                result.hi = .infinity
            }
            return
        }
        result.lo = (lo - offset) / scale
        result.hi = (hi - offset) / scale
        result.base = base * scale
        result.kinks.reserveCapacity(kinks.count)
        for kink in kinks {
            result.kinks.append(_Kink(x: (kink.x - offset) / scale, delta: kink.delta * scale))
        }
    }

    /// `self = self + other`: the sum's kinks merged into `spare`'s
    /// storage, which then holds the old kinks' storage.
    mutating func add(_ other: _Cost, spare: inout [_Kink]) {
        if other.isFree { return }
        if isFree {
            // (`+` gives `other` itself.)
            lo = other.lo
            hi = other.hi
            base = other.base
            kinks.removeAllFromEnd()
            kinks.append(contentsOf: other.kinks)
            return
        }
        spare.removeAllFromEnd()
        spare.reserveCapacity(kinks.count + other.kinks.count + Self.spareKinks)
        var i = 0
        var j = 0
        while i < kinks.count || j < other.kinks.count {
            if j == other.kinks.count || (i < kinks.count && kinks[i].x < other.kinks[j].x) {
                spare.append(kinks[i])
                i += 1
            } else if i == kinks.count || other.kinks[j].x < kinks[i].x {
                spare.append(other.kinks[j])
                j += 1
            } else {
                spare.append(_Kink(x: kinks[i].x, delta: kinks[i].delta + other.kinks[j].delta))
                i += 1
                j += 1
            }
        }
        lo = Swift.max(lo, other.lo)
        hi = Swift.min(hi, other.hi)
        base = base + other.base
        swap(&kinks, &spare)
    }
}

extension _LanePlan {
    /// `terms` summed as `reduce(_Cost()) { $0 + term }` does, each term
    /// `costs[k].composed(scale: scale, offset: offset)` (`runningMinimum`:
    /// `costs[k].runningMinimum(shiftedBy: offset)` instead), in the
    /// plan's storage (`combining`): the sum takes the storage of the last
    /// stack cost replaced. Plain terms (`scale` 1, `offset` 0), two or
    /// more of which have kinks, are merged in a kept scratch buffer
    /// (`_Cost.mergedSum`).
    mutating func combinedCost<Terms: Collection<Int>>(
        _ terms: Terms, scale: Double = 1, offset: Double, runningMinimum: Bool = false
    ) -> _Cost {
        // (The plan's storage written in place, field by field: a
        // `_LaneCombining` moved out and back was destroyed through its
        // value witnesses, at every stack.)
        var sum = _Cost()
        swap(&sum.kinks, &combining.result)
        // (Where at least two terms have kinks: a single one is copied as
        // fast by the steps below.)
        var counted = (kinks: 0, terms: 0)
        if !runningMinimum, scale == 1, offset == 0 {
            counted = costs.withUnsafeBufferPointer { _Cost.kinkCount(terms, of: $0) }
        }
        if counted.terms > 1 {
            // (Merged in the storage of `combining.spare`, made long enough
            // for the sums met: `add(_:spare:)` empties it before it writes.)
            var scratch: [_Kink] = []
            swap(&scratch, &combining.spare)
            costs.withUnsafeBufferPointer { costs in
                let needed = 2 * counted.kinks
                if scratch.count < needed {
                    scratch.append(_Kink(x: 0, delta: _Slope()), times: needed - scratch.count)
                }
                scratch.withUnsafeMutableBufferPointer { scratch in
                    _Cost.mergedSum(terms, of: costs, into: &sum, scratch: scratch)
                }
            }
            swap(&scratch, &combining.spare)
            #if DEBUG
                let general = terms.reduce(_Cost()) { $0 + costs[$1] }
                assert(sum.hasSameBits(as: general), "\(sum) against \(general)")
            #endif
            return sum
        }
        sum.kinks.removeAllFromEnd()
        // Until a term is not free the sum is `_Cost()`, and `_Cost() +
        // term` is the term itself (or `_Cost()`, the term free): the first
        // such term is written straight into the sum's storage.
        var started = false
        for k in terms {
            if !started {
                if runningMinimum {
                    costs[k].runningMinimum(shiftedBy: offset, into: &sum)
                } else if scale == 1, offset == 0 {
                    sum.lo = costs[k].lo
                    sum.hi = costs[k].hi
                    sum.base = costs[k].base
                    sum.kinks.append(contentsOf: costs[k].kinks)
                } else {
                    costs[k].composed(scale: scale, offset: offset, into: &sum)
                }
                if sum.isFree {
                    (sum.lo, sum.hi, sum.base) = (-.infinity, .infinity, _Slope())
                    sum.kinks.removeAllFromEnd()
                } else {
                    started = true
                }
                continue
            }
            if runningMinimum {
                costs[k].runningMinimum(shiftedBy: offset, into: &combining.term)
                sum.add(combining.term, spare: &combining.spare)
            } else if scale == 1, offset == 0 {
                // (The term read in place, through the buffer: read through
                // the array, it was copied, its kinks retained and released.)
                var spare: [_Kink] = []
                swap(&spare, &combining.spare)
                costs.withUnsafeBufferPointer { sum.add($0[k], spare: &spare) }
                swap(&spare, &combining.spare)
            } else {
                costs[k].composed(scale: scale, offset: offset, into: &combining.term)
                sum.add(combining.term, spare: &combining.spare)
            }
        }
        return sum
    }

    /// The storage for the next combined cost (`combinedCost`,
    /// `endToEndCost`), taken.
    mutating func takeCombinedStorage() -> [_Kink] {
        var storage: [_Kink] = []
        swap(&storage, &combining.result)
        return storage
    }
}

extension _LaneCost {
    /// A view's intrinsic length as the first terms of a cost made anew
    /// (no bounds, no slope, no kink): `addAtLeast(length, lane:
    /// compression, weight: weight)`, `addAtMost(length, lane: hugging,
    /// weight: weight)`, then, with `floor` (`_LanePlan.addFloor`),
    /// `addAtLeast(0, lane: compression, weight: floor)`. Where neither
    /// lane is required and the length is above 0, the two kinks those
    /// steps make are written in one go: the base's lane less `weight`,
    /// then less `floor`; at 0 the floor's delta; at `length` the
    /// compression's delta with the hugging's added (`insert` merges a kink
    /// at the same length so): the same operations on the same numbers.
    mutating func addIntrinsic(
        _ length: Double, compression: Int, hugging: Int, weight: Double, floor: Double?
    ) {
        guard let floor, compression != 0, hugging != 0, length > 0, length.isFinite,
            kinks.isEmpty, lo == -.infinity, hi == .infinity
        else {
            addAtLeast(length, lane: compression, weight: weight)
            addAtMost(length, lane: hugging, weight: weight)
            if let floor { addAtLeast(0, lane: compression, weight: floor) }
            return
        }
        base[compression] -= weight
        base[compression] -= floor
        var bottom = _Slope()
        bottom[compression] = floor
        var own = _Slope()
        own[compression] = weight
        own[hugging] += weight
        if kinks.capacity == 0 { kinks.reserveCapacity(4) }  // a view's few terms
        kinks.append(_Kink(x: 0, delta: bottom))
        kinks.append(_Kink(x: length, delta: own))
    }
}
