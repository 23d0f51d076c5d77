// Glyphs placed where the measurement put their text, for drawing: the same
// pieces, shaped alone with the same font fallback as when they were
// measured, advanced by the same numbers, so a picture shows exactly the
// lines, widths and truncation that sized the view (no second shaping path
// in a renderer).
import CHarfBuzz
import TrellisGeometry

/// One glyph of a laid-out text.
public struct PlacedGlyph: Sendable, Equatable {
    /// The glyph's index in its font.
    public var glyph: UInt32
    /// Which font of `GlyphLayout.fonts` the glyph belongs to (the style's
    /// collection's, then any system fonts the text needed).
    public var fontIndex: Int
    /// The glyph's origin on its baseline, in points from the top-left of
    /// the text (HarfBuzz's offsets applied).
    public var position: Point
    /// How far the pen moves after the glyph, in points (a tab's advance
    /// reaches its tab stop; letter spacing not included).
    public var advance: Double
    /// The UTF-8 offset in the text of the character cluster the glyph
    /// draws (HarfBuzz's cluster); nil for the "…" of a truncated line.
    public var textOffset: Int?
}

/// A text layout with the glyphs of each of its lines.
public struct GlyphLayout: Sendable {
    /// The layout, as `TextMeasurer.layout` gives it.
    public var layout: TextLayout
    /// The glyphs of each line of `layout.lines`, left to right.
    public var lines: [[PlacedGlyph]]
    /// The fonts `PlacedGlyph.fontIndex` indexes: the style's collection's
    /// fonts, followed, for a collection that ends in the system's fonts
    /// (`FontCollection.addingSystemFonts`), by the system fonts this text needed.
    public var fonts: [Font]
}

extension TextMeasurer {
    /// Lays out `text` as `layout(_:style:width:numberOfLines:)` does and
    /// places every glyph of every line: each piece between break
    /// opportunities is shaped alone with the fallback the measurement used,
    /// glyphs advance by HarfBuzz's advances at `style.size` plus the letter
    /// spacing per character cluster, lines start at their fragment's origin
    /// (alignment included), and a truncated line keeps the clusters the
    /// measurement kept, around "…". Whitespace that hangs past a line's
    /// end has no glyphs. Directional runs are put in visual order by their
    /// bidi levels (UAX #9 rule L2).
    ///
    /// ```swift
    /// let glyphs = try TextMeasurer.shared.glyphLayout("Hello", style: style, width: 100)
    /// glyphs.lines[0].count   // 5
    /// ```
    /// - Throws: what `layout` throws.
    /// - Complexity: O(n) in the text's length; every piece on a line is shaped.
    public func glyphLayout(_ text: String, style: TextStyle, width: Double, numberOfLines: Int = 0)
        throws(TextError) -> GlyphLayout
    {
        let layout = try self.layout(text, style: style, width: width, numberOfLines: numberOfLines)
        if layout.lines.isEmpty {
            return GlyphLayout(layout: layout, lines: [], fonts: style.fonts.fonts)
        }
        let parameters = try _breakParameters(
            text, style: style, width: width, numberOfLines: numberOfLines, singleLine: false)
        return try workspaces.withWorkspace { (workspace) throws(TextError) -> GlyphLayout in
            let prepared = try _prepared(text, fonts: style.fonts, workspace: workspace)
            let pieces = prepared.wholePieces()
            let styles = _GlyphStyles(
                fonts: prepared.fonts, size: parameters.size,
                letterSpacing: parameters.letterSpacing)
            let lines = layout.lines.map { line in
                workspace._placedGlyphs(line, prepared, styles, pieces, parameters, cache: words) {
                    glyph, _ in glyph
                }
            }
            return GlyphLayout(layout: layout, lines: lines, fonts: prepared.fonts.fonts)
        }
    }
}

/// A glyph as HarfBuzz shaped it, with its cluster's text offset; advance
/// and offsets in ems.
struct _ShapedGlyph {
    var glyph: UInt32
    var face: Int
    var cluster: Int
    var advance: Double
    var offset: (x: Double, y: Double)
}

