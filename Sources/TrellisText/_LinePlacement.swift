// Placing lines: each line's height, baseline and origin from its fonts
// and the paragraph style (line spacing, line height multiple, min/max).

import Dispatch
import TrellisGeometry
import TrellisSupport

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
