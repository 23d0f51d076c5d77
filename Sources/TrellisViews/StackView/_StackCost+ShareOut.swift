// A share-out among views laid end to end (distribution fill) worked in
// storage the caller keeps: the same stretches, the same cheapest-first
// order and the same steps as `_Cost.distribute(segments:…)` takes, written
// and read through buffers (`_DirectPlan.sharedLengths`).

extension _LaneCost {
    /// The stretches on one side of `anchor` written into `buffer` from
    /// `count` on (room for `kinks.count + 1` more), `count` moved past
    /// them: what `appendStretches(view:anchor:right:into:)` appends, the
    /// same stretches from the same slopes in the same order (the left
    /// ones nearest first), without the array's checks at each append.
    @inline(__always)
    func writeStretches(
        view: Int, anchor: Double, right: Bool, into buffer: UnsafeMutablePointer<Segment>,
        count: inout Int
    ) {
        let first = count
        var n = count
        forEachRegion { a, b, slope in
            if right {
                if b > a, b > anchor, !_isNegligible(b - Swift.max(a, anchor), anchor) {
                    buffer[n] = Segment(length: b - Swift.max(a, anchor), slope: slope, view: view)
                    n += 1
                }
                return true
            }
            // (No region from here on starts left of the anchor.)
            if a >= anchor { return false }
            if b > a, a < anchor, !_isNegligible(Swift.min(b, anchor) - a, anchor) {
                buffer[n] = Segment(length: Swift.min(b, anchor) - a, slope: slope, view: view)
                n += 1
            }
            return true
        }
        if !right {
            var (i, j) = (first, n - 1)
            while i < j {
                swap(&buffer[i], &buffer[j])
                i += 1
                j -= 1
            }
        }
        count = n
    }

    /// `distribute(segments:count:total:center:anchor:slopes:changes:_:)`
    /// where `total` is not within the solver's precision of `center`, on
    /// buffers: `segments` (in view order, as `writeStretches` gives each
    /// view's; sorted here, in place), `changes` (at least `count` long;
    /// its first `count` written). The same sort, the same steps in the
    /// same order and the same checks, so the same changes to the bit and
    /// the same errors.
    @inline(__always)
    static func distribute(
        segments: UnsafeMutableBufferPointer<Segment>, count: Int, total: Double, center: Double,
        anchor: (Int) -> Double, slopes: (Int, Double) -> _BoundedSlopes,
        changes: UnsafeMutableBufferPointer<Double>, _ what: () -> String
    ) throws(_StackCostError) {
        for k in 0..<count { changes[k] = 0 }
        var remaining = total - center
        let growing = remaining >= 0
        _sortCheapestFirst(segments, ascending: growing)
        var anyUnmodelled = false
        for s in segments.indices where segments[s].slope[0] != 0 {
            anyUnmodelled = true
            break
        }
        remaining = abs(remaining)
        for s in segments.indices {
            if _isNegligible(remaining, total) { break }
            if segments[s].slope[0] != 0 {
                throw .unmodelled("\(what()): a view would take length in a region not modelled")
            }
            if anyUnmodelled {
                for other in segments.indices where segments[other].slope[0] != 0 {
                    let order = _compare(_modelled(segments[other].slope), segments[s].slope)
                    if growing ? order <= 0 : order >= 0 {
                        throw .unmodelled("\(what()): a region not modelled might be cheaper")
                    }
                }
            }
            let step = Swift.min(remaining, segments[s].length)
            changes[segments[s].view] += growing ? step : -step
            remaining -= step
        }
        if !_isNegligible(remaining, total) {
            throw .conflict("\(what()): \(total) is out of the views' required lengths")
        }
        try checkNoTrade(
            count: count, length: { anchor($0) + changes[$0] }, slopes: slopes, what())
    }
}

/// `_sortCheapestFirst(_:ascending:)` of the stretches in `segments`: the
/// same insertion sort (stable, each stretch moved left past those whose
/// slope is above its own, growing; below, shrinking).
func _sortCheapestFirst<Slope: _SlopeLanes>(
    _ segments: UnsafeMutableBufferPointer<_LaneCost<Slope>.Segment>, ascending: Bool
) {
    guard segments.count > 1 else { return }
    for i in 1..<segments.count {
        let item = segments[i]
        var j = i
        while j > 0 {
            let order = _compare(segments[j - 1].slope, item.slope)
            if ascending ? order > 0 : order < 0 {
                segments[j] = segments[j - 1]
                j -= 1
            } else {
                break
            }
        }
        segments[j] = item
    }
}
