// Paragraph style: line spacing, line height multiple, minimum and maximum
// line height, paragraph spacing, baselines and alignment. Expected heights
// are NSParagraphStyle's rules (see TextMeasurer._assemble) applied to Inter
// 17's line height 3408 × 17 / 2816 = 20.5738… (OS/2 typo metrics).
import Testing
import TrellisTestSupport
import TrellisText

@Suite struct ParagraphStyleTests {
    let measurer = TextMeasurer()
    let threeLines = "one\u{2028}two\u{2028}three"  // line separators: one paragraph

    @Test func lineSpacingIsAddedBetweenLinesOnly() throws {
        // n·lineHeight + (n−1)·lineSpacing.
        var style = try interStyle()
        style.lineSpacing = 4
        let layout = try measurer.layout(threeLines, style: style, width: 287)
        #expect(close(layout.size.height, 3 * Inter17.lineHeight + 2 * 4))
        let single = try measurer.layout("one", style: style, width: 287)
        #expect(close(single.size.height, Inter17.lineHeight))
    }

    @Test func lineHeightMultipleScalesEachLine() throws {
        var style = try interStyle()
        style.lineHeightMultiple = 1.5
        let layout = try measurer.layout(threeLines, style: style, width: 287)
        #expect(close(layout.size.height, 3 * 1.5 * Inter17.lineHeight))
        // The extra height sits above the glyphs: baseline = line height − descent.
        #expect(close(layout.firstBaseline, 1.5 * Inter17.lineHeight - Inter17.descent))
    }

    @Test func minimumLineHeightRaisesShortLines() throws {
        var style = try interStyle()
        style.minimumLineHeight = 30
        let layout = try measurer.layout(threeLines, style: style, width: 287)
        #expect(close(layout.size.height, 3 * 30))
        #expect(close(layout.lines[1].origin.y, 30))
    }

    @Test func maximumLineHeightCapsTallLines() throws {
        var style = try interStyle()
        style.maximumLineHeight = 15
        let layout = try measurer.layout(threeLines, style: style, width: 287)
        #expect(close(layout.size.height, 3 * 15))
    }

    @Test func maximumWinsOverMultiple() throws {
        // Multiple first (20.57 × 2 = 41.15), then clamped to 25.
        var style = try interStyle()
        style.lineHeightMultiple = 2
        style.maximumLineHeight = 25
        let layout = try measurer.layout("one", style: style, width: 287)
        #expect(close(layout.size.height, 25))
    }

    @Test func paragraphSpacingSeparatesParagraphsButNotTheLastOne() throws {
        var style = try interStyle()
        style.paragraphSpacing = 10
        // Two paragraphs: one spacing between them.
        let two = try measurer.layout("one\ntwo", style: style, width: 287)
        #expect(close(two.size.height, 2 * Inter17.lineHeight + 10))
        // U+2028 is a line separator, not a paragraph separator: no spacing.
        let lines = try measurer.layout("one\u{2028}two", style: style, width: 287)
        #expect(close(lines.size.height, 2 * Inter17.lineHeight))
        // Nothing after the last paragraph.
        let one = try measurer.layout("one", style: style, width: 287)
        #expect(close(one.size.height, Inter17.lineHeight))
    }

    @Test func paragraphAndLineSpacingAddUp() throws {
        var style = try interStyle()
        style.paragraphSpacing = 10
        style.lineSpacing = 3
        let layout = try measurer.layout("one\ntwo", style: style, width: 287)
        #expect(close(layout.size.height, 2 * Inter17.lineHeight + 3 + 10))
    }

    @Test func baselinesAreAscenderBelowEachLineTop() throws {
        let layout = try measurer.layout(threeLines, style: interStyle(), width: 287)
        #expect(close(layout.firstBaseline, Inter17.ascender))  // 16.46875
        #expect(close(layout.lastBaseline, 2 * Inter17.lineHeight + Inter17.ascender))
    }

    @Test func alignmentPlacesLineOrigins() throws {
        var style = try interStyle()
        let width = 287.0
        style.alignment = .center
        let centered = try measurer.layout("Hello", style: style, width: width)
        #expect(close(centered.lines[0].origin.x, (width - centered.lines[0].width) / 2))
        style.alignment = .right
        let right = try measurer.layout("Hello", style: style, width: width)
        #expect(close(right.lines[0].origin.x, width - right.lines[0].width))
        style.alignment = .natural
        let natural = try measurer.layout("Hello", style: style, width: width)
        #expect(natural.lines[0].origin.x == 0)
    }
}
