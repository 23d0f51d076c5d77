// The row type of data files: any JSON object, read by key path
// ("author.name", "counts.like", "photos.0"), as template files bind their
// views to it. Values keep JSON's shape (nested objects and arrays allowed).

import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A JSON value, as a data row holds it. Not `indirect`: a string, a
/// number or a flag sits in its object's or array's storage itself (arrays
/// and objects already keep theirs apart), where an indirect case put
/// every value in a box of its own, one more allocation a value and one
/// more cache line read, and retained, to reach a row's text (10,000 rows
/// of 20 members read for a chat bubble's four fields: 4.8 → 2.4
/// last-level cache misses a row in `swift_retain` in callgrind's
/// simulation, for the stack direct path and the template engine alike).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value's kind.
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

    /// What the value is, for messages ("a string", "an object").
    public var kindName: String { kind.name }

    /// The value from a parsed node (positions dropped; duplicate keys: the last wins, as JSONSerialization).
    public init(_ node: JSONNode) {
        switch node {
        case .null: self = .null
        case .bool(let value, _): self = .bool(value)
        case .number(let value, _): self = .number(value)
        case .string(let value, _): self = .string(value)
        case .array(let items, _): self = .array(items.map(JSONValue.init))
        case .object(let members, _):
            // Built in one call, specialized here (duplicate keys: the last
            // wins): `reserveCapacity` and `init(minimumCapacity:)` ran
            // generic code that looked type metadata up on every object.
            self = .object(
                Dictionary(
                    members.lazy.map { ($0.key, JSONValue($0.value)) },
                    uniquingKeysWith: { _, last in last }))
        }
    }

    /// A number as a label shows it: whole numbers without a fraction
    /// ("12", "-3"), others in the shortest form that reads back the same
    /// ("1.5", "0.1", "1e+21"); the JSON writer's one number format
    /// (`JSON.numberText(_:)`).
    public static func decimalText(_ value: Double) -> String { JSON.numberText(value) }
}

/// A path of keys into a row: `author.name`; a component of digits indexes
/// an array (`photos.0.width`).
public struct JSONKeyPath: Hashable, Sendable, CustomStringConvertible {
    public let components: [String]

    /// Parses `a.b.c`; nil when a component is empty (`a..b`, `.a`, `a.`)
    /// or the path is empty.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !text.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        components = parts
    }

    public var description: String { components.joined(separator: ".") }
}

/// What a key path finds in a row.
public enum JSONLookup: Hashable, Sendable {
    /// The value at the path.
    case found(JSONValue)
    /// A key or index along the path is absent (or the value is null on the way).
    case missing
    /// The path goes through a value that is neither an object nor an
    /// array: `prefix` is the part of the path that reached it.
    case notAContainer(prefix: String, found: String)
}

/// One row of a data file: a JSON object with any keys.
public struct JSONRow: Hashable, Sendable {
    /// The row's members.
    public var fields: [String: JSONValue]
    /// The 1-based line of the file the row came from (nil when built in code).
    public var line: Int?

    public init(_ fields: [String: JSONValue], line: Int? = nil) {
        self.fields = fields
        self.line = line
    }

    /// The value at `path`.
    /// - Complexity: O(path length).
    public func lookup(_ path: JSONKeyPath) -> JSONLookup {
        let components = path.components
        // The first key is read from `fields` itself, not from the row
        // wrapped as `JSONValue.object(fields)` (templates look up several
        // fields a row).
        guard let first = components.first else { return .found(.object(fields)) }
        guard var current = fields[first] else { return .missing }
        for index in components.indices.dropFirst() {
            let key = components[index]
            switch current {
            case .object(let members):
                guard let next = members[key] else { return .missing }
                current = next
            case .array(let items):
                guard let position = Int(key), items.indices.contains(position) else {
                    return .missing
                }
                current = items[position]
            case .null:
                return .missing
            default:
                return .notAContainer(
                    prefix: components[..<index].joined(separator: "."),
                    found: current.kindName)
            }
        }
        return .found(current)
    }

    /// The value at `path`, nil when it is missing or null.
    /// - Throws: when the path goes through a value that is neither an
    ///   object nor an array.
    public func value(at path: JSONKeyPath) throws(JSONRowError) -> JSONValue? {
        switch lookup(path) {
        case .missing, .found(.null): return nil
        case .found(let value): return value
        case .notAContainer(let prefix, let found):
            throw JSONRowError(
                path: path, message: "goes through \"\(prefix)\", which is \(found), not an object")
        }
    }

    /// The string at `path`, nil when it is missing or null: what a typed
    /// row reads from a field that must hold a string.
    /// - Throws: "must be a string, not a number" (and so on) for another
    ///   kind, or a path through a non-container.
    public func string(at path: JSONKeyPath) throws(JSONRowError) -> String? {
        switch try value(at: path) {
        case nil: return nil
        case .string(let text)?: return text
        case let other?:
            throw JSONRowError(path: path, message: "must be a string, not \(other.kindName)")
        }
    }

