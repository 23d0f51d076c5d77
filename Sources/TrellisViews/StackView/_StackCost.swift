// The cost of a view's length along one axis, as the constraint solver sees
// it: a convex, piecewise-linear function whose slopes are vectors over
// priority levels, compared level by level (the solver's strict priorities).
// The direct stack path decides every length by minimizing these functions,
// which is exactly what the solver does, without a tableau.
//
// Why this is exact. Every constraint a stack tree makes is an equality or
// inequality on one length or on a chain of lengths summing to the stack's
// (canvas connections, spacing, alignment), or an error term |length - c| at
// a priority (hugging, compression, fixed sizes, spanning fit). The optimum
// of such a tree-shaped system decomposes: a stack's cost as a function of
// its own length is the sum (views sharing the length: alignment fill), the
// infimal convolution (views sharing it out: distribution fill), or the
// running minimum (views at most as long: leading, centre, trailing) of its
// views' costs. All three keep functions convex and piecewise linear.
// Where several optima exist (a flat stretch, two views whose next unit
// costs the same), the solver picks one by its pivoting order; the direct
// path reports ambiguity instead (`_StackCostError.ambiguous`).

/// A slope: lane 0 flags a region whose cost is not modelled (its other
/// lanes then hold a lower bound of the true slope); lanes 1... are the
/// priority levels of the tree, highest first. A plan's slopes have as
/// many lanes as the plan was made for (`_SlopeLanes`, `_LanePlan`).
/// The widest slope (a tree of up to 31 levels), and costs of it.
typealias _Slope = SIMD32<Double>
typealias _Kink = _LaneKink<_Slope>
typealias _Cost = _LaneCost<_Slope>

/// Why a length could not be decided exactly.
enum _StackCostError: Error, Equatable {
    /// Several lengths are equally good: the solver would pick one arbitrarily.
    case ambiguous(String)
    /// Required constraints cannot all hold.
    case conflict(String)
    /// The answer depends on costs the direct path does not model.
    case unmodelled(String)
}

/// Zero within the solver's precision, scaled by the magnitude.
@inline(__always)
func _isNegligible(_ value: Double, _ scale: Double = 1) -> Bool {
    abs(value) <= 1e-9 * max(1, abs(scale))
}

/// The sign of a slope compared level by level: the first lane that is not
/// negligible decides. (Lanes read from the slope's bytes, lane `k` at `8
/// × k` in every `_SlopeLanes` type: a lane read by a variable index from
/// the vectors stored them on the stack again at every lane.)
@inline(__always)
func _sign<Slope: _SlopeLanes>(_ slope: Slope) -> Int {
    withUnsafeBytes(of: slope) { bytes in
        for lane in 0..<Slope.scalarCount {
            let value = bytes.load(fromByteOffset: lane &* 8, as: Double.self)
            if value > 1e-9 { return 1 }
            if value < -1e-9 { return -1 }
        }
        return 0
    }
}

/// `_sign(a - b)`.
@inline(__always)
func _compare<Slope: _SlopeLanes>(_ a: Slope, _ b: Slope) -> Int { _sign(a - b) }

/// A slope without its "not modelled" flag (the lower bound it carries).
@inline(__always)
func _modelled<Slope: _SlopeLanes>(_ slope: Slope) -> Slope {
    var slope = slope
    slope[0] = 0
    return slope
}

/// A cost's bounds and its slopes on either side of a length
/// (`_Cost.boundedSlopes(at:)`).
typealias _BoundedSlopesOf<Slope: _SlopeLanes> = (
    lo: Double, hi: Double, left: Slope, right: Slope
)

/// A place where the slope grows by `delta`.
struct _LaneKink<Slope: _SlopeLanes> {
    var x: Double
    var delta: Slope
}

/// A convex, piecewise-linear cost of a length, with required bounds.
struct _LaneCost<Slope: _SlopeLanes> {
    typealias _Slope = Slope
    typealias _Kink = _LaneKink<Slope>
    typealias _Cost = _LaneCost<Slope>
    typealias _BoundedSlopes = _BoundedSlopesOf<Slope>
    typealias _Stretches = _LaneStretches<Slope>

