// The clusters character wrapping and truncation break between are
// HarfBuzz's (`HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES`: a base and the
// marks, joiners and variation selectors after it), joined where UAX #29
// (Unicode's extended grapheme clusters) puts no boundary between them:
// Hangul jamo of one syllable (GB6–GB8), CR LF (GB3), a prepended concession
// mark (GB9b), a spacing mark after its base (GB9a), a flag's two regional
// indicators (GB12, GB13), an emoji ZWJ sequence (GB11). Swift's `Character`
// is UAX #29's extended grapheme cluster, and gives the boundaries.
//
// HarfBuzz clusters are never split: a cluster of HarfBuzz's that holds a
// UAX #29 boundary (a combining mark after a control character, GB4/GB5,
// or a ligature of two letters) stays one cluster, its glyphs' advances
// being its own. `UnicodeBreakTestFileTests` lists these cases.

extension _Workspace {
    /// Joins each kept cluster that does not begin a UAX #29 grapheme
    /// cluster into the cluster before it (`clusterStarts` in logical order,
    /// relative to the text; `range` what was shaped).
    /// - Complexity: O(n) in the range's length when it holds a character
    ///   outside ASCII (a `String` of the range is segmented); O(n) over
    ///   the bytes with nothing to join otherwise, except CR LF.
    func _joinClustersToGraphemes(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard clusterStarts.count > 1 else { return }
        var plain = true
        for index in range where text[index] >= 0x80 || text[index] == 0x0D {
            plain = false
            break
        }
        if plain { return }
        var boundaries = Set<Int>()
        let string = String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
        var offset = range.lowerBound
        for character in string {
            boundaries.insert(offset)
            offset += character.utf8.count
        }
        var kept = 0
        for index in clusterStarts.indices {
            if index > 0 && !boundaries.contains(Int(clusterStarts[index])) {
                clusterEms[kept - 1] += clusterEms[index]
                clusterMissing[kept - 1] = clusterMissing[kept - 1] || clusterMissing[index]
                continue
            }
            clusterStarts[kept] = clusterStarts[index]
            clusterEms[kept] = clusterEms[index]
            clusterMissing[kept] = clusterMissing[index]
            clusterFaces[kept] = clusterFaces[index]
            kept += 1
        }
        clusterStarts.removeSubrange(kept...)
        clusterEms.removeSubrange(kept...)
        clusterMissing.removeSubrange(kept...)
        clusterFaces.removeSubrange(kept...)
    }
}
