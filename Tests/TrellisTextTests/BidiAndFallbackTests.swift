// Right-to-left and mixed text (ICU bidi runs shaped in their direction)
// and font fallback per cluster. Widths are Pango 1.50.12's on the same
// fonts (within 0.01 pt); line heights come from the fonts' hhea tables.
import Testing
import TrellisTestSupport
import TrellisText

@Suite struct BidiAndFallbackTests {
    let measurer = TextMeasurer()

    @Test func hebrewMeasuresWithTheHebrewFont() throws {
        let layout = try measurer.layout("שלום עולם", style: interStyle(), width: 287)
        #expect(close(layout.size.width, 78.149, tolerance: 0.01))  // Pango
        #expect(close(layout.size.height, hebrewLineHeight17))  // 23.12: Noto Sans Hebrew
        #expect(layout.missingGlyphCount == 0)
    }

    @Test func arabicIsShapedRightToLeftWithJoiningForms() throws {
        // Pango: 81.907 pt; isolated forms (no joining) would be wider.
        let layout = try measurer.layout("مرحبا بالعالم", style: interStyle(), width: 287)
        #expect(close(layout.size.width, 81.907, tolerance: 0.01))
        // 35.904: Noto Sans Arabic hhea
        #expect(close(layout.size.height, (1374.0 + 738) * 17 / 1000))
    }

    @Test func rightToLeftParagraphsAlignRightNaturally() throws {
        let layout = try measurer.layout("שלום עולם", style: interStyle(), width: 287)
        #expect(layout.lines[0].isRightToLeft)
        #expect(close(layout.lines[0].origin.x, 287 - layout.lines[0].width))
    }

    @Test func mixedTextTakesTheTallestFontOnTheLine() throws {
        // Pango: 132.662 pt; the line is as tall as Noto Sans Hebrew's line.
        let layout = try measurer.layout("Hello שלום world", style: interStyle(), width: 287)
        #expect(close(layout.size.width, 132.662, tolerance: 0.01))
        #expect(close(layout.size.height, hebrewLineHeight17))
        #expect(!layout.lines[0].isRightToLeft)  // first strong character is Latin
    }

    @Test func eachLineUsesItsOwnFontsHeight() throws {
        let layout = try measurer.layout("Hello\nשלום", style: interStyle(), width: 287)
        #expect(close(layout.lines[0].height, Inter17.lineHeight))
        #expect(close(layout.lines[1].height, hebrewLineHeight17))
        #expect(close(layout.size.height, Inter17.lineHeight + hebrewLineHeight17))
    }

    @Test func withoutFallbackHebrewIsMissingGlyphs() throws {
        // Inter has no Hebrew: 8 letters drawn as notdef, counted.
        let style = TextStyle(font: try Font(family: "Inter"), size: 17)
        let layout = try measurer.layout("שלום עולם", style: style, width: 287)
        #expect(layout.missingGlyphCount == 8)
    }

    @Test func charactersNoFontHasAreCounted() throws {
        // None of Inter, Noto Sans Hebrew, Noto Sans Arabic has CJK ideographs.
        let layout = try measurer.layout("otter 漢字", style: interStyle(), width: 287)
        #expect(layout.missingGlyphCount == 2)
        #expect(layout.lineCount == 1)
    }

    @Test func bundledCollectionFallsBackToHebrewThenArabic() throws {
        let fonts = try FontCollection.bundled("Roboto", weight: .medium)
        #expect(
            fonts.fonts.map(\.familyName) == ["Roboto", "Noto Sans Hebrew", "Noto Sans Arabic"])
    }
}

@Suite struct LineSeparatorBidiTests {
    let measurer = TextMeasurer()

    @Test func lineSeparatorKeepsTheParagraphsDirection() throws {
        // UAX #9: U+2028 is bidi class WS, not a paragraph separator (B), so
        // "hello world" after it is in the right-to-left paragraph that
        // "שלום" opened: the line is right-to-left and, with natural
        // alignment, flush right: x = 300 − 87.487 (Pango's width of "hello
        // world" in Inter 17) = 212.513.
        let string = "שלום עולם\u{2028}hello world"
        let layout = try measurer.layout(string, style: interStyle(), width: 300)
        #expect(layout.lineCount == 2)
        #expect(layout.lines[0].isRightToLeft)
        #expect(layout.lines[1].isRightToLeft)
        #expect(close(layout.lines[1].origin.x, 212.513, tolerance: 0.01))
    }

    @Test func paragraphSeparatorStartsANewDirection() throws {
        // U+2029 is bidi class B: "hello world" starts a left-to-right paragraph.
        let layout = try measurer.layout(
            "שלום עולם\u{2029}hello world", style: interStyle(), width: 300)
        #expect(layout.lines[0].isRightToLeft)
        #expect(!layout.lines[1].isRightToLeft)
        #expect(layout.lines[1].origin.x == 0)
    }
}

@Suite struct MixedFontLineHeightTests {
    let measurer = TextMeasurer()

    @Test func aLineIsAsTallAsTheHighestAscentAndDeepestDescentOnIt() throws {
        // Roboto (hhea 1900 / −500 per 2048) has the smaller ascent and the
        // larger descent of the two; Inter (typo 2728 / −680 per 2816) the
        // opposite. Roboto lacks "→", which Inter draws. Pango ("Roboto,
        // Inter" 17, Scripts/pango-setup.sh's settings) gives 20.619 for
        // "go → home": Inter's ascent 16.469 plus Roboto's descent 4.150,
        // taller than either font's own line (19.922 and 20.574), as
        // CoreText's line ascent and descent are each the largest of its runs.
        let fonts = FontCollection([try Font(family: "Roboto"), try Font(family: "Inter")])
        let style = TextStyle(fonts: fonts, size: 17)
        let layout = try measurer.layout("go \u{2192} home", style: style, width: 300)
        let ascent = 2728.0 * 17 / 2816
        let descent = 500.0 * 17 / 2048
        #expect(close(layout.size.height, ascent + descent))  // 20.619
        #expect(close(layout.firstBaseline, ascent))
        let roboto = try measurer.layout("go home", style: style, width: 300)
        #expect(close(roboto.size.height, (1900.0 + 500) * 17 / 2048))  // 19.922, Pango
    }
}
