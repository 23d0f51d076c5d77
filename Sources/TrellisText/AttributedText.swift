// Text with several styles (NSAttributedString's character attributes that
// change its size): runs over UTF-8 ranges, each with its fonts, size,
// letter spacing and baseline offset. Paragraph attributes stay in
// `TextStyle` (one paragraph style for the whole text).

/// The attributes of one run of an `AttributedText`
/// (`NSAttributedString.Key.font`, `.kern`, `.baselineOffset`).
public struct TextAttributes: Sendable, Equatable {
    /// Fonts in fallback order.
    public var fonts: FontCollection
    /// Point size. Must be finite and greater than 0.
    public var size: Double
    /// Extra space after every character cluster, in points (`.kern`).
    public var letterSpacing: Double
    /// Distance the run's glyphs are raised above the baseline, in points
    /// (`.baselineOffset`; negative lowers them).
    public var baselineOffset: Double

    /// Attributes with `fonts` at `size`.
    /// - Complexity: O(1).
    public init(
        fonts: FontCollection, size: Double, letterSpacing: Double = 0, baselineOffset: Double = 0
    ) {
        self.fonts = fonts
        self.size = size
        self.letterSpacing = letterSpacing
        self.baselineOffset = baselineOffset
    }

    /// The font, size and letter spacing of `style`, without baseline offset.
    /// - Complexity: O(1).
    public init(_ style: TextStyle) {
        self.init(fonts: style.fonts, size: style.size, letterSpacing: style.letterSpacing)
    }

    /// Equal when the collections have the same fonts (the same files, in
    /// order) and the numbers are equal.
    /// - Complexity: O(1).
    public static func == (lhs: TextAttributes, rhs: TextAttributes) -> Bool {
        lhs.fonts.id == rhs.fonts.id && lhs.size == rhs.size
            && lhs.letterSpacing == rhs.letterSpacing
            && lhs.baselineOffset == rhs.baselineOffset
    }

    /// Checks the numbers: size > 0, spacing and offset finite, at most
    /// `TextStyle.maximumPoints` in magnitude.
    func _validate() throws(TextError) {
        // Every run of every attributed layout is checked: the common case,
        // all in range, is one chain of comparisons (each false for NaN).
        let limit = TextStyle.maximumPoints
        if size > 0 && size <= limit && abs(letterSpacing) <= limit && abs(baselineOffset) <= limit
            && !fonts.fonts.isEmpty
        {
            return
        }
        try _requirePositive(size, "font size")
        try _requireFiniteAtMost(size, limit, "font size")
        try _requireFiniteAtMost(letterSpacing, limit, "letter spacing")
        try _requireFiniteAtMost(baselineOffset, limit, "baseline offset")
        if fonts.fonts.isEmpty { throw TextError.emptyFontCollection }
    }
}

/// A string with runs of attributes over its UTF-8 bytes, as an
/// `NSAttributedString` whose attributes change the text's size. The runs
/// cover the whole string, in order, without gaps.
///
/// ```swift
/// let body = TextAttributes(try TextStyle.preferred(.body))
/// var text = AttributedText("Ada replied: on my way", attributes: body)
/// try text.setAttributes(TextAttributes(fonts: try .bundled("Inter", weight: .bold), size: 17),
///                        range: 0..<3)
/// ```
public struct AttributedText: Sendable, Equatable {
    /// One run: a UTF-8 byte range of `string` and its attributes.
    public struct Run: Sendable, Equatable {
        /// UTF-8 byte offsets of the run in `string`.
        public var range: Range<Int>
        /// Its fonts, size, letter spacing and baseline offset.
        public var attributes: TextAttributes
    }

    /// The text.
    public let string: String
    /// The runs, in order, covering `0..<string.utf8.count` (one run with
    /// an empty range for an empty string).
    public private(set) var runs: [Run]

    /// `string` in one style.
    /// - Complexity: O(1).
    public init(_ string: String, attributes: TextAttributes) {
        self.string = string
        self.runs = [Run(range: 0..<string.utf8.count, attributes: attributes)]
    }

    /// Gives the UTF-8 byte range `range` the attributes `attributes`,
    /// splitting the runs it cuts and joining equal neighbours.
    /// - Throws: `TextError.invalidParameter` when `range` is not within
    ///   the string or does not start and end on character (scalar) boundaries.
    /// - Complexity: O(number of runs).
    public mutating func setAttributes(_ attributes: TextAttributes, range: Range<Int>)
        throws(TextError)
    {
        let count = string.utf8.count
        guard range.lowerBound >= 0, range.upperBound <= count else {
            throw TextError.invalidParameter(
                name: "attribute range end", value: Double(range.upperBound),
                requirement: "within the text's \(count) UTF-8 bytes")
        }
        let utf8 = Array(string.utf8)
        for bound in [range.lowerBound, range.upperBound]
        where bound < count && utf8[bound] & 0xC0 == 0x80 {
            throw TextError.invalidParameter(
                name: "attribute range bound", value: Double(bound),
                requirement: "on a character boundary of the UTF-8 text")
        }
        if range.isEmpty { return }
        var result: [Run] = []
        func add(_ run: Run) {
            guard !run.range.isEmpty else { return }
            if let last = result.last, last.attributes == run.attributes {
                result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                result.append(run)
            }
        }
        var placed = false
        for run in runs {
            if run.range.upperBound <= range.lowerBound || run.range.lowerBound >= range.upperBound
            {
                if !placed && run.range.lowerBound >= range.upperBound {
                    add(Run(range: range, attributes: attributes))
                    placed = true
                }
                add(run)
                continue
            }
            // The run overlaps `range`: its parts before and after it stay.
            if run.range.lowerBound < range.lowerBound {
                add(Run(range: run.range.lowerBound..<range.lowerBound, attributes: run.attributes))
            }
            if !placed {
                add(Run(range: range, attributes: attributes))
                placed = true
            }
            if range.upperBound < run.range.upperBound {
                add(Run(range: range.upperBound..<run.range.upperBound, attributes: run.attributes))
            }
        }
        if !placed { add(Run(range: range, attributes: attributes)) }
        runs = result
    }

    /// Equal strings with equal runs.
    /// - Complexity: O(n) in the length of the string and the number of runs.
    public static func == (lhs: AttributedText, rhs: AttributedText) -> Bool {
        lhs.string == rhs.string && lhs.runs == rhs.runs
    }
}

/// Checks that `value` is finite and at most `limit` in magnitude.
private func _requireFiniteAtMost(_ value: Double, _ limit: Double, _ name: String)
    throws(TextError)
{
    guard abs(value) <= limit else {
        throw TextError.invalidParameter(
            name: name, value: value, requirement: "finite, at most \(Int(limit)) in magnitude")
    }
}
