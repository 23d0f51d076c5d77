// The result of measuring a text: its size, lines and baselines.
import TrellisGeometry

/// One line of a text layout (a TextKit line fragment).
public struct LineFragment: Sendable, Equatable {
    /// UTF-8 byte offsets of the line's text, including the whitespace that
    /// hangs past its end and its hard break, as NSLayoutManager's character
    /// range of a line fragment. A truncated last line runs from its start
    /// to the end of the first hard break after it (`\n`, `\r\n`, U+2028,
    /// U+2029…) or to the end of the text: a line separator ends it too.
    public var range: Range<Int>
    /// Width of the line's glyphs without trailing whitespace, with the
    /// ellipsis when truncated (the used rect's width).
    public var width: Double
    /// Top-left corner of the line's glyphs, from the top-left of the text;
    /// `x` follows the alignment within the layout width.
    public var origin: Point
    /// The line's height after line height multiple and min/max (without line
    /// or paragraph spacing).
    public var height: Double
    /// Distance of the baseline from the top of the text.
    public var baseline: Double
    /// True when the line ends in "…" (a truncating line break mode cut the text).
    public var isTruncated: Bool
    /// True when the line belongs to a right-to-left paragraph.
    public var isRightToLeft: Bool
}

/// The layout of one text at one width: what `boundingRect` and
/// `sizeThatFits` report, with the lines behind it.
public struct TextLayout: Sendable, Equatable {
    /// Fractional size: the widest line's width and the height of all lines
    /// with their spacing (boundingRect semantics, before pixel rounding).
    public var size: Size
    /// Number of lines laid out (at most `numberOfLines` when that is not 0).
    public var lineCount: Int { lines.count }
    public var lines: [LineFragment]
    /// Baseline of the first line from the top of the text (0 for empty text).
    public var firstBaseline: Double
    /// Baseline of the last line from the top of the text (0 for empty text).
    public var lastBaseline: Double
    /// The UTF-8 byte ranges of the character clusters that no font of the
    /// collection has, in text order: which characters had no font (a ZWJ
    /// emoji sequence is one range). Each is measured with the first
    /// font's notdef glyph. Tabs are never missing: they go to tab stops.
    public var missingGlyphs: [Range<Int>]
    /// Number of character clusters that no font of the collection has
    /// (`missingGlyphs.count`).
    /// - Complexity: O(1).
    public var missingGlyphCount: Int { missingGlyphs.count }
    /// True when text was left out because of `numberOfLines`.
    public var isTruncated: Bool

    public init(
        size: Size, lines: [LineFragment], firstBaseline: Double, lastBaseline: Double,
        missingGlyphs: [Range<Int>] = [], isTruncated: Bool
    ) {
        self.missingGlyphs = missingGlyphs
        self.size = size
        self.lines = lines
        self.firstBaseline = firstBaseline
        self.lastBaseline = lastBaseline
        self.isTruncated = isTruncated
    }

    /// The layout of an empty text: no lines, zero size (UILabel's
    /// `sizeThatFits` of an empty text is `.zero`).
    public static let empty = TextLayout(
        size: .zero, lines: [], firstBaseline: 0, lastBaseline: 0, isTruncated: false)
}
