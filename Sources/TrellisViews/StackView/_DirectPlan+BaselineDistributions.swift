// Baseline-relative vertical stacks of the equal-spacing and the
// fill-proportionally distributions. UIKit: "If YES, the vertical space
// between views is measured from the last baseline of a text-based view,
// to the first baseline of the view below it"
// (`isBaselineRelativeArrangement`): `UISV-spacing` links each view's first
// baseline to the last baseline of the view above it (at least the
// spacing in the equal-spacing distribution, equal to it in the fill
// ones), and an equal-spacing stack's spacer guides run from one visible
// view's last baseline to the next one's first, all equally long
// (`StackView._distributionConstraints`). The canvas's top is the first
// visible view's, its bottom the last visible view's
// (`UISV-canvas-connection`).
//
// A view whose baselines are a fixed distance below its top (a label with
// text, a nested stack of `nestedChainLines`) moves no other view with its
// height, nor does one without text after the first (its bottom, both its
// baselines, is on the chain): so the stack's length is the chain's
// (`baselineChain`) plus what follows the last baseline:
//
// - equal spacing: the spacers' common length `d` is at least the largest
//   gap the links need (`equalSpacingGaps` of `chainGaps`, a hidden label
//   between two visible views adding its last baseline less its first),
//   and the stack is the chain at those gaps, `(n − 1) × (d − gap)` more,
//   and the last view's height where it has text (a last view without text
//   ends on the chain, its height its own best): the infimal convolution
//   of the last view's cost with a spacer's stretch of no cost, and the
//   stack as short as it can be at 49 (`UISV-canvas-fit`). The first view
//   must have its baselines a fixed distance below its top (or be a box of
//   required height): else its height would be on the chain too, refused
//   (`unmodelled`).
// - fill proportionally (every visible view a label with text): each
//   view's height is the stack's length `T` times its share at 999 and
//   down (`proportionalShares`; above the views' own priorities, see
//   `stackProblem`), which every view but the last can keep, its height
//   moving nothing; the last one's height is `T` less the chain, so its own
//   proportion breaks by `|(1 − share) × T − chain|` at its priority. With
//   lengths too small to share by, every view is the last one's height, as
//   a stack filling equally (`UISV-fill-equally`).
//
// A single visible view fills the canvas, as in a filling column, and an
// equal-spacing stack is as short as it can be at 49 still.
//
// Other views on such a chain (a nested stack whose baselines move with
// its length, `movingChainLines`) are refused at their width.

import TrellisGeometry
import TrellisText

extension _LanePlan {
    /// Whether stack `stack`, baseline-relative and vertical, is laid out
    /// here (equal spacing or fill proportionally of two or more views).
    func isBaselineDistribution(_ stack: StackTree.Stack, _ visible: [Int]) -> Bool {
        visible.count > 1
            && (stack.distribution == .equalSpacing || stack.distribution == .fillProportionally)
    }

    /// The gaps the chain of such a stack starts from: for equal spacing,
    /// the least common length of its spacers, at every gap; else `gaps`.
    mutating func baselineDistributionGaps(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ gaps: [Double]
    ) -> [Double] {
        guard stack.distribution == .equalSpacing else { return gaps }
        let links = chainGaps(index, visible, makeGaps(index, visible, equalized: false))
        return Self.equalSpacingGaps(links)
    }

    /// Throws `unmodelled` where the chain of such a stack leans on what
    /// is not modelled here (see the file's comment).
    func checkBaselineDistribution(_ stack: StackTree.Stack, _ visible: [Int])
        throws(_StackCostError)
    {
        if stack.distribution == .fillProportionally {
            for child in visible where !(nodes[child].kind == .label && hasText(child)) {
                throw .unmodelled(
                    "node\(child): a view without text in a baseline-relative column filling proportionally"
                )
            }
            return
        }
        let first = visible[0]
        if hasText(first) { return }
        if let box = nodes[first].fixed, box.height != nil, box.priority == .required { return }
        throw .unmodelled(
            "node\(first): a first view without text in a baseline-relative column of equal spacing (its height on the chain)"
        )
    }

