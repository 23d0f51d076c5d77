// Measuring attributed text: layout, sizeThatFits and boundingRect with
// runs of several fonts and sizes, and the paragraph style of a TextStyle.
import TrellisGeometry

extension TextMeasurer {
    /// Lays out an attributed text in lines no wider than `width`, as
    /// `layout(_:style:width:numberOfLines:)` does for a text in one style.
    ///
    /// `style` gives the paragraph attributes (line spacing, line height
    /// multiple, minimum and maximum line height, paragraph spacing, line
    /// break mode, alignment); each run's attributes give its fonts, size,
    /// letter spacing and baseline offset (the style's own font, size and
    /// letter spacing are not used).
    ///
    /// Line heights follow TextKit: a line is as tall as the highest
    /// ascender plus the deepest descender (plus the largest leading) of the
    /// fonts at the sizes actually used on it, each raised or lowered by its
    /// run's baseline offset; then the paragraph style applies. The
    /// ellipsis of a truncated line takes the style of the text where that
    /// line starts. Tabs go to tab stops every 28 points, as in a text in
    /// one style.
    ///
    /// - Throws: `TextError.invalidParameter` for a bad width, line count,
    ///   style or run attribute, or more than 32 distinct (font, size,
    ///   baseline offset) triples in one text.
    /// - Complexity: O(n) in the text's length; run parts not in the word
    ///   cache are shaped. A text measured before (the same string and runs)
    ///   is found prepared, and only its lines are broken again.
    public func layout(
        _ text: AttributedText, style: TextStyle, width: Double, numberOfLines: Int = 0
    ) throws(TextError) -> TextLayout {
        try _attributedLayout(
            text, style: style, width: width, numberOfLines: numberOfLines,
            usesFontLeading: true, singleLine: false)
    }

    /// `UILabel.sizeThatFits(_:)` for an attributed text: its layout at
    /// `size.width` (0 or infinity: no limit) with `numberOfLines`, rounded
    /// up to the pixel grid of `scale`.
    /// - Complexity: as `layout(_:style:width:numberOfLines:)`.
    public func sizeThatFits(
        _ text: AttributedText, style: TextStyle, size: Size, numberOfLines: Int, scale: Double
    ) throws(TextError) -> Size {
        try _requirePositive(scale, "scale")
        guard !size.width.isNaN, size.width >= 0 else {
            throw TextError.invalidParameter(
                name: "width", value: size.width,
                requirement: "0 or more (0 or infinity for no limit)")
        }
        let fitting = try _attributedLayout(
            text, style: style, width: size.width > 0 ? size.width : .infinity,
            numberOfLines: numberOfLines, usesFontLeading: true, singleLine: false
        ).size
        return Size(
            width: PixelGrid.ceil(fitting.width, scale: scale),
            height: PixelGrid.ceil(fitting.height, scale: scale))
    }

    /// `NSAttributedString.boundingRect(with:options:context:)`, with the
    /// rules of `boundingRect(_:with:options:style:)` for a plain string.
    /// - Complexity: as `layout(_:style:width:numberOfLines:)`.
    public func boundingRect(
        _ text: AttributedText, with size: Size, options: DrawingOptions, style: TextStyle
    ) throws(TextError) -> Rect {
        let leading = options.contains(.usesFontLeading)
        guard options.contains(.usesLineFragmentOrigin) else {
            let layout = try _attributedLayout(
                text, style: style, width: .infinity, numberOfLines: 1, usesFontLeading: leading,
                singleLine: true)
            let first = text.runs[0].attributes
            let ascender =
                first.fonts.faces.first.map { $0.metrics(size: first.size).ascender } ?? 0
            return Rect(x: 0, y: -ascender, width: layout.size.width, height: layout.size.height)
        }
        guard !size.width.isNaN, !size.height.isNaN else {
            throw TextError.invalidParameter(
                name: "bounding size", value: .nan,
                requirement: "a number (0 or infinity for no limit)")
        }
        let layout = try _attributedLayout(
            text, style: style, width: size.width > 0 ? size.width : .infinity, numberOfLines: 0,
            usesFontLeading: leading, singleLine: false)
        guard size.height > 0 && size.height.isFinite else {
            return Rect(origin: .zero, size: layout.size)
        }
        // Lines that do not fit in the height are left out; the first always counts.
        let limit = size.height + _fitTolerance
        var bottom = 0.0
        var widest = 0.0
        for line in layout.lines where line.origin.y == 0 || line.origin.y + line.height <= limit {
            bottom = line.origin.y + line.height
            widest = max(widest, line.width)
        }
        return Rect(x: 0, y: 0, width: widest, height: bottom)
    }

    private func _attributedLayout(
        _ text: AttributedText, style: TextStyle, width: Double, numberOfLines: Int,
        usesFontLeading: Bool, singleLine: Bool
    ) throws(TextError) -> TextLayout {
        // Measures are in points: lines are broken at size 1 without letter
        // spacing (Workspace+AttributedText.swift).
        var parameters = try _breakParameters(
            text.string, style: style, width: width, numberOfLines: numberOfLines,
            singleLine: singleLine)
        parameters.size = 1
        parameters.letterSpacing = 0
        let cacheable = text.string.utf8.count <= _PreparedTextCache.maximumTextLength
        let hash = cacheable ? _AttributedTextCache.hash(text) : 0
        let cached = cacheable ? attributedTexts.value(for: text, hash: hash) : nil
        // Run attributes are checked when the text is first prepared.
        let styles: _StyleRuns
        if let known = cached?.styles {
            styles = known
        } else {
            styles = try workspaces.withWorkspace { (workspace) throws(TextError) in
                try _StyleRuns(text, memo: &workspace.systemFaces)
            }
        }
        if text.string.isEmpty { return .empty }
        return try workspaces.withWorkspace { (workspace) throws(TextError) -> TextLayout in
            let prepared: _PreparedText
            if let cached {
                prepared = cached
            } else {
                prepared = try workspace.prepareAttributed(text, styles: styles, cache: words)
                // Long texts are prepared each time, as texts in one style are.
                if prepared.byteCount <= _PreparedTextCache.maximumTextLength {
                    attributedTexts.insert(prepared, of: text, hash: hash)
                }
            }
            var lines = workspace.lineList
            let truncated = workspace.breakLines(prepared, parameters, into: &lines, cache: words)
            workspace.lineList = lines
            return _layout(
                lines.lines, truncated: truncated, prepared: prepared, workspace: workspace,
                style: style, parameters, width: width, usesFontLeading: usesFontLeading,
                singleLine: singleLine)
        }
    }
}
