// The kept measurements found by a string's words and its width
// (`wordsHit`, `lastHit`): what they give is what the table holds for that
// very text, after entries are replaced, written again or moved.

import Testing
import TrellisGeometry

@testable import TrellisViews

@Suite struct DirectMeasurementWordsTests {
    /// `count` texts of their own storage (over 15 bytes), kept alive by
    /// the caller, each measured (`add`) at width 100 as `size(k)`.
    static func texts(_ count: Int) -> [String] {
        (0..<count).map { "a text of its own storage, number \($0)" }
    }

    static func size(_ k: Int) -> Size { Size(width: Double(k), height: Double(k + 1)) }

    /// An entry replaced in a full group is no longer found by its words:
    /// every text the words find is one the table holds, with its own size.
    @Test func aReplacedEntryIsNotFoundByItsWords() {
        let texts = Self.texts(2_000)
        var table = _Measurements()
        for (k, text) in texts.enumerated() { table.add(.plain(text), 100, Self.size(k), nil) }
        #expect(table.replacements > 0)
        var found = 0
        var wrong = 0
        for (k, text) in texts.enumerated() {
            guard let words = _Measurements.words(.plain(text)),
                let hit = table.wordsHit(words, 100)
            else { continue }
            found += 1
            let key = _Measurements.key(.plain(text), 100)
            if table.find(.plain(text), 100, key) == nil || hit.size != Self.size(k) { wrong += 1 }
        }
        #expect(found > 100)
        #expect(wrong == 0)
    }

    /// An index no entry has is no hit, whatever width is asked, nor is
    /// the one entry at a width other than its own. Reached here by
    /// pointing the empty text's words at each index in turn, up to the
    /// most the table could hold.
    @Test func anIndexNoEntryHasIsNoHit() {
        var table = _Measurements()
        let text = Self.texts(1)[0]
        table.add(.plain(text), 100, Size(width: 5, height: 6), nil)
        #expect(table.entries.count == 1)
        let words = _Measurements.words(.plain(text))!
        #expect(table.wordsHit(words, 100)?.size == Size(width: 5, height: 6))
        let empty = _Measurements.words(.plain(""))!
        var asked = 0
        for width in [0.0, -0.0, 100, .infinity, .nan] {
            let (slot, tag) = table.wordsPlace(empty, width)
            for index in 1..<_Measurements.maximumSlotCount {
                table.placesByWords[slot] = _Measurements.wordsValue(index, tag)
                #expect(table.wordsHit(empty, width) == nil)
                asked += 1
            }
        }
        // The entry's own index, its words, at another width.
        for width in [0.0, 99.999, .infinity, .nan] {
            let (slot, tag) = table.wordsPlace(words, width)
            table.placesByWords[slot] = _Measurements.wordsValue(0, tag)
            #expect(table.wordsHit(words, width) == nil)
        }
        #expect(asked == 5 * (_Measurements.maximumSlotCount - 1))
    }

    /// `text`'s bytes in a string of storage of its own.
    static func copy(_ text: String) -> String {
        var copy = String(repeating: "-", count: 90)
        copy.removeAll(keepingCapacity: true)
        copy.append(contentsOf: text)
        return copy
    }

    /// A table of `count` texts (`texts`) at width 100, each found once
    /// by its bytes in a copy of its own storage, with the texts and
    /// those copies.
    static func aliasedTable(_ count: Int) -> (
        texts: [String], copies: [String], table: _Measurements
    ) {
        let texts = Self.texts(count)
        let copies = texts.map(Self.copy)
        var table = _Measurements()
        for (k, text) in texts.enumerated() { table.add(.plain(text), 100, Self.size(k), nil) }
        for copy in copies {
            _ = table.noteSize(.plain(copy), 100, key: _Measurements.key(.plain(copy), 100))
        }
        return (texts, copies, table)
    }

