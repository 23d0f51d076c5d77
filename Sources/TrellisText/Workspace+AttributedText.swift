// Preparing an attributed text: the same pieces between break opportunities
// as for a plain text, each measured run by run with its run's fonts, size
// and letter spacing, through the same word cache.
//
// Why measures in points: line breaking multiplies each measure by the
// style's size and adds its letter spacing per cluster (`_BreakParameters`).
// A piece of an attributed text may hold parts of several runs of different
// sizes, so its measure is summed in points instead (each part's ems times
// its run's size, plus its clusters times its run's letter spacing), and it
// is broken with size 1 and no letter spacing: every line-filling path
// (plain paragraphs included) then works unchanged. The word cache still
// holds ems per font collection, so a repeated word in a repeated font is
// shaped once whatever its size.
//
// Font masks: bit i of an attributed piece's mask is entry i of
// `_StyleRuns.lineFonts`, a (font, size, baseline offset) triple, so a
// line's height comes from the fonts and sizes actually on it (`_LineMetrics`).

/// The runs of an attributed text as a prepared text keeps them.
final class _StyleRuns: @unchecked Sendable {
    /// A run's numbers. Its font collection is unretained (`collections`
    /// holds them): runs are copied for every part of every piece, and
    /// retaining a collection and an array each time was a quarter of an
    /// attributed text's preparation.
    struct Run {
        let end: Int
        unowned(unsafe) let fonts: FontCollection
        let size: Double
        let letterSpacing: Double
        /// Where the line-font bits of this run's fonts start in `faceBits`
        /// (one per font of `fonts`, in order).
        let firstFace: Int
        /// The mask bits of all of its fonts.
        let lineFontMask: UInt32
    }

    /// A font at a size, raised by a baseline offset: one source of line metrics.
    struct LineFont {
        let face: _FontFace
        let size: Double
        let baselineOffset: Double
    }

    let runs: [Run]
    let lineFonts: [LineFont]
    /// For each run, for each font of its collection, its bit in `lineFonts`.
    let faceBits: [UInt32]
    /// The runs' font collections, which `Run` does not retain.
    private let collections: [FontCollection]
    /// The largest number of distinct (font, size, offset) triples in one
    /// text: font masks are 32 bits.
    static let maximumLineFonts = 32

    /// The runs of `text`, validated, with fonts that end in the system's
    /// resolved for each run's characters.
    convenience init(_ text: AttributedText) throws(TextError) {
        var memo = _SystemFaceMemo(capacity: 256)
        try self.init(text, memo: &memo)
    }

    /// `init(_:)` with the system's choices remembered in `memo` (a
    /// workspace's, kept from text to text: a memo of its own per text
    /// cost about 5,000 instructions a text, for its two tables).
    init(_ text: AttributedText, memo: inout _SystemFaceMemo) throws(TextError) {
        var runs: [Run] = []
        var lineFonts: [LineFont] = []
        var faceBits: [UInt32] = []
        var collections: [FontCollection] = []
        runs.reserveCapacity(text.runs.count)
        collections.reserveCapacity(text.runs.count)
        var string = text.string
        for run in text.runs {
            var attributes = run.attributes
            try attributes._validate()
            // Fonts that end in the system's are resolved for the run's text.
            if attributes.fonts.systemFallback != nil {
                attributes.fonts = string.withUTF8 {
                    attributes.fonts._resolved(for: $0, in: run.range, memo: &memo)
                }
            }
            let firstFace = faceBits.count
            var runMask: UInt32 = 0
            for face in attributes.fonts.faces {
                var index = 0
                while index < lineFonts.count
                    && !(lineFonts[index].face === face && lineFonts[index].size == attributes.size
                        && lineFonts[index].baselineOffset == attributes.baselineOffset)
                {
                    index += 1
                }
                if index == lineFonts.count {
                    lineFonts.append(
                        LineFont(
                            face: face, size: attributes.size,
                            baselineOffset: attributes.baselineOffset))
                }
                let bit: UInt32 = index < 32 ? 1 << UInt32(index) : 0
                faceBits.append(bit)
                runMask |= bit
            }
            runs.append(
                Run(
                    end: run.range.upperBound, fonts: attributes.fonts, size: attributes.size,
                    letterSpacing: attributes.letterSpacing, firstFace: firstFace,
                    lineFontMask: runMask))
            collections.append(attributes.fonts)
        }
        guard lineFonts.count <= Self.maximumLineFonts else {
            throw TextError.invalidParameter(
                name: "number of distinct fonts, sizes and baseline offsets",
                value: Double(lineFonts.count),
                requirement: "at most \(Self.maximumLineFonts) in one attributed text")
        }
        self.runs = runs
        self.lineFonts = lineFonts
        self.faceBits = faceBits
        self.collections = collections
    }

