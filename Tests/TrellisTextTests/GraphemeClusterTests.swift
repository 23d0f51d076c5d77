// A grapheme cluster is one unit: drawn with one font and never broken
// across lines. Joiners, variation selectors and other default-ignorable
// characters belong to their cluster's font (HarfBuzz draws them as nothing
// when the font lacks them), so they never pull in a fallback font of their
// own. The bundled fonts have no emoji: the emoji below are missing glyphs,
// measured with Inter's notdef, which keeps these tests free of system fonts.
import Testing
import TrellisTestSupport
import TrellisText

@Suite struct GraphemeClusterTests {
    let measurer = TextMeasurer()
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"  // 👨‍👩‍👧

    @Test func aJoinerStaysWithItsClustersFont() throws {
        // Inter has no U+200D and Noto Sans Hebrew has: the joiners went to
        // Hebrew, and the line took its height, 23.12, instead of Inter's 20.574.
        let layout = try measurer.layout("family " + family, style: interStyle(), width: 300)
        #expect(close(layout.size.height, Inter17.lineHeight))
    }

    @Test func aZWJSequenceIsOneMissingCluster() throws {
        let layout = try measurer.layout("family " + family, style: interStyle(), width: 300)
        #expect(layout.missingGlyphCount == 1)
    }

    @Test func aZWJSequenceIsNeverBrokenAcrossLines() throws {
        // Narrower than any glyph: each line holds one grapheme cluster, and
        // the sequence is one (UAX #29 GB11), so one line.
        let layout = try measurer.layout(family, style: interStyle(), width: 5)
        #expect(layout.lineCount == 1)
        #expect(layout.lines[0].range == 0..<family.utf8.count)
    }

    @Test(arguments: [
        "\u{1F44D}\u{1F3FD}",  // 👍🏽 thumbs up, medium skin tone (UAX #29 GB9)
        "1\u{FE0F}\u{20E3}",  // 1️⃣ keycap (GB9)
        "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // 🏴󠁧󠁢󠁳󠁣󠁴󠁿 tag sequence
    ])
    func otherEmojiSequencesAreOneLineEachAtAnyWidth(sequence: String) throws {
        let layout = try measurer.layout(sequence, style: interStyle(), width: 5)
        #expect(layout.lineCount == 1)
    }

    @Test func flagsBreakBetweenPairsOfRegionalIndicators() throws {
        // 🇺🇸🇫🇷: two clusters of two regional indicators each (GB12, GB13).
        let flags = "\u{1F1FA}\u{1F1F8}\u{1F1EB}\u{1F1F7}"
        let layout = try measurer.layout(flags, style: interStyle(), width: 5)
        #expect(layout.lines.map(\.range) == [0..<8, 8..<16])
        #expect(layout.missingGlyphCount == 2)
    }

    @Test func aVariationSelectorStaysWithItsBase() throws {
        // U+FE0F after a Hebrew letter: Noto Sans Hebrew lacks it; it stays
        // in the Hebrew run rather than going back to Inter.
        let plain = try measurer.layout("אב", style: interStyle(), width: 300)
        let selected = try measurer.layout("א\u{FE0F}ב", style: interStyle(), width: 300)
        #expect(selected.missingGlyphCount == 0)
        #expect(close(selected.size.width, plain.size.width))
    }
}
