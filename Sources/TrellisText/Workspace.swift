// Per-thread tools: a HarfBuzz buffer, an ICU line breaker and an ICU bidi
// analyser, which are not thread-safe, plus scratch arrays. A measurer keeps a
// pool of them; each measurement borrows one, so no iterator is ever opened per
// text (opening costs about 5 µs, reusing about 0.8 µs per 100 characters).
import CHarfBuzz
import CTrellisICU
import Synchronization
import TrellisSupport

final class _Workspace {
    let buffer: OpaquePointer
    let lineBreaker: OpaquePointer
    let bidi: OpaquePointer
    // Unchecked, as `kernPairs`: one user at a time, and each access's check
    // cost about 130 instructions (4.6 M on 5,000 Chinese rows, 2026-12-01).
    @exclusivity(unchecked) var breakOffsets: [Int32] = Array(repeating: 0, count: 256)
    @exclusivity(unchecked) var breakIsHard: [UInt8] = Array(repeating: 0, count: 256)
    var runEnds: [Int32] = Array(repeating: 0, count: 16)
    var runLevels: [UInt8] = Array(repeating: 0, count: 16)
    /// Per-cluster output of `shapeClusters`: logical start offset and advance in ems.
    @exclusivity(unchecked) var clusterStarts: [Int32] = []
    @exclusivity(unchecked) var clusterEms: [Double] = []
    /// Whether each cluster has a glyph no font had (notdef).
    @exclusivity(unchecked) var clusterMissing: [Bool] = []
    /// The face index each kept cluster was shaped with.
    @exclusivity(unchecked) var clusterFaces: [Int32] = []
    /// The clusters of the last long pieces shaped with them (Workspace+ClusterMemo.swift).
    @exclusivity(unchecked) var clusterMemo = _ClusterMemo()
    /// How many runs `shapeRun` has given HarfBuzz (wrapping).
    var harfBuzzRuns = 0
    /// Scratch of `shapeBatch`: the pieces' bytes side by side and where
    /// each starts (and the end).
    var batchBytes: [UInt8] = []
    var batchStarts: [Int32] = []
    /// Scratch of `prepare`.
    let prepareScratch = _PrepareScratch()
    /// The lines of the layout in progress (see `_LineList`).
    var lineList = _LineList()
    /// The widest a piece or cluster, with its line before it, was found
    /// to fit in the last `breakLines`: at any width no wider whose
    /// `width + _fitTolerance` is at least this, every decision is the
    /// same, so are the lines. +∞ where they read the width otherwise
    /// (a tab placed, a truncated line). Unchecked, as `kernPairs`: each
    /// access's check of exclusive access cost about 100 instructions.
    @exclusivity(unchecked) var linesFit = -Double.infinity
    /// The fragments array of the last layout made here, shared with that
    /// layout: refilled in place by the next layout once the caller has
    /// dropped it (`TextMeasurer._layout`).
    var spareFragments: [LineFragment] = []
    /// Largest fragments array kept (in lines).
    static let spareFragmentCapacity = 64
    /// Storage a text left for the next text prepared here: a pieces
    /// array, a compact block and cluster counts (Workspace+Recycling.swift).
    @exclusivity(unchecked) var sparePieces: [_Piece] = []
    @exclusivity(unchecked) var spareBlock: [Double] = []
    @exclusivity(unchecked) var spareClusters: [Int32] = []
    /// Lock-free cache of the most frequent word widths (see `_FrontWordCache`).
    let front = _FrontWordCache()
    /// The shared word cache's slots as this workspace reads them, without locks.
    let sharedView = _SharedWordView()
    /// Pair kernings learned from shaped text, for `kernOnlyMeasure`.
    /// Unchecked: a workspace has one user at a time, and each measured
    /// piece's check of exclusive access cost about 110 instructions.
    @exclusivity(unchecked) var kernPairs = _KernPairs()
    /// Whether pieces may be measured without HarfBuzz (`kernOnlyMeasure`);
    /// off when a learned pair contradicted the model, or to test against HarfBuzz alone.
    var usesKernModel = true
    /// Whether pairs the kern model has not learned are read from the
    /// font's GPOS table (_GPOSPairs.swift); off, only learned pairs are
    /// used (tests compare the two).
    var readsPairs = true
    /// Where the text `findBreaks` last read may first hold a byte 0xE3
    /// or more, the lead byte of a character from U+3000 on (a lower
    /// bound; its length when there is none): `prepare` looks for runs of
    /// one-character CJK pieces from there (Workspace+IdeographMemo.swift).
    var wideLeadFrom = 0
    /// Whether `letterBreaks` took the text `findBreaks` last read: none
    /// of its tables' characters is right-to-left or a tab.
    var breaksFromLetters = false
    /// Whether text that is not plain ASCII takes its breaks from
    /// `letterBreaks` when it can; off, from ICU (tests compare the two).
    var usesLetterBreaks = true
    /// Whether plain paragraphs keep compact pieces and are filled from
    /// them (`_PreparedText.isPlainParagraph`); off, every text keeps whole
    /// pieces and takes the general path (tests compare the two).
    var usesPlainParagraphs = true
    /// Whether pieces that start with an ideograph the first font lacks skip
    /// that font's attempt and are shaped in batches per font
    /// (Workspace+IdeographBatches.swift); off to test against shaping alone.
    var usesIdeographBatches = true
    /// Whether the new pieces of a text that is not plain ASCII are shaped
    /// in one call per script (Workspace+ScriptBatches.swift); off to test
    /// against shaping alone.
    var usesScriptBatches = true
    /// Whether `shape` steps over the copies of a CJK or box-drawing
    /// character right after it (`_FaceChooser.copiesEnd`); off, it asks
    /// its chooser for each (tests compare the two).
    var skipsCopies = true
    /// Measures of one-character CJK pieces by code point
    /// (Workspace+IdeographMemo.swift); unchecked as `kernPairs`.
    @exclusivity(unchecked) var ideographMemo = _IdeographMemo()
    /// Whether such pieces take their measures from `ideographMemo`; off,
    /// from the word cache (tests compare the two).
    var usesIdeographMemo = true
    /// Whether the kern model, where it keeps clusters, gives a glyph that
    /// repeats the pair before it that pair's advance (`_ClusterSink.
    /// stepsOverRepeats`); off, it asks for every glyph (tests compare).
    var stepsOverRepeatedGlyphs = true
    /// The system fonts' choices this workspace has looked up.
    @exclusivity(unchecked) var systemFaces = _SystemFaceMemo(capacity: 16384)
    /// Line heights worked out for earlier texts (_LineHeightMemo.swift).
    let lineHeights = _LineHeightMemo()
    /// The word cache of the text being prepared, where `shape` keeps the
    /// measures of the runs it itemizes a piece into (`shapeFontRun`); nil
    /// outside `prepare`. Unretained: `prepare`'s caller holds the cache.
    /// `Unmanaged`, read through `_withUnsafeGuaranteedRef`: binding an
    /// `unowned(unsafe)` reference still retained it for the binding's
    /// scope, and the cache is shared by the measurer's threads, so each
    /// count moved its line between their cores (about 3 times a Chinese
    /// row, in `shapeFontRun` and `memoizedIdeographMeasure`).
    @exclusivity(unchecked) var runCache: Unmanaged<_WordWidthCache>?
    /// The face `kernFace` belongs to (−1: none yet).
    var kernFaceID = -1
    var kernFace: _KernOnlyFace?
    /// The face asked before it, and its analysis: Chinese text's pieces
    /// alternate between the first font and the CJK font.
    var previousKernFaceID = -1
    var previousKernFace: _KernOnlyFace?

