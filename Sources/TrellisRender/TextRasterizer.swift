// Draws laid-out text into a bitmap: each line fragment of a `TextLayout` is
// shaped with HarfBuzz (the same fonts, falling back per character as the
// measurer does) and its glyphs rasterized with FreeType, unhinted, at the
// line's solved origin and baseline.

import CFreeType
import CHarfBuzz
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
    private var faces: [String: FaceEntry] = [:]

    private final class FaceEntry {
        let ftFace: FT_Face
        let hbFont: OpaquePointer
        let hbFace: OpaquePointer
        let blob: OpaquePointer
        let unitsPerEm: Double

        init(ftFace: FT_Face, hbFont: OpaquePointer, hbFace: OpaquePointer, blob: OpaquePointer, unitsPerEm: Double) {
            self.ftFace = ftFace
            self.hbFont = hbFont
            self.hbFace = hbFace
            self.blob = blob
            self.unitsPerEm = unitsPerEm
        }
    }

    public init() throws(RenderError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, library != nil else {
            throw RenderError("FreeType could not be initialised")
        }
        self.library = library
    }

    deinit {
        for entry in faces.values {
            hb_font_destroy(entry.hbFont)
            hb_face_destroy(entry.hbFace)
            hb_blob_destroy(entry.blob)
            FT_Done_Face(entry.ftFace)
        }
        FT_Done_FreeType(library)
    }

    private func face(for font: Font) throws(RenderError) -> FaceEntry {
        if let entry = faces[font.path] { return entry }
        var ftFace: FT_Face?
        guard FT_New_Face(library, font.path, 0, &ftFace) == 0, let ftFace else {
            throw RenderError("FreeType cannot open \(font.path)")
        }
        guard let blob = hb_blob_create_from_file_or_fail(font.path) else {
            FT_Done_Face(ftFace)
            throw RenderError("HarfBuzz cannot read \(font.path)")
        }
        let hbFace = hb_face_create(blob, 0)!
        let hbFont = hb_font_create(hbFace)!
        hb_ot_font_set_funcs(hbFont)
        let upem = Double(hb_face_get_upem(hbFace))
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
        let entry = FaceEntry(ftFace: ftFace, hbFont: hbFont, hbFace: hbFace, blob: blob, unitsPerEm: upem)
        faces[font.path] = entry
        return entry
    }

    /// Draws `layout` (made from `text` and `style`) with its top-left corner
    /// at `origin`, in points; the bitmap has `scale` pixels per point.
    public func draw(
        _ text: String, layout: TextLayout, style: TextStyle, at origin: Point, scale: Double, color: RGBA,
        into bitmap: inout Bitmap
    ) throws(RenderError) {
        let bytes = Array(text.utf8)
        for line in layout.lines {
            let lower = max(0, min(bytes.count, line.range.lowerBound))
            let upper = max(lower, min(bytes.count, line.range.upperBound))
            var lineText = String(decoding: bytes[lower..<upper], as: UTF8.self)
            while let last = lineText.last, last.isNewline { lineText.removeLast() }
            let x = (origin.x + line.origin.x) * scale
            let baseline = (origin.y + line.baseline) * scale
            let pixelSize = style.size * scale
            guard line.isTruncated else {
                _ = try drawLine(lineText, style: style, x: x, baseline: baseline, pixelSize: pixelSize, color: color, into: &bitmap)
                continue
            }
            // A truncated line's range covers the rest of its paragraph: draw
            // what fits before the ellipsis, then the ellipsis.
            var scratch = Bitmap(width: 0, height: 0)
            let ellipsisWidth = try drawLine("…", style: style, x: 0, baseline: 0, pixelSize: pixelSize, color: color, into: &scratch)
            let limit = x + line.width * scale - ellipsisWidth
            let end = try drawLine(
                lineText, style: style, x: x, baseline: baseline, pixelSize: pixelSize, color: color, into: &bitmap,
                limit: limit)
            _ = try drawLine("…", style: style, x: end, baseline: baseline, pixelSize: pixelSize, color: color, into: &bitmap)
        }
    }

    /// One line: split into runs of characters one font covers (first font in
    /// the collection that has the glyph, else the primary font's notdef),
    /// shape each run, and blit its glyphs, stopping before a glyph would
    /// pass `limit`. Returns the pen position after the last glyph drawn.
    private func drawLine(
        _ text: String, style: TextStyle, x: Double, baseline: Double, pixelSize: Double, color: RGBA,
        into bitmap: inout Bitmap, limit: Double = .infinity
    ) throws(RenderError) -> Double {
        guard !text.isEmpty, let primary = style.fonts.fonts.first else { return x }
        var runs: [(font: Font, text: String)] = []
        for character in text {
            let scalar = character.unicodeScalars.first!
            let font = style.fonts.fonts.first { $0.hasGlyph(for: scalar) } ?? primary
            if let last = runs.last, last.font === font {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append((font, String(character)))
            }
        }
        var penX = x
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        for run in runs {
            let entry = try face(for: run.font)
            FT_Set_Char_Size(entry.ftFace, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72)
            hb_buffer_clear_contents(buffer)
            run.text.withCString { hb_buffer_add_utf8(buffer, $0, -1, 0, -1) }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(entry.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                let positions = hb_buffer_get_glyph_positions(buffer, &count)
            else { continue }
            let unit = pixelSize / entry.unitsPerEm
            let spacing = style.letterSpacing * pixelSize / style.size
            for i in 0..<Int(count) {
                let advance = Double(positions[i].x_advance) * unit + spacing
                if penX + advance > limit + 0.01 { return penX }
                let glyphX = penX + Double(positions[i].x_offset) * unit
                let glyphY = baseline - Double(positions[i].y_offset) * unit
                blit(glyph: infos[i].codepoint, face: entry.ftFace, x: glyphX, baseline: glyphY, color: color, into: &bitmap)
                penX += advance
            }
        }
        return penX
    }

    private func blit(glyph: UInt32, face: FT_Face, x: Double, baseline: Double, color: RGBA, into bitmap: inout Bitmap) {
        // Sub-pixel position through the outline's translation, unhinted.
        var delta = FT_Vector(x: FT_Pos(((x - x.rounded(.down)) * 64).rounded()), y: 0)
        FT_Set_Transform(face, nil, &delta)
        guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_RENDER)) == 0 else { return }
        let slot = face.pointee.glyph.pointee
        let source = slot.bitmap
        guard let buffer = source.buffer else { return }
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
}
