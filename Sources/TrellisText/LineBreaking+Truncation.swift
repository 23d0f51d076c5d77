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
        var all = clusters(
            of: text, line.start..<contentEnd, contentEnd: contentEnd, parameters, cache: cache)
        // Tabs measured from the line's start (see Workspace+Tabs.swift).
        var x = 0.0
        for index in all.indices {
            if all[index].isTab { all[index].width = _nextTabStop(after: x) - x }
            x += all[index].width
        }
        var ellipsisParameters = parameters
        var ellipsisFonts = text.fonts
        if let styles = text.styles {
            // The ellipsis takes the style of the text where the line starts.
            let run = styles.run(at: line.start)
            ellipsisFonts = run.fonts
            ellipsisParameters.size = run.size
            ellipsisParameters.letterSpacing = run.letterSpacing
        }
        let ellipsis = ellipsisWidth(ellipsisFonts, ellipsisParameters, cache: cache)
        let available = parameters.width + _fitTolerance - ellipsis
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
        var width = 0.0
        var keptHead = head
        while keptHead > 0 && _isSpaceCluster(all[keptHead - 1], text) {
            keptHead -= 1
        }
        for index in 0..<keptHead { width += all[index].width }
        var keptTail = tail
        while keptTail > 0 && _isSpaceCluster(all[all.count - keptTail], text) { keptTail -= 1 }
        for index in (all.count - keptTail)..<all.count { width += all[index].width }
        line.width = width + ellipsis
        line.end = paragraphEnd
        line.isTruncated = true
        lines[lines.count - 1] = line
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
