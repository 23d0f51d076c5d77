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
    /// Prepared attributed texts (see TextMeasurer+AttributedTextCache.swift).
    let attributedTexts: _AttributedTextCache
    let workspaces: _WorkspacePool

    /// A measurer with its own caches.
    /// - Parameters:
    ///   - wordCacheCapacity: most distinct pieces (words with their
    ///     trailing spaces) kept; a full shard of the cache starts over.
    ///   - preparedTextCapacity: most prepared texts kept (texts up to 16 KB
    ///     of UTF-8; longer ones are prepared each time).
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

    /// Number of distinct pieces in the word-width cache.
    public var cachedWordCount: Int { words.count }

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
        try _fittingSize(
            text, style: style, width: size.width, numberOfLines: numberOfLines, scale: scale,
            styleChecked: false)
    }

    /// `sizeThatFits` for a caller that checked `style` once (its
    /// `_validate()` passed) and measures many texts with it, as a label
    /// does: the same size, without checking the style's numbers again on
    /// every call. Everything else (width, lines, scale) is checked as there.
    package func _sizeThatFits(
        _ text: String, checkedStyle style: TextStyle, width: Double, numberOfLines: Int,
        scale: Double
    ) throws(TextError) -> Size {
        try _fittingSize(
            text, style: style, width: width, numberOfLines: numberOfLines, scale: scale,
            styleChecked: true)
    }

    @inline(__always)
    private func _fittingSize(
        _ text: String, style: TextStyle, width: Double, numberOfLines: Int, scale: Double,
        styleChecked: Bool
    ) throws(TextError) -> Size {
        try _requirePositive(scale, "scale")
        guard !width.isNaN, width >= 0 else {
            throw TextError.invalidParameter(
                name: "width", value: width, requirement: "0 or more (0 or infinity for no limit)")
        }
        let fitting = try _layoutSize(
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
                lines, style: style, usesFontLeading: usesFontLeading, fonts: prepared.fonts)
        }
    }

    /// Breaks `text` into lines in a borrowed workspace and hands them to
    /// `body`, with whether text was left over; their storage stays with the
    /// workspace for the next layout.
    @inline(__always)
    private func _withLines<R>(
        _ text: String, fonts: FontCollection, _ parameters: _BreakParameters,
        _ body: (UnsafeBufferPointer<_Line>, Bool, _PreparedText, _Workspace) -> R
    ) throws(TextError) -> R {
        try workspaces.withWorkspace { (workspace) throws(TextError) -> R in
            let prepared = try self._prepared(text, fonts: fonts, workspace: workspace)
            var lines = workspace.lineList
            let truncated = workspace.breakLines(prepared, parameters, into: &lines, cache: words)
            // Growing may have moved the storage.
            workspace.lineList = lines
            return body(lines.lines, truncated, prepared, workspace)
        }
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
                    $0, truncated: truncated, prepared: prepared, style: style, width: width,
                    usesFontLeading: usesFontLeading, into: &fragments)
            }
        } else {
            layout = _assemble(
                lines, truncated: truncated, prepared: prepared, style: style, width: width,
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
        // The caller's string itself, when it is the one a cached text was
        // prepared from: found without reading or hashing its bytes.
        let identity = _StringIdentity(text)
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
        let result = try workspace.prepare(text, fonts: fonts._resolved(for: text), cache: words)
        result.lookupFontsID = fonts.id
        if result.byteCount <= _PreparedTextCache.maximumTextLength {
            prepared.insert(result, hash: hash)
        }
        return result
    }

    /// The prepared text cached for the very string `identity` was read
    /// from, if any (tests).
    func _preparedByIdentity(_ identity: _StringIdentity, fonts: Int32) -> _PreparedText? {
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
        styles: _StyleRuns? = nil, fonts: FontCollection? = nil
    ) -> Size {
        guard !lines.isEmpty else { return .zero }
        var widest = 0.0
        var top = 0.0
        var metrics = _LineMetrics(
            style: style, usesFontLeading: usesFontLeading, styles: styles, fonts: fonts)
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
        style: TextStyle, width: Double,
        usesFontLeading: Bool, into fragments: inout [LineFragment]
    ) -> TextLayout {
        guard !lines.isEmpty else {
            return TextLayout(
                size: .zero, lines: [], firstBaseline: 0, lastBaseline: 0,
                missingGlyphs: prepared.missingClusters, isTruncated: truncated)
        }
        let count = lines.count
        var containerWidth = width
        if !width.isFinite {
            containerWidth = 0
            for line in lines { containerWidth = max(containerWidth, line.width) }
        }
        var placer = _LinePlacer(
            metrics: _LineMetrics(
                style: style, usesFontLeading: usesFontLeading, styles: prepared.styles,
                fonts: prepared.fonts),
            alignment: style.alignment, containerWidth: containerWidth, count: count)
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
            missingGlyphs: prepared.missingClusters, isTruncated: truncated)
    }
}

