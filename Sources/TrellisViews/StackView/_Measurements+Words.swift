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
        return slots.withUnsafeBufferPointer { slots in
            let entry = slots.baseAddress! + last
            return (entry.pointee.size, entry.pointee.baselines.map { (first: $0.0, last: $0.1) })
        }
    }

    /// Makes `place` the place last found or kept, told by the words of
    /// the string its entry holds (nil where attributed) and its width.
    /// Not the words of the text it was found for: a string of the same
    /// bytes in storage of its own, freed after, may leave its words to a
    /// string of other bytes, which `lastHit` would then take for this
    /// entry's text; the entry's own string lives as long as the entry.
    /// (So does an alias.) `keeping`: its place kept in
    /// `placesByWords` by those words.
    @inline(__always)
    mutating func setLast(_ place: Int, keeping: Bool = true) {
        let (words, width) = slots.withUnsafeBufferPointer {
            (Self.words($0[place].text), $0[place].width)
        }
        last = place
        lastWords = words
        lastWidth = width
        if keeping, let words { keepPlace(place, words, width) }
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

    /// An element of `placesByWords`: `place` plus one in the low 16 bits
    /// (places are fewer than 2^16: `maximumSlotCount`), `tag` above.
    @inline(__always)
    static func wordsValue(_ place: Int, _ tag: UInt32) -> UInt32 {
        tag << 16 | UInt32(truncatingIfNeeded: place + 1)
    }

    /// The measurement of the entry whose text's string, or `alias`, has
    /// `words`, at `width`, found by them (`placesByWords`), that entry
    /// becoming `last`; nil where neither place kept there (of that tag)
    /// holds such a string at that width (or none is kept).
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
            slots.withUnsafeBufferPointer { slots -> Int? in
                for slot in first..<(first + 2) where values[slot] >> 16 == tag {
                    let place = Int(values[slot] & 0xFFFF) - 1
                    guard place >= 0, place < slots.count else { continue }
                    // (A place no entry fills holds `vacant`, whose width
                    // is NaN and equals no width: its flag in `filled`,
                    // another cache line, is not read.)
                    let entry = slots.baseAddress! + place
                    guard entry.pointee.width == width else { continue }
                    if Self.words(entry.pointee.text) == words
                        || entry.pointee.alias.flatMap(StringWords.init) == words
                    {
                        return place
                    }
                }
                return nil
            }
        }
        guard let place = found else { return nil }
        // (`take`, but for `placesByWords`, which holds the place already;
        // `last` told by the words of the entry's own text.)
        setLast(place, keeping: false)
        return slots.withUnsafeBufferPointer { slots in
            (slots[place].size, slots[place].baselines.map { (first: $0.0, last: $0.1) })
        }
    }

    /// Keeps `place` (holding a text of `words` at `width`, as its text
    /// or its alias) first of its pair in `placesByWords`, where a later
    /// string of those words at that width finds it; the one first there
    /// moves second, unless it is this one, and the second is given up.
    @inline(__always)
    mutating func keepPlace(_ place: Int, _ words: StringWords, _ width: Double) {
        guard !placesByWords.isEmpty else { return }
        let (first, tag) = wordsPlace(words, width)
        let value = Self.wordsValue(place, tag)
        placesByWords.withUnsafeMutableBufferPointer { values in
            let held = values[first]
            guard held != value else { return }
            values[first + 1] = held
            values[first] = value
        }
    }

    /// Where `text` found the entry at `place` by its bytes in a string of
    /// storage other than the entry's text's, and the entry has no alias,
    /// keeps that string as its alias and its place by its words. (The
    /// first such string stays: a body in three rows' strings, laid out
    /// in turn, would otherwise find the entry by its bytes twice a round,
    /// each string replacing the alias the other needs next.)
    @inline(__always)
    mutating func keepAlias(_ text: StackTree.Text, _ place: Int) {
        guard !placesByWords.isEmpty, case .plain(let string) = text,
            let words = StringWords(string)
        else { return }
        let (own, width) = slots.withUnsafeBufferPointer {
            (Self.words($0[place].text), $0[place].width)
        }
        guard own != words, slots[place].alias == nil else { return }
        slots[place].alias = string
        keepPlace(place, words, width)
    }

    /// Makes `placesByWords` anew for the entries' places (`grow` moved
    /// them), each plain text's and alias's place kept.
    mutating func keepPlacesByWords() {
        placesByWords = Array(repeating: 0, count: Self.wordsPerPlace * slots.count)
        for place in slots.indices where filled[place] {
            let width = slots[place].width
            if let alias = slots[place].alias, let words = StringWords(alias) {
                keepPlace(place, words, width)
            }
            if let words = Self.words(slots[place].text) { keepPlace(place, words, width) }
        }
    }
}
