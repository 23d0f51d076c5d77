// A label's kept measurements found by the words of the text's string
// (`StringWords`) and the width: a text whose string is one an entry
// holds (a row laid out again, a name that comes back in the same
// string, a body that another row's string holds too and that found the
// entry by its bytes once: `Entry.alias`) is that entry's, found without
// its key (a hash of its bytes), a probe of its group or a read of its
// bytes; and a text of the words of the entry last found or kept, at its
// width, is that entry's (`lastHit`).

import TrellisGeometry
import TrellisSupport

extension _Measurements {
    /// The entry at `last` where its plain text has `words` and its width
    /// is `width` (`lastWords`): what `find` would give for a text of those
    /// words, found without its key, a probe or a read of its bytes; nil
    /// otherwise.
    @inline(__always)
    func lastHit(_ words: StringWords, _ width: Double) -> (
        size: Size, baselines: (first: Double, last: Double)?
    )? {
        guard let lastWords, lastWords == words, lastWidth == width else { return nil }
        return entries.withUnsafeBufferPointer { entries in
            let entry = entries.baseAddress! + last
            return (entry.pointee.size, entry.pointee.baselines.map { (first: $0.0, last: $0.1) })
        }
    }

    /// Makes the entry at `index` the one last found or kept, told by the
    /// words of the string it holds (nil where attributed) and its width.
    /// Not the words of the text it was found for: a string of the same
    /// bytes in storage of its own, freed after, may leave its words to a
    /// string of other bytes, which `lastHit` would then take for this
    /// entry's text; the entry's own string lives as long as the entry.
    /// (So does an alias.) `keeping`: its index kept in
    /// `placesByWords` by those words.
    @inline(__always)
    mutating func setLast(_ index: Int, keeping: Bool = true) {
        let (words, width) = entries.withUnsafeBufferPointer {
            (Self.words($0[index].text), $0[index].width)
        }
        last = index
        lastWords = words
        lastWidth = width
        if keeping, let words { keepPlace(index, words, width) }
    }

    /// The first of the two elements of `placesByWords` (not empty) where
    /// a string of `words` at `width` is kept, and the tag its element
    /// there has (the hash's top 16 bits, which pick no element).
    @inline(__always)
    func wordsPlace(_ words: StringWords, _ width: Double) -> (first: Int, tag: UInt32) {
        var hash = words.first ^ (words.second &* Self._multiplier) ^ width.bitPattern
        hash = (hash ^ (hash >> 29)) &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 32
        return (
            Int(truncatingIfNeeded: hash) & (placesByWords.count - 1) & ~1,
            UInt32(truncatingIfNeeded: hash >> 48)
        )
    }

    /// An element of `placesByWords`: an entry's `index` plus one in the
    /// low 16 bits (entries are fewer than 2^16: `maximumSlotCount`),
    /// `tag` above.
    @inline(__always)
    static func wordsValue(_ index: Int, _ tag: UInt32) -> UInt32 {
        tag << 16 | UInt32(truncatingIfNeeded: index + 1)
    }

    /// The measurement of the entry whose text's string, or `alias`, has
    /// `words`, at `width`, found by them (`placesByWords`), that entry
    /// becoming `last`; nil where neither entry kept there (of that tag)
    /// holds such a string at that width (or none is kept). An entry
    /// replaced since holds another text, which is compared as any.
    ///
    /// Exact: the entry holds its text and its alias, so a string of the
    /// same words has the bytes of one of them (`StringWords`), which are
    /// the text's bytes (an alias is set only where `find` compared them),
    /// and the widths are compared by value, as `find` compares them:
    /// `find` would give that entry (a text and a width have one entry at
    /// most: `insert` adds only what `find` missed). The tag only spares
    /// a read of another entry.
    @inline(__always)
    mutating func wordsHit(_ words: StringWords, _ width: Double) -> (
        size: Size, baselines: (first: Double, last: Double)?
    )? {
        guard !placesByWords.isEmpty else { return nil }
        let (first, tag) = wordsPlace(words, width)
        let found = placesByWords.withUnsafeBufferPointer { values -> Int? in
            entries.withUnsafeBufferPointer { entries -> Int? in
                for slot in first..<(first + 2) where values[slot] >> 16 == tag {
                    let index = Int(values[slot] & 0xFFFF) - 1
                    guard index >= 0, index < entries.count else { continue }
                    let entry = entries.baseAddress! + index
                    guard entry.pointee.width == width else { continue }
                    if Self.words(entry.pointee.text) == words
                        || entry.pointee.alias.flatMap(StringWords.init) == words
                    {
                        return index
                    }
                }
                return nil
            }
        }
        guard let index = found else { return nil }
        // (`take`, but for `placesByWords`, which holds the entry already;
        // `last` told by the words of the entry's own text.)
        setLast(index, keeping: false)
        return entries.withUnsafeBufferPointer { entries in
            (entries[index].size, entries[index].baselines.map { (first: $0.0, last: $0.1) })
        }
    }

    /// Keeps the entry at `index` (holding a text of `words` at `width`,
    /// as its text or its alias) first of its pair in `placesByWords`,
    /// where a later string of those words at that width finds it; the
    /// one first there moves second, unless it is this one, and the
    /// second is given up.
    @inline(__always)
    mutating func keepPlace(_ index: Int, _ words: StringWords, _ width: Double) {
        guard !placesByWords.isEmpty else { return }
        let (first, tag) = wordsPlace(words, width)
        let value = Self.wordsValue(index, tag)
        placesByWords.withUnsafeMutableBufferPointer { values in
            let held = values[first]
            guard held != value else { return }
            values[first + 1] = held
            values[first] = value
        }
    }

    /// Where `text` found the entry at `index` by its bytes in a string of
    /// storage other than the entry's text's, and the entry has no alias,
    /// keeps that string as its alias and its place by its words. (The
    /// first such string stays: a body in three rows' strings, laid out
    /// in turn, would otherwise find the entry by its bytes twice a round,
    /// each string replacing the alias the other needs next.)
    @inline(__always)
    mutating func keepAlias(_ text: StackTree.Text, _ index: Int) {
        guard !placesByWords.isEmpty, case .plain(let string) = text,
            let words = StringWords(string)
        else { return }
        let (own, width) = entries.withUnsafeBufferPointer {
            (Self.words($0[index].text), $0[index].width)
        }
        guard own != words, entries[index].alias == nil else { return }
        entries[index].alias = string
        keepPlace(index, words, width)
    }

    /// Makes `placesByWords` anew for the table's places (`grow` made
    /// more), each entry's plain text and alias kept.
    mutating func keepPlacesByWords() {
        placesByWords = Array(repeating: 0, count: Self.wordsPerPlace * places.count)
        for index in entries.indices {
            let width = entries[index].width
            if let alias = entries[index].alias, let words = StringWords(alias) {
                keepPlace(index, words, width)
            }
            if let words = Self.words(entries[index].text) { keepPlace(index, words, width) }
        }
    }
}
