// Cold pieces of any left-to-right text measured with fewer HarfBuzz calls.
// A HarfBuzz call costs far more than its glyphs with a font of many
// lookups (about 14 µs for a short word with Inter, HarfBuzz 6.0, every
// lookup being set up for the buffer), so a cold Russian, German or Chinese
// text, whose new pieces were shaped one call each, spent most of its time
// there. Plain ASCII text was already shaped in one call per text
// (`shapeBatch`); here the pieces of every other left-to-right text are
// too, grouped by the script HarfBuzz would give each piece alone.

import CHarfBuzz

extension _Workspace {
    /// Measures the parts of a left-to-right text that is not plain in as
    /// few HarfBuzz calls as stay exact, into `measures` (one entry per
    /// part: nil for a part left to `shape`):
    /// - parts that start with an ideograph the first face lacks, one call
    ///   per face (`shapeIdeographBatches`);
    /// - the other parts `shape` would draw with the first face alone (no
    ///   emoji sequence, `_mayHoldEmojiSequence`), one call per script
    ///   that HarfBuzz guesses for the part alone (`_guessedScript`), with
    ///   the first face (`shapeBatch`).
    ///
    /// Why it is exact: `shapeBatch` keeps a part only where HarfBuzz marks
    /// both of its ends safe to break, so its glyphs are those of shaping
    /// it alone under the same shape plan; and the plan is the same because
    /// the batch's script (`hb_buffer_guess_segment_properties`: its first
    /// character not of the Common, Inherited or Unknown script) is the
    /// script every part of the batch has alone, or none for a batch of
    /// parts that have none. A part with a glyph the first face lacks is
    /// left to `shape`, which then finds it a fallback font.
    func shapeScriptBatches(
        _ text: UnsafeBufferPointer<UInt8>, _ parts: [(range: Range<Int>, trailingStart: Int)],
        faces: [_FontFace], into measures: inout [_PieceMeasure?]
    ) {
        if usesIdeographBatches {
            shapeIdeographBatches(text, parts, faces: faces, into: &measures)
        } else {
            measures.removeAll(keepingCapacity: true)
            measures.append(contentsOf: repeatElement(nil, count: parts.count))
        }
        guard usesScriptBatches, parts.count > 1 else { return }
        var scripts: [hb_script_t] = []
        var groups: [[Int]] = []
        for order in parts.indices where measures[order] == nil {
            let range = parts[order].range
            guard !range.isEmpty, !_firstFaceLacksAnIdeograph(text, range, faces: faces),
                !_mayHoldEmojiSequence(text, range, faces: faces)
            else { continue }
            let script = _guessedScript(text, range)
            if let known = scripts.firstIndex(of: script) {
                groups[known].append(order)
            } else {
                scripts.append(script)
                groups.append([order])
            }
        }
        var batch: [(range: Range<Int>, trailingStart: Int)] = []
        var batchMeasures: [_PieceMeasure?] = []
        for group in groups where group.count > 1 {
            batch.removeAll(keepingCapacity: true)
            for order in group { batch.append(parts[order]) }
            shapeBatch(text, batch, face: faces[0], into: &batchMeasures)
            for (next, order) in group.enumerated() { measures[order] = batchMeasures[next] }
        }
    }
}

/// The script HarfBuzz gives a buffer of `text[range]` alone
/// (`hb_buffer_guess_segment_properties`): that of its first character not
/// of the Common, Inherited or Unknown script, by HarfBuzz's own Unicode
/// functions; `HB_SCRIPT_INVALID` when it has none.
func _guessedScript(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> hb_script_t {
    let functions = hb_unicode_funcs_get_default()
    var index = range.lowerBound
    while index < range.upperBound {
        let (scalar, length) = _decodeScalar(text, at: index)
        let script = hb_unicode_script(functions, scalar)
        if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED
            && script != HB_SCRIPT_UNKNOWN
        {
            return script
        }
        index += length
    }
    return HB_SCRIPT_INVALID
}
