// Regions of a cost that are not modelled, read and marked: where a
// length holds above a priority, and the mark that replaces a cost's slopes
// where its sums charged the wrong views (see _StackCost.swift's
// `addUnmodelled(below:bound:)` and `checkModelled`).

extension _LaneCost {
    /// The highest priority's lane at which `slope`, a length's slope on
    /// its left, gives way (a part below 0), or the lane count if none.
    static func highestGiving(_ slope: _Slope) -> Int {
        (1..<_Slope.scalarCount).first { slope[$0] < -1e-9 } ?? _Slope.scalarCount
    }

    /// Not modelled below the longest length, not above its best, where
    /// the cost charges for shrinking at a priority above `given`'s lane:
    /// the slopes left of it replaced by the mark, at least 1e-6 a point
    /// at `given` (the bound `checkModelled` then weighs) less what
    /// shrinking gains there, which the mark keeps. Nothing where `given`
    /// is no lane. Without `giving`, priorities alone are compared. With
    /// `giving` (the slope of what gives way at `given`), also where the
    /// cost charges at `given` itself more than twice that slope (ranks
    /// alone make weights at one priority differ by less): a view pushed
    /// below 0 there weighs its floor too (`_TieBreak.floorWeight`), so
    /// the sum of a row on first baselines charged an empty label below
    /// the line 1,025 a point at 750 where the button setting the line
    /// gives way for 1 (rows differential seed 3840841944).
    mutating func markUnmodelled(belowCharging given: Int, beyond giving: _Slope? = nil) {
        guard given < _Slope.scalarCount else { return }
        // (Left of the best length: shrinking from there.)
        let (_, best) = boundedMinimizers()
        guard
            let reach = kinks.last(where: { kink in
                guard kink.x <= best else { return false }
                let left = _modelled(slopes(at: kink.x).left)
                let charged = Self.highestGiving(left)
                if charged < given { return true }
                guard let giving, charged == given else { return false }
                return left[given] < giving[given] * 2
            })?.x
        else { return }
        let (left, right) = slopes(at: reach)
        // What shrinking gains there (a part above 0: a label hugging the
        // width it shares) holds whatever gives way: kept, so that a pull
        // to shrink is weighed against the mark (an equal-centring row at
        // its shortest canvas beside an empty label hugging half the row's
        // width at 250: rows differential seed 3840266246).
        var below = _Slope()
        for lane in 1..<_Slope.scalarCount where left[lane] > 0 { below[lane] = left[lane] }
        // (Below the slope on the right in the flag's lane too, which a
        // region not modelled there already flags: the cost stays convex.)
        below[0] = Swift.min(-1, right[0] - 1)
        below[given] -= 1e-6
        base = below
        removeKinks(atOrBelow: reach)
        kinks.insert(_Kink(x: reach, delta: right - below), at: 0)
    }

    /// Its required lower bound replaced by a region not modelled below
    /// it, moving into which costs at least `bound` a point (the bound
    /// `checkModelled` weighs), the slopes right of it as they were: for a
    /// length that a required constraint holds only through views that
    /// give way elsewhere (`addCheaperTop`, `addCheaperLine`: a baseline
    /// row's line rises as its views shrink). Nothing without such a
    /// bound.
    mutating func markUnmodelled(belowRequired bound: _Slope) {
        guard lo.isFinite else { return }
        let x = lo
        let right = slopes(at: x).right
        var below = -bound
        // (Below the slope on the right in the flag's lane: convex.)
        below[0] = Swift.min(-1, right[0] - 1)
        removeKinks(atOrBelow: x)
        base = below
        lo = -.infinity
        kinks.insert(_Kink(x: x, delta: right - below), at: 0)
    }

    /// Drops the kinks at or below `x`, with those a negligible distance
    /// above it, which `slopes(at: x).right` counts as at `x`: a mark made
    /// there from that slope must not count them twice (a proportional
    /// column's required bound at 98 beside a label's kink at
    /// 98.00000000000001 made the stack's cost grow between 98 and the
    /// last label's compression resistance, and the direct path laid the
    /// cell out 74 points too short: rows differential seed 3840821368).
    private mutating func removeKinks(atOrBelow x: Double) {
        kinks.removeAll { $0.x <= x || _isNegligible($0.x - x, x) }
    }

    /// Its required upper bound replaced by a region not modelled above
    /// it, moving into which costs at least `bound` a point, the slopes
    /// left of it as they were: `markUnmodelled(belowRequired:)` of the
    /// cost reflected. Nothing without such a bound.
    mutating func markUnmodelled(aboveRequired bound: _Slope) {
        guard hi.isFinite else { return }
        var mirrored = reflected()
        mirrored.markUnmodelled(belowRequired: bound)
        self = mirrored.reflected()
    }

    /// Both marks for a length the cost holds where views elsewhere give
    /// way for less, `slope` their slopes on the left together: not
    /// modelled below its required bound (`belowRequired`) and where it
    /// charges above the highest priority they give way at
    /// (`belowCharging`). Nothing where they do not give way.
    mutating func markUnmodelled(givingAt slope: _Slope) {
        let giving = Self.highestGiving(slope)
        guard giving < _Slope.scalarCount else { return }
        markUnmodelled(belowRequired: -slope)
        markUnmodelled(belowCharging: giving, beyond: slope)
    }

    /// The slope of the nearest region not modelled at or below `x` (on
    /// the left of `x` or of a kink below it), or nil where there is none.
    func unmodelledSlope(atOrBelow x: Double) -> _Slope? {
        var slope = base
        var found: _Slope? = nil
        for kink in kinks {
            if kink.x > x { break }
            if slope[0] != 0 { found = slope }
            slope += kink.delta
        }
        // (The slope on the left of `x` itself, where no kink is at `x`.)
        if slope[0] != 0, kinks.last(where: { $0.x <= x })?.x != x { found = slope }
        return found
    }

    /// The length below which the length holds at a priority above
    /// `lane`'s (lanes 1 to `lane` − 1): its required lower bound, or the
    /// last kink whose slope on the left has a part there (-∞ where none).
    func heldBelow(lane: Int) -> Double {
        var low = lo
        for kink in kinks where kink.x > low {
            let left = slopes(at: kink.x).left
            if (1..<lane).contains(where: { left[$0] < -1e-9 }) { low = kink.x }
        }
        return low
    }
}
