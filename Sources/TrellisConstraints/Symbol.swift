// Symbols: the solver's internal unknowns, numbered by small integers.

/// A symbol id: an index into the solver's per-symbol arrays.
typealias _Symbol = Int32

/// No symbol.
let _noSymbol: _Symbol = -1

/// What a symbol stands for (Badros, Borning and Stuckey, section 4).
enum _SymbolKind: UInt8 {
    /// A user variable; unrestricted in sign.
    case external
    /// The slack of an inequality (>= 0); also the artificial variable of
    /// phase one.
    case slack
    /// The error of an optional constraint (>= 0); appears in the objective.
    case error
    /// The marker of a required equality; always 0, never pivoted in.
    case dummy
    /// An id on the free list.
    case free
}

/// Tolerance for treating a coefficient or constant as zero (Kiwi's value).
let _epsilon = 1.0e-8

/// Objective coefficients below this (in magnitude) are suspected of being
/// rounding residue when they decide an optimisation (see `_optimize`).
/// Far above `_epsilon`: residue of 1.2e-8 has been seen in a long-lived
/// tableau; far below any coefficient a layout writes (multipliers and
/// their products are rarely under 1e-3).
let _residueLimit = 1.0e-6

@inline(__always) func _nearZero(_ value: Double) -> Bool {
    value < _epsilon && value > -_epsilon
}
