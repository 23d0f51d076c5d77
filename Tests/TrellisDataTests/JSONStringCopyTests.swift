// The parser copies a string's bytes without checking them again and tells
// the copy whether they are all ASCII (JSONDocument.swift): the strings
// must be those the standard library's decoding makes, in every property a
// wrong ASCII flag would change (a string flagged ASCII counts its bytes
// as its characters, and indexes and compares them so).

import Foundation
import Testing
import TrellisData
import TrellisSupport

@Suite struct JSONStringCopyTests {
    /// Pieces of strings: ASCII of every length around the eight-byte
    /// steps, accents, combining marks, CJK, emoji (with modifiers and
    /// joiners), a flag, escapes.
    static let pieces = [
        "a", "otter", "exactly8", "seventeen bytes!!", "é", "e\u{301}", "Ж", "漢字", "🦦",
        "👍🏽", "👨\u{200D}👩\u{200D}👧", "🇫🇷", "\\n", "\\\"", "\\u00e9", "\\ud83e\\udda6", " ",
        "\u{7F}", "\u{80}", "\u{7FF}", "\u{FFFD}",
    ]

    /// The string a JSON string's source text stands for, decoded by the
    /// standard library (escapes written out by hand).
    static func reference(_ source: String) -> String {
        var result = source
        for (escape, value) in [
            ("\\n", "\n"), ("\\\"", "\""), ("\\u00e9", "é"), ("\\ud83e\\udda6", "🦦"),
        ] {
            result = result.replacingOccurrences(of: escape, with: value)
        }
        return String(decoding: Array(result.utf8), as: UTF8.self)
    }

    /// Random strings of the pieces, then each piece after 0 to 40 ASCII
    /// letters and before 0 to 3 (every place of a string's last bytes:
    /// a string over 15 bytes keeps the flag it is given, and the parser
    /// reads the bytes before the closing quote one at a time).
    static func sources() -> [String] {
        var random = SplitMix64(seed: 0x150_A5C1)
        var sources: [String] = []
        for _ in 0..<3_000 {
            var source = ""
            for _ in 0..<Int(random.next() % 12) {
                source += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            }
            sources.append(source)
        }
        for piece in Self.pieces {
            for before in 0...40 {
                for after in 0...3 {
                    sources.append(
                        String(repeating: "a", count: before) + piece
                            + String(repeating: "z", count: after))
                }
            }
        }
        return sources
    }

    @Test func parsedStringsAreTheDecodedStrings() throws {
        var nonASCII = 0
        for source in Self.sources() {
            let node = try JSONDocumentParser.parse("{\"k\": \"\(source)\", \"n\": 1}")
            guard case .object(let members, _) = node,
                case .string(let parsed, _) = members[0].value
            else {
                Issue.record("not an object with a string: \(source)")
                continue
            }
            let expected = Self.reference(source)
            #expect(parsed == expected)
            #expect(parsed.count == expected.count, "\(source.debugDescription)")
            #expect(Array(parsed.unicodeScalars) == Array(expected.unicodeScalars))
            #expect(parsed.utf8.count == expected.utf8.count)
            #expect(parsed.last == expected.last)
            #expect(parsed.hashValue == expected.hashValue)
            if parsed.utf8.contains(where: { $0 >= 0x80 }) { nonASCII += 1 }
        }
        #expect(nonASCII > 2_000)
    }
}
