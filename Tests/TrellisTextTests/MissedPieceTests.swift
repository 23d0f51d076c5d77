// A piece no cache has is measured without HarfBuzz where the second pass of
// `prepareBytes` finds it missing, when it can be (PreparedText.swift,
// `measureWithoutShaping`), and kept in the caches at once, so a later piece
// of the same text with the same bytes takes its measure from them. Every
// piece must still measure as HarfBuzz alone measures it.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct MissedPieceTests {
    static let words: [String] =
        Corpus.words(Corpus.russian)
        + ["Otter", "otter", "AVA", "Wasser", "Größe", "schätzenswerten", "->", "fi", "1/2"]
        + ["«Уважение»", "Tee,", "y.", "—", "x", "12:30"]

    /// Texts of a few new words, each several times, with one or two spaces
    /// (or none) after each.
    static func texts(count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        let gaps = ["", " ", " ", " ", "  ", "\u{A0}"]
        return (0..<count).map { _ in
            let chosen = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                words.randomElement(using: &generator)!
            }
            return (0..<Int.random(in: 2...24, using: &generator)).map { _ in
                chosen.randomElement(using: &generator)! + gaps.randomElement(using: &generator)!
            }.joined()
        }
    }

    static func expectSamePieces(_ text: String, fonts: FontCollection) throws {
        let modelled = try ScriptBatchTests.pieces(text, fonts: fonts, batches: false)
        let shaped = try ScriptBatchTests.pieces(
            text, fonts: fonts, batches: false, kernModel: false)
        #expect(modelled.count == shaped.count, "\(text.debugDescription)")
        for (piece, expected) in zip(modelled, shaped) {
            #expect(piece.end == expected.end, "\(text.debugDescription)")
            #expect(piece.wordEnd == expected.wordEnd, "\(text.debugDescription)")
            #expect(piece.measure == expected.measure, "\(text.debugDescription)")
        }
    }

    @Test(arguments: ["Inter", "Roboto"])
    func repeatedNewPiecesMeasureAsHarfBuzzAlone(family: String) throws {
        let fonts = try FontCollection.bundled(family)
        for text in Self.texts(count: 300, seed: 4040) {
            try Self.expectSamePieces(text, fonts: fonts)
        }
    }

    @Test(
        .enabled(
            if: systemScriptFontsInstalled,
            "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
    func repeatedNewPiecesWithTheSystemsFontsMeasureAsHarfBuzzAlone() throws {
        // Ideographs and punctuation of another face (the memo and the
        // kern-only model of Noto Sans CJK) beside Inter's words.
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        var generator = SeededGenerator(seed: 4041)
        let chinese = ["我们", "学习", "中文", "，", "。", "《论语》", "（", "）", "─", "│"]
        for text in Self.texts(count: 200, seed: 4042) {
            let mixed = text.split(separator: " ").map { word in
                Bool.random(using: &generator)
                    ? String(word) : chinese.randomElement(using: &generator)!
            }.joined(separator: " ")
            try Self.expectSamePieces(mixed, fonts: fonts)
        }
    }
}
