// Variable: an unknown of a constraint system, compared by identity.

/// An unknown that constraints relate, such as a view's left edge or width.
///
/// Variables are compared by identity: two variables with the same name are
/// still different unknowns. After `Solver.updateVariables()`, `value` holds
/// the solver's solution; a variable no constraint mentions keeps its value.
/// A variable may be held by several solvers, all used from one thread (like
/// the solvers themselves, variables are not thread-safe).
///
///     let width = Variable("cell.width")
///     try solver.add(width >= 44)
///     solver.updateVariables()
///     print(width.value)   // 44.0
public final class Variable: Hashable, CustomStringConvertible {
    /// The name used in descriptions and conflict reports.
    public var name: String {
        let base = _serial < 0 ? _base : "\(_base)#\(_serial)"
        return _part == .none ? base : base + "." + _part.name
    }
    /// The name, or with `_part` its first part (`View#12` of `View#12.width`):
    /// a layout item's four variables share their item's name, which is
    /// joined only when read (four names made per view were a fiftieth of
    /// a new column of 1,000 boxes, callgrind). With `_serial` (not
    /// negative) that first part is `_base#_serial`, also written only
    /// when read (the item's kind and serial number: making the string for
    /// every new item was another 1.8% of a new column of 1,000 boxes).
    let _base: String
    let _serial: Int
    let _part: Part

    /// The last part of the name of a layout item's variable.
    package enum Part: UInt8 {
        case none, minX, minY, width, height

        var name: String {
            switch self {
            case .none: ""
            case .minX: "minX"
            case .minY: "minY"
            case .width: "width"
            case .height: "height"
            }
        }
    }

    /// The value written by the last `Solver.updateVariables()` of a solver
    /// that holds this variable.
    // Unchecked as the solver's state (see Solver): one thread, written by every update.
    @exclusivity(unchecked) public internal(set) var value: Double = 0

    // Fast path from a variable to its symbol in one solver: the first solver
    // that sees the variable caches the symbol here (no hashing per term);
    // other solvers use a dictionary. The owning solver clears it when it
    // drops the variable or is deinitialized.
    /// The owning solver's `_token` (its address), 0 for none: compared as
    /// an integer so the lookup retains nothing.
    @exclusivity(unchecked) var _owner: UInt = 0
    @exclusivity(unchecked) var _symbol: Int32 = -1

    /// Creates a variable named `name` (for logs) with value 0.
    public init(_ name: String = "") {
        _base = name
        _serial = -1
        _part = .none
    }

    /// Creates a variable named `base#serial.part` (for logs) with value 0.
    package init(_ base: String, serial: Int, part: Part) {
        _base = base
        _serial = serial
        _part = part
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public var description: String { name.isEmpty ? "<unnamed variable>" : name }
}
