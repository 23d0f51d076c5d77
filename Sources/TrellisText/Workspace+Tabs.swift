// Tabs (U+0009) move the pen to the next tab stop, as in TextKit with
// NSParagraphStyle's default tab stops: left tab stops every 28 points from
// the line's start. No font is asked for a tab's glyph (fonts have none: it
// was measured as a missing-glyph box), so a tab is never a missing glyph.
//
// A piece that holds a tab is flagged (`_Piece.tab`); its widths depend on
// where it starts on its line, so it is not one cached width: each time a
// line takes it, the text between its tabs is measured (through the word
// cache) and the tabs jump to their stops (`tabbedPen`). Only the general
// path sees tabs: plain paragraphs have none. Measured without breaking
// inside the piece, this is exact; where the piece is broken between
// clusters (character wrapping, a word wider than the line) each tab
// jumps from the pen's position on its line too. Truncation measures the
// kept text from the line's start, which is exact for tail truncation and
// an approximation for head and middle truncation (where the text after
// the ellipsis would move the stops).

extension TextStyle {
    /// Distance between tab stops, in points: NSParagraphStyle's default
    /// `tabStops` are left tabs every 28 points. (Its 12 stops end at 336
    /// points; Trellis keeps the same interval past them.)
    public static let defaultTabInterval = 28.0
}

/// The first tab stop after `x`, the pen's position from the line's start.
@inline(__always)
func _nextTabStop(after x: Double) -> Double {
    let interval = TextStyle.defaultTabInterval
    return ((x / interval).rounded(.down) + 1) * interval
}

/// True when `text[range]` holds a tab.
@inline(__always)
func _containsTab(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    // Eight bytes at a time: a tab is a zero byte of the word XOR tabs, and
    // `(x - 0x01…) & ~x & 0x80…` is nonzero exactly when `x` has a zero byte.
    let raw = UnsafeRawBufferPointer(text)
    let ones: UInt64 = 0x0101_0101_0101_0101
    var index = range.lowerBound
    while index &+ 8 <= range.upperBound {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ (ones &* 0x09)
        if (word &- ones) & ~word & (ones &* 0x80) != 0 { return true }
        index &+= 8
    }
    while index < range.upperBound {
        if text[index] == 0x09 { return true }
        index += 1
    }
    return false
}

extension _Workspace {
    /// The measure of a piece that holds tabs, without them: the sum of its
    /// parts between tabs (for its fonts and missing glyphs; its widths are
    /// worked out per line by `tabbedPen`).
    /// - Complexity: O(length of the piece), plus shaping of parts not cached.
    /// For an attributed text (`styles`), each part is measured with its
    /// run's fonts and the measure is in points, as its other pieces' are.
    func tabbedMeasure(
        _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, wordEnd: Int,
        runs: [(end: Int32, level: UInt8)], fonts: FontCollection, styles: _StyleRuns? = nil,
        cache: _WordWidthCache
    ) -> _PieceMeasure {
        var measure = _PieceMeasure()
        _forEachTabSegment(text, range) { segment in
            if let segment {
                measure.add(
                    segmentMeasure(
                        text, segment, wordEnd: wordEnd, runs: runs, fonts: fonts,
                        styles: styles, cache: cache))
            }
        }
        return measure
    }

