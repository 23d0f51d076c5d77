// The word cache's shard table (`_ByteKeyTable`): open addressing over
// 64-byte entries, written under the shard's lock and read without it.
// An entry is written once into an empty slot and published by a release
// store of its `lengthAndTag` word, which readers load with acquire
// ordering; growing or emptying a table makes new slots (and, emptying, a
// new key arena) rather than changing the ones readers may still hold
// (`_SharedWordView`, WordWidthCache+SharedView.swift).
import CTrellisICU

#if canImport(Glibc)
    import Glibc
#endif

/// One slot of `_ByteKeyTable`: one 64-byte cache line holding the key's
/// first 16 bytes, its length and tag and the value.
struct _ByteKeyEntry {
    var word0: UInt64 = 0
    var word1: UInt64 = 0
    /// `length << 32 | tag`; 0 = empty slot. Written last, with release
    /// ordering (`_ByteKeyTable.publish`), and read first, with acquire.
    var lengthAndTag: UInt64 = 0
    /// Low 32 bits of the key's hash (to place it again when growing).
    var hash: UInt32 = 0
    /// Where the key's bytes after its first 16 are in the table's arena.
    var arenaStart: Int32 = 0
    var value = _PieceMeasure()

    static let lengthAndTagOffset = MemoryLayout<_ByteKeyEntry>.offset(of: \.lengthAndTag)!
}

/// The bytes of long keys after their first 16, in chunks that never move
/// (a reader compares against them while the writer appends): chunk 0
/// holds positions 0..<4096, chunk k ≥ 1 positions 4096·2^(k−1)..<4096·2^k,
/// so the chunks double as a growing array would, and a position's chunk
/// is its bit length past the first 12 bits. Freed with the last table
/// generation that uses it.
final class _KeyArena {
    static let firstChunk = 4096
    /// Chunks 0..<20 hold positions below 2^31 (`Int32`).
    static let chunkLimit = 20
    /// Each chunk's address minus its first position (0: not made yet),
    /// so a position's address is `bases[chunk] + position`.
    let bases: UnsafeMutablePointer<UInt>
    /// Each chunk's own address (nil: not made yet), which frees it; also
    /// what tells a leak checker (LeakSanitizer) that the chunk is in use,
    /// since `bases` points before every chunk but the first.
    private let chunks: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// The next free position.
    private var end = 0

    init() {
        bases = .allocate(capacity: Self.chunkLimit)
        bases.initialize(repeating: 0, count: Self.chunkLimit)
        chunks = .allocate(capacity: Self.chunkLimit)
        chunks.initialize(repeating: nil, count: Self.chunkLimit)
    }

    deinit {
        for chunk in 0..<Self.chunkLimit { chunks[chunk]?.deallocate() }
        chunks.deallocate()
        bases.deallocate()
    }

    @inline(__always)
    static func chunk(of position: Int) -> Int {
        UInt64.bitWidth &- (UInt64(truncatingIfNeeded: position) >> 12).leadingZeroBitCount
    }

    static func start(of chunk: Int) -> Int { chunk == 0 ? 0 : firstChunk << (chunk - 1) }

    static func size(of chunk: Int) -> Int { chunk == 0 ? firstChunk : firstChunk << (chunk - 1) }

    /// The address of `position`, through `bases` (read without the lock:
    /// a chunk's base is written before any entry that points into it is
    /// published).
    @inline(__always)
    static func address(_ position: Int32, bases: UnsafePointer<UInt>) -> UnsafeRawPointer {
        let position = Int(position)
        return UnsafeRawPointer(bitPattern: bases[chunk(of: position)] &+ UInt(position))!
    }

    /// Copies `bytes` (at most `firstChunk` of them) to the end, in one
    /// chunk; their position, or nil when the arena is full.
    func append(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        precondition(bytes.count <= Self.firstChunk)
        var chunk = Self.chunk(of: end)
        if end + bytes.count > Self.start(of: chunk) + Self.size(of: chunk) {
            chunk += 1
            end = Self.start(of: chunk)
        }
        guard chunk < Self.chunkLimit else { return nil }
        if bases[chunk] == 0 {
            let memory = UnsafeMutableRawPointer.allocate(
                byteCount: Self.size(of: chunk), alignment: 16)
            chunks[chunk] = memory
            bases[chunk] = UInt(bitPattern: memory) &- UInt(Self.start(of: chunk))
        }
        let position = end
        if let source = bytes.baseAddress, !bytes.isEmpty {
            UnsafeMutableRawPointer(mutating: Self.address(Int32(position), bases: bases))
                .copyMemory(from: source, byteCount: bytes.count)
        }
        end += bytes.count
        return Int32(position)
    }
}

