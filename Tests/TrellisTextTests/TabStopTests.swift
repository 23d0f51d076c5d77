// Tabs move the pen to the next tab stop: NSParagraphStyle's default tab
// stops are left tabs every 28 points from the line's start. Widths of the
// text around the tabs are Pango's (Inter 17): "b" 10.553, "x" 9.176,
// "word" 40.230.
import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@Suite struct TabStopTests {
    let measurer = TextMeasurer()

    @Test func aTabGoesToTheNextStop() throws {
        // "a" ends before 28, so "b" starts at 28: 28 + 10.553.
        let layout = try measurer.layout("a\tb", style: interStyle(), width: 300)
        #expect(close(layout.size.width, 38.553, tolerance: 0.01))
    }

    @Test func aLeadingTabGoesToTheFirstStop() throws {
        let layout = try measurer.layout("\tb", style: interStyle(), width: 300)
        #expect(close(layout.size.width, 38.553, tolerance: 0.01))
    }

    @Test func stopsRepeatEvery28Points() throws {
        // "word word" is 85.24 wide (40.230 + space 4.781 + 40.230), past
        // the third stop (84): the tab goes to 112, then "x": 112 + 9.176.
        let layout = try measurer.layout("word word\tx", style: interStyle(), width: 300)
        #expect(close(layout.size.width, 121.176, tolerance: 0.01))
        let two = try measurer.layout("a\t\tb", style: interStyle(), width: 300)
        #expect(close(two.size.width, 56 + 10.553, tolerance: 0.01))
    }

    @Test func aTabIsNotAMissingGlyph() throws {
        let layout = try measurer.layout("a\tb\t", style: interStyle(), width: 300)
        #expect(layout.missingGlyphCount == 0)
    }

    @Test func stopsCountFromEachLinesStart() throws {
        // Width 70: "word " then "word\tb" (40.230, tab to 56, "b": 66.553)
        // on the second line, measured from its own start.
        let string = "word word\tb"
        let layout = try measurer.layout(string, style: interStyle(), width: 70)
        #expect(layout.lines.map { text(of: $0, in: string) } == ["word ", "word\tb"])
        #expect(close(layout.lines[1].width, 66.553, tolerance: 0.01))
    }

    @Test func theTabsStopDecidesWhereTheLineBreaks() throws {
        // "word\t" reaches 56: "word" after it would end at 96.230.
        let string = "word\tword"
        let narrow = try measurer.layout(string, style: interStyle(), width: 90)
        #expect(narrow.lines.map { text(of: $0, in: string) } == ["word\t", "word"])
        let wide = try measurer.layout(string, style: interStyle(), width: 100)
        #expect(wide.lineCount == 1)
        #expect(close(wide.size.width, 96.230, tolerance: 0.01))
    }

    @Test func oneLineBoundingRectUsesTabStops() throws {
        let rect = try measurer.boundingRect(
            "a\tb", with: Size(width: 0, height: 0), options: [], style: interStyle())
        #expect(close(rect.width, 38.553, tolerance: 0.01))
    }

    @Test func characterWrappingUsesTabStops() throws {
        var style = try interStyle()
        style.lineBreakMode = .byCharWrapping
        let layout = try measurer.layout("a\tb", style: style, width: 300)
        #expect(close(layout.size.width, 38.553, tolerance: 0.01))
    }
}
