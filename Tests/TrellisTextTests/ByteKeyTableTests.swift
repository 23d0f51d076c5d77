// The word cache's table takes its slot arrays zeroed from `calloc` (an
// all-zero entry is an empty slot): as it doubles from 64 slots to 16,384,
// every key put in is found with its value and no other key is.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct ByteKeyTableTests {
    @Test func zeroedBuffersAreAlignedAndZero() {
        for count in [1, 64, 4096, 1 << 16] {
            let buffer = _AlignedBuffer<(UInt64, UInt64)>(zeroedCount: count)
            #expect(UInt(bitPattern: buffer.pointer) % 64 == 0, "\(count)")
            let raw = UnsafeRawBufferPointer(
                start: buffer.pointer, count: count * MemoryLayout<(UInt64, UInt64)>.stride)
            #expect(raw.allSatisfy { $0 == 0 }, "\(count)")
        }
    }

    @Test func aGrowingTableFindsEveryKeyAndNoOther() {
        var table = _ByteKeyTable(maximumCount: 1 << 16)
        var random = SeededGenerator(seed: 7)
        let words = (0..<8000).map { index in
            "w\(index)" + String(repeating: "x", count: random.below(24))
        }
        let absent = (0..<2000).map { "absent\($0)" }
        func key(_ word: String, _ body: (_ByteKey) -> Void) {
            Array(word.utf8).withUnsafeBytes { body(_ByteKey($0, 0..<$0.count, tag: 3)) }
        }
        for (index, word) in words.enumerated() {
            key(word) { table.insert(_PieceMeasure(wordEm: Double(index) + 0.5), for: $0) }
        }
        #expect(table.count == words.count)
        for (index, word) in words.enumerated() {
            key(word) { #expect(table.value(for: $0)?.wordEm == Double(index) + 0.5, "\(word)") }
        }
        for word in absent {
            key(word) { #expect(table.value(for: $0) == nil, "\(word)") }
        }
    }
}
