// What the readers of JSON files (template files, compositional layout
// files) share: reading the document, and typed access to its values with
// errors at each value's position.

import FoundationEssentials

/// A reader of one JSON file's values: conform with the file's name, and
/// read values with typed accessors whose errors name the file and the
/// value's line and column (`cell.json:14:9: "size" must be a number, not
/// a string`).
public protocol JSONFileReader {
    /// The name errors use for the source (a path, `<template>`).
    var file: String { get }
}

extension JSONFileReader {
    /// The text of the JSON file at `path`.
    /// - Throws: for a missing or unreadable file, or one that is not UTF-8.
    public static func text(ofFile path: String) throws(SourceError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SourceError(file: path, position: nil, message: "no such file or not readable")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SourceError(file: path, position: nil, message: "not UTF-8 text")
        }
        return text
    }

    /// `text` parsed; a syntax error is thrown at its position in `file`.
    /// - Complexity: O(length of the text).
    public func document(_ text: String) throws(SourceError) -> JSONNode {
        do {
            return try JSONDocumentParser.parse(text)
        } catch {
            throw SourceError(file: file, position: error.position, message: error.message)
        }
    }

    /// An error at `node`'s position.
    public func fail(_ node: JSONNode, _ message: String) -> SourceError {
        SourceError(file: file, position: node.position, message: message)
    }

    /// `node` as a string (`key` names it in the error).
    public func string(_ node: JSONNode, _ key: String) throws(SourceError) -> String {
        guard case .string(let value, _) = node else {
            throw fail(node, "\"\(key)\" must be a string, not \(node.kindName)")
        }
        return value
    }

    /// `node` as a finite number (`key` names it in the error).
    public func number(_ node: JSONNode, _ key: String) throws(SourceError) -> Double {
        guard case .number(let value, _) = node else {
            throw fail(node, "\"\(key)\" must be a number, not \(node.kindName)")
        }
        guard value.isFinite else { throw fail(node, "\"\(key)\" must be finite") }
        return value
    }

    /// `node` as one of an enumeration's names (its raw values), with the
    /// names listed in the error: `unknown axis "diagonal" (expected
    /// horizontal, vertical)`.
    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ node: JSONNode, _ key: String, _ type: Choice.Type
    ) throws(SourceError) -> Choice where Choice.RawValue == String {
        let name = try string(node, key)
        guard let value = Choice(rawValue: name) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(node, "unknown \(key) \"\(name)\" (expected \(names))")
        }
        return value
    }

    /// `node` as an array (`key` names it in the error).
    public func array(_ node: JSONNode, _ key: String) throws(SourceError) -> [JSONNode] {
        guard case .array(let items, _) = node else {
            throw fail(node, "\"\(key)\" must be an array, not \(node.kindName)")
        }
        return items
    }
}
