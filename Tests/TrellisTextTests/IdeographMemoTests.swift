// One-character CJK pieces measured from the workspace's table by code
// point (Workspace+IdeographMemo.swift) must measure exactly as through the
// word cache. Needs Noto Sans CJK (Debian's fonts-noto-cjk, installed by
// Scripts/bootstrap.sh); skipped, saying so, without it.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct IdeographMemoTests {
    static let alphabet: [String] =
        Array("我们在这里学习中文每天都很开心这是一个长的句子用来测试换行默认值参数类型否则精度㐀䶵鿿")
        .map(String.init)
        + ["，", "。", "：", "；", "（", "）", "“", "”", "、", "「", "」", "《", "》", "——", "…"]
        + ["　", "〰", "〽", "㊗", "㊙", "ー", "ア", "の", "ｶ", "！", "？", "０", "Ａ", "￥"]
        + ["Open", "x", "12", "3.5", " ", "  ", "-", "/", "$", "+", "(", ")", ": ", "AV"]
        + ["👍🏽", "🙈", "\u{200D}", "\u{FE0F}", "\n", "\t", "─", "┤"]

    /// A random string of pieces of the alphabet.
    static func randomText(_ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 1...30, using: &generator)
        return (0..<count).map { _ in alphabet.randomElement(using: &generator)! }.joined()
    }

    @Test func memoizedPiecesMeasureAsTheWordCacheDoes() throws {
        // One workspace of each kind for every text, so the table is
        // filled by earlier texts, with other collections (the system
        // fonts each text needs) and another first font.
        try Self.expectTheWordCachesMeasures([try _Workspace()], seed: 23, textsPerFont: 500)
    }

    /// Two workspaces of one word cache share the measures they work out
    /// (`_SharedIdeographMeasures`): texts measured by either in turn,
    /// with collections of two first fonts, measure as through the word
    /// cache alone.
    @Test func workspacesOfOneCacheShareTheirMeasures() throws {
        try Self.expectTheWordCachesMeasures(
            [try _Workspace(), try _Workspace()], seed: 38, textsPerFont: 250)
    }

    /// Prepares 1,500 random texts with `workspaces` (sharing one word
    /// cache; one of them, at random, for each text) and with a workspace
    /// that measures through the word cache alone, with collections of two
    /// first fonts in turn, `textsPerFont` texts each: every piece must be
    /// the same.
    static func expectTheWordCachesMeasures(
        _ workspaces: [_Workspace], seed: UInt64, textsPerFont: Int
    ) throws {
        let collections = [
            try FontCollection(Font(family: "Inter")).addingSystemFonts(),
            try FontCollection(Font(family: "Roboto")).addingSystemFonts(),
        ]
        let reference = try _Workspace()
        reference.usesIdeographMemo = false
        let cache = _WordWidthCache(capacity: 1024)
        let referenceCache = _WordWidthCache(capacity: 1024)
        var generator = SeededGenerator(seed: seed)
        for round in 0..<1_500 {
            let text = Self.randomText(&generator)
            let fonts = collections[round / textsPerFont % 2]._resolved(for: text)
            let workspace =
                workspaces.count == 1
                ? workspaces[0] : workspaces.randomElement(using: &generator)!
            let fast = try workspace.prepare(text, fonts: fonts, cache: cache).wholePieces()
            let expected = try reference.prepare(text, fonts: fonts, cache: referenceCache)
                .wholePieces()
            #expect(fast.count == expected.count, "\(text.debugDescription)")
            for (piece, other) in zip(fast, expected) {
                #expect(piece.end == other.end && piece.wordEnd == other.wordEnd)
                #expect(piece.flags == other.flags)
                #expect(piece.measure == other.measure, "\(text.debugDescription)")
            }
        }
    }
}
