// A small JSON reader that remembers where each value starts, so template
// file errors can name the line and column ("cell.json:14:9: …"), which
// Foundation's JSONSerialization cannot.

/// A parsed JSON value with the position of its first character.
public enum JSONNode: Sendable {
    case null(SourcePosition)
    case bool(Bool, SourcePosition)
    case number(Double, SourcePosition)
    case string(String, SourcePosition)
    case array([JSONNode], SourcePosition)
    /// Members in file order (duplicate keys are rejected while parsing).
    case object([(key: String, value: JSONNode)], SourcePosition)

    public var position: SourcePosition {
        switch self {
        case .null(let p), .bool(_, let p), .number(_, let p), .string(_, let p), .array(_, let p),
            .object(_, let p):
            return p
        }
    }

    /// The member with this key, when the node is an object.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The node's kind.
    public var kind: JSONKind {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// A short name of the node's kind for error messages ("a string").
    public var kindName: String { kind.name }
}

/// The six kinds of JSON value, named once for every message that says
/// what a value is (`JSONNode.kindName`, `JSONValue.kindName`).
public enum JSONKind: Sendable, CaseIterable {
    case null, bool, number, string, array, object

    /// The kind as messages name it: "null", "a boolean", "a number",
    /// "a string", "an array", "an object".
    public var name: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON syntax error at a position.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    public var position: SourcePosition
    public var message: String

    public var description: String { "\(position): \(message)" }
}

/// Parses JSON text (RFC 8259) into `JSONNode`s.
///
/// - Complexity: O(n) in the length of the text; nesting is limited to 512
///   levels so hostile input cannot exhaust the stack.
public struct JSONDocumentParser {
    /// The text's UTF-8, read in place (valid only during `parse`).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// Columns are counted up to this byte of the current line (`countedColumn`
    /// is the column there), so each value's position costs the bytes since
    /// the last one rather than a scan from the start of its line.
    private var counted = 0
    private var countedColumn = 1
    private static let maximumDepth = 512
    /// Objects with more members than this check duplicate keys with a set.
    private static let linearKeyCheckLimit = 16

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(text, as: _NodeBuilder.self)
    }

    /// The text's value without positions (`JSONValue(parse(text))`, made
    /// without the nodes: a row of JSON Lines needs no position but an
    /// error's). The same values and the same errors, at the same
    /// positions, as `parse`.
    public static func parseValue(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(text, as: _ValueBuilder.self)
    }

    private static func parse<Builder: _JSONBuilder>(_ text: String, as builder: Builder.Type)
        throws(JSONSyntaxError) -> Builder.Value
    {
        var text = text
        // The string's own UTF-8 storage (no copy when it is native).
        let result = text.withUTF8 { bytes in
            Result { () throws(JSONSyntaxError) -> Builder.Value in
                var parser = JSONDocumentParser(bytes: bytes)
                parser.skipWhitespace()
                let node = try parser.value(Builder.self)
                parser.skipWhitespace()
                if parser.index < parser.bytes.count {
                    throw parser.error("unexpected text after the JSON value")
                }
                return node
            }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var position: SourcePosition {
        // Columns count characters, not bytes: count UTF-8 lead bytes.
        SourcePosition(
            line: line, column: 1 + _characterStarts(bytes, from: lineStart, to: index))
    }

    /// `position`, counting columns on from the previous call.
    private mutating func currentPosition() -> SourcePosition {
        if counted < lineStart {
            counted = lineStart
            countedColumn = 1
        }
        countedColumn += _characterStarts(bytes, from: counted, to: index)
        counted = index
        return SourcePosition(line: line, column: countedColumn)
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(position: position, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    /// The value at `index`, made by `Builder` (its position worked out
    /// only when the builder keeps positions).
    private mutating func value<Builder: _JSONBuilder>(_: Builder.Type) throws(JSONSyntaxError)
        -> Builder.Value
    {
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        let start = Builder.keepsPositions ? currentPosition() : SourcePosition(line: 0, column: 0)
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(start, Builder.self)
        case UInt8(ascii: "["): return try array(start, Builder.self)
        case UInt8(ascii: "\""): return Builder.string(try string(), start)
        case UInt8(ascii: "t"): try literal("true"); return Builder.bool(true, start)
        case UInt8(ascii: "f"): try literal("false"); return Builder.bool(false, start)
        case UInt8(ascii: "n"): try literal("null"); return Builder.null(start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return Builder.number(try number(), start)
        default: throw error("unexpected character, expected a value")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                throw error("expected '\(word)'")
            }
            index += 1
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func object<Builder: _JSONBuilder>(
        _ start: SourcePosition, _: Builder.Type
    ) throws(JSONSyntaxError) -> Builder.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: Builder.Value)] = []
        members.reserveCapacity(8)
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return Builder.object(members, start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in quotes")
            }
            // (The key's position is worked out for its error only: a
            // string holds no line feed, so its line is the current one.)
            let keyIndex = index
            let key = try string()
            let duplicate: Bool
            if members.count < Self.linearKeyCheckLimit {
                duplicate = members.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(members.lazy.map(\.key)) }
                duplicate = !keys.insert(key).inserted
            }
            if duplicate {
                throw JSONSyntaxError(
                    position: SourcePosition(
                        line: line,
                        column: 1 + _characterStarts(bytes, from: lineStart, to: keyIndex)),
                    message: "duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key")
            }
            index += 1
            skipWhitespace()
            members.append((key, try value(Builder.self)))
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of file, expected ',' or '}'")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return Builder.object(members, start)
        }
    }

