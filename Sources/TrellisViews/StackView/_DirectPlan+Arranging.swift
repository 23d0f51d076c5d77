// The direct path's arranging, top-down: each stack's length shared among
// its views by its distribution and alignment.

import TrellisGeometry
import TrellisText

extension _LanePlan {
    // MARK: Arranging (top-down)

    /// (Inlined: called from a mutating method, a method of the plan is
    /// given a copy of the whole plan, about a kilobyte, and its arrays
    /// retained.)
    @inline(__always)
    func length(_ index: Int, _ axis: LayoutAxis) -> Double {
        axis == .horizontal ? nodes[index].width : nodes[index].height
    }

    mutating func set(_ index: Int, _ axis: LayoutAxis, position: Double, length: Double) {
        if axis == .horizontal {
            nodes[index].x = position
            nodes[index].width = length
        } else {
            nodes[index].y = position
            nodes[index].height = length
        }
    }

    /// Lays out the subtree of `index` along `axis`, its own length set.
    mutating func arrange(_ index: Int, _ axis: LayoutAxis) throws(_StackCostError) {
        // (A view that is not a stack returns before its optional `stack`
        // is copied out.)
        guard nodes[index].kind == .stack else { return }
        if axis == .vertical, replayArranged(index) { return }
        if axis == .horizontal, try shareRowInSolve(index) { return }
        // (The stack's settings read in place, `settings`: the steps copy
        // the stack only where they take it whole; a copy retains its arrays.)
        let visible = visibleChildren(index)
        let total = length(index, axis)
        if !visible.isEmpty {
            if axis == nodes[index].settings.axis {
                try arrangeAlong(index, visible, axis, total)
            } else {
                try arrangeAcross(index, visible, axis, total)
            }
        }
        try placeHidden(index, visible, axis, total)
        // (Only the stacks: `arrange` of any other view returns at once.
        // By position in `childList`: a slice of it was retained and
        // released for each stack.)
        for k in nodes[index].children where nodes[childList[k]].kind == .stack {
            try arrange(childList[k], axis)
        }
        if axis == .vertical {
            try checkNestedBaselines(index)
            recordArranged(index)
        }
    }

    mutating func arrangeAlong(
        _ index: Int, _ visible: [Int], _ axis: LayoutAxis, _ total: Double
    ) throws(_StackCostError) {
        let (start, end) = margins(index, axis)
        let gaps = gaps(index, visible)
        let canvas = total - start - end
        let room = canvas - gaps.reduce(0, +)
        var lengths: [Double]
        var spacing = gaps
        // (Made only for an error: a row lays out thousands of stacks.)
        func what() -> String { "node\(index)'s views along its axis" }
        if nodes[index].settings.isBaselineRelativeArrangement, axis == .vertical {
            let stack = nodes[index].stack!
            let gaps = chainGaps(index, visible, gaps)
            let movers = try movingChainViews(stack, visible)
            if try arrangeBaselineDistribution(
                index, stack, visible, gaps, start: start, canvas: canvas)
            {
                return
            }
            if try arrangeTextlessFirst(index, stack, visible, gaps, start: start, canvas: canvas) {
                return
            }
            if try arrangeEqualChain(index, stack, visible, gaps, start: start, canvas: canvas) {
                return
            }
            let chain = try baselineChain(visible, gaps)
            let last = canvas - chain
            try checkMovingChain(index, visible, movers, room: last)
            lengths = []
            var top = start
            for (k, child) in visible.enumerated() {
                let length: Double
                if stack.distribution == .fillEqually || k == visible.count - 1 {
                    length = last
                    try checkFeasible(child, length)
                } else {
                    length = try costs[child].argmin("node\(child)'s height")
                }
                set(child, axis, position: top, length: length)
                if k < gaps.count {
                    let previous = try nestedLastLine(child) ?? baselines(child)?.last ?? length
                    let next = try chainBaselines(visible[k + 1]).first
                    top += previous + gaps[k] - next
                }
            }
            return
        }
        // `UISV-text-width-disambiguation`: a multi-line label's share of
        // the canvas, at 760 (the stack's width is fixed: see `unsupportedReason`).
        var saved: [(Int, _Cost)] = []
        defer { for (child, cost) in saved { costs[child] = cost } }
        if nodes[index].settings.axis == .horizontal, nodes[index].sharesTextWidth {
            let stack = nodes[index].stack!
            let n = Double(visible.count)
            let target = canvas / n - stack.spacing * (n - 1) / n
            for child in visible {
                guard nodes[child].isMultiLine else { continue }
                saved.append((child, costs[child]))
                costs[child].addEqual(target, lane: lane(760))
            }
        }
        switch nodes[index].settings.distribution {
        case .fill:
            lengths = try share(visible, room, what())
        case .fillProportionally:
            let stack = nodes[index].stack!
            lengths = try proportionalLengths(
                index, stack, visible, axis, total: total, room: room)
            for (child, length) in zip(visible, lengths) { try checkFeasible(child, length) }
        case .fillEqually:
            let length = room / Double(visible.count)
            lengths = []
            lengths.refill(with: length, count: visible.count)
            for child in visible { try checkFeasible(child, length) }
        case .equalSpacing:
            if visible.count == 1 {
                lengths = try share(visible, room, what())
                break
            }
            var parts = visible.map { costs[$0].anchored(view: 0) }
            for k in parts.indices { parts[k] = costs[visible[k]].anchored(view: k) }
            let gapCost = gapPart()
            parts.append(gapCost.anchored(view: visible.count))
            let center = parts.reduce(0) { $0 + $1.anchor }
            let changes = try _Cost.distribute(
                parts, costs: visible.map { costs[$0] } + [gapCost], total: room, center: center,
                what())
            lengths = visible.indices.map { parts[$0].anchor + changes[$0] }
            let extra =
                (parts[visible.count].anchor + changes[visible.count]) / Double(visible.count - 1)
            spacing = gaps.map { $0 + extra }
        case .equalCentering:
            if visible.count == 1 {
                lengths = try share(visible, room, what())
                break
            }
            lengths = try centeredLengths(visible, axis)
            guard
                let distances = try centeredDistances(
                    visible, lengths, gaps, canvas: canvas, what())
            else {
                lengths = try squeezedCenteredLengths(visible, room, what())
                break
            }
            spacing = gaps.indices.map { distances[$0] - (lengths[$0] + lengths[$0 + 1]) / 2 }
        }
        var position = start
        for (k, child) in visible.enumerated() {
            set(child, axis, position: position, length: lengths[k])
            position += lengths[k] + (k < spacing.count ? spacing[k] : 0)
        }
    }

