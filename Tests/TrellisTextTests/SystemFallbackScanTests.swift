// The shortcut the system-font scan takes for Chinese, Japanese and Korean
// characters (`_isIdeographOrSyllable`): every scalar it covers has no
// emoji property and is not default-ignorable, so skipping those lookups
// changes nothing.
import Testing

@testable import TrellisText

struct SystemFallbackScanTests {
    @Test func theIdeographShortcutCoversNoEmojiAndNoDefaultIgnorable() {
        var covered = 0
        for value in UInt32(0)...0x10FFFF where _isIdeographOrSyllable(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            #expect(!properties.isEmoji, "U+\(String(value, radix: 16, uppercase: true))")
            #expect(
                !properties.isDefaultIgnorableCodePoint,
                "U+\(String(value, radix: 16, uppercase: true))")
            covered += 1
        }
        // Kana 192, ideographs 27,648, Hangul syllables 11,172, fullwidth
        // forms 160, CJK symbols and punctuation 62, box drawing 128.
        #expect(covered == 192 + 27_648 + 11_172 + 160 + 62 + 128)
    }
}

/// Collections that end in the same ranking of the system's fonts (same
/// family, weight and language) are one collection to the caches: a
/// markup span builds its run's fonts again for every text, and before
/// they were shared each text's bold words were shaped anew and each added
/// an entry to the collections' interning table.
struct SharedSystemFallbackTests {
    @Test func aSpanInTheSameFamilyAndWeightGivesTheSameFontsInEveryText() throws {
        let style = TextStyle(
            fonts: try FontCollection(Font(family: "Inter")).addingSystemFonts(), size: 17)
        let first = try AttributedText(markup: "one <b>bold</b> word", base: style)
        let second = try AttributedText(markup: "<b>another</b> text", base: style)
        let bold = { (text: AttributedText) in
            text.runs.first { $0.attributes.fonts.id != style.fonts.id }?.attributes.fonts.id
        }
        let firstBold = try #require(bold(first))
        #expect(firstBold == bold(second))
        let again = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        #expect(again.id == style.fonts.id)
    }
}
