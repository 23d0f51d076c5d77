// A header's own width cost left unmade where no width breaks its bounds
// (`_DirectPlan.admitsAnyWidth`): rows of random headers, whose labels may
// have required hugging or compression resistance, at widths down to
// narrower than their texts, equal the general planner's to the bit (height
// and every frame) or its refusal, and the cost is made wherever a required
// bound could be broken.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectTextWidthBoundsTests {
    /// A card of a header of 2 or 3 one-line labels (random hugging and
    /// compression resistance, some required) over a body of several lines.
    static func card(_ random: inout SplitMix64) -> StackTree {
        let inter = DirectWidthReplayTests.inter
        let priorities: [LayoutPriority] = [250, 249, 750, 1000]
        let views: [StackTree.Node] = (0..<(2 + Int(random.next() % 2))).map { _ in
            var node = StackTree.LabelNode("", style: TextStyle(fonts: inter, size: 15))
            node.horizontalHugging = priorities[Int(random.next() % 4)]
            node.horizontalCompressionResistance = priorities[Int(random.next() % 4)]
            return .label(node)
        }
        let header = StackTree.Stack(axis: .horizontal, spacing: 4, children: views)
        let body = StackTree.LabelNode(
            "", style: TextStyle(fonts: inter, size: 17), numberOfLines: 0)
        return StackTree(
            root: .init(
                axis: .vertical, spacing: 6,
                layoutMargins: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16),
                children: [.stack(header), .label(body)]))
    }

    @Test func headersWithAndWithoutRequiredBoundsEqualTheGeneralPlanner() {
        var random = SplitMix64(seed: 0xB0_0D5)
        let words = DirectWidthReplayTests.words
        var rows = 0
        var skipped = 0
        var made = 0
        var refused = 0
        var mismatches: [String] = []
        for _ in 0..<150 {
            let tree = Self.card(&random)
            var kept = DirectStackLayout()
            // Every row's share worked out (none copied from the memo).
            kept.plan.memoizingTextWidths = false
            // (Nor shared out without its labels' costs: `DirectRowShareTests`.)
            kept.plan.rowShares.enabled = false
            for _ in 0..<12 {
                var row = StackTreeRow(tree)
                for index in 2..<(tree.nodes.count - 1) {
                    row.texts[index] = .plain(words[Int(random.next() % UInt64(words.count))])
                }
                row.texts[tree.nodes.count - 1] = .plain(words[8])
                let width = [375.0, 320, 160, 90, 60][Int(random.next() % 5)]
                let (before, sharesBefore) = (
                    kept.plan.textWidthCostsSkipped, kept.plan.textWidthReplays
                )
                let got = Result<StackTreeLayout, DirectStackLayoutError> {
                    () throws(DirectStackLayoutError) in
                    try kept.layout(row, of: tree, width: width)
                }
                if kept.plan.textWidthCostsSkipped > before {
                    skipped += 1
                } else if kept.plan.textWidthReplays > sharesBefore {
                    made += 1
                }
                let expected = DirectWidthReplayTests.general(row, of: tree, width: width)
                rows += 1
                if case .failure = expected { refused += 1 }
                if got != expected, mismatches.count < 3 {
                    mismatches.append("row \(rows) at \(width): kept \(got), general \(expected)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // The comparison says something: a third of the rows leave the
        // cost unmade, a few make it (required bounds on a side), and some
        // are refused (texts wider than a header of required compression,
        // views that could trade width at no cost).
        #expect(skipped * 3 > rows, "\(skipped) of \(rows)")
        #expect(made * 100 > rows, "\(made) of \(rows)")
        #expect(refused * 50 > rows, "\(refused) of \(rows)")
    }
}