/// The styles a line's glyphs are drawn in: one, for a text in one style,
/// or the runs of an attributed text, each with its fonts, size, letter
/// spacing and baseline offset. Style indexes are run indexes (0 for a text
/// in one style).
struct _GlyphStyles {
    /// The runs of an attributed text; nil for a text in one style.
    let runs: _StyleRuns?
    private let fonts: FontCollection?
    private let size: Double
    private let letterSpacing: Double
    private let baselineOffsets: [Double]

    /// One style: a prepared text's fonts, at the break parameters' size
    /// and letter spacing.
    init(fonts: FontCollection, size: Double, letterSpacing: Double) {
        runs = nil
        self.fonts = fonts
        self.size = size
        self.letterSpacing = letterSpacing
        baselineOffsets = [0]
    }

    /// An attributed text's runs and their baseline offsets.
    init(runs: _StyleRuns, baselineOffsets: [Double]) {
        self.runs = runs
        fonts = nil
        size = 1
        letterSpacing = 0
        self.baselineOffsets = baselineOffsets
    }

    /// Calls `body` with each part of `range` in one style: the part, its
    /// style, its fonts and where its style ends (`textEnd` for one style).
    @inline(__always)
    func forEachPart(
        _ range: Range<Int>, textEnd: Int, _ body: (Range<Int>, Int, [_FontFace], Int) -> Void
    ) {
        guard let runs else {
            body(range, 0, fonts!.faces, textEnd)
            return
        }
        runs.forEachPart(range) { part, run in
            body(part, runs.index(at: part.lowerBound), run.fonts.faces, run.end)
        }
    }

    /// The style of the text at byte `offset`.
    func style(at offset: Int) -> Int { runs?.index(at: offset) ?? 0 }
    /// Where the run of `style` starts, or -1 for a text in one style.
    func runStart(of style: Int) -> Int { runs?.start(ofRun: style) ?? -1 }
    func faces(of style: Int) -> [_FontFace] { runs?.runs[style].fonts.faces ?? fonts!.faces }
    func size(of style: Int) -> Double { runs?.runs[style].size ?? size }
    func letterSpacing(of style: Int) -> Double {
        runs?.runs[style].letterSpacing ?? letterSpacing
    }
    func baselineOffset(of style: Int) -> Double { baselineOffsets[style] }
}

