import Testing
import TrellisData
import TrellisTestSupport

/// `_utf8Validity`, `trellis measure`'s check of each line's text (32
/// bytes at a time with AVX2), and `_utf8ValidityScalar` (eight bytes at a
/// time through ASCII and two-byte sequences), against the standard
/// library's `UTF8Span(validating:)`: the same bytes well-formed, and the
/// same `isKnownASCII`.
@Suite struct UTF8ValidityTests {
    /// The standard library's answer: nil when not well-formed, otherwise
    /// whether the bytes are all ASCII.
    static func expected(_ bytes: [UInt8]) -> Bool? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let span = try? UTF8Span(validating: buffer.span) else { return nil }
            return span.isKnownASCII
        }
    }

    /// `_utf8Validity`'s answer (32 bytes at a time where the processor
    /// has AVX2), checked to be the scalar check's too.
    static func validity(
        _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool? {
        let answer = bytes.withUnsafeBufferPointer { _utf8Validity($0) }
        let scalar = bytes.withUnsafeBufferPointer { _utf8ValidityScalar($0) }
        #expect(answer == scalar, "\(bytes)", sourceLocation: sourceLocation)
        return answer
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

    /// Random texts of up to 300 bytes (up to ten 32-byte blocks) of
    /// Chinese, Cyrillic, ASCII and characters of every length, runs of one
    /// kind or mixed, spoiled as above: sequences begin and end on every
    /// side of the blocks' edges, and ASCII blocks follow others.
    @Test func longTextsAnswerAsTheStandardLibrary() {
        var random = SeededGenerator(seed: 0x626c_6f63)
        var answers: [Bool?: Int] = [:]
        for _ in 0..<30_000 {
            var bytes: [UInt8] = []
            let target = random.below(300) + 1
            let mostly = random.below(4)
            while bytes.count < target {
                switch random.below(mostly == 3 ? 2 : 6) {
                case 0: bytes += Self.characters[random.below(Self.characters.count)]
                case 1:
                    // An ideograph: E4–E9 and two continuation bytes.
                    bytes += [
                        0xE4 + UInt8(random.below(6)), UInt8(0x80 + random.below(64)),
                        UInt8(0x80 + random.below(64)),
                    ]
                case 2 where mostly == 0:
                    bytes += [0xD0 | UInt8(random.below(2)), UInt8(0x80 + random.below(64))]
                case 3 where mostly == 1:
                    bytes += Array(repeating: 0x61, count: random.below(40))
                default: bytes.append(UInt8(0x20 + random.below(95)))
                }
            }
            switch random.below(6) {
            case 0:
                bytes[random.below(bytes.count)] = Self.tricky[random.below(Self.tricky.count)]
            case 1: bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.below(256))
            case 2: bytes.removeLast(min(bytes.count - 1, random.below(3) + 1))
            case 3: bytes.remove(at: random.below(bytes.count))
            default: break
            }
            let answer = Self.validity(bytes)
            #expect(answer == Self.expected(bytes), "\(bytes)")
            answers[answer, default: 0] += 1
        }
        #expect(
            answers[true, default: 0] > 200 && answers[false, default: 0] > 5_000
                && answers[nil, default: 0] > 5_000, "\(answers)")
    }

    /// Every lead byte with boundary second bytes, at every place around
    /// the edge of the first 32-byte block (and its sequence cut there),
    /// in Chinese text and in ASCII: each answer is the standard library's.
    @Test func everyLeadAcrossABlocksEdgeAnswersAsTheStandardLibrary() {
        let frames = [
            Array(String(repeating: "中文", count: 12).utf8),
            Array(String(repeating: "ascii ", count: 12).utf8),
        ]
        let seconds: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xE4]
        for frame in frames {
            for place in 26..<35 {
                for lead in UInt8.min...UInt8.max {
                    for second in seconds {
                        for length in [2, 3, 4] {
                            var bytes = frame
                            bytes[place] = lead
                            bytes[place + 1] = second
                            for offset in 2..<length { bytes[place + offset] = 0x80 + 0x11 }
                            #expect(
                                Self.validity(bytes) == Self.expected(bytes),
                                "\(lead) \(second) \(length) at \(place)")
                            let cut = Array(bytes[0..<(place + length - 1)])
                            #expect(Self.validity(cut) == Self.expected(cut), "\(cut)")
                        }
                    }
                }
            }
        }
    }

    /// Empty, all ASCII of every length, and sequences cut at the end.
    @Test func edgeCases() {
        #expect(Self.validity([]) == true)
        for length in 1...70 {
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