    /// Distribution fill: `room` shared out, cheapest stretches first
    /// (`sharedLengths`, _DirectPlan+Sharing.swift; mutating as it is).
    mutating func share(_ visible: [Int], _ room: Double, _ what: @autoclosure () -> String)
        throws(_StackCostError) -> [Double]
    {
        try sharedLengths(visible, room, what())
    }

    /// A view's length checked against its cost's required bounds.
    /// (Inlined: called from a mutating method, a method of the plan is
    /// given a copy of the whole plan, about a kilobyte, and its arrays
    /// retained.)
    @inline(__always)
    func checkFeasible(_ child: Int, _ length: Double) throws(_StackCostError) {
        try Self.checkFeasible(child, length, lo: costs[child].lo, hi: costs[child].hi)
    }

    /// `checkFeasible` on a cost's bounds. (The root's check follows a
    /// write to the plan: calling a method of the plan there copies the
    /// whole plan, retaining each of its arrays.)
    static func checkFeasible(_ child: Int, _ length: Double, lo: Double, hi: Double)
        throws(_StackCostError)
    {
        let tolerance = 1e-9 * max(1, abs(length))
        guard length >= lo - tolerance, length <= hi + tolerance else {
            throw .conflict("node\(child): length \(length) breaks a required constraint")
        }
    }

