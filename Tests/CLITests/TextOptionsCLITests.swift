// The CLIs' text options: `trellis measure --markup/--fallback` and its
// "missing" count; `listbench --content-size/--fallback` and its count of
// rows with missing glyphs. Tests using `--fallback system` need Debian's
// fonts-noto-cjk (Scripts/bootstrap.sh installs it) and are skipped without it.
import Foundation
import Testing
import TrellisTestSupport

let notoCJKInstalled = FileManager.default.fileExists(
    atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")

@Suite struct TextOptionsCLITests {
    /// `trellis measure` with `rows` (JSON Lines) on standard input.
    func measure(_ rows: String, _ options: [String] = []) throws -> Tool.Result {
        let input = try Tool.temporaryFile("text-options-\(UUID().uuidString).jsonl", rows)
        let process = Process()
        process.executableURL = Tool.directory.appendingPathComponent("trellis")
        process.arguments =
            ["measure", "--font", "Inter", "--size", "17", "--width", "300"] + options
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Tool.Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    @Test func measureCountsTheCharactersNoFontHas() throws {
        // U+10FFFD (private use) is in no bundled font; Thai "ไทย" is three clusters.
        let result = try measure(
            "{\"subtitle\": \"Fox\"}\n{\"subtitle\": \"a \\udbff\\udffd b\"}\n{\"subtitle\": \"ไทย\"}\n"
        )
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix("\"missing\": 0}"))
        #expect(lines[1].hasSuffix("\"missing\": 1}"))
        #expect(lines[2].hasSuffix("\"missing\": 3}"))
    }

    @Test func measureReadsTheFieldAsMarkup() throws {
        // Entities decode to the text itself; bold is wider than regular.
        let plain = try measure("{\"subtitle\": \"Fox & hound\"}\n")
        let markup = try measure(
            "{\"subtitle\": \"Fox &amp; hound\"}\n{\"subtitle\": \"<b>Fox</b> &amp; hound\"}\n",
            ["--markup"])
        #expect(markup.status == 0)
        let lines = markup.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == plain.stdout.split(separator: "\n").first.map(String.init))
        func width(_ line: String) -> Double? {
            line.components(separatedBy: "\"width\": ").last?.split(separator: ",").first.flatMap {
                Double($0)
            }
        }
        #expect((width(lines[1]) ?? 0) > (width(lines[0]) ?? .infinity))
    }

    @Test func malformedMarkupNamesTheLineAndTheColumn() throws {
        let result = try measure(
            "{\"subtitle\": \"fine\"}\n{\"subtitle\": \"<b>Fox\"}\n", ["--markup"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "line 2: field \"subtitle\": malformed markup at 1:7: <b> is not closed"))
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test(.enabled(if: notoCJKInstalled, "needs fonts-noto-cjk (Scripts/bootstrap.sh)"))
    func systemFallbackMeasuresChineseWithTheSystemsFont() throws {
        // Pango 1.50.12, Inter 17 then the system's fonts: "你好" is 1 line,
        // 24.616 tall (Noto Sans CJK's line), 34 wide (two 1-em ideographs).
        let row = "{\"subtitle\": \"你好\"}\n"
        let bundled = try measure(row)
        let system = try measure(row, ["--fallback", "system"])
        #expect(bundled.stdout.contains("\"missing\": 2"))
        #expect(system.stdout.contains("\"missing\": 0"))
        #expect(system.stdout.contains("\"width\": 34.0, \"height\": 24.616"))
    }

    @Test func listbenchRunsAtTheLargestContentSize() throws {
        let large = try Tool.temporaryFile("heights-large.txt", "")
        let largest = try Tool.temporaryFile("heights-ax5.txt", "")
        let common = ["--rows", "40", "--repeat", "1", "--json", "--threads", "1"]
        let first = try Tool.run("listbench", common + ["--dump-heights", large])
        let second = try Tool.run(
            "listbench",
            common + [
                "--content-size", "accessibilityExtraExtraExtraLarge", "--dump-heights", largest,
            ])
        #expect(first.status == 0)
        #expect(second.status == 0)
        #expect(second.stdout.contains("\"content_size\": \"accessibilityExtraExtraExtraLarge\""))
        #expect(second.stdout.contains("\"rows_differing\": 0"))
        let small = try String(contentsOfFile: large, encoding: .utf8).split(separator: "\n")
            .compactMap { Double($0) }
        let big = try String(contentsOfFile: largest, encoding: .utf8).split(separator: "\n")
            .compactMap { Double($0) }
        #expect(small.count == 40 && big.count == 40)
        // Rows with text grow (labels set 53/17 as large, the body curve); a
        // row without a subtitle keeps its image's 64 pt, so none shrinks.
        #expect(zip(small, big).allSatisfy { $0 <= $1 })
        #expect(zip(small, big).filter { $0 < $1 }.count >= 35)
    }

    /// A stack-tree file's direct path takes `--content-size` as its
    /// constraints do: both measure at the larger size, their heights agree
    /// on every row and every direct frame equals the constraints' (the
    /// direct path once measured at `.large` whatever the option: every row
    /// differed, by up to 173 pt on PostCell.json at extraLarge).
    @Test func listbenchLaysAStackFileOutAtTheContentSize() throws {
        let file = TestPaths.repository.appendingPathComponent("Templates/PostCell.json").path
        let large = try Tool.temporaryFile("stack-heights-large.txt", "")
        let larger = try Tool.temporaryFile("stack-heights-xl.txt", "")
        let common = [
            "--template", file, "--rows", "40", "--repeat", "1", "--json", "--threads", "1",
        ]
        let first = try Tool.run("listbench", common + ["--dump-heights", large])
        let second = try Tool.run(
            "listbench", common + ["--content-size", "extraLarge", "--dump-heights", larger])
        #expect(first.status == 0 && second.status == 0, "\(second.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        let agreement = try #require(json["agreement"] as? [String: Any])
        #expect((agreement["rows_differing"] as? NSNumber)?.intValue == 0, "\(agreement)")
        let frames = try #require(json["direct_frames"] as? [String: Any])
        #expect((frames["differing"] as? NSNumber)?.intValue == 0, "\(frames)")
        #expect((frames["compared"] as? NSNumber)?.intValue == 80, "\(frames)")
        func heights(_ path: String) throws -> [Double] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                .compactMap { Double($0) }
        }
        let small = try heights(large)
        let big = try heights(larger)
        #expect(small.count == 40 && big.count == 40)
        #expect(zip(small, big).allSatisfy { $0 < $1 })
    }

    @Test func listbenchRefusesAnUnknownContentSize() throws {
        let result = try Tool.run("listbench", ["--content-size", "huge"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--content-size"))
    }

    @Test func listbenchCountsRowsWithMissingGlyphs() throws {
        let rows = """
            {"title": "Fox", "subtitle": "A red fox.", "image": [10, 10]}
            {"title": "Crane", "subtitle": "丹顶鹤 in Chinese", "image": [10, 10]}
            {"title": "Owl", "subtitle": "An owl.", "image": [10, 10]}

            """
        let data = try Tool.temporaryFile("missing-rows.jsonl", rows)
        let common = ["--data", data, "--rows", "3", "--repeat", "1", "--json", "--threads", "1"]
        let bundled = try Tool.run("listbench", common)
        #expect(bundled.status == 0)
        #expect(bundled.stdout.contains("\"rows_with_missing_glyphs\": 1"))
        if notoCJKInstalled {
            let system = try Tool.run("listbench", common + ["--fallback", "system"])
            #expect(system.status == 0)
            #expect(system.stdout.contains("\"rows_with_missing_glyphs\": 0"))
        }
    }

    @Test(.enabled(if: notoCJKInstalled, "needs fonts-noto-cjk (Scripts/bootstrap.sh)"))
    func listbenchTakesFallbackSystemWithATemplateFile() throws {
        // The file's labels end in the system's fonts, as the built-in
        // frames' do: both paths measure "丹顶鹤" with Noto Sans CJK, and
        // their heights agree on every row (a file left with its bundled
        // fallbacks draws missing-glyph boxes, on Inter's shorter line).
        let rows = """
            {"title": "Crane", "subtitle": "丹顶鹤 in Chinese, a crane of East Asia", "image": [10, 10]}
            {"title": "鹤", "subtitle": "A crane.", "image": [10, 10]}
            {"title": "Owl", "subtitle": "An owl.", "image": [10, 10]}

            """
        let data = try Tool.temporaryFile("fallback-rows.jsonl", rows)
        let file = TestPaths.repository.appendingPathComponent("Templates/AnimalTableViewCell.json")
            .path
        let result = try Tool.run(
            "listbench",
            [
                "--template", file, "--data", data, "--rows", "3", "--repeat", "1", "--json",
                "--fallback", "system",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let agreement = try #require(json["agreement"] as? [String: Any])
        #expect((agreement["max_height_diff"] as? NSNumber)?.doubleValue == 0)
    }
}
