// The share-out below a stack replayed in general heights passes
// (`_DirectPlan.replayArranged`) against the general planner on every row:
// the same height and frames to the bit, or the same refusal. Rows of random
// card-like trees (texts, hidden views, image ratios and cell widths
// changing; columns inside rows), every row's heights pass run (no row
// copied whole: `DirectHeightReplayTests.compare` without `wholeRows`), and
// a row aligned by baselines, whose stack is never replayed.

import Testing
import TrellisSupport

@testable import TrellisViews

@Suite struct DirectSubtreeReplayTests {
    typealias Heights = DirectHeightReplayTests

    @Test func replayedSubtreesGiveTheGeneralPlannersLayoutRowAfterRow() {
        var random = SplitMix64(seed: 0x5B_7EE)
        var counts = (rows: 0, laidOut: 0, replayed: 0)
        var mismatches: [String] = []
        for _ in 0..<150 {
            let tree = Heights.card(&random)
            mismatches += Heights.compare(
                tree, rows: 24, &random, counts: &counts, wholeRows: false)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "\n"))")
        // The comparison says something: most rows laid out, many with a
        // stack's subtree replayed.
        #expect(counts.laidOut * 2 > counts.rows, "\(counts)")
        #expect(counts.replayed * 5 > counts.rows, "\(counts)")
    }

    /// A row aligned by first baselines reads its labels' baselines: its
    /// stack has no key, so it is never replayed (every row still equals
    /// the general planner's).
    @Test func aStackWhoseHeightsReadBaselinesIsNeverReplayed() {
        var random = SplitMix64(seed: 37)
        var counts = (rows: 0, laidOut: 0, replayed: 0)
        let mismatches = Heights.compare(
            Heights.baselineRowTree(), rows: 40, &random, counts: &counts, wholeRows: false)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "\n"))")
        #expect(counts.laidOut * 2 > counts.rows, "\(counts)")
        #expect(counts.replayed == 0)
    }
}
