// The last allowed line cut to the width with "…", as UILabel truncates
// (`_Workspace.breakLines`).

extension _Workspace {
    /// Replaces the last line by the rest of its text up to the next hard
    /// break (or the end), without the whitespace before it, cut to fit
    /// with "…" (U+2026) at its head, middle or tail, as UILabel does.
    func truncateLastLine(
        _ lines: inout _LineList, _ text: _PreparedText, _ parameters: _BreakParameters,
        cache: _WordWidthCache
    ) {
        var line = lines[lines.count - 1]
        // The rest of the paragraph the last line belongs to.
        var paragraphEnd = text.byteCount
        var contentEnd = paragraphEnd
        var pieceStart = 0
        // A plain paragraph has no hard break: it runs to the end.
        for piece in text.isPlainParagraph ? [] : text.wholePieces() {
            if Int(piece.end) > line.start && piece.isHardBreak {
                paragraphEnd = Int(piece.end)
                contentEnd = text.withBytes {
                    _hardBreakStart($0, end: paragraphEnd, start: pieceStart).start
                }
                break
            }
            pieceStart = Int(piece.end)
        }
        // The paragraph's trailing whitespace hangs, as at any line's end:
        // it takes no room from the text kept around the ellipsis (head and
        // middle truncation keep clusters from the end).
        contentEnd = text.withBytes {
            _trailingWhitespaceStart($0, end: contentEnd, start: line.start)
        }
        let kept = truncation(
            of: text, line.start, contentEnd: contentEnd, parameters, cache: cache)
        line.width = kept.width
        line.end = paragraphEnd
        line.isTruncated = true
        lines[lines.count - 1] = line
    }

    /// What a truncated line keeps of `start..<contentEnd` (the rest of its
    /// paragraph, trailing whitespace left out) around its "…", as
    /// UILabel's `lineBreakMode` describes it: `.byTruncatingTail`, "the
    /// line is displayed so that the beginning fits in the container and
    /// the missing text at the end of the line is indicated by an ellipsis
    /// glyph"; `.byTruncatingHead` the end; `.byTruncatingMiddle` "both the
    /// start and the end of the line". Clusters are kept from the start
    /// (tail), from the end (head) or from each end in turn (middle) while
    /// they and the ellipsis fit; whitespace next to the ellipsis then does
    /// not count. For an attributed text the ellipsis takes the style of
    /// the run where the line starts.
    ///
    /// The clusters are those of each piece shaped alone, as every line's
    /// pieces are measured and drawn (widths never depend on neighbouring
    /// text), and only the pieces that can be kept are shaped
    /// (`truncationClusters`): a long paragraph cut to a line costs a line's
    /// shaping, not the paragraph's.
    /// (`complete`: every piece shaped, for tests.)
    func truncation(
        of text: _PreparedText, _ start: Int, contentEnd: Int, _ parameters: _BreakParameters,
        cache: _WordWidthCache, complete: Bool = false
    ) -> _Truncation {
        var ellipsisParameters = parameters
        var ellipsisFonts = text.fonts
        if let styles = text.styles {
            // The ellipsis takes the style of the text where the line starts.
            let run = styles.run(at: start)
            ellipsisFonts = run.fonts
            ellipsisParameters.size = run.size
            ellipsisParameters.letterSpacing = run.letterSpacing
        }
        let ellipsis = ellipsisWidth(ellipsisFonts, ellipsisParameters, cache: cache)
        let available = parameters.width + _fitTolerance - ellipsis
        var (all, segments) = truncationClusters(
            of: text, start..<contentEnd, available: complete ? .infinity : available,
            parameters, cache: cache)
        // Tabs measured from the line's start (see Workspace+Tabs.swift): a
        // range holding one has all its clusters (`truncationClusters`).
        var x = 0.0
        for index in all.indices {
            if all[index].isTab { all[index].width = _nextTabStop(after: x) - x }
            x += all[index].width
        }
        var head = 0  // clusters kept from the start
        var tail = 0  // clusters kept from the end
        var used = 0.0
        switch parameters.mode {
        case .byTruncatingTail:
            while head < all.count && used + all[head].width <= available {
                used += all[head].width
                head += 1
            }
        case .byTruncatingHead:
            while tail < all.count && used + all[all.count - 1 - tail].width <= available {
                used += all[all.count - 1 - tail].width
                tail += 1
            }
        default:  // middle: take from each end in turn while both fit
            var fromStart = true
            while head + tail < all.count {
                let next = fromStart ? all[head] : all[all.count - 1 - tail]
                if used + next.width > available { break }
                used += next.width
                if fromStart { head += 1 } else { tail += 1 }
                fromStart.toggle()
            }
        }
        // Whitespace next to the ellipsis does not count.
        while head > 0 && _isSpaceCluster(all[head - 1], text) { head -= 1 }
        while tail > 0 && _isSpaceCluster(all[all.count - tail], text) { tail -= 1 }
        var width = 0.0
        for index in 0..<head { width += all[index].width }
        for index in (all.count - tail)..<all.count { width += all[index].width }
        return _Truncation(
            clusters: all, head: head, tail: tail, width: width + ellipsis, segments: segments)
    }