    init() throws(TextError) {
        var status: Int32 = 0
        guard let breaker = trellis_line_breaker_open("", &status) else {
            throw TextError.icuFailure(operation: "ubrk_open(UBRK_LINE)", status: status)
        }
        guard let bidi = trellis_bidi_open(&status) else {
            trellis_line_breaker_close(breaker)
            throw TextError.icuFailure(operation: "ubidi_open", status: status)
        }
        lineBreaker = breaker
        self.bidi = bidi
        buffer = hb_buffer_create()
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
    }

    deinit {
        lineList.deallocate()
        hb_buffer_destroy(buffer)
        trellis_line_breaker_close(lineBreaker)
        trellis_bidi_close(bidi)
    }

    /// UAX #14 break opportunities of `text` into `breakOffsets`/`breakIsHard`.
    /// Returns their count. ICU's breaks go without those before a piece of
    /// only hanging whitespace (`joinHangingWhitespace`).
    /// `isPlain` is true when the text is plain (see `plainBreaks`). Text
    /// that is not plain ASCII but only letters of Latin, Greek or Cyrillic
    /// with common punctuation gets its breaks from `letterBreaks`, the
    /// same as ICU's; other text from ICU.
    func findBreaks(_ text: UnsafeBufferPointer<UInt8>) throws(TextError) -> (
        count: Int, isPlain: Bool
    ) {
        let isASCII = _isASCII(text)
        breaksFromLetters = false
        if isASCII, let count = plainBreaks(text) {
            wideLeadFrom = text.count
            return (count, true)
        }
        if usesLetterBreaks, let count = letterBreaks(text) { return (count, false) }
        wideLeadFrom = _firstByteFromE3(text)
        return (joinHangingWhitespace(text, count: try icuBreaks(text)), false)
    }

