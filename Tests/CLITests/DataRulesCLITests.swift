// The rules every command that reads rows applies the same way: a template
// field no row has (warning, or error under --strict), a data file without
// rows, a width too narrow for a template file's fixed parts, rows named by
// their data line, and the data limits, checked before any layout.

import Foundation
import Testing
import TrellisTestSupport

@Suite struct DataRulesCLITests {
    /// A product card whose price label's field is misspelled.
    static let card = """
        {"name": "ProductCard",
         "views": [
           {"id": "root", "kind": "stack", "axis": "horizontal", "spacing": 10,
            "layoutMargins": [8, 16, 8, 16]},
           {"id": "thumb", "kind": "image", "parent": "root", "size": [60, 60]},
           {"id": "name", "kind": "label", "parent": "root", "field": "name",
            "textStyle": {"font": "Inter", "size": 15, "lines": 0}},
           {"id": "price", "kind": "label", "parent": "root", "field": "prcie",
            "hugging": [251, 250], "textStyle": {"font": "Inter", "size": 15, "lines": 1}}
         ],
         "constraints": [
           "root.leading == contentView.leading", "root.trailing == contentView.trailing",
           "root.top == contentView.top", "root.bottom == contentView.bottom",
           "thumb.width == 60", "thumb.height == 60"
         ]}
        """

    static let rows = """
        {"name": "Lamp", "price": "€ 49"}
        {"name": "A chair with a long name", "price": "€ 120"}
        {"name": "Rug", "price": "€ 80"}

        """

    /// The commands that read rows from a data file, with the arguments
    /// that make each read `data` with `template`.
    static func commands(template: String, data: String, out: String) -> [(String, [String])] {
        [
            ("trellis", ["render", "--template", template, "--data", data, "--out", out + ".png"]),
            (
                "trellis",
                [
                    "heights", "--template", template, "--data", data, "--widths", "375", "--out",
                    out,
                ]
            ),
            (
                "trellis",
                ["inspect", "--template", template, "--data", data, "--out", out + ".html"]
            ),
            ("trellis", ["snapshot", "--template", template, "--data", data, "--out", out + ".d"]),
            ("listbench", ["--template", template, "--data", data, "--rows", "3", "--json"]),
        ]
    }

