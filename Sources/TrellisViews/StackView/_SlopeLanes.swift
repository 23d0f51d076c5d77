// The lanes of a slope (_StackCost.swift): one a priority level of the
// tree, highest first, after lane 0 (regions not modelled). A plan's slopes
// have 8, 12, 16 or 32 lanes (`_LanePlan`, `DirectStackLayout`): a tree of
// up to 7 levels is laid out with 8, one of up to 11 with 12, one of up to
// 15 with 16, any other (up to 31) with 32. Lanes past the tree's levels
// stay 0 in every slope (every term is at a level of the tree, and sums,
// differences and multiples of 0 are 0), and every step reads them as 0 (a
// sign or a comparison looks at the first lane that is not negligible; lane
// 0's flag is lane 0), so every width gives the same numbers in the lanes
// used, the same decisions and the same frames, to the bit.

/// What the direct path does with a slope: lane by lane arithmetic (each
/// lane's result that of `Double`'s operation on that lane), and reading
/// or writing one lane. Lane `k` is the `Double` at byte `8 × k` of the
/// value (`_sign` reads them so).
protocol _SlopeLanes: Equatable {
    /// All lanes 0.
    init()
    /// How many lanes (the tree's levels + 1 at least).
    static var scalarCount: Int { get }
    subscript(index: Int) -> Double { get set }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static prefix func - (a: Self) -> Self
    static func * (a: Self, b: Double) -> Self
    static func / (a: Self, b: Double) -> Self
    static func += (a: inout Self, b: Self)
    static func -= (a: inout Self, b: Self)
}

extension SIMD8: _SlopeLanes where Scalar == Double {}
extension SIMD16: _SlopeLanes where Scalar == Double {}
extension SIMD32: _SlopeLanes where Scalar == Double {}

/// A slope of 12 lanes (trees of 8 to 11 levels, as `PostCell.json`'s 8:
/// two labels' hugging and compression resistance each a point apart,
/// the fitting size, a spanning fit, ambiguity suppression and a capped
/// image's ratio): 96 bytes, where one of 16 lanes is 128.
struct _Lanes12: _SlopeLanes {
    /// Lanes 0 to 7, then 8 to 11 (at byte 64: `_sign` reads the lanes
    /// from the value's bytes).
    var low = SIMD8<Double>()
    var high = SIMD4<Double>()

    init() {}

    init(low: SIMD8<Double>, high: SIMD4<Double>) {
        self.low = low
        self.high = high
    }

    static var scalarCount: Int { 12 }

    subscript(index: Int) -> Double {
        @inline(__always) get { index < 8 ? low[index] : high[index &- 8] }
        @inline(__always) set {
            if index < 8 { low[index] = newValue } else { high[index &- 8] = newValue }
        }
    }

    @inline(__always)
    static func + (a: Self, b: Self) -> Self { Self(low: a.low + b.low, high: a.high + b.high) }

    @inline(__always)
    static func - (a: Self, b: Self) -> Self { Self(low: a.low - b.low, high: a.high - b.high) }

    @inline(__always)
    static prefix func - (a: Self) -> Self { Self(low: -a.low, high: -a.high) }

    @inline(__always)
    static func * (a: Self, b: Double) -> Self { Self(low: a.low * b, high: a.high * b) }

    @inline(__always)
    static func / (a: Self, b: Double) -> Self { Self(low: a.low / b, high: a.high / b) }

    @inline(__always)
    static func += (a: inout Self, b: Self) {
        a.low += b.low
        a.high += b.high
    }

    @inline(__always)
    static func -= (a: inout Self, b: Self) {
        a.low -= b.low
        a.high -= b.high
    }
}
