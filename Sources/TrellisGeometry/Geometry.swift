// Value types shared by every Trellis layer: points, sizes, rectangles and
// insets in points (UIKit's coordinate system: origin top-left, y grows down).

/// A point in a two-dimensional coordinate space, in points.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(formatPoints(x)), \(formatPoints(y)))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var description: String { "\(formatPoints(width))×\(formatPoints(height))" }
}

/// A rectangle given by its origin (top-left corner) and size, as `CGRect`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }

    /// True when the rectangle has no area.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// True when both rectangles share some area (touching edges do not count),
    /// as `CGRect.intersects`.
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX
            && minY < other.maxY && other.minY < maxY
    }

    /// True when the point lies inside: min edges included, max edges excluded,
    /// as `CGRect.contains(_:)`.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle moved by the given amounts.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by the insets on each side.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom)
    }

    public var description: String {
        "(\(formatPoints(minX)), \(formatPoints(minY)), \(formatPoints(width)), \(formatPoints(height)))"
    }
}

/// Insets for each edge, as `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets()

    public var horizontal: Double { left + right }
    public var vertical: Double { top + bottom }
}

/// Rounding to a screen's pixel grid, as UIKit does for `sizeThatFits` and
/// frames (`ceil(value * scale) / scale`).
public enum PixelGrid {
    /// How far from a pixel boundary (in pixels) a value near 0 still counts
    /// as on it (see `_tolerance` for larger values). Solutions carry noise: the solver treats magnitudes below 1e-8 as
    /// zero (as Kiwi does), so a reused tableau and a new one can put the
    /// same edge 2e-9 points apart; text widths carry the measurer's 1e-6
    /// fitting tolerance. Snapping within 1e-6 pixel rounds both alike,
    /// and no real size lies that close to a boundary without being on it.
    public static let tolerance = 1e-6

    /// The solver's noise grows with the numbers (about 1e-9 of them: a
    /// reused cell fitted at 1014.3333336846 against a fresh 1014.3333333333
    /// points, 1.05e-6 pixel apart at scale 3), so far from 0 the tolerance
    /// is 1e-8 of the value in pixels: still 3e-5 pixel at 3,000 pixels.
    @inline(__always)
    static func _tolerance(_ scaled: Double) -> Double {
        Swift.max(tolerance, abs(scaled) * 1e-8)
    }

    /// Rounds up to the next multiple of `1 / scale`. A value within
    /// `tolerance` of a pixel boundary (20.000000002 at scale 3) is that
    /// boundary, so noise never makes it jump a whole pixel.
    public static func ceil(_ value: Double, scale: Double) -> Double {
        let scaled = value * scale
        let rounded = scaled.rounded()
        if abs(scaled - rounded) < _tolerance(scaled) { return rounded / scale }
        return scaled.rounded(.up) / scale
    }

    /// Rounds down to the previous multiple of `1 / scale`, with the same tolerance.
    public static func floor(_ value: Double, scale: Double) -> Double {
        let scaled = value * scale
        let rounded = scaled.rounded()
        if abs(scaled - rounded) < _tolerance(scaled) { return rounded / scale }
        return scaled.rounded(.down) / scale
    }

    /// Rounds to the nearest multiple of `1 / scale`, halves away from zero.
    ///
    /// A value within `tolerance` of a half pixel (a centred view: 12.5 at
    /// scale 1, give or take the solver's noise) counts as exactly half, so
    /// two solves of the same layout that differ only by that noise round
    /// alike instead of a whole pixel apart.
    public static func round(_ value: Double, scale: Double) -> Double {
        let scaled = value * scale
        let doubled = scaled * 2
        let half = doubled.rounded()
        let snapped = abs(doubled - half) < 2 * _tolerance(scaled) ? half / 2 : scaled
        return snapped.rounded() / scale
    }
}

/// Formats a number of points for logs and snapshots: integers without a
/// fraction, others with up to three decimals. A value of magnitude 2^43
/// (about 8.8e12) or more is written as it is, so that reading the text
/// back gives the same value: doubles that large lie 2^-9 (about 0.002)
/// apart or more, so there are no thousandths to round away, and scaling
/// one by 1000 could move its last bit or, from about 1.8e305, overflow to
/// infinity.
public func formatPoints(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    let rounded = abs(value) < 0x1p43 ? (value * 1000).rounded() / 1000 : value
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
    var text = String(rounded)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}