    /// The cost of such a stack's length (nil: not such a stack); `gaps`:
    /// `chainGaps` of the stack's gaps.
    mutating func baselineDistributionCost(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ gaps: [Double],
        margins: Double
    ) throws(_StackCostError) -> _Cost? {
        if stack.distribution == .equalSpacing || stack.distribution == .equalCentering,
            visible.count == 1
        {
            // One view, no spacer: the canvas is its length, and the stack
            // as short as it can be at 49 (`UISV-canvas-fit`).
            var cost = costs[visible[0]].composed(scale: 1, offset: -margins)
            cost.addEqual(
                0, lane: lane(StackView.canvasFitPriority.rawValue), weight: tieWeight(index))
            return cost
        }
        if stack.distribution == .equalCentering {
            let lengths = try baselineCenteredLengths(visible)
            let minimum =
                margins + centeringMinimum(lengths, try centeredChainGaps(visible, gaps, lengths))
            return centeringCanvasCost(
                index, minimum: minimum, arranged: nodes[index].children.count)
        }
        guard isBaselineDistribution(stack, visible) else { return nil }
        try checkBaselineDistribution(stack, visible)
        let gaps = baselineDistributionGaps(index, stack, visible, gaps)
        let offset = try margins + baselineChain(visible, gaps)
        let last = visible[visible.count - 1]
        if stack.distribution == .equalSpacing {
            var cost: _Cost
            if hasText(last) {
                cost = endToEndCost([last], extra: gapPart(), offset: offset)
            } else {
                // (Its bottom on the chain, whatever its height.)
                cost = gapPart().composed(
                    scale: 1, offset: -(offset + (try chainBaselines(last).first)))
            }
            cost.addEqual(
                0, lane: lane(StackView.canvasFitPriority.rawValue), weight: tieWeight(index))
            return cost
        }
        guard let plan = try proportionalShares(index, stack, visible, .vertical) else {
            // Lengths too small to share by: every view the last one's height.
            return visible.reduce(_Cost()) { $0 + costs[$1].composed(scale: 1, offset: -offset) }
        }
        var cost = _Cost()
        for (k, child) in visible.enumerated().dropLast() {
            cost = cost + costs[child].composed(scale: plan.shares[k], offset: 0)
        }
        cost = cost + costs[last].composed(scale: 1, offset: -offset)
        let slope = 1 - plan.shares[visible.count - 1]
        guard plan.last == visible.count - 1, slope > 1e-9 else {
            throw .unmodelled(
                "node\(index): proportions of a baseline-relative column that leave its last view no share"
            )
        }
        cost.addEqual(
            offset / slope, lane: lane(Self.proportionalBase - Float(plan.position)), weight: slope)
        return cost
    }

    /// Lays such a stack's views out along its axis (false, doing nothing,
    /// where it is not such a stack): `canvas` long from `start`.
    mutating func arrangeBaselineDistribution(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ gaps: [Double],
        start: Double, canvas: Double
    ) throws(_StackCostError) -> Bool {
        if stack.distribution == .equalCentering, visible.count > 1 {
            try arrangeBaselineCentering(index, visible, gaps, start: start, canvas: canvas)
            return true
        }
        guard isBaselineDistribution(stack, visible) else { return false }
        try checkBaselineDistribution(stack, visible)
        var spacing = baselineDistributionGaps(index, stack, visible, gaps)
        let room = canvas - (try baselineChain(visible, spacing))
        let n = visible.count
        let last = visible[n - 1]
        var lengths: [Double] = []
        lengths.reserveCapacity(n)
        func what() -> String { "node\(index)'s views along its axis" }
        if stack.distribution == .equalSpacing {
            for child in visible.dropLast() {
                lengths.append(try costs[child].argmin("node\(child)'s height"))
            }
            let extra: Double
            if hasText(last) {
                let gapCost = gapPart()
                let parts = [costs[last].anchored(view: 0), gapCost.anchored(view: 1)]
                let changes = try _Cost.distribute(
                    parts, costs: [costs[last], gapCost], total: room,
                    center: parts[0].anchor + parts[1].anchor, what())
                lengths.append(parts[0].anchor + changes[0])
                extra = parts[1].anchor + changes[1]
            } else {
                let height = try chainBaselines(last).first
                lengths.append(try costs[last].argmin("node\(last)'s height"))
                extra = room - height
                guard extra >= -1e-9 * max(1, abs(room)) else {
                    throw .conflict("node\(index): a canvas shorter than its views' baselines")
                }
            }
            spacing = spacing.map { $0 + extra / Double(n - 1) }
        } else {
            let (upper, lower) = margins(index, .vertical)
            let total = canvas + (upper + lower)
            if let plan = try proportionalShares(index, stack, visible, .vertical) {
                for k in 0..<(n - 1) { lengths.append(total * plan.shares[k]) }
            } else {
                lengths = Array(repeating: room, count: n - 1)
            }
            lengths.append(room)
        }
        var top = start
        for (k, child) in visible.enumerated() {
            try checkFeasible(child, lengths[k])
            set(child, .vertical, position: top, length: lengths[k])
            if k < n - 1 {
                let previous = try nestedLastLine(child) ?? baselines(child)?.last ?? lengths[k]
                let next = try chainBaselines(visible[k + 1]).first
                top += previous + spacing[k] - next
            }
        }
        return true
    }

