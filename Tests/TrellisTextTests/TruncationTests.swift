// numberOfLines and the line break modes that cut text (UILabel): the
// first lines wrap at words, the last allowed line is truncated with "…"
// (U+2026, 13.957 pt in Inter 17 per Pango) or clipped.
import Testing
import TrellisTestSupport
import TrellisText

@Suite struct TruncationTests {
    let measurer = TextMeasurer()
    let string =
        "The otter lives near rivers and hunts fish at night, mostly in winter when the ice is thin."
    let ellipsis = 13.957
    /// The widest single character in these texts is under 17 pt at 17 pt.
    let oneCharacter = 17.0

    func style(_ mode: LineBreakMode) throws -> TextStyle {
        var style = try interStyle()
        style.lineBreakMode = mode
        return style
    }

    @Test func numberOfLinesLimitsLinesAndHeight() throws {
        let full = try measurer.layout(string, style: style(.byTruncatingTail), width: 100)
        #expect(full.lineCount > 2)
        let two = try measurer.layout(
            string, style: style(.byTruncatingTail), width: 100, numberOfLines: 2)
        #expect(two.lineCount == 2)
        #expect(two.isTruncated)
        #expect(close(two.size.height, 2 * Inter17.lineHeight))
        // The first line is the same as without the limit.
        #expect(two.lines[0] == full.lines[0])
    }

    @Test func tailTruncationEndsTheLastLineWithEllipsis() throws {
        let layout = try measurer.layout(
            string, style: style(.byTruncatingTail), width: 100, numberOfLines: 2)
        let last = layout.lines[1]
        #expect(last.isTruncated)
        #expect(last.range.upperBound == string.utf8.count)
        #expect(last.width <= 100)
        #expect(last.width > 100 - oneCharacter)
        #expect(last.width >= ellipsis)
    }

    @Test(arguments: [LineBreakMode.byTruncatingHead, .byTruncatingMiddle])
    func headAndMiddleTruncationFillTheLastLine(mode: LineBreakMode) throws {
        let layout = try measurer.layout(string, style: style(mode), width: 100, numberOfLines: 2)
        #expect(layout.lineCount == 2)
        #expect(layout.lines[1].isTruncated)
        #expect(layout.lines[1].width <= 100)
        #expect(layout.lines[1].width > 100 - 2 * oneCharacter)
    }

    @Test func singleLineTruncation() throws {
        let layout = try measurer.layout(
            string, style: style(.byTruncatingTail), width: 120, numberOfLines: 1)
        #expect(layout.lineCount == 1)
        #expect(layout.lines[0].isTruncated)
        #expect(layout.lines[0].width <= 120)
    }

    @Test func clippingKeepsTheWrappedLineWithoutEllipsis() throws {
        let wrapped = try measurer.layout(string, style: style(.byWordWrapping), width: 100)
        let clipped = try measurer.layout(
            string, style: style(.byClipping), width: 100, numberOfLines: 2)
        #expect(clipped.lineCount == 2)
        #expect(clipped.isTruncated)
        #expect(!clipped.lines[1].isTruncated)
        #expect(clipped.lines[1].width == wrapped.lines[1].width)
    }

    @Test func textThatFitsIsNotTruncated() throws {
        let layout = try measurer.layout(
            "Hello", style: style(.byTruncatingTail), width: 100, numberOfLines: 1)
        #expect(!layout.isTruncated)
        #expect(!layout.lines[0].isTruncated)
        #expect(close(layout.size.width, 40.688, tolerance: 0.01))  // Pango: "Hello"
    }

    @Test(arguments: [
        (LineBreakMode.byTruncatingHead, 98.79), (.byTruncatingMiddle, 90.36),
        (.byTruncatingTail, 97.05),
    ])
    func trailingSpacesOfTheParagraphAreNotKeptNextToTheEllipsis(
        mode: LineBreakMode, width: Double
    ) throws {
        // Spaces at the paragraph's end hang: they take no room from the
        // text kept around "…". Six of them made head truncation keep 94.18
        // pt and middle 65.92 pt instead of the widths without them
        // (the outside metamorphic test's numbers, issue 19).
        let sentence = "The otter lives near rivers and hunts fish at night"
        let bare = try measurer.layout(sentence, style: style(mode), width: 100, numberOfLines: 1)
        let spaced = try measurer.layout(
            sentence + "      ", style: style(mode), width: 100, numberOfLines: 1)
        #expect(close(bare.size.width, width, tolerance: 0.01))
        #expect(spaced.size.width == bare.size.width)
        #expect(spaced.lines[0].range == 0..<sentence.utf8.count + 6)
    }

    @Test func truncatedLastLineRunsToTheNextHardBreak() throws {
        // LineFragment.range: a truncated last line ends after the first
        // hard break after its start, U+2028 included, not at its paragraph's end.
        let string = "The otter lives near rivers\u{2028}and hunts fish"
        let layout = try measurer.layout(
            string, style: style(.byTruncatingTail), width: 100, numberOfLines: 1)
        #expect(layout.lines[0].isTruncated)
        #expect(text(of: layout.lines[0], in: string) == "The otter lives near rivers\u{2028}")
    }

    @Test func zeroLinesMeansUnlimited() throws {
        let layout = try measurer.layout(
            string, style: style(.byTruncatingTail), width: 100, numberOfLines: 0)
        #expect(!layout.isTruncated)
        #expect(layout.lines.allSatisfy { !$0.isTruncated })
    }
}
