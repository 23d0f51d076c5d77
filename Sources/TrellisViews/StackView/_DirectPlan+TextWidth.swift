// The direct path's cost of a horizontal stack whose multi-line labels
// share its width (`UISV-text-width-disambiguation`), when that width is
// itself decided by the layout (a row in a leading-aligned column, beside
// other views in a row): the share moves with the stack's width, so the
// stack's cost is no plain sum of its views'.

extension _LanePlan {
    /// The cost of the width `W` of a horizontal, filling stack whose
    /// visible multi-line labels are each pulled, at 760, towards an equal
    /// share of the canvas less the spacing, `t(W) = (W − margins) / n −
    /// spacing × (n − 1) / n` for `n` visible views (a hidden one, 0 wide,
    /// pulls `t(W)` towards 0), as UIKit's `UISV-text-width-disambiguation`.
    /// UIKit's `UIStackView.Distribution.fill`: "When the arranged views do
    /// not fit within the stack view, it shrinks the views according to
    /// their compression resistance priority. If the arranged views do not
    /// fill the stack view, it stretches the views according to their
    /// hugging priority. If there is any ambiguity, the stack view resizes
    /// the arranged views based on their index in the arrangedSubviews
    /// array." For labels of several lines, whose width no intrinsic size
    /// decides, UIKit adds the equal-share constraint (recorded by
    /// TZStackView's and kean/Arranged's constraint dumps of a live
    /// `UIStackView`).
    ///
    /// `C(W)` is the least cost of the views' widths `l` with `Σ l = W −
    /// margins − gaps`, each view at its own cost and each label also
    /// `760 × |l − t(W)|`: a parametric linear programme in `W`, convex and
    /// piecewise linear. Its kinks lie where n pins hold (n conditions on
    /// n widths and `W`, with the sum): each view at a kink or bound of its
    /// own cost or, a label, at `t(W)` — every view pinned once, or a label
    /// pinned both ways, which fixes `W` alone; between them it is linear. So it is
    /// found exactly by evaluating the least cost (a sum of separable
    /// costs, `t` fixed) at every such `W` and joining the values.
    /// - Throws: `unmodelled` when a view takes width in a region whose cost
    ///   is not modelled, the candidate kinks are too many (more than 4,096
    ///   pinnings) or too close to read slopes between them.
    /// - Complexity: O(pinnings × views × kinks): the product over views of
    ///   their kinks; a row of two or three views has a few dozen.
    ///
    /// A stack whose width is its parent's canvas up to the root
    /// (`widthFromCanvas`: the root, or a row in filling columns) has only
    /// its bounds made (`sharedTextBounds`): what reads its cost reads
    /// those alone (the width check, a filling column's cost across), and
    /// its arrangement shares the width it gets with each label's pull at
    /// that width (`arrangeAlong`). Its slopes took about 440,000
    /// instructions a first solve of an equal-spacing row with a label of
    /// two lines under a column.
    /// (`skippingRootCosts` false: the whole cost always.)
    mutating func textSharingCost(
        _ index: Int, _ visible: [Int], hiddenLabels: Int, gaps gapPart: _Cost?
    ) throws(_StackCostError) -> _Cost {
        if skippingRootCosts, nodes[index].widthFromCanvas {
            textCostsBounded &+= 1
            let (lo, hi) = sharedTextBounds(index, visible, gaps: gapPart)
            return _Cost(lo: lo, hi: hi)
        }
        let stack = nodes[index].stack!
        let (start, end) = margins(index, .horizontal)
        let gaps = gaps(index, visible)
        let fixed = start + end + gaps.reduce(0, +)
        let n = Double(visible.count)
        // t(W) = W / n + shift.
        let shift = -(start + end) / n - stack.spacing * (n - 1) / n
        let textLane = lane(StackView.textWidthPriority.rawValue)
        func what() -> String { "node\(index)'s shared text width" }

        // The pinnings: each view at a kink or bound of its cost, or a label at t(W).
        var candidates: [Double] = []
        var pinnings = 0
        var lowest = fixed
        var highest = fixed
        // The views' costs, whether each is a multi-line label, and the
        // equal gaps' part (equal spacing) as one more view.
        var parts = visible.map { (cost: costs[$0], isLabel: nodes[$0].isMultiLine) }
        if let gapPart { parts.append((gapPart, false)) }
        var options: [[Double]] = []
        for (cost, _) in parts {
            lowest += cost.lo
            highest += cost.hi
            var xs = cost.kinks.map(\.x)
            if cost.lo.isFinite { xs.append(cost.lo) }
            if cost.hi.isFinite { xs.append(cost.hi) }
            options.append(xs)
        }
        func pin(_ k: Int, sum: Double, atShare: Int) throws(_StackCostError) {
            if k == parts.count {
                pinnings += 1
                let rate = 1 - Double(atShare) / n
                guard rate > 1e-12 else { return }
                candidates.append((sum + Double(atShare) * shift + fixed) / rate)
                return
            }
            guard pinnings <= 4096 else {
                throw .unmodelled("\(what()): too many ways to pin its views")
            }
            for x in options[k] { try pin(k + 1, sum: sum + x, atShare: atShare) }
            if parts[k].isLabel { try pin(k + 1, sum: sum, atShare: atShare + 1) }
        }
        try pin(0, sum: 0, atShare: 0)
        // A label pinned twice (at a kink of its own and at t(W)) fixes W
        // by itself; another view is then pinned nowhere.
        for k in parts.indices where parts[k].isLabel {
            for x in options[k] { candidates.append((x - shift) * n) }
        }
        // A hidden multi-line label is 0 wide (`UISV-hiding`): its share's
        // pull is |t(W)|, a kink where t(W) = 0.
        if hiddenLabels > 0 { candidates.append(-shift * n) }
        if lowest.isFinite { candidates.append(lowest) }
        if highest.isFinite { candidates.append(highest) }
        candidates = candidates.filter {
            $0.isFinite && $0 >= lowest - 1e-9 * max(1, abs(lowest))
                && $0 <= highest + 1e-9 * max(1, abs(highest))
        }
        candidates.sort()
        var points: [Double] = []
        for x in candidates where points.last.map({ !_isNegligible(x - $0, x) }) ?? true {
            points.append(x)
        }
        if points.isEmpty { points = [lowest.isFinite ? lowest : (highest.isFinite ? highest : 0)] }
        if !lowest.isFinite { points.insert(points[0] - max(1, abs(points[0])), at: 0) }
        if !highest.isFinite { points.append(points[points.count - 1] + max(1, abs(points[0]))) }
        if points.count == 1 { return _Cost(lo: lowest, hi: highest) }

        var values: [_Slope] = []
        values.reserveCapacity(points.count)
        for w in points {
            var value = try leastSharedCost(
                parts, total: w - fixed, share: w / n + shift, lane: textLane, what())
            if hiddenLabels > 0 {
                value[textLane] += Double(hiddenLabels) * abs(w / n + shift)
            }
            values.append(value)
        }
        var slopes: [_Slope] = []
        for k in 0..<(points.count - 1) {
            let run = points[k + 1] - points[k]
            guard run > 1e-6 * max(1, abs(points[k])) else {
                throw .unmodelled("\(what()): kinks too close to read its slopes")
            }
            var slope = (values[k + 1] - values[k]) / run
            for lane in 0..<_Slope.scalarCount where abs(slope[lane]) < 1e-9 { slope[lane] = 0 }
            slopes.append(slope)
        }
        var cost = _Cost(lo: lowest, hi: highest, base: slopes[0])
        for k in 1..<slopes.count {
            let delta = slopes[k] - slopes[k - 1]
            let sign = _sign(delta)
            guard sign >= 0 else {
                throw .unmodelled("\(what()): its slopes read from values do not rise")
            }
            if sign > 0 { cost.kinks.append(_Kink(x: points[k], delta: delta)) }
        }
        return cost
    }

