// The direct path's tie-break by arranged index, as the engine's
// (StackView+TieBreak.swift): of views whose lengths tie at one priority,
// the earlier one gives way first.

extension _LanePlan {
    /// The weight, within its priority level, of the optional lengths of
    /// node `index` alone (its intrinsic pair, an optional fixed length):
    /// `_TieBreak.weight(rank:)` of its rank. Nodes are numbered in
    /// pre-order, the root stack 0, arranged views in order with the views
    /// inside each right after it, hidden ones too: the engine's ranks of
    /// the same tree built as views (`StackTree.makeViews`) under a root
    /// that is not itself in a stack.
    @inline(__always)
    func tieWeight(_ index: Int) -> Double { _TieBreak.weight(rank: index) }
}

extension _LanePlan {
    /// The engine's floor under a length of a view with an intrinsic size
    /// (`LayoutEngine.floor(under:at:_:_:_:)`, StackView+Floors.swift):
    /// `length >= 0` at its compression resistance priority, weighing
    /// `_TieBreak.floorWeight`; none at a required priority.
    @inline(__always)
    func addFloor(to cost: inout _Cost, compression: Float) {
        guard let weight = floorWeight(compression) else { return }
        cost.addAtLeast(0, lane: lane(compression), weight: weight)
    }

    /// The weight of that floor at compression resistance `compression`,
    /// nil where there is none (a required priority).
    @inline(__always)
    func floorWeight(_ compression: Float) -> Double? {
        compression < 1000 ? _TieBreak.floorWeight : nil
    }
}
