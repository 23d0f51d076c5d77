// A subset of Pango's markup, so the same string can be measured by Trellis
// and checked against Pango: <b>, <span font_family weight size
// letter_spacing rise>, and the entities &amp; &lt; &gt; &quot; &apos; &#N; &#xN;.
//
// Units are Pango's: `size` in points ("12pt") or in 1024ths of a point;
// `letter_spacing` in 1024ths of a point; `rise` in points ("2pt") or
// 1024ths of a point, positive upwards. (Pango converts a `size` in points
// to pixels at its context's resolution, 96 dpi by default: compare with a
// Pango context at 72 dpi, where a point is a pixel.)

import TrellisGeometry
import TrellisSupport

extension AttributedText {
    /// Parses Pango-style markup into an attributed text. Text outside any
    /// tag has `base`'s font, size and letter spacing; `<b>` selects the
    /// bold weight of the current family, `<span>` sets a family
    /// (`font_family` or `face`: a bundled family, which keeps `base`'s
    /// fallback fonts after it), a `weight` (normal, medium, semibold, bold,
    /// or 400, 500, 600, 700), a `size`, a `letter_spacing` and a `rise`.
    ///
    /// ```swift
    /// let text = try AttributedText(
    ///     markup: "<b>Ada</b> replied: <span size=\"13pt\">on my way</span>",
    ///     base: try TextStyle.preferred(.body))
    /// ```
    /// - Throws: `TextError.malformedMarkup` with the position (line:column) in
    ///   `markup` of what is wrong (an unknown tag or entity, a tag not
    ///   closed or closed out of order, a bad attribute value, `<i>`: no
    ///   italic face is bundled); `unknownFamily` for a family or weight
    ///   that is not bundled (no other weight is put in its place).
    /// - Complexity: O(n) in the length of the markup.
    public init(markup: String, base: TextStyle) throws(TextError) {
        self = try AttributedText._parsing(markup: markup, base: base)
    }

    private static func _parsing(markup: String, base: TextStyle) throws(TextError)
        -> AttributedText
    {
        var parser = _MarkupParser(markup: Array(markup.utf8), base: base)
        try parser.parse()
        var text = AttributedText(
            String(decoding: parser.output, as: UTF8.self), attributes: parser.baseAttributes)
        for run in parser.runs where run.attributes != parser.baseAttributes {
            try text.setAttributes(run.attributes, range: run.range)
        }
        return text
    }
}

/// The state of one parse: the text so far, the runs, and the open tags.
private struct _MarkupParser {
    struct Frame {
        var tag: String
        var family: String
        var weight: FontWeight
        var size: Double
        var letterSpacing: Double
        var rise: Double
    }

    let markup: [UInt8]
    let base: TextStyle
    let baseAttributes: TextAttributes
    var output: [UInt8] = []
    var runs: [AttributedText.Run] = []
    var stack: [Frame]
    var position = 0
    /// Collections made so far, by family and weight.
    var collections: [String: FontCollection] = [:]
    /// The collections of spans, for the whole process, by the base's
    /// collection, family and weight: rows of markup would otherwise build
    /// their bold collection (and rank its system fonts) again for each
    /// row. Emptied when it reaches `sharedLimit`.
    private static let shared = Locked<[_SpanFontsKey: FontCollection]>([:])
    private static let sharedLimit = 256
    private struct _SpanFontsKey: Hashable {
        var base: Int32
        var family: String
        var weight: FontWeight
    }

    init(markup: [UInt8], base: TextStyle) {
        self.markup = markup
        self.base = base
        self.baseAttributes = TextAttributes(base)
        let family = base.fonts.primary?.familyName ?? ""
        stack = [
            Frame(
                tag: "", family: family, weight: _MarkupParser.weight(of: base.fonts.primary),
                size: base.size, letterSpacing: base.letterSpacing, rise: 0)
        ]
    }

    /// The bundled weight whose file `font` is, regular when it is not bundled.
    static func weight(of font: Font?) -> FontWeight {
        guard let font else { return .regular }
        for weight in FontWeight.allCases {
            if let bundled = try? Font(family: font.familyName, weight: weight),
                bundled.path == font.path
            {
                return weight
            }
        }
        return .regular
    }

