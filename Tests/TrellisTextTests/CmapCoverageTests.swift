// A font's coverage of the Basic Multilingual Plane, read from its cmap in
// one pass (`_fillCmapCoverage`), against HarfBuzz's own answer for each code
// point (`hb_font_get_nominal_glyph`, what shaping maps characters with).
import CHarfBuzz
import Testing
import TrellisTestSupport

@testable import TrellisText

struct CmapCoverageTests {
    /// The code points of the BMP where `hasGlyph` and
    /// `hb_font_get_nominal_glyph` disagree, named.
    static func disagreements(_ face: _FontFace) -> [String] {
        var found: [String] = []
        for point in UInt32(0)..<0x1_0000 {
            var glyph: hb_codepoint_t = 0
            let theirs = hb_font_get_nominal_glyph(face.hbFont, point, &glyph) != 0
            if face.hasGlyph(point) != theirs {
                found.append(face.path + " U+" + String(point, radix: 16, uppercase: true))
            }
        }
        return found
    }

    @Test func bundledFontsCoverWhatHarfBuzzMaps() throws {
        for family in ["Inter", "Roboto", "Noto Sans Arabic", "Noto Sans Hebrew"] {
            let face = try Font(family: family)._face
            let found = Self.disagreements(face)
            #expect(found.isEmpty, "\(found.prefix(10))")
        }
        for weight in [FontWeight.medium, .semibold, .bold] {
            let found = Self.disagreements(try Font(family: "Inter", weight: weight)._face)
            #expect(found.isEmpty, "\(found.prefix(10))")
        }
    }

    @Test(
        .enabled(
            if: systemScriptFontsInstalled,
            "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
    func systemFontsATextFallsBackToCoverWhatHarfBuzzMaps() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts(language: "zh-cn")
        // Chinese (a collection file, face index of Noto Sans CJK), box
        // drawing, symbols, Thai, Devanagari, Armenian, Georgian, Ethiopic.
        let resolved = fonts._resolved(
            for: "中文，“引号” ─┼─ ① → ∀x ≤ ✓ ไทย नमस्ते Հայ ქართ ሰላም ᚠ")
        #expect(resolved.faces.count >= 6)
        for face in resolved.faces {
            let found = Self.disagreements(face)
            #expect(found.isEmpty, "\(found.prefix(10))")
        }
    }
}
