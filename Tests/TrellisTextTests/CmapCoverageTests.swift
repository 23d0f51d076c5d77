// A font's coverage of the Basic Multilingual Plane, read from its cmap in
// one pass (`_fillCmapCoverage`), against HarfBuzz's own answer for each code
// point (`hb_font_get_nominal_glyph`, what shaping maps characters with).
import CHarfBuzz
import Foundation
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

    /// Inter with groups of its format 12 cmap made groups of one code
    /// point (their starts kept, so the groups stay in order): one mapped
    /// to glyph 0, one to the glyph count, one to the last glyph, one to
    /// a glyph in the middle, and a range starting at glyph 0. The
    /// coverage read in one pass must be the set HarfBuzz collects
    /// (`hb_face_collect_unicodes`), code point by code point.
    @Test func groupsOfOneCodePointAreCoveredAsHarfBuzzCollectsThem() throws {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Font(family: "Inter").path)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        func put(_ value: Int, at: Int) {
            for k in 0..<4 { bytes[at + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
        }
        let tag = Array("cmap".utf8)
        var cmap = 0
        for table in 0..<u16(4) {
            let record = 12 + 16 * table
            if bytes[record..<record + 4].elementsEqual(tag) { cmap = u32(record + 8) }
        }
        var subtable = 0
        for record in 0..<u16(cmap + 2) {
            let at = cmap + 4 + 8 * record
            if u16(at) == 3 && u16(at + 2) == 10 { subtable = cmap + u32(at + 4) }
        }
        #expect(cmap > 0 && subtable > 0 && u16(subtable) == 12)
        let original = try Font(family: "Inter")._face
        let glyphCount = Int(hb_face_get_glyph_count(hb_font_get_face(original.hbFont)))
        // The BMP groups holding more than one code point.
        let ranges = (0..<u32(subtable + 12)).map { subtable + 16 + 12 * $0 }.filter {
            u32($0 + 4) > u32($0) && u32($0 + 4) < 0x1_0000
        }
        #expect(ranges.count >= 5)
        let glyphs = [0, glyphCount, glyphCount - 1, glyphCount / 2]
        for (group, glyph) in zip(ranges, glyphs) {
            put(u32(group), at: group + 4)
            put(glyph, at: group + 8)
        }
        put(0, at: ranges[4] + 8)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-cmap-singles-\(getpid()).otf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let face = hb_font_get_face(try Font(path: path)._face.hbFont)!
        var coverage = [UInt64](repeating: 0, count: 0x1_0000 / 64)
        let read = coverage.withUnsafeMutableBufferPointer {
            _cmapFormat12Coverage(
                face: face, glyphCount: hb_face_get_glyph_count(face), into: $0.baseAddress!)
        }
        #expect(read)
        let set = try #require(hb_set_create())
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var found: [String] = []
        for point in UInt32(0)..<0x1_0000
        where (coverage[Int(point >> 6)] >> UInt64(point & 63) & 1 != 0)
            != (hb_set_has(set, point) != 0)
        {
            found.append("U+" + String(point, radix: 16, uppercase: true))
        }
        #expect(found.isEmpty, "\(found.prefix(10))")
        // The groups made: no bit for glyph 0 or the glyph count, one for
        // the last glyph and the middle one, the range from its second
        // code point on.
        func covered(_ group: Int) -> Bool {
            let point = u32(group)
            return coverage[point >> 6] >> UInt64(point & 63) & 1 != 0
        }
        #expect(ranges.prefix(4).map(covered) == [false, false, true, true])
        #expect(!covered(ranges[4]))
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