/// Places the lines of a layout one after the other, top down (see
/// `_assemble` for the rules), and gathers the layout's size and baselines:
/// the widest line, and the bottom of the last one.
struct _LinePlacer {
    var metrics: _LineMetrics
    let alignment: TextAlignment
    let containerWidth: Double
    let count: Int
    private var top = 0.0
    private(set) var widest = 0.0
    private(set) var bottom = 0.0
    private(set) var firstBaseline = 0.0
    private(set) var lastBaseline = 0.0

    init(metrics: _LineMetrics, alignment: TextAlignment, containerWidth: Double, count: Int) {
        self.metrics = metrics
        self.alignment = alignment
        self.containerWidth = containerWidth
        self.count = count
    }

    /// The fragment of `line`, the line at `index`; lines come in order.
    @inline(__always)
    mutating func place(_ line: _Line, at index: Int) -> LineFragment {
        let (height, below) = metrics.height(of: line)
        let baseline = top + height - below
        let x: Double
        switch _resolvedAlignment(alignment, rtl: line.isRightToLeft) {
        case .left, .natural: x = 0
        case .right: x = containerWidth - line.width
        case .center: x = (containerWidth - line.width) / 2
        }
        let fragment = LineFragment(
            range: line.start..<line.end, width: line.width, origin: Point(x: x, y: top),
            height: height, baseline: baseline, isTruncated: line.isTruncated,
            isRightToLeft: line.isRightToLeft)
        widest = max(widest, line.width)
        if index == 0 { firstBaseline = baseline }
        if index + 1 < count {
            top += metrics.gap(after: line, height: height)
        } else {
            bottom = top + height
            lastBaseline = baseline
        }
        return fragment
    }
}

/// Line heights as `_assemble` works them out, shared with `_assembledSize`
/// so both add the same numbers in the same order.
struct _LineMetrics {
    /// The fonts the text was shaped with (the style's, or the style's
    /// resolved for the text when they end in the system's fonts),
    /// unretained: a `_LineMetrics` lives within one call that holds them.
    unowned(unsafe) let fonts: FontCollection
    /// An attributed text's runs, whose line fonts the masks index
    /// instead (see Workspace+AttributedText.swift), unretained likewise.
    unowned(unsafe) let styles: _StyleRuns?
    /// The style's numbers (not the style: copying it retains its fonts).
    let size: Double
    let lineHeightMultiple: Double
    let minimumLineHeight: Double
    let maximumLineHeight: Double
    let lineSpacing: Double
    let paragraphSpacing: Double
    let usesFontLeading: Bool
    /// The last font mask seen, and the height (after multiple, minimum and
    /// maximum) and depth below the baseline of its lines: lines drawn with
    /// the same fonts have the same height.
    private var lastMask: UInt32 = 0
    private var height = 0.0
    private var below = 0.0

    init(
        style: TextStyle, usesFontLeading: Bool, styles: _StyleRuns? = nil,
        fonts: FontCollection? = nil
    ) {
        self.fonts = fonts ?? style.fonts
        self.styles = styles
        self.size = style.size
        self.lineHeightMultiple = style.lineHeightMultiple
        self.minimumLineHeight = style.minimumLineHeight
        self.maximumLineHeight = style.maximumLineHeight
        self.lineSpacing = style.lineSpacing
        self.paragraphSpacing = style.paragraphSpacing
        self.usesFontLeading = usesFontLeading
    }

    /// The line's height (after multiple, minimum and maximum) and the
    /// distance from its bottom up to its baseline (descent plus leading).
    @inline(__always)
    mutating func height(of line: _Line) -> (height: Double, below: Double) {
        let mask = line.fontMask == 0 ? 1 : line.fontMask
        if mask != lastMask { measure(mask) }
        return (height, below)
    }

