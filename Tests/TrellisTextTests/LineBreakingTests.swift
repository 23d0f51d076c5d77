// Line breaking: UAX #14 opportunities, greedy filling, hard breaks, long
// words, hanging spaces, character wrapping. Expected line breaks come from
// Pango 1.50.12 on the same font (pango_measure's settings, hyphens off;
// see Scripts/pango-reference.sh), widths within 0.01 pt of Pango's (Pango
// rounds each glyph position to 1/1024 pt).
import Testing
import TrellisTestSupport
import TrellisText

@Suite struct LineBreakingTests {
    let measurer = TextMeasurer()

    @Test func textThatFitsIsOneLineAsWideAsItsGlyphs() throws {
        // Pango: "Hello, world" is one line, 94.778 pt wide.
        let layout = try measurer.layout("Hello, world", style: interStyle(), width: 287)
        #expect(layout.lineCount == 1)
        #expect(close(layout.size.width, 94.778, tolerance: 0.01))
        #expect(close(layout.size.height, Inter17.lineHeight))
    }

    @Test func linesFillGreedilyAtWordBoundaries() throws {
        // Pango at width 80: "abcdef " | "ghijkl " | "mnopqr".
        let string = "abcdef ghijkl mnopqr"
        let layout = try measurer.layout(string, style: interStyle(), width: 80)
        #expect(layout.lines.map { text(of: $0, in: string) } == ["abcdef ", "ghijkl ", "mnopqr"])
        #expect(close(layout.size.height, 3 * Inter17.lineHeight))
    }

    @Test func wordLongerThanTheLineBreaksBetweenCharacters() throws {
        // Pango at width 60: "interna" (55.830) | "tionaliz" (57.156) | "ation" (39.892).
        let string = "internationalization"
        let layout = try measurer.layout(string, style: interStyle(), width: 60)
        #expect(layout.lines.map { text(of: $0, in: string) } == ["interna", "tionaliz", "ation"])
        #expect(close(layout.lines[0].width, 55.830, tolerance: 0.01))
        #expect(close(layout.lines[1].width, 57.156, tolerance: 0.01))
        #expect(close(layout.lines[2].width, 39.892, tolerance: 0.01))
    }

    @Test func longWordStartsOnItsOwnLineBeforeBreaking() throws {
        // UIKit and Pango move the long word to a new line first.
        let string = "a internationalization"
        let layout = try measurer.layout(string, style: interStyle(), width: 60)
        #expect(text(of: layout.lines[0], in: string) == "a ")
        #expect(text(of: layout.lines[1], in: string) == "interna")
    }

    @Test func trailingSpacesHangPastTheLineEnd() throws {
        // "Hello" is 40.688 pt (Pango); its trailing spaces neither widen
        // the line nor push it to a second line at width 41.
        let spaced = try measurer.layout("Hello          ", style: interStyle(), width: 41)
        #expect(spaced.lineCount == 1)
        #expect(close(spaced.size.width, 40.688, tolerance: 0.01))
    }

    @Test(arguments: ["\n", "\r\n", "\r", "\u{2028}", "\u{2029}"])
    func hardBreakStartsANewLine(separator: String) throws {
        let string = "one" + separator + "two"
        let layout = try measurer.layout(string, style: interStyle(), width: 287)
        #expect(layout.lineCount == 2)
        #expect(text(of: layout.lines[0], in: string) == "one" + separator)
        #expect(text(of: layout.lines[1], in: string) == "two")
        #expect(close(layout.size.height, 2 * Inter17.lineHeight))
    }

    @Test func trailingHardBreakAddsAnEmptyLastLine() throws {
        // TextKit's extra line fragment; Pango also reports 2 lines for "abc\n".
        let layout = try measurer.layout("abc\n", style: interStyle(), width: 287)
        #expect(layout.lineCount == 2)
        #expect(layout.lines[1].range == 4..<4)
        #expect(layout.lines[1].width == 0)
    }

