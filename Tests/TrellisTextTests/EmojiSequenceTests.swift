// Every fully-qualified emoji sequence of Unicode's own list, emoji-test.txt
// (UTS #51's test data, Emoji 15.0 in Debian bookworm's `unicode-data`
// package, installed by Scripts/bootstrap.sh at
// /usr/share/unicode/emoji/emoji-test.txt), measured with Inter 17 and the
// system's fonts as `trellis measure --font Inter --size 17 --fallback system`
// measures: each sequence the color emoji font (Debian's
// fonts-noto-color-emoji) shapes as one glyph on its own (HarfBuzz, the emoji
// font alone) must be that one glyph, from that font, as wide. Before emoji
// sequences took the emoji font as a whole (`_EmojiSequences.swift`), 309 of
// the 3,655 were split: "❤️‍🔥" 38.55 pt wide (two glyphs from two fonts)
// instead of 21.17. Skipped, saying so, without the file or the font.
import Foundation
import Testing
import TrellisTestSupport
import TrellisText

let emojiTestFile = "/usr/share/unicode/emoji/emoji-test.txt"

/// The fully-qualified sequences of emoji-test.txt, each with its line number.
func fullyQualifiedEmoji() throws -> [(line: Int, sequence: String)] {
    let contents = try String(contentsOfFile: emojiTestFile, encoding: .utf8)
    var found: [(line: Int, sequence: String)] = []
    for (number, line) in contents.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
    {
        guard line.contains("; fully-qualified") else { continue }
        let codes = line.split(separator: ";")[0].split(separator: " ")
        var sequence = ""
        for code in codes {
            guard let value = UInt32(code, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw EmojiFileError(line: number + 1)
            }
            sequence.unicodeScalars.append(scalar)
        }
        found.append((number + 1, sequence))
    }
    return found
}

struct EmojiFileError: Error, CustomStringConvertible {
    let line: Int
    var description: String { "\(emojiTestFile):\(line): not a code point list" }
}

@Suite(
    .enabled(
        if: FileManager.default.fileExists(atPath: emojiTestFile),
        "needs \(emojiTestFile) (Debian's unicode-data, Scripts/bootstrap.sh)"),
    .enabled(if: colorEmojiInstalled, "needs fonts-noto-color-emoji (Scripts/bootstrap.sh)"))
struct EmojiSequenceTests {
    let measurer = TextMeasurer()

    /// Inter then the system's fonts (`--fallback system`), and Inter with
    /// its bundled fallbacks then the color emoji font.
    func styles() throws -> [TextStyle] {
        [
            TextStyle(
                fonts: try FontCollection(Font(family: "Inter")).addingSystemFonts(), size: 17),
            TextStyle(fonts: try FontCollection.bundled("Inter").addingColorEmoji(), size: 17),
        ]
    }

    @Test func everyFullyQualifiedSequenceIsTheEmojiFontsOneGlyph() throws {
        let emojiFont = try Font.colorEmoji()
        let emojiOnly = TextStyle(fonts: FontCollection([emojiFont]), size: 17)
        let sequences = try fullyQualifiedEmoji()
        // Emoji 15.0: 3,655 fully-qualified sequences.
        #expect(sequences.count >= 3655)
        var oneGlyph = 0
        var split: [String] = []
        for style in try styles() {
            for (line, sequence) in sequences {
                let alone = try measurer.glyphLayout(sequence, style: emojiOnly, width: 100_000)
                let glyphs = try measurer.glyphLayout(sequence, style: style, width: 100_000)
                #expect(glyphs.layout.missingGlyphs.isEmpty, "line \(line): \(sequence) missing")
                guard alone.lines.count == 1, alone.lines[0].count == 1 else { continue }
                oneGlyph += 1
                let placed = glyphs.lines.flatMap { $0 }
                if placed.count != 1 || glyphs.fonts[placed[0].fontIndex].path != emojiFont.path
                    || !close(glyphs.layout.size.width, alone.layout.size.width)
                {
                    split.append(
                        "line \(line): \(sequence) \(placed.count) glyphs, \(glyphs.layout.size.width) wide"
                    )
                }
            }
        }
        // Debian's Noto Color Emoji has every sequence of Emoji 15.0.
        #expect(oneGlyph == 2 * sequences.count)
        #expect(split.count == 0, "split: \(split.prefix(10))")
    }

    @Test(arguments: [
        // Sequences the emoji font has no glyph for as a whole, and their
        // components: each component is a glyph of the font that has it,
        // as wide as that component alone.
        ("\u{1F600}\u{200D}\u{1F355}", ["\u{1F600}", "\u{1F355}"]),  // 😀‍🍕: not RGI
        ("\u{1F600}\u{200D}\u{2605}", ["\u{1F600}", "\u{2605}"]),  // 😀‍★: no emoji ★
        ("\u{2764}\u{FE0E}", ["\u{2764}"]),  // ❤︎: text presentation (a text font's heart)
    ])
    func aSequenceTheEmojiFontLacksFallsBackAsItsComponents(
        sequence: String, components: [String]
    ) throws {
        let emojiFont = try Font.colorEmoji()
        let style = try styles()[0]
        let layout = try measurer.glyphLayout(sequence, style: style, width: 100_000)
        // Hidden characters (ZWJ, variation selectors) are zero-width glyphs.
        let placed = layout.lines.flatMap { $0 }.filter { $0.advance > 0 }
        #expect(placed.count == components.count)
        #expect(layout.layout.missingGlyphs.isEmpty)
        var width = 0.0
        for component in components {
            width += try measurer.layout(component, style: style, width: 100_000).size.width
        }
        #expect(close(layout.layout.size.width, width, tolerance: 0.001))
        // A text-default character stays in a text font.
        let fonts = placed.map { layout.fonts[$0.fontIndex].path }
        #expect(fonts.last != emojiFont.path || components.last == "\u{1F355}")
    }

    @Test func onlyACharacterNoFontHasIsMissing() throws {
        // 😀 ZWJ U+10FFFD (a private use character no installed font has):
        // the emoji is measured, the other character is the missing one.
        let text = "\u{1F600}\u{200D}\u{10FFFD}"
        let layout = try measurer.layout(text, style: try styles()[0], width: 100_000)
        #expect(layout.missingGlyphs.count == 1)
        #expect(layout.missingGlyphs.first?.lowerBound ?? 0 >= 4)
    }
}
