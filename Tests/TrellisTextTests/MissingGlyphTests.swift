// Missing glyphs are reported, not hidden: a layout lists the character
// clusters that no font of its collection has (UTF-8 byte ranges, in text
// order), which are drawn and measured with the first font's notdef glyph.
// The bundled fonts (Inter, Noto Sans Hebrew, Noto Sans Arabic) have no CJK
// ideographs and no emoji.
import Testing
import TrellisText

@Suite struct MissingGlyphTests {
    let measurer = TextMeasurer()

    /// The text of each missing cluster.
    func missing(_ layout: TextLayout, in string: String) -> [String] {
        layout.missingGlyphs.map { String(decoding: Array(string.utf8)[$0], as: UTF8.self) }
    }

    @Test func eachClusterNoFontHasIsListed() throws {
        let string = "otter 漢字 and 🦦"
        let layout = try measurer.layout(string, style: interStyle(), width: 287)
        #expect(missing(layout, in: string) == ["漢", "字", "🦦"])
        #expect(layout.missingGlyphs == [6..<9, 9..<12, 17..<21])
        #expect(layout.missingGlyphCount == 3)
    }

    @Test func aTextEveryFontCoversHasNone() throws {
        let layout = try measurer.layout("Hello שלום مرحبا", style: interStyle(), width: 287)
        #expect(layout.missingGlyphs.isEmpty)
        #expect(layout.missingGlyphCount == 0)
    }

    @Test func aZWJSequenceIsOneMissingRange() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let layout = try measurer.layout("a " + family, style: interStyle(), width: 287)
        #expect(layout.missingGlyphs == [2..<(2 + family.utf8.count)])
    }

    @Test func missingGlyphsInARightToLeftParagraphAreInTextOrder() throws {
        let string = "שלום 漢 עולם 字"
        let layout = try measurer.layout(string, style: interStyle(), width: 287)
        #expect(missing(layout, in: string) == ["漢", "字"])
    }

    @Test func aCachedTextReportsTheSameGlyphs() throws {
        // The second layout comes from the prepared-text cache.
        let string = "rows of 漢字"
        let first = try measurer.layout(string, style: interStyle(), width: 287)
        let second = try measurer.layout(string, style: interStyle(), width: 100)
        #expect(first.missingGlyphs == second.missingGlyphs)
        #expect(first.missingGlyphs.count == 2)
    }
}
