// A sum of views' costs (alignment fill across a stack's axis: the views
// share one length) merged in a kept scratch buffer: the running sum's
// kinks merged with each term's through pointers, where `+` and
// `add(_:spare:)` append every kink to an array, each append checking the
// array's uniqueness and room, and copy the first term's kinks through the
// generic sequence append.

extension _LaneCost {
    /// `terms.reduce(_Cost()) { $0 + costs[$1] }` written into `result`
    /// (its kinks' storage kept): `_LanePlan.combinedCost` of plain terms,
    /// term after term, with the steps of `+` (`add(_:spare:)`): a free
    /// term adds nothing, a free running sum takes the term as it is, and
    /// otherwise the bounds are `max` and `min`, the bases summed and the
    /// kinks merged, the smaller `x` first, two at one `x` made one kink
    /// whose delta is the running sum's plus the term's. The same
    /// comparisons and additions on the same numbers in the same order, so
    /// the same cost to the bit. `scratch`: room for twice as many kinks
    /// as the terms hold together (`kinkCount`), at least two.
    @inline(__always)
    static func mergedSum<Terms: Collection<Int>>(
        _ terms: Terms, of costs: UnsafeBufferPointer<_Cost>, into result: inout _Cost,
        scratch: UnsafeMutableBufferPointer<_Kink>
    ) {
        let room = scratch.count / 2
        // The running sum's kinks in one half, the next sum's written
        // into the other.
        var sum = scratch.baseAddress!
        var next = sum + room
        var count = 0
        var lo = -Double.infinity
        var hi = Double.infinity
        var base = _Slope()
        for k in terms {
            if costs[k].isFree { continue }
            let sumIsFree =
                count == 0 && lo == -.infinity && hi == .infinity && _sign(base) == 0
            if sumIsFree {
                // (The first term that is not free, or one after a
                // running sum that is: the term itself.)
                lo = costs[k].lo
                hi = costs[k].hi
                base = costs[k].base
                count = costs[k].kinks.withUnsafeBufferPointer { kinks in
                    for j in kinks.indices { sum[j] = kinks[j] }
                    return kinks.count
                }
                continue
            }
            count = costs[k].kinks.withUnsafeBufferPointer { other in
                var (i, j, n) = (0, 0, 0)
                while i < count || j < other.count {
                    if j == other.count || (i < count && sum[i].x < other[j].x) {
                        next[n] = sum[i]
                        i += 1
                    } else if i == count || other[j].x < sum[i].x {
                        next[n] = other[j]
                        j += 1
                    } else {
                        next[n] = _Kink(x: sum[i].x, delta: sum[i].delta + other[j].delta)
                        i += 1
                        j += 1
                    }
                    n += 1
                }
                return n
            }
            swap(&sum, &next)
            lo = Swift.max(lo, costs[k].lo)
            hi = Swift.min(hi, costs[k].hi)
            base = base + costs[k].base
        }
        result.lo = lo
        result.hi = hi
        result.base = base
        result.kinks.removeAllFromEnd()
        result.kinks.reserveCapacity(count + spareKinks)
        result.kinks.append(contentsOf: UnsafeBufferPointer(start: sum, count: count))
    }

    /// How many kinks the costs at `terms` hold together, and how many of
    /// those costs hold any.
    @inline(__always)
    static func kinkCount<Terms: Collection<Int>>(
        _ terms: Terms, of costs: UnsafeBufferPointer<_Cost>
    ) -> (kinks: Int, terms: Int) {
        var total = 0
        var withKinks = 0
        for k in terms where !costs[k].kinks.isEmpty {
            total += costs[k].kinks.count
            withKinks += 1
        }
        return (total, withKinks)
    }
}
