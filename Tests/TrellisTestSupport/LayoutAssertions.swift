// Comparisons of numbers and frames with a tolerance, for layout tests that
// compute expected values in floating point.

import TrellisGeometry

/// Tolerances the layout tests compare with.
public enum Tolerance {
    /// 1e-9 point: exact arithmetic up to the last bits (font units are
    /// binary fractions; a reused solver reaches the same answer by other
    /// pivots, about 1e-13 apart).
    public static let exact = 1e-9
    /// A thousandth of a point: frames on a 1/3-point pixel grid written as
    /// decimals (56.667 for 170 / 3).
    public static let grid = 0.001
}

/// Whether `a` and `b` differ by at most `tolerance`.
public func close(_ a: Double, _ b: Double, tolerance: Double = Tolerance.exact) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether `a` exists and each of its origin and size differs from `b`'s by
/// at most `tolerance`.
public func close(_ a: Rect?, _ b: Rect, tolerance: Double = Tolerance.exact) -> Bool {
    guard let a else { return false }
    return close(a.minX, b.minX, tolerance: tolerance)
        && close(a.minY, b.minY, tolerance: tolerance)
        && close(a.width, b.width, tolerance: tolerance)
        && close(a.height, b.height, tolerance: tolerance)
}

/// Whether the two lists have the same length and each pair of frames is
/// `close`.
public func close(_ a: [Rect], _ b: [Rect], tolerance: Double = Tolerance.exact) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { close($0, $1, tolerance: tolerance) }
}

/// A rectangle written as four numbers: `rect(16, 12, 40, 30)`.
public func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}
