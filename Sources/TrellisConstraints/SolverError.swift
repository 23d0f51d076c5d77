// SolverError: misuse of the solver, reported before any state changes.

/// A request the solver refused; the solver's state is unchanged.
public enum SolverError: Error, CustomStringConvertible, Equatable {
    /// `add` of a constraint already installed in this solver.
    case duplicateConstraint(String)
    /// The constraint is installed in another solver.
    case constraintInAnotherSolver(String)
    /// `remove`, `setConstant` or `setPriority` of a constraint not installed here.
    case unknownConstraint(String)
    /// A coefficient or constant is NaN or infinite.
    case nonFiniteNumber(String)
    /// A priority outside 1...1000 (or NaN).
    case invalidPriority(Float, String)
    /// An installed constraint's priority would change between required and optional.
    case requiredPriorityChange(from: Priority, to: Priority, String)
    /// `addEditVariable` of a variable that already is an edit variable.
    case duplicateEditVariable(String)
    /// The variable is not an edit variable of this solver.
    case unknownEditVariable(String)
    /// An edit variable must be optional (priority below 1000).
    case requiredEditVariable(String)

    public var description: String {
        switch self {
        case .duplicateConstraint(let c):
            return "constraint is already installed in this solver: \(c)"
        case .constraintInAnotherSolver(let c):
            return "constraint is installed in another solver: \(c)"
        case .unknownConstraint(let c):
            return "constraint is not installed in this solver: \(c)"
        case .nonFiniteNumber(let what):
            return "non-finite number (NaN or infinity) in \(what)"
        case .invalidPriority(let value, let c):
            return "priority \(value) is outside 1...1000 in \(c)"
        case .requiredPriorityChange(let from, let to, let c):
            return
                "cannot change an installed constraint's priority between required and optional (\(from) to \(to)): \(c); remove it first"
        case .duplicateEditVariable(let v):
            return "variable \(v) is already an edit variable"
        case .unknownEditVariable(let v):
            return "variable \(v) is not an edit variable of this solver"
        case .requiredEditVariable(let v):
            return "edit variable \(v) must have an optional priority (below 1000)"
        }
    }
}
