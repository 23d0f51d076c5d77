import Testing
import TrellisData
import TrellisTestSupport

/// `_utf8Validity`, `trellis measure`'s check of each line's text (eight
/// bytes at a time through ASCII and two-byte sequences), against the
/// standard library's `UTF8Span(validating:)`: the same bytes well-formed,
/// and the same `isKnownASCII`.
@Suite struct UTF8ValidityTests {
    /// The standard library's answer: nil when not well-formed, otherwise
    /// whether the bytes are all ASCII.
    static func expected(_ bytes: [UInt8]) -> Bool? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let span = try? UTF8Span(validating: buffer.span) else { return nil }
            return span.isKnownASCII
        }
    }

    static func validity(_ bytes: [UInt8]) -> Bool? {
        bytes.withUnsafeBufferPointer { _utf8Validity($0) }
    }

    /// A character of each length: ASCII, two bytes (Latin-1, Cyrillic,
    /// the lowest and highest), three (punctuation, ideographs, around the
    /// surrogates), four.
    static let characters: [[UInt8]] = [
        "a", " ", "Z", "\u{7F}", "\u{0}", "é", "ж", "Ё", "\u{80}", "\u{7FF}", "—", "中", "\u{800}",
        "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}",
    ].map { Array($0.utf8) }

    /// Bytes that begin, continue or spoil sequences: continuation bytes,
    /// overlong leads (C0, C1), E0 and ED (whose second byte is bounded),
    /// F0 and F4, leads past U+10FFFF.
    static let tricky: [UInt8] = [
        0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xD0, 0xD1, 0xDF, 0xE0, 0xE1, 0xEC,
        0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF,
    ]

    /// Random texts of ASCII and Cyrillic-like runs with all kinds of
    /// characters, up to 80 bytes (several blocks, sequences across their
    /// edges), then spoiled at random places with tricky bytes, cut short
    /// or with bytes dropped: every answer is the standard library's.
    @Test func randomTextsAnswerAsTheStandardLibrary() {
        var random = SeededGenerator(seed: 0x7574_6639)
        var valid = 0
        var invalid = 0
        var ascii = 0
        for _ in 0..<60_000 {
            var bytes: [UInt8] = []
            let mostly = random.below(3)
            while bytes.count < random.below(80) + 1 {
                let kind = random.below(8)
                if kind == 0 {
                    bytes += Self.characters[random.below(Self.characters.count)]
                } else if kind < 4 && mostly == 0 {
                    bytes.append(UInt8(0x61 + random.below(26)))
                } else if kind < 4 {
                    // A Cyrillic letter: D0 or D1 and a continuation byte.
                    bytes += [0xD0 | UInt8(random.below(2)), UInt8(0x80 + random.below(64))]
                } else if kind == 4 {
                    bytes.append(0x20)
                } else {
                    bytes += mostly == 1 ? Array("ü".utf8) : [UInt8(0x41 + random.below(26))]
                }
            }
            switch random.below(6) {
            case 0:
                bytes[random.below(bytes.count)] = Self.tricky[random.below(Self.tricky.count)]
            case 1:
                for _ in 0..<random.below(3) + 1 {
                    bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.below(256))
                }
            case 2: bytes.removeLast(min(bytes.count, random.below(3) + 1))
            case 3: bytes.remove(at: random.below(bytes.count))
            default: break
            }
            let answer = Self.validity(bytes)
            #expect(answer == Self.expected(bytes), "\(bytes)")
            switch answer {
            case nil: invalid += 1
            case true?: ascii += 1
            case false?: valid += 1
            }
        }
        #expect(valid > 10_000 && invalid > 10_000 && ascii > 1_000, "\(valid) \(invalid) \(ascii)")
    }

    /// Every pair of bytes at every offset of a 24-byte frame of Cyrillic
    /// letters and spaces, or of ASCII: every lead, continuation and ASCII
    /// byte at each place in a block and across blocks' edges.
    @Test func everyPairOfBytesAtEveryPlaceAnswersAsTheStandardLibrary() {
        let frames = [
            Array("ab жёлтый дом xy".utf8), Array("The quick brown fox jumps".utf8),
        ]
        for frame in frames {
            for place in 0..<(frame.count - 1) {
                for first in UInt8.min...UInt8.max {
                    for second: UInt8 in [
                        0x20, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC2, 0xD0, 0xE0,
                        0xF0,
                    ] {
                        var bytes = frame
                        bytes[place] = first
                        bytes[place + 1] = second
                        #expect(
                            Self.validity(bytes) == Self.expected(bytes),
                            "\(first) \(second) at \(place)")
                    }
                }
            }
        }
    }

    /// Empty, all ASCII of every length, and sequences cut at the end.
    @Test func edgeCases() {
        #expect(Self.validity([]) == true)
        for length in 1...40 {
            let text = Array(repeating: UInt8(0x61), count: length)
            #expect(Self.validity(text) == true)
            let cyrillic = Array(String(repeating: "ж", count: length).utf8)
            #expect(Self.validity(cyrillic) == false)
            #expect(Self.validity(Array(cyrillic.dropLast())) == nil)
            #expect(Self.validity(Array(cyrillic.dropFirst())) == nil)
        }
    }

    /// Through `stringMember`: the string made without a second
    /// validation is the standard library's, ASCII flag and all.
    @Test func theMemberStringIsTheValidatedOne() {
        var random = SeededGenerator(seed: 0x6a73_6f6e)
        for _ in 0..<20_000 {
            var value: [UInt8] = []
            for _ in 0..<random.below(24) {
                value += Self.characters[random.below(Self.characters.count)]
            }
            if random.below(4) == 0, !value.isEmpty {
                value[random.below(value.count)] = Self.tricky[random.below(Self.tricky.count)]
            }
            // No byte that ends a plain string.
            value = value.map { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C ? 0x41 : $0 }
            let line = Array("{\"subtitle\": \"".utf8) + value + Array("\"}".utf8)
            let member = line.withUnsafeBufferPointer {
                JSONDocumentParser.stringMember("subtitle", in: $0)
            }
            let expected = String(validating: value, as: UTF8.self)
            #expect(member == expected, "\(value)")
            #expect(
                member.map { $0.utf8Span.isKnownASCII }
                    == expected.map { $0.utf8Span.isKnownASCII }, "\(value)")
        }
    }
}
