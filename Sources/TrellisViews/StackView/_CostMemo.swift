// The costs a plan keeps from one computation to the next along an axis
// (`_DirectPlan.computeCosts`).

/// The last cost of each node along one axis, and what it was made from
/// (see `computeCosts`).
struct _CostMemo<Slope: _SlopeLanes> {
    var costs: [_LaneCost<Slope>]
    var keys: [SIMD4<Double>]
    /// Whether the entry may be kept when its key matches.
    var valid: [Bool]
    /// Whether the last computation kept the node's cost (its parent may then too).
    var kept: [Bool]
    /// Vertical: each stack's subtree as last arranged (`replayArranged`).
    /// (Not optional: a record is read in place, field by field; `end` 0
    /// where there is none.)
    var arranged: [_ArrangedSubtree]

    init(count: Int = 0) {
        costs = Array(repeating: _LaneCost(), count: count)
        keys = Array(repeating: SIMD4(), count: count)
        valid = Array(repeating: false, count: count)
        kept = Array(repeating: false, count: count)
        arranged = Array(repeating: _ArrangedSubtree(), count: count)
    }
}
