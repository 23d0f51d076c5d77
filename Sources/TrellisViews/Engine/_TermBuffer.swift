// The terms of one solver form as they are written: straight into the
// storage of the array the form keeps.

import TrellisConstraints

/// Terms written into uninitialized storage (an array's, made with
/// `Array(unsafeUninitializedCapacity:initializingWith:)`), each variable
/// once: a term of a variable already there is added to its coefficient,
/// in the order `Constraint.init` merges terms (first use).
///
/// Invariant: the first `count` terms are initialized, the rest are not;
/// `count` never exceeds `capacity`.
struct _TermBuffer {
    /// The most terms one attribute's linear form has: an edge or centre
    /// is a position and a size.
    static let attributeCapacity = 2

    /// The most terms the solver form of `constraint` can have: two for
    /// each attribute, and a flexible autoresizing margin's third (the
    /// superview's edge, see `LayoutEngine.linearForm`).
    static func capacity(for constraint: LayoutConstraint) -> Int {
        constraint._origin == .autoresizing ? 3 * attributeCapacity : 2 * attributeCapacity
    }

    private let base: UnsafeMutablePointer<Term>
    private let capacity: Int
    private(set) var count = 0

    /// Terms written from the start of `storage`.
    init(_ storage: UnsafeMutableBufferPointer<Term>) {
        base = storage.baseAddress!
        capacity = storage.count
    }

    /// Adds `amount` to the coefficient of `variable`, a new term when it
    /// has none.
    @inline(__always)
    mutating func add(_ variable: Variable, _ amount: Double) {
        for k in 0..<count where base[k].variable === variable {
            base[k].coefficient += amount
            return
        }
        precondition(count < capacity, "more terms than a layout constraint's form has")
        (base + count).initialize(to: Term(variable, amount))
        count += 1
    }

    /// Drops the terms whose coefficients cancelled to 0, keeping the
    /// order of the others.
    mutating func removeZeroTerms() {
        var kept = 0
        for k in 0..<count {
            if base[k].coefficient == 0 {
                (base + k).deinitialize(count: 1)
            } else {
                if kept != k { (base + kept).moveInitialize(from: base + k, count: 1) }
                kept += 1
            }
        }
        count = kept
    }
}
