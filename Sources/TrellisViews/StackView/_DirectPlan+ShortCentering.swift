// The direct path's equal centring in a stack too short for its views'
// centres to be equally far apart: which of UIKit's spacer constraints give
// way, in closed form.

extension _LanePlan {
    /// The distances between neighbouring centres of an equal-centering
    /// stack's visible views (`lengths` along the axis, `gaps` the minimum
    /// spacing after each but the last) on a canvas `canvas` long.
    ///
    /// UIKit's `UIStackView.Distribution.equalCentering`: "A layout where
    /// the stack view attempts to maintain an equal distance between the
    /// centers of the arranged views, while maintaining the spacing
    /// property's distance between views. If the arranged views do not fit
    /// within the stack view, it shrinks the spacing until it reaches the
    /// minimum spacing defined by its spacing property." Its constraints (as
    /// TZStackView's and kean/Arranged's dumps of a live `UIStackView`
    /// record them, `StackView._distributionConstraints`): the views end to
    /// end from the canvas's start to its end, each gap at least its
    /// minimum (`UISV-spacing`, required), a spacer from each centre to the
    /// next (`UISV-distributing-edge`), and each spacer but the first as
    /// long as the first (`UISV-fill-equally`) at 150 − the arranged index
    /// of the view before it: the later spacers give way first.
    ///
    /// With distances `d₀ … dₘ₋₁` (`dₖ ≥ mₖ = gapₖ + (lₖ + lₖ₊₁) / 2`,
    /// summing to `S = canvas − l₀ / 2 − lₘ / 2`), the solver's strict
    /// priorities make `d₁ = d₀`, then `d₂ = d₀`, … hold while they can.
    /// The first `J` spacers can share one distance `x` exactly when
    /// `x = (S − Σₖ₍>ⱼ₎ mₖ) / J ≥ max₍ₖ<ⱼ₎ mₖ` (the later ones at their
    /// minimum: any more length there takes from `x`); this holds for
    /// fewer spacers whenever it holds for more. At the first spacer `J`
    /// it fails for, the least error `|d_J − x|` leaves every later spacer
    /// at its minimum and is unique: with `m_J` at least `M = max₍ₖ<ⱼ₎ mₖ`,
    /// `d_J = m_J` and the others share the rest; else the others are `M`
    /// and `d_J` takes the rest. Every lower priority then has no choice
    /// left. The views keep their lengths: each is held against shrinking
    /// above 150 (else this throws `unmodelled`), and growing one only
    /// shortens the room the spacers share.
    ///
    /// Nil when the canvas is shorter than the views and their minimum
    /// gaps: the views are then compressed (`squeezedCenteredLengths`).
    /// - Throws: `unmodelled` when a view's length gives way below the
    ///   spacers' priorities.
    func centeredDistances(
        _ visible: [Int], _ lengths: [Double], _ gaps: [Double], canvas: Double,
        _ what: @autoclosure () -> String
    ) throws(_StackCostError) -> [Double]? {
        let count = gaps.count
        let minimums = gaps.indices.map { gaps[$0] + (lengths[$0] + lengths[$0 + 1]) / 2 }
        let room = canvas - lengths[0] / 2 - lengths[lengths.count - 1] / 2
        let widest = minimums.max() ?? 0
        let even = room / Double(count)
        if even >= widest - 1e-9 * max(1, abs(widest)) {
            return Array(repeating: even, count: count)
        }
        let least = minimums.reduce(0, +)
        guard room >= least - 1e-9 * max(1, abs(least)) else { return nil }
        try checkFirm(visible, lengths, squeezed: false, what())
        // after[k]: the minimums of the spacers after k.
        var after = [Double](repeating: 0, count: count + 1)
        for k in stride(from: count - 1, through: 0, by: -1) {
            after[k] = after[k + 1] + minimums[k]
        }
        // The first spacer J whose distance cannot equal the first's
        // (J + 1 spacers sharing one distance, the later ones at their
        // minimum, leave it below a minimum); `largest`: the greatest
        // minimum before it.
        var largest = minimums[0]
        var failing = count - 1
        for spacer in 1..<count {
            let shared = (room - after[spacer + 1]) / Double(spacer + 1)
            let needed = max(largest, minimums[spacer])
            if shared < needed - 1e-9 * max(1, abs(needed)) {
                failing = spacer
                break
            }
            largest = needed
        }
        var distances = minimums
        let rest = room - after[failing + 1]
        if minimums[failing] >= largest {
            let shared = (rest - minimums[failing]) / Double(failing)
            for k in 0..<failing { distances[k] = shared }
        } else {
            for k in 0..<failing { distances[k] = largest }
            distances[failing] = rest - Double(failing) * largest
        }
        return distances
    }

    /// The lengths of an equal-centering stack's visible views on a canvas
    /// shorter than their own lengths and minimum gaps: UIKit's spacing
    /// (`UISV-spacing`, at least each gap) is required, so the views give
    /// `room` (the canvas less those gaps) out as a filling stack would,
    /// by their own costs; the spacers' `UISV-fill-equally` (at most 149)
    /// weigh less than any view's cost that decides it, which this checks
    /// (mutating as `share` is).
    mutating func squeezedCenteredLengths(
        _ visible: [Int], _ room: Double, _ what: @autoclosure () -> String
    ) throws(_StackCostError) -> [Double] {
        let lengths = try share(visible, room, what())
        try checkFirm(visible, lengths, squeezed: true, what())
        return lengths
    }

    /// Throws `unmodelled` unless each view's length is decided above 150
    /// (over every `UISV-fill-equally` between the spacers): against
    /// shrinking, a required lower bound or a slope left of it whose first
    /// lane that is not 0 is above 150 and falls; with `squeezed` (views
    /// shortened by their own costs), both slopes' first lanes that are not
    /// 0 above 150, whatever their signs (the sharing out weighed them).
    func checkFirm(
        _ visible: [Int], _ lengths: [Double], squeezed: Bool, _ what: @autoclosure () -> String
    ) throws(_StackCostError) {
        let firm = (levels.firstIndex { $0 < 150 } ?? levels.count) + 1
        /// Whether the first lane of `slope` that is not 0 has a priority of
        /// 150 or more and, unless `sign` is 0, that sign.
        func decided(_ slope: _Slope, _ sign: Double) -> Bool {
            for lane in 0..<firm where abs(slope[lane]) > 1e-9 {
                return lane > 0 && (sign == 0 || slope[lane] * sign > 0)
            }
            return false
        }
        for (child, length) in zip(visible, lengths) {
            let cost = costs[child]
            let tolerance = 1e-9 * max(1, abs(length))
            let (left, right) = cost.slopes(at: length)
            let atLow = cost.lo >= length - tolerance
            let atHigh = cost.hi <= length + tolerance
            let held =
                squeezed
                ? (atLow || decided(left, 0)) && (atHigh || decided(right, 0))
                : atLow || decided(left, -1)
            guard held else {
                throw .unmodelled(
                    "\(what()): node\(child) might give way below the spacers' priorities")
            }
        }
    }
}
