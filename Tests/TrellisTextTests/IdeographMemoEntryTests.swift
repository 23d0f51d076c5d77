// The collections an ideograph memo entry keeps (`_IdeographMemo.Entry`):
// asked by id (`place(in:)`) or by key (`place(keyed:)`, the run loop's),
// the answer is the kept value's place exactly when its id is the one
// asked, whatever else is kept.
import Testing
import TrellisTestSupport

@testable import TrellisText

@Suite struct IdeographMemoEntryTests {
    /// The rule written out: the first kept value (newest first) that is
    /// not −1 and whose id (value >> 5) is `collection`.
    static func expectedPlace(_ entry: _IdeographMemo.Entry, _ collection: Int32) -> Int? {
        for kept in [entry.collection, entry.previousCollection, entry.oldestCollection]
        where kept >= 0 && kept >> 5 == collection {
            return Int(kept & 31)
        }
        return nil
    }

    @Test func keptPlacesAnswerForTheirCollectionOnly() {
        var generator = SeededGenerator(seed: 0x1DE0)
        // Ids near each other, at the ends of the kept range and past it.
        let ids: [Int32] = [0, 1, 2, 31, 32, 33, 1 << 20, (1 << 26) - 2, (1 << 26) - 1]
        func kept() -> Int32 {
            Bool.random(using: &generator)
                ? -1
                : ids.randomElement(using: &generator)! << 5
                    | Int32.random(in: 0...31, using: &generator)
        }
        for _ in 0..<20_000 {
            var entry = _IdeographMemo.Entry()
            entry.keep(kept())
            entry.keep(kept())
            entry.keep(kept())
            let asked = [-1, 1 << 26, Int32.max, Int32.min] + ids
            for collection in asked {
                let expected = Self.expectedPlace(entry, collection)
                #expect(entry.place(in: collection) == expected)
                if collection >= 0 && collection < 1 << 26 {
                    #expect(entry.place(keyed: collection << 5) == expected)
                }
            }
        }
    }
}
