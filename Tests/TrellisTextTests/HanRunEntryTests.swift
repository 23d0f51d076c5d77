// The system-font scan's loop over runs of Chinese text
// (`FontCollection._hanRunEnd`, entered at a run's first character) against
// the scan's own steps for every character (`_SystemFaceMemo.takesHanRuns`
// off): the same faces in the same order, for a workspace's memo, which
// keeps answers by code point, and for a memo made for one text.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct HanRunEntryTests {
    /// Han runs broken by digits, Latin, kana, emoji, spaces and box
    /// drawing, with characters only one system font has (㊗, 〰, ※).
    static let pieces =
        HanAnswersTests.alphabet
        + ["─", "━", "┤", "├", "═", "……", "——", "‘", "’", "※", "中中", "1中", "中1", "#中", "ｱ中"]

    /// Texts resolved with the Han-run loop and with the general steps.
    static func compare(family: String, seed: UInt64, texts: Int) throws {
        var generator = SeededGenerator(seed: seed)
        let fonts = try FontCollection(Font(family: family)).addingSystemFonts()
        var kept = _SystemFaceMemo(capacity: 16_384)
        var general = _SystemFaceMemo(capacity: 16_384)
        general.takesHanRuns = false
        for _ in 0..<texts {
            let text = RepeatedFallbackTests.randomRuns(Self.pieces, runs: 1...24, &generator)
            let expected = fonts._resolved(for: text, memo: &general).faces.map(\.id)
            var once = _SystemFaceMemo(capacity: 256)
            let alone = fonts._resolved(for: text, memo: &once).faces.map(\.id)
            let resolved = fonts._resolved(for: text, memo: &kept).faces.map(\.id)
            #expect(resolved == expected, "\(text.unicodeScalars.map(\.value))")
            #expect(alone == expected, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test(arguments: ["Inter", "Roboto"])
    func hanRunsResolveAsEveryCharacterAskedInTurn(family: String) throws {
        try Self.compare(family: family, seed: 3_836, texts: 3_000)
    }

    /// A collection whose first font has the ideographs (Noto Sans CJK, as
    /// the system resolves "中"): its own characters take no system face,
    /// and the first ideograph of a run is one no look-up was made for.
    @Test func hanRunsOfACollectionWithIdeographsResolveAsEveryCharacter() throws {
        let cjk = try CJKKernOnlyTests.cjkFace()
        let fonts = try FontCollection([Font(_sharing: cjk), Font(family: "Inter")])
            .addingSystemFonts()
        var generator = SeededGenerator(seed: 3_837)
        var kept = _SystemFaceMemo(capacity: 16_384)
        var general = _SystemFaceMemo(capacity: 16_384)
        general.takesHanRuns = false
        for _ in 0..<2_000 {
            let text = RepeatedFallbackTests.randomRuns(Self.pieces, runs: 1...24, &generator)
            let expected = fonts._resolved(for: text, memo: &general).faces.map(\.id)
            let resolved = fonts._resolved(for: text, memo: &kept).faces.map(\.id)
            #expect(resolved == expected, "\(text.unicodeScalars.map(\.value))")
        }
    }
}
