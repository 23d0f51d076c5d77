// The word-width cache: widths of the pieces of text between line break
// opportunities, shaped once per font collection and direction (the idea of
// Android minikin's LayoutCache and Chrome's ShapeCache). Widths are stored in
// ems, so one entry serves every point size.
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

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
        let table: _Locked<_ByteKeyTable>
        init(capacity: Int) { table = _Locked(_ByteKeyTable(maximumCount: capacity)) }
    }

    private let shards: [Shard]
    let capacity: Int
    /// Bumped by `removeAll`, so workspaces empty their front caches too.
    let generation = Atomic<Int>(0)

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

    func insert(
        _ value: _PieceMeasure, for bytes: UnsafeRawBufferPointer, tag: UInt32, hash: UInt64
    ) {
        shard(hash).table.withLock { $0.insert(value, for: bytes, tag: tag, hash: hash) }
    }

    /// Number of cached pieces (for tests and reports).
    var count: Int {
        shards.reduce(0) { total, shard in total + shard.table.withLock { $0.count } }
    }

    func removeAll() {
        for shard in shards { shard.table.withLock { $0.removeAll() } }
        generation.add(1, ordering: .releasing)
    }
}

/// Open addressing (linear probing). Each slot packs the low 32 bits of the
/// hash with an entry index, so a probe rejects other keys without touching
/// their entries; keys up to 16 bytes live inside their 64-byte entry, longer
/// ones in one byte arena. A lookup allocates nothing and hashes no `String`.
/// The slot array grows with the entries (load factor at most 1/2), so a
/// table with few entries stays small and cache-friendly.
struct _ByteKeyTable {
    private struct Entry {
        var inline0: UInt64
        var inline1: UInt64
        var arenaStart: Int32
        var keyLength: Int32
        var tag: UInt32
        var value: _PieceMeasure
    }

    /// (entry index + 1) << 32 | low 32 bits of the hash; 0 = empty.
    private var slots: [UInt64]
    private var entries: [Entry] = []
    private var arena: [UInt8] = []
    private let maximumCount: Int

    init(maximumCount: Int) {
        self.maximumCount = maximumCount
        slots = [UInt64](repeating: 0, count: 64)
    }

    var count: Int { entries.count }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        slots = [UInt64](repeating: 0, count: 64)
    }

    func value(for bytes: UnsafeRawBufferPointer, tag: UInt32, hash: UInt64) -> _PieceMeasure? {
        let low = hash & 0xFFFF_FFFF
        let (word0, word1) = _FrontWordCache.inlineWords(bytes)
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                let mask = slots.count - 1
                var slot = Int(truncatingIfNeeded: low) & mask
                while true {
                    let stored = slots[slot]
                    if stored == 0 { return nil }
                    if stored & 0xFFFF_FFFF == low {
                        let entry = entries[Int(stored >> 32) - 1]
                        if entry.tag == tag && entry.keyLength == bytes.count
                            && entry.inline0 == word0
                            && entry.inline1 == word1
                            && (bytes.count <= 16 || arenaEquals(entry, bytes))
                        {
                            return entry.value
                        }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    private func arenaEquals(_ entry: Entry, _ bytes: UnsafeRawBufferPointer) -> Bool {
        arena.withUnsafeBytes { arenaBytes in
            let start = Int(entry.arenaStart)
            return memcmp(arenaBytes.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0
        }
    }

    mutating func insert(
        _ value: _PieceMeasure, for bytes: UnsafeRawBufferPointer, tag: UInt32, hash: UInt64
    ) {
        if self.value(for: bytes, tag: tag, hash: hash) != nil { return }
        if entries.count >= maximumCount { removeAll() }
        let (word0, word1) = _FrontWordCache.inlineWords(bytes)
        var arenaStart: Int32 = 0
        if bytes.count > 16 {
            arenaStart = Int32(arena.count)
            arena.append(contentsOf: bytes)
        }
        entries.append(
            Entry(
                inline0: word0, inline1: word1, arenaStart: arenaStart,
                keyLength: Int32(bytes.count), tag: tag,
                value: value))
        if entries.count * 2 > slots.count { grow() }
        place(UInt64(entries.count) << 32 | (hash & 0xFFFF_FFFF))
    }

    private mutating func place(_ packed: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: packed & 0xFFFF_FFFF) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = packed
    }

    /// Doubles the slot array and places the existing entries again (the
    /// slots keep the hash bits that choose the position).
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        for packed in old where packed != 0 { place(packed) }
    }
}

/// A small direct-mapped cache in front of the shared one, private to a
/// workspace (so to one thread at a time): no lock, and the most frequent
/// words of a list (word frequencies follow Zipf's law) stay in the CPU's
/// cache instead of costing two memory misses in the large shared table.
/// Holds keys of up to 16 bytes; 1,024 entries of 64 bytes (64 KB, which
/// stays in a core's L2 cache).
final class _FrontWordCache {
    private struct Entry {
        var inline0: UInt64 = 0
        var inline1: UInt64 = 0
        var lengthAndTag: UInt64 = .max  // length << 32 | tag; .max = empty
        var value = _PieceMeasure()
    }

    static let size = 1024
    /// Entries behind a pointer: no copy-on-write or exclusivity checks on
    /// the hot path (the workspace, and so this cache, has one user at a time).
    private let entries: UnsafeMutablePointer<Entry>
    /// The shared cache's generation these entries belong to.
    private(set) var generation = 0

    init() {
        entries = UnsafeMutablePointer<Entry>.allocate(capacity: _FrontWordCache.size)
        entries.initialize(repeating: Entry(), count: _FrontWordCache.size)
    }

    deinit {
        entries.deinitialize(count: _FrontWordCache.size)
        entries.deallocate()
    }

    /// The first 16 bytes of a key, zero-padded, as two words.
    @inline(__always)
    static func inlineWords(_ bytes: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(16)))
        }
        return words
    }

    @inline(__always)
    func value(words: (UInt64, UInt64), length: Int, tag: UInt32, hash: UInt64) -> _PieceMeasure? {
        let entry = entries + (Int(truncatingIfNeeded: hash >> 20) & (_FrontWordCache.size - 1))
        if entry.pointee.lengthAndTag == UInt64(length) << 32 | UInt64(tag)
            && entry.pointee.inline0 == words.0
            && entry.pointee.inline1 == words.1
        {
            return entry.pointee.value
        }
        return nil
    }

    @inline(__always)
    func insert(
        _ value: _PieceMeasure, words: (UInt64, UInt64), length: Int, tag: UInt32, hash: UInt64
    ) {
        entries[Int(truncatingIfNeeded: hash >> 20) & (_FrontWordCache.size - 1)] = Entry(
            inline0: words.0, inline1: words.1, lengthAndTag: UInt64(length) << 32 | UInt64(tag),
            value: value)
    }

    func removeAll(generation: Int) {
        for index in 0..<_FrontWordCache.size { entries[index].lengthAndTag = .max }
        self.generation = generation
    }
}