    /// Makes `breakOffsets` and `breakIsHard` hold at least `count` breaks
    /// (the break finders' scratch, kept from one text to the next).
    func reserveBreaks(_ count: Int) {
        if breakOffsets.count < count {
            breakOffsets = Array(repeating: 0, count: count)
            breakIsHard = Array(repeating: 0, count: count)
        }
    }

    /// Break opportunities from ICU's line break iterator.
    func icuBreaks(_ text: UnsafeBufferPointer<UInt8>) throws(TextError) -> Int {
        while true {
            var status: Int32 = 0
            let capacity = breakOffsets.count
            let count = text.withMemoryRebound(to: CChar.self) { chars in
                breakOffsets.withUnsafeMutableBufferPointer { offsets in
                    breakIsHard.withUnsafeMutableBufferPointer { hard in
                        trellis_line_breaker_breaks(
                            lineBreaker, chars.baseAddress, Int64(chars.count), offsets.baseAddress,
                            hard.baseAddress, Int64(capacity), &status)
                    }
                }
            }
            if count < 0 { throw TextError.icuFailure(operation: "line breaking", status: status) }
            if count <= capacity { return Int(count) }
            breakOffsets = Array(repeating: 0, count: Int(count))
            breakIsHard = Array(repeating: 0, count: Int(count))
        }
    }

    /// Bidi runs of one paragraph into `runEnds`/`runLevels`; returns their count
    /// and whether the paragraph is right-to-left.
    func findBidiRuns(_ paragraph: UnsafeBufferPointer<UInt8>) throws(TextError) -> (
        count: Int, rtl: Bool
    ) {
        while true {
            var status: Int32 = 0
            var paragraphLevel: UInt8 = 0
            let capacity = runEnds.count
            let count = paragraph.withMemoryRebound(to: CChar.self) { chars in
                runEnds.withUnsafeMutableBufferPointer { ends in
                    runLevels.withUnsafeMutableBufferPointer { levels in
                        trellis_bidi_runs(
                            bidi, chars.baseAddress, Int64(chars.count), ends.baseAddress,
                            levels.baseAddress,
                            Int64(capacity), &paragraphLevel, &status)
                    }
                }
            }
            if count < 0 { throw TextError.icuFailure(operation: "bidi analysis", status: status) }
            if count <= capacity { return (Int(count), paragraphLevel & 1 == 1) }
            runEnds = Array(repeating: 0, count: Int(count))
            runLevels = Array(repeating: 0, count: Int(count))
        }
    }

