// Greedy line filling over a prepared text (UIKit fills greedily: each line
// takes as many pieces as fit), with character breaking for words longer than
// the line and truncation of the last allowed line.

/// A line before vertical placement.
struct _Line {
    var start: Int
    var end: Int
    var width: Double
    var fontMask: UInt32
    var endsParagraph: Bool
    var isRightToLeft: Bool
    var isTruncated = false
}

/// Lines being broken and placed, in memory a workspace keeps from one
/// layout to the next, so breaking lines allocates nothing. `_Line` is a
/// plain value: lines are written and dropped without deinitialization, and
/// with none of an array's uniqueness and capacity checks per line.
struct _LineList {
    private(set) var base: UnsafeMutablePointer<_Line>
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 8
        base = .allocate(capacity: capacity)
    }

    /// Frees the storage (the workspace's deinit); the list is unusable after.
    func deallocate() { base.deallocate() }

    var isEmpty: Bool { count == 0 }
    var lines: UnsafeBufferPointer<_Line> { UnsafeBufferPointer(start: base, count: count) }

    subscript(index: Int) -> _Line {
        get {
            precondition(index >= 0 && index < count, "line index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "line index out of range")
            base[index] = newValue
        }
    }

    @inline(__always)
    mutating func append(_ line: _Line) {
        if count == capacity { grow() }
        (base + count).initialize(to: line)
        count &+= 1
    }

    mutating func removeAll() { count = 0 }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<_Line>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}

/// The line `breakLines` is filling.
struct _OpenLine {
    var start = 0
    /// Width with the trailing whitespace of the pieces so far.
    var advance = 0.0
    /// Width without the trailing whitespace.
    var content = 0.0
    var mask: UInt32 = 0
    var isRightToLeft = false
    var hasPieces = false

    /// Ends the line at `end` and starts the next one there.
    @inline(__always)
    mutating func emit(into lines: inout _LineList, end: Int, endsParagraph: Bool) {
        lines.append(
            _Line(
                start: start, end: end, width: content, fontMask: mask,
                endsParagraph: endsParagraph, isRightToLeft: isRightToLeft))
        start = end
        advance = 0
        content = 0
        mask = 0
        hasPieces = false
    }

    /// Ends the line after `piece`, whose hard break ends it.
    @inline(__always)
    mutating func emit(into lines: inout _LineList, breakingAfter piece: _Piece) {
        emit(
            into: &lines, end: Int(piece.end),
            endsParagraph: piece.flags & _Piece.paragraphBreak != 0)
    }
}

/// Why `_fill` stopped.
enum _FillStop {
    /// No pieces left.
    case end
    /// The next piece does not fit on the line, which has pieces: end the
    /// line before it.
    case overflow
    /// The last piece taken ends with a hard break: end the line after it.
    case hardBreak
    /// The next piece is wider than a whole line: it is broken between clusters.
    case wide
    /// The next piece holds a tab: its widths depend on where it starts.
    case tab
}

/// Adds whole pieces from `index` to `line` while they fit, greedily, as
/// UIKit fills lines: a piece fits when the line's width with the trailing
/// whitespace of its pieces so far plus the piece's width without its own
/// is within `available` (the first piece of a line always fits, unless it
/// is wider than a line). Advances `index` past the pieces taken; `fit`
/// keeps the largest width it found within `available` (`_Workspace.linesFit`).
///
/// A piece's trailing whitespace is a whole run of spaces: UAX #14 puts no
/// break inside it (LB7, "Do not break before spaces"; LB18, "Break after
/// spaces"), and all of it hangs when the line ends there, however wide, as
/// in Core Text: "Creating a line for a width can result in a line that is
/// actually longer than the desired width due to trailing whitespace"
/// (`CTLineGetTrailingWhitespaceWidth`). Pango 1.50.12 counts all but the
/// last space of the run instead (SpaceRunTests).
@inline(__always)
func _fill(
    _ pieces: [_Piece], _ index: inout Int, _ line: inout _OpenLine, available: Double,
    _ parameters: _BreakParameters, fit: inout Double, tracking: Bool
) -> _FillStop {
    pieces.withUnsafeBufferPointer { pieces in
        var position = index
        // (In a local, written back once: through `fit` in the loop, each
        // piece stored it again.)
        var widest = fit
        var advance = line.advance
        var content = line.content
        var mask = line.mask
        var hasPieces = line.hasPieces
        var stop = _FillStop.end
        while position < pieces.count {
            let piece = pieces[position]
            if piece.flags & _Piece.tab != 0 {
                stop = .tab
                break
            }
            let word = parameters.wordWidth(piece.measure)
            if hasPieces {
                if advance + word > available {
                    stop = .overflow
                    break
                }
            } else {
                line.isRightToLeft = piece.flags & _Piece.rtlParagraph != 0
            }
            if word > available {
                stop = .wide
                break
            }
            hasPieces = true
            mask |= piece.measure.fontMask
            content = advance + word
            if tracking {
                if word > widest { widest = word }
                if content > widest { widest = content }
            }
            advance = content + parameters.spaceWidth(piece.measure)
            position += 1
            if piece.isHardBreak {
                stop = .hardBreak
                break
            }
        }
        index = position
        fit = widest
        line.advance = advance
        line.content = content
        line.mask = mask
        line.hasPieces = hasPieces
        return stop
    }
}

