// Draws laid-out text into a bitmap: the glyphs `TextMeasurer.glyphLayout`
// placed (the measurement's own shaping, fallback, line origins and
// truncation) rasterized with FreeType, unhinted and anti-aliased, at
// sub-pixel x positions; color emoji from their bitmap strikes, scaled.

import CFreeType
import TrellisGeometry
import TrellisText

/// Why rendering failed.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Rasterizes text with FreeType. Not thread-safe (FreeType faces are not):
/// use one per thread.
public final class TextRasterizer {
    private let faces = FreeTypeFaces()

    public init() {}

    private func face(for font: Font) throws(RenderError) -> FT_Face {
        do {
            return try faces.face(for: font)
        } catch {
            throw RenderError(
                "FreeType cannot open \(font.path) (face \(font.faceIndex)): \(error)")
        }
    }

    /// Draws `glyphs` (laid out with `style`) with the text's top-left corner
    /// at `origin`, in points; the bitmap has `scale` pixels per point.
    /// - Throws: `RenderError` when FreeType cannot open a font file.
    /// - Complexity: O(glyphs + pixels drawn).
    public func draw(
        _ glyphs: GlyphLayout, style: TextStyle, at origin: Point, scale: Double, color: RGBA,
        into bitmap: inout Bitmap
    ) throws(RenderError) {
        // The fonts the layout used: the style's, then any system fonts the
        // fallback reached (`fontIndex` indexes this list).
        let fonts = glyphs.fonts
        for line in glyphs.lines {
            for placed in line where fonts.indices.contains(placed.fontIndex) {
                try draw(
                    placed, font: fonts[placed.fontIndex], size: style.size, at: origin,
                    scale: scale, color: color, into: &bitmap)
            }
        }
    }

    /// Draws an attributed text's glyphs with the text's top-left corner at
    /// `origin`, in points: each glyph in its run's font and size, on its
    /// line's baseline raised by its run's baseline offset (the layout put
    /// it there); the bitmap has `scale` pixels per point.
    /// - Throws: `RenderError` when FreeType cannot open a font file.
    /// - Complexity: O(glyphs + pixels drawn).
    public func draw(
        _ glyphs: AttributedGlyphLayout, at origin: Point, scale: Double, color: RGBA,
        into bitmap: inout Bitmap
    ) throws(RenderError) {
        for line in glyphs.lines {
            for styled in line {
                let attributes = glyphs.attributes[styled.run]
                guard attributes.fonts.fonts.indices.contains(styled.placed.fontIndex) else {
                    continue
                }
                try draw(
                    styled.placed, font: glyphs.font(of: styled), size: attributes.size,
                    at: origin, scale: scale, color: color, into: &bitmap)
            }
        }
    }

    /// One glyph of `font` at `size` points: an outline glyph in `color`, a
    /// color bitmap glyph (an emoji) in its own colors.
    private func draw(
        _ placed: PlacedGlyph, font: Font, size: Double, at origin: Point, scale: Double,
        color: RGBA, into bitmap: inout Bitmap
    ) throws(RenderError) {
        let face = try face(for: font)
        let pixelSize = size * scale
        let x = (origin.x + placed.position.x) * scale
        let baseline = (origin.y + placed.position.y) * scale
        if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
            && face.pointee.num_fixed_sizes > 0
        {
            blitColor(
                glyph: placed.glyph, face: face, x: x, baseline: baseline, pixelSize: pixelSize,
                into: &bitmap)
        } else {
            FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
            blit(
                glyph: placed.glyph, face: face, x: x, baseline: baseline, color: color,
                into: &bitmap)
        }
    }

