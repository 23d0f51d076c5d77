// Fuzz body for data rows of any keys (`JSONRowLoader`) and their key-path
// reads: any bytes load to rows or throw a `DataFileError` naming a line
// (and a column inside it); every read of a loaded row answers without
// crashing, and agrees with a naive walk of the same row.

import Foundation
import TrellisCells
import TrellisData
import TrellisSamples
import TrellisTemplateFiles

enum JSONRowFuzz {
    static let tokens = _utf8([
        "{", "}", "[", "]", ":", ",", "\"", " ", "\t", "\n", "\r\n", "\\", "\\u", "d800", "0041",
        "\"author\":", "\"name\":", "\"photo\":", "\"counts\":", "\"like\":", "\"0\":", "\"a.b\":",
        "\"Ana\"", "\"\"", "[40, 30]", "[0, 1]", "[1e400, 2]", "[-1, 2]", "[1, 2, 3]", "0", "12",
        "-0",
        "1.5", "1e21", "1e400", "true", "false", "null", "é", "👍🏽", "\u{202E}", "\u{0}",
    ])

    static let seeds = [
        "{\"author\": {\"name\": \"Ana\", \"handle\": \"@ana\"}, \"counts\": {\"like\": 12}, \"photo\": [400, 300]}\n",
        "{\"author\": \"Ana\", \"tags\": [\"a\", {\"b\": null}], \"n\": 1.5}\r\n\n{}\n",
    ]

    static let paths = [
        "author", "author.name", "author.handle", "counts.like", "photo", "photo.0", "photo.1",
        "tags.1.b",
        "n", "0", "a.b", "missing", "author.name.first",
    ].compactMap(JSONKeyPath.init)

    /// A naive lookup: walks `components` one at a time.
    static func naive(_ row: JSONRow, _ components: [String]) -> JSONValue? {
        var current: JSONValue = .object(row.fields)
        for key in components {
            if case .object(let members) = current, let next = members[key] {
                current = next
            } else if case .array(let items) = current, let index = Int(key), index >= 0,
                index < items.count
            {
                current = items[index]
            } else {
                return nil
            }
        }
        return current
    }

    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        let raw = input.byte() & 1 == 0
        let data =
            raw
            ? Data(bytes.dropFirst()) : Data(input.text(tokens: tokens, maximumLength: 4096).utf8)
        let shown = String(decoding: data, as: UTF8.self)
        let lineCount = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .count
        let rows: [JSONRow]
        do {
            rows = try JSONRowLoader.parse(data, file: "fuzz.jsonl")
        } catch {
            guard let line = error.line else {
                throw FuzzViolation(
                    target: "rows", message: "error without a line: \(error)", input: shown)
            }
            try _require(
                (1...max(1, lineCount)).contains(line), "rows",
                "error line \(line) outside 1...\(lineCount)", input: shown)
            if let column = error.column {
                try _require(column >= 1, "rows", "column \(column) in \(error)", input: shown)
            }
            return .rejected
        }
        try _require(
            rows.count <= lineCount, "rows", "\(rows.count) rows from \(lineCount) lines",
            input: shown)
        for row in rows {
            for path in paths {
                let expected = naive(row, path.components)
                switch row.lookup(path) {
                case .found(let value):
                    try _require(
                        expected == value, "rows",
                        "lookup \(path) found \(value), naive \(String(describing: expected))",
                        input: shown)
                case .missing, .notAContainer:
                    try _require(
                        expected == nil || expected == .null, "rows",
                        "lookup \(path) missed \(String(describing: expected))", input: shown)
                }
                if case .string(let text)? = expected {
                    try _require(
                        (try? row.text(at: path)) == text, "rows", "text at \(path) is not \(text)",
                        input: shown)
                }
                if let size = try? row.size(at: path) {
                    try _require(
                        size.width.isFinite && size.height.isFinite && size.width > 0
                            && size.height > 0, "rows",
                        "size \(size) at \(path) accepted", input: shown)
                }
                _ = row.isEmpty(at: path)
            }
        }
        return .accepted
    }
}
