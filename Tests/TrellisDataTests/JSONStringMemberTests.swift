import Testing
import TrellisData
import TrellisTestSupport

/// `JSONDocumentParser.stringMember(_:in:)`, `trellis measure`'s reader of
/// `{"subtitle": "…"}` lines, against the full parser (the reference: its
/// own differential test compares it with Foundation's `JSONSerialization`).
@Suite struct JSONStringMemberTests {
    static func member(_ line: String, _ key: String = "subtitle") -> String? {
        Array(line.utf8).withUnsafeBufferPointer { JSONDocumentParser.stringMember(key, in: $0) }
    }

    /// What the full parser reads: the string of `key` when the line is an
    /// object with that one member and a string value; nil otherwise.
    static func parsed(_ bytes: [UInt8], _ key: String = "subtitle") -> String? {
        guard let text = String(validating: bytes, as: UTF8.self),
            let node = try? JSONDocumentParser.parse(text),
            case .object(let members, _) = node, members.count == 1,
            case .string(let value, _)? = node[key]
        else { return nil }
        return value
    }

    @Test func theLinesOfTheSpeedFilesAreAnswered() {
        let lines = [
            "{\"subtitle\": \"Глупость не только позволяет нам ошибаться.\"}",
            "{\"subtitle\": \"行以告。夫子怃然曰：“鸟兽不可与同群”\"}",
            "{\"subtitle\": \"Für: 4 Gedecke\"}",
            "  {\t\"subtitle\" :\r\"x\"\n}  ",
            "{\"subtitle\":\"\"}",
            // Escapes of one character, as a third of the English rows have them.
            "{\"subtitle\": \"He said \\\"no\\\".\"}",
            "{\"subtitle\": \"\\\\ \\/ \\b\\f\\n\\r\\t end\"}",
            "{\"subtitle\": \"Für \\\"Größe\\\" 说\"}",
            "{\"subtitle\": \"\\\"\"}",
            // As Python's `json.dumps` writes them: every non-ASCII
            // character a `\u` escape, past U+FFFF a surrogate pair.
            "{\"subtitle\": \"\\u884c\\u4ee5\\u544a\\u3002\"}",
            "{\"subtitle\": \"a\\u00e9\\u00E9 \\ud83d\\udc4d\\uD83C\\uDFFD!\"}",
            "{\"subtitle\": \"\\u0000\\u001f\\u0041\\u2028\\uffff\\u0022\"}",
        ]
        for line in lines {
            #expect(Self.member(line) != nil, "\(line)")
            #expect(Self.member(line) == Self.parsed(Array(line.utf8)), "\(line)")
        }
        #expect(Self.member("{\"subtitle\": \"He said \\\"no\\\".\"}") == "He said \"no\".")
        #expect(Self.member("{\"subtitle\": \"a\\/b\\tc\\\\\"}") == "a/b\tc\\")
    }

