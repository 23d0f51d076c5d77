// Views laid end to end (distribution fill) in buffers: each view's
// stretches on both sides written into the plan's two kept buffers
// (`_LaneCost.writeStretches(view:left:leftCount:right:rightCount:)`),
// sorted and cut there, and the result's kinks read from them
// (`laidEndToEnd(center:left:right:kinks:kept:)`): the same stretches, the
// same order and the same sums as the arrays' `appendStretches` and
// `laidEndToEnd` make, without the arrays' checks at each element.

extension _LaneCost {
    /// `appendStretches(view:left:right:)` written into `left` from
    /// `leftCount` on and into `right` from `rightCount` on (room for
    /// `kinks.count + 1` more in each), the counts moved past them: the
    /// same anchor, the same stretches from the same slopes, in the same
    /// order (the left ones nearest first).
    @inline(__always)
    func writeStretches(
        view: Int, left: UnsafeMutablePointer<Segment>, leftCount: inout Int,
        right: UnsafeMutablePointer<Segment>, rightCount: inout Int
    ) -> Double {
        let anchor = self.anchor
        let firstLeft = leftCount
        var (l, r) = (leftCount, rightCount)
        forEachRegion { a, b, slope in
            if b > a {
                if b > anchor, !_isNegligible(b - Swift.max(a, anchor), anchor) {
                    right[r] = Segment(length: b - Swift.max(a, anchor), slope: slope, view: view)
                    r += 1
                }
                if a < anchor, !_isNegligible(Swift.min(b, anchor) - a, anchor) {
                    left[l] = Segment(length: Swift.min(b, anchor) - a, slope: slope, view: view)
                    l += 1
                }
            }
            return true
        }
        var (i, j) = (firstLeft, l - 1)
        while i < j {
            swap(&left[i], &left[j])
            i += 1
            j -= 1
        }
        (leftCount, rightCount) = (l, r)
        return anchor
    }

    /// `laidEndToEnd(center:left:right:kinks:)` on buffers: `left` and
    /// `right` sorted in place and cut after their first endless stretch
    /// (`kept`: how many of each are left). The same sorts, cuts, sums and
    /// kinks, so the same cost to the bit.
    static func laidEndToEnd(
        center: Double, left: UnsafeMutableBufferPointer<Segment>,
        right: UnsafeMutableBufferPointer<Segment>, kinks: inout [_Kink],
        kept: inout (left: Int, right: Int)
    ) -> _Cost {
        _sortCheapestFirst(right, ascending: true)
        _sortCheapestFirst(left, ascending: false)
        // Each side ends with its first endless stretch.
        kept = (_keptUpToEndless(left, growing: false), _keptUpToEndless(right, growing: true))
        let left = UnsafeMutableBufferPointer(rebasing: left[0..<kept.left])
        let right = UnsafeMutableBufferPointer(rebasing: right[0..<kept.right])
        var low = 0.0
        for k in left.indices { low = low + left[k].length }
        low = center - low
        var high = 0.0
        for k in right.indices { high = high + right[k].length }
        high = center + high
        var result = _Cost(lo: low, hi: high)
        swap(&result.kinks, &kinks)
        result.kinks.removeAllFromEnd()
        // Left to right: the left stretches outermost first, then the right ones.
        let count = left.count + right.count
        guard count > 0 else { return result }
        @inline(__always)
        func stretch(_ k: Int) -> UnsafeMutablePointer<Segment> {
            k < left.count
                ? left.baseAddress! + (left.count - 1 - k) : right.baseAddress! + (k - left.count)
        }
        let first = stretch(0)
        result.base = first.pointee.slope
        var position = center + first.pointee.length
        if !left.isEmpty {
            var inner = 0.0
            for k in 0..<(left.count - 1) { inner = inner + left[k].length }
            position = center - inner
        }
        result.kinks.reserveCapacity(count - 1 + spareKinks)
        var previous = first
        for k in 1..<count {
            let next = stretch(k)
            let delta = next.pointee.slope - previous.pointee.slope
            if _sign(delta) != 0 { result.kinks.append(_Kink(x: position, delta: delta)) }
            position += next.pointee.length
            previous = next
        }
        return result
    }
}

/// How many of `segments`, in order, are kept: those up to the first
/// endless one. Stretches after it are never reached, but one whose cost
/// is not modelled might be cheaper than it really is: the endless
/// stretch then carries that flag, with the cheaper of the two lower
/// bounds, so a view that takes length there is refused.
func _keptUpToEndless<Slope: _SlopeLanes>(
    _ segments: UnsafeMutableBufferPointer<_LaneCost<Slope>.Segment>, growing: Bool
) -> Int {
    var end = 0
    while end < segments.count, segments[end].length.isFinite { end += 1 }
    guard end < segments.count else { return segments.count }
    var bound = _modelled(segments[end].slope)
    var flagged = false
    for k in (end + 1)..<segments.count where segments[k].slope[0] != 0 {
        flagged = true
        let other = _modelled(segments[k].slope)
        let order = _compare(other, bound)
        if growing ? order < 0 : order > 0 { bound = other }
    }
    guard flagged else { return end + 1 }
    bound[0] = growing ? 1 : -1
    segments[end].slope = bound
    return end + 1
}