    /// The lengths of an equal-centering column's visible views: each its
    /// own best (`centeredLengths`), held both ways above 51: a view's
    /// length moves the least distance between its centre and both its
    /// neighbours' (`centeredChainGaps`), so growing one may shorten the
    /// least canvas too.
    func baselineCenteredLengths(_ visible: [Int]) throws(_StackCostError) -> [Double] {
        let lengths = try centeredLengths(visible, .vertical)
        let firm = lane(51)
        for (child, length) in zip(visible, lengths) {
            let right = costs[child].slopes(at: length).right
            guard
                costs[child].hi <= length + 1e-9
                    || (1..<firm).contains(where: { right[$0] > 1e-9 }) && _sign(right) > 0
            else {
                throw .unmodelled(
                    "node\(child) in an equal-centering stack gives way below the gaps' priority")
            }
        }
        return lengths
    }

    /// The gaps of an equal-centering column of baseline-relative
    /// arrangement as gaps between edges: `UISV-spacing` puts each view's
    /// first baseline at least the gap (`chainGaps`) below the last
    /// baseline of the view above, so at the views' `lengths` its top is at
    /// least that view's bottom plus the gap, plus that view's last
    /// baseline less its length, less its own first baseline.
    mutating func centeredChainGaps(_ visible: [Int], _ gaps: [Double], _ lengths: [Double])
        throws(_StackCostError) -> [Double]
    {
        var result: [Double] = []
        result.reserveCapacity(gaps.count)
        for k in gaps.indices {
            let above = try chainBaselines(visible[k]).last
            let below = try chainBaselines(visible[k + 1]).first
            result.append(gaps[k] + above - lengths[k] - below)
        }
        return result
    }

    /// Lays out an equal-centering column of baseline-relative
    /// arrangement along its axis, as `arrangeAlong` a column of edges
    /// (`centeredDistances`) at its `centeredChainGaps`. A canvas too short
    /// for the views' least distances, or one where the spacers do not
    /// all hold and a view's length is not decided above their priorities
    /// (its length would move the distances), is refused.
    mutating func arrangeBaselineCentering(
        _ index: Int, _ visible: [Int], _ gaps: [Double], start: Double, canvas: Double
    ) throws(_StackCostError) {
        func what() -> String { "node\(index)'s views along its axis" }
        let lengths = try baselineCenteredLengths(visible)
        let edges = try centeredChainGaps(visible, gaps, lengths)
        guard
            let distances = try centeredDistances(visible, lengths, edges, canvas: canvas, what())
        else {
            throw .unmodelled(
                "node\(index): a baseline-relative equal-centering stack too short for its views' baselines"
            )
        }
        if let first = distances.first,
            distances.contains(where: { abs($0 - first) > 1e-9 * max(1, abs(first)) })
        {
            try checkFirm(visible, lengths, squeezed: true, what())
        }
        var position = start
        for (k, child) in visible.enumerated() {
            try checkFeasible(child, lengths[k])
            set(child, .vertical, position: position, length: lengths[k])
            if k < edges.count {
                position += lengths[k] + distances[k] - (lengths[k] + lengths[k + 1]) / 2
            }
        }
    }
}
