// The prepared-text cache: texts found by their string's identity or bytes,
// so a text measured again skips preparing it.

import Dispatch
import TrellisGeometry
import TrellisSupport

#if canImport(Glibc)
    import Glibc
#endif

extension StringWords {
    /// A hash of the words and the font collection's id (the prepared-text
    /// cache's second index: a prepared text holds the string it was made
    /// from, so a later call with that same string, a row's text or a
    /// label's, is found by these words alone).
    @inline(__always)
    func hash(fonts: Int32) -> UInt64 {
        var hash = first ^ (second << 29 | second >> 35) ^ UInt64(UInt32(bitPattern: fonts))
        hash = hash &* 0x9e37_79b9_7f4a_7c15
        return hash ^ hash >> 29
    }
}

/// Prepared texts by (text, font collection), sharded like the word cache.
/// Bound: at most `capacity / 16` texts per shard; a full shard starts over.
///
/// Keyed by a hash of the text's UTF-8 bytes computed once per layout (the
/// lookup and the insertion of a cold text share it) and checked against the
/// prepared text's own bytes: no `String` is copied or hashed. A second
/// index finds a text by the identity of the string it was prepared from
/// (`StringWords`), which spares hashing and reading the bytes when the
/// caller passes that same string again, as lists and labels do.
final class _PreparedTextCache: @unchecked Sendable {
    static let maximumTextLength = 16 * 1024

    /// A slot of `Table`: a struct, not a tuple, so that an array of slots
    /// is destroyed through the struct's own value witness (a release per
    /// slot) rather than through the runtime's generic witnesses of a tuple
    /// and an optional, about 50 instructions a slot besides the release
    /// (a shard starts over every `capacity / 16` texts, and doubles).
    private struct Slot {
        var hash: UInt64
        var text: _PreparedText?
    }

    /// Open addressing (linear probing, load factor at most 1/2).
    private struct Table {
        var slots = [Slot](repeating: Slot(hash: 0, text: nil), count: 16)
        var count = 0

        /// The first text under `hash` that `matches`.
        @inline(__always)
        func first(hash: UInt64, where matches: (_PreparedText) -> Bool) -> _PreparedText? {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while let text = slots[slot].text {
                if slots[slot].hash == hash && matches(text) { return text }
                slot = (slot + 1) & mask
            }
            return nil
        }

        func value(for bytes: UnsafeRawBufferPointer, fonts: Int32, hash: UInt64)
            -> _PreparedText?
        {
            first(hash: hash) { text in
                text.lookupFontsID == fonts && text.byteCount == bytes.count
                    && text.withBytes({
                        // The same storage (the caller's string, as cached) needs no comparison.
                        $0.baseAddress! == bytes.baseAddress!
                            || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                    })
            }
        }

        func value(identity: StringWords, fonts: Int32, hash: UInt64) -> _PreparedText? {
            first(hash: hash) { $0.identity == identity && $0.lookupFontsID == fonts }
        }

        mutating func insert(_ text: _PreparedText, hash: UInt64) {
            count += 1
            if count * 2 > slots.count {
                // Entries move to the new array: no retain and release of
                // each prepared text (which touched every one of them).
                var old = [Slot](repeating: Slot(hash: 0, text: nil), count: slots.count * 2)
                swap(&old, &slots)
                old.withUnsafeMutableBufferPointer { entries in
                    for index in entries.indices where entries[index].text != nil {
                        place((entries.baseAddress! + index).move())
                        (entries.baseAddress! + index).initialize(to: Slot(hash: 0, text: nil))
                    }
                }
            }
            place(Slot(hash: hash, text: text))
        }

        /// Takes ownership of `entry`, so storing it costs no retain.
        private mutating func place(_ entry: consuming Slot) {
            let hash = entry.hash
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].text != nil { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// The shards by text bytes, then the same texts by the identity of
    /// their strings; owned here and used through `unowned(unsafe)` views
    /// (`shard`, `identityShard`): retaining a shard for each lookup cost as
    /// much as the lookup, on a count all threads share.
    private let owners: [Locked<Table>]
    private let perShard: Int

    init(capacity: Int) {
        owners = (0..<32).map { _ in Locked(Table()) }
        perShard = max(1, capacity / 16)
    }

    /// Runs `body` with the shard for `hash` of the byte index (`identity`
    /// false) or of the identity index, locked.
    @inline(__always)
    private func withShard<R>(
        _ hash: UInt64, identity: Bool = false, _ body: (inout Table) -> R
    ) -> R {
        let index = Int(truncatingIfNeeded: hash >> 60) + (identity ? 16 : 0)
        return owners.withUnsafeBufferPointer { owners in
            Unmanaged.passUnretained(owners[index])._withUnsafeGuaranteedRef {
                $0.withLock(body)
            }
        }
    }

    /// The prepared text of `bytes` with the collection `fonts`, if cached;
    /// `hash` is `_ByteKey.hash(bytes, tag: fonts)`.
    func value(for bytes: UnsafeRawBufferPointer, fonts: Int32, hash: UInt64) -> _PreparedText? {
        withShard(hash) { $0.value(for: bytes, fonts: fonts, hash: hash) }
    }

    /// The prepared text made from the string whose identity this is, if cached.
    @inline(__always)
    func value(identity: StringWords, fonts: Int32) -> _PreparedText? {
        let hash = identity.hash(fonts: fonts)
        return withShard(hash, identity: true) {
            $0.value(identity: identity, fonts: fonts, hash: hash)
        }
    }

    /// Adds a prepared text that is not cached yet, under the hash its lookup
    /// used, and under the identity of its string.
    func insert(_ value: _PreparedText, hash: UInt64) {
        let perShard = self.perShard
        let fonts = value.lookupFontsID
        withShard(hash) { table in
            let present = value.withBytes {
                table.value(for: UnsafeRawBufferPointer($0), fonts: fonts, hash: hash) != nil
            }
            if present { return }
            if table.count >= perShard { table = Table() }
            table.insert(value, hash: hash)
        }
        guard let identity = value.identity else { return }
        let identityHash = identity.hash(fonts: fonts)
        withShard(identityHash, identity: true) { table in
            if table.value(identity: identity, fonts: fonts, hash: identityHash) != nil { return }
            if table.count >= perShard { table = Table() }
            table.insert(value, hash: identityHash)
        }
    }

    func removeAll() {
        for shard in owners { shard.withLock { $0 = Table() } }
    }
}
