// The kern-only analysis's eligible code points read in bulk
// (`_KernOnlyFace.eligibleScalars`: one `hb_font_get_nominal_glyphs` call for
// many code points, GDEF's marks as one set) against HarfBuzz's answer for
// each code point alone (`hb_font_get_nominal_glyph`,
// `hb_ot_layout_get_glyph_class`), for every candidate code point of the
// bundled fonts and the system fonts a multilingual text falls back to.
import CHarfBuzz
import Testing
import TrellisTestSupport

@testable import TrellisText

struct KernOnlyEligibilityTests {
    /// `eligibleScalars` as the analysis computed it before, one HarfBuzz
    /// call per question.
    static func oneByOne(face: OpaquePointer, font: OpaquePointer, glyphCount: Int, hasCJK: Bool)
        -> [UInt32]
    {
        let unicode = hb_unicode_funcs_get_default()
        var scalars = [UInt32](
            repeating: _KernOnlyFace.ineligible << 16,
            count: hasCJK ? _KernOnlyFace.cjkScalarLimit : _KernOnlyFace.scalarLimit)
        let ranges = _KernOnlyFace.ranges + (hasCJK ? _KernOnlyFace.cjkRanges : [])
        for codePoint in ranges.joined() {
            let point = hb_codepoint_t(codePoint)
            guard codePoint != 0x2044,
                _isEligibleCategory(hb_unicode_general_category(unicode, point))
            else { continue }
            let script = hb_unicode_script(unicode, point)
            let scriptClass: UInt32
            if script == HB_SCRIPT_COMMON {
                scriptClass = 0
            } else if let known = _KernOnlyFace.scriptClass(script), known > 0 {
                scriptClass = UInt32(known)
            } else {
                continue
            }
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, point, &glyph) != 0, glyph != 0,
                Int(glyph) < glyphCount,
                hb_ot_layout_get_glyph_class(face, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK
            else { continue }
            scalars[codePoint] = glyph | scriptClass << 16
        }
        return scalars
    }

    /// The code points where the two disagree, named, and how many are eligible.
    static func disagreements(_ face: _FontFace) -> (found: [String], eligible: Int) {
        let font = face.hbFont
        let hbFace = hb_font_get_face(font)!
        let glyphCount = Int(hb_face_get_glyph_count(hbFace))
        var ideograph: hb_codepoint_t = 0
        let hasCJK = hb_font_get_nominal_glyph(font, 0x4E00, &ideograph) != 0 && ideograph != 0
        let (scalars, eligible) = _KernOnlyFace.eligibleScalars(
            face: hbFace, font: font, glyphCount: glyphCount, hasCJK: hasCJK)
        let expected = oneByOne(face: hbFace, font: font, glyphCount: glyphCount, hasCJK: hasCJK)
        var found: [String] = []
        if scalars.count != expected.count {
            found.append("\(face.path): \(scalars.count) entries")
        }
        var glyphs = _GlyphSet(count: glyphCount)
        for (point, (ours, theirs)) in zip(scalars, expected).enumerated() {
            if ours != theirs {
                found.append(face.path + " U+" + String(point, radix: 16, uppercase: true))
            }
            if theirs >> 16 != _KernOnlyFace.ineligible { glyphs.insert(Int(theirs & 0xFFFF)) }
        }
        if glyphs.words != eligible.words { found.append("\(face.path): eligible glyphs differ") }
        return (found, expected.count { $0 >> 16 != _KernOnlyFace.ineligible })
    }

    @Test func bundledFontsReadTheEligibleGlyphsOfEachCodePoint() throws {
        // Arabic and Hebrew letters are of scripts the model leaves out:
        // only those fonts' Common characters are eligible.
        for (family, least) in [
            ("Inter", 1_000), ("Roboto", 500), ("Noto Sans Arabic", 1), ("Noto Sans Hebrew", 1),
        ] {
            let (found, eligible) = Self.disagreements(try Font(family: family)._face)
            #expect(found.isEmpty, "\(found.prefix(10))")
            #expect(eligible >= least, "\(family): \(eligible)")
        }
        for weight in [FontWeight.medium, .semibold, .bold] {
            let (found, _) = Self.disagreements(try Font(family: "Inter", weight: weight)._face)
            #expect(found.isEmpty, "\(found.prefix(10))")
        }
    }

    @Test(
        .enabled(
            if: systemScriptFontsInstalled,
            "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
    func systemFontsReadTheEligibleGlyphsOfEachCodePoint() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts(language: "zh-cn")
        // Chinese (Noto Sans CJK, with ideographs: the CJK ranges), box
        // drawing, symbols, Thai, Devanagari (marks in GDEF), Armenian,
        // Georgian, Ethiopic, Hebrew and Arabic.
        let resolved = fonts._resolved(
            for: "中文，“引号” ─┼─ ① → ∀x ≤ ✓ ไทย नमस्ते Հայ ქართ ሰላም ᚠ שלום سلام")
        #expect(resolved.faces.count >= 6)
        var sawCJK = false
        for face in resolved.faces {
            let (found, eligible) = Self.disagreements(face)
            #expect(found.isEmpty, "\(found.prefix(10))")
            if face.hasGlyph(0x4E00) {
                sawCJK = true
                #expect(eligible > 25_000)
            }
        }
        #expect(sawCJK)
    }
}
