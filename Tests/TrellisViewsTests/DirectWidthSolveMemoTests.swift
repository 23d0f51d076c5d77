// A general widths solve whose inputs (the cell's width, every label's and
// button's intrinsic width) are, bit for bit, those of an earlier solve of
// its shape copies that solve's x and width of every node
// (`_DirectPlan.arrangeWidths`). A kept plan that copies them, one that
// does not and new plans give every row of comment cells (widths that
// follow the texts, solved in general on every row) the same layout to the
// bit, or the same error, the same rows laid out twice: the second time
// every general solve is copied.

import Testing
import TrellisSupport

@testable import TrellisViews

@Suite struct DirectWidthSolveMemoTests {
    @Test func copiedSolvesGiveTheLayoutsOfSolvedOnes() {
        for (number, (tree, _)) in DirectRootCostTests.trees().enumerated() {
            var kept = DirectStackLayout()
            var solving = DirectStackLayout()
            solving.plan.memoizingWidthSolves = false
            var copied: [Int] = []
            for _ in 0..<2 {
                // (The same rows at the same widths in each round.)
                var random = SplitMix64(seed: 0x5013 &+ UInt64(number))
                let before = kept.plan.widthSolveReplays
                let (mismatches, laidOut) = DirectRootCostTests.compareRows(
                    of: tree, number: number, &kept, &solving, &random,
                    labels: ["copying", "solving", "new"]
                ) { $0.plan.memoizingWidthSolves = false }
                #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
                copied.append(kept.plan.widthSolveReplays - before)
                #expect(laidOut > 0, "tree \(number)")
            }
            #expect(solving.plan.widthSolveReplays == 0)
            // Rows met again copy their solves (all but the avatar of a
            // required width's, whose widths are replayed by `replayWidths`).
            if number != 4 {
                #expect(copied[1] >= 150 / 4, "tree \(number): \(copied)")
                #expect(copied[1] > copied[0], "tree \(number): \(copied)")
            }
        }
    }
}
