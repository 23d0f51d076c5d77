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
    struct Run {
        let end: Int
        let fonts: FontCollection
        let size: Double
        let letterSpacing: Double
        /// Index in `lineFonts` of each font of `fonts` at this run's size and offset.
        let lineFontIndex: [Int]

        /// The mask bits of all of them.
        var lineFontMask: UInt32 {
            lineFontIndex.reduce(0) { $1 < 32 ? $0 | 1 << UInt32($1) : $0 }
        }
    }

    /// A font at a size, raised by a baseline offset: one source of line metrics.
    struct LineFont {
        let face: _FontFace
        let size: Double
        let baselineOffset: Double
    }

    let runs: [Run]
    let lineFonts: [LineFont]
    /// The largest number of distinct (font, size, offset) triples in one
    /// text: font masks are 32 bits.
    static let maximumLineFonts = 32

    init(_ text: AttributedText) throws(TextError) {
        var runs: [Run] = []
        var lineFonts: [LineFont] = []
        for run in text.runs {
            try run.attributes._validate()
            var indices: [Int] = []
            for face in run.attributes.fonts.faces {
                if let found = lineFonts.firstIndex(where: {
                    $0.face === face && $0.size == run.attributes.size
                        && $0.baselineOffset == run.attributes.baselineOffset
                }) {
                    indices.append(found)
                } else {
                    lineFonts.append(
                        LineFont(
                            face: face, size: run.attributes.size,
                            baselineOffset: run.attributes.baselineOffset))
                    indices.append(lineFonts.count - 1)
                }
            }
            runs.append(
                Run(
                    end: run.range.upperBound, fonts: run.attributes.fonts,
                    size: run.attributes.size, letterSpacing: run.attributes.letterSpacing,
                    lineFontIndex: indices))
        }
        guard lineFonts.count <= Self.maximumLineFonts else {
            throw TextError.invalidParameter(
                name: "number of distinct fonts, sizes and baseline offsets",
                value: Double(lineFonts.count),
                requirement: "at most \(Self.maximumLineFonts) in one attributed text")
        }
        self.runs = runs
        self.lineFonts = lineFonts
    }

    /// Calls `body` with each part of `range` within one run, in order.
    @inline(__always)
    func forEachPart(_ range: Range<Int>, _ body: (Range<Int>, Run) -> Void) {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].end <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var start = range.lowerBound
        for index in low..<runs.count {
            let end = min(runs[index].end, range.upperBound)
            if end > start { body(start..<end, runs[index]) }
            start = max(start, end)
            if start >= range.upperBound { return }
        }
    }

    /// The run that holds byte `offset` (the last run past the end).
    func run(at offset: Int) -> Run {
        runs.first { $0.end > offset } ?? runs[runs.count - 1]
    }

    /// `measure` (in ems of `run`'s fonts) in points, with its font mask
    /// as bits of `lineFonts`.
    @inline(__always)
    func points(_ measure: _PieceMeasure, _ run: Run) -> _PieceMeasure {
        var result = measure
        result.wordEm = measure.wordEm * run.size + Double(measure.wordClusters) * run.letterSpacing
        result.spaceEm =
            measure.spaceEm * run.size + Double(measure.spaceClusters) * run.letterSpacing
        var mask: UInt32 = 0
        for (face, index) in run.lineFontIndex.enumerated()
        where face < 32 && measure.fontMask & (1 << UInt32(face)) != 0 {
            mask |= 1 << UInt32(index)
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
            styles.forEachPart(start..<contentEnd) { styled, run in
                _forEachDirectionalPart(styled, runs: bidiRuns) { part, rtl in
                    // A part that reaches past the word holds trailing
                    // whitespace, which hangs (see `segmentMeasure`).
                    let isLast = part.upperBound == contentEnd || part.upperBound > wordEnd
                    measure.add(
                        styles.points(
                            measurePart(
                                text, part, trailingStart: wordEnd, isLast: isLast, rtl: rtl,
                                fonts: run.fonts, cache: cache), run))
                }
            }
            pieces.append(
                _Piece(end: Int32(end), wordEnd: Int32(wordEnd), measure: measure, flags: flags))
            start = end
            if flags & _Piece.paragraphBreak != 0 { paragraphStart = end }
        }
        var missing: [Range<Int>] = []
        if pieces.contains(where: { $0.measure.missingGlyphs > 0 }) {
            styles.forEachPart(0..<text.count) { part, run in
                missing += missingClusters(
                    text, in: part, pieces: pieces, runs: bidiRuns, fonts: run.fonts)
            }
        }
        return _PreparedText(
            text: string, fonts: styles.runs[0].fonts, pieces: pieces, bidiRuns: bidiRuns,
            missingClusters: missing, styles: styles,
            compactingPlainParagraphs: usesPlainParagraphs)
    }
}
