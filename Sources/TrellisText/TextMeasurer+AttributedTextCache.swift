// Prepared attributed texts, kept by their string and runs, so measuring the
// same attributed text again (a second layout pass, a new width) skips
// breaking and measuring its pieces, as prepared texts in one style do.

import TrellisSupport

/// Prepared attributed texts by a hash of their UTF-8 bytes and runs,
/// checked against the string and runs they were prepared from. Bound:
/// `capacity` texts; a full table starts over (as the other caches do).
/// Apart from the prepared-text cache of texts in one style, whose lookups
/// stay as they were.
final class _AttributedTextCache: @unchecked Sendable {
    private struct Entry {
        let text: _PreparedText
        let runs: [AttributedText.Run]
    }

    /// Keyed as the process's font tables are (`_TableKey`), a runtime
    /// conformance scan less than `UInt64` keys cost every process.
    private let table = Locked<[_TableKey: Entry]>([:])
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The hash of `text`'s bytes (`_ByteKey.hash`, the prepared-text
    /// cache's) with its runs' ends and attributes folded into the tag.
    /// - Complexity: O(n) in the length of the text.
    static func hash(_ text: AttributedText) -> UInt64 {
        var runs: UInt64 = 0xcbf2_9ce4_8422_2325
        for run in text.runs {
            for value in [
                UInt64(run.range.upperBound), UInt64(UInt32(bitPattern: run.attributes.fonts.id)),
                run.attributes.size.bitPattern, run.attributes.letterSpacing.bitPattern,
                run.attributes.baselineOffset.bitPattern,
            ] {
                runs = (runs ^ value) &* 0x100_0000_01b3
            }
        }
        let tag = UInt32(truncatingIfNeeded: runs ^ runs >> 32)
        var string = text.string
        return string.withUTF8 { _ByteKey.hash(UnsafeRawBufferPointer($0), tag: tag) }
    }

    /// The prepared text of `text`, whose hash is `hash`, if cached.
    func value(for text: AttributedText, hash: UInt64) -> _PreparedText? {
        table.withLock { entries in
            guard let entry = entries[.number(hash)], entry.runs == text.runs,
                entry.text.text == text.string
            else { return nil }
            return entry.text
        }
    }

    func insert(_ prepared: _PreparedText, of text: AttributedText, hash: UInt64) {
        table.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[.number(hash)] = Entry(text: prepared, runs: text.runs)
        }
    }

    func removeAll() {
        table.withLock { $0.removeAll() }
    }
}
