// Constraint: a linear relation between expressions with a priority, and the
// comparison operators that build one.

/// How the two sides of a constraint compare.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual

    public var description: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }
}

/// A linear constraint `lhs relation rhs` with a priority.
///
/// The constraint is stored with its variables on the left and its constant on
/// the right: `terms relation constant`, where `terms` is `lhs - rhs` without
/// constants (each variable once) and `constant` is `rhs.constant -
/// lhs.constant`. That `constant` is UIKit's `NSLayoutConstraint.constant`
/// for `item1 == m * item2 + constant`, and is what
/// `Solver.setConstant(_:for:)` changes.
///
///     let c = Constraint(title.left, .equal, cover.right + 16, priority: .required)
///     // c.terms: title.left - cover.right, c.constant: 16
///
/// A constraint is installed in at most one solver at a time. It is checked
/// (finite numbers, valid priority) when added to a solver.
public final class Constraint: CustomStringConvertible {
    /// The variable terms of `lhs - rhs`, one per variable, in first-use order.
    public var terms: [Term] {
        if _termCount > Self._inlineTermCapacity { return _spilledTerms }
        var terms: [Term] = []
        terms.reserveCapacity(_termCount)
        for i in 0..<_termCount { terms.append(_term(at: i)) }
        return terms
    }
    // The terms, in order: up to `_inlineTermCapacity` held here (nil past
    // `_termCount`), more all in `_spilledTerms` (the four then nil). A
    // layout constraint has one to four terms (two edges, each a variable
    // or a variable and a size): held here, they cost no heap object of
    // their own, so making and freeing a constraint allocates and frees one
    // object, not two. Written only while the constraint is built.
    @exclusivity(unchecked) @usableFromInline var _term0: Term? = nil
    @exclusivity(unchecked) @usableFromInline var _term1: Term? = nil
    @exclusivity(unchecked) @usableFromInline var _term2: Term? = nil
    @exclusivity(unchecked) @usableFromInline var _term3: Term? = nil
    @exclusivity(unchecked) @usableFromInline var _spilledTerms: [Term] = []
    /// The number of terms.
    @exclusivity(unchecked) @usableFromInline package internal(set) var _termCount = 0
    /// How many terms are held in the constraint itself.
    @inlinable static var _inlineTermCapacity: Int { 4 }
    /// How `terms` compares with `constant`.
    @exclusivity(unchecked) public internal(set) var relation: Relation
    /// The right-hand constant: the constraint reads `terms relation constant`.
    // Unchecked as the solver's state (see Solver): one thread, read on every pivot.
    @exclusivity(unchecked) public internal(set) var constant: Double
    /// The priority; `.required` constraints must hold.
    @exclusivity(unchecked) public internal(set) var priority: Priority
    /// A name for logs, like `NSLayoutConstraint.identifier`.
    @exclusivity(unchecked) public internal(set) var identifier: String?
    /// What one unit of this optional constraint's error costs against the
    /// other errors at its priority (1 for every constraint a user makes).
    /// Priorities stay strict; within one level the solver minimises the
    /// weighted sum, so of two constraints that could give way equally, the
    /// lighter one does. The layout engine uses it for UIKit's tie-break of
    /// stack views by arranged index (TrellisViews, `_TieBreak`). Must be
    /// finite and positive (checked when the constraint is added).
    @exclusivity(unchecked) public internal(set) var weight: Double
    /// Whether `Solver._makeConstraint` made it: a freed solver gives it
    /// to the pool when nothing else holds it (Solver+ConstraintPool.swift).
    @exclusivity(unchecked) var _recyclable = false

    // Where this constraint is installed: the solver and its record slot.
    // Unretained: the solver clears it on removal and in its `deinit`.
    @exclusivity(unchecked) var _solverReference: Unmanaged<Solver>? = nil
    @exclusivity(unchecked) var _slot: Int32 = -1
    /// Where a client keeps what this constraint stands for (the layout
    /// engine: the index of its layout constraint in the engine's store);
    /// -1 when none. The solver never reads it. (A computed property over
    /// unchecked storage: another module writing a stored property checks
    /// exclusivity at run time on every access, whatever its attribute
    /// says; inlined, the caller reads and writes the storage unchecked.)
    @inlinable package var _clientIndex: Int {
        get { _clientIndexStorage }
        set { _clientIndexStorage = newValue }
    }
    @exclusivity(unchecked) @usableFromInline var _clientIndexStorage: Int = -1

