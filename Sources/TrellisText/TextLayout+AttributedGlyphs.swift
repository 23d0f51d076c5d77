// Glyphs of an attributed text placed where its measurement put them: each
// piece between break opportunities is cut into its runs' parts and each
// directional part is shaped alone with its run's fonts (and their
// fallback), as `prepareAttributed` measured it; the glyphs advance by the
// run's size and letter spacing and sit on the line's baseline raised by
// the run's baseline offset. The same lines, widths, truncation and visual
// order as the layout that sized the label, so a picture can never
// disagree with its frames. Lines are placed by the loop a text in one
// style uses (`_Workspace._placedGlyphs`, its runs as `_GlyphStyles`).
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
        return try workspaces.withWorkspace {
            (workspace) throws(TextError) -> AttributedGlyphLayout in
            let styles = try _StyleRuns(text, memo: &workspace.systemFaces)
            let prepared = try workspace.prepareAttributed(text, styles: styles, cache: words)
            let pieces = prepared.wholePieces()
            let glyphStyles = _GlyphStyles(
                runs: styles, baselineOffsets: attributes.map(\.baselineOffset))
            let lines = layout.lines.map { line in
                workspace._placedGlyphs(
                    line, prepared, glyphStyles, pieces, parameters, cache: words
                ) { glyph, run in StyledGlyph(placed: glyph, run: run) }
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
