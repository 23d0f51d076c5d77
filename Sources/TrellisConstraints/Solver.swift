// Solver: the public face of the incremental Cassowary solver (Badros,
// Borning and Stuckey, "The Cassowary Linear Arithmetic Constraint Solving
// Algorithm", 2001) with a strictly ordered (lexicographic) objective.
// Adding and removing constraints live in Solver+Installing.swift, changing
// them in place in Solver+Updating.swift, the simplex steps in
// Solver+Simplex.swift, conflict reporting in Solver+Conflicts.swift.

/// An incremental linear constraint solver with Auto Layout's semantics.
///
/// Add and remove constraints, mark variables as edit variables and suggest
/// values for them, then call `updateVariables()` to write the solution into
/// each `Variable.value`:
///
///     let solver = Solver()
///     let width = Variable("width"), left = Variable("left")
///     try solver.add(left == 16)
///     try solver.add(Constraint(left + 100, .lessThanOrEqual, Expression(width)))
///     try solver.addEditVariable(width, priority: .defaultHigh)
///     try solver.suggestValue(320, for: width)
///     solver.updateVariables()            // width.value == 320, left.value == 16
///
/// Priorities are strict: optional constraints are satisfied level by level,
/// from the highest priority down; each level minimises the sum of its
/// constraints' errors without increasing any higher level's.
///
/// Unsatisfiable required constraints never throw: the solver leaves out the
/// constraint whose change caused the conflict (the one being added, or the
/// one whose constant is being changed), stays consistent, and returns a
/// `ConstraintConflict` (also kept in `brokenConstraints`).
///
/// Misuse (adding twice, removing what is not installed, NaN numbers, invalid
/// priorities) throws a `SolverError` and changes nothing.
///
/// A solver is not thread-safe; use one per thread.
public final class Solver {
    // State is `@exclusivity(unchecked)`: the solver is single-threaded and
    // never re-enters itself, and dynamic exclusivity checks on these arrays
    // cost about half of all instructions in the benchmarks (callgrind).

    /// Per-symbol data, indexed by symbol id.
    @exclusivity(unchecked) @usableFromInline var _symbols: [_SymbolInfo] = []
    @exclusivity(unchecked) var _freeSymbols: [_Symbol] = []

    /// The tableau: dense rows, each with its basic symbol.
    @exclusivity(unchecked) @usableFromInline var _rows: [_Row] = []
    /// Bumped whenever the tableau's terms change (not its constants); keys
    /// the cached columns of edit markers.
    @exclusivity(unchecked) var _structureVersion: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var _membershipVersion: UInt64 = 0
    /// Bumped whenever a constraint or an edit variable is added or removed:
    /// solver handles (`valueHandle(for:)`, `editHandle(for:)`) stay valid
    /// until it changes. (A computed property: another module reading a
    /// stored one would check exclusivity at run time on every read. It
    /// is inlined into callers, which read the unchecked storage.)
    @inlinable public var membershipVersion: UInt64 { _membershipVersion }

    /// Columns (Solver+Columns.swift), kept once the tableau is large: per
    /// symbol, the head of its list of rows in `_columnNodes`, and a mark for
    /// dropping repeated nodes.
    @exclusivity(unchecked) var _columnsEnabled = false
    /// Tableaus with more rows than this keep columns (from then on); 128
    /// keeps cell-sized systems on plain scans: a scan tests one filter
    /// per row, where columns are re-collected after every pivot (PostCell,
    /// about 100 rows: 64 -> 128 took 10% of its reused engine's
    /// instructions per row, callgrind).
    @exclusivity(unchecked) var _columnThreshold = 128
    /// Objective levels longer than this are indexed (see `_ObjectiveRow`).
    @exclusivity(unchecked) var _objectiveIndexThreshold = 32
    @exclusivity(unchecked) var _columnHeads: [Int32] = []
    @exclusivity(unchecked) var _columnSeen: [UInt32] = []
    @exclusivity(unchecked) var _columnEpoch: UInt32 = 0
    @exclusivity(unchecked) var _columnNodes: [_ColumnNode] = []
    @exclusivity(unchecked) var _freeColumnNode: Int32 = -1
    /// The rows found by the last `_collectColumn`, and the index of the
    /// symbol's term in each.
    @exclusivity(unchecked) var _columnRows: [Int32] = []
    @exclusivity(unchecked) var _columnTerms: [Int32] = []
    /// Symbol → term index while long rows are merged; -1 otherwise.
    @exclusivity(unchecked) var _scratchPositions: [Int32] = []

