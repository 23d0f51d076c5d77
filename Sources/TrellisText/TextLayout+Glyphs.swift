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
            let lines = layout.lines.map { line in
                workspace._placedGlyphs(
                    line, prepared, pieces, parameters, style: style, cache: words)
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

extension _Workspace {
    /// The glyphs of one line in visual order, placed.
    func _placedGlyphs(
        _ line: LineFragment, _ text: _PreparedText, _ pieces: [_Piece],
        _ parameters: _BreakParameters,
        style: TextStyle, cache: _WordWidthCache
    ) -> [PlacedGlyph] {
        let faces = text.fonts.faces
        // Runs of one bidi level, in logical order, each in visual order inside.
        var runs: [(level: UInt8, glyphs: [_ShapedGlyph])] = []
        text.withBytes { bytes in
            let lineEnd = min(line.range.upperBound, bytes.count)
            let start = line.range.lowerBound
            let contentEnd = _trailingWhitespaceStart(
                bytes, end: _hardBreakStart(bytes, end: lineEnd, start: start).start, start: start)
            func appendShaped(
                _ range: Range<Int>, trailingFace: (start: Int, face: Int)? = nil,
                keeping keep: (Int) -> Bool
            ) {
                text.forEachDirectionalPart(range) { part, rtl in
                    let kept = _shapedGlyphs(
                        bytes, part, rtl: rtl, faces: faces, trailingFace: trailingFace
                    ).filter { keep($0.cluster) }
                    if !kept.isEmpty {
                        runs.append((_level(at: part.lowerBound, text.bidiRuns), kept))
                    }
                }
            }
            if line.isTruncated {
                // The clusters the measurement kept (`truncateLastLine`): the
                // rest of the paragraph shaped as one range, then cut.
                let kept = _keptClusters(
                    text, line, contentEnd: contentEnd, parameters, cache: cache)
                appendShaped(start..<contentEnd) { kept.head.contains($0) }
                runs.append((line.isRightToLeft ? 1 : 0, _ellipsisGlyphs(faces: faces)))
                appendShaped(start..<contentEnd) { kept.tail.contains($0) }
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
                let trailingFace =
                    piece.isHardBreak || piece.flags & _Piece.tab != 0 || !text.bidiRuns.isEmpty
                    ? nil
                    : _Workspace.trailingSpaceFace(
                        bytes, start: pieceStart, wordEnd: Int(piece.wordEnd), next: pieceEnd,
                        faces: faces
                    ).map { (Int(piece.wordEnd), $0) }
                appendShaped(pieceStart..<pieceEnd, trailingFace: trailingFace) {
                    $0 >= start && $0 < contentEnd
                }
            }
        }
        runs = _visualOrder(runs) { $0.level }
        var placed: [PlacedGlyph] = []
        var pen = 0.0
        var previousCluster = Int.min
        let bytesCount = text.byteCount
        for run in runs {
            for glyph in run.glyphs {
                let isTab = text.withBytes {
                    glyph.cluster >= 0 && glyph.cluster < bytesCount && $0[glyph.cluster] == 0x09
                }
                if glyph.cluster != previousCluster && !placed.isEmpty {
                    pen += parameters.letterSpacing
                }
                previousCluster = glyph.cluster
                let advance =
                    isTab ? _nextTabStop(after: pen) - pen : glyph.advance * parameters.size
                placed.append(
                    PlacedGlyph(
                        glyph: glyph.glyph, fontIndex: glyph.face,
                        position: Point(
                            x: line.origin.x + pen + glyph.offset.x * parameters.size,
                            y: line.baseline - glyph.offset.y * parameters.size),
                        advance: advance, textOffset: glyph.cluster >= 0 ? glyph.cluster : nil))
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
        if faces.count == 1 || (trailingFace == nil && !whole.contains(where: { $0.glyph == 0 })) {
            return whole
        }
        var runs: [[_ShapedGlyph]] = []
        var runStart = range.lowerBound
        var runFace = -1
        var index = range.lowerBound
        // As `shape` chooses faces, spaces inside the range included.
        let contentEnd = _trailingWhitespaceStart(
            text, end: range.upperBound, start: range.lowerBound)
        var movedEnd = range.lowerBound
        var movedFace = 0
        while index < range.upperBound {
            let (scalar, length) = _decodeScalar(text, at: index)
            var face: Int
            if trailingFace.map({ index >= $0.start }) == true {
                face = trailingFace!.face
            } else if index < movedEnd {
                face = movedFace
            } else {
                face = _fallbackFace(for: scalar, current: runFace, faces: faces)
                if scalar == 0x20 && index < contentEnd,
                    let moved = _Workspace.innerSpaceFace(
                        text, at: index, range: range, contentEnd: contentEnd, faces: faces)
                {
                    (movedFace, movedEnd) = moved
                    face = movedFace
                }
            }
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

    /// The cluster offsets a truncated line keeps before and after its
    /// ellipsis: the clusters and the choice `truncateLastLine` makes
    /// (whitespace next to the ellipsis dropped; for an attributed text,
    /// the ellipsis in the style of the run where the line starts).
    func _keptClusters(
        _ text: _PreparedText, _ line: LineFragment, contentEnd: Int,
        _ parameters: _BreakParameters,
        cache: _WordWidthCache
    ) -> (head: Set<Int>, tail: Set<Int>) {
        var all = clusters(
            of: text, line.range.lowerBound..<contentEnd, contentEnd: contentEnd, parameters,
            cache: cache)
        var x = 0.0
        for index in all.indices {
            if all[index].isTab { all[index].width = _nextTabStop(after: x) - x }
            x += all[index].width
        }
        var ellipsisFonts = text.fonts
        var ellipsisParameters = parameters
        if let run = text.styles?.run(at: line.range.lowerBound) {
            ellipsisFonts = run.fonts
            ellipsisParameters.size = run.size
            ellipsisParameters.letterSpacing = run.letterSpacing
        }
        let available =
            parameters.width + _fitTolerance
            - ellipsisWidth(ellipsisFonts, ellipsisParameters, cache: cache)
        var head = 0
        var tail = 0
        var used = 0.0
        var fromStart = parameters.mode != .byTruncatingHead
        while head + tail < all.count {
            let next = fromStart ? all[head] : all[all.count - 1 - tail]
            if used + next.width > available { break }
            used += next.width
            if fromStart { head += 1 } else { tail += 1 }
            if parameters.mode != .byTruncatingTail && parameters.mode != .byTruncatingHead {
                fromStart.toggle()
            }
        }
        let isSpace = { (cluster: _Cluster) in
            text.withBytes { bytes in
                cluster.isSpace
                    || _trailingWhitespaceStart(
                        bytes, end: _decodeScalar(bytes, at: cluster.start).1 + cluster.start,
                        start: cluster.start)
                        == cluster.start
            }
        }
        while head > 0 && isSpace(all[head - 1]) { head -= 1 }
        while tail > 0 && isSpace(all[all.count - tail]) { tail -= 1 }
        return (Set(all[..<head].map(\.start)), Set(all[(all.count - tail)...].map(\.start)))
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
