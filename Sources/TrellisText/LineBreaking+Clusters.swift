// The clusters of a piece broken between clusters (character wrapping, a
// word wider than the line) or truncated.

extension _Workspace {
    /// The clusters of `range` with their widths in points (letter spacing
    /// included); clusters from `contentEnd` on are whitespace.
    func clusters(
        of text: _PreparedText, _ range: Range<Int>, contentEnd: Int,
        _ parameters: _BreakParameters,
        cache: _WordWidthCache
    ) -> [_Cluster] {
        var result: [_Cluster] = []
        appendClusters(
            of: text, range, contentEnd: contentEnd, parameters, cache: cache, to: &result)
        return result
    }

    /// `clusters(of:)` appended to `result`.
    func appendClusters(
        of text: _PreparedText, _ range: Range<Int>, contentEnd: Int,
        _ parameters: _BreakParameters, cache: _WordWidthCache, to result: inout [_Cluster]
    ) {
        text.withBytes { bytes in
            text.forEachStyledPart(range, parameters) { styled, fonts, size, letterSpacing, bits in
                text.forEachDirectionalPart(styled) { part, rtl in
                    _ = shape(
                        bytes, range: part, trailingStart: contentEnd, rtl: rtl,
                        faces: fonts.faces, keepClusters: true)
                    // The workspace's arrays as locals (an access to a
                    // class's stored array is checked for exclusivity at
                    // run time), and the part's clusters written in place:
                    // appending them one by one ran Array's growth checks
                    // for each (28,800 clusters of box-drawing tables in
                    // 5,000 Chinese rows).
                    let starts = clusterStarts
                    let ems = clusterEms
                    let faces = clusterFaces
                    guard !starts.isEmpty else { return }
                    // (Written in a temporary buffer, then appended at once.)
                    withUnsafeTemporaryAllocation(of: _Cluster.self, capacity: starts.count) {
                        clusters in
                        // Most parts are drawn with one font: its bit is asked once.
                        var lastFace: Int32 = -1
                        var lastBit: UInt32 = 0
                        for index in starts.indices {
                            let start = Int(starts[index])
                            // A cluster sets only its own font's bit, so a
                            // line holding part of a piece broken between
                            // clusters is as tall as the fonts on it (in
                            // one style or in several:
                            // "getdomainname()=<span>�</span>").
                            if faces[index] != lastFace {
                                lastFace = faces[index]
                                lastBit = bits.bit(ofFace: Int(lastFace))
                            }
                            clusters.initializeElement(
                                at: index,
                                to: _Cluster(
                                    start: start, width: ems[index] * size + letterSpacing,
                                    isSpace: start >= contentEnd, isTab: bytes[start] == 0x09,
                                    mask: lastBit))
                        }
                        // (`_Cluster` is trivial: nothing to deinitialize.)
                        result.append(
                            contentsOf: UnsafeBufferPointer(
                                start: clusters.baseAddress, count: starts.count))
                    }
                }
            }
        }
    }
}