/// One grapheme-like cluster (a HarfBuzz cluster) of a range, for breaking
/// inside words and for truncation.
struct _Cluster {
    var start: Int
    var width: Double
    var isSpace: Bool
    /// A tab: its width is the distance to the next tab stop, which the
    /// caller works out from where it stands (`width` is the font's box).
    var isTab = false
    /// The font mask bits its style's fonts can set: a line that holds
    /// part of a piece takes only the fonts of the runs on it (all bits for
    /// a text in one style).
    var mask: UInt32 = .max
}

/// Widths within this distance of the available width still fit, so a line
/// that fits exactly is not broken by rounding noise.
let _fitTolerance = 1e-6

/// What line breaking needs from the style, resolved to numbers.
struct _BreakParameters {
    var size: Double
    var letterSpacing: Double
    var width: Double
    var mode: LineBreakMode
    var maximumLines: Int

    @inline(__always)
    func wordWidth(_ measure: _PieceMeasure) -> Double {
        wordWidth(em: measure.wordEm, clusters: measure.wordClusters)
    }

    @inline(__always)
    func spaceWidth(_ measure: _PieceMeasure) -> Double {
        wordWidth(em: measure.spaceEm, clusters: measure.spaceClusters)
    }

    /// The width in points of an advance of `em` over `clusters` clusters.
    @inline(__always)
    func wordWidth(em: Double, clusters: Int32) -> Double {
        em * size + Double(clusters) * letterSpacing
    }
}

extension _Workspace {
    /// Breaks a prepared text into `lines` (emptied first); returns whether
    /// text was left over after the allowed number of lines.
    /// - Complexity: O(number of pieces) when no word is longer than the line;
    ///   words that must be broken by characters are shaped again (O(their length)).
    func breakLines(
        _ text: _PreparedText, _ parameters: _BreakParameters, into lines: inout _LineList,
        cache: _WordWidthCache
    ) -> Bool {
        _breakLines(text, parameters, into: &lines, cache: cache, tracking: false)
    }

    /// `breakLines`, setting `linesFit`.
    func breakLinesTracking(
        _ text: _PreparedText, _ parameters: _BreakParameters, into lines: inout _LineList,
        cache: _WordWidthCache
    ) -> Bool {
        _breakLines(text, parameters, into: &lines, cache: cache, tracking: true)
    }

    /// `breakLines`; `tracking` (a constant where inlined): `linesFit` set.
    @inline(__always)
    private func _breakLines(
        _ text: _PreparedText, _ parameters: _BreakParameters, into lines: inout _LineList,
        cache: _WordWidthCache, tracking: Bool
    ) -> Bool {
        let limit = parameters.maximumLines > 0 ? parameters.maximumLines : Int.max
        let available = parameters.width + _fitTolerance
        let charWrap = parameters.mode == .byCharWrapping
        let truncated: Bool
        var fit = -Double.infinity
        if text.isPlainParagraph && !charWrap,
            let plainTruncated = _breakPlainParagraph(
                text, available: available, parameters, limit: limit, into: &lines, fit: &fit,
                tracking: tracking)
        {
            truncated = plainTruncated
        } else {
            lines.removeAll()
            truncated =
                tracking
                ? _breakPiecesTracking(
                    text, available: available, parameters, limit: limit, into: &lines,
                    cache: cache, fit: &fit)
                : _breakPieces(
                    text, available: available, parameters, limit: limit, into: &lines,
                    cache: cache)
        }
        // (A truncated last line is cut to the width.)
        if tracking { linesFit = truncated ? .infinity : fit }
        if truncated, !lines.isEmpty {
            switch parameters.mode {
            case .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle:
                truncateLastLine(&lines, text, parameters, cache: cache)
            case .byWordWrapping, .byCharWrapping, .byClipping:
                break
            }
        }
        return truncated
    }

    /// `_fillPieces` without `fit`. (Functions of their own, apart from
    /// `breakLines`: inlined there, the greedy filling of pieces made the
    /// plain paragraphs' path about 20 instructions a text slower.)
    @inline(never)
    private func _breakPieces(
        _ text: _PreparedText, available: Double, _ parameters: _BreakParameters, limit: Int,
        into lines: inout _LineList, cache: _WordWidthCache
    ) -> Bool {
        var fit = -Double.infinity
        return _fillPieces(
            text, available: available, parameters, limit: limit, into: &lines, cache: cache,
            fit: &fit, tracking: false)
    }