    /// Shapes `text[range]` in one direction with font fallback, and returns
    /// its measure; the part from `trailingStart` on counts as hanging
    /// whitespace. When `keepClusters` is set, `clusterStarts`/`clusterEms`
    /// receive each cluster (logical order, offsets relative to the range).
    /// `trailingFace`, when given, is the face of the trailing whitespace
    /// (`trailingSpaceFace`).
    func shape(
        _ text: UnsafeBufferPointer<UInt8>, range: Range<Int>, trailingStart: Int, rtl: Bool,
        faces: [_FontFace], keepClusters: Bool, tryingKernModel: Bool = true,
        trailingFace: Int? = nil
    ) -> _PieceMeasure {
        if keepClusters {
            clusterStarts.removeAll(keepingCapacity: true)
            clusterEms.removeAll(keepingCapacity: true)
            clusterMissing.removeAll(keepingCapacity: true)
            clusterFaces.removeAll(keepingCapacity: true)
        }
        var measure = _PieceMeasure()
        if range.isEmpty { return measure }
        // Whether HarfBuzz shapes a run below (`_finishAndMemoizeClusters`).
        let harfBuzzRunsBefore = harfBuzzRuns
        // A long piece whose clusters were kept before (Workspace+ClusterMemo.swift).
        if keepClusters && trailingFace == nil,
            let known = memoizedClusters(
                text, range, trailingStart: trailingStart, rtl: rtl, faces: faces)
        {
            return known
        }
        // Spaces given a face of their own (a run of spaces that begins an
        // attributed run) skip the first-font paths below.
        let firstFaceOnly = trailingFace == nil || trailingFace == 0
        if !rtl && !keepClusters && tryingKernModel && firstFaceOnly,
            let known = kernOnlyMeasure(
                text, range, trailingStart: trailingStart, face: faces[0])
        {
            return known
        }
        // Most text needs only the first font: try it on the whole range and
        // itemize by font only when it leaves glyphs missing (which it
        // surely does when the range holds an ideograph it lacks:
        // `_firstFaceLacksAGlyph`).
        let clusterMark = clusterStarts.count
        if firstFaceOnly
            && !(usesIdeographBatches && _firstFaceLacksAGlyph(text, range, faces: faces))
            && !_mayHoldEmojiSequence(text, range, faces: faces)
        {
            // Clusters without HarfBuzz where the first face only kerns the range:
            // each character has its glyph there (`shapeRun` would agree).
            if !rtl && keepClusters && tryingKernModel,
                let known = kernOnlyMeasureKeepingClusters(
                    text, range, trailingStart: trailingStart, face: faces[0])
            {
                _finishClusters(text, range, rtl: rtl)
                return known
            }
            if shapeRun(
                text, range, trailingStart, rtl, faces, 0, keepClusters,
                allowMissing: faces.count == 1,
                &measure)
            {
                if keepClusters {
                    _finishAndMemoizeClusters(
                        text, range, trailingStart: trailingStart, rtl: rtl, faces: faces,
                        memoizes: trailingFace == nil, measure: measure)
                }
                return measure
            }
        }
        if keepClusters {
            clusterStarts.removeSubrange(clusterMark...)
            clusterEms.removeSubrange(clusterMark...)
            clusterMissing.removeSubrange(clusterMark...)
            clusterFaces.removeSubrange(clusterMark...)
        }
        measure = _PieceMeasure()
        var runStart = range.lowerBound
        var runFace = -1
        var index = range.lowerBound
        var chooser = _FaceChooser(
            range: range, contentEnd: min(trailingStart, range.upperBound), faces: faces)
        let skipsCopies = self.skipsCopies
        while index < range.upperBound {
            let (scalar, length) = _decodeScalar(text, at: index)
            let face =
                index >= trailingStart && trailingFace != nil
                ? trailingFace!
                : chooser.face(text, at: index, scalar: scalar, current: runFace, faces: faces)
            if face != runFace {
                if runFace >= 0 {
                    shapeFontRun(
                        text, runStart..<index, trailingStart, rtl, faces, runFace, keepClusters,
                        &measure)
                }
                runFace = face
                runStart = index
            }
            index &+= length
            // The copies of a CJK or box-drawing character right after it
            // take its face (`_FaceChooser.copiesEnd`), trailing spaces'
            // face aside.
            if length == 3 && skipsCopies && (trailingFace == nil || index <= trailingStart) {
                index = chooser.copiesEnd(
                    text, from: index, scalar: scalar,
                    end: trailingFace == nil ? range.upperBound : trailingStart)
            }
        }
        shapeFontRun(
            text, runStart..<range.upperBound, trailingStart, rtl, faces, max(runFace, 0),
            keepClusters, &measure)
        if keepClusters {
            // Runs the kern model measured all cost less to measure again
            // than to keep (a copy of every array, 2.2 M instructions for
            // the 831 box-drawing pieces of 5,000 Chinese rows, 2026-12-02).
            _finishAndMemoizeClusters(
                text, range, trailingStart: trailingStart, rtl: rtl, faces: faces,
                memoizes: trailingFace == nil && harfBuzzRuns != harfBuzzRunsBefore,
                measure: measure)
        }
        return measure
    }

