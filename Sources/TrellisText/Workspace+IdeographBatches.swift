// Chinese and Japanese text measured with fewer HarfBuzz calls. A break
// opportunity falls between almost every two ideographs, so a cold Chinese
// text brings many new pieces of one or two characters, each of which was
// shaped twice: once with the collection's first font (which lacks it) and
// again with the font that has it. Here a piece that holds an ideograph
// the first font lacks skips the first attempt, and a text's new such
// pieces drawn with one font are shaped in one call per font and script
// (`shapeBatch`).

import CHarfBuzz

extension _Workspace {
    /// The face `shape` draws all of `text[range]` with when the range
    /// holds a unified ideograph that the collection's first face lacks, no
    /// emoji sequence, and every character of it goes to that same other
    /// face; nil otherwise.
    ///
    /// Such a piece, shaped alone, is one run with that face: the first
    /// face's attempt is skipped (`_firstFaceLacksAnIdeograph`) and itemizing
    /// by `_fallbackFace` gives one face. Batches hold pieces of one face
    /// and of one script as HarfBuzz guesses it for each alone (its first
    /// character not of the Common, Inherited or Unknown script), which is
    /// then the batch's script, so shaping a piece inside a batch uses the
    /// same shape plan as shaping it alone.
    func ideographRunFace(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, faces: [_FontFace]
    ) -> Int? {
        guard !range.isEmpty, _firstFaceLacksAnIdeograph(text, range, faces: faces),
            !_mayHoldEmojiSequence(text, range, faces: faces)
        else { return nil }
        var face = -1
        var index = range.lowerBound
        while index < range.upperBound {
            let (scalar, length) = _decodeScalar(text, at: index)
            let next = _fallbackFace(for: scalar, current: face, faces: faces)
            if face >= 0 && next != face { return nil }
            face = next
            index += length
        }
        // Face 0 here means no face has the ideograph: a missing glyph.
        return face > 0 ? face : nil
    }

    /// Measures the parts that start with an ideograph (`ideographRunFace`)
    /// in one HarfBuzz call per face, for the faces that draw at least two
    /// of them, into `measures` (one entry per part: nil for a part left to
    /// `shape`). Each measure is that of shaping the part alone, by the same
    /// argument as `shapeBatch`'s (safe-to-break boundaries, same script).
    func shapeIdeographBatches(
        _ text: UnsafeBufferPointer<UInt8>, _ parts: [(range: Range<Int>, trailingStart: Int)],
        faces: [_FontFace], into measures: inout [_PieceMeasure?]
    ) {
        measures.removeAll(keepingCapacity: true)
        measures.append(contentsOf: repeatElement(nil, count: parts.count))
        guard parts.count > 1 else { return }
        // Parts are batched by face and by the script HarfBuzz gives each
        // alone (`_guessedScript`: Han for most, but "《" and kana come first in some).
        var partBatches = [Int](repeating: -1, count: parts.count)
        var batchKeys: [(face: Int, script: hb_script_t)] = []
        var counts: [Int] = []
        for (order, part) in parts.enumerated() {
            guard let face = ideographRunFace(text, part.range, faces: faces) else { continue }
            let script = _guessedScript(text, part.range)
            if let known = batchKeys.firstIndex(where: { $0.face == face && $0.script == script }) {
                partBatches[order] = known
                counts[known] += 1
            } else {
                partBatches[order] = batchKeys.count
                batchKeys.append((face, script))
                counts.append(1)
            }
        }
        var batch: [(range: Range<Int>, trailingStart: Int)] = []
        var batchMeasures: [_PieceMeasure?] = []
        for (key, count) in zip(batchKeys.indices, counts) where count > 1 {
            let face = batchKeys[key].face
            batch.removeAll(keepingCapacity: true)
            for order in parts.indices where partBatches[order] == key {
                batch.append(parts[order])
            }
            shapeBatch(text, batch, face: faces[face], faceIndex: face, into: &batchMeasures)
            var next = 0
            for order in parts.indices where partBatches[order] == key {
                measures[order] = batchMeasures[next]
                next += 1
            }
        }
    }
}

/// True when the scalar at `index` is a unified ideograph that the first of
/// several `faces` lacks, so that `shape`'s attempt with the first face alone
/// would leave a glyph missing: HarfBuzz maps a character through the same
/// `cmap` as `hasGlyph` (`hb_font_get_nominal_glyph`), and a unified
/// ideograph has no canonical decomposition and composes with nothing, so
/// HarfBuzz's normalizer cannot find it another glyph; it comes out as
/// glyph 0 (the differential tests check this on the bundled and CJK fonts).
@inline(__always)
func _firstFaceLacksIdeograph(
    _ text: UnsafeBufferPointer<UInt8>, at index: Int, faces: [_FontFace]
) -> Bool {
    guard faces.count > 1, text[index] >= 0xE3 else { return false }
    let (scalar, _) = _decodeScalar(text, at: index)
    return _isUnifiedIdeograph(scalar) && !faces[0].hasGlyph(scalar)
}

/// CJK Unified Ideographs and Extension A: letters (general category Lo)
/// of the Han script, without decompositions.
@inline(__always)
func _isUnifiedIdeograph(_ scalar: UInt32) -> Bool {
    (0x3400...0x4DBF).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)
}

/// True when `text[range]` holds a unified ideograph that the first of
/// several `faces` lacks, so that `shape`'s attempt with the first face
/// alone would leave a glyph missing (`_firstFaceLacksIdeograph`'s argument,
/// for any character of the range).
@inline(__always)
func _firstFaceLacksAnIdeograph(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, faces: [_FontFace]
) -> Bool {
    guard faces.count > 1 else { return false }
    var index = range.lowerBound
    while index < range.upperBound {
        if text[index] < 0xE3 {
            index += 1
            continue
        }
        let (scalar, length) = _decodeScalar(text, at: index)
        if _isUnifiedIdeograph(scalar) && !faces[0].hasGlyph(scalar) { return true }
        index += length
    }
    return false
}