    /// Calls `body` with each part of `range` within one run, in order.
    @inline(__always)
    func forEachPart(_ range: Range<Int>, _ body: (Range<Int>, Run) -> Void) {
        let low = index(at: range.lowerBound)
        var start = range.lowerBound
        runs.withUnsafeBufferPointer { runs in
            for index in low..<runs.count {
                let end = min(runs[index].end, range.upperBound)
                if end > start { body(start..<end, runs[index]) }
                start = max(start, end)
                if start >= range.upperBound { return }
            }
        }
    }

    /// The run that holds byte `offset` (the last run past the end).
    func run(at offset: Int) -> Run { runs[index(at: offset)] }

    /// Where the run at `index` starts.
    func start(ofRun index: Int) -> Int { index > 0 ? runs[index - 1].end : 0 }

    /// `measure` (in ems of `run`'s fonts) in points, with its font mask
    /// as bits of `lineFonts`.
    @inline(__always)
    func points(_ measure: _PieceMeasure, _ run: Run) -> _PieceMeasure {
        var result = measure
        result.wordEm = measure.wordEm * run.size + Double(measure.wordClusters) * run.letterSpacing
        result.spaceEm =
            measure.spaceEm * run.size + Double(measure.spaceClusters) * run.letterSpacing
        var mask: UInt32 = 0
        var local = measure.fontMask
        faceBits.withUnsafeBufferPointer { bits in
            while local != 0 {
                let face = local.trailingZeroBitCount
                if run.firstFace + face < bits.count { mask |= bits[run.firstFace + face] }
                local &= local &- 1
            }
        }
        result.fontMask = mask
        return result
    }
}

extension _Workspace {
    /// Prepares an attributed text (see the top of this file). Not cached
    /// as a whole; its pieces go through the word cache.
    /// - Complexity: O(n) in the length of the text, plus shaping of run
    ///   parts not yet in the cache.
    func prepareAttributed(
        _ attributed: AttributedText, styles: _StyleRuns, cache: _WordWidthCache
    ) throws(TextError) -> _PreparedText {
        var string = attributed.string
        string.makeContiguousUTF8()
        let stored = string
        let generation = cache.generation.load(ordering: .acquiring)
        if front.generation != generation { front.removeAll(generation: generation) }
        let outcome = stored.utf8.withContiguousStorageIfAvailable {
            (text) -> Result<_PreparedText, TextError> in
            Result { () throws(TextError) -> _PreparedText in
                try _prepareAttributedBytes(text, of: stored, styles: styles, cache: cache)
            }
        }
        return try outcome!.get()
    }

