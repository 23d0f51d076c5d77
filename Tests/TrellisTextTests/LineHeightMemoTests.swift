// A workspace keeps the line heights it worked out from text to text
// (`_LineHeightMemo`, used by `_lineCountAndSize`): a text's size must be
// the one its layout gives (`_assemble`, which works every height out),
// whatever texts, fonts and styles came before it on the same workspace.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct LineHeightMemoTests {
    /// Latin, Hebrew and Arabic (the bundled fallbacks), and CJK, box
    /// drawing and emoji where the system's fonts are asked.
    static let pieces = [
        "Fox ", "jumps ", "AV ", "שלום ", "مرحبا ", "中文", "，", "─────", "😀 ", "12:30 ",
    ]

    @Test func sizesAreTheLayoutsWhateverCameBefore() throws {
        var collections = [
            try FontCollection.bundled("Inter"), try FontCollection.bundled("Roboto"),
            try FontCollection.bundled("Inter", weight: .semibold),
        ]
        if systemScriptFontsInstalled {
            collections.append(try FontCollection.bundled("Inter").addingSystemFonts())
            collections.append(try FontCollection.bundled("Roboto").addingSystemFonts())
        }
        // One thread: every text goes through the same workspace and memo.
        let measured = TextMeasurer(preparedTextCapacity: 0)
        let laidOut = TextMeasurer(preparedTextCapacity: 0)
        var generator = SeededGenerator(seed: 5_138)
        var multiFontLines = 0
        for trial in 0..<1_500 {
            var text = ""
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                text += Self.pieces.randomElement(using: &generator)!
            }
            let style = TextStyle(
                fonts: collections.randomElement(using: &generator)!,
                size: [12, 17, 17, 24].randomElement(using: &generator)!,
                lineHeightMultiple: [0, 0, 1.3].randomElement(using: &generator)!,
                minimumLineHeight: [0, 0, 30].randomElement(using: &generator)!,
                maximumLineHeight: [0, 0, 22].randomElement(using: &generator)!)
            let width = Double.random(in: 40...400, using: &generator)
            let size = try measured._lineCountAndSize(text, style: style, width: width)
            let layout = try laidOut.layout(text, style: style, width: width)
            #expect(size.lineCount == layout.lineCount, "trial \(trial): \(text)")
            #expect(size.size == layout.size, "trial \(trial): \(text)")
            if layout.lines.contains(where: { $0.height != layout.lines[0].height }) {
                multiFontLines += 1
            }
        }
        // Lines of one text differ in height: fonts differ between them.
        #expect(multiFontLines > 100)
    }
}
