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

    /// The placer of `lines` broken from `prepared` at `width`: aligned
    /// within `width`, or within the widest line when it is unlimited.
    init(
        _ lines: UnsafeBufferPointer<_Line>, prepared: _PreparedText, style: TextStyle,
        width: Double, usesFontLeading: Bool
    ) {
        var containerWidth = width
        if !width.isFinite {
            containerWidth = 0
            for line in lines { containerWidth = max(containerWidth, line.width) }
        }
        self.init(
            metrics: _LineMetrics(
                style: style, usesFontLeading: usesFontLeading, styles: prepared.styles,
                fonts: prepared.fonts, prepared: prepared),
            alignment: style.alignment, containerWidth: containerWidth, count: lines.count)
    }

    /// The fragment of `line`, the line at `index`; lines come in order.
    @inline(__always)
    mutating func place(_ line: _Line, at index: Int) -> LineFragment {
        let lineTop = top
        let (height, baseline) = advance(over: line, at: index)
        let x: Double
        switch _resolvedAlignment(alignment, rtl: line.isRightToLeft) {
        case .left, .natural: x = 0
        case .right: x = containerWidth - line.width
        case .center: x = (containerWidth - line.width) / 2
        }
        return LineFragment(
            range: line.start..<line.end, width: line.width, origin: Point(x: x, y: lineTop),
            height: height, baseline: baseline, isTruncated: line.isTruncated,
            isRightToLeft: line.isRightToLeft)
    }

    /// Moves past `line`, the line at `index` (lines come in order): the
    /// widest line, the bottom and the baselines so far, without the
    /// line's fragment (its `x` and origin). Returns the line's height
    /// and baseline, as `place` gives them.
    @inline(__always)
    mutating func advance(over line: _Line, at index: Int) -> (height: Double, baseline: Double) {
        let (height, below) = metrics.height(of: line)
        let baseline = top + height - below
        widest = max(widest, line.width)
        if index == 0 { firstBaseline = baseline }
        if index + 1 < count {
            top += metrics.gap(after: line, height: height)
        } else {
            bottom = top + height
            lastBaseline = baseline
        }
        return (height, baseline)
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
    /// The text the lines come from, unretained likewise: a line drawn with
    /// several fonts aligns their baselines by the script it begins with
    /// (_BaselineAlignment.swift). Nil: every run on the alphabetic baseline.
    unowned(unsafe) let prepared: _PreparedText?
    /// The style's numbers (not the style: copying it retains its fonts).
    let size: Double
    let lineHeightMultiple: Double
    let minimumLineHeight: Double
    let maximumLineHeight: Double
    let lineSpacing: Double
    let paragraphSpacing: Double
    let usesFontLeading: Bool
    /// The last font mask and alignment seen, and the height (after
    /// multiple, minimum and maximum) and depth below the baseline of their
    /// lines: lines drawn with the same fonts aligned alike have the same height.
    private var lastMask: UInt32 = 0
    private var lastKind = _BaselineKind.roman
    private var lastReference = -1
    private var height = 0.0
    private var below = 0.0
    /// Where the heights of earlier texts' lines are kept (a workspace's,
    /// unretained likewise), or nil; used for a text in one style (`styles`
    /// nil).
    let heights: Unmanaged<_LineHeightMemo>?

    init(
        style: TextStyle, usesFontLeading: Bool, styles: _StyleRuns? = nil,
        fonts: FontCollection? = nil, prepared: _PreparedText? = nil,
        heights: _LineHeightMemo? = nil
    ) {
        self.heights = styles == nil ? heights.map { Unmanaged.passUnretained($0) } : nil
        self.fonts = fonts ?? style.fonts
        self.styles = styles
        self.prepared = prepared
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
        var kind = _BaselineKind.roman
        var reference = -1
        if mask & (mask &- 1) != 0, let prepared {
            (kind, reference) = alignment(of: line, mask: mask, in: prepared)
        }
        if mask != lastMask || kind != lastKind || reference != lastReference {
            measure(mask, kind: kind, reference: reference)
        }
        return (height, below)
    }

    /// The baseline `line`'s runs align on and the line font (a bit of
    /// `mask`) whose baseline they align to, or -1 when no run moves: the
    /// line begins in a script of the alphabetic baseline and every font's
    /// is where its glyphs stand.
    private func alignment(
        of line: _Line, mask: UInt32, in prepared: _PreparedText
    ) -> (_BaselineKind, Int) {
        guard
            let found = prepared.withBytes({
                _LineAlignment.of($0, start: line.start, end: line.end)
            })
        else { return (.roman, -1) }
        if found.kind == .roman {
            var level = true
            forEachLineFont(mask) { face, _, _ in level = level && face.baselines.roman == 0 }
            if level { return (.roman, -1) }
        }
        // The font that draws the line's first character.
        if let styles {
            let run = styles.run(at: found.firstOffset)
            for (index, face) in run.fonts.faces.enumerated()
            where run.firstFace + index < styles.faceBits.count {
                let bit = styles.faceBits[run.firstFace + index]
                if mask & bit != 0 && face.hasGlyph(found.firstScalar) {
                    return (found.kind, bit.trailingZeroBitCount)
                }
            }
        } else {
            // Faces asked through unretained references, from the
            // collection's own memory (`faceList`): binding `fonts.faces`
            // retained its storage, shared by the threads, once a Chinese row.
            let faces = fonts.faceList
            for index in 0..<min(faces.count, 32) where mask & (1 << UInt32(index)) != 0 {
                if faces[index]._withUnsafeGuaranteedRef({ $0.hasGlyph(found.firstScalar) }) {
                    return (found.kind, index)
                }
            }
        }
        return (found.kind, mask.trailingZeroBitCount)
    }

    /// Calls `body` with the face, size and baseline offset of each line
    /// font of `mask`, in bit order.
    @inline(__always)
    private func forEachLineFont(_ mask: UInt32, _ body: (_FontFace, Double, Double) -> Void) {
        if let styles {
            for (index, line) in styles.lineFonts.enumerated()
            where index < 32 && mask & (1 << UInt32(index)) != 0 {
                body(line.face, line.size, line.baselineOffset)
            }
        } else {
            // Unretained (the collection keeps its faces): retaining each
            // face cost a retain and a release a line drawn with two fonts.
            let faces = fonts.faces
            for face in faces.indices where face < 32 && mask & (1 << UInt32(face)) != 0 {
                Unmanaged.passUnretained(faces[face])._withUnsafeGuaranteedRef { body($0, size, 0) }
            }
        }
    }

    /// A line's natural height is the highest ascender plus the deepest
    /// descender among the fonts used on it, plus the largest leading with
    /// `usesFontLeading`: CoreText's line ascent and descent are each the
    /// largest of its runs', and Pango agrees (Inter with Roboto, whose
    /// descender is the deeper: 20.619 at 17 pt, taller than either font's
    /// own line; Inter with a color emoji font likewise). With one font,
    /// that is its line height. Taken from `heights` when it holds them.
    private mutating func measure(_ mask: UInt32, kind: _BaselineKind, reference: Int) {
        lastMask = mask
        lastKind = kind
        lastReference = reference
        var key: _LineHeightMemo.Key?
        if let heights {
            let asked = _LineHeightMemo.Key(
                collection: fonts.id, mask: mask, kind: kind, usesFontLeading: usesFontLeading,
                reference: reference, size: size, lineHeightMultiple: lineHeightMultiple,
                minimumLineHeight: minimumLineHeight, maximumLineHeight: maximumLineHeight)
            if let known = heights._withUnsafeGuaranteedRef({ $0.value(asked) }) {
                (height, below) = known
                return
            }
            key = asked
        }
        var ascent = 0.0
        var descent = 0.0
        var leading = 0.0
        // Baseline alignment raises each run by the reference font's height
        // of the baseline minus its own (_BaselineAlignment.swift).
        var referenceHeight = 0.0
        if reference >= 0 {
            forEachLineFont(1 << UInt32(reference)) { face, size, _ in
                referenceHeight = face.baselines[kind] * size / Double(face.unitsPerEm)
            }
        }
        // A baseline offset raises the run: its ascent grows and its
        // descent shrinks by the offset (TextKit and Pango's rise alike).
        forEachLineFont(mask) { face, size, baselineOffset in
            let font = face.metrics(size: size)
            var raise = baselineOffset
            if reference >= 0 {
                raise += referenceHeight - face.baselines[kind] * size / Double(face.unitsPerEm)
            }
            ascent = max(ascent, font.ascender + raise)
            descent = max(descent, -font.descender - raise)
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
        if let key, let heights {
            heights._withUnsafeGuaranteedRef { $0.insert((height, below), for: key) }
        }
    }

    /// The space from the top of `line` to the top of the next line.
    @inline(__always)
    func gap(after line: _Line, height: Double) -> Double {
        height + lineSpacing + (line.endsParagraph ? paragraphSpacing : 0)
    }
}