/// Open addressing (linear probing) with the entries in the slot array
/// itself (`_ByteKeyEntry`, one cache line each), so a lookup costs one
/// memory access (the earlier layout, a slot array pointing into an entry
/// array, cost two misses per lookup, the largest cost of warm layout in
/// profiles). Keys longer than 16 bytes keep the rest of their bytes in the
/// arena. A lookup allocates nothing and hashes no `String`. The slot array
/// grows with the entries (load factor at most 1/2, or 3/4 from
/// `denseSlots` slots on), so a table with few entries stays small and
/// cache-friendly.
///
/// One writer at a time (the shard's lock), any number of readers at once,
/// without it: a slot is written once, while empty, its `lengthAndTag`
/// last with release ordering (`publish`), and readers load that word
/// with acquire ordering first (`value(for:in:)`), so a reader that finds
/// the key reads the entry as it was written. Growing and emptying make a
/// new slot array (and emptying a new arena); a reader holding the old
/// ones (`generation`) reads a table that no longer changes.
struct _ByteKeyTable {
    /// What a reader holds of a table: its slots and arena, retained.
    struct Generation {
        let slots: _AlignedBuffer<_ByteKeyEntry>
        let arena: _KeyArena
    }

    private(set) var slots: _AlignedBuffer<_ByteKeyEntry>
    private(set) var arena = _KeyArena()
    /// `slots`' address | log2(its count), for `_WordWidthCache.prefetch`.
    var slotsHint: UInt {
        UInt(bitPattern: slots.pointer) | UInt(slots.count.trailingZeroBitCount)
    }
    private(set) var count = 0
    private let maximumCount: Int
    private static let initialSlots = 64
    /// From this many slots (256 KB) on, a table fills up to three
    /// quarters before it doubles, where smaller ones double past half:
    /// the slots of a large vocabulary's tables are memory the kernel
    /// zeroes page by page, and with at most half of them used 5,000 rows
    /// of Russian prose (35,621 distinct words) grew 16 tables to 8,192
    /// slots, 8 MB, and freed 8 MB more on the way. Lookups probe a few
    /// more slots of the same page.
    static let denseSlots = 4096
    static let entryStride = MemoryLayout<_ByteKeyEntry>.stride

    init(maximumCount: Int) {
        self.maximumCount = maximumCount
        slots = _AlignedBuffer(count: _ByteKeyTable.initialSlots, repeating: _ByteKeyEntry())
    }

    /// The slots and arena as they are now.
    var generation: Generation { Generation(slots: slots, arena: arena) }

    mutating func removeAll() {
        arena = _KeyArena()
        count = 0
        slots = _AlignedBuffer(count: _ByteKeyTable.initialSlots, repeating: _ByteKeyEntry())
    }

    func value(for key: _ByteKey) -> _PieceMeasure? {
        Self.value(for: key, in: slots.pointer, mask: slots.count - 1, arena: arena.bases)
    }

    /// The value of `key` in the slots at `entries` (`mask + 1` of them) and
    /// the arena whose chunk bases are `arena`, read without a lock: each
    /// slot's `lengthAndTag` with acquire ordering, the rest of an entry
    /// only once that word is its key's.
    @inline(__always)
    static func value(
        for key: _ByteKey, in entries: UnsafePointer<_ByteKeyEntry>, mask: Int,
        arena: UnsafePointer<UInt>
    ) -> _PieceMeasure? {
        var slot = Int(truncatingIfNeeded: key.hash) & mask
        while true {
            let entry = entries + slot
            let lengthAndTag = trellis_atomic_load_acquire(
                UnsafeRawPointer(entry).advanced(by: _ByteKeyEntry.lengthAndTagOffset)
                    .assumingMemoryBound(to: UInt64.self))
            if lengthAndTag == 0 { return nil }
            if lengthAndTag == key.lengthAndTag && entry.pointee.word0 == key.word0
                && entry.pointee.word1 == key.word1
                && (key.bytes.count <= 16
                    || tailEquals(entry.pointee.arenaStart, key.bytes, arena: arena))
            {
                return entry.pointee.value
            }
            slot = (slot + 1) & mask
        }
    }

    @inline(__always)
    private static func tailEquals(
        _ start: Int32, _ bytes: UnsafeRawBufferPointer, arena: UnsafePointer<UInt>
    ) -> Bool {
        memcmp(_KeyArena.address(start, bases: arena), bytes.baseAddress! + 16, bytes.count - 16)
            == 0
    }

