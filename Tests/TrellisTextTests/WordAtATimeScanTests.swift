// The scans preparing a text runs over all its bytes read eight bytes at a
// time (`_hasByteFromD6` for right-to-left lead bytes, `_containsTab`):
// every byte value at every place of a word, and of texts of every length,
// answers as a byte-by-byte reading does.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct WordAtATimeScanTests {
    @Test func aByteFromD6IsFoundAtEveryPlaceOfAWord() {
        var random = SeededGenerator(seed: 0xD6)
        for place in 0..<8 {
            for byte in UInt8.min...UInt8.max {
                // The other bytes below 0xD6, as a Russian or Greek text's are.
                var bytes = (0..<8).map { _ in UInt8(random.below(0xD6)) }
                bytes[place] = byte
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(_hasByteFromD6(word) == (byte >= 0xD6), "byte \(byte) at \(place)")
            }
        }
    }

    @Test func tabsAndRightToLeftLeadBytesAsAByteByByteReading() {
        var random = SeededGenerator(seed: 9)
        let samples: [UInt8] = [0x09, 0x20, 0x61, 0xD0, 0xD1, 0xD5, 0xD6, 0xD7, 0xDF, 0xE2, 0x80]
        for length in 0..<40 {
            for _ in 0..<200 {
                let bytes = (0..<length).map { _ in
                    random.below(4) == 0 ? samples[random.below(samples.count)] : 0x62
                }
                bytes.withUnsafeBufferPointer { text in
                    let start = length == 0 ? 0 : random.below(length)
                    #expect(
                        _containsTab(text, start..<length) == text[start...].contains(0x09),
                        "\(bytes) from \(start)")
                    let hasLead = text.contains { $0 >= 0xD6 && $0 <= 0xDF }
                    if hasLead { #expect(_mayContainRightToLeft(text), "\(bytes)") }
                    if !text.contains(where: { $0 >= 0xD6 }) {
                        #expect(!_mayContainRightToLeft(text), "\(bytes)")
                    }
                }
            }
        }
    }
}
