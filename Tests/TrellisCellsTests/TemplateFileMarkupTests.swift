// Template-file labels with `"markup": true`: the field (or fixed text) is
// Pango-style markup, measured as attributed text; bad markup names the
// file's place, the field and the data line; the direct path refuses such
// files with a reason.

import Foundation
import Testing
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisTemplateFiles
import TrellisText

@Suite struct TemplateFileMarkupTests {
    static let note = """
        {"name": "Note",
         "views": [
           {"id": "root", "kind": "stack", "axis": "vertical", "spacing": 4, "layoutMargins": [12, 16, 12, 16]},
           {"id": "body", "kind": "label", "parent": "root", "field": "body", "markup": true,
            "textStyle": {"size": 17, "lines": 0}},
           {"id": "tag", "kind": "label", "parent": "root", "text": "<b>New</b> &amp; noted", "markup": true}
         ],
         "constraints": ["root.leading == contentView.leading", "root.trailing == contentView.trailing",
                         "root.top == contentView.top", "root.bottom == contentView.bottom"]}
        """

    static func row(_ json: String) throws -> JSONRow {
        try #require(try JSONRowLoader.parse(Data(json.utf8), file: "rows.jsonl").first)
    }

    /// The height the label has when given the same markup directly:
    /// Inter 17, 343 points wide (375 less the margins), 1/3-point grid.
    static func height(markup: String, lines: Int) throws -> Double {
        let base = TextStyle(fonts: try FontCollection.bundled("Inter", weight: .regular), size: 17)
        let text = try AttributedText(markup: markup, base: base)
        return try TextMeasurer.shared.sizeThatFits(
            text, style: base, size: Size(width: 343, height: .infinity), numberOfLines: lines,
            scale: 3
        ).height
    }

    @Test func markupLabelsMeasureTheirRuns() throws {
        let file = try TemplateFile.parse(Self.note, file: "note.json")
        var cell = try TemplateFileCell(file: file)
        let markup =
            #"A <span size="28pt">large</span> word and a <b>bold</b> one, long enough to wrap over more than one line at this width."#
        let body = try Self.height(markup: markup, lines: 0)
        let plain = try Self.height(
            markup:
                "A large word and a bold one, long enough to wrap over more than one line at this width.",
            lines: 0)
        #expect(body > plain)  // the 28-point run makes its line taller
        let tag = try Self.height(markup: "<b>New</b> &amp; noted", lines: 1)
        let json = #"{"body": "\#(markup.replacingOccurrences(of: "\"", with: "\\\""))"}"#
        let layout = try cell.layout(try Self.row(json), width: 375)
        #expect(abs((layout.frame(of: "body")?.height ?? 0) - body) < 1e-9)
        #expect(abs((layout.frame(of: "tag")?.height ?? 0) - tag) < 1e-9)
        #expect(abs(layout.height - (12 + body + 4 + tag + 12)) < 1e-9)
        // What a picture draws: the characters without the tags.
        let shown = cell.cell.labelContents(for: try Self.row(json))
        #expect(
            shown.map(\.text) == [
                "A large word and a bold one, long enough to wrap over more than one line at this width.",
                "New & noted",
            ])
    }

    @Test func badMarkupInARowNamesTheFileTheFieldAndTheDataLine() throws {
        var cell = try TemplateFileCell(file: try TemplateFile.parse(Self.note, file: "note.json"))
        let rows = try JSONRowLoader.parse(
            Data(#"{"body": "fine"}\#n{"body": "a <b>bold"}"#.utf8), file: "rows.jsonl")
        _ = try cell.height(for: rows[0], width: 375)
        #expect {
            _ = try cell.height(for: rows[1], width: 375)
        } throws: { error in
            let text = "\(error)"
            return text.contains("note.json:4:") && text.contains("field \"body\"")
                && text.contains("malformed markup at 1:10: <b> is not closed")
                && text.contains("data line 2")
        }
        // The cell goes on with the next good row.
        #expect(try cell.height(for: rows[0], width: 375) > 0)
    }

    @Test func badFixedMarkupAndMisplacedKeysAreFileErrors() throws {
        let bad = Self.note.replacingOccurrences(of: "<b>New</b>", with: "<b>New")
        #expect(throws: (any Error).self) {
            _ = try TemplateFileCell(file: try TemplateFile.parse(bad, file: "note.json"))
        }
        let onImage = """
            {"name": "X", "views": [{"id": "photo", "kind": "image", "size": [10, 10], "markup": true}], "constraints": []}
            """
        #expect {
            _ = try TemplateFile.parse(onImage, file: "x.json")
        } throws: { "\($0)".contains("x.json:1:") && "\($0)".contains("\"markup\" is for labels") }
        let notBool = Self.note.replacingOccurrences(
            of: #""markup": true}"#, with: #""markup": "yes"}"#)
        #expect {
            _ = try TemplateFile.parse(notBool, file: "note.json")
        } throws: { "\($0)".contains("\"markup\" must be true or false") }
    }

    @Test func theDirectPathLeavesMarkupToConstraints() throws {
        let file = try TemplateFile.parse(Self.note, file: "note.json")
        let problem = try #require(file.stackTreeProblem)
        #expect(problem.contains("note.json:4:") && problem.contains("markup"))
    }
}
