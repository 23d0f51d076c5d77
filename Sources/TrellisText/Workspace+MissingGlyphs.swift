// Which character clusters no font of a collection has: reported by every
// layout (`TextLayout.missingGlyphs`) rather than hidden in its widths.

extension _Workspace {
    /// The UTF-8 byte ranges of the clusters of `text` that no font of
    /// `fonts` has, in text order, found by shaping again (keeping clusters)
    /// each piece whose measure counted missing glyphs.
    ///
    /// Why a second pass: piece measures are cached by their bytes, so they
    /// hold counts, not positions. Only texts with missing glyphs pay for
    /// it, once, when they are prepared; the ranges are kept with the
    /// prepared text.
    /// - Complexity: O(length of the pieces with missing glyphs).
    /// An attributed text asks run by run (`within` a run, with its fonts).
    func missingClusters(
        _ text: UnsafeBufferPointer<UInt8>, in within: Range<Int>? = nil, pieces: [_Piece],
        runs: [(end: Int32, level: UInt8)], fonts: FontCollection
    ) -> [Range<Int>] {
        var found: [Range<Int>] = []
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
            _forEachDirectionalPart(range, runs: runs) { part, rtl in
                _ = shape(
                    text, range: part, trailingStart: contentEnd, rtl: rtl, faces: fonts.faces,
                    keepClusters: true)
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
