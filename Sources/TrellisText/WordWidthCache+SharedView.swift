// A workspace's view of the shared word cache: each shard's slots and
// arena as they were when the view last looked, retained, and read
// without the shard's lock (`_ByteKeyTable`'s entries are written once and
// published with release ordering).
import Synchronization

/// The shards of a `_WordWidthCache` as one reader sees them: their
/// current slot arrays and arenas, retained, so that a shard that grows or
/// is emptied meanwhile frees nothing this view reads. One user at a time
/// (a workspace's).
///
/// A look-up reads the shard's slots without a lock. The view takes the
/// shards again (each under its lock) when the cache's `layoutVersion` has
/// moved since it last did, which growing or emptying a shard does; until
/// then it reads slots that are no longer written, and a key added since
/// is not found there: the caller measures the piece itself and gets the
/// same measure (a measure depends only on the key's bytes and fonts, as
/// when two threads miss the same new word at once).
final class _SharedWordView {
    /// One shard's slots as the view holds them.
    private struct Shard {
        var entries: UnsafePointer<_ByteKeyEntry>
        var mask: Int
        var arena: UnsafePointer<UInt>
    }

    /// Trivial values: written over without being deinitialized.
    private let shards: UnsafeMutablePointer<Shard>
    /// What `shards` point into, kept alive here.
    @exclusivity(unchecked) private var generations: [_ByteKeyTable.Generation] = []
    /// The cache viewed (retained, so its address names it), its address
    /// (compared on each look-up without retaining either) and its
    /// `layoutVersion` when the view took its shards (−1: none yet).
    @exclusivity(unchecked) private var cache: _WordWidthCache?
    @exclusivity(unchecked) private var cacheAddress: UInt = 0
    @exclusivity(unchecked) private var version = -1

    init() {
        shards = .allocate(capacity: _WordWidthCache.shardCount)
    }

    deinit {
        shards.deallocate()
    }

    /// The measure `cache` holds for `key`, or nil: the same as
    /// `cache.value(for:)`, but without the shard's lock.
    @inline(__always)
    func value(for key: _ByteKey, in cache: _WordWidthCache) -> _PieceMeasure? {
        if cacheAddress != UInt(bitPattern: ObjectIdentifier(cache))
            || version != cache.layoutVersion.load(ordering: .relaxed)
        {
            take(cache)
        }
        let shard = shards[Int(truncatingIfNeeded: key.hash >> 60)]
        return _ByteKeyTable.value(
            for: key, in: shard.entries, mask: shard.mask, arena: shard.arena)
    }

    /// Takes each shard's slots and arena as they are now.
    @inline(never)
    private func take(_ cache: _WordWidthCache) {
        // Read first: a shard that changes after this still moves it.
        let current = cache.layoutVersion.load(ordering: .acquiring)
        let taken = cache.generations()
        let slots = taken.map {
            Shard(
                entries: UnsafePointer($0.slots.pointer), mask: $0.slots.count - 1,
                arena: UnsafePointer($0.arena.bases))
        }
        for (index, shard) in slots.enumerated() { (shards + index).initialize(to: shard) }
        generations = taken
        self.cache = cache
        cacheAddress = UInt(bitPattern: ObjectIdentifier(cache))
        version = current
    }
}
