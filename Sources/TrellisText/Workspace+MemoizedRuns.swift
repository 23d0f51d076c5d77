// Chinese pieces of several characters, and of one character followed by
// spaces, that the word cache lacks, measured from the ideograph memo
// (Workspace+IdeographMemo.swift) without the steps that would find the
// same face again. Of 5,000 Chinese rows' pieces the word cache lacks,
// about 5,500 are made only of characters of the memo's blocks ("宫。",
// "里，"), and about 1,600 are one such character followed by spaces whose
// face the next character decides ("件 " before a digit or "%",
// Workspace+SpaceFonts.swift), which `shape` itemized into two runs, each
// looked up in the word cache. A run of one such character in a piece
// itemized by font (`shapeFontRun`: "曰：“鸟" has "鸟") takes its measure
// from the memo too.

extension _Workspace {
    /// The face `ideographRunFace` gives `text[range]` when every character
    /// of the range is one `_memoizedScalar` takes, every one has a measure
    /// in the ideograph memo drawn by one face `f` other than the first in
    /// this collection, and at least one of them is `_hasNoSubstituteGlyph`;
    /// nil otherwise (the caller then takes the general path).
    ///
    /// Why it is that face, and why the general path measures the range
    /// with it: each character's memo entry says `_fallbackFace(for:current:
    /// -1, faces:)` is `f` (the first face that has it, `f > 0`), so the
    /// first face lacks every character: its kern model (which holds only
    /// characters its cmap maps) measures none of them, and
    /// `_firstFaceLacksAGlyph` holds (a `_hasNoSubstituteGlyph` character
    /// the first face lacks). After a character in face `f`,
    /// `_fallbackFace` keeps `f` for each of them (it stays with the
    /// current face only when that face has the character, and otherwise
    /// gives the first face that has it: `f` again). No emoji sequence can
    /// begin in such a range: a character of these blocks begins one only
    /// when it is displayed as an emoji by itself (nothing that extends a
    /// sequence, U+FE0F, U+20E3, a modifier, a tag or a joiner, is in the
    /// blocks), and such a character has no measure in the memo.
    @inline(__always)
    func memoizedRunFace(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, faces: [_FontFace],
        collection: Int32
    ) -> Int? {
        guard usesKernModel, usesIdeographMemo, range.count >= 3, range.count % 3 == 0
        else { return nil }
        let firstFaceID = Unmanaged.passUnretained(faces[0])._withUnsafeGuaranteedRef { $0.id }
        let entries = ideographMemo.entries(firstFace: firstFaceID)
        var face = -1
        var lacking = false
        var index = range.lowerBound
        while index < range.upperBound {
            guard let scalar = _memoizedScalar(text, at: index) else { return nil }
            // The entry's place in this collection when it keeps one, as
            // `memoizedIdeographRun` reads it; else worked out there.
            let entry = entries + _IdeographMemo.slot(scalar)!
            let own: Int
            if let place = entry.pointee.place(in: collection) {
                guard !entry.pointee.em.isNaN else { return nil }
                own = place
            } else {
                guard
                    let measure = memoizedIdeographMeasure(
                        text, at: index, faces: faces, collection: collection)
                else { return nil }
                own = measure.fontMask.trailingZeroBitCount
            }
            guard own > 0, face < 0 || own == face else { return nil }
            face = own
            lacking = lacking || _hasNoSubstituteGlyph(scalar)
            index &+= 3
        }
        return lacking ? face : nil
    }

    /// The measure of a piece the word cache lacks, `part.range` with no
    /// trailing whitespace, made only of characters drawn from the
    /// ideograph memo by one face (`memoizedRunFace`): the kern model's
    /// with that face, as `ideographKernOnlyMeasure` gives it once the
    /// first face's model has failed; nil when the range is not such a
    /// piece or the model does not measure it.
    @inline(never)
    func memoizedRunMeasure(
        _ text: UnsafeBufferPointer<UInt8>, _ part: _Part,
        faces: [_FontFace], collection: Int32
    ) -> _PieceMeasure? {
        guard part.trailingStart >= part.range.upperBound,
            let face = memoizedRunFace(text, part.range, faces: faces, collection: collection)
        else { return nil }
        return Unmanaged.passUnretained(faces[face])._withUnsafeGuaranteedRef {
            kernOnlyMeasure(
                text, part.range, trailingStart: part.trailingStart, face: $0, faceIndex: face)
        }
    }

