// The scratch of `_Workspace.prepare` (PreparedText.swift): how each piece
// is measured, and buffers kept from one text to the next for their storage.

/// How `prepare` finds a piece's measure.
enum _PieceLookup {
    /// The front cache had it.
    case measured
    /// In the shared cache under this key (whose slot is being loaded), or to be shaped.
    case shared(_ByteKey)
    /// Empty or too long for the caches: measured (shaped) on its own.
    case uncached
}

/// Scratch arrays of `_Workspace.prepare`, kept between texts for their
/// storage: one object a workspace, read through its reference (a struct
/// swapped out of the workspace and back would move its seven fields twice
/// a text and release the empty values swapped in, about 150 instructions).
/// Only `prepare` uses it, on the workspace's thread, and never from
/// within itself: its fields skip the dynamic exclusivity checks.
final class _PrepareScratch {
    /// How each piece of a left-to-right text is measured, and the pieces
    /// (`lookupsBuffer`, `piecesBuffer`; trivial values, written before
    /// they are read).
    @exclusivity(unchecked) private var lookups: _AlignedBuffer<_PieceLookup>?
    @exclusivity(unchecked) private var pieces: _AlignedBuffer<_Piece>?
    /// Runs of pieces measured from the ideograph memo (`memoRunsBuffer`).
    @exclusivity(unchecked) private var memoRuns: _AlignedBuffer<(first: Int32, end: Int32)>?
    /// Pieces no cache had that need HarfBuzz (pass 2 measured the others
    /// where it found them missing: `measureWithoutShaping`), with their
    /// ranges and trailing whitespace starts.
    @exclusivity(unchecked) var missedPieces: [Int] = []
    @exclusivity(unchecked) var missedParts: [_Part] = []
    /// What `shapeBatch` measured of them.
    @exclusivity(unchecked) var batched: [_PieceMeasure?] = []
    /// Pieces whose trailing whitespace takes its face from the next
    /// character, with that face (`trailingSpaceFace`), in reverse order
    /// once pass 1 is over.
    @exclusivity(unchecked) var trailingFaces: [(piece: Int, face: Int)] = []

    /// Room for `count` look-ups, kept for the next text.
    func lookupsBuffer(_ count: Int) -> UnsafeMutablePointer<_PieceLookup> {
        if (lookups?.count ?? 0) < count {
            lookups = _AlignedBuffer(uninitializedCount: max(count, 2 * (lookups?.count ?? 32)))
        }
        return lookups!.pointer
    }

    /// Room for `count` runs of pieces (first, end), kept for the next text.
    func memoRunsBuffer(_ count: Int) -> UnsafeMutablePointer<(first: Int32, end: Int32)> {
        if (memoRuns?.count ?? 0) < count {
            memoRuns = _AlignedBuffer(uninitializedCount: max(count, 2 * (memoRuns?.count ?? 32)))
        }
        return memoRuns!.pointer
    }

    /// Room for `count` pieces, kept for the next text.
    func piecesBuffer(_ count: Int) -> UnsafeMutablePointer<_Piece> {
        if (pieces?.count ?? 0) < count {
            pieces = _AlignedBuffer(uninitializedCount: max(count, 2 * (pieces?.count ?? 32)))
        }
        return pieces!.pointer
    }
}

/// A piece no cache had, to measure: its bytes and where its trailing
/// whitespace starts. A struct, not a tuple: an array of a tuple holding a
/// `Range<Int>` made the Swift runtime look `Int`'s `Comparable`
/// conformance up the first time one grew, a scan of every conformance
/// record of the executable (about 150,000 instructions in every process
/// that measured a piece; callgrind, 2026-12-06).
struct _Part {
    var range: Range<Int>
    var trailingStart: Int
}

extension _Part {
    /// A part given as a tuple (tests).
    init(_ part: (range: Range<Int>, trailingStart: Int)) {
        self.init(range: part.range, trailingStart: part.trailingStart)
    }
}
