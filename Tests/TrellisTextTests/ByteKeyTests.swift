// The prepared-text cache hashes whole texts with `_ByteKey.hash(_:tag:)`,
// a loop of its own for speed; it must give the value a key of the same
// bytes has, for every length and alignment of the bytes.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct ByteKeyTests {
    @Test func wholeTextHashEqualsTheKeyHash() {
        var random = SeededGenerator(seed: 42)
        let bytes = (0..<96).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes.withUnsafeBytes { all in
            for start in 0..<8 {
                for length in 0...(all.count - start) {
                    let part = UnsafeRawBufferPointer(rebasing: all[start..<(start + length)])
                    for tag: UInt32 in [0, 7, 0xFFFF_FFFF] {
                        #expect(
                            _ByteKey.hash(part, tag: tag)
                                == _ByteKey(part, 0..<length, tag: tag).hash,
                            "start \(start), length \(length), tag \(tag)")
                    }
                }
            }
        }
    }

    @Test func hashesDependOnEveryByte() {
        var bytes = [UInt8](repeating: 0x61, count: 41)
        var seen = Set<UInt64>()
        for index in bytes.indices {
            bytes[index] = 0x62
            _ = bytes.withUnsafeBytes { seen.insert(_ByteKey.hash($0, tag: 1)) }
            bytes[index] = 0x61
        }
        #expect(seen.count == bytes.count)
    }
}
