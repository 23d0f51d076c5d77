// Fallback to the system's fonts through fontconfig, checked against Pango
// 1.50.12 on the same machine and fonts: Inter 17 (the bundled file, which
// is Debian's fonts-inter's), then fontconfig's ranking for "Inter", with
// Debian's fonts-noto-cjk and fonts-noto-core installed (Scripts/bootstrap.sh
// installs them for Scripts/test.sh). Pango ran with the system's
// fontconfig files and the C locale (language "c"), hyphens off:
// `pango_measure Inter 17 WIDTH`. These tests need those packages and are
// skipped, saying so, when the fonts are missing.
import Testing
import TrellisTestSupport
import TrellisText

#if canImport(Glibc)
    import Glibc
#endif

let systemScriptFontsInstalled =
    access("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", F_OK) == 0
    && access("/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", F_OK) == 0
    && access("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", F_OK) == 0

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct SystemFontTests {
    let measurer = TextMeasurer()

    func style() throws -> TextStyle {
        TextStyle(fonts: try FontCollection(Font(family: "Inter")).addingSystemFonts(), size: 17)
    }

    @Test(arguments: [
        // text, Pango's lines, height and width at 300 pt
        ("你好，世界", 1, 24.616, 85.000),
        ("Hello 你好世界 world", 1, 24.616, 161.829),
        ("สวัสดีครับ ยินดีต้อนรับ", 1, 25.688, 152.249),
        ("नमस्ते दुनिया", 1, 22.168, 77.266),
        ("שלום עולם", 1, 19.789, 79.241),
        ("مرحبا بالعالم", 1, 19.789, 89.675),
        ("こんにちは世界", 1, 24.616, 119.000),
        ("안녕하세요 세계", 1, 24.616, 113.285),
    ])
    func eachScriptIsMeasuredWithTheFontPangoChooses(
        text: String, lines: Int, height: Double, width: Double
    ) throws {
        let layout = try measurer.layout(text, style: style(), width: 300)
        #expect(layout.lineCount == lines)
        #expect(close(layout.size.height, height, tolerance: 0.001))
        #expect(close(layout.size.width, width, tolerance: 0.01))
        #expect(layout.missingGlyphs.isEmpty)
    }

    @Test(arguments: [
        // text, Pango's lines, height and width at 100 pt
        ("Hello 你好世界 world", 2, 49.232, 96.469),
        ("สวัสดีครับ ยินดีต้อนรับ", 2, 51.375, 80.544),
        ("こんにちは世界", 2, 49.232, 85.000),
        ("안녕하세요 세계", 2, 49.232, 97.646),
        ("我们在这里学习中文，每天都很开心。这是一个很长的句子，用来测试换行。", 7, 172.313, 85.000),
        ("ภาษาไทยไม่มีการเว้นวรรคระหว่างคำซึ่งต้องใช้พจนานุกรมในการตัดคำ", 6, 154.125, 92.771),
    ])
    func cjkAndThaiBreakWhereICUAndPangoBreak(
        text: String, lines: Int, height: Double, width: Double
    ) throws {
        let layout = try measurer.layout(text, style: style(), width: 100)
        #expect(layout.lineCount == lines)
        // Pango rounds each line's height to its unit (1/1024): up to
        // 0.0005 a line (Thai, 6 lines: 154.125 against 154.122).
        #expect(close(layout.size.height, height, tolerance: 0.0005 * Double(lines)))
        #expect(close(layout.size.width, width, tolerance: 0.01))
    }

    @Test func theCollectionsOwnFontsComeBeforeTheSystems() throws {
        // Bundled Noto Sans Hebrew is second in `.bundled("Inter")`: Hebrew
        // stays with that file; Thai, which no bundled font has, goes to
        // the system's Noto Sans Thai.
        let fonts = try FontCollection.bundled("Inter").addingSystemFonts()
        let style = TextStyle(fonts: fonts, size: 17)
        let glyphs = try measurer.glyphLayout("שלום ไทย", style: style, width: 300)
        let files = Set(glyphs.lines.flatMap { $0.map { glyphs.fonts[$0.fontIndex].path } })
        #expect(files.contains { $0.hasSuffix("Fonts/NotoSansHebrew/NotoSansHebrew-Regular.ttf") })
        #expect(files.contains { $0.hasSuffix("NotoSansThai-Regular.ttf") })
    }

    @Test func aCharacterNoFontHasIsStillReportedMissing() throws {
        // U+10FFFD is a private-use character no installed font draws.
        let layout = try measurer.layout("a \u{10FFFD} b", style: style(), width: 300)
        #expect(layout.missingGlyphs == [2..<6])
    }

    @Test func attributedRunsFallBackToTheSystemsFonts() throws {
        // "Hello 你好" with the Chinese in a second run at 20 pt: the line is
        // as tall as the CJK font's line at 20 pt (taller than Inter's at
        // 17), as "你好" alone at 20 pt is.
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        var text = AttributedText("Hello 你好", attributes: TextAttributes(fonts: fonts, size: 17))
        try text.setAttributes(TextAttributes(fonts: fonts, size: 20), range: 6..<12)
        let layout = try measurer.layout(text, style: style(), width: 300)
        let alone = try measurer.layout("你好", style: TextStyle(fonts: fonts, size: 20), width: 300)
        #expect(layout.missingGlyphs.isEmpty)
        #expect(close(layout.size.height, alone.size.height))
    }

    @Test func aFaceOfAFontCollectionFileIsLoadedByIndex() throws {
        let path = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        #expect(try Font(path: path, index: 2).familyName == "Noto Sans CJK SC")
        #expect(try Font(path: path, index: 0).familyName == "Noto Sans CJK JP")
        #expect(throws: TextError.self) { try Font(path: path, index: 40) }
    }

    @Test(arguments: [
        // Pango with the system's fontconfig rules: an emoji the named font
        // lacks goes to the font ranked first for "und-zsye" (Noto Color
        // Emoji), not to the first system font that has the character.
        ("a😀b", 41.307, 20.619),
        ("👍🏽", 21.167, 19.922),
        ("👨‍👩‍👧", 21.167, 19.922),
        ("🇫🇷", 21.167, 19.922),
        // Text-presentation symbols keep the text's ranking (DejaVu Sans).
        ("☺", 17.723, 19.789),
        ("✈", 14.244, 19.789),
    ])
    func emojiAreRankedForTheEmojiLanguageAsPangoAsks(text: String, width: Double, height: Double)
        throws
    {
        let layout = try measurer.layout(text, style: style(), width: 300)
        #expect(close(layout.size.width, width, tolerance: 0.001))
        #expect(close(layout.size.height, height, tolerance: 0.001))
    }
}