    /// The clusters of `range` truncation chooses from (`truncation(of:)`),
    /// in logical order, and the pieces' parts of `range` they come from:
    /// each piece's part shaped alone (`clusters(of:)`), taken from the
    /// start until they are wider than `available`, then from the end
    /// likewise. Tail truncation stops within the first (its clusters
    /// leave the loop once wider than `available`), head truncation within
    /// the last, middle truncation within both (each side holds at most
    /// `available`); so the pieces between, which no truncation can reach,
    /// are not shaped. All of them where a tab's width depends on every
    /// cluster before it, or where a cluster narrower than nothing could
    /// let a side run past `available`.
    func truncationClusters(
        of text: _PreparedText, _ range: Range<Int>, available: Double,
        _ parameters: _BreakParameters, cache: _WordWidthCache
    ) -> (clusters: [_Cluster], segments: [Range<Int>]) {
        // Segment k: the part of the k-th piece from the one `range`
        // starts in, up to the one it ends in (found by binary search: a
        // long paragraph's pieces are not walked).
        let first = text.firstPiece(endingAfter: range.lowerBound)
        let lastPiece = min(
            text.firstPiece(endingAfter: range.upperBound - 1), text.pieceCount - 1)
        let count = max(1, lastPiece - first + 1)
        func segment(_ index: Int) -> Range<Int> {
            let start = index == 0 ? range.lowerBound : text.pieceEnd(first + index - 1)
            let end = index == count - 1 ? range.upperBound : text.pieceEnd(first + index)
            return start..<end
        }
        let hasTab = text.withBytes { bytes in
            bytes[range].contains(0x09)
        }
        var negative = false
        /// Appends segment `index`'s clusters to `clusters`; returns their
        /// widths' sum (noting a negative width).
        func take(_ index: Int, to clusters: inout [_Cluster]) -> Double {
            let mark = clusters.count
            appendClusters(
                of: text, segment(index), contentEnd: range.upperBound, parameters, cache: cache,
                to: &clusters)
            var width = 0.0
            for cluster in clusters[mark...] {
                width += cluster.width
                if cluster.width < 0 { negative = true }
            }
            return width
        }
        var all: [_Cluster] = []
        var frontWidth = 0.0
        var next = 0
        while next < count && (hasTab || negative || frontWidth <= available) {
            frontWidth += take(next, to: &all)
            next += 1
        }
        if next == count { return (all, (0..<count).map(segment)) }
        // The last pieces, last first, each's clusters in order: put in
        // order below.
        var back: [_Cluster] = []
        var backCounts: [Int] = []
        var backWidth = 0.0
        var last = count - 1
        while last >= next && (negative || backWidth <= available) {
            let mark = back.count
            backWidth += take(last, to: &back)
            backCounts.append(back.count - mark)
            last -= 1
        }
        if negative && last >= next {
            // (Rare: a font's negative advances. All of it, in order.)
            return truncationClusters(
                of: text, range, available: .infinity, parameters, cache: cache)
        }
        all.reserveCapacity(all.count + back.count)
        var end = back.count
        for partCount in backCounts.reversed() {
            all.append(contentsOf: back[(end - partCount)..<end])
            end -= partCount
        }
        // (In order: the front's pieces, then the back's.)
        var segments = (0..<next).map(segment)
        segments.append(contentsOf: (last + 1..<count).map(segment))
        return (all, segments)
    }

    /// Width of "…" in points: the first font of the collection that has it.
    func ellipsisWidth(
        _ fonts: FontCollection, _ parameters: _BreakParameters, cache: _WordWidthCache
    ) -> Double {
        let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
        let measure = ellipsis.withUnsafeBufferPointer { bytes in
            measurePart(
                bytes, 0..<3, trailingStart: 3, isLast: true, rtl: false, fonts: fonts, cache: cache
            )
        }
        return parameters.wordWidth(measure)
    }
}

/// What a truncated line keeps around its "…" (`_Workspace.truncation(of:)`).
struct _Truncation {
    /// The clusters chosen from, in logical order (those of the pieces
    /// truncation can reach: see `truncationClusters`).
    var clusters: [_Cluster]
    /// How many of `clusters` are kept before the ellipsis, from the start.
    var head: Int
    /// How many are kept after it, from the end.
    var tail: Int
    /// The kept clusters' widths and the ellipsis's.
    var width: Double
    /// The pieces' parts the clusters come from, each shaped alone.
    var segments: [Range<Int>]
}

/// True when the cluster is a space, tab or other hanging whitespace.
@inline(__always)
private func _isSpaceCluster(_ cluster: _Cluster, _ text: _PreparedText) -> Bool {
    if cluster.isSpace { return true }
    return text.withBytes { bytes in
        let next = _nextScalarEnd(bytes, cluster.start)
        return _trailingWhitespaceStart(bytes, end: next, start: cluster.start) == cluster.start
    }
}

@inline(__always)
private func _nextScalarEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
    _decodeScalar(bytes, at: start).1 + start
}
