// Cold pieces of any left-to-right text measured with fewer HarfBuzz calls.
// A HarfBuzz call costs far more than its glyphs with a font of many
// lookups (about 14 µs for a short word with Inter, HarfBuzz 6.0, every
// lookup being set up for the buffer), so a cold Russian, German or Chinese
// text, whose new pieces were shaped one call each, spent most of its time
// there. Plain ASCII text was already shaped in one call per text
// (`shapeBatch`); here the pieces of every other left-to-right text are
// too, grouped by the script HarfBuzz would give each piece alone. The
// batch itself (`shapeBatch`) is at the end of this file.

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
        _ text: UnsafeBufferPointer<UInt8>, _ parts: [_Part],
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
            guard !range.isEmpty, !_firstFaceLacksAGlyph(text, range, faces: faces),
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
        var batch: [_Part] = []
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

extension _Workspace {
    /// Shapes several pieces of plain text in one HarfBuzz call and returns
    /// their measures in `measures` (nil for a piece it could not
    /// measure that way; the caller shapes those alone).
    ///
    /// Why: a HarfBuzz call has a cost of its own besides the glyphs it
    /// shapes (about 0.4 µs measured here, a tenth of shaping a word), and a
    /// cold text brings a few new words at once. Why it is exact: the pieces
    /// are shaped in one buffer, and HarfBuzz marks the first glyph of a
    /// cluster `HB_GLYPH_FLAG_UNSAFE_TO_BREAK` whenever breaking the text
    /// there and shaping the two sides separately could give other glyphs or
    /// positions (HarfBuzz's documentation of `hb_glyph_flags_t`; Chrome reuses
    /// shaping results across line breaks on the same guarantee). A piece is
    /// kept only when both of its ends are such safe boundaries, so its
    /// glyphs and advances are those of shaping it alone, which is how every
    /// other piece is measured (widths never depend on neighbouring text).
    /// Between two pieces stands U+FFFF (`_batchSeparator`), a noncharacter
    /// no font maps: its glyph 0 is in no lookup's coverage, so contextual
    /// rules that would look from one piece into the next (Inter's case
    /// forms look through spaces for a capital or digit) stop there and
    /// leave both boundaries safe; its script (Unknown) is not one
    /// `hb_buffer_guess_segment_properties` chooses. Whether a boundary is
    /// safe is still read from HarfBuzz's flags, never assumed.
    /// Callers batch parts that HarfBuzz gives one script alone (plain
    /// ASCII text here, other texts by script in
    /// Workspace+ScriptBatches.swift), left to right, with one font; a part
    /// with a missing glyph is left out.
    ///
    /// - Parameters:
    ///   - parts: byte ranges of `text` with their trailing whitespace
    ///     start, in any order.
    ///   - measures: receives one measure or nil for each part.
    ///   - separator: the bytes put between two parts (`_batchSeparator`;
    ///     tests pass none to shape parts side by side).
    func shapeBatch(
        _ text: UnsafeBufferPointer<UInt8>, _ parts: [_Part],
        face: _FontFace, faceIndex: Int = 0, into measures: inout [_PieceMeasure?],
        separator: [UInt8] = _batchSeparator
    ) {
        // Locals, not properties, in the loops (see `prepare`).
        var batchBytes = self.batchBytes
        var batchStarts = self.batchStarts
        self.batchBytes = []
        self.batchStarts = []
        defer {
            self.batchBytes = batchBytes
            self.batchStarts = batchStarts
        }
        measures.removeAll(keepingCapacity: true)
        batchStarts.removeAll(keepingCapacity: true)
        batchBytes.removeAll(keepingCapacity: true)
        for (order, part) in parts.enumerated() {
            if order > 0 { batchBytes.append(contentsOf: separator) }
            batchStarts.append(Int32(batchBytes.count))
            batchBytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[part.range]))
            measures.append(nil)
        }
        guard
            let (infos, positions, glyphCount) = batchBytes.withUnsafeBufferPointer({
                shapeBuffer($0, rtl: false, face: face)
            })
        else { return }
        let glyphs = glyphCount
        @inline(__always) func isUnsafe(_ glyph: Int) -> Bool {
            hb_glyph_info_get_glyph_flags(infos + glyph).rawValue
                & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
        }
        var glyph = 0
        for index in parts.indices {
            let start = UInt32(batchStarts[index])
            let end = start + UInt32(parts[index].range.count)
            // The separator's glyphs before this part.
            while glyph < glyphs && infos[glyph].cluster < start { glyph += 1 }
            // The part's first glyph must begin its own cluster at its
            // first byte, at a boundary safe to break.
            guard glyph < glyphs, infos[glyph].cluster == start else { return }
            let startIsSafe = index == 0 || !isUnsafe(glyph)
            let first = glyph
            var tally = _GlyphTally(perUnit: 1 / Double(face.unitsPerEm))
            var missing = false
            let trailing = UInt32(
                Int(start) + parts[index].trailingStart - parts[index].range.lowerBound)
            while glyph < glyphs && infos[glyph].cluster < end {
                missing = missing || infos[glyph].codepoint == 0
                _ = tally.add(
                    cluster: infos[glyph].cluster, advance: positions[glyph].x_advance,
                    isMissing: false, trailingStart: Int(trailing))
                glyph += 1
            }
            // The separator's first glyph must begin its own cluster at
            // this part's end: a glyph whose cluster starts inside the
            // part and runs past it is no part's alone.
            let endIsSafe =
                index == parts.count - 1
                ? glyph == glyphs
                : glyph < glyphs && infos[glyph].cluster == end && !isUnsafe(glyph)
            // A part with a missing glyph is left to `shape` (which finds
            // it a fallback font); the parts around it are kept as usual.
            if !missing && startIsSafe && endIsSafe {
                var measure = _PieceMeasure()
                tally.addTo(&measure)
                measure.fontMask = faceIndex < 32 ? 1 << UInt32(faceIndex) : 0
                measures[index] = measure
                // Its glyphs are those of shaping it alone: pairs to learn.
                batchBytes.withUnsafeBufferPointer {
                    learnKerning(
                        UnsafeBufferPointer(rebasing: $0[Int(start)..<Int(end)]), infos + first,
                        positions + first, glyph - first, face: face, clusterBase: start)
                }
            }
        }
    }
}

/// What `shapeBatch` puts between two pieces: U+FFFF in UTF-8.
let _batchSeparator: [UInt8] = [0xEF, 0xBF, 0xBF]