    var _solver: Solver? {
        get { _solverReference?.takeUnretainedValue() }
        set { _solverReference = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// Whether the constraint is installed in `solver` (or is an edit
    /// there), compared by address: reading `_solver` to compare it
    /// retains and releases the solver, on every constant change.
    @inline(__always)
    func _isIn(_ solver: Solver) -> Bool {
        _solverReference?.toOpaque() == Unmanaged.passUnretained(solver).toOpaque()
    }

    /// Creates `lhs relation rhs` at `priority`.
    ///
    /// - Complexity: O(n²) in the number of terms when variables repeat
    ///   (terms of one variable are merged); constraints have a few terms.
    public init(
        _ lhs: __owned Expression, _ relation: Relation, _ rhs: __owned Expression,
        priority: Priority = .required, identifier: String? = nil, weight: Double = 1
    ) {
        self.relation = relation
        self.constant = rhs.constant - lhs.constant
        self.priority = priority
        self.identifier = identifier
        self.weight = weight
        if rhs.terms.isEmpty && Constraint.isMerged(lhs.terms) {
            _setTerms(lhs.terms)  // the common `expression relation constant`
        } else {
            accumulate(lhs.terms, times: 1)
            accumulate(rhs.terms, times: -1)
            _removeZeroTerms()
        }
    }

    /// `variable relation rhs` at `priority`, built without an intermediate
    /// expression for the variable (the common anchor-to-expression shape).
    convenience init(
        _ variable: Variable, _ relation: Relation, _ rhs: Expression,
        priority: Priority = .required, identifier: String? = nil
    ) {
        self.init(
            relation: relation, constant: rhs.constant, priority: priority,
            identifier: identifier, weight: 1)
        _appendTerm(Term(variable))
        accumulate(rhs.terms, times: -1)
        _removeZeroTerms()
    }

    /// `variable relation constant` (or, `negated`, `-variable relation
    /// -constant`) at required priority.
    convenience init(
        _ variable: Variable, _ relation: Relation, _ constant: Double, negated: Bool = false
    ) {
        self.init(
            relation: relation, constant: negated ? 0 - constant : constant,
            priority: .required, identifier: nil, weight: 1)
        _appendTerm(Term(variable, negated ? -1 : 1))
    }

    /// Adds `factor * terms` to this constraint's terms, one term per
    /// variable.
    func accumulate(_ terms: [Term], times factor: Double) {
        for term in terms { _addTerm(term.variable, factor * term.coefficient) }
    }

    /// Whether every variable appears once, with a non-zero coefficient.
    static func isMerged(_ terms: [Term]) -> Bool {
        for i in terms.indices {
            if terms[i].coefficient == 0 { return false }
            for j in 0..<i where terms[j].variable === terms[i].variable { return false }
        }
        return true
    }

    /// A constraint over terms already merged (one per variable, none 0),
    /// `terms relation constant`: for the layout engine, which merges them
    /// as it builds them.
    package convenience init(
        mergedTerms: [Term], relation: Relation, constant: Double, priority: Priority,
        identifier: String?, weight: Double = 1
    ) {
        self.init(
            relation: relation, constant: constant, priority: priority, identifier: identifier,
            weight: weight)
        _setTerms(mergedTerms)
    }

    /// A constraint with no terms yet, `0 relation constant`: its builder
    /// adds them (`_addTerm`, `_appendTerm`) before it is used. The layout
    /// engine builds its solver forms so, each term straight into the
    /// constraint.
    package init(
        relation: Relation, constant: Double, priority: Priority, identifier: String?,
        weight: Double
    ) {
        self.relation = relation
        self.constant = constant
        self.priority = priority
        self.identifier = identifier
        self.weight = weight
    }

    /// A copy of this constraint (not installed) at another priority.
    public func withPriority(_ priority: Priority) -> Constraint {
        let copy = Constraint(
            relation: relation, constant: constant, priority: priority, identifier: identifier,
            weight: weight)
        for i in 0..<_termCount { copy._appendTerm(_term(at: i)) }
        return copy
    }

    /// `lhs - rhs`: the expression the relation compares with zero.
    public var expression: Expression { Expression(terms: terms, constant: -constant) }

    /// Whether the constraint holds for the variables' current values, within
    /// `tolerance`.
    public func isSatisfied(tolerance: Double = 1e-6) -> Bool {
        let value = violation
        return value <= tolerance
    }

    /// How far the current variable values are from satisfying the
    /// constraint: 0 when it holds, else the distance between the sides.
    public var violation: Double {
        var lhs = 0.0
        _forEachTerm { coefficient, variable in
            lhs += coefficient * variable._withUnsafeGuaranteedRef { $0.value }
        }
        return Self._violation(lhs - constant, relation)
    }

    /// The violation of a constraint whose left side less its constant is
    /// `difference`.
    @inline(__always)
    static func _violation(_ difference: Double, _ relation: Relation) -> Double {
        switch relation {
        case .equal: return abs(difference)
        case .lessThanOrEqual: return max(0, difference)
        case .greaterThanOrEqual: return max(0, -difference)
        }
    }

    public var description: String {
        var text = "\(Expression(terms: terms)) \(relation) \(formatNumber(constant))"
        if !priority.isRequired { text += " @\(priority)" }
        if let identifier { text = "\(identifier): " + text }
        return text
    }
}

/// A required constraint the solver left out because it could not be
/// satisfied together with installed required constraints.
///
/// This is what a log needs to print UIKit's "Unable to simultaneously
/// satisfy constraints … Will attempt to recover by breaking constraint …":
/// `conflicting` are installed required constraints that, together with
/// `broken`, have no solution, in the order they were installed. The set is
/// read from the simplex's certificate of infeasibility, then made minimal:
/// without any one of them, `broken` could be satisfied.
public struct ConstraintConflict: CustomStringConvertible {
    /// The constraint that was left out.
    public let broken: Constraint
    /// Installed required constraints that conflict with `broken`.
    public let conflicting: [Constraint]

    public var description: String {
        var lines = ["Unable to simultaneously satisfy constraints:"]
        for constraint in conflicting { lines.append("    \(constraint)") }
        lines.append("    \(broken)")
        lines.append("Recovered by breaking constraint: \(broken)")
        return lines.joined(separator: "\n")
    }
}

// MARK: - Building constraints with operators (all required; see withPriority)

extension Expression {
    public static func == (lhs: Expression, rhs: Expression) -> Constraint {
        Constraint(lhs, .equal, rhs)
    }
    public static func <= (lhs: Expression, rhs: Expression) -> Constraint {
        Constraint(lhs, .lessThanOrEqual, rhs)
    }
    public static func >= (lhs: Expression, rhs: Expression) -> Constraint {
        Constraint(lhs, .greaterThanOrEqual, rhs)
    }
    public static func == (lhs: Expression, rhs: Variable) -> Constraint { lhs == Expression(rhs) }
    public static func <= (lhs: Expression, rhs: Variable) -> Constraint { lhs <= Expression(rhs) }
    public static func >= (lhs: Expression, rhs: Variable) -> Constraint { lhs >= Expression(rhs) }
    public static func == (lhs: Expression, rhs: Double) -> Constraint { lhs == Expression(rhs) }
    public static func <= (lhs: Expression, rhs: Double) -> Constraint { lhs <= Expression(rhs) }
    public static func >= (lhs: Expression, rhs: Double) -> Constraint { lhs >= Expression(rhs) }
    public static func == (lhs: Double, rhs: Expression) -> Constraint { Expression(lhs) == rhs }
    public static func <= (lhs: Double, rhs: Expression) -> Constraint { Expression(lhs) <= rhs }
    public static func >= (lhs: Double, rhs: Expression) -> Constraint { Expression(lhs) >= rhs }
}

extension Variable {
    // `Variable == Variable` stays Equatable's identity test; write
    // `Expression(a) == b` for the constraint.
    public static func == (lhs: Variable, rhs: Expression) -> Constraint {
        Constraint(lhs, .equal, rhs)
    }
    public static func <= (lhs: Variable, rhs: Expression) -> Constraint {
        Constraint(lhs, .lessThanOrEqual, rhs)
    }
    public static func >= (lhs: Variable, rhs: Expression) -> Constraint {
        Constraint(lhs, .greaterThanOrEqual, rhs)
    }
    public static func <= (lhs: Variable, rhs: Variable) -> Constraint {
        Expression(lhs) <= Expression(rhs)
    }
    public static func >= (lhs: Variable, rhs: Variable) -> Constraint {
        Expression(lhs) >= Expression(rhs)
    }
    // A variable against a number builds its one term directly (the same
    // constraint as through two expressions, without their copies).
    public static func == (lhs: Variable, rhs: Double) -> Constraint {
        Constraint(lhs, .equal, rhs)
    }
    public static func <= (lhs: Variable, rhs: Double) -> Constraint {
        Constraint(lhs, .lessThanOrEqual, rhs)
    }
    public static func >= (lhs: Variable, rhs: Double) -> Constraint {
        Constraint(lhs, .greaterThanOrEqual, rhs)
    }
    // `c relation v` is stored as `-v relation -c`, as `Expression(c) relation
    // Expression(v)` stores it.
    public static func == (lhs: Double, rhs: Variable) -> Constraint {
        Constraint(rhs, .equal, lhs, negated: true)
    }
    public static func <= (lhs: Double, rhs: Variable) -> Constraint {
        Constraint(rhs, .lessThanOrEqual, lhs, negated: true)
    }
    public static func >= (lhs: Double, rhs: Variable) -> Constraint {
        Constraint(rhs, .greaterThanOrEqual, lhs, negated: true)
    }
}
