// The font of a space between two fonts, as Pango's itemizer chooses it
// (Workspace+SpaceFonts.swift), and the height of a line holding part of a
// word broken between fonts. Expected numbers are Pango 1.50.12's on the
// same files: `pango_measure Inter 17 WIDTH` with the system's fontconfig
// files, the C locale and hyphens off (Scripts/pango-setup.sh), Debian's
// fonts-noto-cjk and fonts-noto-color-emoji installed (Scripts/bootstrap.sh).
import Testing
import TrellisTestSupport
import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled && colorEmojiInstalled,
        "needs Debian's fonts-noto-cjk, fonts-noto-core and fonts-noto-color-emoji (Scripts/bootstrap.sh)"
    ))
struct SpaceFontTests {
    let measurer = TextMeasurer()

    func style() throws -> TextStyle {
        TextStyle(fonts: try FontCollection(Font(family: "Inter")).addingSystemFonts(), size: 17)
    }

    @Test(arguments: [
        // text, Pango's width at 300 pt (one line each)
        // After an emoji the space begins a run: it takes the next
        // character's font, Noto Sans CJK's space (3.808 pt, Inter's 4.781).
        ("🎉 局", 41.975),
        ("中文🎉 中", 75.975),
        // Between Chinese and a character Inter has in the same run (digits,
        // punctuation), the space moves to Inter, the font earlier in the list.
        ("中文 %", 52.594),
        ("中文 (a", 54.525),
        ("中文 123", 67.783),
        // The same inside a piece: ICU puts no break after spaces before a
        // full stop or a closing bracket (UAX #14 LB13).
        ("中文 .", 43.466),
        ("中文  .", 48.247),
        ("中文 )", 44.938),
        ("中文 !", 43.515),
        // A full-width bracket is Noto Sans CJK's: the space stays with it.
        ("中文 ）", 54.808),
        // Latin starts a run of its own: the space stays Noto Sans CJK's.
        ("中文 abc", 67.438),
        // After an emoji before Latin or a digit, the space is Inter's.
        ("🎉 word", 66.179),
        ("中文🎉 abc", 89.578),
        ("中文🎉 1", 67.845),
    ])
    func aSpaceBetweenTwoFontsTakesTheFontPangoGivesIt(text: String, width: Double) throws {
        let layout = try measurer.layout(text, style: style(), width: 300)
        #expect(layout.lineCount == 1)
        #expect(close(layout.size.width, width, tolerance: 0.001))
    }

    @Test func theSpaceAfterAnEmojiBeforeChineseDecidesTheLineCount() throws {
        // Pango: 92.975 wide, so one line at 93.5; with Inter's space the
        // text is 93.948 wide and its last character goes to a second line.
        let layout = try measurer.layout("🎉 局局局局", style: style(), width: 93.5)
        #expect(layout.lineCount == 1)
        #expect(close(layout.size.width, 92.975, tolerance: 0.001))
    }

    @Test(arguments: [
        // markup, Pango's width at 300 pt (72 dpi, so a markup point is a pixel)
        ("<b>🎉 局</b>", 42.026),
        ("<b>中文 %</b>", 52.552),
        ("<b>中文 .</b>", 43.001),
        // The space ends the regular run: Noto Sans CJK's, as Pango keeps it.
        ("中文 <b>.</b>", 42.866),
        // The space begins the regular run: it takes the next character's
        // font, Inter's, as in the run before it.
        ("<b>中文</b> %", 52.594),
    ])
    func inAttributedTextTheSpaceFollowsTheSameRules(markup: String, width: Double) throws {
        let style = try style()
        let text = try AttributedText(markup: markup, base: style)
        let layout = try measurer.layout(text, style: style, width: 300)
        #expect(layout.lineCount == 1)
        #expect(close(layout.size.width, width, tolerance: 0.001))
        let glyphs = try measurer.glyphLayout(text, style: style, width: 300)
        let last = try #require(glyphs.lines.last?.last?.placed)
        #expect(close(last.position.x + last.advance, width, tolerance: 0.001))
    }

    @Test func glyphsDrawTheSpaceWithTheFontItWasMeasuredWith() throws {
        let style = try style()
        let glyphs = try measurer.glyphLayout("🎉 局", style: style, width: 300)
        let placed = glyphs.lines.flatMap { $0 }
        let space = try #require(placed.first { $0.textOffset == 4 })
        #expect(glyphs.fonts[space.fontIndex].path.contains("NotoSansCJK"))
        let last = try #require(placed.last)
        #expect(close(last.position.x + last.advance, 41.975, tolerance: 0.001))
    }
}

