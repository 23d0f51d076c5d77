// The new pieces of a text that is not plain ASCII are shaped in one
// HarfBuzz call per font and script (Workspace+ScriptBatches.swift); each
// piece kept from a batch must measure exactly as shaping it alone, and a
// piece whose glyphs run into the next piece's (a ligature across the
// boundary) must be left out.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct ScriptBatchTests {
    static let alphabet: [String] =
        Corpus.words(Corpus.russian).map { $0 + " " }
        + ["Größe ", "über", "Straße", "schätzenswerten ", "Ärger", "ökologisch ", "Ü"]
        + ["Αθήνα ", "λόγος"]
        + ["->", "-", ">", "+", "<", "=", "<=", "x", "12", "3.5", ":", ": ", "(", ")", "«", "»"]
        + ["—", "…", "“", "”", " ", "  ", "\u{A0}", "AV", "fi", "1/2", "a", "Я"]

    static func randomText(_ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...30, using: &generator)
        return (0..<count).map { _ in alphabet.randomElement(using: &generator)! }.joined()
    }

    /// Every piece of `text`, prepared by a new workspace with an empty
    /// cache, with the batches (by script and of ideographs) on or off, and
    /// the kern-only model on or off.
    static func pieces(
        _ text: String, fonts: FontCollection, batches: Bool, kernModel: Bool = true
    ) throws -> [_Piece] {
        let workspace = try _Workspace()
        workspace.usesKernModel = kernModel
        workspace.usesScriptBatches = batches
        workspace.usesIdeographBatches = batches
        let prepared = try workspace.prepare(
            text, fonts: fonts._resolved(for: text), cache: _WordWidthCache(capacity: 4096))
        return prepared.wholePieces()
    }

    static func expectSamePieces(_ text: String, fonts: FontCollection) throws {
        let fast = try pieces(text, fonts: fonts, batches: true)
        let reference = try pieces(text, fonts: fonts, batches: false)
        #expect(fast.count == reference.count)
        for (piece, expected) in zip(fast, reference) {
            #expect(piece.end == expected.end)
            #expect(piece.measure == expected.measure, "\(text.debugDescription)")
        }
    }

    @Test(arguments: ["Inter", "Roboto"])
    func batchedPreparationMeasuresAsShapingEachPieceAlone(family: String) throws {
        let fonts = try FontCollection.bundled(family)
        var generator = SeededGenerator(seed: 38)
        for _ in 0..<500 {
            // Several texts side by side, so a text brings many new pieces.
            let text = (0..<3).map { _ in Self.randomText(&generator) }.joined()
            try Self.expectSamePieces(text, fonts: fonts)
        }
        for row in Corpus.rows(count: 600) { try Self.expectSamePieces(row, fonts: fonts) }
    }

    @Test(
        .enabled(
            if: systemScriptFontsInstalled,
            "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
    func batchedPreparationWithTheSystemsFontsMeasuresAsShapingEachPieceAlone() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        var generator = SeededGenerator(seed: 3838)
        let chinese =
            Array("我们在这里学习中文每天都很开心").map(String.init)
            + ["，", "。", "：", "《", "》", "（", "）", "│", "─", "┼", "+->", "12"]
        for _ in 0..<300 {
            let count = Int.random(in: 1...40, using: &generator)
            let text = (0..<count).map { _ in
                Bool.random(using: &generator)
                    ? chinese.randomElement(using: &generator)!
                    : Self.alphabet.randomElement(using: &generator)!
            }.joined()
            try Self.expectSamePieces(text, fonts: fonts)
        }
    }

    @Test func aLigatureAcrossTwoPartsIsLeftOut() throws {
        // Inter draws "->" as one arrow glyph, whose cluster starts at "-":
        // in "+->" cut as "+-" and ">" side by side (no separator), the
        // arrow is neither part's alone.
        let face = try Font(family: "Inter")._face
        let workspace = try _Workspace()
        let bytes = Array("+->".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var batched: [_PieceMeasure?] = []
            workspace.shapeBatch(
                buffer, [(0..<2, 2), (2..<3, 3)].map(_Part.init), face: face, into: &batched,
                separator: [])
            #expect(batched.count == 2)
            #expect(batched[0] == nil)
            #expect(batched[1] == nil)
        }
    }

    @Test func partsOfOneScriptAreBatchedAndOthersApart() throws {
        // Cyrillic words, a German word (Latin) and digits alone (no
        // script): only the two Cyrillic words share a batch with each other.
        let fonts = try FontCollection.bundled("Inter")
        let text = "выдра барсук über 12"
        let workspace = try _Workspace()
        let bytes = Array(text.utf8)
        let parts: [(range: Range<Int>, trailingStart: Int)] = [
            (0..<11, 10), (11..<24, 23), (24..<30, 29), (30..<32, 32),
        ]
        bytes.withUnsafeBufferPointer { buffer in
            var batched: [_PieceMeasure?] = []
            workspace.shapeScriptBatches(
                buffer, parts.map(_Part.init), faces: fonts.faces, into: &batched)
            #expect(batched.map { $0 != nil } == [true, true, false, false])
            for (part, measure) in zip(parts, batched) {
                guard let measure else { continue }
                let alone = workspace.shape(
                    buffer, range: part.range, trailingStart: part.trailingStart, rtl: false,
                    faces: fonts.faces, keepClusters: false, tryingKernModel: false)
                #expect(measure == alone)
            }
        }
    }
}