    /// Adds `value` for `key` unless the key is there. One probe finds
    /// either the key or the first empty slot from its hash, where `place`
    /// would put it (a look-up, then `place`'s own probe, walked the same
    /// slots twice); the entry goes there unless the table is emptied or
    /// grows first. A key whose bytes the arena has no room for is not
    /// added. Whether the table made new slots (grew or was emptied).
    @discardableResult
    mutating func insert(_ value: _PieceMeasure, for key: _ByteKey) -> Bool {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: key.hash) & mask
        while true {
            let entry = slots.pointer + slot
            if entry.pointee.lengthAndTag == 0 { break }
            if entry.pointee.lengthAndTag == key.lengthAndTag && entry.pointee.word0 == key.word0
                && entry.pointee.word1 == key.word1
                && (key.bytes.count <= 16
                    || Self.tailEquals(entry.pointee.arenaStart, key.bytes, arena: arena.bases))
            {
                return false
            }
            slot = (slot + 1) & mask
        }
        var emptied = false
        if count >= maximumCount {
            removeAll()
            emptied = true
        }
        var arenaStart: Int32 = 0
        if key.bytes.count > 16 {
            guard let start = arena.append(UnsafeRawBufferPointer(rebasing: key.bytes[16...]))
            else { return emptied }
            arenaStart = start
        }
        count += 1
        let entry = _ByteKeyEntry(
            word0: key.word0, word1: key.word1, lengthAndTag: key.lengthAndTag,
            hash: UInt32(truncatingIfNeeded: key.hash), arenaStart: arenaStart, value: value)
        if !Self.holds(count, slots: slots.count) {
            resize(to: slots.count * 2)
            place(entry)
            return true
        }
        if emptied {
            place(entry)
        } else {
            Self.publish(entry, at: slots.pointer + slot)
        }
        return emptied
    }

    /// Whether `slots` slots hold `entries` entries without doubling: at
    /// most half full below `denseSlots` slots, three quarters from there.
    @inline(__always)
    static func holds(_ entries: Int, slots: Int) -> Bool {
        entries * 2 <= slots || (slots >= denseSlots && entries * 4 <= slots * 3)
    }

    /// Makes the slot array as large as inserting `entries` entries (at
    /// most `maximumCount`) would grow it, placing the entries there again,
    /// so that a table that fills to them skips the arrays it would have
    /// doubled through (memory the kernel zeroes for nothing once they are
    /// freed). Whether it made new slots. Nothing else changes: an entry's
    /// value does not depend on where it lies.
    @discardableResult
    mutating func reserve(_ entries: Int) -> Bool {
        let target = min(entries, maximumCount)
        var size = slots.count
        while !Self.holds(target, slots: size) { size *= 2 }
        guard size > slots.count else { return false }
        resize(to: size)
        return true
    }

    /// Writes `entry` into the empty slot `target`: every word but
    /// `lengthAndTag`, then that one with release ordering, so a reader
    /// that loads it (with acquire ordering) sees the rest written.
    @inline(__always)
    static func publish(_ entry: _ByteKeyEntry, at target: UnsafeMutablePointer<_ByteKeyEntry>) {
        target.pointee.word0 = entry.word0
        target.pointee.word1 = entry.word1
        target.pointee.hash = entry.hash
        target.pointee.arenaStart = entry.arenaStart
        target.pointee.value = entry.value
        trellis_atomic_store_release(
            UnsafeMutableRawPointer(target).advanced(by: _ByteKeyEntry.lengthAndTagOffset)
                .assumingMemoryBound(to: UInt64.self), entry.lengthAndTag)
    }

    private func place(_ entry: _ByteKeyEntry) {
        let mask = slots.count - 1
        var slot = Int(entry.hash) & mask
        while slots.pointer[slot].lengthAndTag != 0 { slot = (slot + 1) & mask }
        Self.publish(entry, at: slots.pointer + slot)
    }

    /// Makes a slot array of `count` slots (more than now, a power of two)
    /// and places the existing entries again (each keeps the hash bits that
    /// choose its position); the old array is left as it was, for readers
    /// that still hold it.
    ///
    /// Of each new slot only `lengthAndTag` is written (0, empty), one word
    /// of its cache line: every other field is written with the entry that
    /// fills the slot and read only after it. Filling whole entries with
    /// zeros was a `memset` of every byte (5,000 rows of Russian prose:
    /// 16.6 M instructions, 112 doublings).
    private mutating func resize(to count: Int) {
        let old = slots
        slots = _AlignedBuffer(uninitializedCount: count)
        let empty = _ByteKeyEntry.lengthAndTagOffset
        let raw = UnsafeMutableRawPointer(slots.pointer)
        for index in 0..<slots.count {
            raw.storeBytes(of: 0, toByteOffset: index &* Self.entryStride &+ empty, as: UInt64.self)
        }
        for index in 0..<old.count where old.pointer[index].lengthAndTag != 0 {
            place(old.pointer[index])
        }
    }
}
