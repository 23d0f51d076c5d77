// Whitespace at the end of a line hangs past its edge however it is made:
// a run of spaces, or a tab, U+2002, U+2003 or U+3000 after an ordinary
// space (UAX #14 breaks after the space, so ICU puts such a character in a
// piece of its own; TextKit still lets it hang, Pango only the last
// whitespace character before a break: see SpaceRunTests). "word" is 40.230
// pt in Inter 17 (Pango, Scripts/pango-setup.sh's settings).
import Testing
import TrellisTestSupport
import TrellisText

@Suite struct HangingWhitespaceTests {
    let measurer = TextMeasurer()
    let word = 40.230  // Pango: "word", Inter 17

    @Test(arguments: ["\u{2002}", "\u{2003}", "\u{3000}", "\t"])
    func whitespaceAfterASpaceHangsWithIt(space: String) throws {
        // At width 41.23 "word" fits with one point to spare; the space and
        // the wider space after it hang, so the text is two lines, not three
        // with a line holding only the wide space.
        let string = "word " + space + "word"
        let layout = try measurer.layout(string, style: interStyle(), width: 41.23)
        #expect(layout.lines.map { text(of: $0, in: string) } == ["word " + space, "word"])
        #expect(close(layout.lines[0].width, word, tolerance: 0.01))
    }

    @Test(arguments: ["\u{2002}", "\u{2003}", "\u{3000}", "\t"])
    func trailingWhitespaceAfterASpaceAddsNoWidth(space: String) throws {
        // "word \t" was 45.011 wide: the space before the tab was counted.
        let layout = try measurer.layout("word " + space, style: interStyle(), width: 300)
        #expect(layout.lineCount == 1)
        #expect(close(layout.size.width, word, tolerance: 0.01))
    }

    @Test func aLineThatFitsWithItsHangingWhitespaceIsNotTruncated() throws {
        var style = try interStyle()
        style.lineBreakMode = .byTruncatingTail
        let layout = try measurer.layout(
            "word \u{2003}", style: style, width: 41.23, numberOfLines: 1)
        #expect(!layout.isTruncated)
        #expect(!layout.lines[0].isTruncated)
        #expect(close(layout.size.width, word, tolerance: 0.01))
    }

    @Test func wideSpaceBeforeAHardBreakHangsToo() throws {
        let string = "word \u{2003}\nword"
        let layout = try measurer.layout(string, style: interStyle(), width: 41.23)
        #expect(layout.lines.map { text(of: $0, in: string) } == ["word \u{2003}\n", "word"])
    }
}