    /// Puts the kept clusters in logical order (runs come in logical order,
    /// but HarfBuzz gives each right-to-left run's clusters in visual order)
    /// and joins those that UAX #29 puts in one grapheme cluster.
    func _finishClusters(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, rtl: Bool) {
        if rtl { _sortClusters() }
        _joinClustersToGraphemes(text, range)
    }

    private func _sortClusters() {
        let order = clusterStarts.indices.sorted { clusterStarts[$0] < clusterStarts[$1] }
        clusterStarts = order.map { clusterStarts[$0] }
        clusterEms = order.map { clusterEms[$0] }
        clusterMissing = order.map { clusterMissing[$0] }
        clusterFaces = order.map { clusterFaces[$0] }
    }

    /// Shapes `bytes` alone (no context) in one direction with `face`, and
    /// returns the buffer's glyphs (valid until the buffer is used again).
    @inline(__always)
    func shapeBuffer(_ bytes: UnsafeBufferPointer<UInt8>, rtl: Bool, face: _FontFace) -> (
        UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, Int
    )? {
        hb_buffer_clear_contents(buffer)
        bytes.withMemoryRebound(to: CChar.self) {
            hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
        }
        hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.hbFont, buffer, nil, 0)
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)
        else { return nil }
        return (infos, positions, Int(glyphCount))
    }

    /// Shapes one run of a piece itemized by font (`shape`), or takes its
    /// measure from `runCache`: a run is shaped alone, without context, so
    /// its measure depends only on its bytes, its face, its direction and
    /// whether it is content, trailing whitespace, or content followed by
    /// its own trailing whitespace (a run across the trailing whitespace's
    /// start is cached only when that start is where the run's own trailing
    /// whitespace starts, as for "-- " before "《": then its bytes give the
    /// split). Chinese text, whose
    /// pieces are a character or two with punctuation drawn from another
    /// font, repeats such runs far more than whole pieces. The cached
    /// measure is the run's own tally, added to the piece's as `shapeRun`
    /// adds it, so the sums are the same bits.
    func shapeFontRun(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ trailingStart: Int, _ rtl: Bool,
        _ faces: [_FontFace], _ faceIndex: Int, _ keepClusters: Bool,
        _ measure: inout _PieceMeasure
    ) {
        // A run of one CJK character the ideograph memo holds for this face.
        if !keepClusters && !rtl && range.upperBound <= trailingStart,
            let known = memoizedCharacterRun(text, range, faces: faces, faceIndex: faceIndex)
        {
            measure.add(known)
            return
        }
        let isTrailing = range.lowerBound >= trailingStart
        let crosses = !isTrailing && range.upperBound > trailingStart
        guard !keepClusters, let runCache, !range.isEmpty,
            range.count <= _WordWidthCache.maximumKeyLength,
            !crosses
                || _trailingWhitespaceStart(text, end: range.upperBound, start: range.lowerBound)
                    == trailingStart,
            faces[faceIndex].id < 1 << 27
        else {
            if !rtl,
                var known =
                    keepClusters
                    ? kernOnlyMeasureKeepingClusters(
                        text, range, trailingStart: trailingStart, face: faces[faceIndex],
                        faceIndex: faceIndex)
                    : kernOnlyMeasure(
                        text, range, trailingStart: trailingStart, face: faces[faceIndex],
                        faceIndex: faceIndex)
            {
                known.fontMask = faceIndex < 32 ? 1 << UInt32(faceIndex) : 0
                measure.add(known)
                return
            }
            _ = shapeRun(
                text, range, trailingStart, rtl, faces, faceIndex, keepClusters,
                allowMissing: true, &measure)
            return
        }
        let tag =
            1 << 31 | UInt32(faces[faceIndex].id) << 3 | (isTrailing ? 4 : 0) | (rtl ? 2 : 0)
            | (crosses ? 1 : 0)
        let key = _ByteKey(UnsafeRawBufferPointer(text), range, tag: tag)
        var run = runCache._withUnsafeGuaranteedRef { cache in
            if let known = cachedMeasure(key, cache: cache) { return known }
            var run: _PieceMeasure
            // The face unretained, as the cache (shared by every thread).
            if !rtl,
                let known = Unmanaged.passUnretained(faces[faceIndex])._withUnsafeGuaranteedRef({
                    kernOnlyMeasure(text, range, trailingStart: trailingStart, face: $0)
                })
            {
                run = known
            } else {
                run = _PieceMeasure()
                _ = shapeRun(
                    text, range, trailingStart, rtl, faces, faceIndex, false, allowMissing: true,
                    &run)
            }
            run.fontMask = 0
            remember(run, for: key, cache: cache)
            return run
        }
        run.fontMask = faceIndex < 32 ? 1 << UInt32(faceIndex) : 0
        measure.add(run)
    }

    /// Shapes one run with one face. Returns false (having measured nothing
    /// useful) when `allowMissing` is false and a glyph is missing.
    private func shapeRun(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ trailingStart: Int, _ rtl: Bool,
        _ faces: [_FontFace], _ faceIndex: Int, _ keepClusters: Bool, allowMissing: Bool,
        _ measure: inout _PieceMeasure
    ) -> Bool {
        let face = faces[faceIndex]
        harfBuzzRuns &+= 1
        // Only the run's own bytes, with no surrounding context: widths are
        // cached by the piece's bytes, so they must not depend on neighbouring
        // text (HarfBuzz would otherwise use up to 5 characters of context on
        // each side, e.g. for Arabic joining, and a cached width would depend
        // on which text first brought the piece). Clusters come back relative
        // to the run and are shifted to text offsets below.
        guard
            let (infos, positions, glyphCount) = shapeBuffer(
                UnsafeBufferPointer(rebasing: text[range]), rtl: rtl, face: face)
        else { return true }
        if !rtl {
            learnKerning(
                UnsafeBufferPointer(rebasing: text[range]), infos, positions, glyphCount, face: face
            )
        }
        var tally = _GlyphTally(perUnit: 1 / Double(face.unitsPerEm))
        guard keepClusters else {
            for index in 0..<glyphCount {
                if infos[index].codepoint == 0 && !allowMissing { return false }
                _ = tally.add(
                    cluster: infos[index].cluster + UInt32(range.lowerBound),
                    advance: positions[index].x_advance,
                    isMissing: infos[index].codepoint == 0, trailingStart: trailingStart)
            }
            tally.addTo(&measure)
            measure.fontMask |= faceIndex < 32 ? (1 << UInt32(faceIndex)) : 0
            return true
        }
        // The cluster arrays as locals while glyphs are appended: each
        // access to a class's stored array is checked for exclusivity at
        // run time (two calls a glyph, 10 M instructions for the box-drawing
        // tables of 5,000 Chinese rows, 2026-11-30). Put back on every exit.
        var starts = clusterStarts
        var ems = clusterEms
        var missing = clusterMissing
        var clusterFaceIndices = clusterFaces
        clusterStarts = []
        clusterEms = []
        clusterMissing = []
        clusterFaces = []
        defer {
            clusterStarts = starts
            clusterEms = ems
            clusterMissing = missing
            clusterFaces = clusterFaceIndices
        }
        for index in 0..<glyphCount {
            let cluster = infos[index].cluster + UInt32(range.lowerBound)
            if infos[index].codepoint == 0 && !allowMissing { return false }
            let advance = tally.add(
                cluster: cluster, advance: positions[index].x_advance,
                isMissing: infos[index].codepoint == 0, trailingStart: trailingStart)
            if tally.isNewCluster {
                starts.append(Int32(cluster))
                ems.append(advance)
                missing.append(infos[index].codepoint == 0)
                clusterFaceIndices.append(Int32(faceIndex))
            } else {
                ems[ems.count - 1] += advance
                if infos[index].codepoint == 0 { missing[missing.count - 1] = true }
            }
        }
        tally.addTo(&measure)
        measure.fontMask |= faceIndex < 32 ? (1 << UInt32(faceIndex)) : 0
        return true
    }
}

