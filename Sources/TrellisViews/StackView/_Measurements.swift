// The direct path's per-label cache of measurements, kept from row to row.

import TrellisGeometry
import TrellisSupport

/// A label's (or button's) measurements (text, width → size, baselines),
/// kept while the tree's structure stays: a row measures each label at a
/// width or two, and rows of a template repeat many of their texts across
/// the list (authors' names and handles, times such as "3h", counts such
/// as "0" on buttons), more than a few rows apart. The template engine's
/// `Label` keeps its last measurement only, so it measures each such text
/// again on every row; here they are found by a hash of their bytes in a
/// table (a group of eight places per hash) of `initialSlotCount` places,
/// doubled (`grow`) while a list comes back to more texts than it holds,
/// up to `maximumSlotCount`, so a text met in any of the last few hundred
/// (or thousand) rows is not measured again; at that size a list coming
/// back to more texts than it holds finds those it keeps
/// (`admitsAtLargest`). What is kept is what the
/// measurer gave for those very bytes at that very width, so a hit gives
/// the same size, to the bit, as measuring again.
struct _Measurements {
    /// (The fields a hit reads first, in the entry's first 65 bytes.)
    struct Entry {
        var text: StackTree.Text
        var width: Double
        var size: Size
        var baselines: (Double, Double)?
        /// A string of the text's bytes in storage of its own, that found
        /// the entry by them (`noteSize`; the first such): held, so that
        /// its words find the entry (`wordsHit`) as the text's own do.
        var alias: String? = nil
        /// A plain text's UTF-8 length (-1 for attributed text), compared
        /// before the texts themselves.
        var bytes: Int
        var hash: UInt64
    }

    /// Places in the table (a power of two) when made, on the first
    /// measurement: what a list that comes back to a few hundred texts
    /// (names, times, counts) needs.
    static let initialSlotCount = 512
    /// Most places the table grows to. A place is 16 bytes (its word and
    /// two elements of `placesByWords`), an entry about 100 more where it
    /// holds one (besides the strings the entry holds), and `ghosts`
    /// 256 KB below this size: 32,768 places are up to 3.8 MB a label,
    /// reached only by a list that comes back to more than a quarter as
    /// many of its texts (`lookAtGrowing` grows to twice the places that
    /// would hold them: a body measured at two widths a row, in a list of
    /// over 4,096 rows laid out again). A label keeps up to as many
    /// texts as the text measurer's prepared texts
    /// (`TextMeasurer(preparedTextCapacity:)`, 32,768), which these
    /// tables stand in front of, and a row laid out again measures
    /// nothing; with 8,192 places a label, `CommentCell.json`'s direct
    /// layouts of 10,000 and 40,000 comment rows, laid out eleven times,
    /// took 0.50 and 0.86 of the template engine's time, with these
    /// 0.32–0.35 and 0.46 (listbench, the widths solves' records grown
    /// with them).
    static let maximumSlotCount = 32768
    /// Places a hash may take: an aligned group of eight.
    static let groupSize = 8

    /// The entries, in the order they were kept: an entry replaced
    /// gives its index to the one that replaces it, and a table that
    /// grows moves none (only `places`). Not one entry a place (a vacant
    /// one in each empty place): a table would then make an array of
    /// vacant entries as it grew and copy every entry over (its strings
    /// retained and released), and a probe would read three cache lines
    /// (hashes, flags, entries) where it reads one or two.
    var entries: [Entry] = []
    /// Each place's word: 0 where empty; else the hash of its entry with
    /// its low 16 bits (`indexBits`) replaced by the entry's index in
    /// `entries` plus one. A probe reads its group's eight words in one
    /// cache line and an entry only where a word's hash bits match (most
    /// texts of a list are new, and miss); the hash's low bits are the
    /// group's own (`groupMask`), and the entry keeps its whole hash.
    var places: [UInt64] = []
    /// The bits of a place's word that hold its entry's index plus one
    /// (places, and so entries, are at most `maximumSlotCount`, 2^15).
    static let indexBits: UInt64 = 0xFFFF

    /// A place's word for an entry of `hash` at `index`.
    @inline(__always)
    static func placeWord(_ hash: UInt64, _ index: Int) -> UInt64 {
        hash & ~indexBits | UInt64(truncatingIfNeeded: index + 1)
    }

