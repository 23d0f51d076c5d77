// Views laid end to end (distribution fill) without an array per view: each
// view's stretches are written straight into two buffers the plan keeps
// from one row to the next (`_Stretches`), sorted and cut there in place,
// and the result's kinks read from them. The same operations on the same
// numbers in the same order as `_Cost.convolution(_:offset:)` over
// `anchored(view:)` parts, so the same cost to the bit; a new row of a
// template whose heights are not replayed makes its root's cost this way.

/// The stretches of views laid end to end, kept by a plan so that making
/// a stack's cost allocates nothing but the cost's own kinks. (Buffers:
/// `convolution(of:in:extra:offset:stretches:kinks:)` grows them and
/// writes the first elements; what lies past those is left over.)
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
    /// `kinks`' storage (taken). The stretches are written into
    /// `stretches`' buffers through their pointers, grown to room for every
    /// region of every cost and never emptied (`_StackCost+EndToEnd.swift`).
    static func convolution(
        of views: [Int], in costs: [_Cost], extra: _Cost? = nil, offset: Double,
        stretches: inout _Stretches, kinks: inout [_Kink]
    ) -> _Cost {
        var needed = extra.map { $0.kinks.count + 1 } ?? 0
        costs.withUnsafeBufferPointer { costs in
            for view in views { needed += costs[view].kinks.count + 1 }
        }
        let blank = Segment(length: 0, slope: _Slope(), view: 0)
        if stretches.left.count < needed {
            stretches.left.append(blank, times: needed - stretches.left.count)
        }
        if stretches.right.count < needed {
            stretches.right.append(blank, times: needed - stretches.right.count)
        }
        var center = offset
        var counts = (left: 0, right: 0)
        var kept = (left: 0, right: 0)
        return costs.withUnsafeBufferPointer { costs in
            stretches.left.withUnsafeMutableBufferPointer { left in
                stretches.right.withUnsafeMutableBufferPointer { right in
                    for view in views {
                        center += costs[view].writeStretches(
                            view: 0, left: left.baseAddress!, leftCount: &counts.left,
                            right: right.baseAddress!, rightCount: &counts.right)
                    }
                    if let extra {
                        center += extra.writeStretches(
                            view: 0, left: left.baseAddress!, leftCount: &counts.left,
                            right: right.baseAddress!, rightCount: &counts.right)
                    }
                    return laidEndToEnd(
                        center: center,
                        left: UnsafeMutableBufferPointer(rebasing: left[0..<counts.left]),
                        right: UnsafeMutableBufferPointer(rebasing: right[0..<counts.right]),
                        kinks: &kinks, kept: &kept)
                }
            }
        }
    }

    /// The cost of views laid end to end whose best lengths sum to
    /// `center` (gaps and margins included), from their stretches to the
    /// left and right (in view order; sorted and cut here); its kinks
    /// written into `kinks`' storage (taken; none given: a new array).
    /// (`laidEndToEnd(center:left:right:kinks:kept:)` on the arrays'
    /// buffers, then cut as it cut them.)
    static func laidEndToEnd(
        center: Double, left: inout [Segment], right: inout [Segment], kinks: inout [_Kink]
    ) -> _Cost {
        var kept = (left: 0, right: 0)
        let result = left.withUnsafeMutableBufferPointer { left in
            right.withUnsafeMutableBufferPointer { right in
                laidEndToEnd(center: center, left: left, right: right, kinks: &kinks, kept: &kept)
            }
        }
        left.keepFirst(kept.left)
        right.keepFirst(kept.right)
        return result
    }
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