/// The face index for a scalar: the first face that has it (a cascade list,
/// as CoreText's), except that combining marks, joiners and other format
/// characters and spaces stay with the current run's face when it has them,
/// so a mark stays on its base letter and a space between two Hebrew words is
/// Hebrew's space (Pango does the same; punctuation and digits take the first
/// face that has them, also as Pango does). Scalars no face has go to the
/// first face (notdef).
///
/// Default-ignorable characters (Unicode's Default_Ignorable_Code_Point:
/// ZWJ, ZWNJ, variation selectors, tags…) stay with the current face even
/// when it lacks them: they belong to the grapheme cluster of the character
/// before them, and HarfBuzz draws one a font lacks as nothing (it hides
/// default ignorables) rather than as notdef. Looked up on their own, a
/// joiner went to the first fallback that has one (Noto Sans Hebrew), which
/// split a ZWJ emoji sequence into three runs and three clusters, and gave
/// its line Hebrew's height.
///
/// Spaces do not stay with a color emoji font (`_FontFace.isColorEmoji`):
/// a space after an emoji is text, drawn with the first font that has it,
/// as Pango's emoji itemization does (Noto Color Emoji's space is as wide
/// as an emoji, 21.167 pt at 17 pt, against Inter's 4.781).
@inline(__always)
func _fallbackFace(for scalar: UInt32, current: Int, faces: [_FontFace]) -> Int {
    if current >= 0 && _staysWithCurrentFace(scalar)
        && (_face(faces, current, has: scalar) || _isDefaultIgnorable(scalar))
        && !(_isColorEmoji(faces, current) && _isSpace(scalar))
    {
        return current
    }
    for index in faces.indices where _face(faces, index, has: scalar) {
        return index
    }
    if current >= 0 && _staysWithCurrentFace(scalar) { return current }
    return 0
}

/// 1 for true, 0 for false (a flag to add or or, without a branch).
@inline(__always)
func _bit(_ value: Bool) -> Int { value ? 1 : 0 }

/// Whether `faces[index]` has `scalar`, asked through an unretained
/// reference (the array keeps the face alive): asking `faces[index]`
/// directly retained and released the face, about 40 instructions a call
/// and 164,000 calls for 5,000 Chinese rows (`_fallbackFace`, 2026-11-30).
@inline(__always)
func _face(_ faces: [_FontFace], _ index: Int, has scalar: UInt32) -> Bool {
    Unmanaged.passUnretained(faces[index])._withUnsafeGuaranteedRef { $0.hasGlyph(scalar) }
}
