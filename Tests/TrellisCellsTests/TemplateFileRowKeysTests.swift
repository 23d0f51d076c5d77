// The members of a data row a template file reads (`TemplateFile.rowKeys`)
// and a row kept to them (`TemplateFile.row(_:keeping:)`, what listbench
// lays out): every bundled file lays a kept row out as the whole row, on
// the template engine and on the stack direct path, frame for frame.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisSupport
import TrellisTemplateFiles
import TrellisTemplateSource
import TrellisTestSupport

@Suite struct TemplateFileRowKeysTests {
    /// Labels, a button and images reading fields (one under an object, an
    /// image from `item`), a label of fixed text, a view: the first key of
    /// each field, `image` for `item`.
    @Test func theKeysAreTheFirstOfEveryFieldTheViewsRead() throws {
        let file = try TemplateFile.parse(
            #"""
            {"name": "Keys", "views": [
              {"id": "root", "kind": "stack", "axis": "vertical"},
              {"id": "name", "kind": "label", "parent": "root", "field": "author.name", "textStyle": {"font": "Inter", "size": 15}},
              {"id": "handle", "kind": "label", "parent": "root", "field": "author.handle", "textStyle": {"font": "Inter", "size": 15}},
              {"id": "fixed", "kind": "label", "parent": "root", "text": "Fixed", "textStyle": {"font": "Inter", "size": 15}},
              {"id": "reply", "kind": "button", "parent": "root", "field": "counts.reply", "textStyle": {"font": "Inter", "size": 13}},
              {"id": "photo", "kind": "image", "parent": "root", "image": "photos.0"},
              {"id": "cover", "kind": "image", "parent": "root", "image": "item"},
              {"id": "spacer", "kind": "view", "parent": "root"}
            ],
             "constraints": ["root.leading == contentView.leading", "root.trailing == contentView.trailing",
                             "root.top == contentView.top", "root.bottom == contentView.bottom"]}
            """#)
        #expect(file.rowKeys == ["author", "counts", "photos", "image"])
    }

    /// A row kept to some keys: those of its members, values as they were
    /// (nested ones whole), its line; keys it lacks are not added.
    @Test func aKeptRowHoldsItsMembersOfThoseKeys() {
        let row = JSONRow(
            [
                "a": .string("x"), "b": .object(["c": .number(1), "d": .array([.null])]),
                "e": .bool(true), "f": .string("unread"),
            ], line: 12)
        let kept = TemplateFile.row(row, keeping: ["a", "b", "g"])
        #expect(kept.fields == ["a": .string("x"), "b": row.fields["b"]!])
        #expect(kept.line == 12)
        #expect(TemplateFile.row(row, keeping: []).fields.isEmpty)
    }

    /// Every bundled template file on 200 rows generated for it and widened
    /// with members no view reads (texts, numbers, objects, keys one letter
    /// off the read ones), and with some read members dropped or of another
    /// kind: the kept row gives the whole row's frames at three widths, on
    /// the template engine and, for files with one, the stack direct path.
    @Test func everyBundledFileLaysAKeptRowOutAsTheWholeRow() throws {
        let folder = TestPaths.repository.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 6)
        var random = SplitMix64(seed: 41)
        var compared = 0
        var directFiles = 0
        for name in names {
            let file = try TemplateFile.load(path: folder.appendingPathComponent(name).path)
            let keys = file.rowKeys
            #expect(!keys.isEmpty, "\(name)")
            var engine = try TemplateFileCell(file: file)
            var direct = try? TemplateFileDirectCell(file: file)
            if direct != nil { directFiles += 1 }
            let rows = RowFormat.generated(for: file).generate(7, 200)
            for (index, generated) in rows.enumerated() {
                let row = Self.widened(generated, keys: keys, index: index, &random)
                let kept = TemplateFile.row(row, keeping: keys)
                #expect(Set(kept.fields.keys).isSubset(of: keys))
                for width in [200.0, 375, 414] {
                    let whole = try engine.layout(row, width: width)
                    #expect(try engine.layout(kept, width: width) == whole, "\(name) row \(index)")
                    if var cell = direct {
                        let whole = try cell.layout(row, width: width)
                        let keptLayout = try cell.layout(kept, width: width)
                        #expect(keptLayout == whole, "\(name) row \(index)")
                        direct = cell
                    }
                    compared += 1
                }
            }
        }
        #expect(compared == names.count * 600)
        #expect(directFiles >= 3)
    }

    /// `row` with 15 members no view reads and, one row in four, a read
    /// member dropped or made a number.
    static func widened(_ row: JSONRow, keys: Set<String>, index: Int, _ random: inout SplitMix64)
        -> JSONRow
    {
        var fields = row.fields
        for extra in 0..<15 {
            var key = "extra\(extra)"
            // A key one letter longer than a read one ("titles"), or an
            // object holding the read keys.
            if extra == 0, let read = keys.sorted().first { key = read + "s" }
            let value: JSONValue
            switch Int.random(in: 0..<3, using: &random) {
            case 0: value = .string("unread \(index)-\(extra)")
            case 1: value = .number(Double(index * extra))
            default:
                value = .object(
                    Dictionary(uniqueKeysWithValues: keys.map { ($0, .string("inner \(index)")) }))
            }
            if !keys.contains(key) { fields[key] = value }
        }
        if index % 4 == 1, let read = keys.sorted().randomElement(using: &random) {
            if Bool.random(using: &random) {
                fields[read] = nil
            } else if fields[read] != nil, case .string = fields[read]! {
                fields[read] = .number(Double(index))
            }
        }
        return JSONRow(fields, line: row.line)
    }
}