    /// The first place of a hash's group: the hash's low bits, within
    /// the places, less those of the place in the group.
    var groupMask = 0
    /// Which place of a full group the next new text takes (round robin).
    var turn = 0
    /// Entries replaced, recently: at the place of the low bits of its
    /// hash (`maximumSlotCount` places, the latest there), each its hash's
    /// upper bits and the count of replacements (`replacements`) when it
    /// was replaced, in the low bits `ghostSerial` (a "ghost" entry, as in
    /// ARC caches). A new text whose hash is there was replaced that many
    /// replacements ago: a table of that many more places would have held
    /// it. Made on the first replacement; none at the largest size.
    var ghosts: [UInt64] = []
    static let ghostSerial: UInt64 = (1 << 20) - 1
    /// Entries replaced since the table was made.
    var replacements = 0
    /// Since the table last grew or looked at growing (or first replaced
    /// an entry): entries replaced, texts added (missed) while `ghosts`
    /// were kept, and of those, by the table each would have been found
    /// in (`wouldHit[k]`: one of `2^k` times the places, not one of half
    /// that; k from 1).
    var replaced = 0
    var missed = 0
    var wouldHit: [Int] = []
    /// How many times the table grew.
    var grown = 0
    /// At the largest size (`admitsAtLargest`): misses of the groups that
    /// always replace less those of the groups that mostly keep, lately
    /// (within ±`duelLimit`), and the turn of the latter's one text in 16.
    var duel = 0
    var bimodalTurn = 0
    static let duelLimit = 256
    /// One group in `leaderPeriod` always replaces, the next mostly keeps.
    static let leaderPeriod = 32
    /// How many measurements were kept (every one the table missed).
    var added = 0
    /// The entry of the text last found or kept (its index in `entries`;
    /// -1: none): a label whose
    /// text is the one it had last (a button's title from the template, a
    /// time such as "3h" twice running) at the width it had finds it there
    /// (`lastHit`), without its key or a probe.
    var last = -1
    /// The words (`StringWords`) of `last`'s text where it is plain, and
    /// its width: a text of the same words at that width is that entry's,
    /// told without a read of its bytes (the entry holds its text, so the
    /// words stay its bytes'). Nil where `last` is -1 or holds attributed
    /// text.
    var lastWords: StringWords?
    var lastWidth = Double.nan
    /// The entries of texts last found or kept, by their strings' words
    /// and their widths: two to a pair of this array's elements (twice as
    /// many as the table's places) picked by the words and the width,
    /// each the entry's index plus one and a tag of the words' hash (0
    /// where none; `wordsValue`). A text whose string is one an entry holds,
    /// as its text or its `alias`, is found there without its key, a
    /// probe or a read of its bytes (`wordsHit`, _Measurements+Words.swift).
    var placesByWords: [UInt32] = []
    /// Elements of `placesByWords` a place of the table.
    static let wordsPerPlace = 2

    /// The hash of a text and its width: the text's length and up to its
    /// first and last 32 bytes (texts of the same bytes have the same hash;
    /// the table compares the whole text before it answers), taken eight
    /// bytes at a time (`_mixWords`) and mixed once at the end.
    @inline(__always)
    static func key(_ text: StackTree.Text, _ width: Double) -> (bytes: Int, hash: UInt64) {
        // (A small string's hash from its words, without a copy of the
        // string, which retains and releases it; inlined, where the
        // others' is a call.)
        if Self._smallLayout, case .plain(let plain) = text, let words = StringWords(plain),
            let count = words.uncheckedSmallCount
        {
            return finish(_smallHash(words, count), bytes: count, width)
        }
        return _storedKey(text, width)
    }

    /// `key` of a text not in a small string.
    @inline(never)
    static func _storedKey(_ text: StackTree.Text, _ width: Double) -> (bytes: Int, hash: UInt64) {
        // (A native string's bytes read in place, where `withUTF8`, a
        // mutating method, needs a copy of the string, retained and
        // released.)
        if case .plain(let plain) = text,
            let hash = plain.utf8.withContiguousStorageIfAvailable(_bytesHash)
        {
            return finish(hash, bytes: plain.utf8.count, width)
        }
        let bytes: Int
        var string: String
        switch text {
        case .plain(let plain):
            string = plain
            bytes = plain.utf8.count
        case .attributed(let attributed):
            string = attributed.string
            bytes = -1
        }
        let hash = _smallHash(string) ?? string.withUTF8(_bytesHash)
        return finish(hash, bytes: bytes, width)
    }