    /// The measure `shape` gives the left-to-right piece `text[range]`
    /// whose trailing whitespace, from `wordEnd`, takes the face
    /// `trailingFace` (`trailingSpaceFace`), when its content is made only
    /// of characters drawn from the ideograph memo by one face
    /// (`memoizedRunFace`), other than `trailingFace`, and its trailing
    /// whitespace only of spaces (U+0020); nil otherwise.
    ///
    /// `shape` finds no first-face measure for such a piece (the first face
    /// lacks its content's characters, and one of them leaves a missing
    /// glyph), so it itemizes it into two runs: the content in its face
    /// (`memoizedRunFace`), then the spaces in `trailingFace`, and adds
    /// each run's measure (`shapeFontRun`) to an empty one in that order.
    /// Here the content's run is the memo's measure for one character (the
    /// kern model's measure of that character alone with that face, as
    /// `shapeFontRun` measures the run) or the kern model's with that face,
    /// and the spaces' run goes through `shapeFontRun` itself.
    @inline(never)
    func memoizedSpacedMeasure(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, wordEnd: Int, trailingFace: Int,
        faces: [_FontFace], collection: Int32
    ) -> _PieceMeasure? {
        guard wordEnd < range.upperBound,
            let face = memoizedRunFace(
                text, range.lowerBound..<wordEnd, faces: faces, collection: collection),
            face != trailingFace
        else { return nil }
        var index = wordEnd
        while index < range.upperBound {
            guard text[index] == 0x20 else { return nil }
            index &+= 1
        }
        let content: _PieceMeasure?
        if wordEnd &- range.lowerBound == 3 {
            content = memoizedIdeographMeasure(
                text, at: range.lowerBound, faces: faces, collection: collection)
        } else {
            content = Unmanaged.passUnretained(faces[face])._withUnsafeGuaranteedRef {
                kernOnlyMeasure(
                    text, range.lowerBound..<wordEnd, trailingStart: wordEnd, face: $0,
                    faceIndex: face)
            }
        }
        guard let content else { return nil }
        var measure = _PieceMeasure()
        measure.add(content)
        shapeFontRun(
            text, wordEnd..<range.upperBound, wordEnd, false, faces, trailingFace, false,
            &measure)
        return measure
    }

    /// The measure `shapeFontRun` gives the run `text[range]`, one
    /// character of the ideograph memo's blocks before the piece's trailing
    /// whitespace, drawn with `faces[faceIndex]`, when the memo holds that
    /// character's measure drawn alone by that face; nil otherwise.
    /// `shapeFontRun` measures such a run alone (from the word cache, or by
    /// the kern-only model with that face, or by HarfBuzz, which agree):
    /// the kern-only model's measure of the character alone with that
    /// face, which is what the memo keeps (`_IdeographMemo.em`), one word
    /// cluster with no trailing measure, in that face's font mask.
    @inline(__always)
    func memoizedCharacterRun(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, faces: [_FontFace],
        faceIndex: Int
    ) -> _PieceMeasure? {
        guard range.count == 3, _beginsWithMemoizedLead(text, range), usesKernModel,
            usesIdeographMemo, let scalar = _memoizedScalar(text, at: range.lowerBound)
        else { return nil }
        let firstFace = Unmanaged.passUnretained(faces[0])._withUnsafeGuaranteedRef { $0.id }
        let face = Unmanaged.passUnretained(faces[faceIndex])._withUnsafeGuaranteedRef { $0.id }
        guard
            let em = ideographMemo.em(
                slot: _IdeographMemo.slot(scalar)!, firstFace: firstFace, face: face)
        else { return nil }
        return _PieceMeasure(
            wordEm: em, spaceEm: 0, wordClusters: 1, spaceClusters: 0,
            fontMask: faceIndex < 32 ? 1 << UInt32(faceIndex) : 0, missingGlyphs: 0)
    }

