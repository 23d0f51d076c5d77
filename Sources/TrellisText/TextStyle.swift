// How text is drawn and broken into lines: the attributes of
// NSAttributedString (font, kern) and NSParagraphStyle that change its size.

/// How a line that does not fit ends, as `NSLineBreakMode`.
public enum LineBreakMode: Sendable, Equatable, CaseIterable {
    /// Wrap at word boundaries (UAX #14 break opportunities); a word longer
    /// than the line breaks between grapheme clusters.
    case byWordWrapping
    /// Wrap between any two grapheme clusters.
    case byCharWrapping
    /// Wrap at words; the last allowed line is cut at the edge, no ellipsis.
    case byClipping
    /// Wrap at words; the last allowed line shows its end, after "…".
    case byTruncatingHead
    /// Wrap at words; the last allowed line shows its start, then "…".
    case byTruncatingTail
    /// Wrap at words; the last allowed line shows its start and end around "…".
    case byTruncatingMiddle
}

/// Where lines sit horizontally, as `NSTextAlignment`.
public enum TextAlignment: Sendable, Equatable, CaseIterable {
    /// Left for left-to-right paragraphs, right for right-to-left ones.
    case natural
    case left
    case center
    case right
}

/// Options of `boundingRect(with:options:style:)`, as `NSStringDrawingOptions`.
public struct DrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Lay out as a multi-line block whose origin is the top-left corner of
    /// the first line. Without it, the text is one line and the rectangle's
    /// origin is the baseline (its `y` is `-ascender`).
    public static let usesLineFragmentOrigin = DrawingOptions(rawValue: 1 << 0)
    /// Include the font's leading (line gap) in line heights.
    public static let usesFontLeading = DrawingOptions(rawValue: 1 << 1)
}

/// Font, size and paragraph style of a text.
///
/// Heights follow NSParagraphStyle (documented in each property): for a
/// paragraph of `n` lines of height `h`, the height is `n·h + (n−1)·lineSpacing`,
/// and paragraphs are separated by `paragraphSpacing`.
public struct TextStyle: Sendable {
    /// Fonts in fallback order.
    public var fonts: FontCollection
    /// Point size. Must be finite and greater than 0.
    public var size: Double
    /// Extra space after every character cluster, in points (`NSAttributedString.Key.kern`).
    public var letterSpacing: Double = 0
    /// Space between the bottom of one line and the top of the next within a
    /// paragraph; not added after the last line (`NSParagraphStyle.lineSpacing`).
    public var lineSpacing: Double = 0
    /// Factor on each line's natural height before min/max apply; 0 means 1
    /// (`NSParagraphStyle.lineHeightMultiple`).
    public var lineHeightMultiple: Double = 0
    /// Lower bound of a line's height, 0 for none (`minimumLineHeight`).
    public var minimumLineHeight: Double = 0
    /// Upper bound of a line's height, 0 for none (`maximumLineHeight`).
    public var maximumLineHeight: Double = 0
    /// Space added between paragraphs (after `\n`, `\r\n`, `\r` or U+2029),
    /// not after the last one (`NSParagraphStyle.paragraphSpacing`).
    public var paragraphSpacing: Double = 0
    /// How lines break and how the last allowed line ends.
    public var lineBreakMode: LineBreakMode = .byWordWrapping
    /// Horizontal placement of line origins.
    public var alignment: TextAlignment = .natural

    public init(
        fonts: FontCollection, size: Double, letterSpacing: Double = 0, lineSpacing: Double = 0,
        lineHeightMultiple: Double = 0, minimumLineHeight: Double = 0,
        maximumLineHeight: Double = 0,
        paragraphSpacing: Double = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        alignment: TextAlignment = .natural
    ) {
        self.fonts = fonts
        self.size = size
        self.letterSpacing = letterSpacing
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
        self.paragraphSpacing = paragraphSpacing
        self.lineBreakMode = lineBreakMode
        self.alignment = alignment
    }

    /// One font (no fallback) at `size`.
    public init(font: Font, size: Double) {
        self.init(fonts: FontCollection(font), size: size)
    }

    /// The largest size, spacing or line height a style accepts, in points.
    public static let maximumPoints = 1_000_000.0

    /// Checks every number: size > 0; spacings, multiple and bounds finite and ≥ 0;
    /// letter spacing finite; a non-empty font collection.
    package func _validate() throws(TextError) {
        // Every layout validates its style: the common case, all values in
        // range, is one chain of comparisons (each false for NaN); any
        // failure goes through the checks below, which name the value.
        let points = Self.maximumPoints
        if size > 0 && size <= points && abs(letterSpacing) <= points && lineSpacing >= 0
            && lineSpacing <= points && lineHeightMultiple >= 0 && lineHeightMultiple <= 1000
            && minimumLineHeight >= 0 && minimumLineHeight <= points && maximumLineHeight >= 0
            && maximumLineHeight <= points && paragraphSpacing >= 0 && paragraphSpacing <= points
            && !fonts.fonts.isEmpty
        {
            return
        }
        try _requirePositive(size, "font size")
        guard letterSpacing.isFinite else {
            throw TextError.invalidParameter(
                name: "letter spacing", value: letterSpacing, requirement: "finite")
        }
        try _requireNonNegative(lineSpacing, "line spacing")
        try _requireNonNegative(lineHeightMultiple, "line height multiple")
        try _requireNonNegative(minimumLineHeight, "minimum line height")
        try _requireNonNegative(maximumLineHeight, "maximum line height")
        try _requireNonNegative(paragraphSpacing, "paragraph spacing")
        // Finite but astronomically large values would overflow heights to
        // infinity; nothing on a screen needs more than a million points.
        // (One call per value: this runs for every layout, so no array of them.)
        try _requireAtMost(size, points, "font size")
        try _requireAtMost(abs(letterSpacing), points, "letter spacing")
        try _requireAtMost(lineSpacing, points, "line spacing")
        try _requireAtMost(lineHeightMultiple, 1000, "line height multiple")
        try _requireAtMost(minimumLineHeight, points, "minimum line height")
        try _requireAtMost(maximumLineHeight, points, "maximum line height")
        try _requireAtMost(paragraphSpacing, points, "paragraph spacing")
        if fonts.fonts.isEmpty { throw TextError.emptyFontCollection }
    }
}

/// Checks that `value` is at most `limit` in magnitude.
@inline(__always)
private func _requireAtMost(_ value: Double, _ limit: Double, _ name: String) throws(TextError) {
    if value > limit {
        throw TextError.invalidParameter(
            name: name, value: value, requirement: "at most \(Int(limit)) in magnitude")
    }
}
