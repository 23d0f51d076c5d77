// A label's size and baselines from one line breaking: what a label in a
// baseline constraint reports to Auto Layout on every text change.

import TrellisGeometry

extension TextMeasurer {
    /// `_sizeThatFits` together with the first and last baselines `layout`
    /// gives for the same text at the same width (distances from the top of
    /// the text, not rounded), from one line breaking instead of two.
    ///
    /// The size is `_assembledSize`'s and the baselines `_LinePlacer`'s, the
    /// very code `sizeThatFits` and `layout` run, so each number is equal to
    /// theirs. A label constrained by its baselines (UIKit's
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
            let size = _assembledSize(
                lines, style: style, usesFontLeading: true, fonts: prepared.fonts,
                prepared: prepared)
            guard !lines.isEmpty else { return (size, 0, 0) }
            var placer = _LinePlacer(
                lines, prepared: prepared, style: style, width: width, usesFontLeading: true)
            for index in lines.indices { _ = placer.place(lines[index], at: index) }
            return (size, placer.firstBaseline, placer.lastBaseline)
        }
        return (
            Size(
                width: PixelGrid.ceil(fitting.width, scale: scale),
                height: PixelGrid.ceil(fitting.height, scale: scale)),
            first, last
        )
    }
}
