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
                let full = table.count >= table.capacity && table.slots.count >= most
                if table.count > 0 && width != table.keyWidth { held.removeAll() }
                let seed = Double(round)
                let refusal: _StackCostError? =
                    round % 5 == 0 && round >= refusalsFrom ? .conflict("row \(round)") : nil
                let before = table.count
                table.insert(
                    key, hash: hash, height: seed / 2, refusal: refusal,
                    nodes: Self.nodes(3, seed))
                // (A full table of its most places either keeps its entries,
                // the key not recorded, or starts again.)
                if full && table.count == before {
                    #expect(table.find(key, hash: hash) == nil)
                    continue
                }
                if full { held.removeAll() }
                held[key] = (seed / 2, refusal, seed)
                inserted += 1
                #expect(table.count == held.count)
            }
            // The rounds fill the table, start it again and find keys.
            #expect(inserted > table.capacity)
            #expect(table.slots.count == most)
        }
    }

    /// Looks each key of `keys` up by `replay` (which counts what it
    /// finds), recording each one missed; returns how many were found.
    static func pass(_ table: inout _HeightTable, _ keys: Range<UInt64>) -> Int {
        var found = 0
        var nodes = Self.nodes(2, 0)
        for k in keys {
            let key = [k, k &* 3]
            let hash = _HeightTable.hash(key)
            let result = nodes.withUnsafeMutableBufferPointer {
                table.replay(key, hash: hash, into: $0, places: true)
            }
            if let result {
                #expect((try? result.get()) == Double(k))
                #expect(nodes[1].y == Double(k) + 1)
                found += 1
            } else {
                table.insert(
                    key, hash: hash, height: Double(k), refusal: nil,
                    nodes: Self.nodes(2, Double(k)))
            }
        }
        return found
    }

    /// A full table of its most places, a list coming back in order to
    /// three times as many keys as it holds: the table keeps what it
    /// holds and finds it every round (one that started again whenever
    /// it was full would find none); the same table, the list then moved
    /// on to keys it never comes back to, starts again after a window of
    /// eight times its size in misses and finds a new set of keys the list
    /// comes back to.
    @Test func aFullTableKeepsItsEntriesWhileTheyServe() {
        var table = _HeightTable(slotCount: 64, maxSlotCount: 256)
        let cycle: Range<UInt64> = 0..<384
        var found: [Int] = []
        for _ in 0..<4 { found.append(Self.pass(&table, cycle)) }
        #expect(found[0] == 0)
        #expect(found[1] == table.capacity, "found \(found)")
        #expect(found[3] == table.capacity, "found \(found)")
        _ = Self.pass(&table, 1000..<1400)
        let recurring: Range<UInt64> = 5000..<5100
        var again: [Int] = []
        for _ in 0..<12 { again.append(Self.pass(&table, recurring)) }
        #expect(again[11] == recurring.count, "found \(again)")
    }
}
