// listbench and trellis render with compositional layouts, end to end.

import Foundation
import Testing
import TrellisTestSupport

@Suite struct CompositionalCLITests {
    static func layout(_ name: String) -> String {
        TestPaths.repository.appendingPathComponent("Layouts/\(name)").path
    }

    @Test func dumpFramesWritesEveryItemInContentCoordinates() throws {
        // Apple's two-column grid at 375: items (375 − 20 − 10) / 2 = 172.5
        // wide, rows 44 tall and 10 apart inside 10-point insets.
        let out = try Tool.temporaryFile("two-column-frames.txt", "")
        let result = try Tool.run(
            "listbench",
            [
                "--layout", Self.layout("TwoColumnGrid.json"), "--dump-frames", out, "--repeat",
                "1", "--json",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try String(contentsOfFile: out, encoding: .utf8)
                == "0 0 10 10 172.5 44\n0 1 192.5 10 172.5 44\n0 2 10 64 172.5 44\n0 3 192.5 64 172.5 44\n0 4 10 118 172.5 44\n"
        )
    }

    @Test func orthogonalSectionsAreDumpedAtOffsetZero() throws {
        // The carousel's second group starts 0.85 × 375 = 318.75 in, past the screen.
        let out = try Tool.temporaryFile("orthogonal-frames.txt", "")
        let result = try Tool.run(
            "listbench",
            [
                "--layout", Self.layout("OrthogonalSections.json"), "--dump-frames", out,
                "--repeat", "1", "--json",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 9)
        #expect(lines[3] == "0 3 328.75 10 203.125 304.8")  // group height 0.4 × 812 = 324.8
    }

    @Test func aBadLayoutFileIsADataErrorWithItsPosition() throws {
        let file = try Tool.temporaryFile(
            "bad-layout.json",
            #"{"sections": [{"items": 1, "group": {"axis": "horizontal", "widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}, "subitems": []}}]}"#
        )
        let result = try Tool.run("listbench", ["--layout", file])
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad-layout.json:1:151: an empty group"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func dumpFramesNeedsACompositionalLayout() throws {
        let result = try Tool.run("listbench", ["--dump-frames", "/tmp/x.txt"])
        #expect(result.status == 64)
    }

    @Test func renderDrawsALayoutFile() throws {
        let out = try Tool.temporaryFile("badges.png", "")
        let result = try Tool.run(
            "trellis",
            [
                "render", "--layout", Self.layout("Badges.json"), "--template",
                "BirdCollectionViewCell", "--scale", "1",
                "--out", out,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        // 375 wide; 20 + 2 rows × 67 + 20 = 174 tall.
        #expect(result.stderr.contains("375×174 px, 5 cells"))
    }
}
