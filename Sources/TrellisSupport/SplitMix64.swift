// A small, fast, seedable random number generator, so generated data is the
// same on every machine and every run for a given seed.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", 2014): 64 bits of state, passes BigCrush, trivially seedable.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in 0..<n (n > 0), by the remainder: the bias is
    /// below n / 2^64, and the sequence is the same on every platform.
    public mutating func below(_ n: Int) -> Int {
        Int(next() % UInt64(n))
    }

    /// A uniform double in [0, 1).
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A standard normal sample (Box–Muller).
    public mutating func nextGaussian() -> Double {
        let u1 = max(nextUnit(), 1e-300)
        let u2 = nextUnit()
        return (-2 * _log(u1)).squareRoot() * _cos(2 * Double.pi * u2)
    }
}

#if canImport(Glibc)
    import Glibc
    @inline(__always) func _log(_ x: Double) -> Double { Glibc.log(x) }
    @inline(__always) func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#else
    import Foundation
    @inline(__always) func _log(_ x: Double) -> Double { Foundation.log(x) }
    @inline(__always) func _cos(_ x: Double) -> Double { Foundation.cos(x) }
#endif