    func failure(_ offset: Int, _ reason: String) -> TextError {
        TextError.malformedMarkup(
            position: SourcePosition(utf8Offset: offset, in: markup), reason: reason)
    }

    mutating func parse() throws(TextError) {
        var runStart = 0
        var current = baseAttributes
        func closeRun(
            _ parser: inout _MarkupParser, _ start: inout Int, _ attributes: TextAttributes
        ) {
            if parser.output.count > start {
                parser.runs.append(
                    AttributedText.Run(range: start..<parser.output.count, attributes: attributes))
            }
            start = parser.output.count
        }
        while position < markup.count {
            let byte = markup[position]
            if byte == UInt8(ascii: "<") {
                let tagStart = position
                guard let close = markup[position...].firstIndex(of: UInt8(ascii: ">")) else {
                    throw failure(tagStart, "\"<\" without a closing \">\"")
                }
                let body = markup[(position + 1)..<close]
                position = close + 1
                closeRun(&self, &runStart, current)
                if body.first == UInt8(ascii: "/") {
                    let name = _MarkupParser.trimmed(body.dropFirst())
                    guard stack.count > 1, stack[stack.count - 1].tag == name else {
                        throw failure(
                            tagStart,
                            stack.count > 1
                                ? "</\(name)> closes <\(stack[stack.count - 1].tag)>"
                                : "</\(name)> closes no open tag")
                    }
                    stack.removeLast()
                } else {
                    stack.append(try frame(for: body, at: tagStart))
                }
                current = try attributes(of: stack[stack.count - 1], at: tagStart)
            } else if byte == UInt8(ascii: "&") {
                let entityStart = position
                guard let end = markup[position...].prefix(12).firstIndex(of: UInt8(ascii: ";"))
                else { throw failure(entityStart, "\"&\" that starts no entity (write &amp;)") }
                let name = String(decoding: markup[(position + 1)..<end], as: UTF8.self)
                guard let scalar = _MarkupParser.entity(name) else {
                    throw failure(entityStart, "unknown entity &\(name);")
                }
                output.append(contentsOf: String(scalar).utf8)
                position = end + 1
            } else {
                output.append(byte)
                position += 1
            }
        }
        closeRun(&self, &runStart, current)
        if stack.count > 1 {
            throw failure(markup.count, "<\(stack[stack.count - 1].tag)> is not closed")
        }
    }

