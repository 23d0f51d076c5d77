// The shared word cache read without its locks (`_SharedWordView`,
// WordWidthCache+SharedView.swift; `_ByteKeyTable.publish`): threads that
// insert random keys while others read them must find each key absent or
// with the value inserted for it (a single-threaded table's), never part
// of an entry, and, while no shard is emptied, once found always.
import Dispatch
import Foundation
import Synchronization
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct WordCacheConcurrencyTests {
    /// A value with every field set and distinct per key, so a reader that
    /// saw the key before the rest of its entry sees another value.
    static func value(_ index: Int) -> _PieceMeasure {
        _PieceMeasure(
            wordEm: Double(index) / 7 + 1, spaceEm: Double(index) / 3 + 2,
            wordClusters: Int32(index) + 3, spaceClusters: Int32(index) + 4,
            fontMask: UInt32(truncatingIfNeeded: index) | 1, missingGlyphs: Int32(index) + 5)
    }

    /// Counts of what the threads saw.
    final class Tally: Sendable {
        let wrong = Atomic<Int>(0)
        let lost = Atomic<Int>(0)
        let found = Atomic<Int>(0)
    }

    /// Runs each body on a thread of its own, all at once, and waits for them.
    static func runTogether(_ bodies: [@Sendable () -> Void]) {
        let group = DispatchGroup()
        for body in bodies {
            group.enter()
            let thread = Thread {
                body()
                group.leave()
            }
            thread.start()
        }
        group.wait()
    }

    /// Keys of 1 to 40 bytes (from 17 on, their tails are in the arena).
    static func keys(_ count: Int, seed: UInt64) -> (bytes: [UInt8], ranges: [Range<Int>]) {
        var generator = SeededGenerator(seed: seed)
        return ByteKeyTableTests.keys(count, &generator)
    }

    /// One thread inserts keys in order while two others wait for each in
    /// turn, reading it again and again until it appears (where a
    /// publication that let the key be seen before its value would show:
    /// the writer adds each key only once both readers are reading it),
    /// and then read an earlier one, which must still be there. Then every
    /// key is read on one thread, through a new view and under the locks.
    @Test func readersFindEachKeyWithItsValueAsSoonAsItIsThere() {
        let (bytes, ranges) = Self.keys(6000, seed: 34)
        let cache = _WordWidthCache(capacity: 1 << 18)
        let tally = Tally()
        let inserted = Atomic<Int>(0)
        // Readers waiting for a key: 2 × (index + 1) once both wait for key `index`.
        let arrived = Atomic<Int>(0)
        let writer: @Sendable () -> Void = {
            bytes.withUnsafeBytes { text in
                for index in ranges.indices {
                    while arrived.load(ordering: .acquiring) < 2 * (index + 1) { sched_yield() }
                    cache.insert(Self.value(index), for: _ByteKey(text, ranges[index], tag: 7))
                    inserted.store(index + 1, ordering: .releasing)
                }
            }
        }
        let reader: @Sendable (UInt64) -> Void = { seed in
            var generator = SeededGenerator(seed: seed)
            let view = _SharedWordView()
            bytes.withUnsafeBytes { text in
                for index in ranges.indices {
                    let key = _ByteKey(text, ranges[index], tag: 7)
                    arrived.add(1, ordering: .releasing)
                    var spins = 0
                    var seen = view.value(for: key, in: cache)
                    while seen == nil {
                        // Found by now, or never.
                        if inserted.load(ordering: .acquiring) > index {
                            seen = view.value(for: key, in: cache)
                            if seen == nil { tally.lost.add(1, ordering: .relaxed) }
                            break
                        }
                        spins += 1
                        if spins % 64 == 0 { sched_yield() }
                        seen = view.value(for: key, in: cache)
                    }
                    guard let seen else { continue }
                    tally.found.add(1, ordering: .relaxed)
                    if seen != Self.value(index) { tally.wrong.add(1, ordering: .relaxed) }
                    let earlier = Int.random(in: 0...index, using: &generator)
                    let again = view.value(for: _ByteKey(text, ranges[earlier], tag: 7), in: cache)
                    if again == nil { tally.lost.add(1, ordering: .relaxed) }
                    if let again, again != Self.value(earlier) {
                        tally.wrong.add(1, ordering: .relaxed)
                    }
                }
            }
        }
        Self.runTogether([writer, { reader(1) }, { reader(2) }])
        #expect(tally.wrong.load(ordering: .relaxed) == 0)
        #expect(tally.lost.load(ordering: .relaxed) == 0)
        #expect(tally.found.load(ordering: .relaxed) == 2 * ranges.count)
        // On one thread, through a new view and under the locks: every key,
        // as a table filled on one thread has it.
        var reference = _ByteKeyTable(maximumCount: 1 << 20)
        let view = _SharedWordView()
        bytes.withUnsafeBytes { text in
            for index in ranges.indices {
                reference.insert(Self.value(index), for: _ByteKey(text, ranges[index], tag: 7))
            }
            var differing = 0
            for index in ranges.indices {
                let key = _ByteKey(text, ranges[index], tag: 7)
                let expected = reference.value(for: key)
                if view.value(for: key, in: cache) != expected || cache.value(for: key) != expected
                {
                    differing += 1
                }
            }
            #expect(differing == 0)
            // Another tag is another key.
            #expect(view.value(for: _ByteKey(text, ranges[0], tag: 8), in: cache) == nil)
        }
        #expect(cache.count == ranges.count)
    }

    /// Threads that each insert the keys they do not find and read the
    /// others, in orders of their own, in a cache so small that its shards
    /// are emptied again and again (views keep reading the slots and
    /// arenas they hold): a key is absent or has its value.
    @Test func keysAreAbsentOrRightWhileShardsAreEmptied() {
        let (bytes, ranges) = Self.keys(3000, seed: 38)
        // 64 entries a shard.
        let cache = _WordWidthCache(capacity: 16 * 64)
        let tally = Tally()
        let worker: @Sendable (UInt64) -> Void = { seed in
            var generator = SeededGenerator(seed: seed)
            let view = _SharedWordView()
            bytes.withUnsafeBytes { text in
                for _ in 0..<4 {
                    for index in ranges.indices.shuffled(using: &generator) {
                        let key = _ByteKey(text, ranges[index], tag: 3)
                        if let seen = view.value(for: key, in: cache) {
                            tally.found.add(1, ordering: .relaxed)
                            if seen != Self.value(index) { tally.wrong.add(1, ordering: .relaxed) }
                        } else {
                            cache.insert(Self.value(index), for: key)
                        }
                    }
                }
            }
        }
        Self.runTogether([{ worker(1) }, { worker(2) }, { worker(3) }])
        #expect(tally.wrong.load(ordering: .relaxed) == 0)
        #expect(tally.found.load(ordering: .relaxed) > 0)
        #expect(cache.count <= 16 * 64)
    }

    /// A view sees what was added after it last looked, on the same
    /// thread: growing a shard moves the cache's layout version, and the
    /// next look-up takes the new slots.
    @Test func aViewFollowsTheCacheAsItGrowsAndEmpties() {
        let (bytes, ranges) = Self.keys(2000, seed: 47)
        let cache = _WordWidthCache(capacity: 1 << 18)
        let view = _SharedWordView()
        bytes.withUnsafeBytes { text in
            for index in ranges.indices {
                let key = _ByteKey(text, ranges[index], tag: 1)
                #expect(view.value(for: key, in: cache) == nil)
                cache.insert(Self.value(index), for: key)
                if view.value(for: key, in: cache) != Self.value(index) {
                    Issue.record("key \(index) not found right after it was added")
                    return
                }
            }
            cache.removeAll()
            #expect(view.value(for: _ByteKey(text, ranges[0], tag: 1), in: cache) == nil)
            // Another cache with the same keys is read as itself.
            let other = _WordWidthCache(capacity: 1 << 18)
            #expect(view.value(for: _ByteKey(text, ranges[1], tag: 1), in: other) == nil)
        }
    }
}
