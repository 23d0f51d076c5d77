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
    /// - Complexity: O(n) in the range's length when it holds CR or a
    ///   character outside `_isOwnGrapheme`'s blocks (a `String` of the
    ///   range is segmented); O(n) over the bytes with nothing to join
    ///   otherwise.
    func _joinClustersToGraphemes(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard clusterStarts.count > 1 else { return }
        // Text whose every character is its own grapheme cluster, whatever
        // is next to it, has nothing to join: ASCII but CR, and the blocks
        // of `_isOwnGrapheme` (box-drawing lines, Chinese prose).
        var index = range.lowerBound
        while index < range.upperBound {
            let lead = text[index]
            if lead < 0x80 {
                if lead == 0x0D { break }
                index &+= 1
                continue
            }
            let (scalar, length) = _decodeScalar(text, at: index)
            if !_isOwnGrapheme(scalar) { break }
            index &+= length
            // The copies of a box-drawing line or a dash right after it
            // ("────", "——") are such characters too.
            if lead == 0xE2 {
                index = _repeatEnd(text, from: index, to: range.upperBound, length: length)
            }
        }
        if index >= range.upperBound { return }
        let string = String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
        // The clusters' starts ascend (logical order): the characters'
        // starts are walked beside them, the next one at or after each
        // (from the start again after a lower one).
        var characters = string.makeIterator()
        var boundary = range.lowerBound
        var asked = range.lowerBound
        @inline(__always) func isBoundary(_ start: Int) -> Bool {
            if start < asked {
                characters = string.makeIterator()
                boundary = range.lowerBound
            }
            asked = start
            while boundary < start {
                guard let character = characters.next() else {
                    boundary = .max
                    break
                }
                boundary += character.utf8.count
            }
            return boundary == start
        }
        var kept = 0
        for index in clusterStarts.indices {
            if index > 0 && !isBoundary(Int(clusterStarts[index])) {
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

/// True for characters whose Grapheme_Cluster_Break property is Other and
/// that are not Extended_Pictographic (GraphemeBreakProperty.txt,
/// emoji-data.txt): UAX #29 puts a boundary on both sides of such a
/// character unless the one after it is an Extend, ZWJ or SpacingMark, and
/// the scan in `_joinClustersToGraphemes` checks every character. Latin-1
/// letters and symbols (not the soft hyphen, a Control, nor © and ®),
/// general punctuation (U+2010–U+2027, U+2030–U+205E: not the joiners,
/// marks and separators around them, nor ‼ and ⁉), box drawing, CJK
/// symbols and punctuation (not the tone marks U+302A–U+302F, nor U+3030
/// and U+303D), CJK ideographs and Extension A, and the fullwidth ASCII
/// forms (`UnicodeBreakTestFileTests` checks them against Swift's
/// `Character`).
@inline(__always)
func _isOwnGrapheme(_ scalar: UInt32) -> Bool {
    (0x4E00...0x9FFF).contains(scalar) || (0x2500...0x257F).contains(scalar)
        || ((0x3000...0x3029).contains(scalar) || (0x3031...0x303C).contains(scalar))
        || (0xFF01...0xFF5E).contains(scalar) || (0x3400...0x4DBF).contains(scalar)
        || ((0xA0...0xFF).contains(scalar) && scalar != 0xAD && scalar != 0xA9 && scalar != 0xAE)
        || (0x2010...0x2027).contains(scalar)
        || ((0x2030...0x205E).contains(scalar) && scalar != 0x203C && scalar != 0x2049)
}