extension _Workspace {
    /// The glyphs of one line in visual order, placed, each made into a
    /// `Glyph` with its style by `make`.
    ///
    /// Each piece on the line is shaped as it was measured: style by style,
    /// each style's part by direction, a piece holding tabs between its
    /// tabs and each tab alone (`tabbedMeasure`), its trailing spaces in the
    /// face `trailingSpaceFace` gives them. Glyphs advance by HarfBuzz's
    /// advances at their style's size plus its letter spacing per cluster
    /// (a tab to its tab stop) and sit on the baseline raised by their
    /// style's baseline offset.
    func _placedGlyphs<Glyph>(
        _ line: LineFragment, _ text: _PreparedText, _ styles: _GlyphStyles, _ pieces: [_Piece],
        _ parameters: _BreakParameters, cache: _WordWidthCache,
        make: (PlacedGlyph, Int) -> Glyph
    ) -> [Glyph] {
        // Parts of one style and one bidi level, in logical order, each in
        // visual order inside.
        var parts: [(level: UInt8, style: Int, glyphs: [_ShapedGlyph])] = []
        text.withBytes { bytes in
            let lineEnd = min(line.range.upperBound, bytes.count)
            let start = line.range.lowerBound
            let contentEnd = _trailingWhitespaceStart(
                bytes, end: _hardBreakStart(bytes, end: lineEnd, start: start).start, start: start)
            func appendShaped(
                _ range: Range<Int>, wordEnd: Int? = nil, keeping keep: (Int) -> Bool
            ) {
                styles.forEachPart(range, textEnd: bytes.count) { styled, style, faces, styleEnd in
                    let trailingFace = wordEnd.flatMap { wordEnd in
                        _Workspace.trailingSpaceFace(
                            bytes, part: styled, wordEnd: wordEnd, next: range.upperBound,
                            runEnd: styleEnd, faces: faces,
                            beginsRun: { styles.runStart(of: style) == styled.lowerBound }
                        ).map { (max(wordEnd, styled.lowerBound), $0) }
                    }
                    _forEachTabSplit(bytes, styled) { segment in
                        text.forEachDirectionalPart(segment) { part, rtl in
                            let kept = _shapedGlyphs(
                                bytes, part, rtl: rtl, faces: faces, trailingFace: trailingFace
                            ).filter { keep($0.cluster) }
                            if !kept.isEmpty {
                                parts.append(
                                    (_level(at: part.lowerBound, text.bidiRuns), style, kept))
                            }
                        }
                    }
                }
            }
            if line.isTruncated {
                // The clusters the measurement kept (`truncation(of:)`):
                // each piece's part shaped alone, around a "…" in the style
                // where the line starts.
                let kept = truncation(
                    of: text, start, contentEnd: contentEnd, parameters, cache: cache)
                let clusters = kept.clusters
                let head = Set(clusters[..<kept.head].lazy.map(\.start))
                let tail = Set(clusters[(clusters.count - kept.tail)...].lazy.map(\.start))
                // Only the segments holding kept clusters are shaped.
                let headEnd = kept.head > 0 ? clusters[kept.head - 1].start : Int.min
                let tailStart =
                    kept.tail > 0 ? clusters[clusters.count - kept.tail].start : Int.max
                for segment in kept.segments where segment.lowerBound <= headEnd {
                    appendShaped(segment) { head.contains($0) }
                }
                let ellipsisStyle = styles.style(at: start)
                parts.append(
                    (
                        line.isRightToLeft ? 1 : 0, ellipsisStyle,
                        _ellipsisGlyphs(faces: styles.faces(of: ellipsisStyle))
                    ))
                for segment in kept.segments where segment.upperBound > tailStart {
                    appendShaped(segment) { tail.contains($0) }
                }
                return
            }
            // Each piece as it was measured: alone, without its hard break.
            var pieceStart = 0
            for piece in pieces {
                defer { pieceStart = Int(piece.end) }
                guard Int(piece.end) > start, pieceStart < contentEnd else { continue }
                let pieceEnd =
                    piece.isHardBreak
                    ? _hardBreakStart(bytes, end: Int(piece.end), start: pieceStart).start
                    : Int(piece.end)
                // As measured: pieces with tabs or hard breaks, and texts
                // with right-to-left runs, keep the spaces' own faces.
                let decides =
                    !piece.isHardBreak && piece.flags & _Piece.tab == 0 && text.bidiRuns.isEmpty
                appendShaped(pieceStart..<pieceEnd, wordEnd: decides ? Int(piece.wordEnd) : nil) {
                    $0 >= start && $0 < contentEnd
                }
            }
        }
        parts = _visualOrder(parts) { $0.level }
        var placed: [Glyph] = []
        var pen = 0.0
        var previousCluster = Int.min
        // Letter spacing follows each cluster, in its own style's amount.
        var spacing = 0.0
        let byteCount = text.byteCount
        for part in parts {
            let size = styles.size(of: part.style)
            let letterSpacing = styles.letterSpacing(of: part.style)
            let offset = styles.baselineOffset(of: part.style)
            for glyph in part.glyphs {
                let isTab = text.withBytes {
                    glyph.cluster >= 0 && glyph.cluster < byteCount && $0[glyph.cluster] == 0x09
                }
                if glyph.cluster != previousCluster && !placed.isEmpty { pen += spacing }
                previousCluster = glyph.cluster
                spacing = letterSpacing
                let advance = isTab ? _nextTabStop(after: pen) - pen : glyph.advance * size
                placed.append(
                    make(
                        PlacedGlyph(
                            glyph: glyph.glyph, fontIndex: glyph.face,
                            position: Point(
                                x: line.origin.x + pen + glyph.offset.x * size,
                                y: line.baseline - offset - glyph.offset.y * size),
                            advance: advance, textOffset: glyph.cluster >= 0 ? glyph.cluster : nil),
                        part.style))
                pen += advance
            }
        }
        return placed
    }