    /// An outline glyph, anti-aliased (8-bit coverage), unhinted, with its
    /// sub-pixel x position applied to the outline; the baseline on a pixel row.
    private func blit(
        glyph: UInt32, face: FT_Face, x: Double, baseline: Double, color: RGBA,
        into bitmap: inout Bitmap
    ) {
        var delta = FT_Vector(x: FT_Pos(((x - x.rounded(.down)) * 64).rounded()), y: 0)
        FT_Set_Transform(face, nil, &delta)
        defer { FT_Set_Transform(face, nil, nil) }
        guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_RENDER)) == 0 else {
            return
        }
        let slot = face.pointee.glyph.pointee
        let source = slot.bitmap
        guard let buffer = source.buffer, source.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        else { return }
        let left = Int(x.rounded(.down)) + Int(slot.bitmap_left)
        let top = Int(baseline.rounded()) - Int(slot.bitmap_top)
        for row in 0..<Int(source.rows) {
            for column in 0..<Int(source.width) {
                let coverage = buffer[row * Int(source.pitch) + column]
                if coverage > 0 {
                    bitmap.blend(x: left + column, y: top + row, color: color, coverage: coverage)
                }
            }
        }
    }

    /// A color bitmap glyph (Noto Color Emoji's CBDT strike, 109 pixels per
    /// em), scaled to `pixelSize` pixels per em by an area (box) filter:
    /// each target pixel is the average of the strike's pixels under it,
    /// weighted by how much of each it covers, in premultiplied BGRA (so
    /// edges do not darken). The weights are integers in 1/256 of a pixel,
    /// so the result is the same on every machine, and a strike scaled up
    /// leaves no target pixel without a source.
    private func blitColor(
        glyph: UInt32, face: FT_Face, x: Double, baseline: Double, pixelSize: Double,
        into bitmap: inout Bitmap
    ) {
        guard FT_Select_Size(face, Self.strikeIndex(face, pixelSize: pixelSize)) == 0,
            FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR | FT_LOAD_RENDER)) == 0
        else { return }
        let strike = Int(face.pointee.size.pointee.metrics.y_ppem)
        let slot = face.pointee.glyph.pointee
        let source = slot.bitmap
        guard strike > 0, let buffer = source.buffer,
            source.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        else {
            return
        }
        let scaled = ColorGlyphScaling(
            strike: strike, pixelSize: pixelSize, x: x, baseline: baseline,
            bitmapLeft: Int(slot.bitmap_left), bitmapTop: Int(slot.bitmap_top),
            width: Int(source.width), rows: Int(source.rows))
        scaled.draw(pitch: Int(source.pitch), pixels: buffer, into: &bitmap)
    }

    /// The strike to scale from: the smallest at least `pixelSize` pixels
    /// per em, else the largest (scaling down loses less than scaling up).
    private static func strikeIndex(_ face: FT_Face, pixelSize: Double) -> FT_Int {
        let count = Int(face.pointee.num_fixed_sizes)
        guard count > 1, let sizes = face.pointee.available_sizes else { return 0 }
        var best = 0
        for index in 0..<count {
            let ppem = Double(sizes[index].y_ppem) / 64
            let bestPPEM = Double(sizes[best].y_ppem) / 64
            if ppem >= pixelSize ? (bestPPEM < pixelSize || ppem < bestPPEM) : ppem > bestPPEM {
                best = index
            }
        }
        return FT_Int(best)
    }
}

/// Where a color glyph's strike lands on the canvas, in fixed point, and
/// the box filter that scales it there. Canvas positions are in 1/256 of a
/// target pixel; strike positions in 1/65,536 of a strike pixel, so a
/// target pixel's footprint is exact to 1/65,536 even when scaling up
/// (where a target pixel spans a fraction of a strike pixel).
struct ColorGlyphScaling {
    /// Fixed-point units per target pixel.
    static let unit = 256
    /// Fixed-point units per strike pixel.
    static let sourceUnit = 65_536
    /// Target pixels per em, in units.
    let pixelsPerEm: Int
    let strike: Int
    /// The strike's top-left corner on the canvas, in units.
    let left: Int
    let top: Int
    let width: Int
    let rows: Int

