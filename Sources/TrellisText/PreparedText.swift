// Prepared text (Android's PrecomputedText idea): a text's break opportunities
// and the measures of the pieces between them, computed once per font
// collection. Breaking it into lines at any width and size is then a linear
// pass over numbers, without shaping or hashing.

import TrellisSupport

/// One piece of text between two break opportunities.
struct _Piece {
    /// Byte offset where the piece ends (after its whitespace and hard break).
    var end: Int32
    /// Byte offset where its trailing whitespace (or hard break) starts.
    var wordEnd: Int32
    var measure: _PieceMeasure
    var flags: UInt8

    /// A line separator (U+2028) ends the piece: a new line, same paragraph.
    static let lineBreak: UInt8 = 1
    /// A paragraph separator (`\n`, `\r\n`, `\r`, U+2029, U+0085, VT, FF) ends the piece.
    static let paragraphBreak: UInt8 = 2
    /// The piece's paragraph is right-to-left (its first strong character).
    static let rtlParagraph: UInt8 = 4
    /// The piece holds a tab: its widths depend on where it starts on its
    /// line (`_Workspace.tabbedPen`), and its measure leaves the tabs out.
    static let tab: UInt8 = 8

    var isHardBreak: Bool { flags & (_Piece.lineBreak | _Piece.paragraphBreak) != 0 }
}

/// A text prepared for line breaking with one font collection.
final class _PreparedText: @unchecked Sendable {
    /// The text itself, kept as the caller's `String` (made contiguous
    /// UTF-8 if it was not): no copy of its bytes, and a lookup with that
    /// same string finds its bytes already in the cache lines it just hashed.
    /// Holding it keeps its storage alive and, by copy-on-write, unchanged.
    let text: String
    /// Length of `text` in UTF-8 bytes.
    let byteCount: Int
    /// The identity of `text`, which this object holds (see `StringWords`).
    let identity: StringWords?
    let fonts: FontCollection
    /// The id of the collection the text was asked for, under which the
    /// cache files it: `fonts.id`, except for a collection that ends in the
    /// system's fonts, where `fonts` is that collection resolved for this
    /// text (`FontCollection._resolved(for:)`). Set before the text is shared.
    var lookupFontsID: Int32
    /// The pieces, except for a plain paragraph (see `wholePieces`).
    private let storedPieces: [_Piece]
    /// Bidi runs over the whole text as (end offset, level); empty when the
    /// text has no right-to-left character (all level 0).
    let bidiRuns: [(end: Int32, level: UInt8)]
    let missingGlyphs: Int
    /// Where the clusters no font has are found, or were
    /// (`missingClusters(_:)`, Workspace+MissingGlyphs.swift); nil when
    /// the text has none. Set before the text is shared, by whoever
    /// prepared it, once the count, `missingGlyphs`, says there are some.
    var missingClusterSource: _MissingClusters?
    /// The runs of an attributed text, whose piece measures are in points
    /// (see Workspace+AttributedText.swift); nil for a text in one style.
    let styles: _StyleRuns?
    /// True when the text is one left-to-right paragraph without hard
    /// breaks whose pieces were all drawn with the same fonts: every line
    /// then has the font mask `uniformMask` and only widths decide where
    /// lines end (`_Workspace.breakPlainParagraph`).
    let isPlainParagraph: Bool
    let uniformMask: UInt32
    /// A plain paragraph's pieces, compactly: what filling its lines reads,
    /// in one block (each piece's `wordEm` and `spaceEm` side by side, then
    /// each piece's end offset as an `Int32`, two to a double), and apart
    /// from it each piece's word and space cluster counts (read only with
    /// letter spacing). 28 bytes a piece instead of a 48-byte `_Piece`: a
    /// warm layout at a new width mostly waits for memory, so fewer cache
    /// lines per text is what makes it faster. Empty for other texts.
    let plainBlock: [Double]
    let plainClusters: [Int32]
    /// Number of pieces.
    let pieceCount: Int

