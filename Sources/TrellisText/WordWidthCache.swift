// The word-width cache: widths of the pieces of text between line break
// opportunities, shaped once per font collection and direction (the idea of
// Android minikin's LayoutCache and Chrome's ShapeCache). Widths are stored in
// ems, so one entry serves every point size.
import CTrellisICU
import Synchronization
import TrellisSupport

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
/// `_PieceMeasure`, split into 16 shards. A writer takes its shard's lock;
/// a reader takes none: it reads through a `_SharedWordView`
/// (WordWidthCache+SharedView.swift), which holds each shard's slots as
/// they were when it last looked and looks again when `layoutVersion`
/// moves (`_ByteKeyTable` writes an entry once and publishes it with a
/// release store).
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
        let table: Locked<_ByteKeyTable>
        /// The table's slot array as `address | log2(slot count)` (the
        /// address is 64-byte aligned), published for `prefetch`, which reads
        /// it without the lock: a stale value only prefetches a useless line.
        let slotsHint: Atomic<UInt>
        init(capacity: Int) {
            let table = _ByteKeyTable(maximumCount: capacity)
            slotsHint = Atomic(table.slotsHint)
            self.table = Locked(table)
        }
    }

    private let shards: [Shard]
    let capacity: Int
    /// Bumped by `removeAll`, so workspaces empty their front caches too.
    let generation = Atomic<Int>(0)
    /// Bumped (with release ordering, under the shard's lock) whenever a
    /// shard's slots or arena are replaced, by growing or emptying: a
    /// `_SharedWordView` that saw another value takes the shards again.
    let layoutVersion = Atomic<Int>(0)
    /// The measures of one-character CJK pieces the workspaces using this
    /// cache worked out (Workspace+IdeographMemo.swift).
    let ideographs = _SharedIdeographMeasures()

    init(capacity: Int) {
        self.capacity = capacity
        let perShard = max(16, capacity / _WordWidthCache.shardCount)
        shards = (0..<_WordWidthCache.shardCount).map { _ in Shard(capacity: perShard) }
    }

    /// Runs `body` with the shard for `hash`, unretained (this cache keeps
    /// its shards): taking it from the array retained and released it on
    /// every look-up, about 40 instructions of the lock's 90.
    @inline(__always)
    private func withShard<R>(_ hash: UInt64, _ body: (Shard) -> R) -> R {
        shards.withUnsafeBufferPointer { shards in
            Unmanaged.passUnretained(shards[Int(truncatingIfNeeded: hash >> 60)])
                ._withUnsafeGuaranteedRef(body)
        }
    }

    /// The measure of `key`, read under its shard's lock (a workspace
    /// reads through its `_SharedWordView`, without it).
    func value(for key: _ByteKey) -> _PieceMeasure? {
        withShard(key.hash) { $0.table.withLock { $0.value(for: key) } }
    }

    func insert(_ value: _PieceMeasure, for key: _ByteKey) {
        withShard(key.hash) { shard in
            shard.table.withLock { table in
                if table.insert(value, for: key) {
                    shard.slotsHint.store(table.slotsHint, ordering: .relaxed)
                    layoutVersion.add(1, ordering: .releasing)
                }
            }
        }
    }

    /// Gives each shard's table room for its share of `pieces` distinct
    /// pieces at once (`_ByteKeyTable.reserve`).
    func reserve(pieces: Int) {
        let perShard =
            (max(pieces, 0) + _WordWidthCache.shardCount - 1) / _WordWidthCache.shardCount
        for shard in shards {
            shard.table.withLock { table in
                if table.reserve(perShard) {
                    shard.slotsHint.store(table.slotsHint, ordering: .relaxed)
                    layoutVersion.add(1, ordering: .releasing)
                }
            }
        }
    }

    /// Each shard's slots and arena as they are now, each taken under its
    /// shard's lock (for `_SharedWordView`).
    func generations() -> [_ByteKeyTable.Generation] {
        shards.map { shard in shard.table.withLock { $0.generation } }
    }

    /// Starts loading the slot where a lookup of `key` begins, so the
    /// lookups of a text's pieces wait for memory once together rather than
    /// once each (a lookup takes a lock, which orders memory accesses).
    @inline(__always)
    func prefetch(_ key: _ByteKey) {
        let hint = withShard(key.hash) { $0.slotsHint.load(ordering: .relaxed) }
        let mask: UInt = (1 << (hint & 63)) &- 1
        let slot = UInt(truncatingIfNeeded: key.hash) & mask
        let stride = UInt(_ByteKeyTable.entryStride)
        trellis_prefetch(UnsafeRawPointer(bitPattern: (hint & ~63) + slot * stride))
    }

    /// Number of cached pieces (for tests and reports).
    var count: Int {
        shards.reduce(0) { total, shard in total + shard.table.withLock { $0.count } }
    }

    func removeAll() {
        for shard in shards {
            shard.table.withLock { table in
                table.removeAll()
                shard.slotsHint.store(table.slotsHint, ordering: .relaxed)
                layoutVersion.add(1, ordering: .releasing)
            }
        }
        generation.add(1, ordering: .releasing)
    }
}

