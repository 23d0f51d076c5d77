// The break finder for Latin, Greek, Cyrillic and Chinese text (`letterBreaks`) must
// give exactly ICU's UAX #14 opportunities (after `joinHangingWhitespace`,
// as `findBreaks` gives ICU's) on every text it takes: Unicode's
// LineBreakTest.txt, each character of its table in context, random
// strings over its alphabet, and real prose from Debian's fortunes
// packages (fortunes, fortunes-de, fortunes-ru, fortunes-zh;
// Scripts/bootstrap.sh).
import Foundation
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct LetterBreaksTests {
    /// ICU's breaks of `text` (as `findBreaks` keeps them) and the letter
    /// finder's, nil when it leaves the text to ICU.
    static func breaks(_ text: String, in workspace: _Workspace) throws -> (
        icu: [Int32], letters: [Int32]?
    ) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            let icuCount = workspace.joinHangingWhitespace(
                buffer, count: try workspace.icuBreaks(buffer))
            let icu = Array(workspace.breakOffsets[0..<icuCount])
            guard let count = workspace.letterBreaks(buffer) else { return (icu, nil) }
            #expect(workspace.breakIsHard[0..<count].allSatisfy { $0 == 0 })
            return (icu, Array(workspace.breakOffsets[0..<count]))
        }
    }

    /// Checks every text; returns how many the letter finder took.
    static func check(_ texts: some Sequence<String>) throws -> Int {
        let workspace = try _Workspace()
        var taken = 0
        var differences: [String] = []
        for text in texts {
            let (icu, letters) = try breaks(text, in: workspace)
            guard let letters else { continue }
            taken += 1
            if letters != icu && differences.count < 10 {
                differences.append("\(text.debugDescription): ICU \(icu), letters \(letters)")
            }
        }
        #expect(differences.isEmpty, "\(differences)")
        return taken
    }

    /// Every scalar the finder's table takes.
    /// (Every ideograph is ID: one in 64 of them stands for its block; the
    /// fullwidth forms of class ID are all there.)
    static let tableScalars: [UInt32] =
        (UInt32(0)..<0x530).filter { _LetterClass.of($0) != 0 }
        + (UInt32(0x2000)..<0x2040).filter { _LetterClass.of($0) != 0 }
        + (UInt32(0x2040)..<0x10000).filter {
            _LetterClass.ofWide($0) != 0
                && (_LetterClass.ofWide($0) != _LetterClass.ideographic || $0 % 64 == 0
                    || $0 >= 0xFF00)
        }

    /// The tables make every ideograph of the CJK blocks ID and give
    /// nothing in U+0530–U+1FFF a class.
    @Test func theWideTableCoversTheIdeographBlocks() {
        for value in UInt32(0x3400)...0x9FFF {
            let isIdeograph = (0x3400...0x4DBF).contains(value) || value >= 0x4E00
            #expect((_LetterClass.ofWide(value) == _LetterClass.ideographic) == isIdeograph)
        }
        #expect((UInt32(0x530)..<0x2000).allSatisfy { _LetterClass.ofWide($0) == 0 })
    }

    @Test func everyCharacterOfTheTableInContextBreaksAsICUDoes() throws {
        // Each character between and beside letters, digits, spaces,
        // brackets, quotes, hyphens and dashes: a wrong class changes a
        // break in at least one of these.
        let contexts = [
            ("a", "a"), ("", "a"), ("a", ""), ("a ", " a"), ("1", "1"), ("(", ")"), ("\"", "\""),
            ("-", "a"), ("a", "-a"), ("—", "—"), ("a\u{A0}", "\u{A0}a"), ("a.", ".a"), ("1.", "1"),
            ("«", "»"), ("a!", "!a"), ("…", "…"), ("a–", "–a"), ("中", "中"), ("「", "」"),
            ("中 ", " 中"),
            ("。", "："), ("）", "；"),
        ]
        var texts: [String] = []
        for value in Self.tableScalars {
            let scalar = String(Unicode.Scalar(value)!)
            for (before, after) in contexts {
                texts.append(before + scalar + after)
                texts.append(before + scalar + scalar + after)
            }
        }
        let taken = try Self.check(texts)
        #expect(Self.tableScalars.count > 1100)
        #expect(taken > texts.count * 9 / 10, "\(taken) of \(texts.count)")
    }

    @Test func randomStringsBreakAsICUDoes() throws {
        // Weighted towards the classes whose rules differ.
        let alphabet: [String] = [
            "a", "Z", "ж", "Ё", "é", "ß", "ω", "5", "0", " ", " ", ",", ".", ";", ":", "!", "?",
            "'", "\"", "-", "-", "–", "—", "…", "(", ")", "[", "]", "«", "»", "„", "“", "”", "‘",
            "’", "\u{A0}", "\u{202F}", "\u{2009}", "\u{301}", "\u{483}", "&", "*", "#", "©",
            "中", "国", "。", "，", "、", "《", "》", "「", "」", "（", "）", "：", "；", "！", "？",
            "─", "│", "·", "|", "‧", "→", "□", "²", "１", "９", "－", "・",
        ]
        var random = SeededGenerator(seed: 38)
        var texts: [String] = []
        for _ in 0..<40_000 {
            let length = Int.random(in: 1...16, using: &random)
            texts.append(
                (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }
                .joined())
        }
        let taken = try Self.check(texts)
        #expect(taken > 30_000, "\(taken)")
    }

    @Test func randomStringsWithSlashesAndSignsBreakAsICUDoes() throws {
        // The slash (SY), currency, plus and percent signs (PR, PO) and
        // braces next to digits, stops and letters, where LB24 and LB25
        // decide; ICU's number sequences ("a/1", "$(1") are left to it.
        let alphabet: [String] = [
            "a", "ж", "5", "0", " ", ",", ".", ":", "-", "(", ")", "\"", "中", "。", "「", "」",
            "─", "/", "/", "$", "+", "%", "\\", "{", "}", "£", "°",
        ]
        var random = SeededGenerator(seed: 25)
        var texts: [String] = []
        for _ in 0..<40_000 {
            let length = Int.random(in: 1...12, using: &random)
            texts.append(
                (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }
                .joined())
        }
        let taken = try Self.check(texts)
        #expect(taken > 12_000, "\(taken)")
    }

    /// Lines of a fortunes package's files (nil when it is not installed).
    static func fortuneLines(_ folder: String, files: [String]) -> [String]? {
        var lines: [String] = []
        for file in files {
            guard let contents = try? String(contentsOfFile: folder + file, encoding: .utf8)
            else { return nil }
            lines += contents.split(separator: "\n").map(String.init).filter { $0 != "%" }
        }
        return lines
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/usr/share/games/fortunes/ru/polit"),
            "needs Debian's fortunes, fortunes-de and fortunes-ru (Scripts/bootstrap.sh)"))
    func realProseBreaksAsICUDoes() throws {
        let root = "/usr/share/games/fortunes/"
        // Lines, and paragraphs of five lines joined by spaces, as the
        // benchmark's rows are made.
        for (folder, files, least) in [
            (root + "ru/", ["polit", "citates", "life"], 1500),
            (root + "de/", ["sprueche", "zitate", "wusstensie"], 1500),
            (root, ["people", "science", "politics"], 1500),
            (root, ["chinese", "tang300", "song100"], 1500),
        ] {
            let lines = try #require(Self.fortuneLines(folder, files: files))
            let paragraphs = stride(from: 0, to: lines.count, by: 5).map {
                lines[$0..<min($0 + 5, lines.count)].joined(separator: " ")
            }
            let taken = try Self.check(lines + paragraphs)
            #expect(taken > least, "\(folder): \(taken) of \(lines.count + paragraphs.count)")
        }
        #expect(try Self.check(Corpus.rows()) > 500)
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: lineBreakTestFile),
            "needs \(lineBreakTestFile) (Debian's unicode-data, Scripts/bootstrap.sh)"))
    func lineBreakTestCasesBreakAsICUDoes() throws {
        let cases = try breakTestCases(lineBreakTestFile)
        let workspace = try _Workspace()
        var taken = 0
        var agreeWithFile = 0
        var differFromICU: [Int] = []
        var differFromFile: [[UInt32]] = []
        for test in cases {
            let (icu, letters) = try Self.breaks(test.text, in: workspace)
            guard let letters else { continue }
            taken += 1
            if letters != icu { differFromICU.append(test.line) }
            if letters.map(Int.init).filter({ $0 > 0 }) == test.breaks {
                agreeWithFile += 1
            } else {
                differFromFile.append(test.scalars)
            }
        }
        #expect(differFromICU.isEmpty, "lines \(differFromICU.prefix(20))")
        // The file's cases the finder takes: all agree with ICU; with the
        // file, all but six: "-#" with and without a mark, where the file
        // (Unicode 15.0) breaks after the hyphen that begins the text and
        // ICU 72 does not, as Unicode 15.1's LB20a, and ",0" and "a.2 "
        // (with and without a mark, and before 本), where the file breaks
        // between IS and NU (its LB25 tailoring) and ICU 72 does not
        // (UnicodeBreakTestFileTests and docs/real-world-text.md list
        // both). One case takes "|" (BA): "cre\u{301}[er|e\u{301}(e)(s…".
        #expect(taken == 973, "\(taken)")
        #expect(agreeWithFile == 967, "\(agreeWithFile)")
        #expect(
            differFromFile == [
                [0x2D, 0x23], [0x2D, 0x308, 0x23], [0x2C, 0x30], [0x2C, 0x308, 0x30],
                [0x61, 0x2E, 0x32, 0x20], [0x61, 0x2E, 0x32, 0x20, 0x672C],
            ])
    }

    @Test func textOutsideTheTableIsLeftToICU() throws {
        let workspace = try _Workspace()
        for text in [
            "a\nb", "жук/1", "1/a", "ひらがな", "中\u{3000}", "$5", "50%", "a .5", "\u{301}a",
            "a \u{301}", "-(a",
            "שלום", "😀", "a\tb", "a\u{200B}b",
        ] {
            #expect(try Self.breaks(text, in: workspace).letters == nil, "\(text.debugDescription)")
        }
        let sample = try Self.breaks("«Жук» — (жук)… 1.5", in: workspace)
        #expect(sample.letters == [11, 15, 27, 30])
        #expect(sample.letters == sample.icu)
    }

    @Test func findBreaksTakesTheLetterFinderAndGivesICUsBreaks() throws {
        let workspace = try _Workspace()
        let text = Array("Он сказал: «Всё — (почти) хорошо…» и ушёл.".utf8)
        let (letters, icu) = try text.withUnsafeBufferPointer { buffer in
            let found = try workspace.findBreaks(buffer)
            #expect(!found.isPlain)
            let letters = Array(workspace.breakOffsets[0..<found.count])
            workspace.usesLetterBreaks = false
            let again = try workspace.findBreaks(buffer)
            return (letters, Array(workspace.breakOffsets[0..<again.count]))
        }
        #expect(letters == icu)
        #expect(letters.count == 8)
    }
}
