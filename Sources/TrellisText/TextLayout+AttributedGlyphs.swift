// Glyphs of an attributed text placed where its measurement put them: each
// piece between break opportunities is cut into its runs' parts and each
// directional part is shaped alone with its run's fonts (and their
// fallback), as `prepareAttributed` measured it; the glyphs advance by the
// run's size and letter spacing and sit on the line's baseline raised by
// the run's baseline offset. The same lines, widths, truncation and visual
// order as the layout that sized the label, so a picture can never
// disagree with its frames.
import TrellisGeometry

/// One glyph of a laid-out attributed text, with the run it belongs to.
public struct StyledGlyph: Sendable, Equatable {
    /// The glyph: `fontIndex` is its font's index in its run's
    /// `TextAttributes.fonts`, `position.y` includes the run's baseline
    /// offset, and `advance` is at the run's size.
    public var placed: PlacedGlyph
    /// The index of its run in `AttributedText.runs`. The "…" of a
    /// truncated line takes the run where the line starts, as its width did.
    public var run: Int
}

/// An attributed text's layout with the glyphs of each of its lines.
public struct AttributedGlyphLayout: Sendable {
    /// The layout, as `TextMeasurer.layout(_:style:width:numberOfLines:)`
    /// gives it for the attributed text.
    public var layout: TextLayout
    /// The glyphs of each line of `layout.lines`, left to right.
    public var lines: [[StyledGlyph]]
    /// The attributes of each run of the text, in `AttributedText.runs` order.
    public var attributes: [TextAttributes]

    /// A layout with these glyphs (to draw some of them, say).
    /// - Complexity: O(1).
    public init(layout: TextLayout, lines: [[StyledGlyph]], attributes: [TextAttributes]) {
        self.layout = layout
        self.lines = lines
        self.attributes = attributes
    }

    /// The font `glyph` is drawn with.
    /// - Complexity: O(1).
    public func font(of glyph: StyledGlyph) -> Font {
        attributes[glyph.run].fonts.fonts[glyph.placed.fontIndex]
    }
}

extension TextMeasurer {
    /// Lays out `text` as `layout(_:style:width:numberOfLines:)` does for an
    /// attributed text and places every glyph of every line: each run's
    /// part of a piece is shaped alone with the run's fonts and the
    /// fallback its measurement used, glyphs advance by HarfBuzz's advances
    /// at the run's size plus the run's letter spacing per character
    /// cluster, each sits on its line's baseline raised by its run's
    /// baseline offset, and a truncated line keeps the clusters the
    /// measurement kept, around a "…" in the style of the text where the
    /// line starts. Whitespace that hangs past a line's end has no glyphs;
    /// directional runs are in visual order (UAX #9 rule L2).
    ///
    /// ```swift
    /// var text = AttributedText("Ada replied", attributes: TextAttributes(style))
    /// try text.setAttributes(TextAttributes(fonts: bold, size: 20), range: 0..<3)
    /// let glyphs = try TextMeasurer.shared.glyphLayout(text, style: style, width: 200)
    /// glyphs.lines[0].map(\.run)   // [0, 0, 0, 1, 1, …]
    /// ```
    /// - Throws: what `layout(_:style:width:numberOfLines:)` throws.
    /// - Complexity: O(n) in the text's length; every run part on a line is shaped.
    public func glyphLayout(
        _ text: AttributedText, style: TextStyle, width: Double, numberOfLines: Int = 0
    ) throws(TextError) -> AttributedGlyphLayout {
        let layout = try self.layout(text, style: style, width: width, numberOfLines: numberOfLines)
        let attributes = text.runs.map(\.attributes)
        if layout.lines.isEmpty {
            return AttributedGlyphLayout(layout: layout, lines: [], attributes: attributes)
        }
        // Measures of attributed pieces are in points: lines are broken at
        // size 1 without letter spacing (Workspace+AttributedText.swift).
        var parameters = try _breakParameters(
            text.string, style: style, width: width, numberOfLines: numberOfLines,
            singleLine: false)
        parameters.size = 1
        parameters.letterSpacing = 0
        let styles = try _StyleRuns(text)
        return try workspaces.withWorkspace {
            (workspace) throws(TextError) -> AttributedGlyphLayout in
            let prepared = try workspace.prepareAttributed(text, styles: styles, cache: words)
            let pieces = prepared.wholePieces()
            let lines = layout.lines.map { line in
                workspace._placedStyledGlyphs(
                    line, prepared, styles, pieces, parameters,
                    baselineOffsets: attributes.map(\.baselineOffset), cache: words)
            }
            return AttributedGlyphLayout(layout: layout, lines: lines, attributes: attributes)
        }
    }
}

