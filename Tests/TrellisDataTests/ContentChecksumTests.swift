// The files' checksum of `trellis heights`' header (ContentChecksum): the
// same bytes give the same value, every byte and the length count, and a
// buffer's tail (after its last 32-byte block) counts like the rest.
import Testing
import TrellisSupport
import TrellisTestSupport

@Suite struct ContentChecksumTests {
    static func checksum(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { ContentChecksum.of($0) }
    }

    /// Every single-bit change of buffers of 0 to 130 bytes (every length
    /// of a tail, blocks before it) and of a 64 KB one gives another value,
    /// as does every change of length by zero bytes appended.
    @Test func everyBitAndTheLengthCount() {
        var random = SeededGenerator(seed: 0x6368_6b73)
        var seen: Set<UInt64> = []
        var values = 0
        for count in Array(0...130) + [65_536] {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let base = Self.checksum(bytes)
            #expect(Self.checksum(bytes) == base)
            seen.insert(base)
            values += 1
            #expect(Self.checksum(bytes + [0]) != base, "\(count) bytes and a zero")
            let positions =
                count <= 130 ? Array(0..<count) : (0..<200).map { _ in random.below(count) }
            for position in positions {
                for bit in 0..<8 {
                    var changed = bytes
                    changed[position] ^= 1 << bit
                    let value = Self.checksum(changed)
                    #expect(value != base, "\(count) bytes, byte \(position) bit \(bit)")
                    seen.insert(value)
                    values += 1
                }
            }
        }
        // No two of the ~80,000 values alike (a 64-bit value, well mixed).
        #expect(seen.count == values)
    }

    /// The checksum of all zeros of each length differs (the length is
    /// mixed in), and its hexadecimal form is 16 digits.
    @Test func zerosOfEveryLengthDiffer() {
        let values = (0..<300).map { Self.checksum([UInt8](repeating: 0, count: $0)) }
        #expect(Set(values).count == values.count)
        let hex = [UInt8](repeating: 0, count: 5).withUnsafeBytes { ContentChecksum.hex($0) }
        #expect(hex.count == 16 && hex.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }
}
