// The direct path's arranging, top-down: each stack's length shared among
// its views by its distribution and alignment.

import TrellisGeometry
import TrellisText

extension _DirectPlan {
    // MARK: Arranging (top-down)

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
        guard let stack = nodes[index].stack else { return }
        let visible = visibleChildren(index)
        let total = length(index, axis)
        let (start, _) = margins(index, axis)
        if !visible.isEmpty {
            if axis == stack.axis {
                try arrangeAlong(index, stack, visible, axis, total)
            } else {
                try arrangeAcross(index, stack, visible, axis, total)
            }
        }
        // Hidden views (`UISV-hiding`): no length along the axis, where the
        // visible views before them end; at the canvas's start across it,
        // as long as they like.
        var previousEnd = start
        for child in children(index) {
            if !nodes[child].isHidden {
                if axis == stack.axis {
                    previousEnd =
                        axis == .horizontal
                        ? nodes[child].x + nodes[child].width : nodes[child].y + nodes[child].height
                }
                continue
            }
            if axis == stack.axis {
                try checkFeasible(child, 0)
                set(child, axis, position: previousEnd, length: 0)
            } else if nodes[child].kind == .image {
                set(child, axis, position: start, length: 0)  // its height is 0: so is its width
            } else {
                let length = try costs[child].argmin("hidden node\(child)'s length")
                set(child, axis, position: start, length: length)
            }
        }
        for child in children(index) { try arrange(child, axis) }
    }

    mutating func arrangeAlong(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis,
        _ total: Double
    ) throws(_StackCostError) {
        let (start, end) = margins(index, axis)
        let gaps = gaps(index, visible)
        let canvas = total - start - end
        let room = canvas - gaps.reduce(0, +)
        var lengths: [Double]
        var spacing = gaps
        let what = "node\(index)'s views along its axis"
        if stack.isBaselineRelativeArrangement, axis == .vertical {
            let chain = baselineChain(visible, gaps)
            let last = canvas - chain
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
                    let previous = baselines(child)?.last ?? length
                    let next = baselines(visible[k + 1])?.first ?? 0
                    top += previous + gaps[k] - next
                }
            }
            return
        }
        switch stack.distribution {
        case .fill:
            lengths = try share(visible, room, what)
        case .fillProportionally:
            if let shares = proportions(visible, axis) {
                lengths = shares.map { $0 * room }
                for (child, length) in zip(visible, lengths) { try checkFeasible(child, length) }
            } else {
                lengths = try share(visible, room, what)
            }
        case .fillEqually:
            let length = room / Double(visible.count)
            lengths = Array(repeating: length, count: visible.count)
            for child in visible { try checkFeasible(child, length) }
        case .equalSpacing:
            if visible.count == 1 {
                lengths = try share(visible, room, what)
                break
            }
            var parts = visible.map { costs[$0].anchored(view: 0) }
            for k in parts.indices { parts[k] = costs[visible[k]].anchored(view: k) }
            let gapCost = gapPart(visible.count, spacing: gaps[0])
            parts.append(gapCost.anchored(view: visible.count))
            let center = parts.reduce(0) { $0 + $1.anchor }
            let changes = try _Cost.distribute(
                parts, costs: visible.map { costs[$0] } + [gapCost], total: room, center: center,
                what)
            lengths = visible.indices.map { parts[$0].anchor + changes[$0] }
            let extra =
                (parts[visible.count].anchor + changes[visible.count]) / Double(visible.count - 1)
            spacing = gaps.map { $0 + extra }
        case .equalCentering:
            if visible.count == 1 {
                lengths = try share(visible, room, what)
                break
            }
            lengths = try centeredLengths(visible, axis)
            let minimum = centeringMinimum(lengths, gaps)
            guard canvas >= minimum - 1e-9 * max(1, abs(minimum)) else {
                throw .unmodelled("\(what): too short for equal centring (\(canvas) < \(minimum))")
            }
            let distance =
                (canvas - lengths[0] / 2 - lengths[lengths.count - 1] / 2) / Double(gaps.count)
            spacing = gaps.indices.map { distance - (lengths[$0] + lengths[$0 + 1]) / 2 }
        }
        var position = start
        for (k, child) in visible.enumerated() {
            set(child, axis, position: position, length: lengths[k])
            position += lengths[k] + (k < spacing.count ? spacing[k] : 0)
        }
    }

    /// Distribution fill: `room` shared out, cheapest stretches first.
    func share(_ visible: [Int], _ room: Double, _ what: @autoclosure () -> String)
        throws(_StackCostError) -> [Double]
    {
        let parts = visible.indices.map { costs[visible[$0]].anchored(view: $0) }
        let center = parts.reduce(0) { $0 + $1.anchor }
        let changes = try _Cost.distribute(
            parts, costs: visible.map { costs[$0] }, total: room, center: center, what())
        return visible.indices.map { parts[$0].anchor + changes[$0] }
    }

    func checkFeasible(_ child: Int, _ length: Double) throws(_StackCostError) {
        let cost = costs[child]
        let tolerance = 1e-9 * max(1, abs(length))
        guard length >= cost.lo - tolerance, length <= cost.hi + tolerance else {
            throw .conflict("node\(child): length \(length) breaks a required constraint")
        }
    }

    mutating func arrangeAcross(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis,
        _ total: Double
    ) throws(_StackCostError) {
        let (start, end) = margins(index, axis)
        let canvas = total - start - end
        let alignment = effectiveAlignment(stack)
        let offsets: [Double] =
            alignment == .firstBaseline || alignment == .lastBaseline
            ? baselineOffsets(stack, visible) : Array(repeating: 0, count: visible.count)
        for (k, child) in visible.enumerated() {
            if alignment == .fill {
                try checkFeasible(child, canvas)
                set(child, axis, position: start, length: canvas)
                continue
            }
            var bounded = costs[child]
            bounded.hi = min(bounded.hi, canvas - offsets[k])
            let length = try bounded.argmin("node\(child)'s length across node\(index)")
            let position: Double
            switch alignment {
            case .trailing: position = start + canvas - length
            case .center: position = start + (canvas - length) / 2
            default: position = start + offsets[k]
            }
            set(child, axis, position: position, length: length)
        }
    }
}