    /// Definitions (Solver+Definitions.swift): whether new constraints may
    /// become definitions once columns are kept, how many rows are
    /// definitions, and per-symbol scratch for evaluating and expanding them
    /// (a value or coefficient, and the epoch that makes it current).
    @exclusivity(unchecked) var _definitionsEnabled = true
    @exclusivity(unchecked) var _definitionCount = 0
    @exclusivity(unchecked) var _definitionScratch: [Double] = []
    @exclusivity(unchecked) var _definitionMarks: [UInt32] = []
    @exclusivity(unchecked) var _definitionEpoch: UInt32 = 0
    @exclusivity(unchecked) var _definitionOrder = _ScratchList<_Symbol>()
    @exclusivity(unchecked) var _collectStack = _ScratchList<_WalkStep>()
    @exclusivity(unchecked) var _definitionStack: [(symbol: _Symbol, next: Int)] = []
    /// Scratch lists of `_expansion(of:)`, empty between calls.
    @exclusivity(unchecked) var _expansionMet = _ScratchList<_Symbol>()
    @exclusivity(unchecked) var _expansionParametric = _ScratchList<_Symbol>()
    /// The stack of `_definitionsReach`.
    @exclusivity(unchecked) var _reachStack = _ScratchList<_Symbol>()

    // The objective, one row per optional priority level, highest first.
    // During phase one the artificial objective is appended after them.
    @exclusivity(unchecked) var _objective: [_ObjectiveRow] = []
    /// Whether `_optimize` last stopped optimal over `_optimalLevels` and
    /// no level was added, removed or replaced since (the levels' own
    /// changes mark them dirty, `_ObjectiveRow.isDirty`), and whether
    /// residue kept a symbol out then: an optimisation of the same levels
    /// finds no entering symbol again, and is skipped.
    @exclusivity(unchecked) var _optimalValid = false
    @exclusivity(unchecked) var _optimalLevels: Range<Int> = 0..<0
    @exclusivity(unchecked) var _optimalResidueBlocked = false
    @exclusivity(unchecked) var _levelPriority: [Priority] = []
    @exclusivity(unchecked) var _levelUsers: [Int32] = []

    /// Basic symbols of rows that may have become infeasible (dual simplex).
    @exclusivity(unchecked) var _infeasible: [_Symbol] = []

    /// Suggestions (and optional constraints' new constants) whose dual
    /// optimisation waits for the next read or change
    /// (Solver+Updating.swift, "Batched suggestions"), oldest first: the
    /// record's slot and its constant before and after. Empty exactly
    /// when `_infeasible` is (between operations).
    @exclusivity(unchecked) @usableFromInline var _pendingSuggestions:
        [(slot: Int32, old: Double, new: Double)] = []

