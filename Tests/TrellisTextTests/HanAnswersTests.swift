// The system-font scan's answers for Chinese runs kept by code point
// (`_SystemFaceMemo.hanAnswer`, FontCollection+HanRuns.swift): a workspace's
// memo, which keeps them, resolves every text to the same fonts as a memo
// made for each text, which does not.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct HanAnswersTests {
    /// Ideographs, CJK and general punctuation, box drawing, fullwidth
    /// forms, kana, Latin, digits, emoji and spaces, which end Han runs.
    static let alphabet: [String] =
        ["中", "国", "龘", "㐀", "𠀀", "，", "。", "「", "」", "《", "》", "、", "：", "…", "—", "“", "”"]
        + ["─", "│", "┤", "〰", "㊗", "ｱ", "Ａ", "！", "１", "あ", "カ", "한", "a", "Z", "7", " "]
        + ["\u{3000}", "😀", "👍🏽", "❤️", "<foo>", "I:22", "\u{00A0}", "\t", "\n", "é", "Ж", "א"]

    @Test func aWorkspaceMemoResolvesAsAMemoPerText() throws {
        var generator = SystemRandomNumberGenerator()
        for family in ["Inter", "Roboto"] {
            let fonts = try FontCollection(Font(family: family)).addingSystemFonts()
            var kept = _SystemFaceMemo(capacity: 16_384)
            #expect(kept.keepsHanAnswers)
            for _ in 0..<1_500 {
                let text = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                    Self.alphabet.randomElement(using: &generator)!
                }.joined()
                var once = _SystemFaceMemo(capacity: 256)
                #expect(!once.keepsHanAnswers)
                let expected = fonts._resolved(for: text, memo: &once).faces.map(\.id)
                let resolved = fonts._resolved(for: text, memo: &kept).faces.map(\.id)
                #expect(resolved == expected, "\(text.unicodeScalars.map(\.value))")
            }
        }
    }

    /// Runs of copies of one character ("────", "——", "中中") among the
    /// alphabet's characters: the loop over known answers steps over the
    /// copies of a character of lead byte E2 (`_knownHanRunEnd`), and the
    /// workspace's memo resolves such texts as a memo per text, which
    /// asks for every character.
    @Test func aWorkspaceMemoResolvesRunsOfCopiesAsAMemoPerText() throws {
        let pieces = Self.alphabet + ["─", "━", "│", "┤", "├", "═", "╔", "……", "——", "‘", "’", "※"]
        var generator = SeededGenerator(seed: 3_838)
        for family in ["Inter", "Roboto"] {
            let fonts = try FontCollection(Font(family: family)).addingSystemFonts()
            var kept = _SystemFaceMemo(capacity: 16_384)
            for _ in 0..<1_500 {
                let text = RepeatedFallbackTests.randomRuns(pieces, runs: 1...30, &generator)
                var once = _SystemFaceMemo(capacity: 256)
                let expected = fonts._resolved(for: text, memo: &once).faces.map(\.id)
                let resolved = fonts._resolved(for: text, memo: &kept).faces.map(\.id)
                #expect(resolved == expected, "\(text.unicodeScalars.map(\.value))")
            }
        }
    }
}

/// The answers a workspace's memo keeps name a system face by a byte
/// (`_SystemFaceMemo.setHanAnswer(_:face:)`): the first 254 faces are
/// kept, each by its own value, and a character needing another is not
/// (its answer stays unknown, so the scan asks for it again).
struct HanAnswersLimitTests {
    @Test func answersNameTheFirst254FacesOnly() {
        var memo = _SystemFaceMemo(capacity: 16_384)
        memo.useHanAnswers(collection: 1, languageIndex: 0, system: 1)
        // Addresses that are only compared and kept, never followed.
        let faces = (1...300).map {
            Unmanaged<_FontFace>.fromOpaque(UnsafeRawPointer(bitPattern: $0 << 4)!)
        }
        for (slot, face) in faces.enumerated() { memo.setHanAnswer(slot, face: face) }
        for slot in faces.indices {
            #expect(memo.hanAnswers[slot] == (slot < 254 ? UInt8(slot + 2) : 0), "\(slot)")
        }
        // A face kept is named again by its value.
        memo.setHanAnswer(400, face: faces[7])
        #expect(memo.hanAnswers[400] == 9)
        #expect(memo.hanFaces.count == 254)
    }
}
