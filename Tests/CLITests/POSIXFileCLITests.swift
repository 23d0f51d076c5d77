// `trellis` reads and writes through POSIX calls and links no Foundation
// (docs/module-contracts.md): the process starts without loading Foundation
// and its ICU, and outputs behave as they did through FileHandle.

import Foundation
import Testing

@Suite struct POSIXFileCLITests {
    /// The dynamic libraries `trellis` loads hold no Foundation.
    @Test func trellisLinksNoFoundation() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        process.arguments = [Tool.directory.appendingPathComponent("trellis").path]
        let result = try Tool.run(process)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("libFoundationEssentials"), "\(result.stdout)")
        for library in ["libFoundation.so", "libFoundationInternationalization", "_FoundationICU"] {
            #expect(!result.stdout.contains(library), "trellis loads \(library)")
        }
    }

    /// `--out` naming a link to a regular file writes through the link
    /// (the link stays, the file holds only the new records), while a
    /// regular file is replaced whole.
    @Test func heightsWriteThroughALinkAndReplaceAFile() throws {
        let data = try Tool.temporaryFile("posix-rows.jsonl", HeightsCLITests.rows(20))
        let target = try Tool.temporaryFile(
            "posix-target.jsonl", String(repeating: "old contents\n", count: 2_000))
        let link = (target as NSString).deletingLastPathComponent + "/posix-link.jsonl"
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        for out in [link, target] {
            let result = try Tool.run(
                "trellis",
                [
                    "heights", "--template", "AnimalTableViewCell", "--data", data, "--widths",
                    "375", "--out", out,
                ])
            #expect(result.status == 0, "\(result.stderr)")
            let written = try String(contentsOfFile: target, encoding: .utf8)
            #expect(written.split(separator: "\n").count == 21, "\(out): \(written)")
            #expect(!written.contains("old contents"))
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: link)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    }

    /// A data file that cannot be read says so, with its path.
    @Test func aMissingDataFileIsNamed() throws {
        let result = try Tool.run(
            "trellis",
            [
                "heights", "--template", "AnimalTableViewCell", "--data", "/nonexistent/rows.jsonl",
                "--widths", "375", "--out", "-",
            ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/rows.jsonl"), "\(result.stderr)")
        #expect(result.stderr.contains("no such file"), "\(result.stderr)")
    }
}
