// Text measurement with UIKit's names and rules: layout, boundingRect and
// sizeThatFits, backed by a word-width cache and a prepared-text cache that
// every thread shares.
import Dispatch
import TrellisGeometry
import TrellisSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Measures text the way UIKit does (NSString/NSAttributedString
/// `boundingRect`, `UILabel.sizeThatFits`). Thread-safe: call it from any
/// number of threads at once.
///
/// ```swift
/// let style = TextStyle(fonts: try .bundled("Inter"), size: 17)
/// let layout = try TextMeasurer.shared.layout("Hello, world", style: style, width: 287)
/// layout.lineCount   // 1
/// ```
public final class TextMeasurer: @unchecked Sendable {
    /// A measurer shared by the whole process.
    public static let shared = TextMeasurer()

    let words: _WordWidthCache
    private let prepared: _PreparedTextCache
    /// False when `preparedTextCapacity` was 0: `_prepared` neither looks
    /// texts up nor keeps them.
    let keepsPreparedTexts: Bool
    /// Prepared attributed texts (see TextMeasurer+AttributedTextCache.swift).
    let attributedTexts: _AttributedTextCache
    let workspaces: _WorkspacePool

    /// A measurer with its own caches.
    /// - Parameters:
    ///   - wordCacheCapacity: most distinct pieces (words with their
    ///     trailing spaces) kept; a full shard of the cache starts over.
    ///   - preparedTextCapacity: most prepared texts kept (texts up to 16 KB
    ///     of UTF-8; longer ones are prepared each time); 0 keeps none, for
    ///     a caller that measures each text once (`trellis measure`).
    public convenience init(wordCacheCapacity: Int = 1 << 18, preparedTextCapacity: Int = 1 << 15) {
        self.init(
            wordCacheCapacity: wordCacheCapacity, preparedTextCapacity: preparedTextCapacity,
            usesKernModel: true)
    }

    /// A measurer that may measure pieces without HarfBuzz when the font
    /// only kerns them (`usesKernModel`, see `_KernOnlyFace`), or that
    /// shapes every piece with HarfBuzz (tests compare the two).
    /// `usesPlainParagraphs` off keeps whole pieces for every text and
    /// fills every line by the general path (tests compare the two).
    init(
        wordCacheCapacity: Int, preparedTextCapacity: Int, usesKernModel: Bool,
        usesPlainParagraphs: Bool = true
    ) {
        words = _WordWidthCache(capacity: max(wordCacheCapacity, 16))
        prepared = _PreparedTextCache(capacity: max(preparedTextCapacity, 16))
        keepsPreparedTexts = preparedTextCapacity > 0
        attributedTexts = _AttributedTextCache(capacity: max(preparedTextCapacity, 16))
        workspaces = _WorkspacePool(
            usesKernModel: usesKernModel, usesPlainParagraphs: usesPlainParagraphs)
    }

    /// Empties both caches (for cold-cache measurements).
    public func removeAllCachedData() {
        words.removeAll()
        prepared.removeAll()
        attributedTexts.removeAll()
    }

    /// Empties the prepared-text cache but keeps the word widths (what a
    /// change of text content costs when the vocabulary is known).
    public func removeAllPreparedTexts() {
        prepared.removeAll()
        attributedTexts.removeAll()
    }

    /// Lays out `text` in lines no wider than `width`, as a UILabel with
    /// `numberOfLines` (0 = unlimited) and the style's line break mode.
    /// Line heights include the font's leading, as `UIFont.lineHeight`.
    ///
    /// - Parameters:
    ///   - text: the text, in any script; hard breaks start new lines.
    ///   - style: fonts, size and paragraph style.
    ///   - width: the available width in points, greater than 0;
    ///     `.infinity` for no limit.
    ///   - numberOfLines: the most lines shown, 0 for any number.
    /// - Throws: `TextError.invalidParameter` for a width that is NaN or not
    ///   positive, a negative `numberOfLines`, or a style with bad numbers.
    /// - Complexity: O(n) in the text's length; pieces not cached are shaped.
    public func layout(_ text: String, style: TextStyle, width: Double, numberOfLines: Int = 0)
        throws(TextError)
        -> TextLayout
    {
        try _layout(
            text, style: style, width: width, numberOfLines: numberOfLines, usesFontLeading: true)
    }

    /// `NSString.boundingRect(with:options:attributes:context:)`: the
    /// fractional rectangle the text occupies within `size`.
    ///
    /// With `.usesLineFragmentOrigin` the text wraps at `size.width` (0 or
    /// infinity for no limit) and the rectangle starts at the top-left of the
    /// first line; lines that do not fit entirely within `size.height` are
    /// left out, as a TextKit container of that height does (0 or infinity
    /// for no limit), but the first line always counts. Without it the
    /// text is one line (hard breaks still count as separators of nothing:
    /// everything is on the baseline) and the rectangle's origin is the baseline,
    /// so `origin.y` is `-ascender`. `.usesFontLeading` adds the font's leading
    /// to each line's height.
    public func boundingRect(
        _ text: String, with size: Size, options: DrawingOptions, style: TextStyle
    )
        throws(TextError) -> Rect
    {
        let leading = options.contains(.usesFontLeading)
        guard options.contains(.usesLineFragmentOrigin) else {
            let layout = try _layout(
                text, style: style, width: .infinity, numberOfLines: 1, usesFontLeading: leading,
                singleLine: true)
            let ascender =
                style.fonts.faces.first.map { $0.metrics(size: style.size).ascender } ?? 0
            return Rect(x: 0, y: -ascender, width: layout.size.width, height: layout.size.height)
        }
        guard !size.width.isNaN, !size.height.isNaN else {
            throw TextError.invalidParameter(
                name: "bounding size", value: .nan,
                requirement: "a number (0 or infinity for no limit)")
        }
        let width = size.width > 0 ? size.width : .infinity
        guard size.height > 0 && size.height.isFinite else {
            let fitting = try _layoutSize(
                text, style: style, width: width, numberOfLines: 0, usesFontLeading: leading)
            return Rect(origin: .zero, size: fitting)
        }
        var layout = try _layout(
            text, style: style, width: width, numberOfLines: 0, usesFontLeading: leading)
        let limit = size.height + _fitTolerance
        let kept = layout.lines.prefix { $0.origin.y == 0 || $0.origin.y + $0.height <= limit }
        if kept.count < layout.lines.count {
            layout.lines = Array(kept)
            layout.size = _size(of: layout.lines)
        }
        return Rect(origin: .zero, size: layout.size)
    }

    /// `UILabel.sizeThatFits(_:)`: the layout at `size.width` with
    /// `numberOfLines`, each dimension rounded up to the pixel grid of
    /// `scale` (`ceil(x · scale) / scale`). The height of `size` is ignored,
    /// as UILabel does. A width of 0 or infinity means no limit.
    public func sizeThatFits(
        _ text: String, style: TextStyle, size: Size, numberOfLines: Int, scale: Double
    )
        throws(TextError) -> Size
    {
        var linesFit = 0.0
        return try _fittingSize(
            text, style: style, width: size.width, numberOfLines: numberOfLines, scale: scale,
            styleChecked: false, tracking: false, linesFit: &linesFit)
    }

    /// `sizeThatFits` for a caller that checked `style` once (its
    /// `_validate()` passed) and measures many texts with it, as a label
    /// does: the same size, without checking the style's numbers again on
    /// every call. Everything else (width, lines, scale) is checked as there.
    package func _sizeThatFits(
        _ text: String, checkedStyle style: TextStyle, width: Double, numberOfLines: Int,
        scale: Double
    ) throws(TextError) -> Size {
        var linesFit = 0.0
        return try _fittingSize(
            text, style: style, width: width, numberOfLines: numberOfLines, scale: scale,
            styleChecked: true, tracking: false, linesFit: &linesFit)
    }

    /// `_sizeThatFits(_:checkedStyle:width:numberOfLines:scale:)`, with
    /// `linesFit` set to the widest its line breaking found to fit
    /// (`_Workspace.linesFit`; -∞ for an empty text): at any width for
    /// which `_keepsLines(linesFit:from:to:)` holds, the text breaks into
    /// the same lines, so it has the same size.
    package func _sizeThatFits(
        _ text: String, checkedStyle style: TextStyle, width: Double, numberOfLines: Int,
        scale: Double, linesFit: inout Double
    ) throws(TextError) -> Size {
        try _fittingSize(
            text, style: style, width: width, numberOfLines: numberOfLines, scale: scale,
            styleChecked: true, tracking: true, linesFit: &linesFit)
    }

    /// Whether a text that `_sizeThatFits(…linesFit:)` measured at `first`
    /// (setting `linesFit`) breaks into the same lines at `second`: a width
    /// no wider (so every piece that did not fit still does not), within
    /// which, as `breakLines` compares (`width + _fitTolerance`), every
    /// piece that fit still fits. Widths as `_sizeThatFits` reads them (0:
    /// no limit).
    package static func _keepsLines(linesFit: Double, from first: Double, to second: Double)
        -> Bool
    {
        let wide = first > 0 ? first : .infinity
        let narrow = second > 0 ? second : .infinity
        return narrow <= wide && linesFit <= narrow + _fitTolerance
    }

    /// The fitting size; `tracking` (a constant where inlined): `linesFit`
    /// set as `_sizeThatFits(…linesFit:)` sets it, else left as it is and
    /// the lines broken without recording it.
    @inline(__always)
    private func _fittingSize(
        _ text: String, style: TextStyle, width: Double, numberOfLines: Int, scale: Double,
        styleChecked: Bool, tracking: Bool, linesFit: inout Double
    ) throws(TextError) -> Size {
        try _requirePositive(scale, "scale")
        guard !width.isNaN, width >= 0 else {
            throw TextError.invalidParameter(
                name: "width", value: width, requirement: "0 or more (0 or infinity for no limit)")
        }
        let fitting =
            tracking
            ? try _layoutSize(
                text, style: style, width: width > 0 ? width : .infinity,
                numberOfLines: numberOfLines, usesFontLeading: true, styleChecked: styleChecked,
                linesFit: &linesFit)
            : try _layoutSize(
                text, style: style, width: width > 0 ? width : .infinity,
                numberOfLines: numberOfLines, usesFontLeading: true, styleChecked: styleChecked)
        return Size(
            width: PixelGrid.ceil(fitting.width, scale: scale),
            height: PixelGrid.ceil(fitting.height, scale: scale))
    }

    /// Lays out many texts at once on `threads` threads (default: one per
    /// core). Results are in the order of `texts`; the first error stops the work.
    /// - Complexity: O(total length / threads).
    public func layouts(
        _ texts: [String], style: TextStyle, width: Double, numberOfLines: Int = 0,
        threads: Int? = nil
    ) throws(TextError) -> [TextLayout] {
        try style._validate()
        try _checkWidth(width)
        let count = texts.count
        if count == 0 { return [] }
        let threadCount = max(1, min(threads ?? _processorCount(), count))
        let chunk = (count + threadCount - 1) / threadCount
        let failure = Locked<TextError?>(nil)
        var results = [TextLayout](repeating: .empty, count: count)
        results.withUnsafeMutableBufferPointer { buffer in
            let base = _UnsafeSendable(buffer)
            DispatchQueue.concurrentPerform(iterations: threadCount) { part in
                let range = (part * chunk)..<min(count, (part + 1) * chunk)
                do throws(TextError) {
                    for index in range {
                        base.value[index] = try self.layout(
                            texts[index], style: style, width: width, numberOfLines: numberOfLines)
                    }
                } catch {
                    failure.withLock { if $0 == nil { $0 = error } }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results
    }

    // MARK: - Internals

    /// The size of the layout `_layout` would make, without its line fragments.
    func _layoutSize(
        _ text: String, style: TextStyle, width: Double, numberOfLines: Int, usesFontLeading: Bool,
        styleChecked: Bool = false
    ) throws(TextError) -> Size {
        let parameters = try _breakParameters(
            text, style: style, width: width, numberOfLines: numberOfLines, singleLine: false,
            styleChecked: styleChecked)
        if text.isEmpty { return .zero }
        return try _withLines(text, fonts: style.fonts, parameters) { lines, _, prepared, _ in
            _assembledSize(
                lines, style: style, usesFontLeading: usesFontLeading, fonts: prepared.fonts,
                prepared: prepared)
        }
    }

    /// `_layoutSize`, with `linesFit` as `_sizeThatFits(…linesFit:)` sets it.
    func _layoutSize(
        _ text: String, style: TextStyle, width: Double, numberOfLines: Int, usesFontLeading: Bool,
        styleChecked: Bool, linesFit: inout Double
    ) throws(TextError) -> Size {
        let parameters = try _breakParameters(
            text, style: style, width: width, numberOfLines: numberOfLines, singleLine: false,
            styleChecked: styleChecked)
        if text.isEmpty {
            linesFit = -.infinity
            return .zero
        }
        let (size, fit) = try _withLines(text, fonts: style.fonts, parameters, tracking: true) {
            lines, _, prepared, workspace in
            (
                _assembledSize(
                    lines, style: style, usesFontLeading: usesFontLeading, fonts: prepared.fonts,
                    prepared: prepared), workspace.linesFit
            )
        }
        linesFit = fit
        return size
    }

    /// Checks a layout's arguments and resolves them for line breaking.
    @inline(__always)
    func _breakParameters(
        _ text: String, style: TextStyle, width: Double, numberOfLines: Int, singleLine: Bool,
        styleChecked: Bool = false
    ) throws(TextError) -> _BreakParameters {
        if !styleChecked { try style._validate() }
        try _checkWidth(width)
        guard numberOfLines >= 0 else {
            throw TextError.invalidParameter(
                name: "numberOfLines", value: Double(numberOfLines),
                requirement: "0 (unlimited) or more")
        }
        return _BreakParameters(
            size: style.size, letterSpacing: style.letterSpacing, width: width,
            mode: singleLine ? .byClipping : style.lineBreakMode, maximumLines: numberOfLines)
    }

    func _layout(
        _ text: String, style: TextStyle, width: Double, numberOfLines: Int, usesFontLeading: Bool,
        singleLine: Bool = false
    ) throws(TextError) -> TextLayout {
        let parameters = try _breakParameters(
            text, style: style, width: width, numberOfLines: numberOfLines, singleLine: singleLine)
        if text.isEmpty { return .empty }
        return try _withLines(text, fonts: style.fonts, parameters) {
            lines, truncated, prepared, workspace in
            _layout(
                lines, truncated: truncated, prepared: prepared, workspace: workspace,
                style: style, parameters, width: width, usesFontLeading: usesFontLeading,
                singleLine: singleLine)
        }
    }

    /// The layout of broken lines: placed (`_assemble`), or joined into one
    /// for a one-line bounding rectangle.
    @inline(__always)
    func _layout(
        _ lines: UnsafeBufferPointer<_Line>, truncated: Bool, prepared: _PreparedText,
        workspace: _Workspace, style: TextStyle, _ parameters: _BreakParameters, width: Double,
        usesFontLeading: Bool, singleLine: Bool
    ) -> TextLayout {
        // The fragments go into the array the workspace kept from its
        // last layout: when the caller has let go of that layout (a
        // measuring loop, a list) the array is this workspace's alone
        // and is refilled in place; otherwise filling it copies it first.
        var fragments = workspace.spareFragments
        workspace.spareFragments = []
        let layout: TextLayout
        if singleLine {
            layout = [_joined(lines, prepared, parameters, workspace)].withUnsafeBufferPointer {
                _assemble(
                    $0, truncated: truncated, prepared: prepared, workspace: workspace,
                    style: style, width: width,
                    usesFontLeading: usesFontLeading, into: &fragments)
            }
        } else {
            layout = _assemble(
                lines, truncated: truncated, prepared: prepared, workspace: workspace,
                style: style, width: width,
                usesFontLeading: usesFontLeading, into: &fragments)
        }
        // Kept for the next layout, unless a long text made it large.
        if fragments.capacity <= _Workspace.spareFragmentCapacity {
            workspace.spareFragments = fragments
        }
        return layout
    }

    func _checkWidth(_ width: Double) throws(TextError) {
        guard !width.isNaN, width > 0 else {
            throw TextError.invalidParameter(
                name: "width", value: width, requirement: "greater than 0 (infinity for no limit)")
        }
    }

    func _prepared(_ text: String, fonts: FontCollection, workspace: _Workspace) throws(TextError)
        -> _PreparedText
    {
        guard keepsPreparedTexts else {
            // Dropped by the caller once measured; `_withLines` leaves it to
            // the workspace's next text (Workspace+Recycling.swift).
            let result = try workspace.prepare(
                text, fonts: fonts._resolved(for: text, memo: &workspace.systemFaces), cache: words)
            result.lookupFontsID = fonts.id
            return result
        }
        // The caller's string itself, when it is the one a cached text was
        // prepared from: found without reading or hashing its bytes.
        let identity = StringWords(text)
        if let identity,
            let cached = prepared.value(identity: identity, fonts: fonts.id)
        {
            return cached
        }
        var text = text
        let (cached, hash) = text.withUTF8 { bytes -> (_PreparedText?, UInt64) in
            guard bytes.count <= _PreparedTextCache.maximumTextLength else { return (nil, 0) }
            let hash = _ByteKey.hash(
                UnsafeRawBufferPointer(bytes), tag: UInt32(bitPattern: fonts.id))
            return (
                prepared.value(for: UnsafeRawBufferPointer(bytes), fonts: fonts.id, hash: hash),
                hash
            )
        }
        if let cached { return cached }
        // A collection ending in the system's fonts is resolved for this
        // text: its own fonts, then the system fonts its characters need.
        let result = try workspace.prepare(
            text, fonts: fonts._resolved(for: text, memo: &workspace.systemFaces), cache: words)
        result.lookupFontsID = fonts.id
        if result.byteCount <= _PreparedTextCache.maximumTextLength {
            prepared.insert(result, hash: hash)
        }
        return result
    }

    /// The prepared text cached for the very string `identity` was read
    /// from, if any (tests).
    func _preparedByIdentity(_ identity: StringWords, fonts: Int32) -> _PreparedText? {
        prepared.value(identity: identity, fonts: fonts)
    }

    /// All lines as one (boundingRect without `.usesLineFragmentOrigin`).
    func _joined(
        _ lines: UnsafeBufferPointer<_Line>, _ text: _PreparedText, _ parameters: _BreakParameters,
        _ workspace: _Workspace
    )
        -> _Line
    {
        var width = 0.0
        var mask: UInt32 = 0
        let pieces = text.wholePieces()
        for piece in pieces {
            width += parameters.wordWidth(piece.measure) + parameters.spaceWidth(piece.measure)
            mask |= piece.measure.fontMask
        }
        // Trailing whitespace of the last piece does not count, as on any line.
        if let last = pieces.last { width -= parameters.spaceWidth(last.measure) }
        if pieces.contains(where: { $0.flags & _Piece.tab != 0 }) {
            // Tabs jump to stops: walk the pieces from the start instead.
            var pen = 0.0
            var start = 0
            for piece in pieces {
                let contentEnd =
                    piece.isHardBreak
                    ? text.withBytes {
                        _hardBreakStart($0, end: Int(piece.end), start: start).start
                    }
                    : Int(piece.end)
                if piece.flags & _Piece.tab != 0 {
                    (width, pen) = workspace.tabbedPen(
                        text, start..<contentEnd, wordEnd: Int(piece.wordEnd), from: pen,
                        parameters, cache: words)
                } else {
                    width = pen + parameters.wordWidth(piece.measure)
                    pen = width + parameters.spaceWidth(piece.measure)
                }
                start = Int(piece.end)
            }
        }
        return _Line(
            start: 0, end: text.byteCount, width: width, fontMask: mask, endsParagraph: true,
            isRightToLeft: lines.first?.isRightToLeft ?? false)
    }

    /// The size `_assemble` would give, without building the line
    /// fragments (what `sizeThatFits` and `boundingRect` need): the same
    /// heights and gaps, added in the same order.
    func _assembledSize(
        _ lines: UnsafeBufferPointer<_Line>, style: TextStyle, usesFontLeading: Bool,
        styles: _StyleRuns? = nil, fonts: FontCollection? = nil, prepared: _PreparedText? = nil,
        heights: _LineHeightMemo? = nil
    ) -> Size {
        guard !lines.isEmpty else { return .zero }
        var widest = 0.0
        var top = 0.0
        var metrics = _LineMetrics(
            style: style, usesFontLeading: usesFontLeading, styles: styles, fonts: fonts,
            prepared: prepared, heights: heights)
        for index in lines.indices {
            let line = lines[index]
            widest = max(widest, line.width)
            let height = metrics.height(of: line).height
            if index + 1 < lines.count {
                top += metrics.gap(after: line, height: height)
            } else {
                return Size(width: widest, height: top + height)
            }
        }
        return .zero
    }

    /// Places lines vertically and horizontally.
    ///
    /// Rules (NSParagraphStyle / TextKit):
    /// - A line's natural height is the highest ascender plus the deepest
    ///   descender among the fonts used on it (plus the largest leading when
    ///   `usesFontLeading`), see `_LineMetrics`; an empty line uses the first font.
    ///   A line drawn with several fonts first aligns their runs by the
    ///   baseline its first script uses (_BaselineAlignment.swift).
    /// - Height = natural × `lineHeightMultiple` (when > 0), then at least
    ///   `minimumLineHeight` and at most `maximumLineHeight` (when > 0).
    /// - Extra height (or missing height) goes above the glyphs: the baseline
    ///   sits `ascender` above the line's bottom minus its descent and leading,
    ///   as TextKit on iOS places it.
    /// - Between two lines: `lineSpacing`, plus `paragraphSpacing` when the
    ///   first ends a paragraph; nothing after the last line.
    /// - x follows the alignment inside the layout width (the given width, or
    ///   the widest line when unlimited); natural is right for RTL paragraphs.
    /// `fragments` is emptied, filled with the lines' fragments, and shared
    /// with the layout returned.
    func _assemble(
        _ lines: UnsafeBufferPointer<_Line>, truncated: Bool, prepared: _PreparedText,
        workspace: _Workspace, style: TextStyle, width: Double,
        usesFontLeading: Bool, into fragments: inout [LineFragment]
    ) -> TextLayout {
        guard !lines.isEmpty else {
            return TextLayout(
                size: .zero, lines: [], firstBaseline: 0, lastBaseline: 0,
                missingGlyphs: prepared.missingClusters(workspace), isTruncated: truncated)
        }
        let count = lines.count
        var placer = _LinePlacer(
            lines, prepared: prepared, style: style, width: width,
            usesFontLeading: usesFontLeading)
        // The array's own slots are overwritten (one uniqueness check for
        // all), then any more lines appended and any fewer removed: emptying
        // it first went through the generic `replaceSubrange`.
        let reused = min(fragments.count, count)
        fragments.withUnsafeMutableBufferPointer { slots in
            for index in 0..<reused { slots[index] = placer.place(lines[index], at: index) }
        }
        if count > reused {
            fragments.reserveCapacity(count)
            for index in reused..<count { fragments.append(placer.place(lines[index], at: index)) }
        }
        while fragments.count > count { fragments.removeLast() }
        let widest = placer.widest
        let bottom = placer.bottom
        let firstBaseline = placer.firstBaseline
        let lastBaseline = placer.lastBaseline
        return TextLayout(
            size: Size(width: widest, height: bottom), lines: fragments,
            firstBaseline: firstBaseline, lastBaseline: lastBaseline,
            missingGlyphs: prepared.missingClusters(workspace), isTruncated: truncated)
    }
}

func _resolvedAlignment(_ alignment: TextAlignment, rtl: Bool) -> TextAlignment {
    alignment == .natural ? (rtl ? .right : .left) : alignment
}

/// The widest line by the bottom of the last line.
private func _size(of lines: [LineFragment]) -> Size {
    guard let last = lines.last else { return .zero }
    var widest = 0.0
    for line in lines { widest = max(widest, line.width) }
    return Size(width: widest, height: last.origin.y + last.height)
}

private struct _UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

func _processorCount() -> Int {
    #if canImport(Glibc)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
        return 1
    #endif
}