    /// A text found by its bytes in a string of other storage is found by
    /// that string's words next (the entry holds it as its alias), and
    /// `last` is told by the words of the string the entry holds as its
    /// text: the alias may be given up with the entry. A third string of
    /// those bytes does not replace the alias.
    @Test func aTextFoundByItsBytesIsFoundByItsWordsNext() {
        let a = Self.texts(1)[0]
        let (b, c) = (Self.copy(a), Self.copy(a))
        let (wordsA, wordsB) = (_Measurements.words(.plain(a))!, _Measurements.words(.plain(b))!)
        let wordsC = _Measurements.words(.plain(c))!
        #expect(wordsA != wordsB && wordsB != wordsC)
        var table = _Measurements()
        table.add(.plain(a), 100, Size(width: 5, height: 6), nil)
        #expect(table.wordsHit(wordsB, 100) == nil)
        let key = _Measurements.key(.plain(b), 100)
        #expect(table.noteSize(.plain(b), 100, key: key)?.size == Size(width: 5, height: 6))
        #expect(table.lastHit(wordsB, 100) == nil)
        #expect(table.lastHit(wordsA, 100)?.size == Size(width: 5, height: 6))
        #expect(table.wordsHit(wordsB, 100)?.size == Size(width: 5, height: 6))
        #expect(table.wordsHit(wordsB, 200) == nil)
        #expect(table.wordsHit(wordsA, 100)?.size == Size(width: 5, height: 6))
        #expect(table.noteSize(.plain(c), 100, key: key)?.size == Size(width: 5, height: 6))
        #expect(table.wordsHit(wordsC, 100) == nil)
        #expect(table.wordsHit(wordsB, 100)?.size == Size(width: 5, height: 6))
    }

    /// A string that found an entry by its bytes finds, by its words, only
    /// that entry while it is kept: entries replaced by texts of other
    /// sizes (their places taken by new entries, without aliases) are
    /// found by none of the strings that found them.
    @Test func anAliasFindsOnlyItsEntry() {
        let (_, copies, aliased) = Self.aliasedTable(1_500)
        var table = aliased
        let replaced = table.replacements
        let others = (0..<400).map { "another text of its own storage, number \($0)" }
        for (k, other) in others.enumerated() {
            table.add(.plain(other), 100, Self.size(10_000 + k), nil)
        }
        #expect(table.replacements - replaced > 100)
        var found = 0
        var wrong = 0
        for (k, copy) in copies.enumerated() {
            guard let hit = table.wordsHit(_Measurements.words(.plain(copy))!, 100) else {
                continue
            }
            found += 1
            let key = _Measurements.key(.plain(copy), 100)
            if table.find(.plain(copy), 100, key) == nil || hit.size != Self.size(k) { wrong += 1 }
        }
        // How many copies the words still find depends on where the
        // strings' storage lies (their words are its address): 96 to 121
        // in 16 runs (2026-12-05), so the bound leaves room; without
        // aliases none would be found.
        #expect(found > 40)
        #expect(wrong == 0)
    }

    /// Baselines recorded later for a kept measurement are what its words find.
    @Test func rememberedBaselinesAreWhatTheWordsFind() {
        let text = Self.texts(1)[0]
        let words = _Measurements.words(.plain(text))!
        var table = _Measurements()
        table.add(.plain(text), 100, Size(width: 5, height: 6), nil)
        #expect(table.wordsHit(words, 100)?.baselines == nil)
        table.remember(.plain(text), 100, Size(width: 5, height: 7), (3, 4))
        let hit = table.wordsHit(words, 100)
        #expect(hit?.size == Size(width: 5, height: 7))
        #expect(hit?.baselines?.first == 3 && hit?.baselines?.last == 4)
        #expect(table.wordsHit(words, 200) == nil)
    }

    /// A table grown to more places finds every text it kept by its words,
    /// and by its alias's.
    @Test func aGrownTableFindsItsTextsByTheirWords() {
        let (texts, copies, aliased) = Self.aliasedTable(300)
        var table = aliased
        table.grow(to: 4 * _Measurements.initialSlotCount)
        var missing = 0
        for (k, text) in texts.enumerated() {
            let key = _Measurements.key(.plain(text), 100)
            guard table.find(.plain(text), 100, key) != nil else { continue }
            for string in [text, copies[k]] {
                let words = _Measurements.words(.plain(string))!
                if table.wordsHit(words, 100)?.size != Self.size(k) { missing += 1 }
            }
        }
        // (Three strings may share a pair of `placesByWords`; the last
        // two kept there stay.)
        #expect(missing < texts.count / 10)
    }
}
