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

@inline(__always) func _nearZero(_ value: Double) -> Bool {
    value < _epsilon && value > -_epsilon
}
