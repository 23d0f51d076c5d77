// The direct path's fillProportionally: the shares UIKit's multipliers give
// each view and the cost of the stack's length they make.

import TrellisGeometry
import TrellisText

extension _LanePlan {
    /// The lengths `fillProportionally` gives, as UIKit's constraints do
    /// (`StackView._refreshProportions`): each visible view `total` (the
    /// stack's own length) times its intrinsic length over the lengths'
    /// sum plus the spacing between them, but the last one with a length,
    /// whose constraint (the lowest priority) gives way: it takes what the
    /// others and the gaps leave of `room`. Views without a length (a
    /// multi-line label across a horizontal stack, a nested stack, a box
    /// without a picture) are 0 long. When the
    /// lengths are too small to share by, the views fill equally.
    func proportionalLengths(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis,
        total: Double, room: Double
    ) throws(_StackCostError) -> [Double] {
        guard let plan = try proportionalShares(index, stack, visible, axis) else {
            return Array(repeating: room / Double(visible.count), count: visible.count)
        }
        var lengths = plan.shares.map { total * $0 }
        lengths[plan.last] =
            room - lengths.indices.filter { $0 != plan.last }.reduce(0) { $0 + lengths[$1] }
        return lengths
    }

    /// The shares of `fillProportionally` (UIKit's multipliers: each
    /// visible view's intrinsic length over the lengths' sum plus the
    /// spacing between the visible views), the position in `visible` of
    /// the last view with a length (its constraint, the lowest priority,
    /// gives way) and that view's arranged position; nil when the lengths
    /// are too small to share by (UIKit fills equally).
    func proportionalShares(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis
    ) throws(_StackCostError) -> (shares: [Double], last: Int, position: Int)? {
        let sizes = visible.map { child -> Double in
            if axis == .horizontal, nodes[child].isMultiLine {
                return 0
            }
            // (A box's picture's size; a stack, an image without an
            // intrinsic length and a box without a picture: none, 0.)
            let size =
                nodes[child].kind == .fixed
                ? nodes[child].fixed!.intrinsicSize ?? .zero : nodes[child].intrinsic
            let length = axis == .horizontal ? size.width : size.height
            return length.isFinite && length > 0 ? length : 0
        }
        let sum = sizes.reduce(0, +)
        let all = children(index)
        let hidden = all.count - visible.count
        let tooSmall =
            hidden == 0
            ? (visible.count == 1 ? sum <= 1 : sum == 0)
            : sum <= stack.spacing * Double(hidden)
        guard !tooSmall else { return nil }
        guard let last = sizes.lastIndex(where: { $0 > 0 }) else {
            // Every visible view 0 long, required, and lengths "not too
            // small" (negative spacing): the chain cannot fill the stack.
            throw .conflict("node\(index): fillProportionally of views without a length")
        }
        let whole = sum + stack.spacing * Double(visible.count - 1)
        let position = (all.firstIndex(of: visible[last]) ?? all.startIndex) - all.startIndex
        return (sizes.map { $0 / whole }, last, position)
    }

    /// The cost of a `fillProportionally` stack's length `T`: every view
    /// but the last with a length is `T × share` (its constraint, at 999
    /// and down, above its own priorities: see `stackProblem`), the last
    /// one takes the rest of the canvas, and its own constraint is broken
    /// by `|T × (1 − Σ shares) − fixed|` at its priority (UIKit's
    /// multipliers count the spacing that no constant takes off).
    func proportionalCost(
        _ index: Int, _ visible: [Int], _ plan: (shares: [Double], last: Int, position: Int),
        _ fixedLength: Double
    ) throws(_StackCostError) -> _Cost {
        var cost = _Cost()
        var others = 0.0
        for (k, child) in visible.enumerated() where k != plan.last {
            cost = cost + costs[child].composed(scale: plan.shares[k], offset: 0)
            others += plan.shares[k]
        }
        let rest = 1 - others
        guard rest > 1e-9 else {
            throw .unmodelled(
                "node\(index): proportions that leave the last view no share (negative spacing)")
        }
        cost = cost + costs[visible[plan.last]].composed(scale: rest, offset: -fixedLength)
        let slope = rest - plan.shares[plan.last]
        if abs(slope) > 1e-12 {
            cost.addEqual(
                fixedLength / slope, lane: lane(Self.proportionalBase - Float(plan.position)),
                weight: abs(slope))
        }
        // A view's required length bounds the stack only while the others'
        // proportions hold: past it the solver breaks one of them, at 999
        // and down (a capped image's ratio at 999 beside the stack took it
        // past a last label's required hugging, breaking the first view's
        // proportion; rows differential seed 3840044207). Not modelled
        // there, at least the lowest of those proportions a point.
        if visible.count > 1, cost.lo.isFinite || cost.hi.isFinite {
            let all = children(index)
            let positions = visible.enumerated().filter { $0.offset != plan.last }.map {
                (all.firstIndex(of: $0.element) ?? all.startIndex) - all.startIndex
            }
            var bound = _Slope()
            bound[lane(Self.proportionalBase - Float(positions.max() ?? 0))] = 1e-6
            cost.markUnmodelled(belowRequired: bound)
            cost.markUnmodelled(aboveRequired: bound)
        }
        return cost
    }
}