    // Bases kept for constant changes (Solver+BasisPool.swift).
    @exclusivity(unchecked) var _basisPoolEnabled = true
    @exclusivity(unchecked) var _basisPool: [_KeptBasis] = []
    @exclusivity(unchecked) var _basisPoolMembership: UInt64 = 0
    @exclusivity(unchecked) var _basisPoolUses = 0
    /// Dual optimisations a kept basis replaced (for tests and profiles).
    @exclusivity(unchecked) var _basisPoolHits = 0
    @exclusivity(unchecked) var _basisFingerprint: UInt64 = 0
    /// Pivots and rows merged by substitutions so far (for tests that check
    /// that building a system costs what it touches).
    @exclusivity(unchecked) var _pivotCount = 0
    @exclusivity(unchecked) var _substitutedRowCount = 0
    @exclusivity(unchecked) var _basisShift: [Double] = []
    /// The rows `_basisShift` holds shifts for: the first `_basisTouchedCount`
    /// entries (sized as `_basisShift`, so filling it appends nothing).
    @exclusivity(unchecked) var _basisTouched: [Int32] = []
    @exclusivity(unchecked) var _basisTouchedCount = 0
    @exclusivity(unchecked) var _basisTouchedFlags: [Bool] = []
    @exclusivity(unchecked) var _basisWatched: [Bool] = []
    @exclusivity(unchecked) var _basisWatchedSlots: [Int32] = []
    @exclusivity(unchecked) var _liveColumns: [[_ColumnEntry]] = []
    @exclusivity(unchecked) var _liveColumnMade: [Bool] = []
    @exclusivity(unchecked) var _liveColumnsVersion: UInt64 = .max
    /// A read answered from a kept basis (Solver+KeptReads.swift): its
    /// index in the pool, its rows' shifts left in `_basisShift`, while
    /// `_keptReadStamp` is current; -1 for none. `_constantVersion` counts
    /// constant changes; `_keptReadFingerprint` is the basis last read so.
    @exclusivity(unchecked) var _keptRead = -1
    @exclusivity(unchecked) var _keptReadFingerprint: UInt64 = 0
    @exclusivity(unchecked) var _keptReadStamp: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// `isSettled(at:above:)`'s answers (Solver+SettledValues.swift), by
    /// what each was for (the basis's fingerprint, the membership version,
    /// the symbol, the priority), with the basic symbols of the degenerate
    /// rows each rested on; and its scratch.
    @exclusivity(unchecked) var _settledKeys: [(UInt64, UInt64, Int32, Float)] = []
    @exclusivity(unchecked) var _settledAnswers: [Bool] = []
    @exclusivity(unchecked) var _settledRows: [[_Symbol]] = []
    @exclusivity(unchecked) var _settledNext = 0
    @exclusivity(unchecked) var _settledForcingRows: [_Symbol] = []
    @exclusivity(unchecked) var _settledOpen: [_Symbol] = []
    @exclusivity(unchecked) var _settledForced: [_Symbol] = []
    @exclusivity(unchecked) var _constantVersion: UInt64 = 0

    /// Per symbol, whether it may move on the optimal face (set by
    /// `_prepareMovability`, Solver+Movability.swift).
    @exclusivity(unchecked) var _movableSymbols: [Bool] = []
    /// Per symbol, whether its value in parametric symbols may hold a
    /// movable one: 0 not known yet, 1 no, 2 yes (`_reachesMovable`).
    @exclusivity(unchecked) var _movableReach: [UInt8] = []

    /// Row storage (Solver+RowStorage.swift): the pool new rows' term
    /// arrays come from and freed rows' go back to, arrays taken from it
    /// not used yet, and whether a class of it was found empty (then not
    /// asked again); the same for the constraints `_makeConstraint` makes
    /// (Solver+ConstraintPool.swift), and whether it made any.
    @exclusivity(unchecked) var _rowStoragePool = _RowStoragePool.shared
    @exclusivity(unchecked) var _spareSmallTerms: [_Row] = []
    @exclusivity(unchecked) var _spareLargeTerms: [_Row] = []
    @exclusivity(unchecked) var _rowStoragePoolDrained = (small: false, large: false)
    @exclusivity(unchecked) var _constraintPool = _ConstraintPool.shared
    @exclusivity(unchecked) var _spareConstraints: [Constraint] = []
    @exclusivity(unchecked) var _constraintPoolDrained = false
    @exclusivity(unchecked) var _madeConstraints = false

    // Installed constraints (and edit constraints), in slots.
    @exclusivity(unchecked) var _records: [_Record] = []
    @exclusivity(unchecked) var _freeRecords: [Int32] = []
    @exclusivity(unchecked) var _installCount: UInt64 = 0

