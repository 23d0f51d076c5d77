// Reading single values of the current solution, for callers that need a few
// of them after each change (a cell's height) rather than all of them.

extension Solver {
    /// The value `variable` has in the current solution, the one
    /// `updateVariables()` would write into it, without writing anything.
    /// A variable the solver does not hold answers its own `value`.
    ///
    ///     try solver.suggestValue(320, for: width)
    ///     let w = solver.currentValue(of: width)   // 320; width.value unchanged
    ///
    /// - Complexity: O(1).
    public func currentValue(of variable: Variable) -> Double {
        let symbol = _existingSymbol(for: variable)
        guard symbol >= 0 else { return variable.value }
        let row = _symbols[Int(symbol)].row
        return row >= 0 ? _rows[Int(row)].constant : 0
    }
}
