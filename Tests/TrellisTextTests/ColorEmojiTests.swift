// Color emoji through the system's Noto Color Emoji (Debian's
// fonts-noto-color-emoji, which Scripts/bootstrap.sh installs for
// Scripts/test.sh). These tests need that system font and are skipped when
// it is missing. Expected numbers are Pango 1.50.12's on the same files
// (Inter 17 then the emoji font; fontconfig reading Fonts/ and the emoji
// font's folder, with fontconfig's 10-scale-bitmap-fonts rule so that Pango
// scales the emoji strike to the size; hyphens off).
import Testing
import TrellisTestSupport
import TrellisText

let colorEmojiInstalled = (try? Font.colorEmoji()) != nil

@Suite(.enabled(if: colorEmojiInstalled, "needs fonts-noto-color-emoji (Scripts/bootstrap.sh)"))
struct ColorEmojiTests {
    let measurer = TextMeasurer()
    /// Noto Color Emoji at 17 pt: hmtx advance 2550 / 2048 em; hhea 1900 / −500.
    let emojiAdvance = 2550.0 * 17 / 2048  // 21.167
    let emojiAscent = 1900.0 * 17 / 2048
    let emojiDescent = 500.0 * 17 / 2048

    func style() throws -> TextStyle {
        TextStyle(fonts: try FontCollection.bundled("Inter").addingColorEmoji(), size: 17)
    }

    @Test func anEmojiIsMeasuredWithTheEmojiFont() throws {
        // Pango: "😀" 21.167 wide, 19.922 tall (the emoji font's line alone).
        let layout = try measurer.layout("😀", style: style(), width: 300)
        #expect(close(layout.size.width, emojiAdvance))
        #expect(close(layout.size.height, emojiAscent + emojiDescent))
        #expect(layout.missingGlyphs.isEmpty)
    }

    @Test func aLineWithTextAndEmojiTakesTheHighestAscentAndDeepestDescent() throws {
        // Pango: "a😀b" 41.307 wide, 20.619 tall = Inter's ascent 16.469 +
        // the emoji font's descent 4.150.
        let layout = try measurer.layout("a😀b", style: style(), width: 300)
        #expect(close(layout.size.width, 41.307, tolerance: 0.01))
        #expect(close(layout.size.height, Inter17.ascender + emojiDescent))
    }

    @Test(arguments: [
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 1),  // 👨‍👩‍👧 ZWJ sequence
        ("\u{1F44D}\u{1F3FD}", 1),  // 👍🏽 skin tone
        ("\u{1F1FA}\u{1F1F8}\u{1F1EB}\u{1F1F7}", 2),  // 🇺🇸🇫🇷 two flags
    ])
    func sequencesAreOneGlyphEach(sequence: String, glyphs: Int) throws {
        // Pango: 21.167 per emoji (one glyph each), 19.922 tall.
        let layout = try measurer.layout(sequence, style: style(), width: 300)
        #expect(close(layout.size.width, Double(glyphs) * emojiAdvance))
        #expect(close(layout.size.height, emojiAscent + emojiDescent))
        // Narrower than one emoji: one sequence a line, never split.
        #expect(try measurer.layout(sequence, style: style(), width: 5).lineCount == glyphs)
    }

    @Test func aSpaceAfterAnEmojiIsTheTextFontsSpace() throws {
        // Pango: "family 👨‍👩‍👧 x" is 87.669 wide; the emoji font's own space
        // (21.167) would make it 104.056.
        let layout = try measurer.layout(
            "family \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} x", style: style(), width: 300)
        #expect(close(layout.size.width, 87.669, tolerance: 0.01))
        #expect(close(layout.size.height, Inter17.ascender + emojiDescent))  // 20.619, Pango
    }

    @Test func anEmojiPresentationSequenceTakesTheEmojiFontOverATextFont() throws {
        // Inter has "❤" (U+2764), and keeps it alone (text presentation by
        // default: Inter's 17.387 wide, as in Pango). "❤️" (with U+FE0F) is an
        // emoji presentation sequence, drawn by the emoji font as a whole
        // (UTS #51 ED-9a; UIKit draws it with Apple Color Emoji): one emoji
        // wide. Pango 1.50 draws it with Inter, the first font of its
        // fontset that has U+2764 (17.387 wide, Inter's height).
        let text = try measurer.layout("\u{2764}", style: style(), width: 300)
        #expect(close(text.size.width, 17.387, tolerance: 0.01))
        #expect(close(text.size.height, Inter17.lineHeight))
        let heart = try measurer.layout("\u{2764}\u{FE0F}", style: style(), width: 300)
        #expect(close(heart.size.width, emojiAdvance))
        #expect(close(heart.size.height, emojiAscent + emojiDescent))
        let smile = try measurer.layout("\u{263A}\u{FE0F}", style: style(), width: 300)
        #expect(close(smile.size.width, emojiAdvance))
    }
}
