// The box trees of issue 40 (TrellisSamples' `BoxTrees`) against Taffy's
// frames of the same trees as flexbox nodes, recorded by
//
//   python3 Scripts/taffy-trees.py --frames | grep -v '"column10000"' \
//       > Tests/TrellisCellsTests/Fixtures/taffy-box-trees.jsonl
//
// (Taffy 0.x through `stretchable` 1.1.8 from PyPI; the column of 10,000
// boxes is left out of the file for its size and checked by
// Scripts/taffy-benchmark.sh on every run). Both Trellis paths, the direct
// one and the constraints, must put every edge of every node, in the content
// view's coordinates, within half a pixel (scale 3) of Taffy's unrounded
// edge, since Trellis rounds each edge there to the pixel grid, and give the
// cell's height rounded up to the grid.

import Foundation
import Testing
import TrellisSamples
import TrellisTestSupport
import TrellisViews

@Suite struct TaffyBoxTreeFrameTests {
    struct Record {
        var tree: String
        var width: Double
        var height: Double
        var parents: [Int]
        var frames: [[Double]]
    }

    static func records() throws -> [Record] {
        let path = TestPaths.fixture("taffy-box-trees.jsonl", of: "TrellisCellsTests")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return Record(
                tree: try #require(object["tree"] as? String),
                width: try #require((object["width"] as? NSNumber)?.doubleValue),
                height: try #require((object["height"] as? NSNumber)?.doubleValue),
                parents: try #require(object["parents"] as? [Int]),
                frames: try #require(object["frames"] as? [[NSNumber]]).map {
                    $0.map(\.doubleValue)
                })
        }
    }

    /// Each node's edges (minX, minY, maxX, maxY) in the content view's
    /// coordinates, from frames in their parents' coordinates.
    static func edges(_ frames: [[Double]], parents: [Int]) -> [[Double]] {
        var result: [[Double]] = []
        for (frame, parent) in zip(frames, parents) {
            var x = frame[0]
            var y = frame[1]
            if parent >= 0 {
                x += result[parent][0]
                y += result[parent][1]
            }
            result.append([x, y, x + frame[2], y + frame[3]])
        }
        return result
    }

    @Test func bothPathsPutEveryEdgeWhereTaffyDoes() throws {
        let records = try Self.records()
        // Every tree but the longest column, each at all its widths.
        #expect(records.count == 9)
        let halfPixel = 0.5 / 3 + 1e-9
        for record in records {
            let tree = try #require(BoxTrees.tree(record.tree), "\(record.tree)")
            var direct = DirectStackLayout()
            let paths = [
                ("direct", try direct.layout(tree, width: record.width)),
                ("constraints", tree.constraintsLayout(width: record.width)),
            ]
            let theirs = Self.edges(record.frames, parents: record.parents)
            for (path, layout) in paths {
                let place = "\(record.tree) at \(record.width), \(path)"
                #expect(layout.frames.count == record.frames.count, "\(place)")
                #expect(
                    layout.height - record.height >= 0 && layout.height - record.height < 1.0 / 3,
                    "\(place): height \(layout.height), Taffy \(record.height)")
                let ours = Self.edges(
                    layout.frames.map { [$0.minX, $0.minY, $0.width, $0.height] },
                    parents: record.parents)
                var differing = 0
                for (index, (a, b)) in zip(ours, theirs).enumerated()
                where zip(a, b).contains(where: { abs($0 - $1) > halfPixel }) {
                    differing += 1
                    if differing <= 3 { Issue.record("\(place): node \(index) \(a), Taffy \(b)") }
                }
                #expect(differing == 0, "\(place): \(differing) nodes differ")
            }
        }
    }
}
