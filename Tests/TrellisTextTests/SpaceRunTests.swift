// Runs of several spaces between words, as real text has them (terminal
// column layouts in the translations Debian installs, Scripts/real-text-check.sh
// --keep-spaces): the fragments below are cut from rows on which Trellis and
// Pango 1.50.12 gave different line counts at width 120.
//
// The rule, UIKit's: a run of spaces is never broken inside (UAX #14 LB7,
// "Do not break before spaces", and LB18, "Break after spaces"), and the
// whole run hangs past the line's end. Core Text, which UIKit's text views
// and labels lay out with, documents for `CTLineGetTrailingWhitespaceWidth`:
// "Creating a line for a width can result in a line that is actually longer
// than the desired width due to trailing whitespace." Pango differs on two
// points (pango-layout.c): `find_break_extra_width` discounts only the last
// whitespace character before a break, so the other spaces of a run count
// against the width; and with PANGO_WRAP_WORD_CHAR a line with no break that
// fits is broken between characters, between the spaces of a run too, which
// then start the next line. Each test gives Pango's own count beside the
// expected lines; the widths expected are Pango's widths of the words alone
// (Scripts/pango-setup.sh's pango_measure, Inter 17, width 100000).
import Testing
import TrellisTestSupport
import TrellisText

@Suite struct SpaceRunTests {
    let measurer = TextMeasurer()

    @Test func aRunOfSpacesBetweenWordsHangsWhole() throws {
        // The nineteen spaces of row 47 of the English rows ("-y   …   do
        // not show flags"), here after "show details" (100.527 pt): they hang
        // at width 120. Pango counts eighteen of them, so it breaks before
        // "details": 4 lines, 82.297 tall.
        let string = "show details                   do not show flags"
        let layout = try measurer.layout(string, style: interStyle(), width: 120)
        #expect(
            layout.lines.map { text(of: $0, in: string) } == [
                "show details                   ", "do not show ", "flags",
            ])
        #expect(close(layout.lines[0].width, 100.527, tolerance: 0.01))
        #expect(close(layout.lines[1].width, 99.103, tolerance: 0.01))
        #expect(close(layout.size.height, 3 * Inter17.lineHeight))
    }

    @Test func aRunOfSpacesWiderThanTheLineDoesNotWrap() throws {
        // Row 157 of the English rows: seventeen spaces after "-s" (16.711
        // pt) are 81 pt, more than the line of 60. They hang, and "List"
        // (28.663 pt) starts the second line; Pango breaks the run between
        // its spaces and starts a line with the rest: 3 lines, 61.723 tall.
        let string = "-s                 List"
        let layout = try measurer.layout(string, style: interStyle(), width: 60)
        #expect(layout.lines.map { text(of: $0, in: string) } == ["-s                 ", "List"])
        #expect(close(layout.lines[0].width, 16.711, tolerance: 0.01))
        #expect(close(layout.lines[1].width, 28.663, tolerance: 0.01))
        #expect(close(layout.size.width, 28.663, tolerance: 0.01))
    }

    @Test func spacesAfterASizedSpanHangInTheBaseFont() throws {
        // Row 2697 of the markup rows: the spaces between two bold 20 pt
        // spans are in the base font, Inter 17, and hang after "Standard"
        // (89.589 pt in Inter Bold 20; a line of it is 24.204 tall in
        // Pango). Pango counts all but one of them: 3 lines, 68.982 tall.
        let markup =
            "<span weight=\"bold\" size=\"20pt\">Standard</span>                        "
            + "<span weight=\"bold\" size=\"20pt\">Operation</span>"
        let text = try AttributedText(markup: markup, base: interStyle())
        let layout = try measurer.layout(text, style: interStyle(), width: 120)
        #expect(layout.lineCount == 2)
        #expect(close(layout.lines[0].width, 89.589, tolerance: 0.01))
        #expect(close(layout.lines[1].width, 97.636, tolerance: 0.01))
        #expect(close(layout.size.height, 2 * 24.204, tolerance: 0.01))
    }
}
