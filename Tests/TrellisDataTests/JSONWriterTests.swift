// The one JSON writer, read back by Foundation's JSONSerialization (a
// reader someone else wrote, RFC 8259): strings, numbers and the four
// layouts.

import Foundation
import Testing
import TrellisData
import TrellisTestSupport

@Suite struct JSONWriterTests {
    /// Reads `text` with Foundation (fragments allowed).
    static func foundation(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test func everyStringReadsBackTheSame() throws {
        var generator = SeededGenerator(seed: 0x7772_6974)
        // Every control character, quotes, backslashes, the JavaScript line
        // ends, and scalars of every UTF-8 length.
        var pool: [Unicode.Scalar] = (0..<0x20).map { Unicode.Scalar($0)! }
        pool += ["\"", "\\", "/", "a", "é", "\u{2028}", "\u{2029}", "漢", "😀", "\u{7F}"]
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                text.append(pool.randomElement(using: &generator)!)
            }
            let string = String(text)
            let written = JSON.quoted(string)
            #expect(try Self.foundation(written) as? String == string, "\(written)")
            // One line, whatever the string holds.
            #expect(!written.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x2028 })
        }
        #expect(JSON.quoted("a\"b\\\n\u{1}\u{2028}") == #""a\"b\\\n\u0001\u2028""#)
    }

    @Test(arguments: [
        (0.0, "0"), (-3, "-3"), (12, "12"), (1.5, "1.5"), (0.1, "0.1"), (1e21, "1e+21"),
        (123_456_789_012_345, "123456789012345"), (-0.000_001, "-1e-06"),
    ])
    func numbersAreWholeOrShortest(value: Double, text: String) throws {
        #expect(JSON.numberText(value) == text)
        #expect(JSON.exact(value).serialized() == text)
        #expect((try Self.foundation(text) as? NSNumber)?.doubleValue == value)
    }

    @Test func measurementsAreWrittenToThousandthsAndNonFiniteAsNull() {
        #expect(JSON.number(44.333_333).serialized() == "44.333")
        #expect(JSON.number(2.999_9).serialized() == "3")
        #expect(JSON.number(.nan).serialized() == "null")
        #expect(JSON.exact(-.infinity).serialized() == "null")
        #expect(JSON.exact(44.333_333).serialized() == "44.333333")
    }

    static let value = JSON.object([
        ("name", .string("cell")), ("frame", .array([.number(0), .number(1.5)])),
        ("children", .array([])), ("tags", .array([.bool(true), .null, .integer(7)])),
    ])

    @Test func layouts() throws {
        #expect(
            Self.value.serialized(.compact)
                == #"{"name":"cell","frame":[0,1.5],"children":[],"tags":[true,null,7]}"#)
        #expect(Self.value.serialized(pretty: false) == Self.value.serialized(.compact))
        #expect(
            Self.value.serialized(.line)
                == #"{"name": "cell", "frame": [0, 1.5], "children": [], "tags": [true, null, 7]}"#)
        #expect(
            Self.value.serialized(.pretty) == """
                {
                  "name": "cell",
                  "frame": [
                    0,
                    1.5
                  ],
                  "children": [],
                  "tags": [
                    true,
                    null,
                    7
                  ]
                }
                """)
        #expect(
            Self.value.serialized(.prettyNumberArrays) == """
                {
                  "name": "cell",
                  "frame": [0, 1.5],
                  "children": [],
                  "tags": [
                    true,
                    null,
                    7
                  ]
                }
                """)
        for style in [JSON.Style.pretty, .prettyNumberArrays, .compact, .line] {
            let read = try #require(
                try Self.foundation(Self.value.serialized(style)) as? [String: Any])
            #expect(read["name"] as? String == "cell")
            #expect((read["frame"] as? [NSNumber])?.map(\.doubleValue) == [0, 1.5])
        }
    }

    @Test func aDataRowIsWrittenWithSortedKeysAndExactNumbers() {
        let row: JSONValue = .object([
            "b": .number(0.123_456), "a": .array([.string("x"), .null]), "c": .object([:]),
        ])
        #expect(JSON(row).serialized(.line) == #"{"a": ["x", null], "b": 0.123456, "c": {}}"#)
    }
}