    /// Required bounds: lengths outside them break a required constraint.
    var lo = -Double.infinity
    var hi = Double.infinity
    /// The slope left of every kink.
    var base = _Slope()
    /// Kinks in increasing `x`; every delta is non-negative (convexity).
    var kinks: [_Kink] = []

    /// Room left in a combined cost's kinks (a sum, a running minimum, a
    /// convolution) for the terms its stack then adds, each at one length
    /// (`UISV-spanning-fit`, `UISV-ambiguity-suppression`, `UISV-canvas-fit`),
    /// so that adding them does not move the kinks to a larger array.
    static var spareKinks: Int { 2 }

    /// No cost at all and no bounds: any length is as good (a free view).
    var isFree: Bool { kinks.isEmpty && _sign(base) == 0 && lo == -.infinity && hi == .infinity }

    /// Whether the slopes never fall (what every step here relies on);
    /// checked in debug builds after each view's cost is made.
    func _checkInvariants() -> Bool {
        kinks.allSatisfy { _sign($0.delta) >= 0 }
            && zip(kinks, kinks.dropFirst()).allSatisfy { $0.x <= $1.x }
    }

    // MARK: Terms

    /// `length >= value` at the priority of `lane` (0: required).
    mutating func addAtLeast(_ value: Double, lane: Int, weight: Double = 1) {
        if lane == 0 {
            lo = max(lo, value)
            return
        }
        base[lane] -= weight
        var delta = _Slope()
        delta[lane] = weight
        insert(_Kink(x: value, delta: delta))
    }

    /// `length <= value` at the priority of `lane` (0: required).
    mutating func addAtMost(_ value: Double, lane: Int, weight: Double = 1) {
        if lane == 0 {
            hi = min(hi, value)
            return
        }
        var delta = _Slope()
        delta[lane] = weight
        insert(_Kink(x: value, delta: delta))
    }

    /// `length == value` at the priority of `lane` (0: required).
    mutating func addEqual(_ value: Double, lane: Int) {
        addAtLeast(value, lane: lane)
        addAtMost(value, lane: lane)
    }

    /// A region left of `x` whose cost is not modelled; moving into it
    /// costs at least `bound` per point (a lower bound, for the checks).
    mutating func addUnmodelled(below x: Double, bound: _Slope) {
        var slope = -bound
        slope[0] = -1
        base += slope
        insert(_Kink(x: x, delta: -slope))
    }

    /// `weight × |length − value|` at the priority of `lane` (not 0).
    mutating func addEqual(_ value: Double, lane: Int, weight: Double) {
        base[lane] -= weight
        var delta = _Slope()
        delta[lane] = 2 * weight
        insert(_Kink(x: value, delta: delta))
    }

    private mutating func insert(_ kink: _Kink) {
        var index = kinks.count
        while index > 0, kinks[index - 1].x > kink.x { index -= 1 }
        if index > 0, kinks[index - 1].x == kink.x {
            kinks[index - 1].delta += kink.delta
        } else if index == kinks.count {
            if kinks.capacity == 0 { kinks.reserveCapacity(4) }  // a view's few terms
            kinks.append(kink)
        } else {
            // (Appended, then moved into place: `insert(_:at:)` is generic.)
            kinks.append(kink)
            kinks.withUnsafeMutableBufferPointer { buffer in
                var place = buffer.count - 1
                while place > index {
                    buffer[place] = buffer[place - 1]
                    place -= 1
                }
                buffer[index] = kink
            }
        }
    }

    // MARK: Combining

    /// The cost of two things that share one length.
    static func + (f: _Cost, g: _Cost) -> _Cost {
        if g.isFree { return f }  // no copy for the common first term of a sum
        if f.isFree { return g }
        var sum = _Cost(lo: max(f.lo, g.lo), hi: min(f.hi, g.hi), base: f.base + g.base)
        sum.kinks.reserveCapacity(f.kinks.count + g.kinks.count + Self.spareKinks)
        var i = 0
        var j = 0
        while i < f.kinks.count || j < g.kinks.count {
            if j == g.kinks.count || (i < f.kinks.count && f.kinks[i].x < g.kinks[j].x) {
                sum.kinks.append(f.kinks[i])
                i += 1
            } else if i == f.kinks.count || g.kinks[j].x < f.kinks[i].x {
                sum.kinks.append(g.kinks[j])
                j += 1
            } else {
                sum.kinks.append(_Kink(x: f.kinks[i].x, delta: f.kinks[i].delta + g.kinks[j].delta))
                i += 1
                j += 1
            }
        }
        return sum
    }