    /// The glyphs of `text[range]` in one direction, in visual order, shaped
    /// as `shape` shapes it for a measurement: with the first font when it
    /// has every glyph, otherwise in runs of the face `_fallbackFace` picks.
    /// The truncation ellipsis "…" shaped with `faces`, its glyphs marked as
    /// belonging to no cluster of the text (cluster −1).
    func _ellipsisGlyphs(faces: [_FontFace]) -> [_ShapedGlyph] {
        let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
        var glyphs = ellipsis.withUnsafeBufferPointer {
            _shapedGlyphs($0, 0..<3, rtl: false, faces: faces)
        }
        for index in glyphs.indices { glyphs[index].cluster = -1 }
        return glyphs
    }

    func _shapedGlyphs(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, rtl: Bool, faces: [_FontFace],
        trailingFace: (start: Int, face: Int)? = nil
    ) -> [_ShapedGlyph] {
        func shaped(_ run: Range<Int>, face: Int) -> [_ShapedGlyph] {
            guard
                let (infos, positions, count) = shapeBuffer(
                    UnsafeBufferPointer(rebasing: text[run]), rtl: rtl, face: faces[face])
            else { return [] }
            let perUnit = 1 / Double(faces[face].unitsPerEm)
            return (0..<count).map { index in
                _ShapedGlyph(
                    glyph: infos[index].codepoint, face: face,
                    cluster: Int(infos[index].cluster) + run.lowerBound,
                    advance: Double(positions[index].x_advance) * perUnit,
                    offset: (
                        Double(positions[index].x_offset) * perUnit,
                        Double(positions[index].y_offset) * perUnit
                    ))
            }
        }
        if range.isEmpty { return [] }
        let whole = shaped(range, face: 0)
        if faces.count == 1
            || (trailingFace == nil && !whole.contains(where: { $0.glyph == 0 })
                && !_mayHoldEmojiSequence(text, range, faces: faces))
        {
            return whole
        }
        var runs: [[_ShapedGlyph]] = []
        var runStart = range.lowerBound
        var runFace = -1
        var index = range.lowerBound
        // As `shape` chooses faces, spaces inside the range included.
        var chooser = _FaceChooser(
            range: range,
            contentEnd: _trailingWhitespaceStart(
                text, end: range.upperBound, start: range.lowerBound), faces: faces)
        while index < range.upperBound {
            let (scalar, length) = _decodeScalar(text, at: index)
            let face =
                trailingFace.map({ index >= $0.start }) == true
                ? trailingFace!.face
                : chooser.face(text, at: index, scalar: scalar, current: runFace, faces: faces)
            if face != runFace {
                if runFace >= 0 { runs.append(shaped(runStart..<index, face: runFace)) }
                runFace = face
                runStart = index
            }
            index += length
        }
        runs.append(shaped(runStart..<range.upperBound, face: max(runFace, 0)))
        // Runs come in logical order; a right-to-left part shows them reversed.
        return (rtl ? runs.reversed() : runs).flatMap { $0 }
    }
}

/// The bidi level at a text offset (0 when the text has no right-to-left character).
func _level(at offset: Int, _ runs: [(end: Int32, level: UInt8)]) -> UInt8 {
    runs.first { Int($0.end) > offset }?.level ?? 0
}

/// `runs` in visual order by UAX #9 rule L2: from the highest level down to
/// the lowest odd one, every sequence of runs at that level or higher is
/// reversed (each run's own glyphs are already in visual order).
/// - Complexity: O(runs × levels).
func _visualOrder<Run>(_ runs: [Run], level: (Run) -> UInt8) -> [Run] {
    var runs = runs
    let levels = runs.map(level)
    let highest = levels.max() ?? 0
    let lowestOdd = (levels.filter { $0 & 1 == 1 }.min()) ?? (highest + 1)
    var current = highest
    while current >= lowestOdd && current > 0 {
        var index = 0
        while index < runs.count {
            guard level(runs[index]) >= current else {
                index += 1
                continue
            }
            var end = index
            while end < runs.count && level(runs[end]) >= current { end += 1 }
            runs[index..<end].reverse()
            index = end
        }
        current -= 1
    }
    return runs
}

/// Calls `body` with each part of `range` between tabs and with each tab
/// alone (one byte), in logical order.
private func _forEachTabSplit(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Range<Int>) -> Void
) {
    var start = range.lowerBound
    for index in range where text[index] == 0x09 {
        if start < index { body(start..<index) }
        body(index..<index + 1)
        start = index + 1
    }
    if start < range.upperBound { body(start..<range.upperBound) }
}
