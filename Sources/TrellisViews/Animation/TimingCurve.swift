// Progress curves for animated layout changes: UIKit's four cubic Bézier
// curves and a damped spring.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How an animation's progress (0 → 1) advances with time, as
/// `UIView.AnimationCurve` and `UISpringTimingParameters`.
public enum TimingCurve: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// Slow start: cubic Bézier (0.42, 0) (1, 1), Core Animation's `easeIn`.
    case easeIn
    /// Slow end: cubic Bézier (0, 0) (0.58, 1), Core Animation's `easeOut`.
    case easeOut
    /// Slow start and end: cubic Bézier (0.42, 0) (0.58, 1), Core Animation's `easeInEaseOut`.
    case easeInOut
    /// Any cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2),
    /// as `CAMediaTimingFunction(controlPoints:)`. x1 and x2 are clamped to 0...1.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A spring with the given damping ratio (1 = critically damped, no
    /// overshoot; below 1 it oscillates) and initial velocity (in total
    /// distances per second, as UIKit's `initialSpringVelocity`). See
    /// `progress(atFraction:duration:)` for how the duration sets its stiffness.
    case spring(dampingRatio: Double, initialVelocity: Double)

    /// The control points of the Bézier curves, nil for the spring.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .cubicBezier(let x1, let y1, let x2, let y2): return (x1, y1, x2, y2)
        case .spring: return nil
        }
    }

    /// Animation progress at a fraction of the duration (0 at the start, 1 at
    /// the end; fractions outside 0...1 are clamped, NaN counts as 0).
    ///
    /// For Bézier curves the fraction is the curve's x and the result its y.
    /// For the spring, the duration fixes the stiffness the way Apple's
    /// duration-based springs do (SwiftUI's `spring(duration:bounce:)`):
    /// natural angular frequency ω₀ = 2π / duration, with damping ratio ζ, so
    /// the progress x(t) solves x″ + 2ζω₀x′ + ω₀²(x − 1) = 0 with x(0) = 0 and
    /// x′(0) = initialVelocity. At the end of the duration the animation
    /// completes (1), as UIKit's animations do when their time is up; before
    /// that an underdamped spring may overshoot past 1.
    ///
    /// - Complexity: O(1) (a few Newton steps for the Bézier curves).
    public func progress(atFraction fraction: Double, duration: Double = 1) -> Double {
        let t = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        switch self {
        case .spring(let dampingRatio, let initialVelocity):
            let seconds = duration.isFinite && duration > 0 ? duration : 1
            return Self.springProgress(
                time: t * seconds, omega: 2 * Double.pi / seconds,
                zeta: dampingRatio.isFinite ? max(dampingRatio, 0) : 1,
                velocity: initialVelocity.isFinite ? initialVelocity : 0)
        default:
            let points = controlPoints ?? (0, 0, 1, 1)
            return Self.bezierY(
                atX: t, x1: min(max(points.x1, 0), 1), y1: points.y1,
                x2: min(max(points.x2, 0), 1), y2: points.y2)
        }
    }

    /// y on the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) where its x equals `x`.
    /// x(s) is monotonic for x1, x2 in 0...1, so Newton's method from s = x,
    /// with bisection as the fallback, finds s.
    static func bezierY(atX x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = x
        for _ in 0..<8 {
            let error = coordinate(s, x1, x2) - x
            if abs(error) < 1e-12 { return coordinate(s, y1, y2) }
            let derivative = slope(s, x1, x2)
            if abs(derivative) < 1e-9 { break }
            s -= error / derivative
        }
        var low = 0.0
        var high = 1.0
        s = x
        for _ in 0..<60 {
            let value = coordinate(s, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return coordinate(s, y1, y2)
    }

    /// Closed-form solution of the damped spring from 0 towards 1.
    static func springProgress(time t: Double, omega w: Double, zeta: Double, velocity v: Double)
        -> Double
    {
        // Displacement from the target: d(0) = -1, d'(0) = v.
        let d0 = -1.0
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let a = d0
            let b = (v + zeta * w * d0) / wd
            let envelope = exp(-zeta * w * t)
            return 1 + envelope * (a * cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            let b = v + w * d0
            return 1 + exp(-w * t) * (d0 + b * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w * (zeta - root)
            let r2 = -w * (zeta + root)
            // d = c1 e^{r1 t} + c2 e^{r2 t}; c1 + c2 = d0; r1 c1 + r2 c2 = v.
            let c2 = (v - r1 * d0) / (r2 - r1)
            let c1 = d0 - c2
            return 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }
}