    /// `_fillPieces`, setting `fit`.
    @inline(never)
    private func _breakPiecesTracking(
        _ text: _PreparedText, available: Double, _ parameters: _BreakParameters, limit: Int,
        into lines: inout _LineList, cache: _WordWidthCache, fit: inout Double
    ) -> Bool {
        _fillPieces(
            text, available: available, parameters, limit: limit, into: &lines, cache: cache,
            fit: &fit, tracking: true)
    }

    /// Greedy filling of any prepared text (hard breaks, bidi paragraphs,
    /// mixed fonts, letter spacing, words wider than the line, character
    /// wrapping). Returns whether text was left over after `limit` lines.
    /// `fit`: as `_fill`'s, +∞ once a tab is placed.
    @inline(__always)
    private func _fillPieces(
        _ text: _PreparedText, available: Double, _ parameters: _BreakParameters, limit: Int,
        into lines: inout _LineList, cache: _WordWidthCache, fit: inout Double, tracking: Bool
    ) -> Bool {
        let pieces = text.wholePieces()
        let charWrap = parameters.mode == .byCharWrapping
        var line = _OpenLine()
        var truncated = false
        let count = pieces.count
        var index = 0
        pieceLoop: while index < count {
            if lines.count >= limit {
                truncated = true
                break
            }
            if !charWrap {
                // Whole pieces, as many as fit: the common case, in a loop of its own.
                switch _fill(
                    pieces, &index, &line, available: available, parameters, fit: &fit,
                    tracking: tracking)
                {
                case .end:
                    break pieceLoop
                case .overflow:
                    line.emit(into: &lines, end: Int(pieces[index - 1].end), endsParagraph: false)
                    if lines.count >= limit {
                        truncated = true
                        break pieceLoop
                    }
                    continue pieceLoop
                case .hardBreak:
                    line.emit(into: &lines, breakingAfter: pieces[index - 1])
                    continue pieceLoop
                case .tab:
                    fit = .infinity
                    switch _placeTabbed(
                        text, pieces[index], start: index == 0 ? 0 : Int(pieces[index - 1].end),
                        &line, available: available, parameters, cache: cache)
                    {
                    case .taken:
                        index += 1
                        if pieces[index - 1].isHardBreak {
                            line.emit(into: &lines, breakingAfter: pieces[index - 1])
                        }
                        continue pieceLoop
                    case .overflow:
                        line.emit(
                            into: &lines, end: Int(pieces[index - 1].end), endsParagraph: false)
                        if lines.count >= limit {
                            truncated = true
                            break pieceLoop
                        }
                        continue pieceLoop
                    case .wide:
                        break  // broken between clusters below
                    }
                case .wide:
                    break
                }
            }
            // A piece broken between clusters: wider than the line, or in
            // character wrapping.
            let piece = pieces[index]
            let pieceStart = index == 0 ? 0 : Int(pieces[index - 1].end)
            index += 1
            if !line.hasPieces { line.isRightToLeft = piece.flags & _Piece.rtlParagraph != 0 }
            line.hasPieces = true
            // The piece is shaped whole, with its trailing whitespace, as
            // it was measured: its last letter keeps its kerning against
            // the space after it (", " in Inter), so character wrapping
            // gives the widths the other modes give.
            let contentEnd =
                piece.isHardBreak
                ? text.withBytes {
                    _hardBreakStart($0, end: Int(piece.end), start: pieceStart).start
                }
                : Int(piece.end)
            let clusters = self.clusters(
                of: text, pieceStart..<contentEnd, contentEnd: Int(piece.wordEnd),
                parameters, cache: cache)
            for var cluster in clusters {
                if cluster.isTab {
                    cluster.width = _nextTabStop(after: line.advance) - line.advance
                }
                if cluster.isSpace {
                    // Trailing whitespace hangs: it never breaks the line.
                    line.mask |= piece.measure.fontMask & cluster.mask
                    line.advance += cluster.width
                    continue
                }
                // Any cluster with a width on the line, whitespace included,
                // lets the line end before this one: after a leading space
                // or U+3000 the line breaks as after a letter, rather than
                // taking a cluster that overflows it.
                if line.advance > 0 && line.advance + cluster.width > available {
                    line.emit(into: &lines, end: cluster.start, endsParagraph: false)
                    // A tab starting a line goes to the line's first stop.
                    if cluster.isTab { cluster.width = _nextTabStop(after: 0) }
                    if lines.count >= limit {
                        truncated = true
                        break pieceLoop
                    }
                    line.hasPieces = true
                    line.isRightToLeft = piece.flags & _Piece.rtlParagraph != 0
                } else if tracking, line.advance > 0, line.advance + cluster.width > fit {
                    fit = line.advance + cluster.width
                }
                line.mask |= piece.measure.fontMask & cluster.mask
                line.advance += cluster.width
                line.content = line.advance
            }
            // A piece without whitespace keeps the kerning across its end
            // (`addJoinKerning`) as its trailing measure: it counts when the
            // line goes on, as in whole pieces, so character wrapping gives
            // the widths word wrapping gives.
            if Int(piece.wordEnd) == Int(piece.end) && !piece.isHardBreak {
                line.advance += parameters.spaceWidth(piece.measure)
            }
            if piece.isHardBreak { line.emit(into: &lines, breakingAfter: piece) }
        }
        if !truncated {
            if line.hasPieces {
                line.emit(into: &lines, end: text.byteCount, endsParagraph: true)
            } else if let last = pieces.last, last.isHardBreak, lines.count < limit {
                // A text that ends with a hard break has an empty last line
                // (TextKit's extra line fragment; Pango does the same).
                line.isRightToLeft = last.flags & _Piece.rtlParagraph != 0
                line.emit(into: &lines, end: text.byteCount, endsParagraph: true)
            }
        }
        return truncated
    }