    /// The text a label bound to `path` shows: a string as it is, a number
    /// as its decimal text, a boolean as `true`/`false`, nothing for a
    /// missing or null value.
    /// - Throws: a message for an array or object (no text), or a path through a non-container.
    public func text(at path: JSONKeyPath) throws(JSONRowError) -> String {
        switch try value(at: path) {
        case nil: return ""
        case .string(let text)?: return text
        case .number(let value)?: return JSON.numberText(value)
        case .bool(let value)?: return value ? "true" : "false"
        case let other?: throw JSONRowError(path: path, message: "is \(other.kindName), not text")
        }
    }

    /// Whether the value at `path` is missing, null, an empty string or an empty array.
    public func isEmpty(at path: JSONKeyPath) -> Bool {
        switch lookup(path) {
        case .missing, .found(.null), .notAContainer: return true
        case .found(.string(let text)): return text.isEmpty
        case .found(.array(let items)): return items.isEmpty
        case .found: return false
        }
    }
}

/// A row whose value at a path is not what a template reads there.
public struct JSONRowError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: JSONKeyPath
    public var message: String

    package init(path: JSONKeyPath, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "field \"\(path)\" \(message)" }
}

/// Reads data files as `JSONRow`s: JSON Lines, one object per non-blank
/// line, any keys, nested objects and arrays allowed. The first bad line
/// stops loading with an error naming its line and column; nothing is
/// returned for a file with a bad line.
public enum JSONRowLoader {
    /// Loads every row of the file at `path`.
    /// - Complexity: O(file size).
    public static func load(path: String) throws(DataFileError) -> [JSONRow] {
        try parse(try DataFileError.contents(of: path), file: path)
    }

    /// Parses JSON Lines held in memory; `file` names the source in errors.
    public static func parse(_ data: Data, file: String = "<input>") throws(DataFileError)
        -> [JSONRow]
    {
        var rows: [JSONRow] = []
        try LineSplitter.forEachNonBlankLine(of: data) { line, number throws(DataFileError) in
            rows.append(try parseLine(line, file: file, line: number))
        }
        return rows
    }

    /// One line of a data file (without its line break) as a row; `line` names it in errors.
    public static func parseLine(_ bytes: some Collection<UInt8>, file: String, line: Int)
        throws(DataFileError) -> JSONRow
    {
        let inPlace = bytes.withContiguousStorageIfAvailable(validatedText)
        guard let text = inPlace ?? String(validating: bytes, as: UTF8.self) else {
            throw DataFileError(file: file, line: line, message: "invalid UTF-8")
        }
        return try parseLine(text: text, file: file, line: line)
    }

    /// `parseLine` of bytes in memory (a line of a batch, say): the same
    /// row or error, without generic code. A caller on many threads at once
    /// uses this one: the generic form runs the standard library's
    /// unspecialized code, whose every call looks type metadata up in the
    /// runtime's tables (six lookups a row, each an atomic add and subtract
    /// on a counter every thread shares).
    public static func parseLine(_ bytes: UnsafeBufferPointer<UInt8>, file: String, line: Int)
        throws(DataFileError) -> JSONRow
    {
        guard let text = validatedText(bytes) else {
            throw DataFileError(file: file, line: line, message: "invalid UTF-8")
        }
        return try parseLine(text: text, file: file, line: line)
    }

    /// The bytes as a string, or nil when they are not UTF-8: checked by
    /// `_utf8Validity` (eight bytes at a time through ASCII and two-byte
    /// sequences, four through runs of three-byte ones) and copied without
    /// a second check (`_validatedString`). Decoding with the standard
    /// library's repairing decoder and comparing its bytes with these, as
    /// this did, read a byte at a time (about 10 instructions a byte of
    /// text beyond ASCII, twice with the parser's strings: 5% of
    /// `trellis heights` on comment rows, 2026-12-05).
    static func validatedText(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        _validatedString(bytes.span)
    }

    /// A line's text (valid UTF-8) as a row.
    private static func parseLine(text: String, file: String, line: Int) throws(DataFileError)
        -> JSONRow
    {
        let value: JSONValue
        do {
            value = try JSONDocumentParser.parseValue(text)
        } catch {
            // A row is one line of the file: the row's line 1 is the file's `line`.
            throw DataFileError(
                file: file,
                position: SourcePosition(line: line, column: error.position.column),
                message: error.message)
        }
        guard case .object(let fields) = value else {
            throw DataFileError(
                file: file, line: line, message: "expected a JSON object, got \(value.kindName)")
        }
        return JSONRow(fields, line: line)
    }
}
