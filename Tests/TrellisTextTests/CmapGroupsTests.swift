// The glyphs of a format 12 cmap read in one pass over its groups
// (`_cmapFormat12Glyphs`), against HarfBuzz's own answer for each code point
// (`hb_font_get_nominal_glyph`, what the kern-only analysis read before).
import CHarfBuzz
import Foundation
import Testing
import TrellisTestSupport

@testable import TrellisText

struct CmapGroupsTests {
    /// The code points of the BMP where `_cmapFormat12Glyphs` and
    /// `hb_font_get_nominal_glyph` disagree, named; nil when the face's
    /// cmap is left to HarfBuzz.
    static func disagreements(_ face: _FontFace) -> [String]? {
        let points = [UInt32](0..<0x1_0000)
        var glyphs = [UInt32](repeating: 0, count: points.count)
        let read = points.withUnsafeBufferPointer { points in
            glyphs.withUnsafeMutableBufferPointer { glyphs in
                _cmapFormat12Glyphs(
                    face: hb_font_get_face(face.hbFont), points: points, into: glyphs)
            }
        }
        guard read else { return nil }
        var found: [String] = []
        for point in points {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(face.hbFont, point, &glyph) == 0 { glyph = 0 }
            if glyphs[Int(point)] != glyph {
                found.append(face.path + " U+" + String(point, radix: 16, uppercase: true))
            }
        }
        return found
    }

    @Test func bundledFontsMapAsHarfBuzzDoes() throws {
        for family in ["Inter", "Roboto", "Noto Sans Arabic", "Noto Sans Hebrew"] {
            let face = try Font(family: family)._face
            let found = Self.disagreements(face) ?? []
            #expect(found.isEmpty, "\(found.prefix(10))")
        }
    }

    /// Inter with its cmap damaged by `damage` (given the bytes and the
    /// cmap's offset), opened from a temporary file: HarfBuzz must map
    /// nothing in it, and its groups must not be read as the face's.
    static func expectLeftToHarfBuzz(
        _ name: String, damage: (inout [UInt8], Int) -> Void
    ) throws {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Font(family: "Inter").path)))
        func u32(_ at: Int) -> Int { (at..<at + 4).reduce(0) { $0 << 8 | Int(bytes[$1]) } }
        var cmap = 0
        for table in 0..<(Int(bytes[4]) << 8 | Int(bytes[5])) {
            let record = 12 + 16 * table
            if bytes[record..<(record + 4)].elementsEqual(Array("cmap".utf8)) {
                cmap = u32(record + 8)
            }
        }
        #expect(cmap > 0)
        damage(&bytes, cmap)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-cmap-\(name)-\(getpid()).otf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let face = try Font(path: path)._face
        var glyph: hb_codepoint_t = 0
        #expect(hb_font_get_nominal_glyph(face.hbFont, 0x41, &glyph) == 0)
        #expect(Self.disagreements(face) == nil)
    }

    /// HarfBuzz's sanitizer drops a cmap whose version is not 0 whole, so
    /// the face maps no code point; its groups, still in the file, must
    /// not be read as the face's (the fonts fuzz target's damage).
    @Test func aCmapOfAnotherVersionIsLeftToHarfBuzz() throws {
        try Self.expectLeftToHarfBuzz("version") { bytes, cmap in bytes[cmap + 1] = 1 }
    }

    /// HarfBuzz's sanitizer zeroes at most 32 refused subtable offsets and
    /// drops the whole cmap at the next: Inter's record count damaged from
    /// 4 to 48 (garbage records after the real ones, still in order) maps
    /// nothing in HarfBuzz, and the groups must not be read (the fonts
    /// fuzz target's damage, docs/reliability.md).
    @Test func aCmapWithMoreRecordsThanTheSanitizerMendsIsLeftToHarfBuzz() throws {
        try Self.expectLeftToHarfBuzz("records") { bytes, cmap in
            #expect(bytes[cmap + 2] == 0 && bytes[cmap + 3] == 4)
            bytes[cmap + 3] = 48
        }
    }

    @Test(
        .enabled(
            if: systemScriptFontsInstalled,
            "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
    func systemFontsATextFallsBackToMapAsHarfBuzzDoes() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts(language: "zh-cn")
        // Chinese (Noto Sans CJK, whose cmap is read here), box drawing,
        // symbols, Thai, Devanagari, Armenian, Georgian, Ethiopic.
        let resolved = fonts._resolved(
            for: "中文，“引号” ─┼─ ① → ∀x ≤ ✓ ไทย नमस्ते Հայ ქართ ሰላም ᚠ")
        var read = 0
        for face in resolved.faces {
            guard let found = Self.disagreements(face) else { continue }
            read += 1
            #expect(found.isEmpty, "\(found.prefix(10))")
        }
        #expect(read >= 2)
    }
}
