// Reading a solved value from another module without a dynamic exclusivity
// check: `value` is `@exclusivity(unchecked)`, but a client module reading
// the stored property directly still emits `swift_beginAccess` (the
// attribute is not seen across modules); a call into this module does not.

extension Variable {
    /// The value written by the last `Solver.updateVariables()`, as `value`.
    ///
    /// Use it in hot loops of other modules (a view engine reading frames):
    /// it skips the exclusivity check a direct read of `value` costs there.
    /// - Complexity: O(1).
    @inline(never)
    public var solvedValue: Double { value }
}
