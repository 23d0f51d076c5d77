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

    /// An entry keeps the drawing face's place in the last three
    /// collections asked (`_IdeographMemo.Entry.keep`): each is found, a
    /// fourth drops the oldest, and none answers for a collection not kept.
    @Test func anEntryKeepsThreeCollections() {
        var entry = _IdeographMemo.Entry()
        #expect(entry.place(in: 1) == nil)
        for (collection, place) in [(1, 2), (2, 3), (3, 1)] {
            entry.keep(Int32(collection << 5 | place))
        }
        #expect(entry.place(in: 1) == 2 && entry.place(in: 2) == 3 && entry.place(in: 3) == 1)
        #expect(entry.place(in: 4) == nil && entry.place(in: 0) == nil)
        entry.keep(4 << 5 | 0)
        #expect(entry.place(in: 4) == 0 && entry.place(in: 1) == nil)
        #expect(entry.place(in: 2) == 3 && entry.place(in: 3) == 1)
        entry.keep(-1)
        #expect(entry.place(in: 2) == nil && entry.place(in: 4) == 0)
    }

    /// A face's kern model measures no character of the memo's blocks that
    /// the face lacks, so the memo asks the first face's model only about
    /// characters of the first face (`ideographMeasureAlone`): every code
    /// point of U+3000–U+9FFF and U+FF00–U+FFEF that Inter, Roboto or Noto
    /// Sans CJK lacks, alone, has no kern-only measure with that face.
    @Test func noModelMeasuresACharacterItsFaceLacks() throws {
        let workspace = try _Workspace()
        let cjk = try #require(
            try FontCollection(Font(family: "Inter")).addingSystemFonts()._resolved(for: "中")
                .faces.last)
        let faces = [try Font(family: "Inter")._face, try Font(family: "Roboto")._face, cjk]
        for face in faces {
            var lacking = 0
            var measured = 0
            for scalar in Array(0x3000...0x9FFF) + Array(0xFF00...0xFFEF)
            where !face.hasGlyph(UInt32(scalar)) {
                lacking += 1
                let text = String(Character(Unicode.Scalar(UInt32(scalar))!))
                let measure = Array(text.utf8).withUnsafeBufferPointer {
                    workspace.kernOnlyMeasure(
                        $0, 0..<$0.count, trailingStart: $0.count, face: face)
                }
                if measure != nil { measured += 1 }
            }
            #expect(lacking > 0, "\(face.path)")
            #expect(measured == 0, "\(face.path)")
        }
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

/// The measures the workspaces of one word cache share
/// (`_SharedIdeographMeasures`), read without a lock: a slot answers only
/// for the first and drawing faces it was written for, keeps the first
/// measure put there, and threads reading while others write read only
/// measures written for the faces they ask about.
struct SharedIdeographMeasuresTests {
    @Test func aSlotAnswersOnlyForItsFaces() {
        let shared = _SharedIdeographMeasures()
        #expect(shared.em(slot: 5, firstFace: 1, face: 2) == nil)
        shared.insert(1.5, slot: 5, firstFace: 1, face: 2)
        #expect(shared.em(slot: 5, firstFace: 1, face: 2) == 1.5)
        #expect(shared.em(slot: 5, firstFace: 1, face: 3) == nil)
        #expect(shared.em(slot: 5, firstFace: 2, face: 2) == nil)
        #expect(shared.em(slot: 5, firstFace: 0, face: 2) == nil)
        #expect(shared.em(slot: 6, firstFace: 1, face: 2) == nil)
        // The slot is taken: it keeps its measure and its faces.
        shared.insert(2.5, slot: 5, firstFace: 1, face: 3)
        #expect(shared.em(slot: 5, firstFace: 1, face: 2) == 1.5)
        #expect(shared.em(slot: 5, firstFace: 1, face: 3) == nil)
        // A character the model leaves to the word cache.
        shared.insert(.nan, slot: 7, firstFace: 0, face: 0)
        #expect(shared.em(slot: 7, firstFace: 0, face: 0)?.isNaN == true)
        // The last slot; numbers out of range are neither kept nor found.
        let last = _IdeographMemo.count - 1
        shared.insert(3, slot: last, firstFace: 4, face: 1)
        #expect(shared.em(slot: last, firstFace: 4, face: 1) == 3)
        shared.insert(4, slot: last + 1, firstFace: 4, face: 1)
        shared.insert(4, slot: 8, firstFace: -1, face: 1)
        shared.insert(4, slot: 9, firstFace: 4, face: -1)
        #expect(shared.em(slot: last + 1, firstFace: 4, face: 1) == nil)
        #expect(shared.em(slot: 8, firstFace: -1, face: 1) == nil)
        #expect(shared.em(slot: 9, firstFace: 4, face: -1) == nil)
    }

    /// Four threads put and read measures of random slots for two first
    /// faces and three drawing faces at once; each measure is a function
    /// of its slot and faces, so any answer must be that one's.
    @Test func threadsReadOnlyTheMeasuresOfTheirFaces() async {
        let shared = _SharedIdeographMeasures()
        @Sendable func measure(_ slot: Int, _ firstFace: Int, _ face: Int32) -> Double {
            Double(slot * 8 + firstFace * 3 + Int(face)) + 0.25
        }
        let wrong = await withTaskGroup(of: Int.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    var generator = SeededGenerator(seed: UInt64(thread) + 1)
                    var wrong = 0
                    for _ in 0..<50_000 {
                        let slot = Int.random(in: 0..<4_096, using: &generator)
                        let firstFace = Int.random(in: 0...1, using: &generator)
                        let face = Int32.random(in: 0...2, using: &generator)
                        if let known = shared.em(slot: slot, firstFace: firstFace, face: face) {
                            if known != measure(slot, firstFace, face) { wrong += 1 }
                        } else {
                            shared.insert(
                                measure(slot, firstFace, face), slot: slot, firstFace: firstFace,
                                face: face)
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
