// Fuzz body for template files (JSON documents with views, constraint strings
// and VFL): any text loads or throws a `TemplateFileError` with a line and
// column inside the text, as the format promises ("every error names the
// file, line and column").

import TrellisCells
import TrellisData
import TrellisSamples
import TrellisTemplateFiles

enum TemplateFileFuzz {
    static let tokens = _utf8([
        "{", "}", "[", "]", ":", ",", "\"", " ", "\n", "\r\n", "\\", "\\u", "d83d", "0041", "\\n",
        "\"name\":", "\"metrics\":", "\"views\":", "\"constraints\":", "\"vfl\":", "\"id\":",
        "\"kind\":",
        "\"label\"", "\"image\"", "\"view\"", "\"parent\":", "\"field\":", "\"title\"", "\"font\":",
        "\"Inter\"",
        "\"weight\":", "\"bold\"", "\"size\":", "\"lines\":", "\"text\":", "\"insets\":",
        "\"hugging\":",
        "\"compression\":", "\"constraint\":", "\"identifier\":", "\"format\":", "\"options\":",
        "\"a\"", "\"b\"", "\"contentView\"", "\"inset\":",
        "\"a.leading == contentView.leading + inset\"",
        "\"b.top == a.bottom + 8 @750\"", "\"a.width == 40\"", "\"H:|-[a]-[b]-|\"", "\"V:|[a]|\"",
        "0", "1", "-1", "16", "40", "1e400", "-1e400", "0.5", "1000", "true", "false", "null", "é",
        "👍🏽",
        // Version 2: stacks, key paths, data images, text styles.
        "\"stack\"", "\"axis\":", "\"vertical\"", "\"distribution\":", "\"fillEqually\"",
        "\"alignment\":",
        "\"firstBaseline\"", "\"spacing\":", "\"layoutMargins\":", "[16, 16, 16, 16]",
        "\"hiddenWhenEmpty\":",
        "\"maxHeight\":", "\"image\":", "\"photo\"", "\"author.name\"", "\"a..b\"",
        "\"textStyle\":",
        "\"lineSpacing\":", "\"lineBreakMode\":", "\"truncateMiddle\"", "\"s\"",
    ])

    /// Valid templates the fuzzer starts from (and the suite mutates).
    static let seeds = [
        """
        {"name": "Cell", "metrics": {"inset": 16},
         "views": [{"id": "cover", "kind": "image", "size": [40, 40]},
                   {"id": "title", "kind": "label", "field": "title", "weight": "semibold", "size": 13},
                   {"id": "subtitle", "kind": "label", "field": "subtitle", "lines": 0}],
         "constraints": ["cover.leading == contentView.leading + inset",
                         {"constraint": "subtitle.bottom == contentView.bottom - 16 @750", "identifier": "b"}],
         "vfl": ["H:|-16-[cover(40)]", {"format": "V:|-[title]", "metrics": {}, "options": []}]}
        """,
        #"{"views": [{"id": "a", "kind": "label", "text": "Hi"}], "constraints": ["a.top == contentView.top"]}"#,
        #"{"views": []}"#,
        """
        {"views": [{"id": "s", "kind": "stack", "axis": "vertical", "spacing": 8, "layoutMargins": [16, 16, 16, 16]},
                   {"id": "a", "kind": "label", "parent": "s", "field": "author.name", "hiddenWhenEmpty": true,
                    "textStyle": {"size": 15, "weight": "semibold", "lineSpacing": 2, "lineBreakMode": "truncateTail"}},
                   {"id": "p", "kind": "image", "parent": "s", "image": "photo", "maxHeight": 300}],
         "constraints": ["s.leading == contentView.leading", "s.trailing == contentView.trailing",
                         "s.top == contentView.top", "s.bottom == contentView.bottom"]}
        """,
    ]

    /// Parses the text the bytes decode to and checks the error position.
    @discardableResult
    static func run(_ bytes: [UInt8]) throws(FuzzViolation) -> FuzzOutcome {
        var input = FuzzInput(bytes)
        let text = input.text(tokens: tokens, maximumLength: 8192)
        let template: TemplateFile
        do {
            template = try TemplateFile.parse(text, file: "fuzz.json")
        } catch {
            guard let position = error.position else {
                throw FuzzViolation(
                    target: "template", message: "error without a position: \(error)", input: text)
            }
            try _checkPosition(position, in: text, target: "template", message: error.message)
            try _require(
                error.file == "fuzz.json", "template", "error names file \(error.file)", input: text
            )
            return .rejected
        }
        for (name, value) in template.metrics {
            try _require(
                value.isFinite, "template", "metric \(name) = \(value) accepted", input: text)
        }
        for view in template.views {
            let numbers =
                [view.fontSize] + (view.imageSize ?? []) + (view.insets ?? [])
                + (view.hugging ?? [])
                + (view.compression ?? [])
            try _require(
                numbers.allSatisfy(\.isFinite), "template",
                "view \(view.id) accepted numbers \(numbers)",
                input: text)
            try _checkPosition(
                view.position, in: text, target: "template", message: "view \(view.id)")
        }
        for constraint in template.constraints {
            try _checkPosition(
                constraint.position, in: text, target: "template", message: constraint.text)
        }
        return .accepted
    }
}

/// Checks that a 1-based line and column (in Unicode scalars) lie inside `text`
/// or just past its end.
func _checkPosition(_ position: SourcePosition, in text: String, target: String, message: String)
    throws(FuzzViolation)
{
    var lineLengths = [0]
    for scalar in text.unicodeScalars {
        if scalar == "\n" { lineLengths.append(0) } else { lineLengths[lineLengths.count - 1] += 1 }
    }
    try _require(
        (1...lineLengths.count).contains(position.line), target,
        "line \(position.line) outside 1...\(lineLengths.count) (\(message))", input: text)
    let lineLength = lineLengths[position.line - 1]
    try _require(
        (1...(lineLength + 1)).contains(position.column), target,
        "column \(position.column) outside 1...\(lineLength + 1) on line \(position.line) (\(message))",
        input: text)
}