    /// The least cost, lane by lane (up to a constant per view), of
    /// `visible` laid end to end over `total`, each multi-line label also
    /// `|l − share|` in `lane`: every view from its best width, the
    /// cheapest stretches taken first (as `_Cost.distribute`), adding up
    /// what they cost.
    func leastSharedCost(
        _ parts: [(cost: _Cost, isLabel: Bool)], total: Double, share: Double,
        lane textLane: Int, _ what: @autoclosure () -> String
    ) throws(_StackCostError) -> _Slope {
        var value = _Slope()
        var center = 0.0
        var segments: [_Cost.Segment] = []
        var shrinking: [_Cost.Segment] = []
        for (k, (own, isLabel)) in parts.enumerated() {
            var cost = own
            if isLabel { cost.addEqual(share, lane: textLane) }
            let part = cost.anchored(view: k)
            center += part.anchor
            // (The view's own cost up to its constant, which stays from
            // one W to the next; the share's pull in full.)
            value += own.value(at: part.anchor)
            if isLabel { value[textLane] += abs(part.anchor - share) }
            segments += part.right
            shrinking += part.left
        }
        var remaining = total - center
        let growing = remaining >= 0
        if !growing { segments = shrinking }
        _sortCheapestFirst(&segments, ascending: growing)
        remaining = abs(remaining)
        for segment in segments {
            if _isNegligible(remaining, total) { break }
            if segment.slope[0] != 0 {
                throw .unmodelled("\(what()): a view would take width in a region not modelled")
            }
            let step = min(remaining, segment.length)
            value += segment.slope * (growing ? step : -step)
            remaining -= step
        }
        guard _isNegligible(remaining, total) else {
            throw .conflict("\(what()): \(total) is out of the views' required widths")
        }
        return value
    }
}

extension _LaneCost {
    /// The cost at `x`, up to a constant: the integral of the slopes from
    /// the first kink (left of it, the base slope's line).
    func value(at x: Double) -> _Slope {
        var value = base * x
        for kink in kinks where kink.x < x { value += kink.delta * (x - kink.x) }
        return value
    }
}
