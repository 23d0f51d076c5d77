// The shortcut the system-font scan takes for Chinese, Japanese and Korean
// characters (`_isIdeographOrSyllable`): every scalar it covers has no
// emoji property and is not default-ignorable, so skipping those lookups
// changes nothing.
import Testing

@testable import TrellisText

#if canImport(Glibc)
    import Glibc
#endif

struct SystemFallbackScanTests {
    @Test func theIdeographShortcutCoversNoEmojiAndNoDefaultIgnorable() {
        var covered = 0
        for value in UInt32(0)...0x10FFFF where _isIdeographOrSyllable(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            #expect(!properties.isEmoji, "U+\(String(value, radix: 16, uppercase: true))")
            #expect(
                !properties.isDefaultIgnorableCodePoint,
                "U+\(String(value, radix: 16, uppercase: true))")
            covered += 1
        }
        // Kana 192, ideographs 27,648, Hangul syllables 11,172, fullwidth
        // forms 160, CJK symbols and punctuation 62, box drawing 128.
        #expect(covered == 192 + 27_648 + 11_172 + 160 + 62 + 128)
    }
}

/// Collections that end in the same ranking of the system's fonts (same
/// family, weight and language) are one collection to the caches: a
/// markup span builds its run's fonts again for every text, and before
/// they were shared each text's bold words were shaped anew and each added
/// an entry to the collections' interning table.
struct SharedSystemFallbackTests {
    @Test func aSpanInTheSameFamilyAndWeightGivesTheSameFontsInEveryText() throws {
        let style = TextStyle(
            fonts: try FontCollection(Font(family: "Inter")).addingSystemFonts(), size: 17)
        let first = try AttributedText(markup: "one <b>bold</b> word", base: style)
        let second = try AttributedText(markup: "<b>another</b> text", base: style)
        let bold = { (text: AttributedText) in
            text.runs.first { $0.attributes.fonts.id != style.fonts.id }?.attributes.fonts.id
        }
        let firstBold = try #require(bold(first))
        #expect(firstBold == bold(second))
        let again = try FontCollection(Font(family: "Inter")).addingSystemFonts()
        #expect(again.id == style.fonts.id)
    }
}

/// The copies the system-font scan keeps of fontconfig's answers: the
/// ranking it uses (read from the cache file of
/// _SystemFonts+RankingCache.swift when it holds) against one fontconfig
/// makes afresh, and each ranked font's coverage, one bit per code point,
/// against `FcCharSetHasChar` itself; and the characters whose
/// clusters `_joinClustersToGraphemes` need not join, against Swift's
/// `Character` (UAX #29's extended grapheme clusters).
struct SystemFallbackCopiesTests {
    @Test func eachRankedFontsCopiedCoverageIsFontconfigs() throws {
        let fonts = try FontCollection(Font(family: "Inter")).addingSystemFonts(language: "zh-cn")
        let system = try #require(fonts.systemFallback)
        let checked = system._coverageDisagreements(language: "zh-cn")
        #expect(checked.candidates > 0)
        #expect(checked.found.count == 0, "\(checked.found.prefix(10))")
    }

    @Test func everyCharacterOfTheOwnGraphemeBlocksIsAGraphemeClusterBesideAnyOther() {
        // Neighbours from each block, ASCII, and marks and joiners that
        // would join a cluster (which are never in the blocks themselves).
        let neighbours: [Unicode.Scalar] = ["a", " ", "\n", "中", "─", "，", "ａ", "é", "—"]
        var covered = 0
        for value in UInt32(0)...0x10FFFF where _isOwnGrapheme(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            covered += 1
            let name = "U+" + String(value, radix: 16, uppercase: true)
            for other in neighbours + [scalar] {
                var before = String(Character(other))
                before.unicodeScalars.append(scalar)
                #expect(before.count == 2, "\(name) after \(other)")
                var after = String(Character(scalar))
                after.unicodeScalars.append(other)
                #expect(after.count == 2, "\(name) before \(other)")
            }
            // Nothing joins it from before: it is no Extend, ZWJ or
            // SpacingMark, so after a letter it is a cluster of its own
            // (checked above); and no Prepend: a letter after it is too.
        }
        // Ideographs 20,992, box drawing 128, CJK punctuation 42 and 12,
        // fullwidth forms 94, Extension A 6,592, Latin-1 93, general
        // punctuation 24 and 45.
        #expect(covered == 20_992 + 128 + 42 + 12 + 94 + 6_592 + 93 + 24 + 45)
    }
}

/// The system-font scan's shortcuts against its own whole rules: the
/// script of Chinese punctuation (`_Script.init(_:)` against
/// `_Script(blocks:)`, for every scalar), and runs of Cyrillic letters,
/// which after a letter the first font has are read in one loop: each
/// letter the first font lacks must still take the system's font for it,
/// as the same letter does where the scan meets it alone.
struct SystemFallbackShortcutTests {
    @Test func theScriptShortcutsAgreeWithTheBlocks() {
        var checked = 0
        for value in UInt32(0)...0x10FFFF {
            checked += 1
            #expect(_Script(value) == _Script(blocks: value), "U+\(String(value, radix: 16))")
        }
        #expect(checked == 0x11_0000)
    }

    @Test(
        .enabled(
            if: access("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", F_OK) == 0,
            "needs Debian's fonts-noto-cjk (Scripts/bootstrap.sh)"))
    func aCyrillicLetterTheFirstFontLacksTakesTheSystemsFontWithinARun() throws {
        // Noto Sans CJK's Cyrillic is U+0401, U+0410–U+044F and U+0451
        // (fontconfig's charset): "д" is its own, "Ђ" (U+0402) is not.
        let cjk = try Font(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
        let fonts = try FontCollection(cjk).addingSystemFonts(language: "ru")
        let first = try #require(fonts.faces.first)
        var lacking = 0
        for value in UInt32(0x400)...0x47F {
            let letter = String(Unicode.Scalar(value)!)
            let inRun = fonts._resolved(for: "дд" + letter + "д")
            let alone = fonts._resolved(for: " " + letter)
            let name = "U+\(String(value, radix: 16))"
            #expect(inRun === alone, "\(name)")
            if first.hasGlyph(value) {
                #expect(inRun === fonts, "\(name)")
            } else {
                lacking += 1
                #expect(inRun.faces.count == fonts.faces.count + 1, "\(name)")
                #expect(inRun.faces.last?.hasGlyph(value) == true, "\(name)")
            }
        }
        #expect(lacking == 0x80 - 66)
    }
}
