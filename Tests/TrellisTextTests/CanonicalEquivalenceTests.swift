import Testing
import TrellisText

/// Swift's String equality treats canonically equivalent texts as equal
/// ("é" precomposed or as e + U+0301), but their bytes and line ranges differ:
/// caches must key on the bytes, or one text gets the other's layout.
@Suite struct CanonicalEquivalenceTests {
    @Test func equivalentTextsKeepTheirOwnByteRanges() throws {
        let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17)
        let measurer = TextMeasurer()
        let decomposed = try measurer.layout("Cafe\u{301} au lait", style: style, width: 1000)
        let precomposed = try measurer.layout("Caf\u{E9} au lait", style: style, width: 1000)
        #expect(decomposed.lines[0].range == 0..<14)
        #expect(precomposed.lines[0].range == 0..<13)
    }
}