    /// The measure of the piece `text[range]`, two to four characters
    /// without trailing whitespace, when `memoizedRunFace` gives it a face
    /// and that face's kern-only model measures it with its glyphs' own
    /// advances and the pair kernings this workspace knows, no trigger
    /// standing where it could act; nil otherwise (the piece then takes the
    /// word cache). Pass 1 of `prepare` writes such pieces ("宫。", "《咏")
    /// measured, as it writes one-character ones (`memoizedIdeographRun`).
    ///
    /// The word cache's measure of such a piece is the kern-only model's
    /// with that face (`ideographKernOnlyMeasure`, `memoizedRunFace`), or
    /// HarfBuzz's, which agrees. Here is that model's loop
    /// (`_kernOnlyMeasure`) where nothing is substituted: each character's
    /// cmap glyph, the buffer's script class (its first character's class
    /// other than Common's), every glyph simple in that class's plan, no
    /// guard present whose trigger is too, no glyph that begins a
    /// positional rule (where the model would check the rule's context,
    /// this gives up), and each glyph's advance kerned against the next
    /// where the glyph begins a pair (the pair learned or read before;
    /// a pair not yet known gives up), summed by the same tally in the
    /// same order.
    @inline(never)
    func memoizedPieceMeasure(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, faces: [_FontFace],
        collection: Int32
    ) -> _PieceMeasure? {
        guard range.count <= 12,
            let faceIndex = memoizedRunFace(text, range, faces: faces, collection: collection)
        else { return nil }
        return Unmanaged.passUnretained(faces[faceIndex])._withUnsafeGuaranteedRef {
            face -> _PieceMeasure? in
            guard let model = kernModel(range, face) else { return nil }
            return model._withUnsafeGuaranteedRef { model -> _PieceMeasure? in
                // Each character's glyph (three bytes each: `memoizedRunFace`),
                // 16 bits apiece.
                var glyphs: UInt64 = 0
                var count = 0
                var scriptClass: UInt32 = 0
                let scalars = model.scalars
                var index = range.lowerBound
                while index < range.upperBound {
                    let (scalar, _) = _decodeScalar(text, at: index)
                    guard scalar < scalars.count else { return nil }
                    let entry = scalars[Int(scalar)]
                    let entryClass = entry >> 16
                    if entryClass == _KernOnlyFace.ineligible { return nil }
                    if scriptClass == 0 { scriptClass = entryClass }
                    glyphs |= UInt64(entry & 0xFFFF) << UInt64(16 &* count)
                    count &+= 1
                    index &+= 3
                }
                guard let plan = model.simple[Int(scriptClass)] else { return nil }
                @inline(__always) func glyph(_ position: Int) -> UInt32 {
                    UInt32(truncatingIfNeeded: glyphs >> UInt64(16 &* position)) & 0xFFFF
                }
                var needed: UInt64 = 0
                var present: UInt64 = 0
                for position in 0..<count {
                    let glyph = Int(glyph(position))
                    guard plan.simple.contains(glyph),
                        plan.starts(of: glyph) == 0
                    else { return nil }
                    if !plan.needs.isEmpty {
                        needed |= plan.needs(of: glyph)
                        present |= plan.guards(of: glyph)
                    }
                }
                guard needed & present == 0 else { return nil }
                let pairFirsts =
                    readsPairs && Int(scriptClass) < model.pairFirstBits.count
                    ? model.pairFirstBits[Int(scriptClass)] : nil
                let faceKey = _KernPairs.key(
                    face: face.id, scriptClass: Int(scriptClass), first: 0, second: 0)
                var tally = _GlyphTally(perUnit: 1 / Double(face.unitsPerEm))
                for position in 0..<count {
                    let first = glyph(position)
                    var advance = model.advances[Int(first)]
                    if position &+ 1 < count
                        && (pairFirsts == nil || pairFirsts.unsafelyUnwrapped.contains(Int(first)))
                    {
                        let key = faceKey | UInt64(first) << 16 | UInt64(glyph(position &+ 1))
                        guard let kerning = kernPairs.value(key) else { return nil }
                        advance &+= kerning
                    }
                    _ = tally.add(
                        cluster: UInt32(truncatingIfNeeded: range.lowerBound &+ 3 &* position),
                        advance: advance, isMissing: false, trailingStart: range.upperBound)
                }
                var measure = _PieceMeasure()
                tally.addTo(&measure)
                measure.fontMask = 1 << UInt32(faceIndex)
                return measure
            }
        }
    }
}

/// Whether `text[range]` begins with a lead byte of a character of the
/// ideograph memo's blocks (E3–E9, or EF): the test before
/// `memoizedRunMeasure` and `memoizedSpacedMeasure` are called, so that
/// other pieces (English text's) cost no call.
@inline(__always)
func _beginsWithMemoizedLead(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard range.lowerBound < range.upperBound else { return false }
    let lead = text[range.lowerBound]
    return lead &- 0xE3 < 7 || lead == 0xEF
}

/// Whether `prepare` asks the ideograph memo's paths (`memoizedSpacedMeasure`,
/// `memoizedRunMeasure`) for the piece `text[range]`: it starts at or after
/// `ideographsFrom` (where pass 1 begins taking runs of memoized pieces:
/// the text's first lead byte from E3, or its length for a text with
/// right-to-left characters) and with a lead byte of the memo's blocks.
@inline(__always)
func _mayTakeIdeographMemo(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, from ideographsFrom: Int
) -> Bool {
    range.lowerBound >= ideographsFrom && _beginsWithMemoizedLead(text, range)
}
