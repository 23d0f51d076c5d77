// Room made ahead in the word cache (`_ByteKeyTable.reserve`,
// `TextMeasurer._reserveWordCache`): a table given room for entries before
// or while it fills holds and finds what one that grew holds, in the slot
// array growing would have reached, and measurements do not change.
import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisText

@Suite struct ByteKeyTableReserveTests {
    /// The slot count of a table that grew to `count` entries.
    static func grownSlots(_ count: Int) -> Int {
        var slots = 64
        while !_ByteKeyTable.holds(count, slots: slots) { slots *= 2 }
        return slots
    }

    @Test func aTableGivenRoomFindsEveryKeyAsOneThatGrew() {
        var generator = SeededGenerator(seed: 3_837)
        let (bytes, ranges) = ByteKeyTableTests.keys(7_000, &generator)
        bytes.withUnsafeBytes { text in
            func key(_ index: Int) -> _ByteKey { _ByteKey(text, ranges[index], tag: 2) }
            for trial in 0..<24 {
                let total = Int.random(in: 1...6_000, using: &generator)
                let before = Int.random(in: 0...total, using: &generator)
                let room = Int.random(in: 0...7_000, using: &generator)
                // A small maximum empties the table now and then.
                let maximum =
                    trial % 4 == 0 ? Int.random(in: 16...3_000, using: &generator) : 1 << 20
                var grown = _ByteKeyTable(maximumCount: maximum)
                var reserved = _ByteKeyTable(maximumCount: maximum)
                for index in 0..<total {
                    if index == before {
                        let slots = ByteKeyTableTests.slots(reserved)
                        let madeNew = reserved.reserve(room)
                        let expected = max(slots, Self.grownSlots(min(room, maximum)))
                        #expect(ByteKeyTableTests.slots(reserved) == expected)
                        #expect(madeNew == (expected > slots))
                    }
                    grown.insert(ByteKeyTableTests.value(index), for: key(index))
                    reserved.insert(ByteKeyTableTests.value(index), for: key(index))
                    #expect(grown.count == reserved.count)
                }
                // Each key is found with the same value, or absent, in both.
                for index in 0..<ranges.count
                where grown.value(for: key(index)) != reserved.value(for: key(index)) {
                    Issue.record("trial \(trial): key \(index) differs")
                    return
                }
                if before < total && reserved.count == total {
                    #expect(
                        ByteKeyTableTests.slots(reserved)
                            == max(Self.grownSlots(total), Self.grownSlots(min(room, maximum))))
                }
            }
        }
    }
}

@Suite struct WordCacheReserveTests {
    /// Texts of random words measured by a measurer whose word cache was
    /// given room for 40,000 pieces (after a third of them, so that its
    /// entries are placed again) and by one whose cache grows: the same
    /// line counts and sizes.
    @Test func measurementsAreTheSameWithRoomMadeAhead() throws {
        let grown = TextMeasurer(preparedTextCapacity: 0)
        let reserved = TextMeasurer(preparedTextCapacity: 0)
        let style = TextStyle(
            fonts: try FontCollection.bundled("Inter", weight: .regular), size: 17)
        var generator = SeededGenerator(seed: 3_838)
        let letters = Array("abcdefghijklmnopqrstuvwxyzäöüßабвгдежз AT,.-")
        for trial in 0..<600 {
            if trial == 200 { reserved._reserveWordCache(pieces: 40_000) }
            let length = Int.random(in: 1...160, using: &generator)
            let text = String((0..<length).map { _ in letters.randomElement(using: &generator)! })
            let width = Double.random(in: 40...400, using: &generator)
            let a = try grown._lineCountAndSize(text, style: style, width: width, numberOfLines: 0)
            let b = try reserved._lineCountAndSize(
                text, style: style, width: width, numberOfLines: 0)
            #expect(a.lineCount == b.lineCount && a.size == b.size, "trial \(trial): \(text)")
        }
        #expect(grown.cachedWordCount == reserved.cachedWordCount)
    }
}
