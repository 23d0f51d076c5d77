// The one JSON writer: keys in the order given (reports, records and
// snapshots print theirs in a fixed, documented order, which Foundation's
// serializers do not guarantee), one number format, one string escaping.

/// A JSON value to write, members in order.
///
///     JSON.object([("width", .number(375)), ("height", .number(44.3333))])
///         .serialized(pretty: false)
///     // {"width":375,"height":44.333}
public enum JSON: Sendable {
    /// A measurement, written to thousandths of its unit (`44.333`): timings,
    /// sizes in points. Not finite: `null`.
    case number(Double)
    /// A number written exactly (the shortest text that reads back the
    /// same): values from data files. Not finite: `null`.
    case exact(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case array([JSON])
    case object([(String, JSON)])
    case null

    /// How `serialized(_:)` lays the text out.
    public enum Style: Sendable {
        /// One member or element a line, two spaces of indentation a level,
        /// `": "` after keys.
        case pretty
        /// As `pretty`, but an array of numbers on one line (`[0, 0, 375, 44]`).
        case prettyNumberArrays
        /// One line, no spaces: `{"a":1,"b":[1,2]}`.
        case compact
        /// One line, a space after each comma and colon: `{"a": 1, "b": [1, 2]}`.
        case line
    }

    /// Serialized text, pretty (`Style.pretty`) or compact (`Style.compact`).
    public func serialized(indent: Int = 0, pretty: Bool = true) -> String {
        var text = ""
        write(to: &text, style: pretty ? .pretty : .compact, indent: indent)
        return text
    }

    /// Serialized text in `style`.
    public func serialized(_ style: Style) -> String {
        var text = ""
        write(to: &text, style: style, indent: 0)
        return text
    }

    /// The value of a data file's JSON (`JSONValue`): numbers exact, object
    /// members sorted by key so the text is stable.
    public init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .exact(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSON.init))
        case .object(let members):
            self = .object(members.sorted { $0.key < $1.key }.map { ($0.key, JSON($0.value)) })
        }
    }

    /// The one number format: whole numbers below 10^15 without a fraction
    /// (`12`, `-3`), others in Swift's shortest form that reads back the same
    /// (`1.5`, `0.1`, `1e+21`). The writer writes `null` for a number that
    /// is not finite; this function gives Swift's `nan`/`inf` for it.
    public static func numberText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A JSON string literal: quotes, backslashes and control characters
    /// escaped (`\n`, `\r`, `\t`, else `\u00XX`), and U+2028/U+2029, valid
    /// JSON that ends a line in JavaScript; everything else (emoji, CJK,
    /// Arabic) as is.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let s where s.value < 0x20 || s.value == 0x2028 || s.value == 0x2029:
                let hex = String(s.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private var isNumber: Bool {
        switch self {
        case .number, .exact, .integer: return true
        default: return false
        }
    }

    private func write(to text: inout String, style: Style, indent: Int) {
        switch self {
        case .number(let value):
            guard value.isFinite else { return text += "null" }
            text += JSON.numberText((value * 1000).rounded() / 1000)
        case .exact(let value):
            text += value.isFinite ? JSON.numberText(value) : "null"
        case .integer(let value): text += String(value)
        case .string(let value): text += JSON.quoted(value)
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        case .array(let values):
            if values.isEmpty { return text += "[]" }
            let inline = style == .prettyNumberArrays && values.allSatisfy(\.isNumber)
            writeContainer(
                values, open: "[", close: "]", to: &text, style: inline ? .line : style,
                indent: indent
            ) { value, text, style, indent in
                value.write(to: &text, style: style, indent: indent)
            }
        case .object(let fields):
            if fields.isEmpty { return text += "{}" }
            let colon = style == .compact ? ":" : ": "
            writeContainer(fields, open: "{", close: "}", to: &text, style: style, indent: indent) {
                field, text, style, indent in
                text += JSON.quoted(field.0) + colon
                field.1.write(to: &text, style: style, indent: indent)
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, to text: inout String, style: Style,
        indent: Int, _ element: (Element, inout String, Style, Int) -> Void
    ) {
        let pretty = style == .pretty || style == .prettyNumberArrays
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let separator = pretty ? ",\n" : style == .line ? ", " : ","
        text += pretty ? open + "\n" : open
        for (index, value) in elements.enumerated() {
            if index > 0 { text += separator }
            text += pad
            element(value, &text, style, indent + 1)
        }
        if pretty { text += "\n" + String(repeating: "  ", count: indent) }
        text += close
    }
}
