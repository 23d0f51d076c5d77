// The word-width cache: widths of the pieces of text between line break
// opportunities, shaped once per font collection and direction (the idea of
// Android minikin's LayoutCache and Chrome's ShapeCache). Widths are stored in
// ems, so one entry serves every point size.
import Synchronization

/// What shaping one piece of text gives, in ems of the point size (so a
/// width in points is `em · size + clusters · letterSpacing`).
struct _PieceMeasure: Sendable, Equatable {
    /// Advance of the piece without its trailing whitespace.
    var wordEm: Double = 0
    /// Advance of the trailing whitespace (it hangs past the line end).
    var spaceEm: Double = 0
    /// Character clusters without / with only the trailing whitespace (for letter spacing).
    var wordClusters: Int32 = 0
    var spaceClusters: Int32 = 0
    /// Bit i set when font i of the collection drew part of the piece.
    var fontMask: UInt32 = 0
    /// Clusters no font of the collection has (drawn with the first font's notdef glyph).
    var missingGlyphs: Int32 = 0

    mutating func add(_ other: _PieceMeasure) {
        wordEm += other.wordEm
        spaceEm += other.spaceEm
        wordClusters += other.wordClusters
        spaceClusters += other.spaceClusters
        fontMask |= other.fontMask
        missingGlyphs += other.missingGlyphs
    }
}

/// A thread-safe map from (font collection, direction, UTF-8 bytes) to
/// `_PieceMeasure`, split into 16 shards with a lock each so threads rarely
/// wait for each other.
///
/// Bound: each shard holds at most `capacity / 16` entries; a full shard is
/// emptied and starts over (a size cap rather than LRU: the working set of a
/// list is a vocabulary, which either fits or churns, and a reset costs one
/// reshaping of each word that comes back). Pieces longer than
/// `maximumKeyLength` bytes are not cached.
final class _WordWidthCache: @unchecked Sendable {
    static let shardCount = 16
    static let maximumKeyLength = 128

    private final class Shard {
        let table: Mutex<_ByteKeyTable>
        init(capacity: Int) { table = Mutex(_ByteKeyTable(maximumCount: capacity)) }
    }

    private let shards: [Shard]
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        let perShard = max(16, capacity / _WordWidthCache.shardCount)
        shards = (0..<_WordWidthCache.shardCount).map { _ in Shard(capacity: perShard) }
    }

    /// The hash of a key; `tag` packs the collection id and the direction.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, tag: UInt32) -> UInt64 {
        // FNV-1a over the bytes, then a final avalanche (splitmix64) so the
        // top bits (shard) and low bits (slot) are both well mixed.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(tag)
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        hash ^= hash >> 30
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27
        hash = hash &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return hash
    }

    @inline(__always)
    private func shard(_ hash: UInt64) -> Shard {
        shards[Int(truncatingIfNeeded: hash >> 60)]
    }

    func value(for bytes: UnsafeRawBufferPointer, tag: UInt32, hash: UInt64) -> _PieceMeasure? {
        shard(hash).table.withLock { $0.value(for: bytes, tag: tag, hash: hash) }
    }

    func insert(_ value: _PieceMeasure, for bytes: UnsafeRawBufferPointer, tag: UInt32, hash: UInt64) {
        shard(hash).table.withLock { $0.insert(value, for: bytes, tag: tag, hash: hash) }
    }

    /// Number of cached pieces (for tests and reports).
    var count: Int {
        shards.reduce(0) { total, shard in total + shard.table.withLock { $0.count } }
    }

    func removeAll() {
        for shard in shards { shard.table.withLock { $0.removeAll() } }
    }
}

/// Open addressing (linear probing) over 64-bit hashes; key bytes live in one
/// arena, so a lookup allocates nothing and hashes no `String`.
struct _ByteKeyTable {
    private struct Entry {
        var hash: UInt64
        var keyStart: Int32
        var keyLength: Int32
        var tag: UInt32
        var value: _PieceMeasure
    }

    private var slots: [Int32]  // index into entries + 1; 0 = empty
    private var entries: [Entry] = []
    private var arena: [UInt8] = []
    private let maximumCount: Int

    init(maximumCount: Int) {
        self.maximumCount = maximumCount
        var size = 16
        while size < maximumCount * 2 { size <<= 1 }
        slots = [Int32](repeating: 0, count: size)
    }

    var count: Int { entries.count }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        for index in slots.indices { slots[index] = 0 }
    }

    func value(for bytes: UnsafeRawBufferPointer, tag: UInt32, hash: UInt64) -> _PieceMeasure? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            let entry = entries[Int(stored) - 1]
            if entry.hash == hash && entry.tag == tag && entry.keyLength == bytes.count
                && keyEquals(entry, bytes)
            {
                return entry.value
            }
            slot = (slot + 1) & mask
        }
    }

    private func keyEquals(_ entry: Entry, _ bytes: UnsafeRawBufferPointer) -> Bool {
        arena.withUnsafeBytes { arenaBytes in
            let start = Int(entry.keyStart)
            for index in 0..<bytes.count where arenaBytes[start + index] != bytes[index] {
                return false
            }
            return true
        }
    }

    mutating func insert(_ value: _PieceMeasure, for bytes: UnsafeRawBufferPointer, tag: UInt32, hash: UInt64) {
        if self.value(for: bytes, tag: tag, hash: hash) != nil { return }
        if entries.count >= maximumCount { removeAll() }
        let entry = Entry(
            hash: hash, keyStart: Int32(arena.count), keyLength: Int32(bytes.count), tag: tag, value: value)
        arena.append(contentsOf: bytes)
        entries.append(entry)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entries.count)
    }
}
