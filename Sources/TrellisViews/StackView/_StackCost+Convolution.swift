// Views laid end to end (distribution fill) without an array per view: each
// view's stretches are written straight into two buffers the plan keeps
// from one row to the next (`_Stretches`), sorted and cut there in place,
// and the result's kinks read from them. The same operations on the same
// numbers in the same order as `_Cost.convolution(_:offset:)` over
// `anchored(view:)` parts, so the same cost to the bit; a new row of a
// template whose heights are not replayed makes its root's cost this way.

/// The stretches of views laid end to end, kept by a plan so that making
/// a stack's cost allocates nothing but the cost's own kinks.
struct _LaneStretches<Slope: _SlopeLanes> {
    var left: [_LaneCost<Slope>.Segment] = []
    var right: [_LaneCost<Slope>.Segment] = []
}

/// The widest slopes' (`_Slope`).
typealias _Stretches = _LaneStretches<_Slope>

extension _LaneCost {
    /// Writes the cost's stretches, seen from its leftmost minimizer, after
    /// those already in `left` and `right` (as `anchored(view:)` gives them:
    /// the stretches to the right, then to the left, each in order of
    /// distance), and returns that minimizer (`anchor`).
    func appendStretches(view: Int, left: inout [Segment], right: inout [Segment]) -> Double {
        appendStretches(view: view, anchor: anchor, left: &left, right: &right)
    }

    /// `appendStretches(view:left:right:)` from `anchor`, the cost's
    /// `anchor` already worked out.
    @discardableResult
    func appendStretches(
        view: Int, anchor: Double, left: inout [Segment], right: inout [Segment]
    ) -> Double {
        let firstLeft = left.count
        forEachRegion { a, b, slope in
            if b > a {
                if b > anchor, !_isNegligible(b - Swift.max(a, anchor), anchor) {
                    right.append(
                        Segment(length: b - Swift.max(a, anchor), slope: slope, view: view))
                }
                if a < anchor, !_isNegligible(Swift.min(b, anchor) - a, anchor) {
                    left.append(Segment(length: Swift.min(b, anchor) - a, slope: slope, view: view))
                }
            }
            return true
        }
        Self.reverse(&left, from: firstLeft)
        return anchor
    }

    /// Calls `body` with each region of the cost within its bounds, left
    /// to right, until it returns false: from `a` (the lower bound or a
    /// kink) to `b` (the next kink or the upper bound; the region is empty
    /// where `b` is not above `a`), at `slope`. (Inlined, with `body`.)
    @inline(__always)
    func forEachRegion(_ body: (_ a: Double, _ b: Double, _ slope: _Slope) -> Bool) {
        var slope = base
        var start = -Double.infinity
        var index = 0
        while true {
            let end = index < kinks.count ? kinks[index].x : .infinity
            guard body(Swift.max(start, lo), Swift.min(end, hi), slope) else { return }
            guard index < kinks.count else { return }
            slope += kinks[index].delta
            start = end
            index += 1
        }
    }

    /// Reverses `segments[first...]` in place (the left stretches of one
    /// view, nearest first). (Reversing the slice `segments[first...]`
    /// copied the array on every call.)
    @inline(__always)
    static func reverse(_ segments: inout [Segment], from first: Int) {
        var (i, j) = (first, segments.count - 1)
        while i < j {
            segments.swapAt(i, j)
            i += 1
            j -= 1
        }
    }

    /// The stretches on one side of `anchor` (`right`: to its right, else
    /// to its left) appended to `segments`, as `appendStretches(view:
    /// anchor:left:right:)` appends them to that side: the same stretches
    /// from the same slopes, in the same order (the left ones reversed in
    /// place, nearest first). What a share-out reads (`sharedLengths`),
    /// without the other side's, which it does not.
    func appendStretches(view: Int, anchor: Double, right: Bool, into segments: inout [Segment]) {
        let first = segments.count
        forEachRegion { a, b, slope in
            if right {
                if b > a, b > anchor, !_isNegligible(b - Swift.max(a, anchor), anchor) {
                    segments.append(
                        Segment(length: b - Swift.max(a, anchor), slope: slope, view: view))
                }
                return true
            }
            // (No region from here on starts left of the anchor.)
            if a >= anchor { return false }
            if b > a, a < anchor, !_isNegligible(Swift.min(b, anchor) - a, anchor) {
                segments.append(Segment(length: Swift.min(b, anchor) - a, slope: slope, view: view))
            }
            return true
        }
        if !right { Self.reverse(&segments, from: first) }
    }

