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
        let collections = [
            try FontCollection(Font(family: "Inter")).addingSystemFonts(),
            try FontCollection(Font(family: "Roboto")).addingSystemFonts(),
        ]
        let memoized = try _Workspace()
        let reference = try _Workspace()
        reference.usesIdeographMemo = false
        let cache = _WordWidthCache(capacity: 1024)
        let referenceCache = _WordWidthCache(capacity: 1024)
        var generator = SeededGenerator(seed: 23)
        for round in 0..<1_500 {
            let text = Self.randomText(&generator)
            let fonts = collections[round / 500 % 2]._resolved(for: text)
            let fast = try memoized.prepare(text, fonts: fonts, cache: cache).wholePieces()
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
