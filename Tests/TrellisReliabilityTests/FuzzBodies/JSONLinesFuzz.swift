// Fuzz body for the JSON Lines loader: any bytes load to rows with usable
// values, or throw a `DataFileError` naming a line of the data.

import Foundation
import TrellisCells
import TrellisData
import TrellisSamples
import TrellisTemplateFiles

enum JSONLinesFuzz {
    static let tokens = _utf8([
        "{", "}", "[", "]", ":", ",", "\"", " ", "\t", "\n", "\r\n", "\r", "\\", "\\u", "d800",
        "dc00", "0041",
        "\"title\":", "\"subtitle\":", "\"image\":", "\"extra\":", "\"Cat\"", "\"\"", "[40, 30]",
        "[0, 1]",
        "[1e400, 2]", "[-1, 2]", "[1, 2, 3]", "0", "1", "-0", "1e400", "nan", "true", "false",
        "null",
        "é", "👍🏽", "\u{202E}", "\u{0}", "\u{FEFF}",
    ])

    /// Valid data the fuzzer starts from (and the suite mutates).
    static let seeds = [
        "{\"title\": \"Cat\", \"subtitle\": \"Purrs\", \"image\": [40, 30]}\n{\"title\": \"Dog\"}\n",
        "{\"subtitle\": \"Only a subtitle\", \"extra\": [1, {\"x\": null}]}\r\n\n  \n{\"title\": \"\\u00e9\"}",
    ]

    /// Loads the bytes (raw or token-built) and checks every row or the error line.
    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        let raw = input.byte() & 1 == 0
        let data: Data
        if raw {
            data = Data(bytes.dropFirst())
        } else {
            data = Data(input.text(tokens: tokens, maximumLength: 8192).utf8)
        }
        let shown = String(decoding: data, as: UTF8.self)
        let lineCount = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .count
        let items: [AnimalItem]
        do {
            items = try JSONLinesLoader.parse(data, file: "fuzz.jsonl")
        } catch {
            guard let line = error.line else {
                throw FuzzViolation(
                    target: "jsonl", message: "error without a line: \(error)", input: shown)
            }
            try _require(
                (1...max(1, lineCount)).contains(line), "jsonl",
                "error line \(line) outside 1...\(lineCount)",
                input: shown)
            return .rejected
        }
        try _require(
            items.count <= lineCount, "jsonl", "\(items.count) rows from \(lineCount) lines",
            input: shown)
        for item in items {
            // Known, reported (bug 7 in docs/reliability.md): `{"title": ""}` loads
            // although the documented rule asks for a title or a subtitle.
            if item.title.isEmpty && item.subtitle.isEmpty { return .skipped }
            if let size = item.imageSize {
                try _require(
                    size.width.isFinite && size.height.isFinite && size.width > 0
                        && size.height > 0, "jsonl",
                    "image size \(size.width)×\(size.height) accepted", input: shown)
            }
        }
        return .accepted
    }
}
