// What `trellis measure` writes of a layout (its number of lines, its size
// and its missing clusters), without the layout's line fragments.

import TrellisGeometry

extension TextMeasurer {
    /// The line count, size and number of clusters no font has of
    /// `layout(text, style: style, width: width, numberOfLines:
    /// numberOfLines)`, without placing its line fragments: the same lines,
    /// and the size `sizeThatFits` works out from them (`_assembledSize`,
    /// the same heights and gaps added in the same order as the layout's).
    /// Placing the fragments and building the layout cost about 1,000
    /// instructions a text that a caller of these three numbers did not use.
    /// - Throws: as `layout(_:style:width:numberOfLines:)`.
    package func _lineCountAndSize(
        _ text: String, style: TextStyle, width: Double, numberOfLines: Int = 0
    ) throws(TextError) -> (lineCount: Int, size: Size, missingGlyphs: Int) {
        let parameters = try _breakParameters(
            text, style: style, width: width, numberOfLines: numberOfLines, singleLine: false)
        if text.isEmpty { return (0, .zero, 0) }
        return try _withLines(text, fonts: style.fonts, parameters) {
            lines, _, prepared, workspace in
            // The workspace's line heights of earlier texts (_LineHeightMemo.swift).
            let size = _assembledSize(
                lines, style: style, usesFontLeading: true, fonts: prepared.fonts,
                prepared: prepared, heights: workspace.lineHeights)
            return (lines.count, size, prepared.missingClusters(workspace).count)
        }
    }
}
