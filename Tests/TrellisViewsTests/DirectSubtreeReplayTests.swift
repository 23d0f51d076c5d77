// The share-out below a stack replayed in general heights passes
// (`_DirectPlan.replayArranged`) against the general planner on every row:
// the same height and frames to the bit, or the same refusal. Rows of random
// card-like trees (texts, hidden views, image ratios and cell widths
// changing; columns inside rows), every row's heights pass run (no row
// copied whole), and a row aligned by baselines, whose stack is never
// replayed.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectSubtreeReplayTests {
    typealias Cards = DirectWidthReplayTests

    /// Lays out `rows` rows of `tree` with one kept layout (whole rows not
    /// replayed, stacks' subtrees replayed) and each with a new general
    /// planner: the mismatches, described.
    static func compare(
        _ tree: StackTree, rows: Int, _ random: inout SplitMix64,
        counts: inout (rows: Int, laidOut: Int, replays: Int)
    ) -> [String] {
        var kept = DirectStackLayout()
        kept.plan.replayingHeights = false
        var mismatches: [String] = []
        for k in 0..<rows {
            let row = Cards.row(of: tree, &random, hiding: k % 3 == 2)
            let width = [320.0, 375][Int(random.next() % 2)]
            let got = kept.result { (layout) throws(DirectStackLayoutError) in
                try layout.layout(row, of: tree, width: width)
            }
            var general = DirectStackLayout()
            general.plan.replayingHeights = false
            general.plan.replayingWidths = false
            general.plan.replayingSubtrees = false
            let expected = general.result { (layout) throws(DirectStackLayoutError) in
                try layout.layout(tree.applying(row), width: width)
            }
            counts.rows += 1
            if case .success = expected { counts.laidOut += 1 }
            if got != expected {
                mismatches.append("row \(k) at \(width): replayed \(got), general \(expected)")
            }
        }
        counts.replays += kept.plan.subtreeReplays
        return mismatches
    }

    @Test func replayedSubtreesGiveTheGeneralPlannersLayoutRowAfterRow() {
        var random = SplitMix64(seed: 0x5B_7EE)
        var counts = (rows: 0, laidOut: 0, replays: 0)
        var mismatches: [String] = []
        for _ in 0..<150 {
            let tree = DirectHeightReplayTests.card(&random)
            mismatches += Self.compare(tree, rows: 24, &random, counts: &counts)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "\n"))")
        // The comparison says something: most rows laid out, many stacks replayed.
        #expect(counts.laidOut * 2 > counts.rows, "\(counts)")
        #expect(counts.replays * 2 > counts.rows, "\(counts)")
    }

    /// A row aligned by first baselines reads its labels' baselines: its
    /// stack has no key, so it is never replayed (every row still equals
    /// the general planner's).
    @Test func aStackWhoseHeightsReadBaselinesIsNeverReplayed() {
        let style = TextStyle(fonts: Cards.inter, size: 15)
        let row = StackTree.Stack(
            axis: .horizontal, alignment: .firstBaseline, spacing: 4,
            children: [
                .label(.init("", style: style)),
                .label(.init("", style: TextStyle(fonts: Cards.inter, size: 13))),
            ])
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                children: [.stack(row), .label(.init("", style: style, numberOfLines: 0))]))
        var random = SplitMix64(seed: 37)
        var counts = (rows: 0, laidOut: 0, replays: 0)
        let mismatches = Self.compare(tree, rows: 40, &random, counts: &counts)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "\n"))")
        #expect(counts.laidOut * 2 > counts.rows, "\(counts)")
        #expect(counts.replays == 0)
    }
}
