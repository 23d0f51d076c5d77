// A label's kept measurements found by the words of the text's string
// (`StringWords`) and the width: a text whose string is the very one an
// entry holds (a row laid out again, a name that comes back in the same
// string) is that entry's, found without its key (a hash of its bytes)
// or a probe of its group.

import TrellisGeometry
import TrellisSupport

extension _Measurements {
    /// The place of `words` at `width` in `placesByWords` (not empty).
    @inline(__always)
    func wordsPlace(_ words: StringWords, _ width: Double) -> Int {
        var hash = words.first ^ (words.second &* Self._multiplier) ^ width.bitPattern
        hash = (hash ^ (hash >> 29)) &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash) & (placesByWords.count - 1)
    }

    /// The measurement of the entry whose text's string has `words`, at
    /// `width`, found by them (`placesByWords`), that entry becoming
    /// `last`; nil where the place kept there holds another text or width
    /// (or none).
    ///
    /// Exact: the entry holds its text, so a string of the same words has
    /// its bytes (`StringWords`), and the widths are compared by value, as
    /// `find` compares them: `find` would give that entry (a text and a
    /// width have one entry at most: `insert` adds only what `find` missed).
    @inline(__always)
    mutating func wordsHit(_ words: StringWords, _ width: Double) -> (
        size: Size, baselines: (first: Double, last: Double)?
    )? {
        guard !placesByWords.isEmpty else { return nil }
        let slot = wordsPlace(words, width)
        let place = placesByWords.withUnsafeBufferPointer { Int($0[slot]) }
        guard place >= 0, place < slots.count else { return nil }
        // (A place no entry fills holds `vacant`, whose width is NaN and
        // equals no width: its flag in `filled`, another cache line, is
        // not read.)
        let same = slots.withUnsafeBufferPointer { slots in
            let entry = slots.baseAddress! + place
            return entry.pointee.width == width && Self.words(entry.pointee.text) == words
        }
        guard same else { return nil }
        // (`take`, but for `placesByWords`, which holds the place already.)
        (last, lastWords, lastWidth) = (place, words, width)
        return slots.withUnsafeBufferPointer { slots in
            (slots[place].size, slots[place].baselines.map { (first: $0.0, last: $0.1) })
        }
    }

    /// Keeps `place` (holding a text of `words` at `width`) in
    /// `placesByWords`, where a later text of those words at that width
    /// finds it (the place of another text there given up).
    @inline(__always)
    mutating func keepPlace(_ place: Int, _ words: StringWords, _ width: Double) {
        guard !placesByWords.isEmpty else { return }
        let slot = wordsPlace(words, width)
        placesByWords.withUnsafeMutableBufferPointer { $0[slot] = Int32(truncatingIfNeeded: place) }
    }

    /// Makes `placesByWords` anew for the entries' places (`grow` moved
    /// them), each plain text's place kept.
    mutating func keepPlacesByWords() {
        placesByWords = Array(repeating: -1, count: slots.count)
        for place in slots.indices where filled[place] {
            if let words = Self.words(slots[place].text) {
                keepPlace(place, words, slots[place].width)
            }
        }
    }
}