    /// A line's natural height is the highest ascender plus the deepest
    /// descender among the fonts used on it, plus the largest leading with
    /// `usesFontLeading`: CoreText's line ascent and descent are each the
    /// largest of its runs', and Pango agrees (Inter with Roboto, whose
    /// descender is the deeper: 20.619 at 17 pt, taller than either font's
    /// own line; Inter with a color emoji font likewise). With one font,
    /// that is its line height.
    private mutating func measure(_ mask: UInt32) {
        lastMask = mask
        var ascent = 0.0
        var descent = 0.0
        var leading = 0.0
        if let styles {
            // A baseline offset raises the run: its ascent grows and its
            // descent shrinks by the offset (TextKit and Pango's rise alike).
            for (index, line) in styles.lineFonts.enumerated()
            where mask & (1 << UInt32(index)) != 0 {
                let font = line.face.metrics(size: line.size)
                ascent = max(ascent, font.ascender + line.baselineOffset)
                descent = max(descent, -font.descender - line.baselineOffset)
                if usesFontLeading { leading = max(leading, font.leading) }
            }
        }
        let faces = styles == nil ? fonts.faces : []
        for face in faces.indices where face < 32 && mask & (1 << UInt32(face)) != 0 {
            let font = faces[face].metrics(size: size)
            ascent = max(ascent, font.ascender)
            descent = max(descent, -font.descender)
            if usesFontLeading { leading = max(leading, font.leading) }
        }
        // The same sum, in the same order, as `FontMetrics.lineHeight`
        // (ascender − descender + leading), so one font gives its line height to the bit.
        let natural = ascent + descent + leading
        below = natural - ascent
        height = natural
        if lineHeightMultiple > 0 { height *= lineHeightMultiple }
        if minimumLineHeight > 0 { height = max(height, minimumLineHeight) }
        if maximumLineHeight > 0 { height = min(height, maximumLineHeight) }
    }

    /// The space from the top of `line` to the top of the next line.
    @inline(__always)
    func gap(after line: _Line, height: Double) -> Double {
        height + lineSpacing + (line.endsParagraph ? paragraphSpacing : 0)
    }
}