    /// `length ↦ self(scale × length + offset)`, for a view whose length is
    /// that function of its stack's (`scale` ≥ 0).
    func composed(scale: Double, offset: Double) -> _Cost {
        if scale == 1, offset == 0 { return self }
        guard scale > 0 else {
            // A constant length: feasible or not, and no slope.
            var constant = _Cost()
            if offset < lo - 1e-9 || offset > hi + 1e-9 {
                constant.lo = .infinity
                constant.hi = -.infinity
            }
            return constant
        }
        var result = _Cost(lo: (lo - offset) / scale, hi: (hi - offset) / scale, base: base * scale)
        result.kinks = kinks.map { _Kink(x: ($0.x - offset) / scale, delta: $0.delta * scale) }
        return result
    }

    /// `length ↦ min over l ≤ length of self(l)`: the cost of a view that
    /// may be shorter than its stack (leading, centre, trailing alignment);
    /// with `offset`, that cost `.composed(scale: 1, offset: offset)`, made
    /// in one array: the same numbers (`(x − offset) / 1` is `x − offset`
    /// and `delta × 1` is `delta`, to the bit; an offset of 0 or −0 leaves
    /// the cost as it is, as `composed` does).
    func runningMinimum(shiftedBy offset: Double = 0) -> _Cost {
        var result = _Cost()
        runningMinimum(shiftedBy: offset, into: &result)
        return result
    }

    // MARK: Minimizing

    /// The interval of minimizers, ignoring the bounds (ends may be infinite).
    func minimizers() -> (Double, Double) {
        var slope = base
        var previous = -Double.infinity
        var index = 0
        while true {
            let sign = _sign(slope)
            if sign > 0 { return (previous, previous) }
            if sign == 0 {
                // Flat from `previous` until the slope next turns positive.
                while index < kinks.count {
                    slope += kinks[index].delta
                    if _sign(slope) > 0 { return (previous, kinks[index].x) }
                    index += 1
                }
                return (previous, .infinity)
            }
            guard index < kinks.count else { return (.infinity, .infinity) }
            slope += kinks[index].delta
            previous = kinks[index].x
            index += 1
        }
    }

    /// The bounds, and the slopes just left and just right of `x`
    /// (what `checkNoTrade` reads of a view).
    @inline(__always)
    func boundedSlopes(at x: Double) -> _BoundedSlopes {
        let (left, right) = slopes(at: x)
        return (lo, hi, left, right)
    }

    /// The slopes just left and just right of `x`.
    func slopes(at x: Double) -> (left: _Slope, right: _Slope) {
        var left = base
        var index = 0
        while index < kinks.count, kinks[index].x < x, !_isNegligible(kinks[index].x - x, x) {
            left += kinks[index].delta
            index += 1
        }
        var right = left
        while index < kinks.count, _isNegligible(kinks[index].x - x, x) {
            right += kinks[index].delta
            index += 1
        }
        return (left, right)
    }

    /// The best length within the bounds, when it is the only one.
    /// - Throws: `conflict` when the bounds cross, `ambiguous` when a
    ///   stretch of lengths is equally good, `unmodelled` when the answer
    ///   leans on a region whose cost is not modelled.
    func argmin(_ what: @autoclosure () -> String) throws(_StackCostError) -> Double {
        guard lo <= hi + 1e-9 * max(1, abs(hi)) else {
            throw .conflict("\(what()): required lengths \(lo) > \(hi)")
        }
        let (first, last) = boundedMinimizers()
        guard first.isFinite, _isNegligible(last - first, first) else {
            throw .ambiguous("\(what()): any length from \(first) to \(last) is as good")
        }
        try checkModelled(at: first, what())
        return first
    }

