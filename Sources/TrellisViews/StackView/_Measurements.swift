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
/// table of `slotCount` entries (a group of eight places per hash), so a text met in
/// any of the last few hundred rows is not measured again. What is kept
/// is what the measurer gave for those very bytes at that very width, so
/// a hit gives the same size, to the bit, as measuring again.
struct _Measurements {
    struct Entry {
        var text: StackTree.Text
        /// A plain text's UTF-8 length (-1 for attributed text), compared
        /// before the texts themselves.
        var bytes: Int
        var hash: UInt64
        var width: Double
        var size: Size
        var baselines: (Double, Double)?
    }

    /// Places in the table (a power of two), made on the first measurement.
    static let slotCount = 512
    /// Places a hash may take: an aligned group of eight.
    static let groupSize = 8

    /// The entries by place, and whether each place holds one (an empty
    /// place holds `vacant`). Not `[Entry?]`: a probe's read of one
    /// field of an optional entry (`slots[place]?.hash`) copied the whole
    /// entry, text and all, through `Optional`'s generic witnesses, at
    /// every place it looked at.
    var slots: [Entry] = []
    var filled: [Bool] = []
    /// Each place's hash (0 where empty), apart from its entry: a probe
    /// reads its group's eight in one cache line, and an entry only where
    /// the hash matches (most texts of a list are new, and miss).
    var hashes: [UInt64] = []
    static var vacant: Entry {
        Entry(
            text: .plain(""), bytes: -2, hash: 0, width: .nan, size: .zero, baselines: nil)
    }
    /// Which place of a full group the next new text takes (round robin).
    var turn = 0
    /// How many measurements were kept (every one the table missed).
    var added = 0
    /// The place of the text last found or kept (-1: none): a label whose
    /// text is the one it had last (a button's title from the template, a
    /// time such as "3h" twice running) finds it there by its bytes,
    /// without its key or a probe (`lastSize`).
    var last = -1

    /// The hash of a text and its width: the text's length and up to its
    /// first and last 32 bytes (texts of the same bytes have the same hash;
    /// the table compares the whole text before it answers), taken eight
    /// bytes at a time (`_mixWords`) and mixed once at the end.
    static func key(_ text: StackTree.Text, _ width: Double) -> (bytes: Int, hash: UInt64) {
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
        // (The hash is a local of the closure: a variable captured from
        // outside it would be checked for exclusive access at every word.)
        var hash =
            _smallHash(string)
            ?? string.withUTF8 { utf8 -> UInt64 in
                let seed: UInt64 = 0xcbf2_9ce4_8422_2325
                guard let base = utf8.baseAddress, utf8.count > 0 else { return seed }
                let raw = UnsafeRawPointer(base)
                if utf8.count <= 64 { return _mixWords(raw, utf8.count, seed) }
                let head = _mixWords(raw, 32, seed)
                return _mixWords(raw + (utf8.count - 32), 32, head)
            }
        hash = (hash ^ UInt64(bitPattern: Int64(bytes))) &* _multiplier
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
    static func group(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash) & (slotCount - 1) & ~(groupSize - 1)
    }

    /// The place of `text` at `width` among the entries, if measured.
    func find(_ text: StackTree.Text, _ width: Double, _ key: (bytes: Int, hash: UInt64)) -> Int? {
        guard !slots.isEmpty else { return nil }
        let start = Self.group(key.hash)
        for place in start..<(start + Self.groupSize)
        where hashes[place] == key.hash && holds(place, text, width, key) {
            return place
        }
        return nil
    }

    /// Whether place `place` holds `text` at `width` (hash, length and
    /// width first: no text is read unless they match).
    @inline(__always)
    func holds(
        _ place: Int, _ text: StackTree.Text, _ width: Double, _ key: (bytes: Int, hash: UInt64)
    )
        -> Bool
    {
        // (Field by field, through a pointer to the entry: no copy of it,
        // which retains its text.)
        guard filled[place] else { return false }
        return slots.withUnsafeBufferPointer { slots in
            let entry = slots.baseAddress! + place
            guard entry.pointee.hash == key.hash, entry.pointee.bytes == key.bytes,
                entry.pointee.width == width
            else { return false }
            return Self.same(entry.pointee.text, text)
        }
    }

    func size(_ text: StackTree.Text, _ width: Double) -> (
        size: Size, baselines: (first: Double, last: Double)?
    )? {
        guard !slots.isEmpty else { return nil }
        return size(text, width, key: Self.key(text, width))
    }

    /// `size(_:_:)` of a text whose key (`key(_:_:)`) is worked out: a
    /// miss is then kept under it (`insert`) without hashing the text again.
    func size(_ text: StackTree.Text, _ width: Double, key: (bytes: Int, hash: UInt64)) -> (
        size: Size, baselines: (first: Double, last: Double)?
    )? {
        // (Field by field: no copy of the entry, which retains its text.)
        guard let place = find(text, width, key) else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            (slots[place].size, slots[place].baselines.map { (first: $0.0, last: $0.1) })
        }
    }

    /// `size(text, width)` where the place of the text last found or kept
    /// (`last`) holds this plain text, by its bytes, at `width` (the
    /// entry `find` would give); nil otherwise.
    func lastSize(_ text: StackTree.Text, _ width: Double) -> (
        size: Size, baselines: (first: Double, last: Double)?
    )? {
        guard last >= 0, case .plain(let plain) = text else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            let entry = slots.baseAddress! + last
            // (The length first, as `holds` compares it: most rows bring
            // another text, told apart without reading its bytes.)
            guard entry.pointee.width == width, entry.pointee.bytes == plain.utf8.count,
                Self.same(entry.pointee.text, text)
            else {
                return nil
            }
            return (entry.pointee.size, entry.pointee.baselines.map { (first: $0.0, last: $0.1) })
        }
    }

    /// `size(_:_:key:)`, the place found becoming `last`.
    mutating func noteSize(_ text: StackTree.Text, _ width: Double, key: (bytes: Int, hash: UInt64))
        -> (size: Size, baselines: (first: Double, last: Double)?)?
    {
        guard let place = find(text, width, key) else { return nil }
        last = place
        return slots.withUnsafeBufferPointer { slots in
            (slots[place].size, slots[place].baselines.map { (first: $0.0, last: $0.1) })
        }
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
        if let place = find(text, width, key) {
            slots[place].size = size
            if baselines != nil { slots[place].baselines = baselines }
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

    /// Puts the entry in an empty place of its group, else in the one
    /// whose turn it is.
    mutating func insert(
        _ text: StackTree.Text, _ key: (bytes: Int, hash: UInt64), _ width: Double, _ size: Size,
        _ baselines: (Double, Double)?
    ) {
        let entry = Entry(
            text: text, bytes: key.bytes, hash: key.hash, width: width, size: size,
            baselines: baselines)
        added += 1
        if slots.isEmpty {
            slots = Array(repeating: Self.vacant, count: Self.slotCount)
            filled = Array(repeating: false, count: Self.slotCount)
            hashes = Array(repeating: 0, count: Self.slotCount)
        }
        let start = Self.group(entry.hash)
        for place in start..<(start + Self.groupSize) where !filled[place] {
            slots[place] = entry
            filled[place] = true
            hashes[place] = entry.hash
            last = place
            return
        }
        slots[start + turn] = entry
        hashes[start + turn] = entry.hash
        last = start + turn
        turn = (turn + 1) % Self.groupSize
    }
}
