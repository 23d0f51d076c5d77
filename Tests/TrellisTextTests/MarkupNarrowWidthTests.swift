// Markup at narrow widths, against Pango 1.50.12 with hyphens off (72 dpi,
// Scripts/pango-setup.sh's pango_measure, which turns hyphens off again
// after markup replaced the layout's attributes). With Pango's default of
// hyphenating, a bold word wider than the line ("schätzenswerten" is
// 145.39 pt in Inter Bold 17) is broken with a hyphen, which makes its
// lines wider and takes one more line: 8 lines at 120 for the German row,
// 7 for the Russian one. UIKit does not hyphenate
// (NSParagraphStyle.hyphenationFactor: "The default value is 0.0"), and
// neither does Trellis.
import Testing
import TrellisTestSupport
import TrellisText

@Suite struct MarkupNarrowWidthTests {
    let measurer = TextMeasurer()

    @Test(arguments: [
        // markup, width, Pango's lines and height (hyphens off)
        (
            "Wenn man geschätzt sein will, muß man mit <b>schätzenswerten</b> Menschen leben.",
            80.0, 10, 205.742
        ),
        (
            "Wenn man geschätzt sein will, muß man mit <b>schätzenswerten</b> Menschen leben.",
            100.0, 9, 185.168
        ),
        (
            "Wenn man geschätzt sein will, muß man mit <b>schätzenswerten</b> Menschen leben.",
            120.0, 7, 144.020
        ),
        (
            "<b>Уважение</b> к минувшему - вот черта, отличающая образованность от дикости.", 80.0,
            11, 226.316
        ),
        (
            "<b>Уважение</b> к минувшему - вот черта, отличающая образованность от дикости.", 100.0,
            8, 164.594
        ),
        (
            "<b>Уважение</b> к минувшему - вот черта, отличающая образованность от дикости.", 120.0,
            6, 123.445
        ),
    ])
    func aBoldWordWiderThanTheLineBreaksAsPangoWithoutHyphens(
        markup: String, width: Double, lines: Int, height: Double
    ) throws {
        let text = try AttributedText(markup: markup, base: interStyle())
        let layout = try measurer.layout(text, style: interStyle(), width: width)
        #expect(layout.lineCount == lines)
        #expect(close(layout.size.height, height, tolerance: 0.01))
        // Only a single cluster may be wider than the line.
        for line in layout.lines { #expect(line.width <= width + 1e-6) }
    }
}
