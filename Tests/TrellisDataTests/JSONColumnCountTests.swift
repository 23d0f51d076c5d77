import Testing
import TrellisData
import TrellisTestSupport

/// The reader's columns on long lines (a row of JSON Lines is one line, and
/// its columns are counted eight bytes at a time): every node's column and
/// every syntax error's column is the number of characters (Unicode
/// scalars) before it on its line, plus one, whatever the scripts before
/// it and wherever the eight-byte words fall.
@Suite struct JSONColumnCountTests {
    /// Text pieces of one to four bytes a character, and runs of them
    /// longer than a word.
    static let pieces = [
        "a", "Fox ", "é", "Ωμέγα", "日本語", "🦊", "👨‍👩‍👧", "\\n", "\\u00e9", "Привет мир",
        "x̧", "ℵ", "𝔘𝔫𝔦", "한국어", "aaaaaaaaaaaaaaaa", "ü", "\u{FEFF}", "\\\"",
    ]

    static func string(_ random: inout SeededGenerator) -> String {
        var text = "\""
        for _ in 0..<random.below(9) { text += pieces[random.below(pieces.count)] }
        return text + "\""
    }

    /// One line: an object of 1 to 40 members, values strings, numbers,
    /// literals and small arrays, with spaces of 0 to 9 between tokens.
    static func line(_ random: inout SeededGenerator) -> String {
        func space() -> String {
            String(repeating: " ", count: random.below(10) == 0 ? 9 : random.below(3))
        }
        var members: [String] = []
        for index in 0..<(1 + random.below(40)) {
            let value: String
            switch random.below(5) {
            case 0: value = String(random.below(100_000))
            case 1: value = ["true", "false", "null"][random.below(3)]
            case 2: value = "[" + space() + string(&random) + space() + "," + space() + "1]"
            default: value = string(&random)
            }
            members.append(
                space() + "\"k\(index)" + pieces[random.below(pieces.count)] + "\""
                    + space() + ":" + space() + value + space())
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    @Test func everyNodeOnALongLineIsAtItsCharacter() throws {
        var random = SeededGenerator(seed: 0x636f_6c75)
        var longest = 0
        for index in 0..<2000 {
            let text = Self.line(&random)
            longest = max(longest, text.utf8.count)
            let node = try JSONDocumentParser.parse(text)
            #expect(
                JSONReaderDifferentialTests.checkPositions(
                    node, JSONReaderDifferentialTests.lines(of: text)),
                "line \(index)")
        }
        #expect(longest > 1000)
    }

    /// A node's column counted on from the node before it, over a line
    /// that holds several lines before it ("\n" between members).
    @Test func columnsStartAgainOnEachLine() throws {
        var random = SeededGenerator(seed: 0x6c69_6e65)
        for index in 0..<500 {
            let text = (0..<(1 + random.below(4))).map { _ in Self.line(&random) }
                .joined(separator: ",\n")
            let document = "[" + text + "]"
            let node = try JSONDocumentParser.parse(document)
            #expect(
                JSONReaderDifferentialTests.checkPositions(
                    node, JSONReaderDifferentialTests.lines(of: document)),
                "document \(index)")
        }
    }

    /// A syntax error at the end of a long line (a member without its
    /// value, a stray character): its column is the characters before the
    /// offending byte, plus one.
    @Test func anErrorsColumnCountsTheCharactersBeforeIt() {
        var random = SeededGenerator(seed: 0x6572_726f)
        for index in 0..<1000 {
            let valid = Self.line(&random)
            let prefix = String(valid.dropLast())  // without the closing brace
            let damaged = prefix + [",\"x\":?", " ,}", ":"][index % 3]
            // The offending byte: "?" of the first, "}" after the comma of
            // the second, ":" where a comma or brace is expected.
            let bad =
                index % 3 == 0
                ? damaged.unicodeScalars.count - 1
                : index % 3 == 1 ? damaged.unicodeScalars.count - 1 : prefix.unicodeScalars.count
            do {
                _ = try JSONDocumentParser.parse(damaged)
                Issue.record("line \(index) was accepted: \(damaged)")
            } catch {
                #expect(error.position.line == 1)
                #expect(error.position.column == bad + 1, "line \(index): \(error)")
            }
        }
    }
}