    /// Where the pen is at the end of the content (`wordEnd`) and at the end
    /// of a piece holding tabs (`range`, without its hard break) that starts
    /// at `x` points from its line's start.
    /// - Complexity: O(length of the piece), plus shaping of parts not cached.
    func tabbedPen(
        _ text: _PreparedText, _ range: Range<Int>, wordEnd: Int, from x: Double,
        _ parameters: _BreakParameters, cache: _WordWidthCache
    ) -> (content: Double, end: Double) {
        var pen = x
        var content = x
        text.withBytes { bytes in
            _forEachTabSegment(bytes, range) { segment in
                guard let segment else {
                    // A tab. One inside the content is always followed by
                    // more content (whitespace before `wordEnd` is not
                    // trailing), whose part below sets `content`; one in the
                    // trailing whitespace hangs.
                    pen = _nextTabStop(after: pen)
                    return
                }
                let measure = segmentMeasure(
                    bytes, segment, wordEnd: wordEnd, runs: text.bidiRuns, fonts: text.fonts,
                    styles: text.styles, cache: cache)
                if segment.lowerBound < wordEnd {
                    content = pen + parameters.wordWidth(measure)
                }
                pen += parameters.wordWidth(measure) + parameters.spaceWidth(measure)
            }
        }
        return (content, pen)
    }

    /// The measure of one part of a piece between tabs: all of it is word,
    /// except whitespace at or after `wordEnd`, which hangs (so the cache
    /// key's last-part tag holds exactly when the part reaches past `wordEnd`).
    /// With `styles` (an attributed text), the part is measured run by run
    /// and the measure is in points.
    private func segmentMeasure(
        _ text: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>, wordEnd: Int,
        runs: [(end: Int32, level: UInt8)], fonts: FontCollection, styles: _StyleRuns?,
        cache: _WordWidthCache
    ) -> _PieceMeasure {
        var measure = _PieceMeasure()
        guard let styles else {
            _forEachDirectionalPart(segment, runs: runs) { part, rtl in
                measure.add(
                    measurePart(
                        text, part, trailingStart: wordEnd, isLast: part.upperBound > wordEnd,
                        rtl: rtl, fonts: fonts, cache: cache))
            }
            return measure
        }
        styles.forEachPart(segment) { styled, run in
            _forEachDirectionalPart(styled, runs: runs) { part, rtl in
                measure.add(
                    styles.points(
                        measurePart(
                            text, part, trailingStart: wordEnd, isLast: part.upperBound > wordEnd,
                            rtl: rtl, fonts: run.fonts, cache: cache), run))
            }
        }
        return measure
    }
}

/// Calls `body` with each part of `range` between tabs (non-empty), and with
/// nil for each tab, in logical order.
@inline(__always)
private func _forEachTabSegment(
    _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (Range<Int>?) -> Void
) {
    var start = range.lowerBound
    for index in range where text[index] == 0x09 {
        if index > start { body(start..<index) }
        body(nil)
        start = index + 1
    }
    if range.upperBound > start { body(start..<range.upperBound) }
}

/// What `_placeTabbed` did with a piece that holds tabs.
enum _TabbedPlacement {
    /// The piece is on the line.
    case taken
    /// It does not fit after the line's pieces: the line ends before it.
    case overflow
    /// It is wider than a whole line: it is broken between clusters.
    case wide
}

extension _Workspace {
    /// Puts `piece` (which holds tabs and starts at byte `start`) on `line`
    /// if its content fits within `available` from where the line's pen
    /// is, as `_fill` does for other pieces.
    func _placeTabbed(
        _ text: _PreparedText, _ piece: _Piece, start: Int, _ line: inout _OpenLine,
        available: Double, _ parameters: _BreakParameters, cache: _WordWidthCache
    ) -> _TabbedPlacement {
        let contentEnd =
            piece.isHardBreak
            ? text.withBytes { _hardBreakStart($0, end: Int(piece.end), start: start).start }
            : Int(piece.end)
        let x = line.hasPieces ? line.advance : 0
        let pen = tabbedPen(
            text, start..<contentEnd, wordEnd: Int(piece.wordEnd), from: x, parameters,
            cache: cache)
        if pen.content > available { return line.hasPieces ? .overflow : .wide }
        if !line.hasPieces { line.isRightToLeft = piece.flags & _Piece.rtlParagraph != 0 }
        line.hasPieces = true
        line.mask |= piece.measure.fontMask
        line.content = pen.content
        line.advance = pen.end
        return .taken
    }
}