    /// `convolution(_:offset:)` of `views`' costs in `costs`, then `extra`
    /// (an equal-spacing stack's gaps), written into `stretches`' storage.
    static func convolution(
        of views: [Int], in costs: [_Cost], extra: _Cost? = nil, offset: Double,
        stretches: inout _Stretches
    ) -> _Cost {
        var kinks: [_Kink] = []
        return convolution(
            of: views, in: costs, extra: extra, offset: offset, stretches: &stretches,
            kinks: &kinks)
    }

    /// `convolution(of:in:extra:offset:stretches:)`, its kinks written into
    /// `kinks`' storage (taken).
    static func convolution(
        of views: [Int], in costs: [_Cost], extra: _Cost? = nil, offset: Double,
        stretches: inout _Stretches, kinks: inout [_Kink]
    ) -> _Cost {
        stretches.left.removeAllFromEnd()
        stretches.right.removeAllFromEnd()
        var center = offset
        for view in views {
            center += costs[view].appendStretches(
                view: 0, left: &stretches.left, right: &stretches.right)
        }
        if let extra {
            center += extra.appendStretches(view: 0, left: &stretches.left, right: &stretches.right)
        }
        return laidEndToEnd(
            center: center, left: &stretches.left, right: &stretches.right, kinks: &kinks)
    }

    /// The cost of views laid end to end whose best lengths sum to
    /// `center` (gaps and margins included), from their stretches to the
    /// left and right (in view order; sorted and cut here); its kinks
    /// written into `kinks`' storage (taken; none given: a new array).
    static func laidEndToEnd(
        center: Double, left: inout [Segment], right: inout [Segment], kinks: inout [_Kink]
    ) -> _Cost {
        _sortCheapestFirst(&right, ascending: true)
        _sortCheapestFirst(&left, ascending: false)
        // Each side ends with its first endless stretch.
        _keepUpToEndless(&left, growing: false)
        _keepUpToEndless(&right, growing: true)
        let low = center - left.reduce(0) { $0 + $1.length }
        let high = center + right.reduce(0) { $0 + $1.length }
        var result = _Cost(lo: low, hi: high)
        swap(&result.kinks, &kinks)
        result.kinks.removeAllFromEnd()
        // Left to right: the left stretches outermost first, then the right ones.
        let count = left.count + right.count
        func stretch(_ k: Int) -> Segment {
            k < left.count ? left[left.count - 1 - k] : right[k - left.count]
        }
        guard count > 0 else { return result }
        let first = stretch(0)
        result.base = first.slope
        var position = center + first.length
        if !left.isEmpty {
            var inner = 0.0
            for k in 0..<(left.count - 1) { inner = inner + left[k].length }
            position = center - inner
        }
        result.kinks.reserveCapacity(count - 1 + spareKinks)
        var previous = first
        for k in 1..<count {
            let next = stretch(k)
            let delta = next.slope - previous.slope
            if _sign(delta) != 0 { result.kinks.append(_Kink(x: position, delta: delta)) }
            position += next.length
            previous = next
        }
        return result
    }
}

/// Cuts stretches in order after the first endless one. Stretches after it
/// are never reached, but one whose cost is not modelled might be cheaper
/// than it really is: the endless stretch then carries that flag, with the
/// cheaper of the two lower bounds, so a view that takes length there is
/// refused.
func _keepUpToEndless<Slope: _SlopeLanes>(
    _ segments: inout [_LaneCost<Slope>.Segment], growing: Bool
) {
    guard let end = segments.firstIndex(where: { !$0.length.isFinite }) else { return }
    var bound = _modelled(segments[end].slope)
    var flagged = false
    for segment in segments[(end + 1)...] where segment.slope[0] != 0 {
        flagged = true
        let other = _modelled(segment.slope)
        let order = _compare(other, bound)
        if growing ? order < 0 : order > 0 { bound = other }
    }
    segments.keepFirst(end + 1)
    guard flagged else { return }
    bound[0] = growing ? 1 : -1
    segments[end].slope = bound
}

extension _LanePlan {
    /// The cost of `visible` laid end to end, then `extra`, plus `offset`
    /// (`_Cost.convolution(of:in:extra:offset:stretches:kinks:)` in the
    /// plan's buffers, its kinks in the storage of the last stack cost
    /// replaced).
    mutating func endToEndCost(_ visible: [Int], extra: _Cost? = nil, offset: Double) -> _Cost {
        // (The buffers written in place: a `_Stretches` moved out and back
        // was destroyed through its value witnesses, at every stack.)
        var kinks = takeCombinedStorage()
        return _Cost.convolution(
            of: visible, in: costs, extra: extra, offset: offset, stretches: &stretches,
            kinks: &kinks)
    }
}
