// The direct path's cost of a horizontal equal-centering stack whose
// multi-line labels share its width (`UISV-text-width-disambiguation`),
// when that width is itself decided by the layout (a row in a
// leading-aligned column, beside other views in a row).

extension _LanePlan {
    /// The cost of the width `W` of a horizontal equal-centering stack of
    /// two or more visible views, some of them labels of several lines.
    ///
    /// UIKit's `UIStackView.Distribution.equalCentering`: "A layout where
    /// the stack view attempts to maintain an equal distance between the
    /// centers of the arranged views, while maintaining the spacing
    /// property's distance between views. If the arranged views do not fit
    /// within the stack view, it shrinks the spacing until it reaches the
    /// minimum spacing defined by its spacing property. If the views still
    /// do not fit, the stack view compresses the arranged views based on
    /// their compression resistance priority." For labels of several lines
    /// UIKit adds, at 760, each label's width equal to a share of the canvas
    /// less the spacing, `t(W) = (W − margins) / n − spacing × (n − 1) / n`
    /// for `n` visible views (a hidden one, 0 wide, pulls `t(W)` towards 0;
    /// recorded by TZStackView's and kean/Arranged's constraint dumps of a
    /// live `UIStackView`).
    ///
    /// Above the shortest canvas, nothing but the views' own costs and that
    /// share decides their widths (the gaps take the rest, their
    /// `UISV-fill-equally` at 150 − index hold), so each label's width is
    /// the best of its own cost plus `760 × |l − t(W)|`: the cost is the
    /// sum over the labels of the infimal convolution of their cost with
    /// that pull, read at `t(W)`, and `UISV-canvas-fit` (49). The other
    /// views are at their best lengths, held above 51
    /// (`centeredLengths`). Below the shortest canvas with each label at
    /// `t(W)` (a linear bound in `W`: every gap at least its minimum) the
    /// cost is not modelled, as for equal centring without labels; a
    /// label its own cost keeps off `t(W)` may make the shortest canvas
    /// longer, which arranging lays out (`centeredDistances`).
    /// - Throws: `unmodelled` when no width leaves every gap its minimum.
    func centeredTextCost(_ index: Int, _ visible: [Int], hiddenLabels: Int)
        throws(_StackCostError) -> _Cost
    {
        let stack = nodes[index].stack!
        let (start, end) = margins(index, .horizontal)
        let gaps = gaps(index, visible)
        let n = Double(visible.count)
        // t(W) = W / n + shift.
        let shift = -(start + end) / n - stack.spacing * (n - 1) / n
        var pull = _Cost()
        pull.addEqual(0, lane: lane(StackView.textWidthPriority.rawValue))
        let pullPart = pull.anchored(view: 1)
        var cost = _Cost()
        // Each view's width as `a × W + b`.
        var a: [Double] = []
        var b: [Double] = []
        // Each label follows its share of the width while the share's pull
        // (760) outbids its own cost; below the length where the label
        // holds above 760 (a required width, a compression resistance
        // above 760) it keeps its length and the gaps' minimums, which the
        // shares alone always meet, take over: not modelled below
        // `shortest`.
        var shortest = -Double.infinity
        let pullLane = lane(StackView.textWidthPriority.rawValue)
        for child in visible where nodes[child].isMultiLine {
            shortest = max(shortest, n * (costs[child].heldBelow(lane: pullLane) - shift))
        }
        for child in visible {
            if nodes[child].isMultiLine {
                let shared = _Cost.convolution(
                    [costs[child].anchored(view: 0), pullPart], offset: 0)
                cost = cost + shared.composed(scale: 1 / n, offset: shift)
                a.append(1 / n)
                b.append(shift)
            } else {
                a.append(0)
                b.append(try centeredLengths([child], .horizontal)[0])
            }
        }
        for _ in 0..<hiddenLabels { cost = cost + pull.composed(scale: 1 / n, offset: shift) }
        // Every gap at least its minimum: distance(W) = (W − margins −
        // l₀ / 2 − lₙ₋₁ / 2) / m ≥ gap_k + (l_k + l_k+1) / 2, m gaps.
        let m = Double(gaps.count)
        let last = visible.count - 1
        for k in gaps.indices {
            let rate = (1 - a[0] / 2 - a[last] / 2) / m - (a[k] + a[k + 1]) / 2
            let need = gaps[k] + (b[k] + b[k + 1]) / 2 + (start + end + b[0] / 2 + b[last] / 2) / m
            if rate > 1e-9 {
                shortest = max(shortest, need / rate)
            } else if !(need <= 1e-9 * max(1, abs(need))) {
                throw .unmodelled(
                    "node\(index): equal centring of labels sharing its width is too short at any width"
                )
            }
        }
        if shortest.isFinite {
            // Below it, spacers after the first give way at their
            // `UISV-fill-equally` (150 − index). Two visible views have one
            // spacer and no such constraint: nothing bounds what the stack
            // saves there (its labels' pulls, modelled, may cancel out: a
            // hidden label's share pulling as hard as a held label's), so
            // any pull into it is refused (`checkModelled`).
            var bound = _Slope()
            if gaps.count > 1 {
                bound[lane(Self.centeringBound(arranged: nodes[index].children.count))] = 1e-6
            }
            cost.addUnmodelled(below: shortest, bound: bound)
        }
        cost.addEqual(
            0, lane: lane(StackView.canvasFitPriority.rawValue), weight: tieWeight(index))
        return cost
    }
}