/// A cache key: UTF-8 bytes (borrowed from the text being measured) with a
/// tag, their first 16 bytes as two words and their hash, all computed once
/// per piece and shared by the front cache and the shared table.
struct _ByteKey {
    let bytes: UnsafeRawBufferPointer
    /// The first 16 bytes, zero-padded (little-endian words).
    let word0: UInt64
    let word1: UInt64
    /// `length << 32 | tag`: never 0, since keys are not empty.
    let lengthAndTag: UInt64
    let hash: UInt64

    /// The key of `text[range]`. Bytes of `text` after the range may be read
    /// (and masked off) to load whole words; nothing outside `text` is read.
    /// The first two words, which the key keeps, are read outside the loop
    /// (most pieces have one or two), and the range is checked once.
    @inline(__always)
    init(_ text: UnsafeRawBufferPointer, _ range: Range<Int>, tag: UInt32) {
        precondition(range.lowerBound >= 0 && range.upperBound <= text.count)
        let start = range.lowerBound
        let count = range.upperBound &- start
        bytes = UnsafeRawBufferPointer(start: text.baseAddress.map { $0 + start }, count: count)
        lengthAndTag = UInt64(count) << 32 | UInt64(tag)
        var hash = _ByteKey.seed ^ lengthAndTag
        var first: (UInt64, UInt64) = (0, 0)
        if count > 0 {
            first.0 = _ByteKey.word(text, start, count)
            hash = _ByteKey.mix(hash, first.0)
        }
        if count > 8 {
            first.1 = _ByteKey.word(text, start &+ 8, count &- 8)
            hash = _ByteKey.mix(hash, first.1)
            var offset = 16
            while offset < count {
                hash = _ByteKey.mix(hash, _ByteKey.word(text, start &+ offset, count &- offset))
                offset &+= 8
            }
        }
        word0 = first.0
        word1 = first.1
        self.hash = _ByteKey.finalize(hash)
    }

    /// The hash of a whole buffer, as a key of it would have (for the
    /// prepared-text cache, whose keys are whole texts).
    @inline(__always)
    /// Whole words in a loop of their own, then the tail: the same value as
    /// `init`'s, in about a third of its instructions (a text is hashed on
    /// every layout, even when its prepared form is cached).
    static func hash(_ bytes: UnsafeRawBufferPointer, tag: UInt32) -> UInt64 {
        let count = bytes.count
        var hash = seed ^ (UInt64(count) << 32 | UInt64(tag))
        var offset = 0
        while offset &+ 8 <= count {
            hash = mix(hash, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset &+= 8
        }
        if offset < count { hash = mix(hash, word(bytes, offset, count &- offset)) }
        return finalize(hash)
    }

    private static let seed: UInt64 = 0x9e37_79b9_7f4a_7c15

    /// Up to 8 bytes from `start` (`remaining` of them belong to the key) as
    /// a little-endian word, zero-padded: one unaligned load when 8 bytes of
    /// `text` are there, else byte by byte.
    @inline(__always)
    private static func word(_ text: UnsafeRawBufferPointer, _ start: Int, _ remaining: Int)
        -> UInt64
    {
        if start &+ 8 <= text.count {
            let word = text.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            // `remaining` is 1 to 7 where the mask applies.
            return remaining >= 8
                ? word : word & ((1 &<< UInt64(truncatingIfNeeded: remaining &* 8)) &- 1)
        }
        var word: UInt64 = 0
        for index in 0..<min(remaining, 8) {
            word |= UInt64(text[start + index]) << UInt64(index &* 8)
        }
        return word
    }

    /// One step per 8 bytes (a multiply-xorshift, as in FxHash and wyhash),
    /// instead of FNV's one multiply per byte.
    @inline(__always)
    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let product = (hash ^ word) &* 0xbf58_476d_1ce4_e5b9
        return product ^ (product >> 29)
    }

