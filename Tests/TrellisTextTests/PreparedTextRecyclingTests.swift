// A workspace writes each prepared text's arrays over the storage the text
// before left (Workspace+Recycling.swift): a measurer that keeps no
// prepared texts must measure every text as one that keeps them does,
// whatever came before, and must never write over a text something still
// holds.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct PreparedTextRecyclingTests {
    /// Plain words (plain paragraphs, of any length), and what makes a
    /// text keep its pieces: hard breaks, tabs, right-to-left text, other
    /// fonts, characters no font has.
    static let pieces = [
        "Fox ", "jumps ", "over ", "AV ", "the ", "lazy ", "dog. ", "Wavy ", "\n", "\t",
        "שלום ", "مرحبا ", "中文", "，", "─────", "😀 ", "12:30 ", "\u{E000} ",
    ]

    static func text(_ generator: inout SeededGenerator) -> String {
        var text = ""
        // Short and long texts in turn, so arrays grow and are reused.
        let count = Bool.random(using: &generator) ? 3 : 60
        for _ in 0..<Int.random(in: 1...count, using: &generator) {
            text += pieces.randomElement(using: &generator)!
        }
        return text
    }

    @Test func textsMeasureAsWithTextsKept() throws {
        var collections = [
            try FontCollection.bundled("Inter"), try FontCollection.bundled("Roboto"),
        ]
        if systemScriptFontsInstalled {
            collections.append(try FontCollection.bundled("Inter").addingSystemFonts())
        }
        let recycling = TextMeasurer(preparedTextCapacity: 0)
        let keeping = TextMeasurer()
        var generator = SeededGenerator(seed: 90_211)
        var plain = 0
        for trial in 0..<2_000 {
            let text = Self.text(&generator)
            let width = Double.random(in: 30...400, using: &generator)
            let fonts = collections.randomElement(using: &generator)!
            let size = [12.0, 17, 24].randomElement(using: &generator)!
            let style = TextStyle(fonts: fonts, size: size)
            // Every number the record of a row holds, both ways.
            let results = try [recycling, keeping].map {
                try $0._lineCountAndSize(text, style: style, width: width)
            }
            #expect(results[0].lineCount == results[1].lineCount, "trial \(trial): \(text)")
            #expect(results[0].size == results[1].size, "trial \(trial): \(text)")
            #expect(results[0].missingGlyphs == results[1].missingGlyphs, "trial \(trial)")
            let ascii = text.unicodeScalars.allSatisfy(\.isASCII)
            if ascii && !text.contains(where: { "\n\t".contains($0) }) { plain += 1 }
        }
        #expect(plain > 200)
    }

    /// A prepared text a caller still holds once its lines are made is
    /// left alone: the next texts get new storage.
    @Test func aTextStillHeldIsNotWrittenOver() throws {
        let measurer = TextMeasurer(preparedTextCapacity: 0)
        let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17)
        var generator = SeededGenerator(seed: 4_410)
        for trial in 0..<200 {
            let text = Self.text(&generator)
            let parameters = try measurer._breakParameters(
                text, style: style, width: 200, numberOfLines: 0, singleLine: false)
            var held: _PreparedText?
            try measurer._withLines(text, fonts: style.fonts, parameters) { _, _, prepared, _ in
                held = prepared
            }
            let kept = try #require(held)
            let before = Self.contents(kept)
            for _ in 0..<3 {
                _ = try measurer._lineCountAndSize(Self.text(&generator), style: style, width: 150)
            }
            #expect(Self.contents(kept) == before, "trial \(trial): \(text)")
        }
    }

    /// A long text leaves no storage behind for the next texts: only
    /// storage for up to `sparePiecesCapacity` pieces is kept.
    @Test func aLongTextLeavesNoStorageBehind() throws {
        let measurer = TextMeasurer(preparedTextCapacity: 0)
        let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17)
        func spare() throws -> (pieces: Int, block: Int, clusters: Int) {
            try measurer.workspaces.withWorkspace {
                ($0.sparePieces.capacity, $0.spareBlock.capacity, $0.spareClusters.capacity)
            }
        }
        let limit = _Workspace.sparePiecesCapacity
        let long = String(repeating: "word ", count: 3 * limit)
        // A plain paragraph (its block kept) and one that keeps its pieces.
        for text in [long, long + "\n" + long] {
            _ = try measurer._lineCountAndSize("a few words", style: style, width: 100)
            #expect(try spare().block > 0)
            _ = try measurer._lineCountAndSize(text, style: style, width: 300)
            let left = try spare()
            #expect(left.pieces <= limit && left.block <= 3 * limit && left.clusters <= 2 * limit)
        }
        // Texts within the limit leave theirs.
        _ = try measurer._lineCountAndSize(String(long.prefix(400)), style: style, width: 300)
        #expect(try spare().block >= 2 * 80)
    }

    /// Everything line breaking reads of a prepared text.
    static func contents(_ text: _PreparedText) -> [Double] {
        var numbers = text.storage.block.map { $0 }
        numbers += text.storage.clusters.map(Double.init)
        for piece in text.wholePieces() {
            numbers += [
                Double(piece.end), Double(piece.wordEnd), piece.measure.wordEm,
                piece.measure.spaceEm, Double(piece.flags),
            ]
        }
        return numbers + [Double(text.pieceCount), text.isPlainParagraph ? 1 : 0]
    }
}