    // Variables held by the solver, dense. Unretained: every variable held
    // is a term of an installed constraint (or edit), which the records
    // retain, and it leaves this list before its last such constraint
    // leaves the records (`_uninstall`, `_discardFailedRecord`). Retaining
    // it here again cost a fresh cell solver an atomic retain and release
    // per variable.
    @exclusivity(unchecked) var _variables: [Unmanaged<Variable>] = []
    @exclusivity(unchecked) var _variableInfo: [_VariableInfo] = []
    /// Symbols of variables whose fast-path cache belongs to another solver.
    @exclusivity(unchecked) var _foreignVariables: [ObjectIdentifier: _Symbol] = [:]

    /// Required constraints this solver left out, with what they conflicted
    /// with, oldest first. An entry goes away when its constraint is added
    /// again (successfully or not) or `removeAllBrokenConstraints()` is called.
    public var brokenConstraints: [ConstraintConflict] {
        _optimizeSuggestions()
        return _brokenConstraints
    }
    @exclusivity(unchecked) var _brokenConstraints: [ConstraintConflict] = []

    /// This solver's address, the key of the variables' symbol cache.
    // An address compared, never dereferenced: nothing is retained or read through it.
    var _token: UInt { UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

    /// Creates an empty solver.
    public init() {}

    /// Makes the solver keep columns and index its objective levels from the
    /// first row on, as it does for large systems, so tests of small systems
    /// check those paths too (they must give the same pivots and results).
    func _useLargeSystemStructures() {
        _columnThreshold = 0
        _objectiveIndexThreshold = 0
    }

    deinit {
        // The records (destroyed after this body) keep the variables alive.
        let token = _token
        for variable in _variables {
            variable._withUnsafeGuaranteedRef {
                if $0._owner == token {
                    $0._owner = 0
                    $0._symbol = _noSymbol
                }
            }
        }
        for i in _records.indices where _records[i].constraint?._isIn(self) == true {
            _records[i].constraint?._solver = nil
            _records[i].constraint?._slot = -1
        }
        if _madeConstraints { _recycleConstraints() }
        _recycleRowStorage()
        _definitionOrder.deallocate()
        _collectStack.deallocate()
        _expansionMet.deallocate()
        _expansionParametric.deallocate()
        _reachStack.deallocate()
    }

    // MARK: Constraints

    /// Installs `constraint`.
    ///
    /// A required constraint that cannot hold together with the installed
    /// required constraints is left out: the solver is unchanged, the returned
    /// conflict names it and installed constraints it conflicts with, and it
    /// is appended to `brokenConstraints`.
    ///
    /// - Throws: `SolverError` if the constraint is already installed (here or
    ///   in another solver), has a non-finite number or an invalid priority.
    /// - Complexity: building the row, O(its length), plus per simplex pivot
    ///   (usually none or a few) O(rows holding the entering symbol × their
    ///   length): large systems keep each symbol's column (Solver+Columns).
    ///   In a large system (past 128 rows) a constraint whose subject no
    ///   ordinary row holds is kept as written (a definition,
    ///   Solver+Definitions.swift), so a chain of n equalities (a long
    ///   stack) costs O(n) where Kiwi's rows would hold O(n²) terms.
    @discardableResult
    public func add(_ constraint: Constraint) throws(SolverError) -> ConstraintConflict? {
        _optimizeSuggestions()
        try _checkNotInstalled(constraint)
        try _validate(constraint)
        let conflict = _install(constraint, isEdit: false)
        _forgetBroken(constraint)
        if let conflict { _brokenConstraints.append(conflict) }
        return conflict
    }

    /// Removes an installed constraint.
    ///
    /// - Complexity: the paper's removal, plus, for a constraint kept as a
    ///   definition, its expansion (O(the chain behind it)).
    ///
    /// - Throws: `SolverError.unknownConstraint` if it is not installed here.
    public func remove(_ constraint: Constraint) throws(SolverError) {
        _optimizeSuggestions()
        guard constraint._isIn(self), !_records[Int(constraint._slot)].isEdit else {
            throw .unknownConstraint(constraint.description)
        }
        _uninstall(slot: constraint._slot)
    }

    /// Whether `constraint` is installed in this solver.
    public func contains(_ constraint: Constraint) -> Bool {
        constraint._isIn(self) && !_records[Int(constraint._slot)].isEdit
    }

    /// Whether `constraint` is installed here with `constant` as its
    /// constant already, so that `setConstant(constant, for:)` would change
    /// nothing (false for a constant that is not a number).
    public func holds(_ constraint: Constraint, constant: Double) -> Bool {
        constraint._isIn(self) && !_records[Int(constraint._slot)].isEdit
            && _records[Int(constraint._slot)].constant == constant
    }

    /// The installed constraints (not edit variables), in installation order.
    public var constraints: [Constraint] {
        _records.filter { $0.constraint != nil && !$0.isEdit }
            .sorted { $0.serial < $1.serial }
            .compactMap { $0.constraint }
    }

    /// Changes a constraint's constant (`terms relation constant`) without
    /// rebuilding the tableau: the change is carried by the constraint's marker
    /// symbol and the dual simplex restores optimality, as Kiwi does for edit
    /// variables.
    ///
    /// For a constraint that is not installed anywhere, only the stored
    /// constant changes. If the new constant makes required constraints
    /// unsatisfiable, this constraint is left out (removed, keeping its new
    /// constant) and the conflict is returned and recorded in
    /// `brokenConstraints`. An optional constraint's constant cannot do
    /// that: like a suggestion, it waits for one dual optimisation with the
    /// suggestions and optional constants around it, at the next read or
    /// other change.
    ///
    /// - Throws: `SolverError` for a non-finite constant or a constraint
    ///   installed in another solver.
    /// - Complexity: O(rows holding the marker) when it is not basic (the
    ///   column is cached until the tableau's terms change), plus the dual
    ///   simplex pivots (usually none or a few; for an optional constraint,
    ///   at the next read or change).
    @discardableResult
    public func setConstant(_ constant: Double, for constraint: Constraint) throws(SolverError)
        -> ConstraintConflict?
    {
        guard constant.isFinite else {
            throw .nonFiniteNumber("the new constant \(constant) for \(constraint)")
        }
        if constraint._solverReference == nil {
            constraint.constant = constant
            return nil
        }
        guard constraint._isIn(self), !_records[Int(constraint._slot)].isEdit else {
            throw .constraintInAnotherSolver(constraint.description)
        }
        return _changeConstant(slot: constraint._slot, to: constant)
    }

    /// Changes a constraint's priority.
    ///
    /// On an installed constraint, a change between two optional priorities
    /// moves its error to the other level of the objective and re-optimises
    /// (no rebuild); a change between required and optional throws, as UIKit
    /// does. A constraint not installed anywhere just takes the priority.
    ///
    /// - Throws: `SolverError` for an invalid priority, a required/optional
    ///   change on an installed constraint, or a constraint in another solver.
    public func setPriority(_ priority: Priority, for constraint: Constraint) throws(SolverError) {
        _optimizeSuggestions()
        guard priority.isValid else {
            throw .invalidPriority(priority.rawValue, constraint.description)
        }
        if constraint._solverReference == nil {
            constraint.priority = priority
            return
        }
        guard constraint._isIn(self), !_records[Int(constraint._slot)].isEdit else {
            throw .constraintInAnotherSolver(constraint.description)
        }
        let old = constraint.priority
        guard old.isRequired == priority.isRequired else {
            throw .requiredPriorityChange(from: old, to: priority, constraint.description)
        }
        guard old != priority else { return }
        _moveErrors(slot: constraint._slot, from: old, to: priority)
    }

    /// Forgets the recorded conflicts.
    public func removeAllBrokenConstraints() {
        _optimizeSuggestions()
        _brokenConstraints.removeAll()
    }

    // MARK: Edit variables

    /// Makes `variable` an edit variable: a value suggested for it with
    /// `suggestValue(_:for:)` is held at `priority` (which must be optional).
    /// Until the first suggestion the suggested value is 0.
    ///
    /// - Throws: `SolverError` if it already is an edit variable or the
    ///   priority is required or invalid.
    public func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        _optimizeSuggestions()
        guard priority.isValid else {
            throw .invalidPriority(priority.rawValue, "edit variable \(variable)")
        }
        guard !priority.isRequired else { throw .requiredEditVariable(variable.description) }
        guard _editSlot(of: variable) < 0 else {
            throw .duplicateEditVariable(variable.description)
        }
        let constraint = Constraint(
            relation: .equal, constant: 0, priority: priority, identifier: nil, weight: 1)
        constraint._appendTerm(Term(variable))
        _ = _install(constraint, isEdit: true)  // optional: always satisfiable
        let index = Int(_symbols[Int(_existingSymbol(for: variable))].owner)
        _variableInfo[index].edit = constraint._slot
    }

