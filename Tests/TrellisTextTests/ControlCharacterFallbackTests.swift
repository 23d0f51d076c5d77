// Control characters (general category Cc) never start the system's font
// fallback (`_isControl`): Pango keeps the current font for them. Its
// measure, with Pango 1.50 through this repository's `pango_measure` (Inter
// 17, 72 dpi, the system's fontconfig): "a\u{92}b" and "a\u{7F}b" are one
// line 20.574 pt high, Inter's, although fontconfig ranks Noto Sans Symbols2
// (which maps U+007F–U+009F) for those characters.
import Testing

@testable import TrellisText

struct ControlCharacterFallbackTests {
    /// Every control character, between letters.
    static let controls: String = {
        var text = "a"
        for value in UInt32(0)...0x9F where value < 0x20 || value >= 0x7F {
            text.unicodeScalars.append(Unicode.Scalar(value)!)
            text += "b"
        }
        return text
    }()

    @Test func theControlSetIsGeneralCategoryCc() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(
                _isControl(value) == (scalar.properties.generalCategory == .control),
                "U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test func controlsAskTheSystemForNoFont() throws {
        // A ranking of its own (a language no other test uses), so that its
        // choices are this test's alone.
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts(language: "tlh")
        let system = try #require(fonts.systemFallback)
        var memo = _SystemFaceMemo(capacity: 256)
        let resolved = fonts._resolved(for: Self.controls, memo: &memo)
        #expect(resolved === fonts)
        #expect(system._chosenCount == 0)
        // A character Inter lacks is still looked up.
        _ = fonts._resolved(for: "a\u{4E00}b", memo: &memo)
        #expect(system._chosenCount == 1)
    }

    @Test func aControlTakesTheLineHeightOfTheFontAroundIt() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        let style = TextStyle(fonts: fonts, size: 17)
        let measurer = TextMeasurer()
        let plain = try measurer.layout("ab", style: style, width: 1000)
        for text in ["a\u{92}b", "a\u{7F}b", "a\u{8}b", "a\u{9F}b"] {
            let layout = try measurer.layout(text, style: style, width: 1000)
            // Pango: 20.574 pt, one line (Inter 17's line height).
            #expect(layout.lines.count == 1)
            #expect(layout.size.height == plain.size.height, "\(text.debugDescription)")
        }
    }
}
