// Chinese and Japanese text measured with fewer HarfBuzz calls. A break
// opportunity falls between almost every two ideographs, so a cold Chinese
// text brings many new pieces of one or two characters, each of which was
// shaped twice: once with the collection's first font (which lacks it) and
// again with the font that has it. Here a piece that holds an ideograph
// (or box drawing, CJK punctuation, a fullwidth form: `_hasNoSubstituteGlyph`)
// the first font lacks skips the first attempt, is measured without
// HarfBuzz where its font only kerns it (`ideographKernOnlyMeasure`), and a
// text's other new such pieces drawn with one font are shaped in one call
// per font and script (`shapeBatch`).

import CHarfBuzz

extension _Workspace {
    /// The face `shape` draws all of `text[range]` with when the range
    /// holds a character the collection's first face lacks and HarfBuzz can
    /// draw with no other glyph (`_firstFaceLacksAGlyph`: an ideograph, CJK
    /// punctuation, box drawing), no
    /// emoji sequence, and every character of it goes to that same other
    /// face; nil otherwise.
    ///
    /// Such a piece, shaped alone, is one run with that face: the first
    /// face's attempt is skipped (`_firstFaceLacksAGlyph`) and itemizing
    /// by `_fallbackFace` gives one face. Batches hold pieces of one face
    /// and of one script as HarfBuzz guesses it for each alone (its first
    /// character not of the Common, Inherited or Unknown script), which is
    /// then the batch's script, so shaping a piece inside a batch uses the
    /// same shape plan as shaping it alone.
    func ideographRunFace(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, faces: [_FontFace]
    ) -> Int? {
        guard !range.isEmpty, _firstFaceLacksAGlyph(text, range, faces: faces),
            !_mayHoldEmojiSequence(text, range, faces: faces)
        else { return nil }
        var face = -1
        var index = range.lowerBound
        // A character after the same character keeps its face
        // (`_RepeatedFallback`): a table's run of "─" asks once.
        var last = UInt32.max
        while index < range.upperBound {
            let (scalar, length) = _decodeScalar(text, at: index)
            index &+= length
            if scalar == last { continue }
            let next = _fallbackFace(for: scalar, current: face, faces: faces)
            if face >= 0 && next != face { return nil }
            face = next
            last = scalar
        }
        // Face 0 here means no face has the ideograph: a missing glyph.
        return face > 0 ? face : nil
    }

    /// The measure of `part` without HarfBuzz when it is drawn with one
    /// face other than the first (`ideographRunFace`) and that face only
    /// kerns it (`kernOnlyMeasure`: Noto Sans CJK's ideographs and
    /// punctuation); nil otherwise. Shaped alone, such a part is one run with
    /// that face, so this is its measure bit for bit.
    func ideographKernOnlyMeasure(
        _ text: UnsafeBufferPointer<UInt8>, _ part: _Part,
        faces: [_FontFace]
    ) -> _PieceMeasure? {
        guard usesKernModel, let face = ideographRunFace(text, part.range, faces: faces)
        else { return nil }
        // Through an unretained reference (the array keeps the face alive).
        return Unmanaged.passUnretained(faces[face])._withUnsafeGuaranteedRef {
            kernOnlyMeasure(
                text, part.range, trailingStart: part.trailingStart, face: $0, faceIndex: face)
        }
    }

    /// Measures the parts that start with an ideograph (`ideographRunFace`)
    /// in one HarfBuzz call per face, for the faces that draw at least two
    /// of them, into `measures` (one entry per part: nil for a part left to
    /// `shape`). Each measure is that of shaping the part alone, by the same
    /// argument as `shapeBatch`'s (safe-to-break boundaries, same script).
    func shapeIdeographBatches(
        _ text: UnsafeBufferPointer<UInt8>, _ parts: [_Part],
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
        var batch: [_Part] = []
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

/// CJK Unified Ideographs and Extension A: letters (general category Lo)
/// of the Han script, without decompositions.
@inline(__always)
func _isUnifiedIdeograph(_ scalar: UInt32) -> Bool {
    (0x3400...0x4DBF).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)
}

/// True when `scalar` is a character HarfBuzz draws with its own cmap glyph
/// or not at all: a unified ideograph, box drawing (U+2500–257F), CJK
/// symbols and punctuation but the ideographic space and the tone marks
/// (U+3001–3029, U+3030–303F), or a fullwidth form (U+FF01–FF60). None of
/// them has a canonical decomposition, composes with anything or is a mark,
/// and none is a space (HarfBuzz draws a space
/// a font lacks with the font's space) or U+2011 (drawn as U+2010): so when
/// a font's `cmap` lacks one (`hasGlyph`, the same `hb_font_get_nominal_glyph`
/// HarfBuzz calls), HarfBuzz's normalizer cannot find it another glyph and
/// it comes out as glyph 0 (`IdeographBatchTests` checks every one against
/// HarfBuzz with Inter).
@inline(__always)
func _hasNoSubstituteGlyph(_ scalar: UInt32) -> Bool {
    _isUnifiedIdeograph(scalar) || (0x2500...0x257F).contains(scalar)
        || (0x3001...0x3029).contains(scalar) || (0x3030...0x303F).contains(scalar)
        || (0xFF01...0xFF60).contains(scalar)
}

/// True when `text[range]` holds a character of `_hasNoSubstituteGlyph`
/// that the first of several `faces` lacks, so that `shape`'s attempt with
/// the first face alone would leave a glyph missing.
@inline(__always)
func _firstFaceLacksAGlyph(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, faces: [_FontFace]
) -> Bool {
    guard faces.count > 1 else { return false }
    var index = range.lowerBound
    while index < range.upperBound {
        // Every such character is three bytes long, from 0xE2 on.
        if text[index] < 0xE2 {
            index &+= 1
            continue
        }
        let (scalar, length) = _decodeScalar(text, at: index)
        if _hasNoSubstituteGlyph(scalar) && !_face(faces, 0, has: scalar) { return true }
        index &+= length
    }
    return false
}