    /// The hash of a text's bytes: up to its first and last 32, eight at a
    /// time. (The hash is a local here: a variable captured from outside a
    /// closure would be checked for exclusive access at every word.)
    @inline(__always)
    static func _bytesHash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let seed: UInt64 = 0xcbf2_9ce4_8422_2325
        guard let base = utf8.baseAddress, utf8.count > 0 else { return seed }
        let raw = UnsafeRawPointer(base)
        if utf8.count <= 64 { return _mixWords(raw, utf8.count, seed) }
        let head = _mixWords(raw, 32, seed)
        return _mixWords(raw + (utf8.count - 32), 32, head)
    }

    /// A key from the hash of a text's bytes: its length and width mixed in.
    @inline(__always)
    static func finish(_ hash: UInt64, bytes: Int, _ width: Double) -> (bytes: Int, hash: UInt64) {
        var hash = (hash ^ UInt64(bitPattern: Int64(bytes))) &* _multiplier
        hash = (hash ^ width.bitPattern) &* _multiplier
        // (MurmurHash3's finalizer: every bit of every word reaches the
        // low bits that pick the group.)
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        return (bytes, hash ^ (hash >> 33))
    }

    /// `_mixWords` of a small string's bytes (up to 15, kept in the
    /// string's own two words: `StringWords`), read from those words
    /// without `withUTF8`, which copies them out first; nil for other
    /// strings. The same hash as from the bytes (`key`'s closure), so a
    /// text finds its entry whichever way its string holds its bytes.
    @inline(__always)
    static func _smallHash(_ string: String) -> UInt64? {
        guard Self._smallLayout, let words = StringWords(string),
            let count = words.uncheckedSmallCount
        else { return nil }
        return _smallHash(words, count)
    }

    /// `_smallHash` of a small string's words and byte count.
    @inline(__always)
    static func _smallHash(_ words: StringWords, _ count: Int) -> UInt64 {
        let seed: UInt64 = 0xcbf2_9ce4_8422_2325
        guard count > 0 else { return seed }
        // (Bytes past the count masked off: the last word's missing bytes
        // are zero in `_mixWords`.)
        guard count > 8 else {
            let word = count == 8 ? words.first : words.first & ((1 << UInt64(8 * count)) - 1)
            return (seed ^ word) &* _multiplier
        }
        let second = words.second & ((1 << UInt64(8 * (count - 8))) - 1)
        return (((seed ^ words.first) &* _multiplier) ^ second) &* _multiplier
    }

    /// `StringWords.smallLayout`, read once in this module (from another
    /// module each read of it is a call).
    static let _smallLayout = StringWords.smallLayout

    /// An odd multiplier for `_mixWords`.
    static let _multiplier: UInt64 = 0x9e37_79b9_7f4a_7c15

    /// `hash` with `count` bytes at `raw` mixed in, a word of eight at a
    /// time (a multiply on every word, where a byte-at-a-time hash waits
    /// for one on every byte); the last word's missing bytes are zero.
    @inline(__always)
    static func _mixWords(_ raw: UnsafeRawPointer, _ count: Int, _ hash: UInt64) -> UInt64 {
        var hash = hash
        var offset = 0
        while offset + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* _multiplier
            offset += 8
        }
        if offset < count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                word |= UInt64(raw.load(fromByteOffset: offset, as: UInt8.self)) << shift
                shift += 8
                offset += 1
            }
            hash = (hash ^ word) &* _multiplier
        }
        return hash
    }

    /// The first place of a hash's group.
    @inline(__always)
    func group(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash) & groupMask
    }

    /// The index in `entries` of `text` at `width`, if measured.
    @inline(__always)
    func find(_ text: StackTree.Text, _ width: Double, _ key: (bytes: Int, hash: UInt64)) -> Int? {
        Self.find(text, width, key, entries, places, groupMask)
    }

    /// `find` among a table's `entries` and `places` and its `groupMask`,
    /// passed as they are: a table lent to a method `inout` (`noteSize`)
    /// was copied whole for a call of `find` that was not inlined.
    @inline(__always)
    static func find(
        _ text: StackTree.Text, _ width: Double, _ key: (bytes: Int, hash: UInt64),
        _ entries: [Entry], _ places: [UInt64], _ groupMask: Int
    ) -> Int? {
        guard !places.isEmpty else { return nil }
        let start = Int(truncatingIfNeeded: key.hash) & groupMask
        // The group's places whose words have the hash's bits (and an
        // index: the word less those bits, less one, is below
        // `indexBits`), one bit each, read through a pointer (a subscript
        // checked the index at every read); most texts of a list are new,
        // and none has.
        let hashBits = key.hash & ~indexBits
        let matches = places.withUnsafeBufferPointer { places -> UInt32 in
            let group = places.baseAddress! + start
            var matches: UInt32 = 0
            for offset in 0..<Self.groupSize where (group[offset] ^ hashBits) &- 1 < indexBits {
                matches |= 1 << UInt32(offset)
            }
            return matches
        }
        guard matches != 0 else { return nil }
        return matching(matches, start, text, width, key, entries, places)
    }

    /// The index of the entry of `text` at `width` among those of the
    /// group's places at `start` that `matches` names (bit `k`: place
    /// `start + k`), if any.
    @inline(never)
    static func matching(
        _ matches: UInt32, _ start: Int, _ text: StackTree.Text, _ width: Double,
        _ key: (bytes: Int, hash: UInt64), _ entries: [Entry], _ places: [UInt64]
    ) -> Int? {
        var matches = matches
        return entries.withUnsafeBufferPointer { entries -> Int? in
            while matches != 0 {
                let place = start + matches.trailingZeroBitCount
                matches &= matches - 1
                let index = Int(truncatingIfNeeded: places[place] & indexBits) - 1
                let entry = entries.baseAddress! + index
                if entry.pointee.hash == key.hash, entry.pointee.bytes == key.bytes,
                    entry.pointee.width == width, Self.same(entry.pointee.text, text)
                {
                    return index
                }
            }
            return nil
        }
    }

    func size(_ text: StackTree.Text, _ width: Double) -> (
        size: Size, baselines: (first: Double, last: Double)?
    )? {
        guard !places.isEmpty else { return nil }
        return size(text, width, key: Self.key(text, width))
    }

    /// `size(_:_:)` of a text whose key (`key(_:_:)`) is worked out: a
    /// miss is then kept under it (`insert`) without hashing the text again.
    func size(_ text: StackTree.Text, _ width: Double, key: (bytes: Int, hash: UInt64)) -> (
        size: Size, baselines: (first: Double, last: Double)?
    )? {
        // (Field by field: no copy of the entry, which retains its text.)
        guard let index = find(text, width, key) else { return nil }
        return entries.withUnsafeBufferPointer { entries in
            (entries[index].size, entries[index].baselines.map { (first: $0.0, last: $0.1) })
        }
    }

    /// `size(_:_:key:)`, the entry found becoming `last`.
    @inline(__always)
    mutating func noteSize(_ text: StackTree.Text, _ width: Double, key: (bytes: Int, hash: UInt64))
        -> (size: Size, baselines: (first: Double, last: Double)?)?
    {
        guard let index = Self.find(text, width, key, entries, places, groupMask) else {
            return nil
        }
        keepAlias(text, index)
        return take(index)
    }

    /// The measurement of the entry at `index`, that entry becoming `last`.
    @inline(__always)
    mutating func take(_ index: Int) -> (
        size: Size, baselines: (first: Double, last: Double)?
    ) {
        setLast(index)
        return entries.withUnsafeBufferPointer { entries in
            (entries[index].size, entries[index].baselines.map { (first: $0.0, last: $0.1) })
        }
    }

    /// A plain text's string's words (nil for attributed text).
    @inline(__always)
    static func words(_ text: StackTree.Text) -> StringWords? {
        guard case .plain(let string) = text else { return nil }
        return StringWords(string)
    }

    /// Texts of the same bytes. `String`'s `==` compares canonical
    /// equivalence, which for text beyond ASCII normalizes as it goes (a
    /// tenth of a row's time in a profile); equal bytes are equal texts,
    /// and texts equivalent but of other bytes are measured again.
    @inline(__always)
    static func same(_ a: StackTree.Text, _ b: StackTree.Text) -> Bool {
        guard case .plain(let x) = a, case .plain(let y) = b else { return a == b }
        // (One string's words, as a button's title or a text of the row a
        // label had, are its bytes: `StringWords`.)
        if let p = StringWords(x), let q = StringWords(y), p.first == q.first,
            p.second == q.second
        {
            return true
        }
        return _sameUTF8(x, y)
    }

    /// Records a measurement, or the baselines of one already kept.
    mutating func remember(
        _ text: StackTree.Text, _ width: Double, _ size: Size, _ baselines: (Double, Double)?
    ) {
        let key = Self.key(text, width)
        if let index = find(text, width, key) {
            entries[index].size = size
            if baselines != nil { entries[index].baselines = baselines }
            return
        }
        insert(text, key, width, size, baselines)
    }

    /// A measurement not among the entries (`size` just missed it).
    mutating func add(
        _ text: StackTree.Text, _ width: Double, _ size: Size, _ baselines: (Double, Double)?
    ) {
        insert(text, Self.key(text, width), width, size, baselines)
    }

    /// Puts the entry in an empty place of its group (appended to
    /// `entries`), else in the one whose turn it is (the entry there
    /// replaced at its index, its hash kept among `ghosts`);
    /// then, once the table has replaced as many entries as it has places
    /// since it last grew or looked, grows it (`grow`) to the largest size
    /// (up to `maximumSlotCount`) whose doubling from half of it would have
    /// found at least an eighth of the texts added in that time
    /// (`wouldHit`): a list that comes back to more texts than the table
    /// holds. The table's own hits do not tell that: a list cycling
    /// through more texts than places finds next to none, whatever a
    /// bigger table would; a list that never comes back to a text has no
    /// ghost hits, and keeps its size.
    mutating func insert(
        _ text: StackTree.Text, _ key: (bytes: Int, hash: UInt64), _ width: Double, _ size: Size,
        _ baselines: (Double, Double)?
    ) {
        let entry = Entry(
            text: text, width: width, size: size, baselines: baselines, bytes: key.bytes,
            hash: key.hash)
        added += 1
        if places.isEmpty {
            places = Array(repeating: 0, count: Self.initialSlotCount)
            groupMask = (Self.initialSlotCount - 1) & ~(Self.groupSize - 1)
            placesByWords = Array(
                repeating: 0, count: Self.wordsPerPlace * Self.initialSlotCount)
        }
        if !ghosts.isEmpty {
            // (Read through a pointer: `ghosts` has `maximumSlotCount`
            // places whenever it has any.)
            missed += 1
            let ghost = ghosts.withUnsafeBufferPointer {
                $0[Int(truncatingIfNeeded: key.hash) & (Self.maximumSlotCount - 1)]
            }
            if ghost != 0, (ghost ^ key.hash) & ~Self.ghostSerial == 0 { noteGhost(ghost) }
        }
        let start = group(entry.hash)
        let largest = places.count >= Self.maximumSlotCount
        if largest { noteMissAtLargest(start) }
        // (The group's words read through a pointer, as in `find`.)
        let empty = places.withUnsafeBufferPointer { places -> Int? in
            (start..<(start + Self.groupSize)).first { places[$0] == 0 }
        }
        if let place = empty {
            let index = entries.count
            entries.append(entry)
            places[place] = Self.placeWord(key.hash, index)
            setLast(index)
            return
        }
        if largest, !admitsAtLargest(start) { return }
        let place = start + turn
        turn = (turn + 1) % Self.groupSize
        let index = Int(truncatingIfNeeded: places[place] & Self.indexBits) - 1
        if !largest { keepGhost(entries[index].hash) }
        entries[index] = entry
        places[place] = Self.placeWord(key.hash, index)
        setLast(index)
        replacements += 1
        replaced += 1
        if replaced >= places.count { lookAtGrowing() }
    }
}
