// Fonts with a legacy `kern` table whose GPOS kerns under every plan
// (KernOnlyShaping+LegacyKern.swift): HarfBuzz never applies the table, so
// the kern model covers them, and box drawing (U+2500–U+259F) is eligible
// text. DejaVu Sans, which the system fonts give Chinese rows' tables, is
// checked against HarfBuzz on random strings; a copy of it whose GPOS
// `kern` features are renamed (so that HarfBuzz applies the `kern` table)
// must be left to HarfBuzz. Needs Debian's fonts-dejavu-core; skipped,
// saying so, without it.
import CHarfBuzz
import Foundation
import Testing
import TrellisTestSupport

@testable import TrellisText

private let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

@Suite(
    .enabled(
        if: FileManager.default.fileExists(atPath: dejaVuSans),
        "needs Debian's fonts-dejavu-core (\(dejaVuSans))"))
struct LegacyKernTableTests {
    static func face() throws -> _FontFace { try Font(path: dejaVuSans)._face }

    @Test func dejaVuSansIsModelled() throws {
        let face = try Self.face()
        #expect(_tableLength(hb_font_get_face(face.hbFont), "kern") > 0)
        #expect(_KernOnlyFace.gposKernsEveryPlan(hb_font_get_face(face.hbFont)))
        let model = try #require(face.kernOnly)
        // Box drawing is eligible, of the Common script.
        for value in [0x2500, 0x2502, 0x253C, 0x2524, 0x2588] where face.hasGlyph(UInt32(value)) {
            #expect(model.scalars[value] >> 16 == 0, "U+\(String(value, radix: 16))")
        }
    }

    static let alphabet: [String] =
        ["─", "│", "┤", "├", "┼", "└", "┌", "┐", "┘", "╭", "╯", "━", "═", "║", "▔", "█", "░"]
        + ["AV", "To", "Ye", "LT", "ff", "fi", "x", "yo", "12", "3x5", "(A)", "-", "--", "->"]
        + ["Съешь", "же", "ещё", "Γειά", "σου", "“", "”", "…", "—", "·", "→", "□", "×"]
        + [" ", "  ", ": ", ", ", ". ", "\u{301}", "e\u{301}", "😀", "\u{200D}", "中", "\t"]

    static func randomTexts(_ count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let length = Int.random(in: 1...24, using: &generator)
            return (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
        }
    }

    @Test func randomTextMeasuresAsHarfBuzz() throws {
        // Every piece and whole text, with the model and by HarfBuzz alone,
        // bit for bit, clusters too (`KernOnlyShapingTests.compare`).
        let texts = Self.randomTexts(1_500, seed: 3817)
        let (modelled, total) = try KernOnlyShapingTests.compare(texts, face: try Self.face())
        #expect(modelled * 3 > total, "modelled \(modelled) of \(total)")
    }

    @Test func boxDrawingMeasuresAsHarfBuzz() throws {
        // Every box-drawing and block character DejaVu Sans maps, alone,
        // doubled and beside letters, is modelled and exact.
        let face = try Self.face()
        var texts: [String] = []
        for value in 0x2500..<0x25A0 where face.hasGlyph(UInt32(value)) {
            let scalar = String(Unicode.Scalar(UInt32(value))!)
            texts += [scalar, scalar + scalar + " ", "A" + scalar + "V", scalar + "─│"]
        }
        #expect(texts.count > 500)
        let (modelled, total) = try KernOnlyShapingTests.compare(texts, face: face)
        #expect(modelled * 10 > total * 9, "modelled \(modelled) of \(total)")
    }

    /// DejaVu Sans with its GPOS feature list's `kern` tags renamed `xern`:
    /// HarfBuzz then finds no GPOS kerning and applies the `kern` table.
    static func withoutGPOSKerning() throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dejaVuSans)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var gpos = -1
        for table in 0..<u16(4) {
            let record = 12 + 16 * table
            if bytes[record..<(record + 4)].elementsEqual(Array("GPOS".utf8)) {
                gpos = u32(record + 8)
            }
        }
        #expect(gpos > 0)
        let features = gpos + u16(gpos + 6)
        var renamed = 0
        for feature in 0..<u16(features) {
            let tag = features + 2 + 6 * feature
            if bytes[tag..<(tag + 4)].elementsEqual(Array("kern".utf8)) {
                bytes[tag] = UInt8(ascii: "x")
                renamed += 1
            }
        }
        #expect(renamed > 0)
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("trellis-legacy-kern-\(getpid()).ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func kernTableHarfBuzzAppliesIsLeftToIt() throws {
        let path = try Self.withoutGPOSKerning()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let face = try Font(path: path)._face
        #expect(!_KernOnlyFace.gposKernsEveryPlan(hb_font_get_face(face.hbFont)))
        #expect(face.kernOnly == nil)
        // HarfBuzz does kern it (with the `kern` table): "AV" is not the
        // sum of its advances, and measuring agrees with HarfBuzz.
        let texts = ["AV", "To ", "LT─", "Yo"] + Self.randomTexts(200, seed: 3818)
        let (modelled, _) = try KernOnlyShapingTests.compare(texts, face: face)
        #expect(modelled == 0)
        let workspace = try _Workspace()
        let bytes = Array("AV".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            guard
                let (infos, positions, count) = workspace.shapeBuffer(
                    buffer, rtl: false, face: face)
            else { return }
            #expect(count == 2)
            let advance = hb_font_get_glyph_h_advance(face.hbFont, infos[0].codepoint)
            #expect(positions[0].x_advance != advance, "the kern table kerns A and V")
        }
    }
}
