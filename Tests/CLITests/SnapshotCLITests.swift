import Foundation
import Testing
import TrellisTestSupport

/// `trellis snapshot`: golden files written, checked equal, and a template
/// change reported view by view with exit code 1; bad input named.
@Suite struct SnapshotCLITests {
    static func folder(_ name: String) throws -> String {
        let url = TestScratch.root.appendingPathComponent("snapshot-\(name)")
        try? FileManager.default.removeItem(at: url)
        return url.path
    }

    @Test func aFolderChecksEqualToItsOwnOutput() throws {
        let out = try Self.folder("equal")
        let written = try Tool.run(
            "trellis",
            [
                "snapshot", "--template", "AnimalTableViewCell", "--rows", "3", "--widths",
                "320,375", "--png", "--out", out,
            ])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("wrote 12 golden files"))
        let frames = try String(contentsOfFile: out + "/row-0001@375.frames.txt", encoding: .utf8)
        #expect(frames.hasPrefix("AnimalTableViewCell (0, 0, 375, "))
        #expect(frames.contains("\n  cover (16, 16, 40, 40)\n"))
        let checked = try Tool.run("trellis", ["snapshot", "--check", out])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains("all 12 golden files in \(out) match"))
    }

    @Test func aTemplateChangeFailsWithTheViewsThatMovedAndByHowMuch() throws {
        let out = try Self.folder("changed")
        let original = try String(
            contentsOf: TestPaths.repository.appendingPathComponent(
                "Templates/AnimalTableViewCell.json"), encoding: .utf8)
        let template = try Tool.temporaryFile("snapshot-cell.json", original)
        let written = try Tool.run(
            "trellis",
            ["snapshot", "--template", template, "--rows", "2", "--widths", "375", "--out", out])
        #expect(written.status == 0, "\(written.stderr)")
        // 4 more points between title and subtitle: the subtitle moves down 4, the cell grows 4.
        let changed = original.replacingOccurrences(
            of: "\"subtitle.top == title.bottom + inset\"",
            with: "\"subtitle.top == title.bottom + 20\"")
        #expect(changed != original)
        try changed.write(toFile: template, atomically: true, encoding: .utf8)
        let checked = try Tool.run("trellis", ["snapshot", "--check", out])
        #expect(checked.status == 1)
        #expect(
            checked.stdout.contains(
                "row-0000@375.frames.txt: 2 views changed:"))
        #expect(
            checked.stdout.contains(
                "  AnimalTableViewCell/subtitle: moved by (0, +4): (72, 48, 287, "))
        #expect(checked.stdout.contains("  AnimalTableViewCell: resized by (0, +4): (0, 0, 375, "))
        #expect(checked.stdout.contains("2 of 2 golden files in \(out) differ"))
    }

    @Test func aMissingFolderIsADataErrorNamingIt() throws {
        let result = try Tool.run("trellis", ["snapshot", "--check", "/nonexistent/golden"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/golden: no such folder"))
    }

    @Test func aMalformedGoldenFileIsADataErrorNamingItsLineAndColumn() throws {
        let out = try Self.folder("malformed")
        let written = try Tool.run(
            "trellis",
            ["snapshot", "--template", "FeedCell", "--rows", "1", "--widths", "320", "--out", out])
        #expect(written.status == 0, "\(written.stderr)")
        try "FeedCell (0, 0, 320, 100)\n  avatar (12, 12, 40)\n".write(
            toFile: out + "/row-0000@320.frames.txt", atomically: true, encoding: .utf8)
        let result = try Tool.run("trellis", ["snapshot", "--check", out])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "row-0000@320.frames.txt:2:10: a frame has 4 numbers (x, y, width, height), found 3"
            ))
    }

    @Test func aMalformedManifestIsADataErrorNamingIt() throws {
        let out = try Self.folder("manifest")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try "{\"template\": \"FeedCell\"}".write(
            toFile: out + "/snapshot.json", atomically: true, encoding: .utf8)
        let result = try Tool.run("trellis", ["snapshot", "--check", out])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(out)/snapshot.json: not a snapshot manifest: no \""))
    }

    @Test func anUnknownTemplateIsAUsageError() throws {
        let result = try Tool.run(
            "trellis",
            ["snapshot", "--template", "NoSuchCell", "--out", try Self.folder("unknown")])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown template 'NoSuchCell'"))
    }
}