    @Test func emptyParagraphsAreEmptyLines() throws {
        let layout = try measurer.layout("a\n\nb", style: interStyle(), width: 287)
        #expect(layout.lineCount == 3)
        #expect(layout.lines[1].range == 2..<3)
        #expect(close(layout.size.height, 3 * Inter17.lineHeight))
    }

    @Test func emptyTextHasNoLinesAndZeroSize() throws {
        // UILabel.sizeThatFits of "" is .zero.
        let layout = try measurer.layout("", style: interStyle(), width: 287)
        #expect(layout.lineCount == 0)
        #expect(layout.size == .zero)
        #expect(
            try measurer.sizeThatFits(
                "", style: interStyle(), size: .init(width: 287, height: 0), numberOfLines: 0,
                scale: 3) == .zero)
    }

    @Test func charWrappingBreaksBetweenAnyCharacters() throws {
        // Pango PANGO_WRAP_CHAR at width 80: "abcdef g" | "hijkl mno" | "pqr".
        var style = try interStyle()
        style.lineBreakMode = .byCharWrapping
        let string = "abcdef ghijkl mnopqr"
        let layout = try measurer.layout(string, style: style, width: 80)
        #expect(layout.lines.map { text(of: $0, in: string) } == ["abcdef g", "hijkl mno", "pqr"])
        #expect(close(layout.lines[0].width, 71.357, tolerance: 0.01))
    }

    @Test func lineRangesCoverTheTextWithoutGaps() throws {
        let string = "The otter lives near rivers and hunts fish at night, mostly in winter."
        let layout = try measurer.layout(string, style: interStyle(), width: 100)
        #expect(layout.lines.first?.range.lowerBound == 0)
        #expect(layout.lines.last?.range.upperBound == string.utf8.count)
        #expect(layout.lineCount > 1)
        for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
            #expect(line.range.upperBound == next.range.lowerBound)
            #expect(line.width <= 100)
        }
    }

    @Test func letterSpacingAddsAfterEveryCharacter() throws {
        // NSAttributedString.Key.kern: "Hello" (5 clusters) + 5 × 2 pt.
        var style = try interStyle()
        let plain = try measurer.layout("Hello", style: style, width: 287).size.width
        style.letterSpacing = 2
        let spaced = try measurer.layout("Hello", style: style, width: 287).size.width
        #expect(close(spaced, plain + 10))
    }

    @Test func widthScalesWithPointSize() throws {
        // Unhinted advances are linear in the size.
        let at17 = try measurer.layout("Hello, world", style: interStyle(17), width: 1000).size
            .width
        let at34 = try measurer.layout("Hello, world", style: interStyle(34), width: 1000).size
            .width
        #expect(close(at34, 2 * at17))
    }

    @Test(arguments: LineBreakMode.allCases)
    func everyModeKeepsTheKerningAgainstAFollowingSpace(mode: LineBreakMode) throws {
        // Pango (Inter SemiBold 100, one line): "stars, a" is 354.438 pt;
        // the comma kerns against the space after it. Character wrapping
        // shaped "stars," without its space and gave 356.712, so a label's
        // width depended on its wrap mode.
        var style = TextStyle(fonts: try .bundled("Inter", weight: .semibold), size: 100)
        style.lineBreakMode = mode
        let layout = try measurer.layout("stars, a", style: style, width: .infinity)
        #expect(close(layout.size.width, 354.438, tolerance: 0.01))
    }

    @Test func characterWrappingLetsTheSpaceHang() throws {
        // At the width of "stars," plus a hair the space hangs and "a" wraps.
        var style = TextStyle(fonts: try .bundled("Inter", weight: .semibold), size: 100)
        let word = try measurer.layout("stars,", style: style, width: .infinity).size.width
        style.lineBreakMode = .byCharWrapping
        let string = "stars, a"
        let layout = try measurer.layout(string, style: style, width: word + 0.5)
        #expect(layout.lines.map { text(of: $0, in: string) } == ["stars, ", "a"])
    }
}
