// Glyph outlines as SVG path data, read with FreeType: the inspector page
// draws text as these paths, so it shows the glyphs the measurement placed
// (its shaping, fallback, line breaks and truncation) without the
// browser's own text layout, and needs no font at all.

import CFreeType
import TrellisText

/// SVG path data of glyphs, one definition per (font, glyph), in units of
/// 1/1000 em with y growing downwards (scale by size/1000 to draw).
/// Not thread-safe (FreeType faces are not): use one per thread.
public final class GlyphOutlines {
    private let faces = FreeTypeFaces()
    private var paths: [String: String] = [:]

    public init() {}

    /// The outline of `glyph` in the font file at `path`, as SVG path data
    /// (empty for a glyph without an outline: a space, or a color bitmap emoji).
    /// - Throws: `InspectorError` when FreeType cannot open the font.
    /// - Complexity: O(points of the outline) the first time, then a lookup.
    public func pathData(font path: String, faceIndex: Int, glyph: UInt32) throws(InspectorError)
        -> String
    {
        let key = "\(path)#\(faceIndex)#\(glyph)"
        if let known = paths[key] { return known }
        let face = try self.face(path: path, index: faceIndex)
        var data = ""
        // A color bitmap font (an emoji's CBDT strikes) has no outlines to draw.
        let isBitmapColor =
            face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
            && face.pointee.num_fixed_sizes > 0
        if !isBitmapColor,
            FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING)) == 0,
            face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        {
            let unitsPerEm = Double(max(face.pointee.units_per_EM, 1))
            let sink = _PathSink(scale: 1000 / unitsPerEm)
            var funcs = FT_Outline_Funcs(
                move_to: { to, user in
                    _PathSink.from(user).command("M", [to])
                },
                line_to: { to, user in
                    _PathSink.from(user).command("L", [to])
                },
                conic_to: { control, to, user in
                    _PathSink.from(user).command("Q", [control, to])
                },
                cubic_to: { control1, control2, to, user in
                    _PathSink.from(user).command("C", [control1, control2, to])
                },
                shift: 0, delta: 0)
            var outline = face.pointee.glyph.pointee.outline
            withExtendedLifetime(sink) {
                _ = FT_Outline_Decompose(
                    &outline, &funcs, Unmanaged.passUnretained(sink).toOpaque())
            }
            if !sink.data.isEmpty { sink.data += "Z" }
            data = sink.data
        }
        paths[key] = data
        return data
    }

    private func face(path: String, index: Int) throws(InspectorError) -> FT_Face {
        do {
            return try faces.face(path: path, index: index)
        } catch {
            throw InspectorError("FreeType cannot open \(path) (face \(index)): \(error)")
        }
    }
}

/// Collects one outline's commands (FreeType calls back with each).
private final class _PathSink {
    let scale: Double
    var data = ""
    var started = false

    init(scale: Double) { self.scale = scale }

    static func from(_ user: UnsafeMutableRawPointer?) -> _PathSink {
        Unmanaged<_PathSink>.fromOpaque(user!).takeUnretainedValue()
    }

    /// Appends `letter` and its points; a move closes the contour before it.
    func command(_ letter: String, _ points: [UnsafePointer<FT_Vector>?]) -> Int32 {
        if letter == "M" {
            if started { data += "Z" }
            started = true
        }
        data += letter
        for (offset, point) in points.enumerated() {
            guard let point else { return 1 }
            if offset > 0 { data += " " }
            data += Self.number(Double(point.pointee.x) * scale)
            data += " "
            data += Self.number(-Double(point.pointee.y) * scale)
        }
        return 0
    }

    /// One decimal, without a trailing ".0" (1/10,000 em is far below a pixel).
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths == tenths.rounded(.towardZero), Int(tenths) % 10 == 0 {
            return String(Int(tenths) / 10)
        }
        return String(tenths / 10)
    }
}
