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
        // Kana 192, ideographs 27,648, Hangul syllables 11,172, fullwidth forms 160.
        #expect(covered == 192 + 27_648 + 11_172 + 160)
    }
}
