// The order of the system fonts a text's collection adds
// (`FontCollection._resolved(for:)`): every character must take, from the
// resolved list, the font the system's whole ranking gives it
// (`_SystemFallback.face(for:language:)`), including where a font added
// for an earlier character also has a later one and must move behind that
// character's own font. And the kern-only model's advances, read for all
// glyphs in one call, against HarfBuzz's advance of each glyph alone.
import CHarfBuzz
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite(
    .enabled(
        if: systemScriptFontsInstalled,
        "needs Debian's fonts-noto-cjk and fonts-noto-core (Scripts/bootstrap.sh)"))
struct SystemFallbackOrderTests {
    /// Chinese with the symbols, digits in circles, arrows and punctuation
    /// of real Chinese rows, in both orders, and Hebrew, Thai and Devanagari
    /// among them; and rows of Debian's fortunes-zh and a table's line: at
    /// least four of these texts need a font moved.
    static let texts = [
        "你好①", "①你好", "「①」中文→", "→中", "中→①②", "①→中文", "“引号”中文",
        "中文“引号”①", "שלום 中 ①", "① שלום 中", "ไทย 中 → ①", "नमस्ते ① 中 →",
        "《书》① ②→③", "∀x ∃y 中 ≤ ≥ ①",
        "夫子怃然曰：“鸟兽不可与同群，吾非斯人之徒与而谁与？天下有道，丘不与易也。” --《论语》",
        "夜阑卧听风吹雨，铁马冰河入梦来。-- 陆游《十一月四日风雨大作》",
        "殊《清平乐·金风细细》金樽清酒斗十千，玉盘珍羞直万钱。",
        "東家娶妇 │ ├──┼── ·《词》",
    ]

    /// Each character of `text` that none of `fonts` has, with the face
    /// the system's whole ranking gives it (in the language of the script
    /// the text's characters so far are in), nil when none has it.
    static func systemChoices(_ text: String, _ fonts: FontCollection) throws -> [(
        scalar: UInt32, face: _FontFace?
    )] {
        let system = try #require(fonts.systemFallback)
        var script = _Script.common
        var choices: [(scalar: UInt32, face: _FontFace?)] = []
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let own = _Script(value)
            if own != .common { script = own }
            if fonts.faces.contains(where: { $0.hasGlyph(value) }) { continue }
            let language = system.derivedLanguage(script)
            choices.append((value, system.face(for: value, language: language)))
        }
        return choices
    }

    @Test func everyCharacterTakesTheFontTheWholeRankingGivesIt() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        var moves = 0
        for text in Self.texts {
            let resolved = fonts._resolved(for: text)
            var firstNeeded: [ObjectIdentifier] = []
            for (value, choice) in try Self.systemChoices(text, fonts) {
                let expected = try #require(choice)
                let actual = resolved.faces.first { $0.hasGlyph(value) }
                #expect(
                    actual === expected,
                    "\(text) U+\(String(value, radix: 16, uppercase: true)): \(actual?.path ?? "none"), not \(expected.path)"
                )
                if !firstNeeded.contains(ObjectIdentifier(expected)) {
                    firstNeeded.append(ObjectIdentifier(expected))
                }
            }
            let added = resolved.faces.dropFirst(fonts.faces.count).map(ObjectIdentifier.init)
            #expect(Set(added) == Set(firstNeeded), "\(text)")
            if added != firstNeeded { moves += 1 }
        }
        // These texts need a font moved before one added earlier.
        #expect(moves >= 4)
    }

    /// A thread's memo keeps the collection its last text resolved to
    /// (`_SystemFaceMemo.collection`): texts resolved one after another
    /// with one memo, needing the same fonts, other fonts or none, each get
    /// the fonts a fresh memo gives them.
    @Test func oneMemoForTextsInTurnGivesEachItsOwnFonts() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        let bold = try FontCollection(Font(family: "Inter", weight: .bold)).addingSystemFonts()
        var memo = _SystemFaceMemo(capacity: 256)
        var reused = 0
        var previous: FontCollection?
        let texts = Self.texts + ["plain", "中文", "中文", "ไทย", "中文", "①", "plain"] + Self.texts
        for (index, text) in texts.enumerated() {
            let collection = index % 5 == 4 ? bold : fonts
            let resolved = collection._resolved(for: text, memo: &memo)
            let fresh = collection._resolved(for: text)
            #expect(
                resolved.faces.map(ObjectIdentifier.init) == fresh.faces.map(ObjectIdentifier.init),
                "\(text)")
            if let previous, previous === resolved { reused += 1 }
            previous = resolved
        }
        #expect(reused > 0)
    }

    /// The order check asks only about the characters that can move a face
    /// (`_orderedForOwnChoices`). Random texts of the characters above
    /// (those that need fonts moved, and Chinese, box drawing, kana,
    /// Hangul, Thai, Hebrew, emoji and Latin) resolve, with a workspace's
    /// memo, to the same fonts as with the check asking about every
    /// character (`_SystemFaceMemo.checksEveryOrder`); hundreds of them
    /// have fonts moved.
    @Test func askingFewerCharactersMovesTheSameFonts() throws {
        let alphabet =
            Self.texts.flatMap { $0.map(String.init) }
            + ["─", "│", "┤", "ア", "の", "한", "ไ", "א", "😀", "👍🏽", "a", "7", " ", "…", "—"]
        var generator = SeededGenerator(seed: 47)
        for family in ["Inter", "Roboto"] {
            let fonts = try FontCollection(Font(family: family)).addingSystemFonts()
            var fast = _SystemFaceMemo()
            var general = _SystemFaceMemo()
            general.checksEveryOrder = true
            var moved = 0
            for _ in 0..<1_000 {
                let text = (0..<Int.random(in: 1...24, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                }.joined()
                let expected = fonts._resolved(for: text, memo: &general).faces
                let resolved = fonts._resolved(for: text, memo: &fast).faces
                #expect(
                    resolved.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init),
                    "\(text.debugDescription)")
                // Fonts moved: the system's choices not in the order first needed.
                var firstNeeded: [ObjectIdentifier] = []
                for choice in try Self.systemChoices(text, fonts) {
                    guard let face = choice.face.map(ObjectIdentifier.init),
                        !firstNeeded.contains(face)
                    else { continue }
                    firstNeeded.append(face)
                }
                let added = expected.dropFirst(fonts.faces.count).map(ObjectIdentifier.init)
                if added.filter(firstNeeded.contains) != firstNeeded.filter(added.contains) {
                    moved += 1
                }
            }
            #expect(moved >= 100, "\(family): \(moved)")
        }
    }

    @Test func theKernOnlyModelsAdvancesAreHarfBuzzsOneGlyphAtATime() throws {
        let cjk = try FontCollection(Font(family: "Inter")).addingSystemFonts()
            ._resolved(for: "中").faces.last
        for face in [try Font(family: "Inter")._face, try #require(cjk)] {
            let model = try #require(face.kernOnly, "\(face.path)")
            let count = Int(hb_face_get_glyph_count(hb_font_get_face(face.hbFont)))
            #expect(model.advances.count == count)
            var differing = 0
            for glyph in 0..<count
            where model.advances[glyph]
                != hb_font_get_glyph_h_advance(face.hbFont, hb_codepoint_t(glyph))
            {
                differing += 1
            }
            #expect(differing == 0, "\(face.path)")
        }
    }
}
