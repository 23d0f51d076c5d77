// Progress curves: Core Animation's Bézier control points and the spring's closed form.

import Foundation
import Testing

@testable import TrellisViews

@Suite struct TimingCurveTests {
    @Test func curvesStartAtZeroAndEndAtOne() {
        for curve in [
            TimingCurve.linear, .easeIn, .easeOut, .easeInOut,
            .spring(dampingRatio: 0.5, initialVelocity: 0),
        ] {
            #expect(curve.progress(atFraction: 0) == 0)
            #expect(curve.progress(atFraction: 1) == 1)
        }
    }

    @Test func linearIsTheIdentity() {
        #expect(abs(TimingCurve.linear.progress(atFraction: 0.3) - 0.3) < 1e-9)
    }

    @Test func easeInOutIsSymmetricAboutTheMiddle() {
        // (0.42, 0) (0.58, 1) is point-symmetric about (0.5, 0.5).
        #expect(abs(TimingCurve.easeInOut.progress(atFraction: 0.5) - 0.5) < 1e-9)
        let early = TimingCurve.easeInOut.progress(atFraction: 0.2)
        let late = TimingCurve.easeInOut.progress(atFraction: 0.8)
        #expect(abs(early + late - 1) < 1e-9)
    }

    @Test func easeInAtAQuarter() {
        // x(s) = 3(1−s)²s·0.42 + 3(1−s)s² + s³ = 0.25 at s ≈ 0.4117, where
        // y(s) = 3(1−s)s² + s³ ≈ 0.0933; checked against plain bisection.
        let expected = Self.bisectedBezierY(x: 0.25, x1: 0.42, y1: 0, x2: 1, y2: 1)
        #expect(abs(TimingCurve.easeIn.progress(atFraction: 0.25) - expected) < 1e-9)
        #expect(abs(expected - 0.0933) < 0.0005)
    }

    @Test func easeOutIsAheadOfLinearAndEaseInBehind() {
        #expect(TimingCurve.easeOut.progress(atFraction: 0.25) > 0.25)
        #expect(TimingCurve.easeIn.progress(atFraction: 0.25) < 0.25)
    }

    @Test func fractionsOutsideTheRangeAreClamped() {
        #expect(TimingCurve.easeIn.progress(atFraction: -2) == 0)
        #expect(TimingCurve.easeIn.progress(atFraction: 3) == 1)
        #expect(TimingCurve.easeIn.progress(atFraction: .nan) == 0)
    }

    @Test func criticallyDampedSpringFollowsItsClosedForm() {
        // ζ = 1, v₀ = 0, duration 1: ω₀ = 2π, x(t) = 1 − e^(−ω₀t)(1 + ω₀t) = 0.4656 at t = 0.25.
        let omega = 2 * Double.pi
        let t = 0.25
        let expected = 1 - exp(-omega * t) * (1 + omega * t)
        let value = TimingCurve.spring(dampingRatio: 1, initialVelocity: 0).progress(atFraction: t)
        #expect(abs(value - expected) < 1e-12)
        #expect(abs(expected - 0.4656) < 0.0001)
    }

    @Test func underdampedSpringOvershoots() {
        // ζ = 0.3 peaks at 1 + e^(−ζπ/√(1−ζ²)) = 1.372 (the classic overshoot formula).
        let spring = TimingCurve.spring(dampingRatio: 0.3, initialVelocity: 0)
        let peak =
            stride(from: 0.0, through: 0.99, by: 0.001).map { spring.progress(atFraction: $0) }
            .max() ?? 0
        #expect(abs(peak - 1.372) < 0.001)
    }

    @Test func overdampedSpringNeverOvershoots() {
        let spring = TimingCurve.spring(dampingRatio: 2, initialVelocity: 0)
        for step in 1..<100 {
            let value = spring.progress(atFraction: Double(step) / 100)
            #expect(value > 0 && value < 1)
        }
    }

    @Test func springDurationScalesTime() {
        // ω₀ = 2π / duration: the same fraction of any duration gives the same progress.
        let spring = TimingCurve.spring(dampingRatio: 0.7, initialVelocity: 0)
        #expect(
            abs(
                spring.progress(atFraction: 0.3, duration: 0.5)
                    - spring.progress(atFraction: 0.3, duration: 2)) < 1e-12)
    }

    @Test func initialVelocityPushesAhead() {
        let still = TimingCurve.spring(dampingRatio: 1, initialVelocity: 0).progress(
            atFraction: 0.05)
        let moving = TimingCurve.spring(dampingRatio: 1, initialVelocity: 5).progress(
            atFraction: 0.05)
        #expect(moving > still)
    }

    /// Reference y of a Bézier timing curve at x by plain bisection on s.
    static func bisectedBezierY(x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double
    {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if b(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return b((low + high) / 2, y1, y2)
    }
}