private func _resolvedAlignment(_ alignment: TextAlignment, rtl: Bool) -> TextAlignment {
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

/// The two machine words of a `String` value. Two strings with the same
/// words have the same bytes as long as something holds one of them: the
/// words are the bytes themselves (a small string, up to 15 bytes) or a
/// reference to storage plus its length, and storage that is referenced
/// twice is never changed in place (a mutation copies it first, as for every
/// copy-on-write value). A prepared text holds the string it was made from,
/// so a later call with that same string (a row's text, a label's) is
/// recognized by these words alone. Nil where `String` is not two words.
struct _StringIdentity: Equatable {
    let first: UInt64
    let second: UInt64

    @inline(__always)
    init?(_ text: String) {
        guard MemoryLayout<String>.size == 16 else { return nil }
        (first, second) = unsafeBitCast(text, to: (UInt64, UInt64).self)
    }

    /// A hash of the words and the font collection's id.
    @inline(__always)
    func hash(fonts: Int32) -> UInt64 {
        var hash = first ^ (second << 29 | second >> 35) ^ UInt64(UInt32(bitPattern: fonts))
        hash = hash &* 0x9e37_79b9_7f4a_7c15
        return hash ^ hash >> 29
    }
}

/// Prepared texts by (text, font collection), sharded like the word cache.
/// Bound: at most `capacity / 16` texts per shard; a full shard starts over.
///
/// Keyed by a hash of the text's UTF-8 bytes computed once per layout (the
/// lookup and the insertion of a cold text share it) and checked against the
/// prepared text's own bytes: no `String` is copied or hashed. A second
/// index finds a text by the identity of the string it was prepared from
/// (`_StringIdentity`), which spares hashing and reading the bytes when the
/// caller passes that same string again, as lists and labels do.
final class _PreparedTextCache: @unchecked Sendable {
    static let maximumTextLength = 16 * 1024

    /// Open addressing (linear probing, load factor at most 1/2).
    private struct Table {
        var slots: [(hash: UInt64, text: _PreparedText?)] = Array(
            repeating: (0, nil), count: 16)
        var count = 0

        /// The first text under `hash` that `matches`.
        @inline(__always)
        func first(hash: UInt64, where matches: (_PreparedText) -> Bool) -> _PreparedText? {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while let text = slots[slot].text {
                if slots[slot].hash == hash && matches(text) { return text }
                slot = (slot + 1) & mask
            }
            return nil
        }

        func value(for bytes: UnsafeRawBufferPointer, fonts: Int32, hash: UInt64)
            -> _PreparedText?
        {
            first(hash: hash) { text in
                text.lookupFontsID == fonts && text.byteCount == bytes.count
                    && text.withBytes({
                        // The same storage (the caller's string, as cached) needs no comparison.
                        $0.baseAddress! == bytes.baseAddress!
                            || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                    })
            }
        }

        func value(identity: _StringIdentity, fonts: Int32, hash: UInt64) -> _PreparedText? {
            first(hash: hash) { $0.identity == identity && $0.lookupFontsID == fonts }
        }

        mutating func insert(_ text: _PreparedText, hash: UInt64) {
            count += 1
            if count * 2 > slots.count {
                // Entries move to the new array: no retain and release of
                // each prepared text (which touched every one of them).
                var old = Array(
                    repeating: (hash: UInt64(0), text: _PreparedText?.none), count: slots.count * 2)
                swap(&old, &slots)
                old.withUnsafeMutableBufferPointer { entries in
                    for index in entries.indices where entries[index].text != nil {
                        place((entries.baseAddress! + index).move())
                        (entries.baseAddress! + index).initialize(to: (0, nil))
                    }
                }
            }
            place((hash, text))
        }

        /// Takes ownership of `entry`, so storing it costs no retain.
        private mutating func place(_ entry: consuming (hash: UInt64, text: _PreparedText?)) {
            let hash = entry.hash
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].text != nil { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    /// The shards by text bytes, then the same texts by the identity of
    /// their strings; owned here and used through `unowned(unsafe)` views
    /// (`shard`, `identityShard`): retaining a shard for each lookup cost as
    /// much as the lookup, on a count all threads share.
    private let owners: [Locked<Table>]
    private let perShard: Int

    init(capacity: Int) {
        owners = (0..<32).map { _ in Locked(Table()) }
        perShard = max(1, capacity / 16)
    }

    /// Runs `body` with the shard for `hash` of the byte index (`identity`
    /// false) or of the identity index, locked.
    @inline(__always)
    private func withShard<R>(
        _ hash: UInt64, identity: Bool = false, _ body: (inout Table) -> R
    ) -> R {
        let index = Int(truncatingIfNeeded: hash >> 60) + (identity ? 16 : 0)
        return owners.withUnsafeBufferPointer { owners in
            Unmanaged.passUnretained(owners[index])._withUnsafeGuaranteedRef {
                $0.withLock(body)
            }
        }
    }

    /// The prepared text of `bytes` with the collection `fonts`, if cached;
    /// `hash` is `_ByteKey.hash(bytes, tag: fonts)`.
    func value(for bytes: UnsafeRawBufferPointer, fonts: Int32, hash: UInt64) -> _PreparedText? {
        withShard(hash) { $0.value(for: bytes, fonts: fonts, hash: hash) }
    }

    /// The prepared text made from the string whose identity this is, if cached.
    @inline(__always)
    func value(identity: _StringIdentity, fonts: Int32) -> _PreparedText? {
        let hash = identity.hash(fonts: fonts)
        return withShard(hash, identity: true) {
            $0.value(identity: identity, fonts: fonts, hash: hash)
        }
    }

    /// Adds a prepared text that is not cached yet, under the hash its lookup
    /// used, and under the identity of its string.
    func insert(_ value: _PreparedText, hash: UInt64) {
        let perShard = self.perShard
        let fonts = value.lookupFontsID
        withShard(hash) { table in
            let present = value.withBytes {
                table.value(for: UnsafeRawBufferPointer($0), fonts: fonts, hash: hash) != nil
            }
            if present { return }
            if table.count >= perShard { table = Table() }
            table.insert(value, hash: hash)
        }
        guard let identity = value.identity else { return }
        let identityHash = identity.hash(fonts: fonts)
        withShard(identityHash, identity: true) { table in
            if table.value(identity: identity, fonts: fonts, hash: identityHash) != nil { return }
            if table.count >= perShard { table = Table() }
            table.insert(value, hash: identityHash)
        }
    }

    func removeAll() {
        for shard in owners { shard.withLock { $0 = Table() } }
    }
}
