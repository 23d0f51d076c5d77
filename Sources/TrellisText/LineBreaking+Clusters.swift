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
        text.withBytes { bytes in
            text.forEachStyledPart(range, parameters) { styled, fonts, size, letterSpacing, bits in
                text.forEachDirectionalPart(styled) { part, rtl in
                    _ = shape(
                        bytes, range: part, trailingStart: contentEnd, rtl: rtl,
                        faces: fonts.faces, keepClusters: true)
                    for index in clusterStarts.indices {
                        let start = Int(clusterStarts[index])
                        // A cluster sets only its own font's bit, so a line
                        // holding part of a piece broken between clusters
                        // is as tall as the fonts on it (in one style or
                        // in several: "getdomainname()=<span>�</span>").
                        let own = bits.bit(ofFace: Int(clusterFaces[index]))
                        result.append(
                            _Cluster(
                                start: start, width: clusterEms[index] * size + letterSpacing,
                                isSpace: start >= contentEnd, isTab: bytes[start] == 0x09,
                                mask: own))
                    }
                }
            }
        }
        return result
    }
}
