// The eligible code points of a face's kern-only analysis
// (KernOnlyShaping.swift) and their glyphs, read with one HarfBuzz call for
// many code points instead of two calls each. A face with CJK ideographs has
// about 36,000 candidate code points: `hb_font_get_nominal_glyph` and
// `hb_ot_layout_get_glyph_class` one by one cost 13.6 M instructions for
// Noto Sans CJK, once per process, on the first Chinese row.
import CHarfBuzz

extension _KernOnlyFace {
    /// Per code point below `scalarLimit` (and in `cjkRanges` when
    /// `hasCJK`): its cmap glyph and script class as `scalars` holds them,
    /// and the set of those glyphs. A code point is eligible when it is not
    /// U+2044, its general category is eligible (`_isEligibleCategory`), its
    /// script is Common or one of `scripts`, the font maps it to a glyph
    /// other than 0 and below `glyphCount`, and GDEF does not class that
    /// glyph as a mark.
    ///
    /// The glyphs come from one pass over a format 12 cmap's groups
    /// (`_cmapFormat12Glyphs`, where HarfBuzz would read that subtable) or
    /// else from `hb_font_get_nominal_glyphs` (the function
    /// `hb_font_get_nominal_glyph` calls, for a run of code points; it stops
    /// before the first code point the font lacks), and the marks from
    /// `hb_ot_layout_get_glyphs_in_class` (the glyphs whose
    /// `hb_ot_layout_get_glyph_class` is a mark) when GDEF's glyph class
    /// definition is well formed, else from `hb_ot_layout_get_glyph_class`
    /// glyph by glyph (`_GlyphSet.marks(of:count:)`).
    /// `KernOnlyEligibilityTests` compares the result with those
    /// per-code-point calls.
    static func eligibleScalars(
        face: OpaquePointer, font: OpaquePointer, glyphCount: Int, hasCJK: Bool
    ) -> (scalars: [UInt32], eligible: _GlyphSet) {
        let unicode = hb_unicode_funcs_get_default()
        var points: [hb_codepoint_t] = []
        var classes: [UInt32] = []
        points.reserveCapacity(hasCJK ? 40_000 : scalarLimit)
        classes.reserveCapacity(points.capacity)
        let scripts = self.scripts
        let hanClass = UInt32(scripts.firstIndex(of: HB_SCRIPT_HAN) ?? 0)
        for range in ranges + (hasCJK ? cjkRanges : []) {
            for codePoint in range where codePoint != 0x2044 {
                let point = hb_codepoint_t(codePoint)
                // Most of a CJK face's candidates, without two property
                // look-ups each (about 60 instructions).
                if hanClass > 0 && _isUnifiedIdeographSinceUnicode3(codePoint) {
                    classes.append(hanClass)
                    points.append(point)
                    continue
                }
                guard _isEligibleCategory(hb_unicode_general_category(unicode, point)) else {
                    continue
                }
                let script = hb_unicode_script(unicode, point)
                if script == HB_SCRIPT_COMMON {
                    classes.append(0)
                } else if let known = scripts.firstIndex(of: script), known > 0 {
                    classes.append(UInt32(known))
                } else {
                    continue
                }
                points.append(point)
            }
        }
        // Glyph 0 for a code point the font lacks.
        var glyphs = [hb_codepoint_t](repeating: 0, count: points.count)
        let stride = UInt32(MemoryLayout<hb_codepoint_t>.stride)
        points.withUnsafeBufferPointer { points in
            glyphs.withUnsafeMutableBufferPointer { glyphs in
                // A format 12 cmap in one pass over its groups (_CmapGroups.swift).
                if _cmapFormat12Glyphs(face: face, points: points, into: glyphs) { return }
                var start = 0
                while start < points.count {
                    let found = Int(
                        hb_font_get_nominal_glyphs(
                            font, UInt32(points.count - start), points.baseAddress! + start,
                            stride, glyphs.baseAddress! + start, stride))
                    start += found
                    // The code point it stopped at has no glyph.
                    if start < points.count { glyphs[start] = 0 }
                    start += 1
                }
            }
        }
        let marks = _GlyphSet.marks(of: face, count: glyphCount)
        var scalars = [UInt32](
            repeating: ineligible << 16, count: hasCJK ? cjkScalarLimit : scalarLimit)
        var eligible = _GlyphSet(count: glyphCount)
        for k in points.indices {
            let glyph = Int(glyphs[k])
            guard glyph != 0, glyph < glyphCount else { continue }
            if let marks {
                if marks.contains(glyph) { continue }
            } else if hb_ot_layout_get_glyph_class(face, hb_codepoint_t(glyph))
                == HB_OT_LAYOUT_GLYPH_CLASS_MARK
            {
                continue
            }
            scalars[Int(points[k])] = UInt32(glyph) | classes[k] << 16
            eligible.insert(glyph)
        }
        return (scalars, eligible)
    }
}

extension _GlyphSet {
    /// The glyphs below `count` that GDEF puts in `glyphClass`
    /// (`hb_ot_layout_get_glyphs_in_class`).
    init(glyphsIn glyphClass: hb_ot_layout_glyph_class_t, of face: OpaquePointer, count: Int) {
        self.init(count: count)
        guard let set = hb_set_create() else { return }
        defer { hb_set_destroy(set) }
        hb_ot_layout_get_glyphs_in_class(face, glyphClass, set)
        var first = hb_codepoint_t.max
        var last = hb_codepoint_t.max
        while hb_set_next_range(set, &first, &last) != 0 && Int(first) < count {
            for glyph in Int(first)...min(Int(last), count - 1) { insert(glyph) }
        }
    }
}

/// U+3400–U+4DB5 and U+4E00–U+9FA5, the unified ideographs of Unicode 3.0:
/// letters (general category Lo) of the Han script in every Unicode version
/// since, so in the character database of any HarfBuzz
/// (`hb_unicode_general_category`, `hb_unicode_script`). Later additions
/// at the ends of both blocks are looked up.
@inline(__always)
func _isUnifiedIdeographSinceUnicode3(_ codePoint: Int) -> Bool {
    (0x3400...0x4DB5).contains(codePoint) || (0x4E00...0x9FA5).contains(codePoint)
}