    @Test func aFieldNoRowHasIsAWarningNamingThePlaceAndTheClosestKey() throws {
        let template = try Tool.temporaryFile("card.json", Self.card)
        let data = try Tool.temporaryFile("card-rows.jsonl", Self.rows)
        let out = try Tool.temporaryFile("card-out", "")
        let warning =
            "warning: \(template):8:4: \"prcie\": no row has this field; rows have \"price\"\n"
        for (tool, arguments) in Self.commands(template: template, data: data, out: out) {
            let result = try Tool.run(tool, arguments)
            #expect(result.status == 0, "\(tool) \(arguments[0]): \(result.stderr)")
            #expect(
                result.stderr.components(separatedBy: warning).count == 2,
                "\(tool) \(arguments[0]) warns once: \(result.stderr)")
            // Under --strict the same words are an error (exit 2).
            let strict = try Tool.run(tool, arguments + ["--strict"])
            #expect(strict.status == 2, "\(tool) \(arguments[0]) --strict: \(strict.stderr)")
            #expect(
                strict.stderr.contains(
                    "error: \(template):8:4: \"prcie\": no row has this field; rows have \"price\""),
                "\(strict.stderr)")
        }
        let layout = try Tool.run(
            "trellis", ["layout", template, "--item", "{\"name\": \"Lamp\", \"price\": \"1\"}"])
        #expect(layout.status == 0)
        #expect(layout.stderr.contains("\"prcie\": no row has this field; rows have \"price\""))
        // A field some rows have is optional data: no warning.
        let fixed = try Tool.temporaryFile(
            "card-fixed.json", Self.card.replacingOccurrences(of: "prcie", with: "price"))
        let partial = try Tool.temporaryFile(
            "card-partial.jsonl", "{\"name\": \"Lamp\"}\n{\"name\": \"Rug\", \"price\": \"1\"}\n")
        let quiet = try Tool.run(
            "trellis", ["render", "--template", fixed, "--data", partial, "--out", out + ".png"])
        #expect(quiet.status == 0)
        #expect(!quiet.stderr.contains("warning"), "\(quiet.stderr)")
    }

    @Test func anEmptyDataFileIsTheSameErrorForEveryCommand() throws {
        let template = try Tool.temporaryFile(
            "card-ok.json", Self.card.replacingOccurrences(of: "prcie", with: "price"))
        let out = try Tool.temporaryFile("empty-out", "")
        for contents in ["", "\n  \n"] {
            let data = try Tool.temporaryFile("empty.jsonl", contents)
            for (tool, arguments) in Self.commands(template: template, data: data, out: out)
                + Self.commands(template: "AnimalTableViewCell", data: data, out: out)
            {
                let result = try Tool.run(tool, arguments)
                #expect(result.status == 2, "\(tool) \(arguments): \(result.stderr)")
                #expect(
                    result.stderr == "\(tool): error: \(data): the file has no rows\n",
                    "\(tool) \(arguments)")
            }
        }
    }

    @Test func aWidthTooNarrowForAFilesFixedPartsIsRefusedAsBuiltInOnesAre() throws {
        let template = try Tool.temporaryFile(
            "card-narrow.json", Self.card.replacingOccurrences(of: "prcie", with: "price"))
        let data = try Tool.temporaryFile("card-narrow.jsonl", Self.rows)
        let out = try Tool.temporaryFile("narrow-out", "")
        // 16 + 60 + 10 + 10 + 16: the margins, the thumbnail and the spacing.
        let message = "ProductCard: width 100 leaves no room for the content (needs more than 112)"
        for arguments in [
            ["render", "--template", template, "--data", data, "--width", "100", "--out", out],
            ["heights", "--template", template, "--data", data, "--widths", "100", "--out", out],
            [
                "heights", "--template", template, "--data", data, "--widths", "100", "--path",
                "frames", "--out", out,
            ],
            ["layout", template, "--width", "100"],
        ] {
            let result = try Tool.run("trellis", arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let bench = try Tool.run(
            "listbench", ["--template", template, "--data", data, "--width", "100", "--json"])
        #expect(bench.status == 2)
        #expect(bench.stderr.contains(message), "\(bench.stderr)")
        // Just wider than the fixed parts lays out.
        let wide = try Tool.run("trellis", ["layout", template, "--width", "113"])
        #expect(wide.status == 0, "\(wide.stderr)")
    }

    @Test func aBadRowIsNamedByItsDataLineInEveryCommand() throws {
        let template = try Tool.temporaryFile(
            "card-lines.json", Self.card.replacingOccurrences(of: "prcie", with: "price"))
        // Line 2 is blank; line 3 holds a price that is an object.
        let data = try Tool.temporaryFile(
            "card-lines.jsonl",
            "{\"name\": \"Lamp\", \"price\": \"1\"}\n\n{\"name\": \"Rug\", \"price\": {\"a\": 1}}\n"
        )
        let out = try Tool.temporaryFile("lines-out", "")
        for (tool, arguments) in Self.commands(template: template, data: data, out: out) {
            let result = try Tool.run(tool, arguments)
            #expect(result.status == 2, "\(tool) \(arguments[0]): \(result.stderr)")
            #expect(
                result.stderr.contains("(data line 3)"), "\(tool) \(arguments[0]): \(result.stderr)"
            )
            #expect(!result.stderr.contains("row 2"), "\(result.stderr)")
        }
    }

    @Test func everyCommandRefusesALineLongerThanTheLimitBeforeLayout() throws {
        let template = try Tool.temporaryFile(
            "card-long.json", Self.card.replacingOccurrences(of: "prcie", with: "price"))
        let long = String(repeating: "x", count: 300_000)
        let data = try Tool.temporaryFile(
            "card-long.jsonl",
            "{\"title\": \"Lamp\", \"name\": \"Lamp\"}\n"
                + "{\"title\": \"\", \"name\": \"\(long)\", \"price\": \"1\"}\n")
        let out = try Tool.temporaryFile("long-out", "")
        for (tool, arguments) in Self.commands(template: template, data: data, out: out)
            + Self.commands(template: "AnimalTableViewCell", data: data, out: out)
        {
            let result = try Tool.run(tool, arguments + ["--max-row-length", "100000"])
            #expect(result.status == 2, "\(tool) \(arguments[0]): \(result.stderr)")
            #expect(
                result.stderr
                    == "\(tool): error: \(data):2: the data line is longer than --max-row-length 100000 bytes\n",
                "\(tool) \(arguments[0])")
            let text = try Tool.run(tool, arguments + ["--max-text-length", "1000"])
            #expect(text.status == 2)
            #expect(
                text.stderr
                    == "\(tool): error: \(data):2: the row's texts hold 300001 bytes, more than --max-text-length 1000\n",
                "\(tool) \(arguments[0])")
            let rows = try Tool.run(tool, arguments + ["--max-rows", "1"])
            #expect(rows.status == 2)
            #expect(
                rows.stderr == "\(tool): error: \(data):2: more than --max-rows 1 rows\n",
                "\(tool) \(arguments[0])")
        }
        let layout = try Tool.run(
            "trellis",
            [
                "layout", template, "--item", "{\"name\": \"\(long.prefix(5000))\"}",
                "--max-row-length", "1000",
            ])
        #expect(layout.status == 2)
        #expect(layout.stderr.contains("--item is longer than --max-row-length 1000 bytes"))
        let views = try Tool.run(
            "trellis", ["render", "--template", template, "--max-views", "2", "--out", out])
        #expect(views.status == 2)
        #expect(views.stderr.contains("\(template): 4 views, more than --max-views 2"))
    }
}
