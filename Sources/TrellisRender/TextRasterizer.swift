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
    private var library: FT_Library?
    private var faces: [String: FT_Face] = [:]

    public init() throws(RenderError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, library != nil else {
            throw RenderError("FreeType could not be initialised")
        }
        self.library = library
    }

    deinit {
        for face in faces.values { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }

    private func face(for font: Font) throws(RenderError) -> FT_Face {
        if let face = faces[font.path] { return face }
        var face: FT_Face?
        guard FT_New_Face(library, font.path, 0, &face) == 0, let face else {
            throw RenderError("FreeType cannot open \(font.path)")
        }
        faces[font.path] = face
        return face
    }

    /// Draws `glyphs` (laid out with `style`) with the text's top-left corner
    /// at `origin`, in points; the bitmap has `scale` pixels per point.
    public func draw(
        _ glyphs: GlyphLayout, style: TextStyle, at origin: Point, scale: Double, color: RGBA,
        into bitmap: inout Bitmap
    ) throws(RenderError) {
        let pixelSize = style.size * scale
        for line in glyphs.lines {
            for placed in line {
                guard style.fonts.fonts.indices.contains(placed.fontIndex) else { continue }
                let face = try face(for: style.fonts.fonts[placed.fontIndex])
                let x = (origin.x + placed.position.x) * scale
                let baseline = (origin.y + placed.position.y) * scale
                if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
                    && face.pointee.num_fixed_sizes > 0
                {
                    blitColor(
                        glyph: placed.glyph, face: face, x: x, baseline: baseline,
                        pixelSize: pixelSize, into: &bitmap)
                } else {
                    FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
                    blit(
                        glyph: placed.glyph, face: face, x: x, baseline: baseline, color: color,
                        into: &bitmap)
                }
            }
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
    /// em), scaled to `pixelSize` by averaging the strike's pixels that fall
    /// in each target pixel (premultiplied BGRA, so edges do not darken).
    private func blitColor(
        glyph: UInt32, face: FT_Face, x: Double, baseline: Double, pixelSize: Double,
        into bitmap: inout Bitmap
    ) {
        guard FT_Select_Size(face, 0) == 0,
            FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR | FT_LOAD_RENDER)) == 0
        else { return }
        let strike = Double(face.pointee.size.pointee.metrics.y_ppem)
        let slot = face.pointee.glyph.pointee
        let source = slot.bitmap
        guard strike > 0, let buffer = source.buffer,
            source.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        else {
            return
        }
        let factor = pixelSize / strike
        let left = x + Double(slot.bitmap_left) * factor
        let top = baseline.rounded() - Double(slot.bitmap_top) * factor
        let width = Int(source.width)
        let rows = Int(source.rows)
        let x0 = Int(left.rounded(.down))
        let y0 = Int(top.rounded(.down))
        let x1 = Int((left + Double(width) * factor).rounded(.up))
        let y1 = Int((top + Double(rows) * factor).rounded(.up))
        guard x1 > x0, y1 > y0 else { return }
        for ty in y0..<y1 {
            // Source rows whose centers fall in this target row.
            let rowStart = max(0, Int(((Double(ty) - top) / factor - 0.5).rounded(.up)))
            let rowEnd = min(rows, Int(((Double(ty + 1) - top) / factor - 0.5).rounded(.up)))
            for tx in x0..<x1 {
                let columnStart = max(0, Int(((Double(tx) - left) / factor - 0.5).rounded(.up)))
                let columnEnd = min(
                    width, Int(((Double(tx + 1) - left) / factor - 0.5).rounded(.up)))
                guard rowStart < rowEnd, columnStart < columnEnd else { continue }
                var sum = (b: 0, g: 0, r: 0, a: 0)
                for row in rowStart..<rowEnd {
                    for column in columnStart..<columnEnd {
                        let i = row * Int(source.pitch) + column * 4
                        sum.b += Int(buffer[i])
                        sum.g += Int(buffer[i + 1])
                        sum.r += Int(buffer[i + 2])
                        sum.a += Int(buffer[i + 3])
                    }
                }
                guard sum.a > 0 else { continue }
                let count = (rowEnd - rowStart) * (columnEnd - columnStart)
                // Premultiplied sums: the straight color is sum / alpha sum.
                let color = RGBA(
                    UInt8(min(255, sum.r * 255 / sum.a)), UInt8(min(255, sum.g * 255 / sum.a)),
                    UInt8(min(255, sum.b * 255 / sum.a)), UInt8(min(255, sum.a / count)))
                bitmap.blend(x: tx, y: ty, color: color)
            }
        }
    }
}
