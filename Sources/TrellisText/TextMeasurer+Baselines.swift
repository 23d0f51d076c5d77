// A label's size and baselines from one line breaking: what a label in a
// baseline constraint reports to Auto Layout on every text change.

import TrellisGeometry

extension TextMeasurer {
    /// `_sizeThatFits` together with the first and last baselines `layout`
    /// gives for the same text at the same width (distances from the top of
    /// the text, not rounded), from one line breaking instead of two.
    ///
    /// The baselines are `_LinePlacer`'s, the very code `layout` runs, and
    /// so is the size: the placer's widest line and bottom are
    /// `_assembledSize`'s numbers (what `sizeThatFits` runs), added from
    /// the same line heights in the same order, so each number is equal to
    /// theirs. Lines are placed without their fragments, and their heights
    /// are worked out once, for both. A label constrained by its baselines (UIKit's
    /// `firstBaselineAnchor`, "the baseline for the topmost line of text in
    /// the view") needs both on every new text.
    /// - Complexity: as `sizeThatFits`.
    package func _sizeAndBaselines(
        _ text: String, checkedStyle style: TextStyle, width: Double, numberOfLines: Int,
        scale: Double
    ) throws(TextError) -> (size: Size, firstBaseline: Double, lastBaseline: Double) {
        try _requirePositive(scale, "scale")
        guard !width.isNaN, width >= 0 else {
            throw TextError.invalidParameter(
                name: "width", value: width, requirement: "0 or more (0 or infinity for no limit)")
        }
        let width = width > 0 ? width : .infinity
        let parameters = try _breakParameters(
            text, style: style, width: width, numberOfLines: numberOfLines, singleLine: false,
            styleChecked: true)
        if text.isEmpty { return (.zero, 0, 0) }
        let (fitting, first, last) = try _withLines(text, fonts: style.fonts, parameters) {
            lines, _, prepared, _ -> (Size, Double, Double) in
            guard !lines.isEmpty else { return (.zero, 0, 0) }
            // No line's `x` is read: any container width will do.
            var placer = _LinePlacer(
                metrics: _LineMetrics(
                    style: style, usesFontLeading: true, styles: prepared.styles,
                    fonts: prepared.fonts, prepared: prepared),
                alignment: style.alignment, containerWidth: 0, count: lines.count)
            for index in lines.indices { _ = placer.advance(over: lines[index], at: index) }
            return (
                Size(width: placer.widest, height: placer.bottom), placer.firstBaseline,
                placer.lastBaseline
            )
        }
        return (
            Size(
                width: PixelGrid.ceil(fitting.width, scale: scale),
                height: PixelGrid.ceil(fitting.height, scale: scale)),
            first, last
        )
    }
}
