// The cache files' checksum (`_DiskCache.checksum`): four lanes, then
// words and bytes on their own, folded into one sum. Every bit of every
// part counts.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct DiskCacheChecksumTests {
    /// Bytes of every length up to 75 (no lane round, one to two rounds,
    /// the words and bytes after them), every bit of each flipped in turn:
    /// the sum changes each time, and no two lengths of the same bytes
    /// share a sum.
    @Test func everyBitAndLengthChangesTheSum() {
        var generator = SeededGenerator(seed: 0x5EED)
        let bytes = (0..<75).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var sums: Set<UInt64> = []
        for length in 0...bytes.count {
            var copy = Array(bytes[0..<length])
            let sum = copy.withUnsafeBytes { _DiskCache.checksum($0) }
            #expect(sums.insert(sum).inserted, "length \(length)")
            for bit in 0..<(8 * length) {
                copy[bit / 8] ^= 1 << UInt8(bit % 8)
                let flipped = copy.withUnsafeBytes { _DiskCache.checksum($0) }
                #expect(flipped != sum, "length \(length), bit \(bit)")
                copy[bit / 8] ^= 1 << UInt8(bit % 8)
            }
        }
    }
}