extension _StyleRuns {
    /// The index of the run that holds byte `offset` (the last run past the end).
    /// - Complexity: O(log runs).
    func index(at offset: Int) -> Int {
        var low = 0
        var high = runs.count - 1
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].end <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension _Workspace {
    /// The glyphs of one line of an attributed text in visual order, placed.
    func _placedStyledGlyphs(
        _ line: LineFragment, _ text: _PreparedText, _ styles: _StyleRuns, _ pieces: [_Piece],
        _ parameters: _BreakParameters, baselineOffsets: [Double], cache: _WordWidthCache
    ) -> [StyledGlyph] {
        // Parts of one run and one bidi level, in logical order, each in
        // visual order inside.
        var parts: [(level: UInt8, run: Int, glyphs: [_ShapedGlyph])] = []
        text.withBytes { bytes in
            let lineEnd = min(line.range.upperBound, bytes.count)
            let start = line.range.lowerBound
            let contentEnd = _trailingWhitespaceStart(
                bytes, end: _hardBreakStart(bytes, end: lineEnd, start: start).start, start: start)
            // As `prepareAttributed` measured a piece: run by run, each
            // run's part by direction, and a piece holding tabs between its
            // tabs (`segmentMeasure`), each tab alone.
            func appendShaped(
                _ range: Range<Int>, wordEnd: Int? = nil, keeping keep: (Int) -> Bool
            ) {
                styles.forEachPart(range) { styled, run in
                    let index = styles.index(at: styled.lowerBound)
                    let trailingFace = wordEnd.flatMap { wordEnd in
                        _Workspace.trailingSpaceFace(
                            bytes, part: styled, wordEnd: wordEnd, next: range.upperBound,
                            runEnd: run.end, faces: run.fonts.faces
                        ).map { (wordEnd, $0) }
                    }
                    _forEachTabSplit(bytes, styled) { segment in
                        text.forEachDirectionalPart(segment) { part, rtl in
                            let kept = _shapedGlyphs(
                                bytes, part, rtl: rtl, faces: run.fonts.faces,
                                trailingFace: trailingFace
                            ).filter { keep($0.cluster) }
                            if !kept.isEmpty {
                                parts.append(
                                    (_level(at: part.lowerBound, text.bidiRuns), index, kept))
                            }
                        }
                    }
                }
            }
            if line.isTruncated {
                let kept = _keptClusters(
                    text, line, contentEnd: contentEnd, parameters, cache: cache)
                appendShaped(start..<contentEnd) { kept.head.contains($0) }
                let ellipsisRun = styles.index(at: start)
                parts.append(
                    (
                        line.isRightToLeft ? 1 : 0, ellipsisRun,
                        _ellipsisGlyphs(faces: styles.runs[ellipsisRun].fonts.faces)
                    ))
                appendShaped(start..<contentEnd) { kept.tail.contains($0) }
                return
            }
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
        var placed: [StyledGlyph] = []
        var pen = 0.0
        var previousCluster = Int.min
        // Letter spacing follows each cluster, in its own run's amount.
        var spacing = 0.0
        let byteCount = text.byteCount
        for part in parts {
            let run = styles.runs[part.run]
            let offset = baselineOffsets[part.run]
            for glyph in part.glyphs {
                let isTab = text.withBytes {
                    glyph.cluster >= 0 && glyph.cluster < byteCount && $0[glyph.cluster] == 0x09
                }
                if glyph.cluster != previousCluster && !placed.isEmpty { pen += spacing }
                previousCluster = glyph.cluster
                spacing = run.letterSpacing
                let advance = isTab ? _nextTabStop(after: pen) - pen : glyph.advance * run.size
                placed.append(
                    StyledGlyph(
                        placed: PlacedGlyph(
                            glyph: glyph.glyph, fontIndex: glyph.face,
                            position: Point(
                                x: line.origin.x + pen + glyph.offset.x * run.size,
                                y: line.baseline - offset - glyph.offset.y * run.size),
                            advance: advance, textOffset: glyph.cluster >= 0 ? glyph.cluster : nil),
                        run: part.run))
                pen += advance
            }
        }
        return placed
    }
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
