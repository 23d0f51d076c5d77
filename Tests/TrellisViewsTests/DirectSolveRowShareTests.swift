// A row of one-line labels in a general widths solve (`_DirectPlan.shareRowInSolve`:
// its share-out by the kept order of its stretches; `rowShareCost`: the
// stack's own cost from that order) against the general steps: comment
// cells, and random headers of random priorities (texts some empty, widths
// down to 60, so views grow, shrink and tie) beside an avatar of intrinsic
// size or in a card, every width solved in general. Kept plans that take
// them (and leave their views' costs out: `skipsRowShareViewCost`) give
// what plans that do not, and new plans, give, to the bit, or the same
// error. (Debug builds also compare each cost made so with the
// general one.)

import Testing
import TrellisGeometry
import TrellisSupport

@testable import TrellisViews

@Suite struct DirectSolveRowShareTests {
    @Test func commentCellsGiveTheGeneralLayouts() {
        var random = SplitMix64(seed: 0x5017)
        for (number, (tree, _)) in DirectRootCostTests.trees().enumerated() {
            var kept = DirectStackLayout()
            kept.plan.memoizingWidthSolves = false
            var plain = DirectStackLayout()
            plain.plan.memoizingWidthSolves = false
            plain.plan.rowShares.inSolves = false
            let (mismatches, laidOut) = DirectRootCostTests.compareRows(
                of: tree, number: number, &kept, &plain, &random,
                labels: ["shared", "general", "new"]
            ) {
                $0.plan.memoizingWidthSolves = false
                $0.plan.rowShares.inSolves = false
            }
            #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
            #expect(laidOut > 0, "tree \(number)")
            #expect(plain.plan.rowShares.solveHits == 0)
            #expect(plain.plan.rowShares.costHits == 0)
            #expect(plain.plan.rowShares.viewCostsSkipped == 0)
            // (The avatar of a required width, tree 4: its widths replayed,
            // few general solves.)
            if number != 4 {
                #expect(kept.plan.rowShares.solveHits > laidOut, "tree \(number)")
                #expect(kept.plan.rowShares.costHits * 2 > laidOut, "tree \(number)")
                // Their views' costs left out (`skipsRowShareViewCost`).
                #expect(kept.plan.rowShares.viewCostsSkipped > laidOut, "tree \(number)")
            }
        }
    }

    /// Where the share's steps would refuse a row, the general steps read
    /// the views' costs a solve left out: `makeSkippedViewCosts` makes
    /// each, to the bit, and marks it made, after every comment row.
    @Test func costsLeftOutAreMadeForTheGeneralSteps() throws {
        var random = SplitMix64(seed: 0x5_C057)
        let tree = DirectRootCostTests.trees()[0].tree
        var layout = DirectStackLayout()
        layout.plan.memoizingWidthSolves = false
        var checked = 0
        for k in 0..<60 {
            let row = DirectPassChecksTests.row(of: tree, &random)
            let width = [320.0, 375, 414][k % 3]
            guard case .success = DirectRootCostTests.layout(&layout, row, of: tree, width: width)
            else { continue }
            var plan = layout.narrow
            plan.borrowCosts(0)
            let stacks = plan.nodes.indices.filter {
                plan.nodes[$0].kind == .stack
                    && plan.nodes[$0].children.allSatisfy { place in
                        let child = plan.childList[place]
                        return !plan.memos[0].valid[child] && plan.memos[0].keys[child][3] == 1
                    } && !plan.nodes[$0].children.isEmpty
            }
            for stack in stacks {
                try plan.makeSkippedViewCosts(stack)
                for place in plan.nodes[stack].children {
                    let child = plan.childList[place]
                    let made = try plan.cost(of: child, .horizontal)
                    #expect(plan.costs[child].hasSameBits(as: made), "row \(k), node\(child)")
                    #expect(plan.memos[0].valid[child] && plan.memos[0].keys[child][3] == 0)
                    checked += 1
                }
            }
        }
        #expect(checked > 60, "\(checked) views")
    }

    @Test func randomHeadersGiveTheGeneralLayouts() {
        var random = SplitMix64(seed: 0x5_4A2F)
        var rows = 0
        var laidOut = 0
        var refused = 0
        var shared = 0
        var costs = 0
        var skipped = 0
        var mismatches: [String] = []
        for _ in 0..<150 {
            var tree = DirectRowShareTests.tree(&random)
            if random.next() % 2 == 0, tree.root.axis == .horizontal {
                let avatar = StackTree.FixedNode(
                    width: nil, height: nil, intrinsicSize: Size(width: 40, height: 40))
                tree.root.children[0] = StackTree.Node(.fixed(avatar))
            }
            var kept = DirectStackLayout()
            kept.plan.replayingWidths = false
            var plain = DirectStackLayout()
            plain.plan.replayingWidths = false
            plain.plan.rowShares.inSolves = false
            // (Shared, every view's cost made.)
            var making = DirectStackLayout()
            making.plan.replayingWidths = false
            making.plan.rowShares.skippingViewCosts = false
            for _ in 0..<20 {
                let row = DirectRowShareTests.row(of: tree, &random)
                let width = [60.0, 120, 200, 320, 375][Int(random.next() % 5)]
                let before = (
                    kept.plan.rowShares.solveHits, kept.plan.rowShares.costHits,
                    kept.plan.rowShares.viewCostsSkipped
                )
                let got = DirectRootCostTests.layout(&kept, row, of: tree, width: width)
                if kept.plan.rowShares.solveHits > before.0 { shared += 1 }
                if kept.plan.rowShares.costHits > before.1 { costs += 1 }
                if kept.plan.rowShares.viewCostsSkipped > before.2 { skipped += 1 }
                let made = DirectRootCostTests.layout(&plain, row, of: tree, width: width)
                let all = DirectRootCostTests.layout(&making, row, of: tree, width: width)
                let expected = DirectWidthReplayTests.general(row, of: tree, width: width)
                rows += 1
                switch expected {
                case .success: laidOut += 1
                case .failure: refused += 1
                }
                if (got != expected || made != expected || all != expected), mismatches.count < 3 {
                    mismatches.append(
                        "row \(rows) at \(width): shared \(got), general \(made), costs made \(all), new \(expected)"
                    )
                }
            }
            #expect(making.plan.rowShares.viewCostsSkipped == 0)
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // The comparison says something: most rows shared out this way and
        // their headers' costs made so, some refused (ties, a required
        // text width that does not fit).
        #expect(shared * 2 > rows, "\(shared) of \(rows)")
        #expect(costs * 3 > rows, "\(costs) of \(rows)")
        #expect(skipped * 3 > rows, "\(skipped) of \(rows)")
        #expect(laidOut * 2 > rows, "\(laidOut) of \(rows)")
        #expect(refused > 0)
    }
}
