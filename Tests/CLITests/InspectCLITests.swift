// `trellis inspect` end to end: pages written whole, bad input refused with
// `trellis layout`'s errors and nothing written, and `--watch`.

import Foundation
import Testing
import TrellisTestSupport

@Suite struct InspectCLITests {
    static let badTemplate = """
        {
          "name": "Bad",
          "views": [
            {"id": "title", "kind": "label", "font": "Inter", "size": 13},
          ]
        }

        """

    /// A template whose label reads `title.first`: a row whose title is a string cannot show it.
    static let nestedField = """
        {"name": "Nested", "views": [{"id": "t", "kind": "label", "field": "title.first", "font": "Inter", "size": 13, "lines": 1}],
         "constraints": ["t.left == contentView.left", "t.top == contentView.top", "contentView.bottom == t.bottom"]}
        """

    /// Files in the folder of `path` whose names start with its name (the page, partial pages, the watch script).
    func siblings(of path: String) throws -> [String] {
        let url = URL(fileURLWithPath: path)
        return try FileManager.default.contentsOfDirectory(
            atPath: url.deletingLastPathComponent().path
        )
        .filter { $0.hasPrefix(url.lastPathComponent) }
    }

    @Test func writesOneCellPerRowAndWidth() throws {
        let out = try Tool.temporaryFile("inspect-animal.html", "")
        try FileManager.default.removeItem(atPath: out)
        let result = try Tool.run(
            "trellis",
            [
                "inspect", "--template", "AnimalTableViewCell", "--rows", "2", "--widths",
                "320,375", "--out", out,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(page.components(separatedBy: "<article class=\"cell").count - 1 == 4)
        #expect(page.hasPrefix("<!doctype html>") && page.hasSuffix("</html>\n"))
        // Self-contained: nothing fetched from elsewhere.
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src=\""))
        #expect(try siblings(of: out) == ["inspect-animal.html"])
    }

    @Test func badTemplateFileGivesLayoutsErrorAndNoPage() throws {
        let template = try Tool.temporaryFile("inspect-bad.json", Self.badTemplate)
        let out = template + ".html"
        let layout = try Tool.run("trellis", ["layout", template])
        let inspect = try Tool.run("trellis", ["inspect", "--template", template, "--out", out])
        #expect(inspect.status == 2 && layout.status == 2)
        // file:line:column of the stray comma's closing bracket, as `trellis layout` says it.
        #expect(
            inspect.stderr
                == "trellis: error: \(template):5:3: unexpected character, expected a value\n")
        #expect(inspect.stderr == layout.stderr)
        #expect(try siblings(of: out).isEmpty)
    }

    @Test func badRowLeavesTheLastPageAsItWas() throws {
        let template = try Tool.temporaryFile("inspect-nested.json", Self.nestedField)
        let data = try Tool.temporaryFile(
            "inspect-rows.jsonl", "{\"title\": {\"first\": \"Ada\"}}\n{\"title\": \"plain\"}\n")
        let out = try Tool.temporaryFile("inspect-kept.html", "the last good page")
        let result = try Tool.run(
            "trellis", ["inspect", "--template", template, "--data", data, "--out", out])
        #expect(result.status == 2)
        // The view's place in the template (line 1, column 30: its object's opening brace) and the row's data line.
        #expect(
            result.stderr
                == "trellis: error: Nested: \(template):1:30: field \"title.first\" goes through \"title\", which is a string, not an object (data line 2)\n"
        )
        let layout = try Tool.run(
            "trellis", ["layout", template, "--item", "{\"title\": \"plain\"}"])
        #expect(
            layout.stderr
                == result.stderr.replacingOccurrences(of: "data line 2", with: "data line 1"))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "the last good page")
        #expect(try siblings(of: out) == ["inspect-kept.html"])
    }

    @Test func contentSizeOfABuiltInTemplateIsAUsageError() throws {
        let result = try Tool.run(
            "trellis",
            [
                "inspect", "--template", "FeedCell", "--content-size", "extraLarge", "--out",
                "/tmp/never.html",
            ])
        #expect(result.status == 64)
        #expect(result.stderr.contains("has fixed font sizes"))
    }

    @Test func watchRewritesThePageAndItsStampWhenTheDataChanges() throws {
        let template = TestPaths.repository("Templates/AnimalTableViewCell.json")
        let data = try Tool.temporaryFile(
            "inspect-watch.jsonl", "{\"title\": \"Before\", \"subtitle\": \"one\"}\n")
        let out = try Tool.temporaryFile("inspect-watch.html", "")
        try FileManager.default.removeItem(atPath: out)
        let script = out + ".watch.js"
        try? FileManager.default.removeItem(atPath: script)
        let process = Process()
        process.executableURL = Tool.directory.appendingPathComponent("trellis")
        process.arguments = [
            "inspect", "--template", template, "--data", data, "--widths", "320", "--out", out,
            "--watch",
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        func waitFor(_ condition: () -> Bool) -> Bool {
            for _ in 0..<100 {
                if condition() { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }
        func read(_ path: String) -> String {
            (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
        #expect(waitFor { read(out).contains("Before") && !read(script).isEmpty })
        let firstStamp = read(script)
        // The page polls the script and reloads when the stamp is not its own.
        #expect(read(out).contains("window.trellisWatch = \"inspect-watch.html.watch.js\""))
        #expect(firstStamp.hasPrefix("window.trellisStampOnDisk = "))
        // A new modification time, whatever the file system's precision.
        Thread.sleep(forTimeInterval: 1.1)
        try "{\"title\": \"After\", \"subtitle\": \"two\"}\n".write(
            toFile: data, atomically: true, encoding: .utf8)
        #expect(waitFor { read(out).contains("After") })
        #expect(waitFor { read(script) != firstStamp })
        // The new page carries the stamp the script now holds: an open page reloads once.
        let stamp = read(script).split(separator: "\"").dropFirst().first.map(String.init) ?? ""
        #expect(read(out).contains("window.trellisStamp = \"\(stamp)\";"))
    }
}