    static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }

    /// XML's whitespace, which separates a tag's name and attributes.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `bytes` without the whitespace around it, as a string.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The frame an opening tag pushes: the current one changed by the tag.
    func frame(for body: ArraySlice<UInt8>, at offset: Int) throws(TextError) -> Frame {
        var frame = stack[stack.count - 1]
        let (name, attributes) = try split(body, at: offset)
        frame.tag = name
        switch name {
        case "b":
            guard attributes.isEmpty else { throw failure(offset, "<b> takes no attributes") }
            frame.weight = .bold
        case "i":
            throw failure(offset, "<i>: no italic face is bundled")
        case "span":
            for (key, value) in attributes {
                switch key {
                case "font_family", "face":
                    frame.family = value
                case "weight":
                    guard let weight = _MarkupParser.weight(named: value) else {
                        throw failure(
                            offset,
                            "weight \"\(value)\": use normal, medium, semibold, bold or 400 to 700")
                    }
                    frame.weight = weight
                case "size":
                    guard let size = _MarkupParser.points(value), size > 0,
                        size <= TextStyle.maximumPoints
                    else { throw failure(offset, "size \"\(value)\": use points, as \"12pt\"") }
                    frame.size = size
                case "letter_spacing":
                    guard let units = Double(value), abs(units) <= TextStyle.maximumPoints * 1024
                    else {
                        throw failure(
                            offset, "letter_spacing \"\(value)\": use 1024ths of a point")
                    }
                    frame.letterSpacing = units / 1024
                case "rise":
                    guard let rise = _MarkupParser.points(value),
                        abs(rise) <= TextStyle.maximumPoints
                    else { throw failure(offset, "rise \"\(value)\": use points, as \"2pt\"") }
                    frame.rise = rise
                default:
                    throw failure(offset, "unsupported span attribute \"\(key)\"")
                }
            }
        default:
            throw failure(offset, "unsupported tag <\(name)>")
        }
        return frame
    }

    /// A tag's name and its attributes (`key="value"` or `key='value'`),
    /// read from its bytes.
    func split(_ body: ArraySlice<UInt8>, at offset: Int) throws(TextError) -> (
        String, [(String, String)]
    ) {
        let end = body.endIndex
        var index = body.startIndex
        func text(_ range: Range<Int>) -> String { String(decoding: body[range], as: UTF8.self) }
        func skipSpaces() { while index < end && _MarkupParser.isSpace(body[index]) { index += 1 } }
        while index < end && !_MarkupParser.isSpace(body[index]) { index += 1 }
        let name = text(body.startIndex..<index)
        guard !name.isEmpty else { throw failure(offset, "a tag without a name") }
        var attributes: [(String, String)] = []
        while true {
            skipSpaces()
            if index == end { break }
            let keyStart = index
            while index < end && body[index] != UInt8(ascii: "=")
                && !_MarkupParser.isSpace(body[index])
            {
                index += 1
            }
            let key = text(keyStart..<index)
            skipSpaces()
            guard index < end, body[index] == UInt8(ascii: "=") else {
                throw failure(offset, "attribute \"\(key)\" without a value")
            }
            index += 1
            skipSpaces()
            guard index < end, body[index] == UInt8(ascii: "\"") || body[index] == UInt8(ascii: "'")
            else { throw failure(offset, "the value of \"\(key)\" is not quoted") }
            let quote = body[index]
            index += 1
            let valueStart = index
            while index < end && body[index] != quote { index += 1 }
            guard index < end else {
                throw failure(offset, "the value of \"\(key)\" is not closed")
            }
            attributes.append((key, text(valueStart..<index)))
            index += 1
        }
        return (name, attributes)
    }

    static func weight(named value: String) -> FontWeight? {
        switch value.lowercased() {
        case "normal", "regular", "400": return .regular
        case "medium", "500": return .medium
        case "semibold", "600": return .semibold
        case "bold", "700": return .bold
        default: return nil
        }
    }

    /// "12pt" → 12; "12288" (1024ths of a point) → 12.
    static func points(_ value: String) -> Double? {
        if value.hasSuffix("pt") {
            return Double(value.dropLast(2)).flatMap { $0.isFinite ? $0 : nil }
        }
        return Double(value).flatMap { $0.isFinite ? $0 / 1024 : nil }
    }

    /// The attributes of a frame: its family at its weight, then the base's fallbacks.
    mutating func attributes(of frame: Frame, at offset: Int) throws(TextError) -> TextAttributes {
        let key = frame.family.lowercased() + "\u{0}" + frame.weight.rawValue
        var fonts: FontCollection
        if stack.count == 1
            || (frame.family == stack[0].family && frame.weight == stack[0].weight)
        {
            fonts = base.fonts
        } else if let known = collections[key] {
            fonts = known
        } else {
            let sharedKey = _SpanFontsKey(
                base: base.fonts.id, family: frame.family.lowercased(), weight: frame.weight)
            if let known = _MarkupParser.shared.withLock({ $0[sharedKey] }) {
                fonts = known
            } else {
                let primary = try Font(family: frame.family, weight: frame.weight)
                fonts = FontCollection([primary] + base.fonts.fonts.dropFirst())
                // Pango ranks the system's fonts for the span's own family and weight.
                if let system = base.fonts.systemFallback {
                    fonts = try fonts.addingSystemFonts(language: system.language)
                }
                let made = fonts
                _MarkupParser.shared.withLock { table in
                    if table.count >= _MarkupParser.sharedLimit { table.removeAll() }
                    table[sharedKey] = made
                }
            }
            collections[key] = fonts
        }
        return TextAttributes(
            fonts: fonts, size: frame.size, letterSpacing: frame.letterSpacing,
            baselineOffset: frame.rise)
    }
}
