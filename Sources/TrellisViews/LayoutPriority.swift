// The views' own priority and relation types: what a `LayoutConstraint`,
// a view's hugging and compression resistance and a stack's arrangement
// are given. The solver's `Priority` and `Relation` stay inside the engine,
// which turns these into them where it hands a constraint to the solver.

import TrellisConstraints

/// A constraint's priority, as `UILayoutPriority`: "Constraints with
/// higher priority levels are satisfied before constraints with lower
/// priority levels." Valid from 1 to 1000; `required` (1000) constraints
/// must hold. The named levels are UIKit's (required 1000, defaultHigh 750,
/// dragThatCanResizeScene 510, sceneSizeStayPut 500,
/// dragThatCannotResizeScene 490, defaultLow 250, fittingSizeLevel 50).
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, CustomStringConvertible
{
    /// The priority as the solver takes it.
    @usableFromInline var solverPriority: Priority

    /// The priority's number, valid from 1 to 1000.
    @inlinable public var rawValue: Float {
        get { solverPriority.rawValue }
        set { solverPriority.rawValue = newValue }
    }

    /// Creates a priority; the engine rejects values outside 1...1000.
    @inlinable public init(rawValue: Float) { solverPriority = Priority(rawValue: rawValue) }

    /// Creates a priority; the engine rejects values outside 1...1000.
    @inlinable public init(_ rawValue: Float) { self.init(rawValue: rawValue) }

    public init(integerLiteral value: Int) { self.init(rawValue: Float(value)) }

    public init(floatLiteral value: Float) { self.init(rawValue: value) }

    /// 1000: the constraint must hold.
    @inlinable public static var required: LayoutPriority { LayoutPriority(rawValue: 1000) }
    /// 750: UIKit's default compression resistance.
    @inlinable public static var defaultHigh: LayoutPriority { LayoutPriority(rawValue: 750) }
    /// 510: a window drag that can resize the scene.
    @inlinable public static var dragThatCanResizeScene: LayoutPriority {
        LayoutPriority(rawValue: 510)
    }
    /// 500: the scene keeps its size.
    @inlinable public static var sceneSizeStayPut: LayoutPriority { LayoutPriority(rawValue: 500) }
    /// 490: a window drag that cannot resize the scene.
    @inlinable public static var dragThatCannotResizeScene: LayoutPriority {
        LayoutPriority(rawValue: 490)
    }
    /// 250: UIKit's default content hugging.
    @inlinable public static var defaultLow: LayoutPriority { LayoutPriority(rawValue: 250) }
    /// 50: used by `systemLayoutSizeFitting` to ask for the smallest size.
    @inlinable public static var fittingSizeLevel: LayoutPriority { LayoutPriority(rawValue: 50) }

    /// Whether this is `required` (1000): such a constraint must hold.
    @inlinable public var isRequired: Bool { solverPriority.isRequired }

    /// Whether the value is usable: finite and within 1...1000.
    @inlinable public var isValid: Bool { solverPriority.isValid }

    @inlinable public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// A priority `rhs` above `lhs`, as UIKit's Swift overlay allows
    /// (`.defaultHigh + 1` is 751).
    @inlinable public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
        LayoutPriority(rawValue: lhs.rawValue + rhs)
    }

    /// A priority `rhs` below `lhs` (`.required - 1` is 999, the highest
    /// optional priority).
    @inlinable public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
        LayoutPriority(rawValue: lhs.rawValue - rhs)
    }

    public var description: String { solverPriority.description }

    /// The solver's priority of the same level.
    @inlinable init(_ priority: Priority) { solverPriority = priority }
}

/// The relation of a constraint, as `NSLayoutConstraint.Relation`
/// ("lessThanOrEqual", "equal", "greaterThanOrEqual").
public enum LayoutRelation: Sendable, Hashable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual

    /// `<=`, `==` or `>=`.
    public var description: String { solverRelation.description }

    /// The solver's relation.
    @inlinable var solverRelation: Relation {
        switch self {
        case .lessThanOrEqual: return .lessThanOrEqual
        case .equal: return .equal
        case .greaterThanOrEqual: return .greaterThanOrEqual
        }
    }
}
