// How far a solved layout misses each of its constraints, for tools that
// show a layout's constraints beside its frames (`trellis inspect`).

import TrellisGeometry

/// One installed constraint and how far the current solution misses it.
public struct ConstraintError {
    /// The constraint (engine-made ones included: content hugging and
    /// compression resistance, stack views' `UISV-*`, autoresizing, the
    /// encapsulated size).
    public let constraint: LayoutConstraint
    /// `|lhs − rhs|` for `==`, how far past its bound for `<=` and `>=`, in
    /// points; 0 when the constraint holds.
    public let error: Double

    /// Whether the constraint holds, to within a thousandth of a point
    /// (the solver's arithmetic leaves errors far below that).
    public var holds: Bool { error <= 1e-3 }
}

extension View {
    /// Every constraint installed in this view's hierarchy with how far the
    /// current solution misses it, most important first. A required
    /// constraint the engine broke to recover from a conflict is listed
    /// with its error; optional ones that give way to stronger ones too.
    /// The layout is solved first when it needs to be; frames are not changed.
    /// - Complexity: O(constraints) after the solve.
    public func constraintErrors() -> [ConstraintError] {
        let engine = rootView._engineCreatingIfNeeded()
        // The frame solve (a fitting solve may have been the last one).
        _ = engine.solvedFrames()
        return engine._violations().map {
            ConstraintError(constraint: $0.constraint, error: $0.error)
        }
    }
}