    /// splitmix64's avalanche, so the top bits (shard), middle bits (front
    /// cache slot) and low bits (table slot) are all well mixed.
    @inline(__always)
    private static func finalize(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 30
        hash = hash &* 0xbf58_476d_1ce4_e5b9
        hash ^= hash >> 27
        hash = hash &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return hash
    }
}

/// A fixed-size array of trivial values on 64-byte boundaries (so a 64-byte
/// entry is exactly one cache line), freed with its last reference.
final class _AlignedBuffer<Element> {
    let pointer: UnsafeMutablePointer<Element>
    let count: Int

    /// `count` default values (`count` is a power of two for the tables here).
    init(count: Int, repeating value: Element) {
        self.count = count
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: count * MemoryLayout<Element>.stride, alignment: 64)
        pointer = raw.bindMemory(to: Element.self, capacity: count)
        pointer.initialize(repeating: value, count: count)
    }

    /// `count` elements whose memory the caller initializes (trivial
    /// elements only: nothing is deinitialized but what `init` wrote).
    init(uninitializedCount count: Int) {
        self.count = count
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: count * MemoryLayout<Element>.stride, alignment: 64)
        pointer = raw.bindMemory(to: Element.self, capacity: count)
    }

    deinit {
        pointer.deinitialize(count: count)
        pointer.deallocate()
    }
}

/// A small direct-mapped cache in front of the shared one, private to a
/// workspace (so to one thread at a time): no lock, and the most frequent
/// words of a list (word frequencies follow Zipf's law) stay in the CPU's
/// cache instead of costing a memory miss and a lock in the large shared table.
/// Holds keys of up to 16 bytes; 1,024 entries of 64 bytes (64 KB, which
/// stays in a core's L2 cache).
final class _FrontWordCache {
    private struct Entry {
        var word0: UInt64 = 0
        var word1: UInt64 = 0
        var lengthAndTag: UInt64 = 0  // 0 = empty
        var padding: UInt64 = 0  // one entry per 64-byte cache line
        var value = _PieceMeasure()
    }

    static let size = 1024
    /// Entries behind a pointer: no copy-on-write or exclusivity checks on
    /// the hot path (the workspace, and so this cache, has one user at a time).
    private let entries = _AlignedBuffer<Entry>(count: _FrontWordCache.size, repeating: Entry())
    /// The shared cache's generation these entries belong to.
    private(set) var generation = 0

    @inline(__always)
    private func entry(_ key: _ByteKey) -> UnsafeMutablePointer<Entry> {
        entries.pointer + (Int(truncatingIfNeeded: key.hash >> 20) & (_FrontWordCache.size - 1))
    }

    /// The cached measure of a key of up to 16 bytes.
    @inline(__always)
    func value(for key: _ByteKey) -> _PieceMeasure? {
        let entry = entry(key)
        if entry.pointee.lengthAndTag == key.lengthAndTag && entry.pointee.word0 == key.word0
            && entry.pointee.word1 == key.word1
        {
            return entry.pointee.value
        }
        return nil
    }

    @inline(__always)
    func insert(_ value: _PieceMeasure, for key: _ByteKey) {
        entry(key).pointee = Entry(
            word0: key.word0, word1: key.word1, lengthAndTag: key.lengthAndTag, value: value)
    }

    func removeAll(generation: Int) {
        for index in 0..<_FrontWordCache.size { entries.pointer[index].lengthAndTag = 0 }
        self.generation = generation
    }
}
