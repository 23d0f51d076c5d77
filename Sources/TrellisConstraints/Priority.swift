// Priority: UIKit's UILayoutPriority, 1 through 1000, 1000 meaning required.

/// How important a constraint is, from 1 to 1000, as `UILayoutPriority`.
///
/// `Priority.required` (1000) constraints must hold. Lower priorities are
/// optional, and the solver orders them strictly, as Apple documents: a
/// constraint at a higher priority is satisfied as well as possible before any
/// lower one is considered, so no number or size of errors at lower priorities
/// can outweigh one error at a higher priority (unlike weighted Cassowary
/// implementations such as Kiwi). Constraints sharing one priority have equal
/// weight: their total error is minimised.
public struct Priority: RawRepresentable, Hashable, Comparable, Sendable,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, CustomStringConvertible
{
    /// The priority's number, valid from 1 to 1000.
    public var rawValue: Float

    /// Creates a priority; the solver rejects values outside 1...1000.
    @inlinable public init(rawValue: Float) { self.rawValue = rawValue }

    /// Creates a priority; the solver rejects values outside 1...1000.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    public init(integerLiteral value: Int) { self.rawValue = Float(value) }

    public init(floatLiteral value: Float) { self.rawValue = value }

    // The named priorities are inlined constants (a stored `static let`
    // would be read through an accessor call on every use).

    /// 1000: the constraint must hold.
    @inlinable public static var required: Priority { Priority(rawValue: 1000) }
    /// 750: UIKit's default compression resistance.
    @inlinable public static var defaultHigh: Priority { Priority(rawValue: 750) }
    /// 510: a window drag that can resize the scene.
    @inlinable public static var dragThatCanResizeScene: Priority { Priority(rawValue: 510) }
    /// 500: the scene keeps its size.
    @inlinable public static var sceneSizeStayPut: Priority { Priority(rawValue: 500) }
    /// 490: a window drag that cannot resize the scene.
    @inlinable public static var dragThatCannotResizeScene: Priority { Priority(rawValue: 490) }
    /// 250: UIKit's default content hugging.
    @inlinable public static var defaultLow: Priority { Priority(rawValue: 250) }
    /// 50: used by `systemLayoutSizeFitting` to ask for the smallest size.
    @inlinable public static var fittingSizeLevel: Priority { Priority(rawValue: 50) }

    /// Whether this is `required` (1000): such a constraint must hold.
    public var isRequired: Bool { rawValue >= 1000 }

    /// Whether the value is usable by the solver: finite and within 1...1000.
    public var isValid: Bool { rawValue.isFinite && rawValue >= 1 && rawValue <= 1000 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A priority `rhs` above `lhs`, as UIKit's Swift overlay allows
    /// (`.defaultHigh + 1` is 751). The result is checked where it is used:
    /// outside 1...1000 the solver refuses it.
    public static func + (lhs: Priority, rhs: Float) -> Priority {
        Priority(rawValue: lhs.rawValue + rhs)
    }

    /// A priority `rhs` below `lhs` (`.required - 1` is 999, the highest
    /// optional priority).
    public static func - (lhs: Priority, rhs: Float) -> Priority {
        Priority(rawValue: lhs.rawValue - rhs)
    }

    public var description: String {
        rawValue == rawValue.rounded() && abs(rawValue) < 1e9
            ? String(Int(rawValue)) : String(describing: rawValue)
    }
}