    /// `block` and `clusters`: arrays whose storage the compact form of a
    /// plain paragraph is written over, where it is unique and large
    /// enough (Workspace+Recycling.swift); for other texts they are kept,
    /// emptied, as `plainBlock` and `plainClusters`.
    init(
        text: String, fonts: FontCollection, pieces: [_Piece],
        bidiRuns: [(end: Int32, level: UInt8)],
        styles: _StyleRuns? = nil, compactingPlainParagraphs: Bool = true,
        block: consuming [Double] = [], clusters: consuming [Int32] = []
    ) {
        self.styles = styles
        self.text = text
        self.byteCount = text.utf8.count
        self.identity = StringWords(text)
        self.fonts = fonts
        self.lookupFontsID = fonts.id
        self.bidiRuns = bidiRuns
        self.pieceCount = pieces.count
        // One pass over the pieces' storage: the missing glyphs, whether
        // the text is a plain paragraph.
        var missing = 0
        var plain = compactingPlainParagraphs && !pieces.isEmpty
        let mask = pieces.first?.measure.fontMask ?? 0
        pieces.withUnsafeBufferPointer { pieces in
            var flags: UInt8 = 0
            var masks: UInt32 = 0
            for piece in pieces {
                missing &+= Int(piece.measure.missingGlyphs)
                flags |= piece.flags
                masks |= piece.measure.fontMask ^ mask
            }
            if flags != 0 || masks != 0 { plain = false }
        }
        self.missingGlyphs = missing
        self.isPlainParagraph = plain
        self.uniformMask = plain ? mask : 0
        guard plain else {
            storedPieces = pieces
            if !block.isEmpty { block.removeAll(keepingCapacity: true) }
            if !clusters.isEmpty { clusters.removeAll(keepingCapacity: true) }
            plainBlock = block
            plainClusters = clusters
            return
        }
        storedPieces = []
        let count = pieces.count
        let endWords = (count + 1) / 2
        // Both arrays are written in a temporary buffer and then over the
        // array in one step: an array made with `unsafeUninitializedCapacity`
        // is allocated through the standard library's unspecialized path,
        // which looks the array type's metadata up at run time on every
        // call (about 700 instructions, two arrays a text). Both buffers are
        // written in one pass over the pieces' storage (three loops over
        // the array, each element read through its enumerator, cost about
        // 32 instructions a piece: most of a Chinese text's pieces are one
        // character). Appending the cluster counts one by one ran Array's
        // checks for each (about 20 instructions a piece).
        let blockCount = 2 * count + endWords
        pieces.withUnsafeBufferPointer { pieces in
            let pieces = pieces.baseAddress.unsafelyUnwrapped
            withUnsafeTemporaryAllocation(of: Double.self, capacity: blockCount) { buffer in
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * count) { counts in
                    let base = buffer.baseAddress.unsafelyUnwrapped
                    let countsBase = counts.baseAddress.unsafelyUnwrapped
                    // Zeros first, so the unused half of an odd last double is defined.
                    (base + 2 * count).initialize(repeating: 0, count: endWords)
                    let ends = UnsafeMutableRawPointer(base + 2 * count)
                    for index in 0..<count {
                        let piece = pieces + index
                        (base + 2 &* index).initialize(to: piece.pointee.measure.wordEm)
                        (base + (2 &* index &+ 1)).initialize(to: piece.pointee.measure.spaceEm)
                        ends.storeBytes(
                            of: piece.pointee.end, toByteOffset: 4 &* index, as: Int32.self)
                        (countsBase + 2 &* index).initialize(
                            to: piece.pointee.measure.wordClusters)
                        (countsBase + (2 &* index &+ 1)).initialize(
                            to: piece.pointee.measure.spaceClusters)
                    }
                    block.replaceSubrange(block.indices, with: UnsafeBufferPointer(buffer))
                    clusters.replaceSubrange(clusters.indices, with: UnsafeBufferPointer(counts))
                }
            }
        }
        plainBlock = block
        plainClusters = clusters
    }

    /// The arrays a text that is being dropped leaves for the next one
    /// (Workspace+Recycling.swift): its pieces (a plain paragraph keeps
    /// none: empty), its compact block and cluster counts.
    var storage: (pieces: [_Piece], block: [Double], clusters: [Int32]) {
        (storedPieces, plainBlock, plainClusters)
    }

    /// The pieces. A plain paragraph keeps only their compact form, from
    /// which they are rebuilt here (O(n)) for the paths that need whole
    /// pieces: words wider than a line, character wrapping, one-line
    /// bounding rectangles. Their per-piece missing glyph counts are not
    /// kept (only the total, `missingGlyphs`).
    func wholePieces() -> [_Piece] {
        guard isPlainParagraph else { return storedPieces }
        return withBytes { bytes in
            plainBlock.withUnsafeBufferPointer { block in
                let ends = UnsafeRawPointer(block.baseAddress! + 2 * pieceCount)
                var pieces: [_Piece] = []
                pieces.reserveCapacity(pieceCount)
                var start = 0
                for index in 0..<pieceCount {
                    let end = Int(ends.load(fromByteOffset: 4 * index, as: Int32.self))
                    // No hard breaks in a plain paragraph: the content runs to the end.
                    let wordEnd = _trailingWhitespaceStart(bytes, end: end, start: start)
                    let measure = _PieceMeasure(
                        wordEm: block[2 * index], spaceEm: block[2 * index + 1],
                        wordClusters: plainClusters[2 * index],
                        spaceClusters: plainClusters[2 * index + 1], fontMask: uniformMask)
                    pieces.append(
                        _Piece(end: Int32(end), wordEnd: Int32(wordEnd), measure: measure, flags: 0)
                    )
                    start = end
                }
                return pieces
            }
        }
    }

    /// Where piece `index` ends (after its whitespace and hard break).
    @inline(__always)
    func pieceEnd(_ index: Int) -> Int {
        guard isPlainParagraph else { return Int(storedPieces[index].end) }
        return plainBlock.withUnsafeBufferPointer { block in
            Int(
                UnsafeRawPointer(block.baseAddress! + 2 * pieceCount)
                    .load(fromByteOffset: 4 * index, as: Int32.self))
        }
    }

    /// The first piece that ends after `offset` (`pieceCount` when none
    /// does). - Complexity: O(log n) in the number of pieces.
    func firstPiece(endingAfter offset: Int) -> Int {
        var low = 0
        var high = pieceCount
        while low < high {
            let middle = (low + high) / 2
            if pieceEnd(middle) > offset { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Calls `body` with each part of `range` in one style: its fonts, the
    /// size and letter spacing its ems are multiplied by (`parameters`' for
    /// a text in one style, its run's for an attributed text), and the font
    /// mask bit of each of its fonts.
    @inline(__always)
    func forEachStyledPart(
        _ range: Range<Int>, _ parameters: _BreakParameters,
        _ body: (Range<Int>, FontCollection, Double, Double, _FaceBits) -> Void
    ) {
        guard let styles else {
            body(range, fonts, parameters.size, parameters.letterSpacing, _FaceBits())
            return
        }
        styles.forEachPart(range) { part, run in
            body(
                part, run.fonts, run.size, run.letterSpacing,
                _FaceBits(styles: styles, firstFace: run.firstFace))
        }
    }

    /// Calls `body` with the text's UTF-8 bytes.
    @inline(__always)
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        // `prepare` made the string contiguous, so the storage is always there.
        text.utf8.withContiguousStorageIfAvailable(body)!
    }

    /// Calls `body` for each part of `range` with one direction, in logical order.
    @inline(__always)
    func forEachDirectionalPart(_ range: Range<Int>, _ body: (Range<Int>, Bool) -> Void) {
        _forEachDirectionalPart(range, runs: bidiRuns, body)
    }
}

@inline(__always)
func _forEachDirectionalPart(
    _ range: Range<Int>, runs: [(end: Int32, level: UInt8)], _ body: (Range<Int>, Bool) -> Void
) {
    if runs.isEmpty {
        body(range, false)
        return
    }
    var start = range.lowerBound
    // Binary search for the first run ending after `start`, so long texts
    // with many runs stay linear overall.
    var low = 0
    var high = runs.count
    while low < high {
        let middle = (low + high) / 2
        if Int(runs[middle].end) <= start { low = middle + 1 } else { high = middle }
    }
    for index in low..<runs.count {
        let end = min(Int(runs[index].end), range.upperBound)
        if end > start { body(start..<end, runs[index].level & 1 == 1) }
        start = end
        if start >= range.upperBound { return }
    }
    if start < range.upperBound { body(start..<range.upperBound, false) }
}

extension _Workspace {
    /// Prepares `text`: break opportunities (ICU), bidi runs (ICU, only when
    /// the text has right-to-left characters), and each piece's measure,
    /// shaped once per distinct piece through `cache`.
    /// - Complexity: O(n) in the length of the text, plus shaping of pieces
    ///   not yet in the cache.
    func prepare(_ string: String, fonts: FontCollection, cache: _WordWidthCache)
        throws(TextError) -> _PreparedText
    {
        var string = string
        string.makeContiguousUTF8()
        let stored = string
        let generation = cache.generation.load(ordering: .acquiring)
        if front.generation != generation { front.removeAll(generation: generation) }
        runCache = Unmanaged.passUnretained(cache)
        defer { runCache = nil }
        // For the system-font scans to prefetch (FontCollection+HanRuns.swift):
        // read here, once a text, rather than in each run of ideographs,
        // which retained and released the cache and its table (both shared
        // by the measurer's threads, so each count moved the line between
        // their cores) 2.6 times a Chinese row.
        systemFaces.sharedIdeographSlots = cache.ideographs.slotsAddress
        let outcome = stored.utf8.withContiguousStorageIfAvailable {
            (text) -> Result<_PreparedText, TextError> in
            Result { () throws(TextError) -> _PreparedText in
                try prepareBytes(text, of: stored, fonts: fonts, cache: cache)
            }
        }
        // A contiguous string always lends its storage.
        return try outcome!.get()
    }

    private func prepareBytes(
        _ text: UnsafeBufferPointer<UInt8>, of string: String, fonts: FontCollection,
        cache: _WordWidthCache
    ) throws(TextError) -> _PreparedText {
        do {
            let (breakCount, isPlain) = try findBreaks(text)
            // The workspace's scratch arrays as locals for the loops below:
            // every access to a class's stored property is checked for
            // exclusivity at run time, which profiles showed per piece.
            let breakOffsets = self.breakOffsets
            let breakIsHard = self.breakIsHard
            // The scratch's fields skip those checks (_PrepareScratch.swift).
            let scratch = prepareScratch
            // The pieces and their look-ups are written to the scratch's
            // buffers, kept between texts (appending to arrays and
            // setting their elements checked each array's uniqueness every
            // time, about 40 instructions a piece), and the pieces are
            // copied into an array once measured.
            let piecesBuffer = scratch.piecesBuffer(breakCount)
            let lookups = scratch.lookupsBuffer(breakCount)
            // The runs of pieces measured from the ideograph memo, as
            // (first piece, end piece): they have no look-up, and pass 2
            // steps over them.
            let memoRuns = scratch.memoRunsBuffer(breakCount)
            var memoRunCount = 0
            var pieceCount = 0
            var runs: [(end: Int32, level: UInt8)] = []
            // Plain text is ASCII, so it has no right-to-left character;
            // nor has text the letter break finder took (`breaksFromLetters`).
            let hasRTL = !isPlain && !breaksFromLetters && _mayContainRightToLeft(text)
            // Neither has a tab.
            let hasTabs = !isPlain && !breaksFromLetters && _containsTab(text, 0..<text.count)
            // Pass 1: where each piece ends and its flags; for left-to-right
            // text also each piece's cache key, its measure when the front
            // cache has it, and otherwise the start of loading its slot of
            // the shared cache.
            let bytes = UnsafeRawBufferPointer(text)
            let tag = _pieceTag(fonts, rtl: false, isLast: true)
            let faces = fonts.faces
            scratch.trailingFaces.removeAll(keepingCapacity: true)
            var start = 0
            var paragraphRTL = false
            var paragraphStart = 0
            // Runs of pieces of one CJK character go through a loop of
            // their own (Workspace+IdeographMemo.swift), from the first byte
            // that may begin such a character on.
            let ideographsFrom = hasRTL ? text.count : wideLeadFrom
            var index = 0
            while index < breakCount {
                if start >= ideographsFrom {
                    let first = pieceCount
                    index = memoizedIdeographRun(
                        text, offsets: breakOffsets, hard: breakIsHard, from: index,
                        count: breakCount, start: &start, pieces: piecesBuffer,
                        pieceCount: &pieceCount, faces: faces, collection: fonts.id)
                    if pieceCount != first {
                        (memoRuns + memoRunCount).initialize(
                            to: (
                                Int32(truncatingIfNeeded: first),
                                Int32(truncatingIfNeeded: pieceCount)
                            ))
                        memoRunCount &+= 1
                    }
                    if index == breakCount { break }
                }
                defer { index += 1 }
                let end = Int(breakOffsets[index])
                if end <= start { continue }
                if hasRTL && start == paragraphStart {
                    paragraphRTL = try appendBidiRuns(
                        text, from: start, breakIndex: index, breakCount: breakCount, into: &runs)
                }
                var flags: UInt8 = paragraphRTL ? _Piece.rtlParagraph : 0
                var contentEnd = end
                if breakIsHard[index] != 0 {
                    let hard = _hardBreakStart(text, end: end, start: start)
                    contentEnd = hard.start
                    flags |= hard.isLineSeparator ? _Piece.lineBreak : _Piece.paragraphBreak
                }
                let wordEnd = _trailingWhitespaceStart(text, end: contentEnd, start: start)
                if hasTabs && _containsTab(text, start..<contentEnd) { flags |= _Piece.tab }
                var measure = _PieceMeasure()
                if !hasRTL {
                    var lookup = _PieceLookup.uncached
                    // Spaces whose font the next character decides are
                    // measured outside the caches (Workspace+SpaceFonts.swift);
                    // a piece without trailing spaces (most of a Chinese
                    // text's) has none to ask about.
                    let trailingFace =
                        isPlain || contentEnd != end || wordEnd == end
                            || flags & _Piece.tab != 0
                        ? nil
                        : _Workspace.trailingSpaceFace(
                            text, start: start, wordEnd: wordEnd, next: end, faces: fonts.faces)
                    if let trailingFace {
                        scratch.trailingFaces.append((pieceCount, trailingFace))
                    } else if contentEnd > start
                        && contentEnd - start <= _WordWidthCache.maximumKeyLength
                        && flags & _Piece.tab == 0
                    {
                        let key = _ByteKey(bytes, start..<contentEnd, tag: tag)
                        if let hit = frontMeasure(key) {
                            measure = hit
                            lookup = .measured
                        } else {
                            cache.prefetch(key)
                            lookup = .shared(key)
                        }
                    }
                    (lookups + pieceCount).initialize(to: lookup)
                }
                (piecesBuffer + pieceCount).initialize(
                    to: _Piece(
                        end: Int32(end), wordEnd: Int32(wordEnd), measure: measure, flags: flags))
                pieceCount += 1
                start = end
                if flags & _Piece.paragraphBreak != 0 { paragraphStart = end }
            }
            scratch.trailingFaces.reverse()
            // Pass 2: each piece's measure, from the caches, or measured
            // without HarfBuzz where it can be; the left-to-right pieces
            // left are shaped together after it.
            scratch.missedPieces.removeAll(keepingCapacity: true)
            scratch.missedParts.removeAll(keepingCapacity: true)
            var nextMemoRun = 0
            index = 0
            while index < pieceCount {
                // Most pieces of Chinese text were measured in pass 1 from
                // the ideograph memo: their runs are stepped over.
                if nextMemoRun < memoRunCount && Int(memoRuns[nextMemoRun].first) == index {
                    index = Int(memoRuns[nextMemoRun].end)
                    nextMemoRun &+= 1
                    continue
                }
                defer { index &+= 1 }
                // Others were found in the front cache: only their look-up
                // is read (pieces are contiguous, so the start of the
                // others is where the piece before ends).
                if !hasRTL, case .measured = lookups[index] { continue }
                let start = index == 0 ? 0 : Int(piecesBuffer[index &- 1].end)
                let piece = piecesBuffer[index]
                let contentEnd =
                    piece.isHardBreak
                    ? _hardBreakStart(text, end: Int(piece.end), start: start).start
                    : Int(piece.end)
                let wordEnd = Int(piece.wordEnd)
                let lookup = hasRTL ? .uncached : lookups[index]
                switch lookup {
                case .measured:
                    break
                case .shared(let key):
                    if let known = sharedMeasure(key, cache: cache) {
                        piecesBuffer[index].measure = known
                        continue
                    }
                    let part = _Part(range: start..<contentEnd, trailingStart: wordEnd)
                    // Measured here when no HarfBuzz is needed: a later
                    // piece of this text with the same key then finds it.
                    if let measure = measureWithoutShaping(
                        text, part, fonts: fonts, faces: faces, ideographsFrom: ideographsFrom)
                    {
                        remember(measure, for: key, cache: cache)
                        piecesBuffer[index].measure = measure
                    } else {
                        scratch.missedPieces.append(index)
                        scratch.missedParts.append(part)
                    }
                case .uncached where piece.flags & _Piece.tab != 0:
                    piecesBuffer[index].measure = tabbedMeasure(
                        text, start..<contentEnd, wordEnd: wordEnd, runs: runs, fonts: fonts,
                        cache: cache)
                case .uncached
                where scratch.trailingFaces.last.map({ $0.piece == index }) == true:
                    let trailingFace = scratch.trailingFaces.removeLast().face
                    // One CJK character and spaces, most of them
                    // (Workspace+MemoizedRuns.swift).
                    piecesBuffer[index].measure =
                        (_mayTakeIdeographMemo(text, start..<contentEnd, from: ideographsFrom)
                            ? memoizedSpacedMeasure(
                                text, start..<contentEnd, wordEnd: wordEnd,
                                trailingFace: trailingFace, faces: faces, collection: fonts.id)
                            : nil)
                        ?? shape(
                            text, range: start..<contentEnd, trailingStart: wordEnd, rtl: false,
                            faces: fonts.faces, keepClusters: false, trailingFace: trailingFace)
                case .uncached:
                    var measure = _PieceMeasure()
                    _forEachDirectionalPart(start..<contentEnd, runs: runs) { part, rtl in
                        measure.add(
                            measurePart(
                                text, part, trailingStart: wordEnd,
                                isLast: part.upperBound == contentEnd,
                                rtl: rtl, fonts: fonts, cache: cache))
                    }
                    piecesBuffer[index].measure = measure
                }
            }
            if !scratch.missedPieces.isEmpty {
                let batched = scratch.missedPieces.count > 1
                if batched && isPlain {
                    shapeBatch(
                        text, scratch.missedParts, face: fonts.faces[0], into: &scratch.batched)
                } else if batched {
                    // Batched per font and script (Workspace+ScriptBatches.swift).
                    shapeScriptBatches(
                        text, scratch.missedParts, faces: fonts.faces, into: &scratch.batched)
                }
                for (order, index) in scratch.missedPieces.enumerated() {
                    let part = scratch.missedParts[order]
                    let measure =
                        (batched ? scratch.batched[order] : nil)
                        ?? shape(
                            text, range: part.range, trailingStart: part.trailingStart, rtl: false,
                            faces: fonts.faces,
                            // A long piece may be wider than the line, and
                            // breaking it needs its clusters: they are
                            // kept (Workspace+ClusterMemo.swift).
                            keepClusters: part.range.count >= _ClusterMemo.minimumLength,
                            // Tried above; only a batch can have taught new pairs since.
                            tryingKernModel: batched)
                    if case .shared(let key) = lookups[index] {
                        remember(measure, for: key, cache: cache)
                    }
                    piecesBuffer[index].measure = measure
                }
            }
            // Over the storage the last text left, when it left one
            // (Workspace+Recycling.swift).
            var pieces = takeSparePieces()
            pieces.replaceSubrange(
                pieces.indices, with: UnsafeBufferPointer(start: piecesBuffer, count: pieceCount))
            // Kerning across break opportunities without whitespace
            // (Workspace+JoinKerning.swift).
            if !hasRTL {
                addJoinKerning(
                    text, pieces: &pieces, fonts: fonts, cache: cache,
                    memoRuns: UnsafeBufferPointer(start: memoRuns, count: memoRunCount))
            }
            let prepared = makePrepared(text: string, fonts: fonts, pieces: pieces, bidiRuns: runs)
            // Where the clusters no font has are, found when first asked
            // for. The prepared text counted the pieces' missing glyphs as
            // it read them (a scan of every piece here would cost about 9
            // instructions a piece, on every text).
            if prepared.missingGlyphs > 0 {
                prepared.missingClusterSource = _MissingClusters(
                    pieceRanges: missingPieceRanges(text, pieces: pieces), found: nil)
            }
            return prepared
        }
    }

    /// The measure of a piece no cache had, when it needs no HarfBuzz:
    /// CJK characters the ideograph memo holds (Workspace+MemoizedRuns.swift),
    /// a piece the first font only kerns with known pairs, or one drawn with
    /// another face that only kerns it (`ideographKernOnlyMeasure`); nil
    /// when it must be shaped.
    @inline(__always)
    private func measureWithoutShaping(
        _ text: UnsafeBufferPointer<UInt8>, _ part: _Part, fonts: FontCollection,
        faces: [_FontFace], ideographsFrom: Int
    ) -> _PieceMeasure? {
        // Pieces of CJK characters the memo holds skip the first face and
        // finding their face.
        if _mayTakeIdeographMemo(text, part.range, from: ideographsFrom),
            let measure = memoizedRunMeasure(text, part, faces: faces, collection: fonts.id)
        {
            return measure
        }
        // The face unretained: it is shared by every thread
        // (`fonts.faces[0]` retained it, twice a Chinese row).
        return fonts.faceList[0]._withUnsafeGuaranteedRef {
            kernOnlyMeasure(text, part.range, trailingStart: part.trailingStart, face: $0)
        } ?? ideographKernOnlyMeasure(text, part, faces: faces)
    }
}