    private mutating func array<Builder: _JSONBuilder>(
        _ start: SourcePosition, _: Builder.Type
    ) throws(JSONSyntaxError) -> Builder.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [Builder.Value] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return Builder.array(elements, start)
        }
        while true {
            skipWhitespace()
            elements.append(try value(Builder.self))
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of file, expected ',' or ']'")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return Builder.array(elements, start)
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        // A string with escapes is gathered as UTF-8 and made a String once
        // (appending to a String's scalars cost about 11,000 instructions a
        // string of prose).
        var utf8: [UInt8] = []
        var escaped = false
        var runStart = index
        func flush(_ end: Int) {
            if end > runStart { utf8.append(contentsOf: bytes[runStart..<end]) }
        }
        func append(_ scalar: Unicode.Scalar) {
            UTF8.encode(scalar) { utf8.append($0) }
        }
        // Whether a byte of the string's plain runs is not ASCII.
        var nonASCII = false
        while index < bytes.count {
            // Skip the plain bytes of the run (`_jsonPlainEnd`: 16 at a time,
            // into a local; the stored index was loaded and stored every
            // byte, about 21 instructions a byte of comment rows, 2026-12-05).
            var end = index
            if let base = bytes.baseAddress {
                end = _jsonPlainEnd(base, from: index, count: bytes.count, nonASCII: &nonASCII)
            }
            index = end
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if !escaped {
                    // No escape: the bytes are the string, well-formed (the
                    // text is valid UTF-8 and a quote ends no sequence but
                    // its own), copied without checking them again (the
                    // repairing decoder read them a byte at a time).
                    let span = UnsafeBufferPointer(rebasing: bytes[runStart..<index]).span
                    let text = String(
                        copying: UTF8Span(
                            unchecked: span, isKnownASCII: !nonASCII))
                    index += 1
                    return text
                }
                flush(index)
                index += 1
                // (Well-formed: the plain runs' bytes and encoded scalars;
                // the standard library's repairing decoder is never needed.)
                return utf8.withUnsafeBufferPointer {
                    _validatedString($0.span) ?? String(decoding: $0, as: UTF8.self)
                }
            }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            flush(index)
            escaped = true
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw error("unpaired surrogate \\u\(String(code, radix: 16))") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw error("unpaired surrogate \\u\(String(code, radix: 16))")
                    }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(code) {
                    throw error("unpaired surrogate \\u\(String(code, radix: 16))")
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                append(scalar)
            default:
                index -= 1
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
            runStart = index
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("expected 4 hex digits after \\u") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"):
                digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected 4 hex digits after \\u")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let first = index
            while index < bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            { index += 1 }
            return index - first
        }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("expected digits") }
        if bytes[integerStart] == UInt8(ascii: "0"), integerDigits > 1 {
            throw error("leading zeros are not allowed")
        }
        // An integer of up to 15 digits (ids, counts) is exact in a Double:
        // summed here rather than through a String and strtod.
        if integerDigits <= 15,
            index == bytes.count
                || (bytes[index] != UInt8(ascii: ".") && bytes[index] | 0x20 != UInt8(ascii: "e"))
        {
            var value = 0
            for digit in bytes[integerStart..<index] {
                value = value &* 10 &+ Int(digit &- UInt8(ascii: "0"))
            }
            return bytes[start] == UInt8(ascii: "-") ? -Double(value) : Double(value)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if index < bytes.count,
            bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        {
            index += 1
            if index < bytes.count,
                bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
            {
                index += 1
            }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number out of range: \(text)")
        }
        return value
    }
}

/// The bytes of `bytes[start..<end]` that begin a character (every byte
/// but UTF-8 continuation bytes, 0x80–0xBF), eight at a time: a
/// continuation byte is the one whose top bit is set and whose next bit is
/// not, and a word's count is 8 less the population of those bits. A
/// row of JSON Lines is one line, and every value's position counts its
/// columns on from the last: a byte at a time that was about 11
/// instructions a byte, 4% of `trellis heights` on comment rows
/// (2026-12-05).
@inline(__always)
func _characterStarts(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    guard start < end, let base = bytes.baseAddress else { return 0 }
    let highs: UInt64 = 0x8080_8080_8080_8080
    var count = 0
    var index = start
    while index &+ 8 <= end {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        count &+= 8 &- (word & ~(word << 1) & highs).nonzeroBitCount
        index &+= 8
    }
    while index < end {
        if base[index] & 0xC0 != 0x80 { count &+= 1 }
        index &+= 1
    }
    return count
}