    /// `argmin` of the cost with `addEqual(value, lane: lane)` (`lane` not
    /// 0) added, the cost then put back as it was, to the bit (the lane of
    /// the base and the kink the term changed written back, or the kink it
    /// made removed): the fitting size's term on the root's cost, without a
    /// copy of the cost, whose kinks a copy then made again.
    mutating func argmin(
        adding value: Double, lane: Int, _ what: @autoclosure () -> String
    ) throws(_StackCostError) -> Double {
        assert(lane > 0)
        // (Where `insert` puts the term's kink: after every kink at or
        // before `value`, into the last one when it is at `value`.)
        var place = kinks.count
        while place > 0, kinks[place - 1].x > value { place -= 1 }
        let merges = place > 0 && kinks[place - 1].x == value
        let (count, savedBase) = (kinks.count, base[lane])
        let savedDelta = merges ? kinks[place - 1].delta : _Slope()
        addEqual(value, lane: lane)
        defer {
            base[lane] = savedBase
            if merges {
                kinks[place - 1].delta = savedDelta
            } else {
                // (One kink, or two at a value that is not a number.)
                kinks.removeSubrange(place..<(place + kinks.count - count))
            }
        }
        return try argmin(what())
    }

    /// The interval of minimizers within the bounds (the nearer bound when
    /// they lie outside them; ends may be infinite).
    func boundedMinimizers() -> (first: Double, last: Double) {
        let (first, last) = minimizers()
        if first > hi { return (hi, hi) }
        if last < lo { return (lo, lo) }
        return (Swift.max(first, lo), Swift.min(last, hi))
    }

    /// Throws when the leftmost best length (where `anchored` and
    /// `runningMinimum` start from) is best only thanks to a region whose
    /// cost is not modelled.
    func checkMinimumModelled(_ what: @autoclosure () -> String) throws(_StackCostError) {
        guard mayBeUnmodelled else { return }  // (`checkModelled` would return)
        let (first, last) = boundedMinimizers()
        let point = first.isFinite ? first : last
        guard point.isFinite else { return }
        try checkModelled(at: point, what())
    }

    /// Whether some slope may flag a region not modelled: lane 0 of every
    /// slope is a sum of `base[0]` and kinks' `delta[0]`, so where all of
    /// them are 0 (most costs) every slope's is too, and `checkModelled`
    /// returns at once. Found without summing the slopes (16 lanes a kink).
    var mayBeUnmodelled: Bool {
        if base[0] != 0 { return true }
        for k in kinks.indices where kinks[k].delta[0] != 0 { return true }
        return false
    }

    /// Throws when `x` is optimal only thanks to a region whose cost is not
    /// modelled: with that region's lower bound instead, `x` must still be
    /// optimal.
    func checkModelled(at x: Double, _ what: @autoclosure () -> String) throws(_StackCostError) {
        guard mayBeUnmodelled else { return }
        let (left, right) = slopes(at: x)
        guard left[0] != 0 || right[0] != 0 else { return }
        let atLow = _isNegligible(x - lo, x)
        let atHigh = _isNegligible(x - hi, x)
        if !atLow, _sign(_modelled(left)) > 0 || (left[0] != 0 && _sign(_modelled(left)) == 0) {
            throw .unmodelled("\(what()): a shorter length could be better")
        }
        if !atHigh, _sign(_modelled(right)) < 0 || (right[0] != 0 && _sign(_modelled(right)) == 0) {
            throw .unmodelled("\(what()): a longer length could be better")
        }
    }

    // MARK: Sharing a length out

    /// A stretch of one view's cost: `length` points at `slope`.
    struct Segment {
        var length: Double
        var slope: _Slope
        var view: Int
    }

    /// The length `anchored(view:)` sees the cost from: its leftmost
    /// minimizer (the right end of a flat stretch that reaches -∞, 0 for a
    /// free view), within the bounds.
    var anchor: Double {
        let (first, last) = boundedMinimizers()
        if first.isFinite { return first }
        if last.isFinite { return last }
        return Swift.min(Swift.max(0, lo), hi)
    }

