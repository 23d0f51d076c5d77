// What `JSONDocumentParser` makes of the values it reads: nodes with their
// positions (template files, whose errors name a value's line and column),
// or plain values (rows of JSON Lines).

/// Makes the parser's values; `keepsPositions` says whether the positions
/// given are worked out (when not, they are 0:0 and dropped).
protocol _JSONBuilder {
    associatedtype Value
    static var keepsPositions: Bool { get }
    static func null(_ position: SourcePosition) -> Value
    static func bool(_ value: Bool, _ position: SourcePosition) -> Value
    static func number(_ value: Double, _ position: SourcePosition) -> Value
    static func string(_ value: String, _ position: SourcePosition) -> Value
    static func array(_ elements: [Value], _ position: SourcePosition) -> Value
    /// Members in file order, no two keys equal (the parser refuses them).
    static func object(_ members: [(key: String, value: Value)], _ position: SourcePosition)
        -> Value
}

/// `JSONNode`s, each with the position of its first character.
enum _NodeBuilder: _JSONBuilder {
    static var keepsPositions: Bool { true }
    static func null(_ position: SourcePosition) -> JSONNode { .null(position) }
    static func bool(_ value: Bool, _ position: SourcePosition) -> JSONNode {
        .bool(value, position)
    }
    static func number(_ value: Double, _ position: SourcePosition) -> JSONNode {
        .number(value, position)
    }
    static func string(_ value: String, _ position: SourcePosition) -> JSONNode {
        .string(value, position)
    }
    static func array(_ elements: [JSONNode], _ position: SourcePosition) -> JSONNode {
        .array(elements, position)
    }
    static func object(_ members: [(key: String, value: JSONNode)], _ position: SourcePosition)
        -> JSONNode
    {
        .object(members, position)
    }
}

/// `JSONValue`s, as `JSONValue.init(_: JSONNode)` makes them of nodes: read
/// straight into values, a row of comment text took about 6,000
/// instructions fewer than through nodes (the nodes' members, their
/// positions counted, then copied into dictionaries and released), 2026-12-05.
enum _ValueBuilder: _JSONBuilder {
    static var keepsPositions: Bool { false }
    static func null(_ position: SourcePosition) -> JSONValue { .null }
    static func bool(_ value: Bool, _ position: SourcePosition) -> JSONValue { .bool(value) }
    static func number(_ value: Double, _ position: SourcePosition) -> JSONValue {
        .number(value)
    }
    static func string(_ value: String, _ position: SourcePosition) -> JSONValue {
        .string(value)
    }
    static func array(_ elements: [JSONValue], _ position: SourcePosition) -> JSONValue {
        .array(elements)
    }
    static func object(_ members: [(key: String, value: JSONValue)], _ position: SourcePosition)
        -> JSONValue
    {
        // (The keys are unique: the parser refused a document with two
        // equal ones. Built in one call, as `JSONValue.init(_:)` builds it,
        // through a lazy map: the labelled members passed as they are were
        // cast to unlabelled pairs first, an array copied a row.)
        .object(
            Dictionary(
                members.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
    }
}
