// Pictures in memory: 8-bit RGBA pixels, with the few drawing operations
// cell pictures need (fill, stroke, blend with coverage).

/// An RGBA image in memory, 8 bits per channel, rows top to bottom.
public struct Bitmap: Sendable {
    public let width: Int
    public let height: Int
    /// width × height × 4 bytes, RGBA, not premultiplied.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, fill: RGBA = .white) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
        for i in 0..<(self.width * self.height) {
            pixels[i * 4] = fill.r
            pixels[i * 4 + 1] = fill.g
            pixels[i * 4 + 2] = fill.b
            pixels[i * 4 + 3] = fill.a
        }
    }

    public func pixel(x: Int, y: Int) -> RGBA {
        let i = (y * width + x) * 4
        return RGBA(pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Blends `color` over the pixel with the given coverage (0...255).
    public mutating func blend(x: Int, y: Int, color: RGBA, coverage: UInt8 = 255) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let alpha = UInt32(color.a) * UInt32(coverage) / 255
        guard alpha > 0 else { return }
        let i = (y * width + x) * 4
        let inverse = 255 - alpha
        pixels[i] = UInt8((UInt32(color.r) * alpha + UInt32(pixels[i]) * inverse) / 255)
        pixels[i + 1] = UInt8((UInt32(color.g) * alpha + UInt32(pixels[i + 1]) * inverse) / 255)
        pixels[i + 2] = UInt8((UInt32(color.b) * alpha + UInt32(pixels[i + 2]) * inverse) / 255)
        pixels[i + 3] = UInt8(min(255, alpha + UInt32(pixels[i + 3]) * inverse / 255))
    }

    /// Fills the pixels whose centers lie in the rectangle (pixel units).
    public mutating func fill(x0: Double, y0: Double, x1: Double, y1: Double, color: RGBA) {
        let left = max(0, Int((x0 - 0.5).rounded(.up)))
        let right = min(width, Int((x1 - 0.5).rounded(.up)))
        let top = max(0, Int((y0 - 0.5).rounded(.up)))
        let bottom = min(height, Int((y1 - 0.5).rounded(.up)))
        guard left < right, top < bottom else { return }
        for y in top..<bottom {
            for x in left..<right { blend(x: x, y: y, color: color) }
        }
    }

    /// Strokes the rectangle's outline, `thickness` pixels wide, inside it.
    public mutating func stroke(
        x0: Double, y0: Double, x1: Double, y1: Double, thickness: Double, color: RGBA
    ) {
        fill(x0: x0, y0: y0, x1: x1, y1: y0 + thickness, color: color)
        fill(x0: x0, y0: y1 - thickness, x1: x1, y1: y1, color: color)
        fill(x0: x0, y0: y0 + thickness, x1: x0 + thickness, y1: y1 - thickness, color: color)
        fill(x0: x1 - thickness, y0: y0 + thickness, x1: x1, y1: y1 - thickness, color: color)
    }
}

/// An 8-bit RGBA color.
public struct RGBA: Hashable, Sendable {
    public var r, g, b, a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let white = RGBA(255, 255, 255)
    public static let black = RGBA(0, 0, 0)
}
