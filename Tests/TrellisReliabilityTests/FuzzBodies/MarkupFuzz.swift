// Fuzz body for Pango-style markup (`AttributedText(markup:base:)`): tags,
// attributes and entities, well and badly formed, among hostile text. Markup
// that parses gives exactly the text a naive reading gives (tags dropped,
// entities decoded), runs that cover it, and a well-formed layout that does
// not depend on the caches; markup that does not parse is refused with a
// byte offset inside it, an unknown family or a bad number, and nothing else.

import TrellisGeometry
import TrellisText

enum MarkupFuzz {
    static let tokens: [[UInt8]] =
        _utf8([
            "<b>", "</b>", "<i>", "</i>", "<span>", "</span>", "<span weight=\"bold\">",
            "<span weight='600'>", "<span size=\"20pt\">", "<span size=\"13.5pt\">",
            "<span size=\"0pt\">", "<span size=\"1e9pt\">", "<span size='20480'>",
            "<span letter_spacing=\"1024\">", "<span rise=\"3072\">", "<span rise='-2048'>",
            "<span font_family=\"Roboto\">", "<span face='Inter' weight='medium'>",
            "<span font_family=\"Nowhere\">", "<span weight=\"950\">", "<span colour=\"red\">",
            "<span size=20pt>", "<span size=\"", "<u>", "</i>", "<", ">", "</", "< b>", "<b >",
            "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#65;", "&#x1F600;", "&#0;", "&#xD800;",
            "&#1114112;", "&nbsp;", "&", ";", "&amp", "a", "word", " ", "\n", "\t", "\u{2028}",
            "שלום", "مرحبا", "漢字", "ไทย", "👍🏽", "👩‍👩‍👧‍👦", "e\u{301}", "\u{200D}", "\u{202E}",
            "Supercalifragilisticexpialidocious",
        ])
        + [[0xED, 0xA0, 0x80], [0x80], [0xE2, 0x82], [0xFF]]

    static let seeds = [
        "<b>Ada</b> replied: <span size=\"13pt\">on my way</span> &amp; more",
        "<span font_family=\"Roboto\" weight=\"medium\" rise=\"3072\">R</span><i>x</i>",
    ]

    static let base: TextStyle? = (try? FontCollection.bundled("Inter")).map {
        TextStyle(fonts: $0, size: 17)
    }
    static let measurer = TextMeasurer()
    static let evictingMeasurer = TextMeasurer(wordCacheCapacity: 16, preparedTextCapacity: 16)
    static let widths: [Double] = [1, 7, 50, 120, 287, 500, .infinity]

    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        guard let base else {
            throw FuzzViolation(
                target: "markup", message: "bundled font Inter did not load", input: "")
        }
        var input = FuzzInput(bytes)
        let width = input.pick(widths)
        let numberOfLines = input.pick([0, 0, 1, 2, 5])
        let markup = input.text(tokens: tokens, maximumLength: 1 << 12)

        let text: AttributedText
        do {
            text = try AttributedText(markup: markup, base: base)
        } catch {
            switch error {
            case .malformedMarkup(let position, let reason):
                try _checkPosition(position, in: markup, target: "markup", message: reason)
                try _require(
                    !reason.isEmpty, "markup", "malformed markup without a reason", input: markup)
            case .unknownFamily, .invalidParameter:
                break
            default:
                throw FuzzViolation(
                    target: "markup", message: "unexpected error \(error)", input: markup)
            }
            _ = error.description
            return .rejected
        }
        // The naive reading: the text the markup shows.
        guard let expected = naiveText(markup) else {
            throw FuzzViolation(
                target: "markup", message: "parsed although a tag or entity is not closed",
                input: markup)
        }
        try _require(
            text.string == expected, "markup",
            "text \(text.string.debugDescription), naive reading \(expected.debugDescription)",
            input: markup)
        // Runs tile the text (an empty text has one empty run).
        var next = 0
        for run in text.runs {
            try _require(
                run.range.lowerBound == next
                    && (run.range.upperBound > run.range.lowerBound || text.runs.count == 1),
                "markup",
                "runs \(text.runs.map(\.range)) do not tile \(text.string.utf8.count) bytes",
                input: markup)
            next = run.range.upperBound
        }
        try _require(
            next == text.string.utf8.count, "markup",
            "runs end at \(next) of \(text.string.utf8.count) bytes", input: markup)

        let layout: TextLayout
        do {
            layout = try measurer.layout(
                text, style: base, width: width, numberOfLines: numberOfLines)
        } catch {
            // Only more than 32 distinct fonts, sizes and offsets are refused.
            guard case .invalidParameter = error else {
                throw FuzzViolation(
                    target: "markup", message: "layout failed: \(error)", input: markup)
            }
            return .rejected
        }
        try TextMeasurementFuzz.check(
            layout, text: text.string, numberOfLines: numberOfLines, letterSpacing: 0,
            allowsInfinity: false)
        let again = try? evictingMeasurer.layout(
            text, style: base, width: width, numberOfLines: numberOfLines)
        try _require(
            again == layout, "markup",
            "layouts differ with the cache state: \(TextMeasurementFuzz._summary(layout)) against "
                + "\(again.map(TextMeasurementFuzz._summary) ?? "error")", input: markup)
        return .accepted
    }

    /// The markup without its tags, entities decoded; nil when a tag or
    /// entity is left open or an entity is unknown. Read scalar by scalar,
    /// as the parser reads bytes (a combining mark after ">" is text).
    static func naiveText(_ markup: String) -> String? {
        var output = String.UnicodeScalarView()
        var rest = Substring(markup).unicodeScalars
        while let first = rest.first {
            if first == "<" {
                guard let close = rest.firstIndex(of: ">") else { return nil }
                rest = rest[rest.index(after: close)...]
            } else if first == "&" {
                guard let semicolon = rest.prefix(12).firstIndex(of: ";") else { return nil }
                let name = String(rest[rest.index(after: rest.startIndex)..<semicolon])
                let named: [String: Unicode.Scalar] = [
                    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
                ]
                if let value = named[name] {
                    output.append(value)
                } else if name.hasPrefix("#") {
                    let digits = name.dropFirst()
                    let hex = digits.hasPrefix("x") || digits.hasPrefix("X")
                    guard let value = hex ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits),
                        let scalar = Unicode.Scalar(value)
                    else { return nil }
                    output.append(scalar)
                } else {
                    return nil
                }
                rest = rest[rest.index(after: semicolon)...]
            } else {
                output.append(first)
                rest = rest.dropFirst()
            }
        }
        return String(output)
    }
}
