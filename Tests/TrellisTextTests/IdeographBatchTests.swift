// Chinese pieces shaped in batches per font, skipping the first font's
// attempt (Workspace+IdeographBatches.swift), must measure exactly as each
// piece shaped alone through the first font, then fallback. Needs Noto Sans
// CJK (Debian's fonts-noto-cjk, installed by Scripts/bootstrap.sh); skipped,
// saying so, without it.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct IdeographBatchTests {
    static let alphabet: [String] =
        Array("我们在这里学习中文每天都很开心这是一个长的句子用来测试换行默认值参数类型否则精度")
        .map(String.init)
        + ["，", "。", "：", "；", "（", "）", "“", "”", "、", "「", "」", "——", "—"]
        + ["こんにちは", "カタカナ", "한국어", "가"]
        + ["Open", "Office ", "GID", "x", "12", " ", "  ", "-", "= ", "(", ")", ": ", "AV"]
        + ["👍🏽", "👩🏿‍💻", "🙈", "\u{200D}", "🇫🇷"]

    /// A random string of pieces of the alphabet.
    static func randomText(_ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...24, using: &generator)
        return (0..<count).map { _ in alphabet.randomElement(using: &generator)! }.joined()
    }

    /// Every piece's measure of `text`, prepared by a new workspace with an
    /// empty cache, with ideograph batches on or off.
    static func pieces(_ text: String, fonts: FontCollection, batches: Bool) throws -> [_Piece] {
        let workspace = try _Workspace()
        workspace.usesIdeographBatches = batches
        let prepared = try workspace.prepare(
            text, fonts: fonts._resolved(for: text), cache: _WordWidthCache(capacity: 1024))
        return prepared.wholePieces()
    }

    @Test func batchedPreparationMeasuresAsShapingEachPieceAlone() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        var generator = SeededGenerator(seed: 19)
        for _ in 0..<600 {
            // Several texts side by side, so a text brings many new pieces.
            let text = (0..<3).map { _ in Self.randomText(&generator) }.joined()
            let fast = try Self.pieces(text, fonts: fonts, batches: true)
            let reference = try Self.pieces(text, fonts: fonts, batches: false)
            #expect(fast.count == reference.count)
            for (piece, expected) in zip(fast, reference) {
                #expect(piece.end == expected.end)
                #expect(piece.measure == expected.measure, "\(text.debugDescription)")
            }
        }
    }

    @Test func piecesOfIdeographsAreShapedInOneCallPerFont() throws {
        // "我们在这里。" breaks before each ideograph but the first: five
        // pieces, all drawn with Noto Sans CJK, which does not kern
        // ideographs, so the batch keeps every one of them.
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        let text = "我们在这里。"
        let resolved = fonts._resolved(for: text)
        let parts: [(range: Range<Int>, trailingStart: Int)] = [
            (0..<3, 3), (3..<6, 6), (6..<9, 9), (9..<12, 12), (12..<18, 18),
        ]
        let workspace = try _Workspace()
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var batched: [_PieceMeasure?] = []
            workspace.shapeIdeographBatches(
                buffer, parts.map(_Part.init), faces: resolved.faces, into: &batched)
            let reference = try _Workspace()
            reference.usesIdeographBatches = false
            for (part, measure) in zip(parts, batched) {
                let alone = reference.shape(
                    buffer, range: part.range, trailingStart: part.trailingStart, rtl: false,
                    faces: resolved.faces, keepClusters: false)
                #expect(measure == alone)
                // One em per ideograph and per full stop, drawn with the second face.
                #expect(measure?.wordEm == Double(part.range.count / 3))
                #expect(measure?.fontMask == 2)
            }
        }
    }

    @Test func piecesThatDoNotStartWithAnIdeographAreLeftAlone() throws {
        // A Latin word (the first font's), a full stop alone (no Han
        // character: another script plan), an ideograph followed by a Latin
        // letter (two fonts): none is batched; the two ideographs after them are.
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        let text = "word。中x中文"
        let resolved = fonts._resolved(for: text)
        let workspace = try _Workspace()
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var batched: [_PieceMeasure?] = []
            let parts = [(0..<4, 4), (4..<7, 7), (7..<11, 11), (11..<14, 14), (14..<17, 17)]
            workspace.shapeIdeographBatches(
                buffer, parts.map(_Part.init), faces: resolved.faces, into: &batched)
            #expect(batched.map { $0 == nil } == [true, true, true, false, false])
        }
    }
}
