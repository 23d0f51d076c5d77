// A template file's row read once per field's first key: `PostCell.json`'s
// `author.name` and `author.handle`, and its four `counts.*`, look `author`
// and `counts` up once (`JSONRow.text(at:first:)`). Rows of random values
// there (objects, strings, numbers, null, arrays, missing) give the texts
// and errors that reading every field on its own (`text(at:)`) gives.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisSupport
import TrellisTemplateFiles
import TrellisViews

@Suite struct TemplateFileRowReadTests {
    static let values = [
        #""Ada""#, "12", "true", "null", "[1, 2]", #"{"x": 1}"#, #""""#, "0.5",
    ]

    /// A random value at `author`, `counts` and their keys.
    static func json(_ random: inout SplitMix64) -> String {
        func value() -> String { values[Int(random.next() % UInt64(values.count))] }
        func object(_ keys: [String]) -> String {
            switch random.next() % 6 {
            case 0: return value()
            case 1: return "null"
            default:
                let members = keys.filter { _ in random.next() % 4 != 0 }.map {
                    "\"\($0)\": \(random.next() % 3 == 0 ? value() : "\"\($0) \(random.next() % 9)\"")"
                }
                return "{" + members.joined(separator: ", ") + "}"
            }
        }
        var members = [#""body": "b""#, #""time": "3h""#]
        if random.next() % 5 != 0 { members.append("\"author\": \(object(["name", "handle"]))") }
        if random.next() % 5 != 0 {
            members.append("\"counts\": \(object(["reply", "repost", "like", "share"]))")
        }
        return "{" + members.shuffled(using: &random).joined(separator: ", ") + "}"
    }

    @Test func fieldsSharingAFirstKeyReadAsEachOnItsOwn() throws {
        let file = try TemplateFile.load(path: TemplateFileStackTreeTests.postFile)
        let trees = try TemplateFileStackTree(file: file)
        let fields = [
            (4, "author.name"), (5, "author.handle"), (10, "counts.reply"),
            (11, "counts.repost"), (12, "counts.like"), (13, "counts.share"),
        ]
        var random = SplitMix64(seed: 0x4EAD)
        var read = 0
        var failed = 0
        var mismatches: [String] = []
        for _ in 0..<2_000 {
            let row = try TemplateFileStackTreeTests.row(Self.json(&random))
            var values = StackTreeRow(count: trees.nodeIDs.count)
            let got = Result { () throws(CellError) in try trees.row(row, into: &values) }
            // Each field on its own, in node order: its text or the first error.
            var expected: Result<[String], JSONRowError> = .success([])
            for (_, path) in fields {
                guard case .success(var texts) = expected else { break }
                do {
                    texts.append(try row.text(at: JSONKeyPath(path)!))
                    expected = .success(texts)
                } catch {
                    expected = .failure(error)
                }
            }
            switch (got, expected) {
            case (.success, .success(let texts)):
                read += 1
                let gotTexts = fields.map { values.texts[$0.0]?.string ?? "nil" }
                if gotTexts != texts, mismatches.count < 3 {
                    mismatches.append("\(row): \(gotTexts) against \(texts)")
                }
            case (.failure(let error), .failure(let reason)):
                failed += 1
                if !error.message.contains(reason.description), mismatches.count < 3 {
                    mismatches.append("\(row): \(error.message) against \(reason)")
                }
            default:
                if mismatches.count < 3 { mismatches.append("\(row): \(got) against \(expected)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // Both kinds of rows, many of each.
        #expect(read > 200 && failed > 200, "\(read) read, \(failed) refused")
    }
}