    /// `_breakPieces` for a plain paragraph (`_PreparedText.isPlainParagraph`),
    /// reading only its compact pieces: the same decisions and the same
    /// sums, in the same order, so the same lines to the bit. `lines` is
    /// emptied first. Returns whether text was left over after `limit`
    /// lines, or nil (and nothing useful in `lines`) when a piece is wider
    /// than a line, which only the general path breaks.
    @inline(__always)
    private func _breakPlainParagraph(
        _ text: _PreparedText, available: Double, _ parameters: _BreakParameters, limit: Int,
        into lines: inout _LineList, fit: inout Double, tracking: Bool
    ) -> Bool? {
        lines.removeAll()
        if parameters.letterSpacing.bitPattern == 0 {
            // Each width is `em × size + 0`, as `_BreakParameters` computes
            // it with letter spacing +0 (the `+ 0` turns a −0 into +0 there too).
            let size = parameters.size
            return _fillPlainParagraph(
                text, available: available, limit: limit, into: &lines, fit: &fit,
                tracking: tracking
            ) {
                block, _, index in
                (block[2 &* index] * size + 0, block[2 &* index &+ 1] * size + 0)
            }
        }
        return text.plainClusters.withUnsafeBufferPointer { clusters in
            _fillPlainParagraph(
                text, available: available, limit: limit, into: &lines, fit: &fit,
                tracking: tracking
            ) {
                block, _, index in
                (
                    parameters.wordWidth(
                        em: block[2 &* index], clusters: clusters[2 &* index]),
                    parameters.wordWidth(
                        em: block[2 &* index &+ 1], clusters: clusters[2 &* index &+ 1])
                )
            }
        }
    }

    /// The loop of `_breakPlainParagraph`; `widths(block, count, index)`
    /// gives a piece's width without and with only its trailing whitespace;
    /// `fit` as `_fill`'s.
    @inline(__always)
    private func _fillPlainParagraph(
        _ text: _PreparedText, available: Double, limit: Int, into lines: inout _LineList,
        fit: inout Double, tracking: Bool,
        widths: (UnsafePointer<Double>, Int, Int) -> (Double, Double)
    ) -> Bool? {
        let mask = text.uniformMask
        let textEnd = text.byteCount
        let count = text.pieceCount
        return text.plainBlock.withUnsafeBufferPointer { block -> Bool? in
            // (In a local, written back once, as in `_fill`.)
            var widest = fit
            defer { fit = widest }
            let ems = block.baseAddress!
            let ends = UnsafeRawPointer(ems + 2 &* count)
            var index = 0
            var start = 0
            while index < count {
                if lines.count >= limit { return true }
                // The first piece of a line fits unless it is wider than a line.
                var (word, space) = widths(ems, count, index)
                if word > available { return nil }
                if tracking, word > widest { widest = word }
                var content = 0 + word
                var advance = content + space
                index &+= 1
                while index < count {
                    (word, space) = widths(ems, count, index)
                    if advance + word > available { break }
                    if word > available { return nil }
                    content = advance + word
                    if tracking {
                        if word > widest { widest = word }
                        if content > widest { widest = content }
                    }
                    advance = content + space
                    index &+= 1
                }
                let last = index == count
                let end =
                    last
                    ? textEnd : Int(ends.load(fromByteOffset: 4 &* (index &- 1), as: Int32.self))
                lines.append(
                    _Line(
                        start: start, end: end, width: content, fontMask: mask,
                        endsParagraph: last, isRightToLeft: false))
                start = end
            }
            return false
        }
    }
}
