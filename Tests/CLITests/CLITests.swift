import Foundation
import Testing
import TrellisTestSupport

/// Runs one of the package's executables (built next to this test bundle).
struct Tool {
    static let directory: URL = {
        // The test binary lives in the build folder, beside the executables.
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(
                atPath: url.appendingPathComponent("listbench").path)
            {
                return url
            }
        }
        return URL(fileURLWithPath: ".build/debug")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ name: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = directory.appendingPathComponent(name)
        process.arguments = arguments
        return try run(process)
    }

    /// Runs a configured process to its end, capturing its output.
    static func run(_ process: Process) throws -> Result {
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryFile(_ name: String, _ contents: String) throws -> String {
        let directory = try TestScratch.folder("cli")
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

@Suite struct ListbenchCLITests {
    @Test func zeroRowsIsAUsageError() throws {
        let result = try Tool.run("listbench", ["--rows", "0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--rows must be at least 1"))
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownTemplateIsAUsageError() throws {
        let result = try Tool.run("listbench", ["--template", "NoSuchCell", "--json"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown template 'NoSuchCell'"))
        #expect(result.stdout.isEmpty)
    }

    @Test func missingDataFileIsADataError() throws {
        let result = try Tool.run("listbench", ["--data", "/nonexistent/rows.jsonl", "--json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/rows.jsonl: no such file"))
        #expect(result.stdout.isEmpty, "no partial JSON")
    }

    @Test func badLineIsNamedAndNothingIsPrinted() throws {
        let path = try Tool.temporaryFile(
            "bad.jsonl", "{\"title\": \"A\", \"subtitle\": \"ok\"}\n{\"title\": 3}\n")
        let result = try Tool.run("listbench", ["--data", path, "--json"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("bad.jsonl:2: field \"title\" must be a string"),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func userDataRunsEveryPhaseAndPrintsTheDocumentedKeys() throws {
        var lines: [String] = []
        for index in 0..<40 {
            lines.append(
                #"{"title": "Row \#(index)", "subtitle": "\#(String(repeating: "word ", count: index % 17))end"}"#
            )
        }
        let data = try Tool.temporaryFile("rows.jsonl", lines.joined(separator: "\n") + "\n")
        let heights = data + ".heights"
        let result = try Tool.run(
            "listbench", ["--data", data, "--json", "--repeat", "1", "--dump-heights", heights])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["rows"] as? Int == 40)
        let paths = try #require(json["paths"] as? [String: Any])
        for key in ["frames", "constraints_fresh", "constraints_template"] {
            let path = try #require(paths[key] as? [String: Any])
            #expect(path["total_ms"] != nil && path["us_per_row"] != nil)
        }
        let agreement = try #require(json["agreement"] as? [String: Any])
        #expect((agreement["max_height_diff"] as? NSNumber)?.doubleValue == 0)
        let scroll = try #require(json["scroll"] as? [String: Any])
        for key in [
            "p50_us", "p99_us", "max_us", "over_budget", "cells_created", "max_anchor_drift",
        ] {
            #expect(scroll[key] != nil, "scroll.\(key)")
        }
        let memory = try #require(json["memory"] as? [String: Any])
        #expect(memory["peak_rss_mb"] != nil && memory["bytes_per_row"] != nil)
        let text = try #require(json["text"] as? [String: Any])
        #expect(text["cold_ms"] != nil && text["warm_ms"] != nil)
        #expect(json["rotation"] is [String: Any])
        // The parallel phase's speed-up is over the same pass on one thread.
        let parallel = try #require(json["parallel"] as? [String: Any])
        let threaded = try #require((parallel["total_ms"] as? NSNumber)?.doubleValue)
        let oneThread = try #require((parallel["one_thread_ms"] as? NSNumber)?.doubleValue)
        let speedup = try #require((parallel["speedup"] as? NSNumber)?.doubleValue)
        #expect(threaded > 0 && oneThread > 0)
        // (Each figure rounded to three decimals in the JSON.)
        let ratio = oneThread / threaded
        let rounding = 6e-4 + ratio * (6e-4 / threaded + 6e-4 / oneThread)
        #expect(abs(speedup - ratio) <= rounding, "\(parallel)")
        #expect(parallel["identical"] as? Bool == true)
        let dumped = try String(contentsOfFile: heights, encoding: .utf8).split(separator: "\n")
        #expect(dumped.count == 40)
        // Row 0 has subtitle "end": one line, 64 + 20.667.
        #expect(dumped.first == "84.667")
    }

    @Test func templateFileRunsAgainstTheBuiltInFrames() throws {
        let file = TestPaths.repository.appendingPathComponent("Templates/AnimalTableViewCell.json")
            .path
        let result = try Tool.run(
            "listbench", ["--rows", "60", "--template", file, "--json", "--repeat", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let agreement = try #require(json["agreement"] as? [String: Any])
        #expect((agreement["max_height_diff"] as? NSNumber)?.doubleValue == 0)
    }

    /// Without `--data`, a file whose fields the generated rows lack is
    /// laid out with those views empty: listbench says so, naming them; a
    /// file the generated rows fill gets no warning.
    @Test func generatedRowsThatLackTheFilesFieldsAreNamed() throws {
        let card = TestPaths.repository.appendingPathComponent("Templates/StackOnlyCard.json").path
        let lacking = try Tool.run(
            "listbench", ["--rows", "30", "--template", card, "--repeat", "1"])
        #expect(lacking.status == 0, "\(lacking.stderr)")
        #expect(
            lacking.stderr.contains(
                "warning: the generated rows have no \"name\", \"time\", \"body\", \"photo\", \"likes\""
            ), "\(lacking.stderr)")
        let animal = TestPaths.repository.appendingPathComponent(
            "Templates/AnimalTableViewCell.json"
        ).path
        let filled = try Tool.run(
            "listbench", ["--rows", "30", "--template", animal, "--repeat", "1"])
        #expect(filled.status == 0 && !filled.stderr.contains("warning"), "\(filled.stderr)")
    }

    /// A template file with free constraints (not a tree of stacks), on
    /// rows of its own keys: constraints only, and the report says why.
    static let freeTemplate = """
        {"name": "Free",
         "views": [{"id": "a", "kind": "label", "field": "author.name"},
                   {"id": "b", "kind": "label", "field": "body", "lines": 0}],
         "constraints": ["a.leading == contentView.leading + 16", "a.top == contentView.top + 8",
                         "b.leading == a.leading", "b.trailing <= contentView.trailing - 16",
                         "b.top == a.bottom + 4", "b.bottom == contentView.bottom - 8 @750"]}
        """

    @Test func aTemplateFileWithFreeConstraintsRunsConstraintsOnlyOnRowsOfAnyKeys() throws {
        let file = try Tool.temporaryFile("free.json", Self.freeTemplate)
        let data = try Tool.temporaryFile(
            "posts.jsonl",
            #"{"author": {"name": "Ana"}, "body": "A body long enough to wrap onto a second line at this width."}"#
                + "\n"
                + #"{"author": {"name": "Bo", "id": 7}, "body": 42, "tags": ["a"]}"# + "\n")
        let result = try Tool.run(
            "listbench", ["--template", file, "--data", data, "--json", "--repeat", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let reason = try #require(json["no_frames_reason"] as? String)
        #expect(reason.contains("free.json:2:"), "\(reason)")
        #expect(reason.contains("not in a stack"), "\(reason)")
        let paths = try #require(json["paths"] as? [String: Any])
        #expect(paths["frames"] is NSNull)
        #expect((json["rows"] as? NSNumber)?.intValue == 2)
        let agreement = try #require(json["agreement"] as? [String: Any])
        #expect((agreement["max_height_diff"] as? NSNumber)?.doubleValue == 0)
        let table = try Tool.run(
            "listbench", ["--template", file, "--data", data, "--repeat", "1"])
        #expect(table.stdout.contains("constraints only: no frame path ("), "\(table.stdout)")
    }

    /// A template file that is a tree of stacks has a frame path, the
    /// direct stack path, compared with its constraints on every row and
    /// after rotation (heights, then every frame): PostCell.json on generated posts, and a stack file
    /// on real-text rows of its own keys; a row the direct path refuses is
    /// counted and named, and the run goes on.
    @Test func aStackTreeFileRunsDirectFramesAgainstItsConstraints() throws {
        func run(_ arguments: [String]) throws -> [String: Any] {
            let result = try Tool.run("listbench", arguments + ["--json", "--repeat", "1"])
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }
        let post = TestPaths.repository.appendingPathComponent("Templates/PostCell.json").path
        let sample = TestPaths.repository.appendingPathComponent(
            "Tests/TrellisCellsTests/Fixtures/SampleStackCell.json"
        ).path
        let userRows = TestPaths.repository.appendingPathComponent(
            "Tests/TrellisCellsTests/Fixtures/user-rows.jsonl"
        ).path
        for (json, rows) in [
            (try run(["--template", post, "--rows", "60"]), 60),
            (try run(["--template", sample, "--data", userRows]), 61),
        ] {
            #expect(json["no_frames_reason"] is NSNull)
            #expect((json["rows"] as? NSNumber)?.intValue == rows)
            let paths = try #require(json["paths"] as? [String: Any])
            #expect(paths["frames"] is [String: Any])
            let agreement = try #require(json["agreement"] as? [String: Any])
            #expect((agreement["max_height_diff"] as? NSNumber)?.doubleValue == 0)
            let rotation = try #require(json["rotation"] as? [String: Any])
            #expect((rotation["max_height_diff"] as? NSNumber)?.doubleValue == 0)
            let refusals = try #require(json["direct_refusals"] as? [String: Any])
            #expect((refusals["rows"] as? NSNumber)?.intValue == 0)
            // Every frame of every row, at the width and after rotation.
            let frames = try #require(json["direct_frames"] as? [String: Any])
            #expect((frames["compared"] as? NSNumber)?.intValue == rows * 2)
            #expect((frames["differing"] as? NSNumber)?.intValue == 0, "\(frames)")
        }
        // A row with no title, subtitle or image leaves the text column
        // visible without a visible view: `StackView` makes it as long as its
        // margins (its spanning fits at 51), and the direct path lays it out
        // the same way.
        let empty = try Tool.temporaryFile(
            "stack-rows.jsonl", "{\"title\": \"A\"}\n{}\n{\"subtitle\": 5, \"image\": [3, 2]}\n")
        let laidOut = try run(["--template", sample, "--data", empty])
        let none = try #require(laidOut["direct_refusals"] as? [String: Any])
        #expect((none["rows"] as? NSNumber)?.intValue == 0, "\(none)")
        let all = try #require(laidOut["direct_frames"] as? [String: Any])
        #expect((all["compared"] as? NSNumber)?.intValue == 3 * 2)
        #expect((all["differing"] as? NSNumber)?.intValue == 0, "\(all)")
        // An equal-centring row too short for its views, whose tag's
        // compression resistance (100) is below the spacers'
        // `UISV-fill-equally` (149): the direct path does not model that
        // trade, refuses the row at both widths, and the constraints lay
        // it out.
        let centred = try Tool.temporaryFile("centred.json", Self.centredTemplate)
        let long = String(repeating: "word ", count: 80)
        let data = try Tool.temporaryFile(
            "centred-rows.jsonl",
            "{\"tag\": \"New\", \"title\": \"A\"}\n{\"tag\": \"\(long)\", \"title\": \"\(long)\"}\n"
                + "{\"tag\": \"Old\", \"title\": \"C\"}\n")
        let refused = try run(["--template", centred, "--data", data])
        let refusals = try #require(refused["direct_refusals"] as? [String: Any])
        #expect((refusals["rows"] as? NSNumber)?.intValue == 2)
        let frames = try #require(refused["direct_frames"] as? [String: Any])
        #expect((frames["compared"] as? NSNumber)?.intValue == 3 * 2 - 2)
        #expect((frames["differing"] as? NSNumber)?.intValue == 0, "\(frames)")
        #expect(
            (refusals["first"] as? String)?.contains("(data line 2): unmodelled:") == true,
            "\(refusals)")
        let table = try Tool.run(
            "listbench", ["--template", centred, "--data", data, "--repeat", "1"])
        #expect(
            table.stdout.contains("frames: the direct stack path refused 2 layouts"),
            "\(table.stdout)")
    }

    /// A horizontal equal-centring stack of two one-line labels, the first
    /// compressed before the spacers give way.
    static let centredTemplate = """
        {
          "name": "CentredTagsCell",
          "views": [
            {"id": "root", "kind": "stack", "axis": "horizontal", "distribution": "equalCentering",
             "spacing": 8},
            {"id": "tag", "kind": "label", "parent": "root", "field": "tag",
             "textStyle": {"font": "Inter", "size": 13, "lines": 1}, "compression": [100, 750]},
            {"id": "title", "kind": "label", "parent": "root", "field": "title",
             "textStyle": {"font": "Inter", "size": 13, "lines": 1}}
          ],
          "constraints": [
            "root.top == contentView.margins.top", "root.bottom == contentView.margins.bottom",
            "root.leading == contentView.margins.leading",
            "root.trailing == contentView.margins.trailing"
          ]
        }
        """

    @Test func aRowWhoseFieldPathMeetsANonObjectIsNamed() throws {
        let file = try Tool.temporaryFile("free.json", Self.freeTemplate)
        let data = try Tool.temporaryFile(
            "bad-posts.jsonl", "{\"author\": {\"name\": \"Ana\"}}\n\n{\"author\": \"Ana\"}\n")
        let result = try Tool.run(
            "listbench", ["--template", file, "--data", data, "--json", "--repeat", "1"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "\(file):2:12: field \"author.name\" goes through \"author\", which is a string, not an object (data line 3) (index path [0, 1])"
            ),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func plotIsAnSVG() throws {
        let path = try Tool.temporaryFile("plot.svg", "")
        let result = try Tool.run("listbench", ["--rows", "30", "--repeat", "1", "--plot", path])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("polyline") && svg.hasSuffix("</svg>\n"))
    }

    /// `--scenario chat|updates` prints the documented `scenario.*` keys.
    static func scenario(_ name: String, rows: Int) throws -> [String: Any] {
        let result = try Tool.run("listbench", ["--scenario", name, "--rows", "\(rows)", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let scenario = try #require(json["scenario"] as? [String: Any])
        #expect(scenario["name"] as? String == name)
        for key in [
            "max_anchor_drift", "over_budget", "apply_p99_us", "apply_p50_us", "heights_correct",
        ] {
            #expect(scenario[key] != nil, "scenario.\(key)")
        }
        return scenario
    }

    @Test func chatScenarioKeepsRowsOnScreenStillAndCountsNewRowsBelow() throws {
        // 400 rows: the chat opens with the newest 400 − 19 × 20 = 20 and
        // 19 pages come in above; 20 messages follow at the end and 20 more
        // arrive while scrolled up.
        let scenario = try Self.scenario("chat", rows: 400)
        #expect((scenario["max_anchor_drift"] as? NSNumber)?.doubleValue == 0)
        #expect(scenario["heights_correct"] as? Bool == true)
        let paths = try #require(scenario["paths"] as? [String: Any])
        for key in ["frames", "constraints_template"] {
            let path = try #require(paths[key] as? [String: Any])
            #expect(path["new_rows_below"] as? Int == 20)
            #expect(path["rows_at_end"] as? Int == 440)
            #expect(path["applies"] as? Int == 19 + 40)
        }
    }

    @Test func updatesScenarioKeepsTheFirstKeptRowStillAndHeightsCorrect() throws {
        let scenario = try Self.scenario("updates", rows: 500)
        #expect((scenario["max_anchor_drift"] as? NSNumber)?.doubleValue == 0)
        #expect(scenario["heights_correct"] as? Bool == true)
        let paths = try #require(scenario["paths"] as? [String: Any])
        let frames = try #require(paths["frames"] as? [String: Any])
        #expect((frames["applies"] as? Int ?? 0) > 5)
    }

    @Test func anUnknownScenarioIsAUsageError() throws {
        let result = try Tool.run("listbench", ["--scenario", "carousel"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("carousel"))
    }
}

@Suite struct TrellisCLITests {
    @Test func measureWritesOneObjectPerLineAndNamesABadLine() throws {
        let input = try Tool.temporaryFile(
            "measure.jsonl", "{\"subtitle\": \"Fox\"}\n{\"title\": \"no subtitle\"}\n")
        let process = Process()
        process.executableURL = Tool.directory.appendingPathComponent("trellis")
        process.arguments = ["measure", "--font", "Inter", "--size", "17", "--width", "287"]
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        // "Fox" is one line of Inter 17: 20.5739 pt (hhea 2728 + 680 over 2816 × 17).
        #expect(stdout.hasPrefix("{\"lines\": 1, "))
        #expect(stdout.contains("\"height\": 20.57386363636"))
        #expect(stderr.contains("line 2: missing field \"subtitle\""))
    }

    @Test func layoutWithAConflictLogsItAndStillReturnsFrames() throws {
        let file = TestPaths.repository.appendingPathComponent(
            "Tests/TrellisCellsTests/Fixtures/ConflictingCell.json"
        ).path
        let result = try Tool.run(
            "trellis", ["layout", file, "--width", "600", "--item", #"{"title": "Fox"}"#])
        #expect(result.status == 0)
        #expect(result.stderr.contains("Unable to simultaneously satisfy constraints."))
        #expect(
            result.stderr.contains(
                "Will attempt to recover by breaking constraint\n    \"box.width == 500\""))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let views = try #require(json["views"] as? [[String: Any]])
        #expect(views.map { $0["id"] as? String } == ["contentView", "box", "label"])
        // box keeps the width the leading/trailing pins give: 600 − 32 (at
        // 532 or less, the width of the file's fixed parts, the width is refused).
        #expect((views[1]["frame"] as? [NSNumber])?.map(\.doubleValue) == [16, 8, 568, 40])
    }

    @Test func layoutSyntaxErrorNamesThePosition() throws {
        let path = try Tool.temporaryFile(
            "bad.json", #"{"views": [{"id": "a", "kind": "view"}], "constraints": ["a.width = 3"]}"#
        )
        let result = try Tool.run("trellis", ["layout", path])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("bad.json:1:67: in \"a.width = 3\": Expected '==', '<=' or '>='")
        )
        #expect(result.stdout.isEmpty)
    }

    @Test func renderWritesAPNG() throws {
        let path = try Tool.temporaryFile("cells.png", "")
        let result = try Tool.run(
            "trellis", ["render", "--rows", "3", "--scale", "1", "--out", path])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }
}