    @Test func everyOtherLineIsLeftToTheParser() {
        let lines = [
            "{\"subtitle\": \"a\\ud83d\"}",  // a high surrogate alone
            "{\"subtitle\": \"a\\ud83d\\u0041\"}",  // a high surrogate, no low one after
            "{\"subtitle\": \"a\\ud83d\\ud83d\"}",  // two high surrogates
            "{\"subtitle\": \"a\\ud83dx\\udc4d\"}",  // the pair split
            "{\"subtitle\": \"a\\udc4d\"}",  // a low surrogate alone
            "{\"subtitle\": \"a\\u00e\"}",  // three hex digits
            "{\"subtitle\": \"a\\u00g9\"}",  // not a hex digit
            "{\"subtitle\": \"a\\ud83d\\udc4",  // the line ends in the pair
            "{\"subtitle\": \"a\\qb\"}",  // not an escape
            "{\"subtitle\": \"a\\\"b\tc\"}",  // a control character after an escape
            "{\"subtitle\": \"a\\\"b\"",  // unclosed after an escape
            "{\"subtitle\": \"a\\",  // the line ends in an escape
            "{\"subtitle\": \"tab\there\"}",  // a raw control character
            "{\"subtitle\": \"x\", \"title\": \"y\"}",  // two members
            "{\"title\": \"y\"}",  // another key
            "{\"subtitl\": \"y\"}",  // the key's start
            "{\"subtitles\": \"y\"}",  // the key and more
            "{\"subtitlf\": \"y\"}",  // the key but its last byte
            "{\"subtitle\": 3}",  // not a string
            "{\"subtitle\": \"x\"} x",  // text after the object
            "{\"subtitle\": \"x\"",  // unclosed
            "[\"subtitle\", \"x\"]",
            "{\"sub\\u0074itle\": \"x\"}",  // the key escaped
            "\u{FEFF}{\"subtitle\": \"x\"}",  // a byte-order mark
            "",
        ]
        for line in lines {
            #expect(Self.member(line) == nil, "\(line)")
        }
        // Invalid UTF-8 inside the value.
        var bytes = Array("{\"subtitle\": \"ab\"}".utf8)
        bytes[15] = 0xFF
        #expect(
            bytes.withUnsafeBufferPointer { JSONDocumentParser.stringMember("subtitle", in: $0) }
                == nil)
        // The key must be the field asked for.
        #expect(Self.member("{\"title\": \"y\"}", "title") == "y")
    }

    /// Random lines of JSON tokens: every answer is the parser's.
    @Test func randomLinesAnswerAsTheParserReads() {
        var random = SeededGenerator(seed: 0x6d65_6d62)
        let pieces = [
            "{", "}", "\"", ":", ",", " ", "\t", "\r", "\\", "\\\"", "\\n", "\"subtitle\"", "Fox",
            "é", "你好", "👍🏽", "\u{1}", "\u{7F}", "\u{2028}", "1", "null", "\\u00e9",
            "\\u597D", "\\ud83d", "\\udc4d", "\\uD83D\\uDC4D", "\\u0000", "\\u00", "\\u",
        ]
        var answered = 0
        for index in 0..<20_000 {
            var line = random.below(2) == 0 ? "{\"subtitle\": \"" : ""
            for _ in 0..<random.below(8) { line += pieces[random.below(pieces.count)] }
            if random.below(2) == 0 { line += "\"}" }
            let bytes = Array(line.utf8)
            let fast = bytes.withUnsafeBufferPointer {
                JSONDocumentParser.stringMember("subtitle", in: $0)
            }
            guard let fast else { continue }
            answered += 1
            #expect(fast == Self.parsed(bytes), "line \(index): \(line.debugDescription)")
        }
        #expect(answered > 1000, "answered \(answered)")
    }

    /// Every byte value at every place of a long value (the reader skips
    /// eight bytes at a time while none of them ends a plain string): a
    /// quote, backslash or control byte missed in a skipped word would give
    /// an answer the parser does not. Here every line the parser reads is
    /// answered, and alike.
    @Test func everyByteAtEveryPlaceOfALongValueAnswersAsTheParserReads() {
        let prefix = Array("{\"subtitle\": \"".utf8)
        let plain = Array("The quick brown fox jumps over".utf8)
        for place in plain.indices {
            for byte in UInt8.min...UInt8.max {
                var value = plain
                value[place] = byte
                let bytes = prefix + value + Array("\"}".utf8)
                let fast = bytes.withUnsafeBufferPointer {
                    JSONDocumentParser.stringMember("subtitle", in: $0)
                }
                #expect(fast == Self.parsed(bytes), "byte \(byte) at \(place)")
                if byte >= 0x20 && byte < 0x80 && byte != 0x22 && byte != 0x5C {
                    #expect(fast != nil, "byte \(byte) at \(place)")
                }
            }
        }
    }

    /// Random texts written with every scalar past ASCII as a `\u`
    /// escape (a surrogate pair past U+FFFF), as Python's `json.dumps`
    /// writes by default: each line is answered, with the text itself.
    @Test func everyScalarEscapedIsAnsweredAsTheText() {
        var random = SeededGenerator(seed: 0x5c75_3030)
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x00...0x1F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF,
            0x10000...0x10FFFF,
        ]
        for index in 0..<5_000 {
            var text = ""
            var line = "{\"subtitle\": \""
            for _ in 0..<random.below(10) {
                let range = ranges[random.below(ranges.count)]
                let span = Int(range.upperBound - range.lowerBound) + 1
                let code = range.lowerBound + UInt32(random.below(span))
                let scalar = Unicode.Scalar(code)!
                text.unicodeScalars.append(scalar)
                if code == 0x22 || code == 0x5C {
                    line += "\\" + String(scalar)
                } else if code >= 0x20 && code < 0x7F {
                    line.unicodeScalars.append(scalar)
                } else {
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16)
                        let digits = String(repeating: "0", count: 4 - hex.count) + hex
                        line += "\\u" + (random.below(2) == 0 ? digits : digits.uppercased())
                    }
                }
            }
            line += "\"}"
            let fast = Self.member(line)
            #expect(fast == text, "line \(index): \(line)")
            #expect(fast == Self.parsed(Array(line.utf8)), "line \(index): \(line)")
        }
    }

    /// Random bytes in the value, plain or after an escape, drawn mostly
    /// from those that begin, continue or spoil UTF-8 sequences (overlong
    /// forms, surrogates, code points past U+10FFFF, sequences cut short):
    /// the value is answered exactly when it is valid UTF-8, as the string
    /// `String(validating:as:)` makes of it.
    @Test func randomBytesInTheValueAnswerAsValidating() {
        var random = SeededGenerator(seed: 0x7574_6638)
        let tricky: [UInt8] = [
            0x41, 0x7E, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
            0xE4, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF,
        ]
        var answered = 0
        for _ in 0..<50_000 {
            var value: [UInt8] = []
            for _ in 0..<random.below(12) {
                value.append(
                    random.below(4) == 0
                        ? UInt8(0x20 + random.below(0x60)) : tricky[random.below(tricky.count)])
            }
            // No byte that ends a plain string: those are the parser's business.
            value = value.map { $0 == 0x22 || $0 == 0x5C ? 0x41 : $0 }
            let escaped = random.below(3) == 0
            let line =
                Array("{\"subtitle\": \"".utf8) + (escaped ? Array("\\n".utf8) : [])
                + value + Array("\"}".utf8)
            let fast = line.withUnsafeBufferPointer {
                JSONDocumentParser.stringMember("subtitle", in: $0)
            }
            let expected = String(validating: (escaped ? [0x0A] : []) + value, as: UTF8.self)
            #expect(fast == expected, "\(value)")
            if fast != nil { answered += 1 }
        }
        #expect(answered > 1_000 && answered < 49_000, "answered \(answered)")
    }
}