    /// The cost seen from its leftmost minimizer (the right end of a flat
    /// stretch that reaches -∞, 0 for a free view): the stretches to the
    /// right, then to the left, each in order of distance.
    func anchored(view: Int) -> (anchor: Double, left: [Segment], right: [Segment]) {
        // (Room for every stretch up front: grown one append at a time,
        // these arrays were a sixth of a template row's allocations.)
        var left: [Segment] = []
        var right: [Segment] = []
        left.reserveCapacity(kinks.count + 1)
        right.reserveCapacity(kinks.count + 1)
        let anchor = appendStretches(view: view, left: &left, right: &right)
        return (anchor, left, right)
    }

    /// The cost of views laid end to end (distribution fill): the infimal
    /// convolution of their costs, plus `offset` (gaps, margins).
    static func convolution(
        _ parts: [(anchor: Double, left: [Segment], right: [Segment])], offset: Double
    )
        -> _Cost
    {
        var center = offset
        var right: [Segment] = []
        var left: [Segment] = []
        right.reserveCapacity(parts.reduce(0) { $0 + $1.right.count })
        left.reserveCapacity(parts.reduce(0) { $0 + $1.left.count })
        for part in parts {
            center += part.anchor
            right += part.right
            left += part.left
        }
        var kinks: [_Kink] = []
        return laidEndToEnd(center: center, left: &left, right: &right, kinks: &kinks)
    }

    /// How views laid end to end share `total` (their anchors summing to
    /// `center`): each view's change from its anchor, the cheapest
    /// stretches taken first.
    /// - Throws: `conflict` when the total is out of reach, `ambiguous`
    ///   when two views could trade length at no cost, `unmodelled` when a
    ///   view would move into a region whose cost is not modelled, or one
    ///   not modelled might be cheaper than a stretch taken.
    static func distribute(
        _ parts: [(anchor: Double, left: [Segment], right: [Segment])], costs: [_Cost],
        total: Double,
        center: Double, _ what: @autoclosure () -> String
    ) throws(_StackCostError) -> [Double] {
        var segments: [Segment] = []
        if !_isNegligible(total - center, total) {
            let growing = total - center >= 0
            segments.reserveCapacity(
                parts.reduce(0) { $0 + (growing ? $1.right.count : $1.left.count) })
            for part in parts { segments += growing ? part.right : part.left }
        }
        return try distribute(
            segments: &segments, count: parts.count, total: total, center: center,
            anchor: { parts[$0].anchor }, slopes: { costs[$0].boundedSlopes(at: $1) }, what())
    }

    /// `distribute(_:costs:total:center:_:)` of `count` views whose
    /// stretches on the side the total moves them to (right when it is
    /// above `center`, else left; nothing when it is within the solver's
    /// precision of it) are `segments`, in view order, as `anchored(view:)`
    /// gives each (sorted here, in place), and whose anchors and costs are
    /// `anchor(k)` and, at a length, its cost's bounds and slopes there
    /// (`slopes(k, length)`, `_Cost.boundedSlopes(at:)`).
    static func distribute(
        segments: inout [Segment], count: Int, total: Double, center: Double,
        anchor: (Int) -> Double, slopes: (Int, Double) -> _BoundedSlopes,
        _ what: @autoclosure () -> String
    ) throws(_StackCostError) -> [Double] {
        var changes: [Double] = []
        try distribute(
            segments: &segments, count: count, total: total, center: center, anchor: anchor,
            slopes: slopes, changes: &changes, what())
        return changes
    }