/// Bundled fonts only: Inter, then Noto Sans Hebrew.
struct BrokenWordLineHeightTests {
    @Test func aLineHoldingPartOfAWordIsAsTallAsTheFontsOnIt() throws {
        // "abcdefghijklmnopqrsש" at 60 pt breaks between letters into four
        // lines; only the last holds the Hebrew letter (Noto Sans Hebrew,
        // 23.120 with Inter on one line). Pango with the same files
        // (fontconfig reading only Fonts/): 20.574 × 3 + 23.120 = 84.843.
        let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17)
        let layout = try TextMeasurer().layout("abcdefghijklmnopqrsש", style: style, width: 60)
        #expect(layout.lineCount == 4)
        #expect(
            layout.lines.map { ($0.height * 1000).rounded() / 1000 } == [
                20.574, 20.574, 20.574, 23.12,
            ])
        // Pango rounds each line to 1/1024 pt.
        #expect(close(layout.size.height, 84.843, tolerance: 0.002))
    }

    @Test func aLineHoldingPartOfAWordInSeveralRunsIsAsTallAsTheFontsOnIt() throws {
        // The same word with its second half bold: the lines that hold
        // bold letters take Inter Bold only, not every font of the bold
        // run. Pango with the same files, `PANGO_MARKUP=1` at 72 dpi:
        // "abcdef" / "ghijklm" / "nopqrs" 20.574, "ש" 23.120.
        let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17)
        let text = try AttributedText(markup: "abcdefghij<b>klmnopqrsש</b>", base: style)
        let layout = try TextMeasurer().layout(text, style: style, width: 60)
        #expect(layout.lineCount == 4)
        #expect(
            layout.lines.map { ($0.height * 1000).rounded() / 1000 } == [
                20.574, 20.574, 20.574, 23.12,
            ])
    }
}

/// Spaces that begin a markup span's run: Pango starts a new item where the
/// attributes change, and an item that starts with spaces takes the font of
/// its first other character (`itemize_state_add_character`), when that
/// character is in the same script run (pango-script.c, where a closing
/// bracket takes the script of the run its opening bracket was in).
extension SpaceFontTests {
    @Test(arguments: [
        // markup, Pango's width at 300 pt (one line each)
        // The span's space takes the next character's font: Noto Sans CJK's
        // space (3.808 pt at 17, Inter's 4.781), at the span's size.
        ("<b>中:</b> 在", 42.866),
        ("中<span size=\"22pt\"> 之</span>", 43.928),
        ("中文<span size=\"13pt\"> 中文</span>", 62.912),
        ("中文<b> 中文</b>", 71.859),
        ("1<span size=\"22pt\">  之</span>", 39.752),
        ("（选项）<b> 名称</b>", 105.859),
        // Before Latin or an emoji the space keeps Inter; after "[选项]"
        // opened in Latin ("local [") the "]" and the space are in a Latin
        // run, and the space keeps Inter Bold.
        ("<b>ab</b> cd", 45.488),
        ("<b>中</b> 🎉", 42.948),
        ("<b>中文</b> abc", 68.411),
        ("local [选项]<b> 名称</b>", 126.321),
    ])
    func aSpaceThatBeginsASpanTakesTheFontPangoGivesIt(markup: String, width: Double) throws {
        let text = try AttributedText(markup: markup, base: style())
        let layout = try measurer.layout(text, style: style(), width: 300)
        #expect(layout.lineCount == 1)
        #expect(close(layout.size.width, width, tolerance: 0.005))
    }

    @Test(arguments: [
        // Markup rows of Scripts/real-text-check.sh --markup whose heights
        // differed from Pango's at width 120 (lines and height, Pango): a
        // hanging space that begins a 20 or 22 pt span is Noto Sans CJK's,
        // whose line is taller than Inter's; in the second row the space
        // of " 在" is 0.973 pt narrower and "中" still fits its line.
        (
            "d🇫🇷p👩🏿‍💻i 必须在 1 至 65535<span size=\"22pt\"> 之间；不允</span>许使用",
            4, 112.943
        ),
        (
            "<span size=\"22pt\">定义</span>的引用: 的🇫🇷多<span weight=\"bold\" size=\"20pt\">重定义:</span>"
                + " 在 %<b>3$s</b> 中<span size=\"13pt\">从🙈 %</span>1$",
            4, 111.075
        ),
        (
            "“}”结束。第😀<span weight=\"bold\" size=\"20pt\"> 条👨‍👩‍👧指</span>令<span size=\"13pt\">以无</span>"
                + "效<span size=\"22pt\">的字</span>符而非“}”结束。第 😀条指令",
            5, 139.008
        ),
    ])
    func aSpanSpaceSetsItsLineAsInPango(markup: String, lines: Int, height: Double) throws {
        let text = try AttributedText(markup: markup, base: style())
        let layout = try measurer.layout(text, style: style(), width: 120)
        #expect(layout.lineCount == lines)
        #expect(close(layout.size.height, height, tolerance: 0.01))
    }
}
