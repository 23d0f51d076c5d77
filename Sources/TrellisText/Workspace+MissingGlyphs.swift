// Which character clusters no font of a collection has: reported by every
// layout (`TextLayout.missingGlyphs`) rather than hidden in its widths.
// Found only when asked for: `sizeThatFits` and `boundingRect` read no
// clusters, and finding them shapes every piece that holds one a second
// time, keeping its clusters (on 2,000 comment rows measured with bundled
// fonts, whose bodies hold CJK and emoji those fonts lack, 120 M of the
// 443.5 M instructions `trellis heights` took, 2026-12-05).

import Synchronization

extension _Workspace {
    /// The UTF-8 ranges of the pieces of `text` whose measure counted
    /// missing glyphs, each from the piece's start to the end of its
    /// content (a hard break left out), clamped to `within` when given
    /// (empty ones dropped), with that content end: where
    /// `missingClusters(_:pieceRanges:runs:fonts:)` looks for clusters no
    /// font has.
    /// - Complexity: O(number of pieces).
    func missingPieceRanges(
        _ text: UnsafeBufferPointer<UInt8>, in within: Range<Int>? = nil, pieces: [_Piece]
    ) -> [_MissingPiece] {
        var ranges: [_MissingPiece] = []
        var start = 0
        for piece in pieces {
            let pieceStart = start
            start = Int(piece.end)
            guard piece.measure.missingGlyphs > 0 else { continue }
            let contentEnd =
                piece.isHardBreak
                ? _hardBreakStart(text, end: Int(piece.end), start: pieceStart).start
                : Int(piece.end)
            var range = pieceStart..<contentEnd
            if let within {
                range = range.clamped(to: within)
                if range.isEmpty { continue }
            }
            ranges.append(_MissingPiece(range: range, contentEnd: contentEnd))
        }
        return ranges
    }

    /// The UTF-8 byte ranges of the clusters of `text` that no font of
    /// `fonts` has, in text order, found by shaping again (keeping clusters)
    /// each of `pieceRanges` (`missingPieceRanges`: the pieces whose
    /// measure counted missing glyphs), each with its piece's content end
    /// as where trailing whitespace starts.
    ///
    /// Why a second pass: piece measures are cached by their bytes, so they
    /// hold counts, not positions. Only texts with missing glyphs pay for
    /// it, once, when a layout or a count of them is first asked of the
    /// prepared text (`_PreparedText.missingClusters(_:)`).
    /// - Complexity: O(length of the pieces with missing glyphs).
    func missingClusters(
        _ text: UnsafeBufferPointer<UInt8>, pieceRanges: [_MissingPiece],
        runs: [(end: Int32, level: UInt8)], fonts: FontCollection
    ) -> [Range<Int>] {
        var found: [Range<Int>] = []
        for piece in pieceRanges {
            _forEachDirectionalPart(piece.range, runs: runs) { part, rtl in
                _ = shape(
                    text, range: part, trailingStart: piece.contentEnd, rtl: rtl,
                    faces: fonts.faces, keepClusters: true)
                for index in clusterStarts.indices where clusterMissing[index] {
                    let clusterStart = Int(clusterStarts[index])
                    // Tabs are never missing glyphs (they go to tab stops).
                    if text[clusterStart] == 0x09 { continue }
                    let clusterEnd =
                        index + 1 < clusterStarts.count
                        ? Int(clusterStarts[index + 1]) : part.upperBound
                    found.append(clusterStart..<clusterEnd)
                }
            }
        }
        return found
    }
}

/// A piece whose measure counted missing glyphs: its range (clamped to a
/// style run's, in an attributed text) and where its content ends.
struct _MissingPiece {
    var range: Range<Int>
    var contentEnd: Int
}

/// The clusters no font has of a prepared text, found the first time they
/// are asked for (`_PreparedText.missingClusters(_:)`), under a lock: a
/// prepared text the measurer keeps is shared by its threads.
final class _MissingClusters: Sendable {
    /// The pieces to shape again (`missingPieceRanges`).
    let pieceRanges: [_MissingPiece]
    /// The clusters, once found (or as given, for an attributed text).
    let found: Mutex<[Range<Int>]?>

    init(pieceRanges: [_MissingPiece], found: [Range<Int>]?) {
        self.pieceRanges = pieceRanges
        self.found = Mutex(found)
    }
}

extension _PreparedText {
    /// UTF-8 ranges of the clusters no font has, in text order
    /// (`_Workspace.missingClusters`); empty when `missingGlyphs` is 0.
    /// Found with `workspace` the first time they are asked for, then kept.
    func missingClusters(_ workspace: _Workspace) -> [Range<Int>] {
        guard missingGlyphs > 0, let missing = missingClusterSource else { return [] }
        return missing.found.withLock { found in
            if let found { return found }
            var string = text
            let clusters = string.withUTF8 { bytes in
                workspace.missingClusters(
                    bytes, pieceRanges: missing.pieceRanges, runs: bidiRuns, fonts: fonts)
            }
            found = clusters
            return clusters
        }
    }
}
