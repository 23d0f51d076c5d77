// The word cache's open-addressing table (`_ByteKeyTable`, WordWidthCache.swift):
// every key put in must be found with its value, and no other, while the
// table doubles past half full when small and past three quarters from
// `denseSlots` slots on.
import Testing
import TrellisTestSupport

@testable import TrellisText

struct ByteKeyTableTests {
    /// `count` distinct random keys of 1 to 40 bytes (the longer ones keep
    /// their tails in the table's arena), side by side in one buffer.
    static func keys(_ count: Int, _ generator: inout SeededGenerator) -> (
        bytes: [UInt8], ranges: [Range<Int>]
    ) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        var seen = Set<[UInt8]>()
        while ranges.count < count {
            let length = Int.random(in: 1...40, using: &generator)
            let key = (0..<length).map { _ in UInt8.random(in: 0x61...0x66, using: &generator) }
            guard seen.insert(key).inserted else { continue }
            ranges.append(bytes.count..<(bytes.count + length))
            bytes += key
        }
        return (bytes, ranges)
    }

    /// A value that tells keys apart.
    static func value(_ index: Int) -> _PieceMeasure {
        _PieceMeasure(wordEm: Double(index) / 7, wordClusters: Int32(index))
    }

    /// The table's slot count (from its hint's low bits).
    static func slots(_ table: _ByteKeyTable) -> Int { 1 << Int(table.slotsHint & 63) }

    @Test func everyKeyIsFoundWithItsValueAsTheTableGrows() {
        var generator = SeededGenerator(seed: 38)
        let dense = _ByteKeyTable.denseSlots
        // Past three quarters of `denseSlots` (where it must double once
        // more), and absent keys to look for.
        let (bytes, ranges) = Self.keys(dense * 3 / 4 + 200 + 500, &generator)
        let stored = ranges.count - 500
        var table = _ByteKeyTable(maximumCount: 1 << 20)
        bytes.withUnsafeBytes { text in
            func key(_ index: Int) -> _ByteKey { _ByteKey(text, ranges[index], tag: 5) }
            for index in 0..<stored {
                table.insert(Self.value(index), for: key(index))
                // Inserting again keeps the first value.
                table.insert(Self.value(index + 1), for: key(index))
                let count = index + 1
                #expect(table.count == count)
                // Smaller tables at most half full; from `denseSlots` on, at
                // most three quarters, and doubled only past that.
                let slots = Self.slots(table)
                let expected =
                    count * 2 <= dense
                    ? max(64, (count * 2).nextPowerOfTwo)
                    : count * 4 <= dense * 3 ? dense : dense * 2
                if slots != expected {
                    Issue.record("\(count) entries in \(slots) slots, expected \(expected)")
                    return
                }
                // Every key so far is found, every tenth step.
                guard count % 10 == 0 || count == stored else { continue }
                for earlier in 0..<count where table.value(for: key(earlier)) != Self.value(earlier)
                {
                    Issue.record("key \(earlier) of \(count) not found with its value")
                    return
                }
            }
            for index in stored..<ranges.count where table.value(for: key(index)) != nil {
                Issue.record("absent key \(index) found")
            }
            // The same bytes under another tag are another key.
            #expect(table.value(for: _ByteKey(text, ranges[0], tag: 6)) == nil)
        }
    }
}

extension Int {
    /// The least power of two at least `self` (for `self` ≥ 1).
    fileprivate var nextPowerOfTwo: Int {
        var power = 1
        while power < self { power <<= 1 }
        return power
    }
}