    mutating func arrangeAcross(
        _ index: Int, _ visible: [Int], _ axis: LayoutAxis, _ total: Double
    ) throws(_StackCostError) {
        let (start, end) = margins(index, axis)
        let canvas = total - start - end
        // (`effectiveAlignment` and `isUnaligned` of the settings read in
        // place; the stack copied for baselines only.)
        var alignment = nodes[index].settings.alignment
        let unaligned =
            nodes[index].settings.axis == .vertical
            && (alignment == .firstBaseline || alignment == .lastBaseline)
        if unaligned { alignment = .center }
        let baselineAligned = alignment == .firstBaseline || alignment == .lastBaseline
        let stack = baselineAligned ? nodes[index].stack : nil
        // (Offsets only for baselines: 0 for every view otherwise.)
        let offsets: [Double] = baselineAligned ? try baselineOffsets(stack!, visible) : []
        if baselineAligned {
            try checkEmptyFirstOnLastBaselines(index, stack!, visible, offsets, canvas)
        }
        // UIKit ties the canvas's top to the first view only (at most its
        // top for first baselines, its bottom at least the first view's
        // for last ones): other views may stick out (`baselineOffsets`).
        for (k, child) in visible.enumerated() {
            let offset = baselineAligned ? offsets[k] : 0
            if alignment == .fill {
                try checkFeasible(child, canvas)
                set(child, axis, position: start, length: canvas)
                continue
            }
            var bounded = costs[child]
            // (Last baselines: UIKit bounds only the first view by the
            // canvas's bottom; the others may stick out below.)
            if alignment != .lastBaseline || (k == 0 && hiddenFirstView(of: index) == nil) {
                bounded.hi = min(bounded.hi, canvas - offset)
            }
            let length = try bounded.argmin("node\(child)'s length across node\(index)")
            if baselineAligned, length < -1e-9 || canvas < -1e-9 {
                // UIKit's spanner boundary (999.5) then gives way against
                // the views' floors and the canvas connections, by an
                // order the direct path does not follow.
                throw .unmodelled(
                    "node\(index): a baseline-aligned stack too short for its views' baselines (\(canvas))"
                )
            }
            if unaligned, !_isNegligible(canvas - length, canvas) {
                // Anywhere in the spanner satisfies every constraint, as
                // UIKit reports it (`hasAmbiguousLayout`).
                throw .ambiguous(
                    "node\(child): a view narrower than its vertical stack aligned by baselines (UIKit makes no alignment constraint there: any x from \(start) to \(start + canvas - length) is as good)"
                )
            }
            let position: Double
            switch alignment {
            case .trailing: position = start + canvas - length
            case .center: position = start + (canvas - length) / 2
            default: position = start + offset
            }
            set(child, axis, position: position, length: length)
        }
        if baselineAligned {
            try checkEmptyLabelRow(index, stack!, visible, offsets, canvas)
            try checkLiftedLine(index, stack!, visible, offsets, canvas)
            try checkSunkenTop(index, stack!, visible, offsets)
            try checkBaselineLengths(visible, axis)
            let bottoms = zip(visible, offsets).map { $1 + length($0, axis) }
            if alignment == .firstBaseline, let lowest = bottoms.max(),
                canvas > lowest + 1e-9 * max(1, abs(canvas))
            {
                // Taller than its views: UIKit's spanner, its bottom the
                // canvas's, as short as it can be at 51 (`UISV-spanning-fit`),
                // takes the views down to the canvas's bottom (the first
                // view's top need only be below the canvas's).
                for (child, offset) in zip(visible, offsets) {
                    set(
                        child, axis, position: start + (canvas - lowest) + offset,
                        length: length(child, axis))
                }
            }
        }
    }

    /// `placeHidden` across the axis of a stack not aligned by baselines,
    /// some of its views visible (the steps of its last part, the same
    /// operations on the same numbers); false, placing nothing, elsewhere.
    /// (The settings and costs read in place: the stack, a copy of its
    /// views' list and of each hidden view's cost are not made.)
    mutating func placeHiddenAcross(
        _ index: Int, _ visible: [Int], _ axis: LayoutAxis, _ total: Double
    ) throws(_StackCostError) -> Bool {
        let settings = nodes[index].settings
        let baselineAligned =
            settings.axis == .horizontal
            && (settings.alignment == .firstBaseline || settings.alignment == .lastBaseline)
        guard axis != settings.axis, !visible.isEmpty, !baselineAligned else { return false }
        let (start, end) = margins(index, axis)
        let canvas = total - start - end
        for k in nodes[index].children {
            let child = childList[k]
            guard nodes[child].isHidden else { continue }
            if settings.alignment == .fill {
                try checkFeasible(child, canvas)
                set(child, axis, position: start, length: canvas)
                continue
            }
            let length =
                nodes[child].kind == .image
                ? 0
                : try Self.withCosts(costs) { costs throws(_StackCostError) in
                    try costs[child].argmin("hidden node\(child)'s length")
                }
            let position: Double
            switch settings.alignment {
            case .trailing: position = start + canvas - length
            case .center: position = start + (canvas - length) / 2
            default: position = start
            }
            set(child, axis, position: position, length: length)
        }
        return true
    }

    /// The spacing after the arranged view at `position` of `stack`.
    func spacing(after position: Int, _ stack: StackTree.Stack) -> Double {
        guard let custom = stack.customSpacing[position], custom != StackView.spacingUseDefault
        else { return stack.spacing }
        return custom == StackView.spacingUseSystem
            ? LayoutConstraint.standardSiblingSpacing : custom
    }

