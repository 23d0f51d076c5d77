// `trellis heights` end to end: records in input order, the cache key
// header, threads and shards that do not change the output, --expect,
// CSV, content sizes, and bad input that leaves nothing partial.

import Foundation
import Testing
import TrellisTestSupport

@Suite struct HeightsCLITests {
    /// Rows with ids, texts of many lengths, some images.
    static func rows(_ count: Int) -> String {
        let words = [
            "the", "red", "fox", "jumps", "Съешь", "булок", "🙂", "windowsill", "a",
            "supercalifragilistic",
        ]
        var random: UInt64 = 12345
        func next() -> Int {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            return Int(random >> 33)
        }
        return (0..<count).map { index in
            let title = (0...(next() % 3)).map { _ in words[next() % words.count] }.joined(
                separator: " ")
            let subtitle = (0..<(next() % 50)).map { _ in words[next() % words.count] }.joined(
                separator: " ")
            let image =
                index % 3 == 0 ? ", \"image\": [\(100 + next() % 800), \(100 + next() % 800)]" : ""
            return
                "{\"id\": \"r\(index)\", \"title\": \"\(title)\", \"subtitle\": \"\(subtitle)\"\(image)}"
        }.joined(separator: "\n") + "\n"
    }

    static func records(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    static func heights(_ records: [[String: Any]]) -> [String] {
        records.filter { $0["row"] != nil }.map { record in
            ["row", "id", "width", "scale", "contentSize", "height"].map { "\(record[$0] ?? "-")" }
                .joined(separator: " ")
        }
    }

    @Test func recordsInInputOrderWithACacheKeyAndTheSameOnAnyThreadsOrShards() throws {
        let data = try Tool.temporaryFile("heights-rows.jsonl", Self.rows(400))
        let one = try Tool.temporaryFile("heights-1.jsonl", "")
        let two = try Tool.temporaryFile("heights-2.jsonl", "")
        var result = try Tool.run(
            "trellis",
            [
                "heights", "--template", "AnimalTableViewCell", "--data", data, "--widths",
                "320,375", "--scales", "2,3",
                "--threads", "1", "--out", one,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        result = try Tool.run(
            "trellis",
            [
                "heights", "--template", "AnimalTableViewCell", "--data", data, "--widths",
                "320,375", "--scales", "2,3",
                "--threads", "2", "--batch-size", "37", "--out", two,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let first = try Self.records(one)
        let header = try #require(first.first?["header"] as? [String: Any])
        #expect((header["cacheKey"] as? String)?.count == 16)
        #expect((header["fonts"] as? [Any])?.isEmpty == false)
        let body = Self.heights(first)
        #expect(body.count == 400 * 2 * 2)
        #expect(body[0].hasPrefix("0 r0 320 2 large "))
        #expect(body[1].hasPrefix("0 r0 375 2 large "))
        #expect(body[2].hasPrefix("0 r0 320 3 large "))
        #expect(body == Self.heights(try Self.records(two)))

        // Three shards, merged by row, are the unsharded output.
        var merged: [String] = []
        for shard in 0..<3 {
            let part = try Tool.temporaryFile("heights-shard\(shard).jsonl", "")
            let run = try Tool.run(
                "trellis",
                [
                    "heights", "--template", "AnimalTableViewCell", "--data", data, "--widths",
                    "320,375", "--scales",
                    "2,3", "--shard", "\(shard)/3", "--out", part,
                ])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = Self.heights(try Self.records(part))
            #expect(lines.allSatisfy { Int($0.split(separator: " ")[0])! % 3 == shard })
            merged += lines
        }
        let order = { (line: String) in Int(line.split(separator: " ")[0])! }
        #expect(merged.sorted { order($0) < order($1) } == body.sorted { order($0) < order($1) })
        let stableMerged = merged.enumerated().sorted {
            (order($0.element), $0.offset) < (order($1.element), $1.offset)
        }
        .map(\.element)
        #expect(stableMerged == body)
    }

    @Test func expectReportsTheRowsThatDiffer() throws {
        let data = try Tool.temporaryFile("expect-rows.jsonl", Self.rows(50))
        let ours = try Tool.temporaryFile("expect-ours.jsonl", "")
        var result = try Tool.run(
            "trellis",
            [
                "heights", "--template", "AnimalTableViewCell", "--data", data, "--widths", "375",
                "--out", ours,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        // A device's heights: row 7 off by a third of a point (a pixel at 3×), row 20 by 10.
        var lines = try String(contentsOfFile: ours, encoding: .utf8).split(separator: "\n").map(
            String.init)
        func shift(_ row: Int, by delta: Double) throws {
            let index = try #require(lines.firstIndex { $0.hasPrefix("{\"row\": \(row),") })
            var record = try #require(
                try JSONSerialization.jsonObject(with: Data(lines[index].utf8)) as? [String: Any])
            record["height"] = (record["height"] as! NSNumber).doubleValue + delta
            lines[index] = String(
                decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
        }
        try shift(7, by: 1.0 / 3)
        try shift(20, by: 10)
        let device = try Tool.temporaryFile(
            "expect-device.jsonl", lines.joined(separator: "\n") + "\n")
        let again = try Tool.temporaryFile("expect-again.jsonl", "")
        result = try Tool.run(
            "trellis",
            [
                "heights", "--template", "AnimalTableViewCell", "--data", data, "--widths", "375",
                "--expect", device, "--max-worse", "1",
                "--out", again,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("50 heights, 48 exact, 1 within 1 pixel, 1 worse"),
            "\(result.stderr)")
        let summary = try #require(try Self.records(again).last?["expect"] as? [String: Any])
        let worst = try #require(summary["worst"] as? [[String: Any]])
        #expect(worst.map { ($0["row"] as? NSNumber)?.intValue } == [20, 7])
        // The row-number convention: each row also named by its data line (1-based).
        #expect(worst.map { ($0["line"] as? NSNumber)?.intValue } == [21, 8])
        #expect(result.stderr.contains("  (data line 21) row 20 width 375 "), "\(result.stderr)")
        #expect((worst.first?["difference"] as? NSNumber)?.doubleValue == 10)
    }

    @Test func csvAndContentSizesOfATemplateFile() throws {
        let template = TestPaths.repository.appendingPathComponent(
            "Templates/AnimalTableViewCell.json"
        )
        .path
        let data = try Tool.temporaryFile("sizes-rows.jsonl", Self.rows(30))
        let out = try Tool.temporaryFile("sizes.csv", "")
        let result = try Tool.run(
            "trellis",
            [
                "heights", "--template", template, "--data", data, "--widths", "375",
                "--content-sizes",
                "large,accessibilityExtraLarge", "--format", "csv", "--out", out,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines[0].hasPrefix("# trellis "))
        #expect(lines[1] == "row,id,width,scale,contentSize,height")
        #expect(lines.count == 2 + 60)
        // Bigger text, taller cells (the subtitle wraps onto more lines).
        var taller = 0
        for row in 0..<30 {
            let large = Double(lines[2 + 2 * row].split(separator: ",").last!)!
            let huge = Double(lines[3 + 2 * row].split(separator: ",").last!)!
            #expect(lines[3 + 2 * row].contains(",accessibilityExtraLarge,"))
            if huge > large { taller += 1 }
            #expect(huge >= large)
        }
        #expect(taller > 20)
    }

    /// Rows are parsed and records formatted on every thread: the bytes
    /// written do not depend on the threads or the batch size, in both
    /// formats, with ids of every JSON kind.
    @Test func outputBytesAreTheSameOnAnyThreadsAndBatchSizes() throws {
        let ids = [
            "\"plain\"", "\"a,\\\"quoted\\\"\\nid\"", "7", "2.5", "null", "true", "[1, \"x\"]",
        ]
        let rows = Self.rows(500).split(separator: "\n").enumerated().map { index, row in
            // Replace the generated id by one of every kind, or drop it.
            let rest = row.drop { $0 != "," }
            return index % 8 == 7
                ? "{" + rest.dropFirst() : "{\"id\": \(ids[index % 8 % ids.count])" + rest
        }
        let data = try Tool.temporaryFile("bytes-rows.jsonl", rows.joined(separator: "\n\n") + "\n")
        for format in ["jsonl", "csv"] {
            var outputs: [String: Data] = [:]
            for (threads, batch) in [("1", "2048"), ("2", "1"), ("2", "37"), ("3", "100")] {
                let out = try Tool.temporaryFile("bytes-\(format)-\(threads)-\(batch)", "")
                let result = try Tool.run(
                    "trellis",
                    [
                        "heights", "--template", "AnimalTableViewCell", "--data", data, "--widths",
                        "320,375.5", "--scales", "2,3", "--threads", threads, "--batch-size", batch,
                        "--format", format, "--out", out,
                    ])
                #expect(result.status == 0, "\(result.stderr)")
                outputs["\(threads)/\(batch)"] = try Data(contentsOf: URL(fileURLWithPath: out))
            }
            let reference = try #require(outputs["1/2048"])
            if format == "jsonl" {
                // Every record is JSON with the row's id as the row gave it.
                let lines = String(decoding: reference, as: UTF8.self).split(separator: "\n")
                for line in lines.dropFirst() {
                    let record = try #require(
                        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                    let row = try #require(record["row"] as? Int)
                    #expect(record["height"] is Double || record["height"] is Int)
                    #expect((record["id"] == nil) == (row % 8 == 7), "\(line)")
                }
            }
            #expect(reference.count > 500 * 4 * 30)
            for (key, bytes) in outputs { #expect(bytes == reference, "\(format) \(key)") }
        }
    }

    /// With several bad rows in one batch, or in batches in flight at once,
    /// on several threads, the first one in the file is reported, whatever
    /// its kind.
    @Test func theFirstBadRowIsReportedWhateverTheThreads() throws {
        var rows = Self.rows(400).split(separator: "\n").map(String.init)
        // Line 301 malformed, line 221 over the text limit, line 261 not a string.
        rows[300] = "{\"title\": \"x\", \"subtitle\": [1]"
        rows[220] = "{\"subtitle\": \"" + String(repeating: "w", count: 3000) + "\"}"
        rows[260] = "{\"title\": false}"
        let data = try Tool.temporaryFile("first-bad.jsonl", rows.joined(separator: "\n") + "\n")
        let out = try Tool.temporaryFile("first-bad-out.jsonl", "")
        for threads in ["1", "2", "3"] {
            // Batches of 16: rows 221, 261 and 301 are in three batches.
            for batch in ["2048", "16"] {
                let result = try Tool.run(
                    "trellis",
                    [
                        "heights", "--template", "AnimalTableViewCell", "--data", data, "--widths",
                        "375", "--threads", threads, "--batch-size", batch,
                        "--max-text-length", "2000", "--out", out,
                    ])
                #expect(result.status == 2)
                #expect(
                    result.stderr.contains(
                        "first-bad.jsonl:221: the row's texts hold 3000 bytes, more than --max-text-length 2000"
                    ), "threads \(threads), batch \(batch): \(result.stderr)")
            }
        }
    }

    @Test func badInputLeavesNothingPartialAndSaysWhere() throws {
        let good = Self.rows(300).split(separator: "\n")
        let data = try Tool.temporaryFile(
            "bad-rows.jsonl",
            (good[0..<250] + ["{\"title\": 3}"] + good[250...]).joined(separator: "\n") + "\n")
        let directory = try TestScratch.folder("heights")
        let out = directory.appendingPathComponent("out.jsonl").path
        let result = try Tool.run(
            "trellis",
            [
                "heights", "--template", "AnimalTableViewCell", "--data", data, "--widths", "375",
                "--batch-size", "64",
                "--out", out,
            ])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "bad-rows.jsonl:251: field \"title\" must be a string, not a number"),
            "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)

        for arguments in [
            ["--shard", "3/2"], ["--widths", "0"], ["--scales", "9"], ["--format", "xml"],
        ] {
            var full = [
                "heights", "--template", "AnimalTableViewCell", "--data", data, "--widths", "375",
                "--out", out,
            ]
            for (k, value) in arguments.enumerated() where k % 2 == 0 {
                if let index = full.firstIndex(of: value) {
                    full[index + 1] = arguments[k + 1]
                } else {
                    full += [value, arguments[k + 1]]
                }
            }
            let run = try Tool.run("trellis", full)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
        }
        let missing = try Tool.run(
            "trellis",
            [
                "heights", "--template", "/nonexistent/cell.json", "--data", data, "--widths",
                "375", "--out", out,
            ])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("cannot read the template file"))
    }

    @Test func anUntrustedTemplateTakesFontsOnlyFromAllowedFolders() throws {
        let data = try Tool.temporaryFile("font-rows.jsonl", Self.rows(3))
        let out = try Tool.temporaryFile("font-out.jsonl", "")
        for font in [
            "/etc/passwd.ttf", "../../../../../etc/fonts/x.ttf", "/nonexistent/secret.otf",
        ] {
            let template = try Tool.temporaryFile(
                "font-cell.json",
                #"{"views": [{"id": "t", "kind": "label", "field": "title", "font": "\#(font)"}], "constraints": ["t.top == contentView.top", "t.bottom == contentView.bottom", "t.leading == contentView.leading"]}"#
            )
            let result = try Tool.run(
                "trellis",
                [
                    "heights", "--template", template, "--data", data, "--widths", "375", "--out",
                    out,
                ])
            #expect(result.status == 2)
            #expect(
                result.stderr.contains(
                    "font \"\(font)\" is outside the allowed folders (the bundled fonts, the template's folder, --font-dir)"
                ),
                "\(result.stderr)")
        }
        let many = try Tool.temporaryFile(
            "many-views.json",
            #"{"views": ["#
                + (0..<30).map { #"{"id": "v\#($0)", "kind": "view"}"# }.joined(separator: ", ")
                + "]}")
        let limited = try Tool.run(
            "trellis",
            [
                "heights", "--template", many, "--data", data, "--widths", "375", "--max-views",
                "10", "--out", out,
            ])
        #expect(limited.status == 2)
        #expect(limited.stderr.contains("30 views, more than --max-views 10"), "\(limited.stderr)")
    }

    /// `--path frames` on a template file that is a tree of stacks lays
    /// every row out directly: the same heights as `--path constraints`.
    /// A file with free constraints still says why it has no frame path.
    @Test func aStackTreeFileHasAFramePathWithTheConstraintsHeights() throws {
        let file = TestPaths.repository.appendingPathComponent(
            "Tests/TrellisCellsTests/Fixtures/SampleStackCell.json"
        ).path
        let data = TestPaths.repository.appendingPathComponent(
            "Tests/TrellisCellsTests/Fixtures/user-rows.jsonl"
        ).path
        let frames = try Tool.temporaryFile("stack-frames.jsonl", "")
        let constraints = try Tool.temporaryFile("stack-constraints.jsonl", "")
        for (path, out) in [("frames", frames), ("constraints", constraints)] {
            let result = try Tool.run(
                "trellis",
                [
                    "heights", "--template", file, "--data", data, "--widths", "320,375",
                    "--scales", "2,3", "--path", path,
                    "--out", out,
                ])
            #expect(result.status == 0, "\(path): \(result.stderr)")
        }
        let direct = Self.heights(try Self.records(frames))
        #expect(direct.count == 61 * 2 * 2)
        #expect(direct == Self.heights(try Self.records(constraints)))
        let free = try Tool.temporaryFile(
            "free-heights.json",
            #"{"views": [{"id": "t", "kind": "label", "field": "title"}], "constraints": ["t.top == contentView.top", "t.bottom == contentView.bottom", "t.leading == contentView.leading"]}"#
        )
        let refused = try Tool.run(
            "trellis",
            [
                "heights", "--template", free, "--data", data, "--widths", "375", "--path",
                "frames", "--out", frames,
            ])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--path frames: \(free):1:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("use --path constraints"), "\(refused.stderr)")
    }
}
