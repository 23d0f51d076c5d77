// Chinese and Japanese text measured without HarfBuzz: the kern-only model
// (KernOnlyShaping.swift) covers a CJK font's ideographs, kana and
// punctuation, pieces drawn with a fallback face are measured by it
// (`ideographKernOnlyMeasure`, `shapeFontRun`), and `shape` skips the first
// face's attempt on characters HarfBuzz can draw with no other glyph
// (`_hasNoSubstituteGlyph`). Each is checked against HarfBuzz itself. Needs
// Noto Sans CJK (Debian's fonts-noto-cjk, installed by Scripts/bootstrap.sh);
// skipped, saying so, without it.
import CHarfBuzz
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct CJKKernOnlyTests {
    /// Inter followed by the system's fonts, resolved for `text`.
    static func resolved(_ text: String) throws -> FontCollection {
        try FontCollection(Font(family: "Inter")).addingSystemFonts()._resolved(for: text)
    }

    /// The system's face for Chinese ideographs (Noto Sans CJK on Debian).
    static func cjkFace() throws -> _FontFace {
        let faces = try resolved("中").faces
        #expect(faces.count == 2)
        return faces[faces.count - 1]
    }

    @Test func everyCJKCharacterMeasuresAsHarfBuzz() throws {
        let face = try Self.cjkFace()
        let model = try #require(face.kernOnly)
        #expect(model.scalars.count == _KernOnlyFace.cjkScalarLimit)
        // Each character the face maps, alone and before a comma and a full
        // stop (pairs the font might kern).
        var texts: [String] = []
        for range in _KernOnlyFace.cjkRanges {
            for value in range where face.hasGlyph(UInt32(value)) {
                let scalar = String(Unicode.Scalar(UInt32(value))!)
                texts.append(scalar)
                if value % 7 == 0 { texts.append(scalar + "，" + scalar + "。") }
            }
        }
        #expect(texts.count > 25_000)
        let (modelled, total) = try KernOnlyShapingTests.compare(texts, face: face)
        // Ideographs, kana and most punctuation are simple in Noto Sans CJK.
        #expect(modelled * 10 > total * 9, "modelled \(modelled) of \(total)")
    }

    static let alphabet: [String] =
        Array("我们在这里学习中文每天都很开心这是一个长的句子用来测试换行默认值参数类型否则精度")
        .map(String.init)
        + ["，", "。", "：", "；", "（", "）", "“", "”", "、", "「", "」", "《", "》", "——", "！"]
        + ["こんにちは", "カタカナ", "ー", "ａｂｃ", "１２"]
        + ["─", "│", "┤", "├", "┼", "└", "┌", "───", "□"]
        + ["Open", "Office ", "gpg ", "x", "12", " ", "  ", "-", "-- ", "= ", "(", ")", ": ", "AV"]

    @Test func piecesOfSeveralFontsMeasureAsHarfBuzz() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        var generator = SeededGenerator(seed: 38)
        for _ in 0..<500 {
            let count = Int.random(in: 1...40, using: &generator)
            let text = (0..<count).map { _ in Self.alphabet.randomElement(using: &generator)! }
                .joined()
            // With the model and batches, and as HarfBuzz measures each piece alone.
            let fast = try ScriptBatchTests.pieces(text, fonts: fonts, batches: true)
            let reference = try ScriptBatchTests.pieces(
                text, fonts: fonts, batches: false, kernModel: false)
            #expect(fast.count == reference.count)
            for (piece, expected) in zip(fast, reference) {
                #expect(piece.end == expected.end)
                #expect(piece.measure == expected.measure, "\(text.debugDescription)")
            }
        }
    }

    @Test func clustersOfSeveralFontsAreHarfBuzzs() throws {
        // A piece wider than the line is broken between the clusters
        // `shape` keeps; runs of a fallback face the model covers keep
        // theirs without HarfBuzz (`shapeFontRun`).
        var generator = SeededGenerator(seed: 3812)
        let model = try _Workspace()
        let harfBuzz = try _Workspace()
        harfBuzz.usesKernModel = false
        for _ in 0..<500 {
            let count = Int.random(in: 1...40, using: &generator)
            let text = (0..<count).map { _ in Self.alphabet.randomElement(using: &generator)! }
                .joined()
            let faces = try Self.resolved(text).faces
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let trailing = _trailingWhitespaceStart(buffer, end: buffer.count, start: 0)
                // Twice with the model: the first pass teaches it pairs.
                _ = KernOnlyShapingTests.clusters(model, buffer, 0..<buffer.count, trailing, faces)
                #expect(
                    KernOnlyShapingTests.clusters(model, buffer, 0..<buffer.count, trailing, faces)
                        == KernOnlyShapingTests.clusters(
                            harfBuzz, buffer, 0..<buffer.count, trailing, faces),
                    "\(text.debugDescription)")
            }
        }
        #expect(model.usesKernModel, "a learned pair contradicted the model")
    }

    @Test func charactersWithoutSubstituteComeOutAsGlyphZero() throws {
        // Every character `_hasNoSubstituteGlyph` names that Inter lacks is
        // glyph 0 when HarfBuzz shapes it with Inter, alone and after a letter.
        let inter = try Font(family: "Inter")._face
        let workspace = try _Workspace()
        var checked = 0
        for value in UInt32(0x2000)...0xFFFF where _hasNoSubstituteGlyph(value) {
            guard !inter.hasGlyph(value), let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "a" + String(scalar)] {
                let bytes = Array(text.utf8)
                bytes.withUnsafeBufferPointer { buffer in
                    guard
                        let (infos, _, count) = workspace.shapeBuffer(
                            buffer, rtl: false, face: inter)
                    else { return }
                    let glyph = (0..<count).first { infos[$0].cluster == UInt32(buffer.count - 3) }
                        .map { infos[$0].codepoint }
                    #expect(glyph == 0, "U+\(String(value, radix: 16, uppercase: true))")
                }
            }
            checked += 1
        }
        #expect(checked > 20_000)
    }
}
