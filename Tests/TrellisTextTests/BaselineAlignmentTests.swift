// The runs of a line aligned by their fonts' baseline tables
// (_BaselineAlignment.swift). Expected heights are Pango 1.50.12's
// (HarfBuzz 6.0) on the same files: `PANGO_MARKUP=1 pango_measure Inter 17
// WIDTH` at 72 dpi with the system's fontconfig files and hyphens off
// (Scripts/pango-setup.sh), Debian's fonts-noto-cjk and
// fonts-noto-color-emoji installed (Scripts/bootstrap.sh).
import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled && colorEmojiInstalled,
        "needs Debian's fonts-noto-cjk, fonts-noto-core and fonts-noto-color-emoji (Scripts/bootstrap.sh)"
    ))
struct BaselineAlignmentTests {
    let measurer = TextMeasurer()

    func style() throws -> TextStyle {
        TextStyle(fonts: try FontCollection(Font(family: "Inter")).addingSystemFonts(), size: 17)
    }

    @Test(arguments: [
        // markup, Pango's height on one line
        // Noto Sans CJK's ideographic face bottom is 74 units below the
        // alphabetic baseline in Regular, 85 in Bold: a line beginning in
        // Han raises the bold run 0.187 pt (24.616 with one weight).
        ("中<b>文</b>", 24.804),
        ("<b>中</b>文", 24.804),
        ("あ<b>い</b>", 24.804),
        ("한<b>국</b>", 24.804),
        // A first character of no script of its own takes the script after it.
        ("，中<b>文</b>", 24.804),
        ("1中<b>文</b>", 24.804),
        ("(中<b>文</b>", 24.804),
        ("😀中<b>文</b>", 24.804),
        // A line beginning in Latin keeps every run on the alphabetic baseline.
        ("a中<b>文</b>", 24.616),
        // Inter has no BASE table: its ideographic face bottom is synthesized
        // (HarfBuzz), 340 of its 2,816 units down; at 22 pt its run rises
        // 1.398 pt above Noto Sans CJK's baseline, and the line with it.
        ("中<span size=\"22pt\">a</span>", 27.602),
        ("中文<span size=\"22pt\">😀</span>", 26.842),
        // A raise that stays inside the line changes nothing.
        ("中文 <b>abc</b>", 24.616),
        ("中<span size=\"22pt\">文</span>", 31.855),
    ])
    func aLineAlignsItsRunsOnTheBaselineOfItsFirstScript(markup: String, height: Double) throws {
        let style = try style()
        let text = try AttributedText(markup: markup, base: style)
        let layout = try measurer.layout(text, style: style, width: 1000)
        #expect(layout.lineCount == 1)
        // Pango rounds the baselines to 1/1024 pt.
        #expect(close(layout.size.height, height, tolerance: 0.006))
        let bounds = try measurer.boundingRect(
            text, with: Size(width: 1000, height: 0), options: .usesLineFragmentOrigin,
            style: style)
        #expect(bounds.size.height == layout.size.height)
    }

    @Test func eachLineAlignsByTheScriptItBeginsWith() throws {
        // At 60 pt: "中文中" / "文中文" / "中<b>文</b>a" / "中文中" / "文中文";
        // only the third mixes weights. Pango: 4 × 24.616 + 24.804.
        let style = try style()
        let text = try AttributedText(markup: "中文中文中文中<b>文a</b>中文中文中文", base: style)
        let layout = try measurer.layout(text, style: style, width: 60)
        #expect(layout.lineCount == 5)
        #expect(close(layout.size.height, 123.269, tolerance: 0.006))
        let tall = layout.lines.filter { $0.height > 24.7 }
        #expect(tall.count == 1)
        // The line's baseline is its first run's: the raise goes above it.
        if let line = tall.first {
            #expect(close(line.height - (line.baseline - line.origin.y), 4.896, tolerance: 0.001))
        }
    }

    @Test(arguments: [
        // text, Pango's height (plain text, fonts by fallback)
        ("हिन्दी abc", 23.404),
        ("abc हिन्दी", 23.404),
        ("中文 ไทย", 26.758),
        ("ไทย 中文", 27.370),
        ("中文 Ågj", 24.616),
    ])
    func plainTextWithFallbackFontsAlignsAlike(text: String, height: Double) throws {
        let layout = try measurer.layout(text, style: style(), width: 1000)
        #expect(layout.lineCount == 1)
        #expect(close(layout.size.height, height, tolerance: 0.006))
    }
}
