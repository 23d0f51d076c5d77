// The table of a shape's heights-pass results by key (`_HeightTable`)
// against a dictionary of the same entries: every key found is the one
// inserted, word for word, with its height, places and refusal, and a key
// never inserted (or dropped when the table started again) is not found,
// in tables small enough that most keys share a place (so probes run
// through other keys), in one that grows while full (its keys placed
// again), and with hashes forced to collide.

import Testing
import TrellisSupport

@testable import TrellisViews

@Suite struct DirectHeightTableTests {
    /// Nodes whose ys and heights are `seed`'s.
    static func nodes(_ count: Int, _ seed: Double) -> [_DirectNode] {
        var node = _DirectNode(kind: .fixed, isHidden: false, parent: -1)
        return (0..<count).map { k in
            node.y = seed + Double(k)
            node.height = seed * 2 - Double(k)
            return node
        }
    }

    /// Inserts random keys (a few words, often differing in one bit only)
    /// into tables of 8 to 64 places (one growing from 8 to 64), hashed or
    /// all alike, and checks every look-up against a dictionary of what
    /// the table holds. Refusals come from the first round, or only once
    /// the table has grown (its refusals kept only from the first).
    @Test(arguments: [false, true])
    func everyKeyFoundIsTheOneInsertedWithItsResult(collide: Bool) {
        var random = SplitMix64(seed: collide ? 0x7AB1E : 0x7AB1F)
        for (slotCount, most, refusalsFrom) in [
            (8, 8, 0), (16, 16, 0), (64, 64, 0), (8, 64, 0), (8, 64, 23), (64, 64, 45),
        ] {
            var table = _HeightTable(slotCount: slotCount, maxSlotCount: most)
            var held: [[UInt64]: (Double, _StackCostError?, Double)] = [:]
            var inserted = 0
            for round in 0..<400 {
                let width = round < 300 ? 3 : 4  // then keys of another width
                var key = (0..<width).map { _ in random.next() % 4 }
                if random.next() % 3 == 0 { key[0] ^= 1 << 63 }
                let hash = collide ? 7 : _HeightTable.hash(key)
                if let entry = table.find(key, hash: hash) {
                    guard let expected = held[key] else {
                        Issue.record("found \(key), never inserted or dropped")
                        continue
                    }
                    #expect(table.heights[entry] == expected.0)
                    #expect(table.refusal(entry) == expected.1)
                    #expect(table.place(entry, 2).y == expected.2 + 2)
                    #expect(table.place(entry, 2).height == expected.2 * 2 - 2)
                    continue
                }
                #expect(held[key] == nil || table.count == 0, "\(key) inserted but not found")
                if (table.count >= table.capacity && table.slots.count >= most)
                    || (table.count > 0 && width != table.keyWidth)
                {
                    held.removeAll()
                }
                let seed = Double(round)
                let refusal: _StackCostError? =
                    round % 5 == 0 && round >= refusalsFrom ? .conflict("row \(round)") : nil
                table.insert(
                    key, hash: hash, height: seed / 2, refusal: refusal,
                    nodes: Self.nodes(3, seed))
                held[key] = (seed / 2, refusal, seed)
                inserted += 1
                #expect(table.count == held.count)
            }
            // The rounds fill the table, start it again and find keys.
            #expect(inserted > table.capacity)
            #expect(table.slots.count == most)
        }
    }
}