    /// Hidden views, as UIKit's constraints place them. Along the axis they
    /// are 0 long (`UISV-hiding`) on the chain of `UISV-spacing` through
    /// every arranged view, whose links next to a hidden view hold half
    /// the spacing (none between two hidden views, none from the first
    /// arranged view or to the last): after the visible views before them,
    /// or before the first visible view. Across it they line up with the
    /// first arranged view (`UISV-alignment`): the whole canvas for fill,
    /// their own length at its start, centre or end otherwise.
    mutating func placeHidden(
        _ index: Int, _ visible: [Int], _ axis: LayoutAxis, _ total: Double
    ) throws(_StackCostError) {
        guard visible.count != nodes[index].children.count else { return }
        if try placeHiddenAcross(index, visible, axis, total) { return }
        let stack = nodes[index].stack!
        let all = Array(children(index))
        let (start, end) = margins(index, axis)
        if axis == stack.axis {
            func position(_ child: Int) -> Double {
                axis == .horizontal ? nodes[child].x : nodes[child].y
            }
            func link(_ k: Int, lastVisible: Int?) -> Double {
                hiddenLink(stack, all, k, lastVisible: lastVisible)
            }
            guard let first = all.firstIndex(where: { !nodes[$0].isHidden }) else {
                // No view visible: each at the canvas's end
                // (`UISV-spacing-hidden`, `StackView._hiddenPlaces`).
                if stack.isBaselineRelativeArrangement, axis == .vertical {
                    try checkHiddenChainLevel(all)
                }
                for child in all {
                    try checkFeasible(child, 0)
                    set(child, axis, position: total - end, length: 0)
                }
                return
            }
            if stack.isBaselineRelativeArrangement, axis == .vertical {
                return try placeHiddenOnChain(stack, all, first: first)
            }
            var lastVisible: Int? = first
            for k in all.indices.dropFirst(first + 1) {
                let previous = all[k - 1]
                let previousEnd = position(previous) + length(previous, axis)
                if nodes[all[k]].isHidden {
                    try checkFeasible(all[k], 0)
                    set(
                        all[k], axis, position: previousEnd + link(k, lastVisible: lastVisible),
                        length: 0)
                } else {
                    lastVisible = k
                }
            }
            for k in stride(from: first - 1, through: 0, by: -1) {
                try checkFeasible(all[k], 0)
                set(
                    all[k], axis, position: position(all[k + 1]) - link(k + 1, lastVisible: nil),
                    length: 0)
            }
            return
        }
        let canvas = total - start - end
        if visible.isEmpty { return try placeAllHidden(index, stack, all, axis, start: start) }
        // Baselines: each hidden view's baseline on the visible views' line
        // (`UISV-alignment` to the first arranged view, visible here), its
        // own length across.
        var line = 0.0
        let baselineAligned =
            stack.axis == .horizontal
            && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline)
        if baselineAligned {
            if stack.alignment == .firstBaseline {
                // (The line is the first view's baseline, wherever it is.)
                line = nodes[visible[0]].y - start + (try ownBaseline(visible[0], stack))
            } else {
                // (The lowest of their baselines, above the canvas's top
                // too: a view squeezed past its margins has its bottom,
                // its baseline without text, above its top.)
                line = -.infinity
                for child in visible { line = max(line, try ownBaseline(child, stack)) }
            }
        }
        for child in all where nodes[child].isHidden {
            if stack.alignment == .fill {
                try checkFeasible(child, canvas)
                set(child, axis, position: start, length: canvas)
                continue
            }
            var own = costs[child]
            // (The first arranged view, hidden, of a row on last baselines.)
            let firstOnLastLine =
                baselineAligned && stack.alignment == .lastBaseline && child == all[0]
            if firstOnLastLine {
                // (Its bottom bounds the canvas's: `hiddenFirstBelowLine`.)
                own.hi = min(own.hi, canvas - line + (try ownBaseline(child, stack)))
            }
            let length =
                nodes[child].kind == .image
                ? 0 : try own.argmin("hidden node\(child)'s length")
            if firstOnLastLine, baselines(child) != nil {
                try checkHiddenFirstLength(child, length)
            }
            let position: Double
            // (Unaligned, a hidden view's place is as open: UIKit does not
            // report hidden views as ambiguous; it is put at the start.)
            switch stack.alignment {
            case .trailing: position = start + canvas - length
            case .center: position = start + (canvas - length) / 2
            case .firstBaseline where stack.axis == .horizontal,
                .lastBaseline where stack.axis == .horizontal:
                position = start + line - (try ownBaseline(child, stack))
            default: position = start
            }
            if firstOnLastLine, nodes[child].kind != .stack, nodes[child].kind != .button,
                baselines(child) == nil
            {
                // Without text its baseline is its bottom ("For views
                // without text, the stack view uses the bottom edge"), on
                // the line whatever its length; `UISV-canvas-connection`
                // holds the canvas's bottom at least there (required).
                let over = line - canvas
                guard over <= 1e-9 * max(1, abs(canvas)) else {
                    throw .conflict(
                        "node\(child): a hidden first view's bottom on the line, \(over) below the canvas"
                    )
                }
            }
            set(child, axis, position: position, length: length)
        }
        if baselineAligned { try checkBaselineLengths(all.filter { nodes[$0].isHidden }, axis) }
    }
}
