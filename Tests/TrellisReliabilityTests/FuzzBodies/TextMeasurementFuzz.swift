// Fuzz body for text measurement with hostile Unicode: combining marks, emoji
// sequences, bidi controls, invalid UTF-8 and unpaired surrogates in the source
// bytes, hard breaks, very long words, and random (sometimes invalid) widths,
// sizes and paragraph settings. A valid request gives a finite, well-formed
// layout that does not depend on what the caches hold; an invalid number gives
// `TextError.invalidParameter`.

import TrellisGeometry
import TrellisText

enum TextMeasurementFuzz {
    static let tokens: [[UInt8]] =
        _utf8([
            "a", "word", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{2028}", "\u{2029}", "\u{85}",
            "\u{300}", "\u{301}\u{302}\u{303}\u{304}", "e\u{301}", "\u{20DD}", "\u{FE0F}",
            "\u{200D}",
            "👍", "🏽", "👩‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷", "🇫", "1️⃣", "👨🏿‍🦰",
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}",
            "\u{2068}",
            "\u{2069}", "\u{200E}", "\u{200F}", "\u{61C}",
            "שלום", "עולם", "مرحبا", "بالعالم", "١٢٣", "漢字かな", "กรุงเทพมหานคร", "हिन्दी", "ﷺ",
            "\u{A0}", "\u{200B}", "\u{AD}", "\u{2060}", "\u{FEFF}", "-", "—", "/", "(", ")", ".",
            ",",
            "\u{0}", "\u{1}", "\u{7F}", "\u{FFFD}", "\u{FFFF}", "\u{10FFFF}", "\u{E000}",
            "Supercalifragilisticexpialidocious", "https://example.com/a/very/long/path?with=query",
        ])
        // Not UTF-8: an encoded surrogate half, a lone continuation byte, a
        // truncated sequence and an overlong encoding.
        + [[0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0x80], [0xE2, 0x82], [0xC0, 0xAF], [0xFF]]

    static let fonts: FontCollection? = try? FontCollection.bundled("Inter")
    static let measurer = TextMeasurer()
    /// Tiny caches, so entries are evicted all the time; results must not change.
    static let evictingMeasurer = TextMeasurer(wordCacheCapacity: 16, preparedTextCapacity: 16)

    static let widths: [Double] = [
        1, 0.5, 7, 20, 50, 100, 320, 1000, 1e6, .infinity, 0, -1, .nan, -.infinity, 1e-300,
    ]
    static let sizes: [Double] = [17, 0.1, 1, 9, 13, 40, 1000, 0, -3, .nan, .infinity, 1e300]
    static let spacings: [Double] = [0, 0, 0, 1.5, 4, 0.25, -2, .nan, .infinity, 1e300]

    /// Measures the text the bytes decode to and checks the layout.
    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        guard let fonts else {
            throw FuzzViolation(
                target: "text", message: "bundled font Inter did not load", input: "")
        }
        var input = FuzzInput(bytes)
        var style = TextStyle(fonts: fonts, size: input.pick(sizes))
        style.lineBreakMode = input.pick(LineBreakMode.allCases)
        style.alignment = input.pick(TextAlignment.allCases)
        style.letterSpacing = input.pick(spacings)
        style.lineSpacing = input.pick(spacings)
        style.lineHeightMultiple = input.pick(spacings)
        style.paragraphSpacing = input.pick(spacings)
        style.minimumLineHeight = input.pick(spacings)
        style.maximumLineHeight = input.pick(spacings)
        let width = input.pick(widths)
        let numberOfLines = input.pick([0, 0, 1, 2, 3, 7, -1])
        let text = input.text(tokens: tokens, maximumLength: 1 << 14)

        let layout: TextLayout
        do {
            layout = try measurer.layout(
                text, style: style, width: width, numberOfLines: numberOfLines)
        } catch {
            guard case .invalidParameter(_, let value, _) = error else {
                throw FuzzViolation(
                    target: "text", message: "unexpected error \(error)", input: text)
            }
            try _require(
                !value.isFinite || value <= 0 || abs(value) > 1000 || numberOfLines < 0
                    || style.lineHeightMultiple < 0, "text",
                "rejected the finite positive \(value): \(error)", input: text)
            _ = error.description
            return .rejected
        }
        // Sizes and spacings above TextStyle.maximumPoints (1e6) are refused
        // above, so an accepted style never overflows to an infinite height.
        try check(
            layout, text: text, numberOfLines: numberOfLines, letterSpacing: style.letterSpacing,
            allowsInfinity: false)
        let again = try? evictingMeasurer.layout(
            text, style: style, width: width, numberOfLines: numberOfLines)
        if again != layout {
            let fresh = try? TextMeasurer(wordCacheCapacity: 16, preparedTextCapacity: 16).layout(
                text, style: style, width: width, numberOfLines: numberOfLines)
            let wrong = fresh == layout ? "the evicting measurer" : "both"
            throw FuzzViolation(
                target: "text",
                message:
                    "layouts differ with the cache state; \(wrong) disagrees with a fresh measurer\n"
                    + "  shared:   \(_summary(layout))\n  evicting: \(again.map(_summary) ?? "error")\n"
                    + "  fresh:    \(fresh.map(_summary) ?? "error")\n  style: size \(style.size), letter spacing "
                    + "\(style.letterSpacing), mode \(style.lineBreakMode), width \(width), lines \(numberOfLines)",
                input: text)
        }

        let fits = try? measurer.sizeThatFits(
            text, style: style, size: Size(width: width, height: 0), numberOfLines: numberOfLines,
            scale: 3)
        if let fits {
            // Worked out without line fragments, but from the same lines and
            // heights: exactly the layout's size on the pixel grid.
            try _require(
                fits.width == PixelGrid.ceil(layout.size.width, scale: 3)
                    && fits.height == PixelGrid.ceil(layout.size.height, scale: 3), "text",
                "sizeThatFits \(fits.width)×\(fits.height) for layout size "
                    + "\(layout.size.width)×\(layout.size.height)",
                input: text)
        }
        _ = try? measurer.boundingRect(
            text, with: Size(width: width, height: input.pick(widths)),
            options: [.usesLineFragmentOrigin],
            style: style)
        return .accepted
    }

    /// Size and line ranges and widths, for messages.
    static func _summary(_ layout: TextLayout) -> String {
        "\(layout.size.width)×\(layout.size.height), "
            + layout.lines.map { "\($0.range.lowerBound)..<\($0.range.upperBound) w\($0.width)" }
            .joined(separator: ", ")
    }

    /// The shape every layout must have.
    ///
    /// A line's width may be negative only with negative letter spacing: a line
    /// holding just a zero-width control then measures one (negative) spacing;
    /// or where `negativeWidths` allows it (a font whose kerning outweighs its
    /// advances).
    static func check(
        _ layout: TextLayout, text: String, numberOfLines: Int, letterSpacing: Double,
        allowsInfinity: Bool, negativeWidths: Bool = false
    ) throws(FuzzViolation) {
        func usable(_ value: Double) -> Bool { value.isFinite || (allowsInfinity && !value.isNaN) }
        let size = layout.size
        try _require(
            usable(size.width) && usable(size.height) && size.width >= 0 && size.height >= 0,
            "text",
            "size \(size.width)×\(size.height)", input: text)
        if numberOfLines > 0 {
            try _require(
                layout.lineCount <= numberOfLines, "text",
                "\(layout.lineCount) lines, limit \(numberOfLines)",
                input: text)
        }
        try _require(
            text.isEmpty || layout.lineCount > 0, "text", "no lines for a non-empty text",
            input: text)
        let utf8Count = text.utf8.count
        var previousStart = 0
        for (number, line) in layout.lines.enumerated() {
            try _require(
                line.range.lowerBound >= 0 && line.range.upperBound <= utf8Count
                    && line.range.lowerBound >= previousStart, "text",
                "line \(number) range \(line.range) (text has \(utf8Count) bytes, previous line starts at \(previousStart))",
                input: text)
            previousStart = line.range.lowerBound
            try _require(
                usable(line.width) && (line.width >= 0 || letterSpacing < 0 || negativeWidths)
                    && usable(line.height)
                    && usable(line.origin.x) && usable(line.origin.y) && usable(line.baseline),
                "text",
                "line \(number): width \(line.width), height \(line.height), origin (\(line.origin.x), \(line.origin.y))",
                input: text)
        }
        try _require(
            usable(layout.firstBaseline) && usable(layout.lastBaseline), "text",
            "baselines \(layout.firstBaseline), \(layout.lastBaseline)", input: text)
    }
}
