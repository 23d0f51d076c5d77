// Pieces the word cache lacks made of CJK characters the ideograph memo
// holds, alone or followed by spaces whose face the next character decides,
// are measured from the memo (Workspace+MemoizedRuns.swift): exactly as
// through the general path. Needs Noto Sans CJK (Debian's fonts-noto-cjk,
// installed by Scripts/bootstrap.sh); skipped, saying so, without it.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct MemoizedRunTests {
    /// Ideographs, CJK and fullwidth punctuation, kana, the ideographic
    /// space, CJK characters that are emoji ("〰", "㊗"), box drawing,
    /// Latin words, digits and ASCII punctuation (after which a space before
    /// them takes the first font's face), curly quotes, emoji and joiners.
    static let alphabet: [String] =
        Array("宫里中鹤翁近同咏论道语作初我们在这学习文每天都很开心是一个长的句子测试换行㐀䶵鿿")
        .map(String.init)
        + ["，", "。", "：", "；", "（", "）", "、", "「", "」", "《", "》", "——", "…", "！", "？"]
        + ["　", "〰", "〽", "㊗", "㊙", "ー", "ア", "の", "ｶ", "０", "Ａ", "￥", "～", "〇", "〒"]
        + ["“", "”", "‧", "·", "—", "─", "│", "┤", "┼"]
        + ["Open", "x", "12", "3", "%", "-", "--", "/", "$", "+", "(", ")", ":", ",", ".", "AV"]
        + ["👍🏽", "🙈", "\u{200D}", "\u{FE0F}", "\n", "\t", "Ж", "é"]

    /// A random text: pieces of the alphabet, a space or two between many
    /// of them.
    static func randomText(_ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...24, using: &generator)
        var text = ""
        for _ in 0..<count {
            text += alphabet.randomElement(using: &generator)!
            switch Int.random(in: 0..<6, using: &generator) {
            case 0, 1: text += " "
            case 2: text += "  "
            default: break
            }
        }
        return text
    }

    /// 3,000 random texts prepared by a workspace with the memo (and so the
    /// memoized runs) and by one without, each with its own word cache,
    /// with collections of three first fonts in turn: every piece must be
    /// the same, to the bit.
    @Test func memoizedRunsMeasureAsTheGeneralPathDoes() throws {
        let (collections, workspace, reference) = try Self.setUp()
        let cache = _WordWidthCache(capacity: 1024)
        let referenceCache = _WordWidthCache(capacity: 1024)
        var generator = SeededGenerator(seed: 3_107)
        var differing = 0
        for round in 0..<3_000 {
            let text = Self.randomText(&generator)
            let fonts = collections[round / 500 % 3]._resolved(for: text)
            let fast = try workspace.prepare(text, fonts: fonts, cache: cache).wholePieces()
            let expected = try reference.prepare(text, fonts: fonts, cache: referenceCache)
                .wholePieces()
            Self.compare(fast, expected, text: text, differing: &differing)
        }
        #expect(differing == 0)
    }

    /// Runs of CJK characters right before Latin text whose break
    /// opportunities have no whitespace ("中T-|V", "鹤A/|Y"): the kerning
    /// across those boundaries (`addJoinKerning`, which steps over the
    /// pieces measured from the memo) is the same with the memo as
    /// without, to the bit, on 2,000 random texts of three first fonts.
    @Test func joinKerningAfterMemoizedRunsAsTheGeneralPath() throws {
        let cjk = Array("宫里中鹤翁近同咏论道语作初我们在这学习文，。：「」《》").map(String.init)
        let latin =
            ["T-", "V-", "Y-", "A-", "-", "/", "T/", "A/", "AV", "To", "Ya", "L", "P.", "F,"]
            + ["7", "1", "“A", "‘Y", "W-", "r/", "y-", "Ж-", "ТУ-", " "]
        let (collections, workspace, reference) = try Self.setUp()
        let cache = _WordWidthCache(capacity: 1024)
        let referenceCache = _WordWidthCache(capacity: 1024)
        var generator = SeededGenerator(seed: 3_838)
        var differing = 0
        var kerned = 0
        for round in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    text += cjk.randomElement(using: &generator)!
                }
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    text += latin.randomElement(using: &generator)!
                }
            }
            let fonts = collections[round % 3]._resolved(for: text)
            let fast = try workspace.prepare(text, fonts: fonts, cache: cache).wholePieces()
            let expected = try reference.prepare(text, fonts: fonts, cache: referenceCache)
                .wholePieces()
            kerned += expected.filter { $0.wordEnd == $0.end && $0.measure.spaceEm != 0 }.count
            Self.compare(fast, expected, text: text, differing: &differing)
        }
        #expect(differing == 0)
        // Boundaries kerned: the texts test something.
        #expect(kerned > 100)
    }

    /// Counts in `differing` the pieces of `fast` that differ from
    /// `expected`'s in any field or any bit of their widths, recording the
    /// first ten.
    static func compare(
        _ fast: [_Piece], _ expected: [_Piece], text: String, differing: inout Int
    ) {
        #expect(fast.count == expected.count, "\(text.debugDescription)")
        for (piece, other) in zip(fast, expected)
        where piece.end != other.end || piece.wordEnd != other.wordEnd
            || piece.flags != other.flags || piece.measure != other.measure
            || piece.measure.wordEm.bitPattern != other.measure.wordEm.bitPattern
            || piece.measure.spaceEm.bitPattern != other.measure.spaceEm.bitPattern
        {
            differing += 1
            if differing <= 10 {
                Issue.record("\(text.debugDescription): \(piece.measure) against \(other.measure)")
            }
        }
    }

    /// Collections of three first fonts, a workspace with the memo and one
    /// without.
    static func setUp() throws -> ([FontCollection], _Workspace, _Workspace) {
        let collections = [
            try FontCollection(Font(family: "Inter")).addingSystemFonts(),
            try FontCollection(Font(family: "Roboto")).addingSystemFonts(),
            try FontCollection(Font(family: "Inter", weight: .bold)).addingSystemFonts(),
        ]
        let reference = try _Workspace()
        reference.usesIdeographMemo = false
        return (collections, try _Workspace(), reference)
    }
}
