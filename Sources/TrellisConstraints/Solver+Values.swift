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
    /// - Complexity: O(1), or O(the chain behind it) for a variable kept as
    ///   a definition (Solver+Definitions.swift).
    public func currentValue(of variable: Variable) -> Double {
        _optimizeSuggestions()
        let symbol = _existingSymbol(for: variable)
        guard symbol >= 0 else { return variable.value }
        return value(at: SolverHandle(raw: symbol))
    }
}

// MARK: - Handles

/// A variable's place in one solver, for a caller that reads or suggests the
/// same few variables many times (a reused cell's engine: one suggestion and
/// two reads per row) without looking them up each time.
///
/// A handle belongs to the solver that made it and stays valid while that
/// solver's `membershipVersion` is unchanged: adding or removing a
/// constraint or an edit variable may move symbols and edit slots, while
/// solving, suggesting and changing constants do not. Check the version
/// before using a handle kept from earlier; a stale handle reads or changes
/// another variable.
public struct SolverHandle: Hashable, Sendable {
    @usableFromInline let raw: Int32
    /// The handle of no variable (`isValid` false).
    public static let none = SolverHandle(raw: -1)
    public var isValid: Bool { raw >= 0 }
}

extension Solver {
    /// A handle for reading `variable`'s current value (`value(at:)`); `.none`
    /// when no constraint of this solver holds the variable.
    public func valueHandle(for variable: Variable) -> SolverHandle {
        SolverHandle(raw: _existingSymbol(for: variable))
    }

    /// `currentValue(of:)` through a handle from `valueHandle(for:)`, valid
    /// as of the current `membershipVersion`.
    /// - Complexity: O(1), or O(the chain behind it) for a definition.
    public func value(at handle: SolverHandle) -> Double {
        if !_pendingSuggestions.isEmpty, let kept = _currentKeptValues(at: handle.raw, handle.raw) {
            return kept.0
        }
        _optimizeSuggestions()
        let row = _symbols[Int(handle.raw)].row
        guard row >= 0 else { return 0 }
        if _rows[Int(row)].isDefinition { return _definitionValue(of: handle.raw) }
        return _rows[Int(row)].constant
    }

    /// `value(at:)` for two handles at once (a width and a height),
    /// inlined into the caller.
    /// - Complexity: O(1), or O(the chains behind them) for definitions.
    @inlinable @inline(__always)
    public func values(at first: SolverHandle, _ second: SolverHandle) -> (Double, Double) {
        if !_pendingSuggestions.isEmpty, let kept = _currentKeptValues(at: first.raw, second.raw) {
            return kept
        }
        _optimizeSuggestions()
        let firstRow = _symbols[Int(first.raw)].row
        let secondRow = _symbols[Int(second.raw)].row
        guard firstRow >= 0, secondRow >= 0, !_rows[Int(firstRow)].isDefinition,
            !_rows[Int(secondRow)].isDefinition
        else { return (value(at: first), value(at: second)) }
        return (_rows[Int(firstRow)].constant, _rows[Int(secondRow)].constant)
    }

    /// `value(at:)` for a read the caller follows with other changes
    /// before it reads again: a reused cell's first pass, which reads the
    /// widths of its labels measured on one line, then measures them at
    /// those widths. While suggestions wait it is answered from a kept
    /// basis feasible for the current constants, the tableau left as it
    /// is (Solver+KeptReads.swift); reads through handles with no change
    /// between answer from the same basis.
    public func provisionalValue(at handle: SolverHandle) -> Double {
        if !_pendingSuggestions.isEmpty, let kept = _keptValues(at: handle.raw, handle.raw) {
            return kept.0
        }
        return value(at: handle)
    }

    /// Whether suggestions or optional constants wait for their dual
    /// optimisation (the next operation other than a provisional read
    /// runs it).
    public var hasWaitingSuggestions: Bool { !_pendingSuggestions.isEmpty }

    /// A handle for suggesting values for the edit variable `variable`
    /// (`suggestValue(_:at:)`); `.none` when it is not an edit variable.
    public func editHandle(for variable: Variable) -> SolverHandle {
        SolverHandle(raw: _editSlot(of: variable))
    }

    /// `suggestValue(_:for:)` through a handle from `editHandle(for:)`, valid
    /// as of the current `membershipVersion`.
    /// - Throws: `SolverError.nonFiniteNumber` for a NaN or infinite value.
    public func suggestValue(_ value: Double, at handle: SolverHandle) throws(SolverError) {
        guard value.isFinite else {
            throw .nonFiniteNumber("the suggested value \(value) for an edit variable")
        }
        _suggest(slot: handle.raw, value)
    }
}
