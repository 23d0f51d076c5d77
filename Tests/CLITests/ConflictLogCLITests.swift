// Conflict logs of commands that lay out many rows: each distinct conflict
// once, with how many rows had it and the template file's place of each of
// its constraints; the summaries of listbench and layout say the cell has
// conflicts.

import Foundation
import Testing
import TrellisTestSupport

@Suite struct ConflictLogCLITests {
    /// A box pinned 16 points from both sides of the cell and also 500
    /// wide: at width 600 the three required constraints cannot all hold.
    static let template = """
        {"name": "Conflicted",
         "views": [{"id": "box", "kind": "view"},
                   {"id": "label", "kind": "label", "field": "title", "size": 15}],
         "constraints": [
           "box.leading == contentView.leading + 16",
           "box.trailing == contentView.trailing - 16",
           "box.top == contentView.top + 8", "box.height == 40",
           "box.width == 500",
           "label.leading == box.leading", "label.top == box.bottom + 8",
           "label.bottom == contentView.bottom - 8 @750"
         ]}
        """

    /// Rows, each with its own text (its own intrinsic sizes): 400 here,
    /// 2,000 under Scripts/soak.sh (what the issue measured).
    static let count = Soak.count("TRELLIS_CONFLICT_ROWS", quick: 400, soak: 2000)
    static let rows =
        (1...count).map { #"{"title": "Fox number \#($0)"}"# }.joined(
            separator: "\n") + "\n"

    static let unable = "Unable to simultaneously satisfy constraints."

    @Test func batchCommandsLogEachConflictOnceWithItsRowsAndPlaces() throws {
        let template = try Tool.temporaryFile("conflicted.json", Self.template)
        let data = try Tool.temporaryFile("conflicted-rows.jsonl", Self.rows)
        let out = try Tool.temporaryFile("conflicted-out", "")
        let commands: [(String, [String])] = [
            (
                "trellis",
                [
                    "heights", "--template", template, "--data", data, "--widths", "600", "--out",
                    out,
                ]
            ),
            (
                "listbench",
                [
                    "--template", template, "--data", data, "--rows", "\(Self.count)", "--width",
                    "600",
                ]
            ),
        ]
        for (tool, arguments) in commands {
            let result = try Tool.run(tool, arguments)
            let name = "\(tool) \(arguments[0])"
            #expect(result.status == 0, "\(name): \(result.stderr.prefix(2000))")
            #expect(
                result.stderr.components(separatedBy: Self.unable).count == 2,
                "\(name) logs the conflict once: \(result.stderr.count) bytes")
            #expect(
                result.stderr.contains(
                    "\"box.leading == contentView.leading + 16\" (\(template):5:4)"),
                "\(name): \(result.stderr.prefix(2000))")
            #expect(
                result.stderr.contains(
                    "\"box.trailing == contentView.trailing - 16\" (\(template):6:4)"))
            #expect(
                result.stderr.contains(
                    "Will attempt to recover by breaking constraint\n    \"box.width == 500\" (\(template):8:4)"
                ))
            #expect(
                result.stderr.contains(
                    "this conflict was met in \(Self.count) rows (data lines 1, 2, 3, 4, 5, …)"),
                "\(name): \(result.stderr.prefix(2000))")
            #expect(result.stderr.count < 4000, "\(name): \(result.stderr.count) bytes")
        }
        // listbench's summary says the cell has conflicts.
        let bench = try Tool.run(
            "listbench", ["--template", template, "--data", data, "--rows", "20", "--width", "600"])
        #expect(
            bench.stdout.contains("the cell has conflicting constraints: 1 distinct, in 20 rows"),
            "\(bench.stdout)")
    }

    @Test func layoutSaysTheCellHasConflicts() throws {
        let template = try Tool.temporaryFile("conflicted-one.json", Self.template)
        let result = try Tool.run(
            "trellis", ["layout", template, "--width", "600", "--item", #"{"title": "Fox"}"#])
        #expect(result.status == 0)
        // Two logs, as UIKit gives: the conflict met by the fitting solve
        // (Fitting-Size-Width) and by the frame solve (Encapsulated-Layout-Width).
        #expect(result.stdout.contains("\"conflicts\": 2"), "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "trellis: warning: the cell has conflicting constraints: 2 (logged above)"))
        #expect(result.stderr.contains("\"box.width == 500\" (\(template):8:4)"))
    }
}
