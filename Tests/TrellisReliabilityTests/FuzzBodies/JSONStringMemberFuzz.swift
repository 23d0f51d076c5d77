// Fuzz body for `JSONDocumentParser.stringMember(_:in:)`, the reader of
// `trellis measure`'s lines: on any bytes, an answer must be what the full
// parser reads (an object whose one member is that string); a line it
// declines is left to the parser, so only its answers are checked.

import TrellisData

enum JSONStringMemberFuzz {
    static let tokens = _utf8([
        "{", "}", "\"", ":", ",", " ", "\t", "\n", "\r", "\\", "\\\"", "\\u00e9", "\\n",
        "\\/", "\\b", "\\u597D", "\\ud83d", "\\udc4d", "\\uD83D\\uDC4D", "\\u0000", "\\u00",
        "\"subtitle\"", "\"subtitle\":", "\"title\"", "subtitle", "\"x\": 1", "[", "]", "null",
        "Fox", "é", "Привет", "你好", "👍🏽", "\u{0}", "\u{1F}", "\u{7F}", "\u{FEFF}", "\u{2028}",
    ])

    /// Valid lines the fuzzer starts from.
    static let seeds = [
        "{\"subtitle\": \"Глупость не только позволяет нам ошибаться\"}",
        " {\t\"subtitle\"\r:\"行以告。夫子怃然曰\" } ",
        "{\"subtitle\": \"a\\\"b\"}",
        "{\"subtitle\": \"\\u884c\\u4ee5 \\ud83d\\udc4d\"}",
        "{\"subtitle\": \"x\", \"title\": \"y\"}",
    ]

    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        let line: [UInt8]
        if input.byte() & 1 == 0 {
            line = Array(bytes.dropFirst())
        } else {
            line = Array(input.text(tokens: tokens, maximumLength: 4096).utf8)
        }
        let shown = String(decoding: line, as: UTF8.self)
        let fast = line.withUnsafeBufferPointer {
            JSONDocumentParser.stringMember("subtitle", in: $0)
        }
        guard let fast else { return .rejected }
        guard let text = String(validating: line, as: UTF8.self) else {
            throw FuzzViolation(
                target: "jsonmember",
                message: "answered \(fast.debugDescription) for invalid UTF-8",
                input: shown)
        }
        let node: JSONNode
        do {
            node = try JSONDocumentParser.parse(text)
        } catch {
            throw FuzzViolation(
                target: "jsonmember",
                message: "answered \(fast.debugDescription), the parser refuses: \(error)",
                input: shown)
        }
        guard case .object(let members, _) = node, members.count == 1,
            case .string(let value, _)? = node["subtitle"], value == fast
        else {
            throw FuzzViolation(
                target: "jsonmember",
                message: "answered \(fast.debugDescription), the parser reads \(node)",
                input: shown)
        }
        return .accepted
    }
}