    /// Stops editing `variable`.
    ///
    /// - Throws: `SolverError.unknownEditVariable` if it is not an edit variable.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        _optimizeSuggestions()
        let slot = _editSlot(of: variable)
        guard slot >= 0 else { throw .unknownEditVariable(variable.description) }
        let index = Int(_symbols[Int(_existingSymbol(for: variable))].owner)
        _variableInfo[index].edit = -1
        _uninstall(slot: slot)
    }

    /// Whether `variable` is an edit variable of this solver.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        _editSlot(of: variable) >= 0
    }

    /// Suggests a value for an edit variable; the solver re-optimises with
    /// the dual simplex, once for all the suggestions made before the next
    /// read or change (values, `updateVariables()`, constraints, constants):
    /// suggest every edit of an update, then read.
    ///
    /// - Throws: `SolverError` if `variable` is not an edit variable or the
    ///   value is not finite.
    /// - Complexity: O(rows holding the edit's marker), cached between
    ///   suggestions; the next read adds the dual simplex pivots (often none).
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        let slot = _editSlot(of: variable)
        guard slot >= 0 else { throw .unknownEditVariable(variable.description) }
        guard value.isFinite else {
            throw .nonFiniteNumber("the suggested value \(value) for \(variable)")
        }
        _suggest(slot: slot, value)
    }

    // MARK: Results

    /// Writes the current solution into `value` of every variable the solver
    /// holds.
    ///
    /// - Complexity: O(variables), plus O(terms of the definitions) when
    ///   there are any (each is evaluated once).
    public func updateVariables() {
        _optimizeSuggestions()
        if _definitionCount > 0 { return _updateVariablesWithDefinitions() }
        _variables.withUnsafeBufferPointer { variables in
            _variableInfo.withUnsafeBufferPointer { info in
                _symbols.withUnsafeBufferPointer { symbols in
                    _rows.withUnsafeBufferPointer { rows in
                        for i in 0..<variables.count {
                            let row = symbols[Int(info[i].symbol)].row
                            let value = row >= 0 ? rows[Int(row)].constant : 0
                            variables[i]._withUnsafeGuaranteedRef { $0.value = value }
                        }
                    }
                }
            }
        }
    }

    /// True once an optimisation met an objective that rounding had made
    /// unbounded, or stopped where only rounding residue at a higher level
    /// kept a symbol from improving a lower one (see `_optimize`): the
    /// current solution may not be optimal. Build a new solver from the same
    /// constraints (the layout engine does) to get the exact answer back.
    public internal(set) var isDegraded: Bool {
        @inlinable get { _isDegraded }
        set { _isDegraded = newValue }
    }
    /// `isDegraded`'s storage, read without a dynamic exclusivity check as
    /// the rest of the solver's state. A public stored property would not
    /// do: another module reading it (the layout engine, once a row) checks
    /// it dynamically whatever its attribute says (callgrind, listbench).
    @exclusivity(unchecked) @usableFromInline var _isDegraded = false

    /// Set by `_enteringSymbol` when a symbol that would improve a level was
    /// kept out only by a coefficient of residue size (below
    /// `_residueLimit`) at a higher level.
    @exclusivity(unchecked) var _residueBlocked = false

    /// Whether the required constraints alone fix `variable`'s value.
    ///
    /// Computed from the tableau: the variable is basic and its row contains
    /// only dummy symbols, i.e. it equals a constant plus markers of required
    /// equalities (which are always 0). Optional constraints and edit
    /// variables cannot fix it; neither can required inequalities unless
    /// they are combined into an equality in the tableau, so a variable
    /// pinned only by two opposite inequalities (`x >= 5`, `x <= 5`) may be
    /// reported as not determined. A variable the solver does not hold is not
    /// determined.
    ///
    /// - Complexity: O(row length).
    public func isDetermined(_ variable: Variable) -> Bool {
        _optimizeSuggestions()
        let symbol = _existingSymbol(for: variable)
        guard symbol >= 0 else { return false }
        let row = _symbols[Int(symbol)].row
        guard row >= 0 else { return false }
        let terms =
            _rows[Int(row)].isDefinition ? _expansion(of: symbol).terms : _rows[Int(row)].terms
        for term in terms where _symbols[Int(term.symbol)].kind != .dummy {
            return false
        }
        return true
    }

    // MARK: Checks

    func _checkNotInstalled(_ constraint: Constraint) throws(SolverError) {
        if constraint._isIn(self) {
            if _records[Int(constraint._slot)].isEdit {
                throw .constraintInAnotherSolver(constraint.description)
            }
            throw .duplicateConstraint(constraint.description)
        }
        if constraint._solverReference != nil {
            throw .constraintInAnotherSolver(constraint.description)
        }
    }

    func _forgetBroken(_ constraint: Constraint) {
        if !_brokenConstraints.isEmpty {
            _brokenConstraints.removeAll { $0.broken === constraint }
        }
    }
}

