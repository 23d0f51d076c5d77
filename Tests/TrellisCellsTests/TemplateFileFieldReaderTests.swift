// The direct path's reading of a row's text fields (`_TextFieldReader`,
// one walk a field and one a run of fields under one object) against
// `JSONRow.text(at:)`, the reader the template engine uses: the same texts,
// and the same first error, on random rows of every JSON kind.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisSupport
import TrellisTemplateFiles
import TrellisViews

@Suite struct TemplateFileFieldReaderTests {
    /// Label fields in file order: runs under one object ("a.x", "a.y";
    /// "a.z.w", "a.z.v"), an array index, a run broken by another field,
    /// one-key fields.
    /// Two-key fields under one first key ("f.x", "f.y"; "d.k" twice)
    /// are read whole from the first key's value or left to the reader
    /// (`_OneKeyFields.Group`); under "a", with longer paths, only where
    /// "a" is absent.
    static let fields = [
        "a.x", "a.y", "b", "a.z.w", "a.z.v", "c.0", "c.1", "a.x", "d.k", "e", "d.k", "a.y",
        "f.x", "f.y",
    ]

    /// A vertical stack of one label a field, named `name`; the labels of
    /// `hidden`'s numbers hidden when empty.
    static func template(
        fields: [String] = fields, name: String = "Fields", hidden: Set<Int> = []
    ) throws -> TemplateFile {
        var views = [
            #"{"id": "root", "kind": "stack", "axis": "vertical"}"#
        ]
        for (index, field) in fields.enumerated() {
            let flag = hidden.contains(index) ? #", "hiddenWhenEmpty": true"# : ""
            views.append(
                #"{"id": "l\#(index)", "kind": "label", "parent": "root", "field": "\#(field)"\#(flag), "textStyle": {"font": "Inter", "size": 15}}"#
            )
        }
        let text = #"""
            {"name": "\#(name)", "views": [\#(views.joined(separator: ",\n"))],
             "constraints": ["root.leading == contentView.leading", "root.trailing == contentView.trailing",
                             "root.top == contentView.top", "root.bottom == contentView.bottom"]}
            """#
        return try TemplateFile.parse(text)
    }

    /// A random JSON value, containers `depth` deep at most, whose objects
    /// use the fields' keys.
    static func value(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        // (Mostly texts and numbers: containers where a text is read are
        // errors, and a row is read only when all twelve fields are texts.)
        switch Int.random(in: 0..<(depth > 0 ? 16 : 6), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            // Counts of every length, the edges of 9 digits, fractions, -0.
            let edges: [Double] = [
                0, -0.0, 1, -3, 2.5, -0.5, 1e21, 12, 9, 10, 99, 100, 999_999_999, 1e9, -999_999_999,
                -1e9, 1e15 - 1, 123_456.75,
            ]
            let digits = Int.random(in: 0...12, using: &random)
            let count = Double(
                Int.random(in: 0..<max(1, Int(pow(10.0, Double(digits)))), using: &random))
            return .number(
                Bool.random(using: &random)
                    ? edges[Int.random(in: 0..<edges.count, using: &random)]
                    : (Bool.random(using: &random) ? count : -count))
        case 3: return .string("")
        case 4, 5:
            return .string(
                ["x", "a name", "Ünïcødé 🙈", "0"][Int.random(in: 0..<4, using: &random)])
        case 6, 7:
            return .array(
                (0..<Int.random(in: 0..<3, using: &random)).map { _ in
                    value(&random, depth: depth - 1)
                })
        case 8, 9: return object(&random, depth: depth - 1)
        default: return .number(Double(Int.random(in: 0..<1_000, using: &random)))
        }
    }

    static func object(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        var members: [String: JSONValue] = [:]
        for key in ["x", "y", "z", "w", "v", "k", "0"]
        where Int.random(in: 0..<3, using: &random) > 0 {
            members[key] = value(&random, depth: depth)
        }
        return .object(members)
    }

    /// 4,000 random rows: where `text(at:)` reads every field, the tree's
    /// labels show its texts; else the row's error names the first field
    /// `text(at:)` refuses, with its message.
    /// Every other label is hidden when empty: hidden exactly where its
    /// text is empty.
    @Test func directReaderGivesTheTextsAndErrorsOfTextAt() throws {
        let hidden = Set(stride(from: 1, to: Self.fields.count, by: 2))
        let trees = try TemplateFileStackTree(file: try Self.template(hidden: hidden))
        let paths = Self.fields.map { JSONKeyPath($0)! }
        var random = SplitMix64(seed: 36)
        var (read, refused) = (0, 0)
        for number in 0..<4_000 {
            var fields: [String: JSONValue] = [:]
            for key in ["a", "b", "c", "d", "e", "f"]
            where Int.random(in: 0..<5, using: &random) > 0 {
                fields[key] =
                    key == "b" || key == "e" || Int.random(in: 0..<4, using: &random) == 0
                    ? Self.value(&random, depth: 2) : Self.object(&random, depth: 2)
            }
            let row = JSONRow(fields, line: number + 1)
            var expected: [String] = []
            var firstError: JSONRowError?
            for path in paths {
                do throws(JSONRowError) {
                    expected.append(try row.text(at: path))
                } catch {
                    firstError = error
                    break
                }
            }
            do throws(CellError) {
                let tree = try trees.tree(for: row)
                let texts = tree.nodes.dropFirst().map { node -> String in
                    guard case .label(let label) = node.content else { return "<not a label>" }
                    return label.text.string
                }
                #expect(firstError == nil, "row \(number): read, text(at:) refuses \(firstError!)")
                #expect(texts == expected, "row \(number): \(fields)")
                let flags = tree.nodes.dropFirst().map(\.isHidden)
                let expectedFlags = expected.enumerated().map {
                    hidden.contains($0.offset) && $0.element.isEmpty
                }
                #expect(flags == expectedFlags, "row \(number): \(fields)")
                read += 1
            } catch {
                #expect(firstError != nil, "row \(number): \(error)")
                if let firstError {
                    #expect(
                        error.message.hasSuffix(
                            ": \(firstError)" + RowPlace.dataLineSuffix(row.line)),
                        "row \(number): \(error) vs \(firstError)")
                }
                refused += 1
            }
        }
        // Both kinds of rows are met often.
        #expect(read > 400 && refused > 400, "read \(read), refused \(refused)")
    }

    /// A row whose keys are canonically equivalent to the fields' but of
    /// other bytes (a Kelvin sign for "K", "e" and a combining acute for
    /// "é"): its texts are found as `text(at:)` finds them.
    @Test func keysEquivalentToTheFieldsAreFound() throws {
        let fields = ["K", "é", "n.é", "n.K"]
        let trees = try TemplateFileStackTree(file: try Self.template(fields: fields, name: "Keys"))
        let row = JSONRow([
            "\u{212A}": .string("kelvin"), "e\u{301}": .string("acute"),
            "n": .object([
                "e\u{301}": .string("nested"), "x": .string("other"),
                "\u{212A}": .string("nested kelvin"),
            ]),
        ])
        let expected = try fields.map { try row.text(at: JSONKeyPath($0)!) }
        #expect(expected == ["kelvin", "acute", "nested", "nested kelvin"])
        let tree = try trees.tree(for: row)
        let texts = tree.nodes.dropFirst().map { node -> String in
            guard case .label(let label) = node.content else { return "<not a label>" }
            return label.text.string
        }
        #expect(texts == expected)
        // A parent object under a key equivalent to the field's first key,
        // among small ASCII keys (a walk of small ASCII keys alone misses
        // an absent key for certain; one beyond ASCII does not), and the
        // same parent absent.
        let parents = try TemplateFileStackTree(
            file: try Self.template(fields: ["K.name", "K.x"], name: "Parents"))
        for members: [String: JSONValue] in [
            ["a": .number(1), "\u{212A}": .object(["name": .string("kelvin")]), "b": .null],
            ["a": .number(1), "b": .null, "c": .string("c")],
        ] {
            let row = JSONRow(members)
            let expected = try ["K.name", "K.x"].map { try row.text(at: JSONKeyPath($0)!) }
            let texts = try parents.tree(for: row).nodes.dropFirst().map { node -> String in
                guard case .label(let label) = node.content else { return "<not a label>" }
                return label.text.string
            }
            #expect(texts == expected, "\(members.keys.sorted())")
        }
    }

    /// One-key fields found in one walk of a row's members: a key longer
    /// than a small string's 15 bytes, a field absent from a row of small
    /// ASCII keys (""), a number: the texts of `text(at:)`.
    @Test func oneKeyFieldsOfOneWalkAreTheTextsOfTextAt() throws {
        let fields = ["a_key_of_twenty_bytes", "absent", "b", "b"]
        let trees = try TemplateFileStackTree(file: try Self.template(fields: fields, name: "Walk"))
        let row = JSONRow(["a_key_of_twenty_bytes": .string("long"), "b": .number(3), "c": .null])
        let expected = try fields.map { try row.text(at: JSONKeyPath($0)!) }
        #expect(expected == ["long", "", "3", "3"])
        let tree = try trees.tree(for: row)
        let texts = tree.nodes.dropFirst().map { node -> String in
            guard case .label(let label) = node.content else { return "<not a label>" }
            return label.text.string
        }
        #expect(texts == expected)
    }

    /// One-key fields on random rows of 0 to about 30 members (narrow
    /// rows walked by their keys; wide rows, past what a walk takes, read
    /// by the dictionary's lookup), fields of the same key, keys longer
    /// than a small string and beyond ASCII, absent fields: the texts of
    /// `text(at:)`.
    @Test func oneKeyFieldsOfWideAndNarrowRowsAreTheTextsOfTextAt() throws {
        let keys = (0..<40).map { "k\($0)" } + ["a_key_of_twenty_bytes", "clé", "名前"]
        // (Seven fields: rows of more than 14 members are looked up.)
        let fields = ["k0", "a_key_of_twenty_bytes", "clé", "名前", "k3", "k3", "missing"]
        let trees = try TemplateFileStackTree(
            file: try Self.template(fields: fields, name: "Wide"))
        var generator = SplitMix64(seed: 36)
        for _ in 0..<300 {
            var members: [String: JSONValue] = [:]
            let count = Int(generator.next() % 61)
            for _ in 0..<count {
                let key = keys[Int(generator.next() % UInt64(keys.count))]
                members[key] = .string("v\(generator.next() % 1000)")
            }
            let row = JSONRow(members)
            let expected = try fields.map { try row.text(at: JSONKeyPath($0)!) }
            let texts = try trees.tree(for: row).nodes.dropFirst().map { node -> String in
                guard case .label(let label) = node.content else { return "<not a label>" }
                return label.text.string
            }
            #expect(texts == expected, "\(members.count) members")
        }
    }
}
