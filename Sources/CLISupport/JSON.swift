// A tiny ordered JSON writer: listbench prints its keys in a fixed, documented
// order, which Foundation's serializers do not guarantee.

public enum JSON {
    case number(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case array([JSON])
    case object([(String, JSON)])
    case null

    /// Serialized text; non-finite numbers become null (JSON has no NaN).
    public func serialized(indent: Int = 0, pretty: Bool = true) -> String {
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let closePad = pretty ? String(repeating: "  ", count: indent) : ""
        let newline = pretty ? "\n" : ""
        switch self {
        case .number(let value):
            guard value.isFinite else { return "null" }
            let rounded = (value * 1000).rounded() / 1000
            if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
            return String(rounded)
        case .integer(let value):
            return String(value)
        case .string(let value):
            return JSON.quoted(value)
        case .bool(let value):
            return value ? "true" : "false"
        case .null:
            return "null"
        case .array(let values):
            if values.isEmpty { return "[]" }
            let body = values.map { pad + $0.serialized(indent: indent + 1, pretty: pretty) }
            return "[" + newline + body.joined(separator: "," + newline) + newline + closePad + "]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            let separator = pretty ? ": " : ":"
            let body = fields.map {
                pad + JSON.quoted($0.0) + separator
                    + $0.1.serialized(indent: indent + 1, pretty: pretty)
            }
            return "{" + newline + body.joined(separator: "," + newline) + newline + closePad + "}"
        }
    }

    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let s where s.value < 0x20:
                let hex = String(s.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