/// What the solver knows about one symbol.
@usableFromInline
struct _SymbolInfo {
    /// The index in `_rows` of the row where the symbol is basic, or -1.
    @usableFromInline var row: Int32
    /// Record slot for slack, error and dummy symbols; variable index for
    /// external symbols; -1 for the artificial variable.
    var owner: Int32
    var kind: _SymbolKind
}

/// What the solver knows about one variable it holds.
struct _VariableInfo {
    var symbol: _Symbol
    /// How many installed constraints (and edits) use the variable.
    var uses: Int32
    /// The record slot of the variable's edit constraint, or -1.
    var edit: Int32
}

/// One installed constraint: its markers in the tableau.
struct _Record {
    var constraint: Constraint?
    /// The slack, error (plus) or dummy symbol that identifies the constraint's
    /// row (the paper's marker).
    var marker: _Symbol
    /// The second error symbol (minus, or the error of an optional
    /// inequality), or -1.
    var other: _Symbol
    /// 1 / (the marker's coefficient in the constraint's original row).
    var markerScale: Double
    /// Installation order, for deterministic reports.
    var serial: UInt64
    var isEdit: Bool
    /// The constraint's constant as installed (read here, not from the
    /// constraint object, on the suggestion path).
    var constant: Double = 0
    /// The symbol the constraint defines when its row is a definition
    /// (Solver+Definitions.swift), else -1.
    var definition: _Symbol = _noSymbol
    /// For edit constraints: the rows holding the marker and its
    /// coefficients, valid while `columnVersion` equals the solver's
    /// `_structureVersion` (suggestions then skip the scan of all rows).
    var column: [_ColumnEntry] = []
    var columnVersion: UInt64 = .max
}

/// A row holding an edit constraint's marker: the row's index, the kind of
/// its basic symbol (which decides when its constant is infeasible) and the
/// marker's coefficient. Valid while the tableau's structure is unchanged:
/// rows move and basic symbols change only with it.
struct _ColumnEntry {
    var row: Int32
    var basicKind: _SymbolKind
    var coefficient: Double
}