    /// `distribute(segments:count:total:center:anchor:slopes:_:)`, its
    /// changes written into `changes` (emptied first; its storage reused:
    /// a new array for each share-out was an allocation, a few hundred
    /// instructions with its storage type's lookup). Inlined: its callers'
    /// closures called in place, not through thunks.
    @inline(__always)
    static func distribute(
        segments: inout [Segment], count: Int, total: Double, center: Double,
        anchor: (Int) -> Double, slopes: (Int, Double) -> _BoundedSlopes,
        changes: inout [Double], _ what: @autoclosure () -> String
    ) throws(_StackCostError) {
        changes.removeAllFromEnd()
        changes.append(0, times: count)
        var remaining = total - center
        let growing = remaining >= 0
        if !_isNegligible(remaining, total) {
            _sortCheapestFirst(&segments, ascending: growing)
            let anyUnmodelled = segments.contains { $0.slope[0] != 0 }
            remaining = abs(remaining)
            for segment in segments {
                if _isNegligible(remaining, total) { break }
                if segment.slope[0] != 0 {
                    throw .unmodelled(
                        "\(what()): a view would take length in a region not modelled")
                }
                for other in segments where anyUnmodelled && other.slope[0] != 0 {
                    let order = _compare(_modelled(other.slope), segment.slope)
                    if growing ? order <= 0 : order >= 0 {
                        throw .unmodelled("\(what()): a region not modelled might be cheaper")
                    }
                }
                let step = Swift.min(remaining, segment.length)
                changes[segment.view] += growing ? step : -step
                remaining -= step
            }
            if !_isNegligible(remaining, total) {
                throw .conflict("\(what()): \(total) is out of the views' required lengths")
            }
        }
        try checkNoTrade(
            count: count, length: { anchor($0) + changes[$0] }, slopes: slopes, what())
    }

    /// Throws `ambiguous` when two of the views laid end to end (view `k`
    /// at `length(k)`, its cost's bounds and slopes there `slopes(k,
    /// length(k))`) could trade length at no cost: the layout is optimal
    /// when no view can grow for less than another saves by shrinking, and
    /// a tie there is one the solver breaks arbitrarily. (Without arrays:
    /// the cheapest growth and the dearest saving are kept with the first
    /// view of each and how many share it. The callers read each cost in
    /// place: a closure giving the whole `_Cost` copied it, 152 bytes and
    /// a retain of its kinks, for every view.)
    @inline(__always)
    static func checkNoTrade(
        count: Int, length: (Int) -> Double, slopes: (Int, Double) -> _BoundedSlopes,
        _ what: @autoclosure () -> String
    ) throws(_StackCostError) {
        // (Plain variables, not optional tuples: a tuple of a slope was
        // copied through `memcpy` at every assignment.)
        var growth = _Slope()
        var growthFirst = 0
        var growthCount = 0  // 0: no view can grow
        var saving = _Slope()
        var savingFirst = 0
        var savingCount = 0  // 0: no view can shrink
        for view in 0..<count {
            let length = length(view)
            let (lo, hi, left, right) = slopes(view, length)
            if length < hi - 1e-9 * max(1, abs(length)) {
                let order = growthCount > 0 ? _compare(right, growth) : -1
                if order < 0 {
                    (growth, growthFirst, growthCount) = (right, view, 1)
                } else if order == 0 {
                    growthCount += 1
                }
            }
            if length > lo + 1e-9 * max(1, abs(length)) {
                let order = savingCount > 0 ? _compare(left, saving) : 1
                if order > 0 {
                    (saving, savingFirst, savingCount) = (left, view, 1)
                } else if order == 0 {
                    savingCount += 1
                }
            }
        }
        if growthCount > 0, savingCount > 0, _compare(growth, saving) <= 0 {
            // Some view that grows and another that saves: all but one
            // view growing and the same one saving.
            let pairs = growthCount > 1 || savingCount > 1 || growthFirst != savingFirst
            if pairs { throw .ambiguous("\(what()): two views could trade length at no cost") }
        }
    }
}

/// Sorts stretches by slope (ascending for growth, descending for
/// shrinking), keeping view order among equals (in the buffer,
/// `_sortCheapestFirst(_:ascending:)` of _StackCost+ShareOut.swift: each
/// write to the array asked whether its storage was shared).
func _sortCheapestFirst<Slope: _SlopeLanes>(
    _ segments: inout [_LaneCost<Slope>.Segment], ascending: Bool
) {
    guard segments.count > 1 else { return }
    segments.withUnsafeMutableBufferPointer { _sortCheapestFirst($0, ascending: ascending) }
}