    init(
        strike: Int, pixelSize: Double, x: Double, baseline: Double, bitmapLeft: Int,
        bitmapTop: Int, width: Int, rows: Int
    ) {
        let unit = Self.unit
        pixelsPerEm = max(1, Int((pixelSize * Double(unit)).rounded()))
        self.strike = strike
        left =
            Int((x * Double(unit)).rounded()) + Self.floorDivide(bitmapLeft * pixelsPerEm, strike)
        top = Int(baseline.rounded()) * unit - Self.floorDivide(bitmapTop * pixelsPerEm, strike)
        self.width = width
        self.rows = rows
    }

    /// The canvas position (units) of strike position `s` (source units) from `origin`.
    func canvas(_ s: Int, from origin: Int) -> Int {
        origin + Self.floorDivide(s * pixelsPerEm, strike * Self.sourceUnit)
    }

    /// The strike position (source units) of canvas position `t` (units).
    func source(_ t: Int, from origin: Int) -> Int {
        Self.floorDivide((t - origin) * strike * Self.sourceUnit, pixelsPerEm)
    }

    /// For each target pixel along one axis: the source pixels under it
    /// and how much of each it covers (in source units), and the span of
    /// the target pixel in source units.
    func weights(origin: Int, count: Int) -> [(pixel: Int, sources: [(Int, Int)], span: Int)] {
        let unit = Self.unit
        let sourceUnit = Self.sourceUnit
        let first = Self.floorDivide(origin, unit)
        let end = canvas(count * sourceUnit, from: origin)
        let last = Self.floorDivide(end + unit - 1, unit)
        var result: [(pixel: Int, sources: [(Int, Int)], span: Int)] = []
        guard last > first else { return result }
        for pixel in first..<last {
            let s0 = source(pixel * unit, from: origin)
            let s1 = source((pixel + 1) * unit, from: origin)
            var sources: [(Int, Int)] = []
            var index = max(0, Self.floorDivide(s0, sourceUnit))
            while index < count && index * sourceUnit < s1 {
                let overlap = min(s1, (index + 1) * sourceUnit) - max(s0, index * sourceUnit)
                if overlap > 0 { sources.append((index, overlap)) }
                index += 1
            }
            if !sources.isEmpty { result.append((pixel, sources, s1 - s0)) }
        }
        return result
    }

    /// Blends the scaled strike (premultiplied BGRA rows) into `bitmap`.
    func draw(pitch: Int, pixels: UnsafeMutablePointer<UInt8>, into bitmap: inout Bitmap) {
        let columns = weights(origin: left, count: width)
        for (y, rowSources, rowSpan) in weights(origin: top, count: rows) {
            for (x, columnSources, columnSpan) in columns {
                var sum = (b: 0, g: 0, r: 0, a: 0)
                // At most 2³² per strike pixel × 255 × the strike pixels under
                // one target pixel (109² at 1 pixel an em): below 2⁶³.
                for (row, rowWeight) in rowSources {
                    for (column, columnWeight) in columnSources {
                        let weight = rowWeight * columnWeight
                        let i = row * pitch + column * 4
                        sum.b += Int(pixels[i]) * weight
                        sum.g += Int(pixels[i + 1]) * weight
                        sum.r += Int(pixels[i + 2]) * weight
                        sum.a += Int(pixels[i + 3]) * weight
                    }
                }
                guard sum.a > 0 else { continue }
                let area = rowSpan * columnSpan
                // Premultiplied sums: the straight color is sum × 255 / alpha
                // sum; coverage is the alpha sum over the target pixel's area.
                func straight(_ channel: Int) -> UInt8 {
                    UInt8(min(255, (channel * 255 + sum.a / 2) / sum.a))
                }
                let alpha = UInt8(min(255, (sum.a + area / 2) / area))
                bitmap.blend(
                    x: x, y: y,
                    color: RGBA(straight(sum.r), straight(sum.g), straight(sum.b), alpha))
            }
        }
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