    private func _prepareAttributedBytes(
        _ text: UnsafeBufferPointer<UInt8>, of string: String, styles: _StyleRuns,
        cache: _WordWidthCache
    ) throws(TextError) -> _PreparedText {
        let (breakCount, isPlain) = try findBreaks(text)
        let hasRTL = !isPlain && _mayContainRightToLeft(text)
        let hasTabs = !isPlain && _containsTab(text, 0..<text.count)
        var pieces: [_Piece] = []
        pieces.reserveCapacity(breakCount)
        var bidiRuns: [(end: Int32, level: UInt8)] = []
        var start = 0
        var paragraphRTL = false
        var paragraphStart = 0
        for index in 0..<breakCount {
            let end = Int(breakOffsets[index])
            if end <= start { continue }
            if hasRTL && start == paragraphStart {
                paragraphRTL = try appendBidiRuns(
                    text, from: start, breakIndex: index, breakCount: breakCount, into: &bidiRuns)
            }
            var flags: UInt8 = paragraphRTL ? _Piece.rtlParagraph : 0
            var contentEnd = end
            if breakIsHard[index] != 0 {
                let hard = _hardBreakStart(text, end: end, start: start)
                contentEnd = hard.start
                flags |= hard.isLineSeparator ? _Piece.lineBreak : _Piece.paragraphBreak
            }
            let wordEnd = _trailingWhitespaceStart(text, end: contentEnd, start: start)
            var measure = _PieceMeasure()
            if hasTabs && _containsTab(text, start..<contentEnd) {
                // Its widths depend on where it starts (Workspace+Tabs.swift).
                flags |= _Piece.tab
                measure = tabbedMeasure(
                    text, start..<contentEnd, wordEnd: wordEnd, runs: bidiRuns,
                    fonts: styles.runs[0].fonts, styles: styles, cache: cache)
            } else {
                styles.forEachPart(start..<contentEnd) { styled, run in
                    _forEachDirectionalPart(styled, runs: bidiRuns) { part, rtl in
                        // A part that reaches past the word holds trailing
                        // whitespace, which hangs (see `segmentMeasure`).
                        let isLast = part.upperBound == contentEnd || part.upperBound > wordEnd
                        // Spaces whose font the next character decides are
                        // measured outside the caches (Workspace+SpaceFonts.swift).
                        let trailingFace =
                            hasRTL || contentEnd != end
                            ? nil
                            : _Workspace.trailingSpaceFace(
                                text, part: part, wordEnd: wordEnd, next: end, runEnd: run.end,
                                faces: run.fonts.faces,
                                beginsRun: {
                                    part.lowerBound != start
                                        || styles.start(ofRun: styles.index(at: start)) == start
                                })
                        let partMeasure =
                            trailingFace.map {
                                shape(
                                    text, range: part, trailingStart: wordEnd, rtl: false,
                                    faces: run.fonts.faces, keepClusters: false, trailingFace: $0)
                            }
                            ?? measurePart(
                                text, part, trailingStart: wordEnd, isLast: isLast, rtl: rtl,
                                fonts: run.fonts, cache: cache)
                        measure.add(styles.points(partMeasure, run))
                    }
                }
            }
            pieces.append(
                _Piece(end: Int32(end), wordEnd: Int32(wordEnd), measure: measure, flags: flags))
            start = end
            if flags & _Piece.paragraphBreak != 0 { paragraphStart = end }
        }
        // Kerning across break opportunities without whitespace, within a
        // run (Workspace+JoinKerning.swift).
        if !hasRTL {
            addJoinKerning(
                text, pieces: &pieces, fonts: styles.runs[0].fonts, styles: styles, cache: cache)
        }
        let prepared = _PreparedText(
            text: string, fonts: styles.runs[0].fonts, pieces: pieces, bidiRuns: bidiRuns,
            styles: styles, compactingPlainParagraphs: usesPlainParagraphs)
        // Found at once, once the prepared text's count says there are
        // some: each style run's clusters with its own fonts.
        if prepared.missingGlyphs > 0 {
            var found: [Range<Int>] = []
            styles.forEachPart(0..<text.count) { part, run in
                found += missingClusters(
                    text, pieceRanges: missingPieceRanges(text, in: part, pieces: pieces),
                    runs: bidiRuns, fonts: run.fonts)
            }
            prepared.missingClusterSource = _MissingClusters(pieceRanges: [], found: found)
        }
        return prepared
    }
}
