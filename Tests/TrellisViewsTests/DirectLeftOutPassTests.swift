// Steps of the engine's width passes that repeat what is already worked
// out are left out (`_LanePlan.layoutPasses`, `settleWidths`): an unchecked
// frame pass that goes through the fitting pass's solves, and a widths pass
// that would solve the last solve's inputs again (`repeatsLastSolve`).
// Kept plans that leave them out and kept and new plans that run them give
// every row of comment cells and variants the same layout to the bit, or
// the same error.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectLeftOutPassTests {
    /// The comment cell (`DirectPassChecksTests.cell`) with its column changed.
    static func cell(_ change: (inout StackTree.Stack) -> Void) -> StackTree {
        var tree = DirectPassChecksTests.cell()
        guard case .stack(var column) = tree.root.children[1].content else { return tree }
        change(&column)
        tree.root.children[1] = .stack(column)
        return tree
    }

    /// The cell, whose frame pass is left out in most rows and whose last
    /// widths pass in many; the root of a required height (the same);
    /// a second body (both passes update its two labels one at a time, as
    /// the engine's do: the frame pass is left out too); a header
    /// aligned by baselines (every pass checked, a label's baselines read:
    /// nothing left out).
    static func trees() -> [(tree: StackTree, framePasses: Bool, repeatSolves: Bool)] {
        let style = TextStyle(fonts: DirectPassChecksTests.inter, size: 15)
        let twoBodies = cell { column in
            column.children.insert(.label(.init("", style: style, numberOfLines: 0)), at: 2)
        }
        let baselines = cell { column in
            guard case .stack(var header) = column.children[0].content else { return }
            header.alignment = .firstBaseline
            column.children[0] = .stack(header)
        }
        return [
            (DirectPassChecksTests.cell(), true, true),
            (DirectPassChecksTests.cell(rootHeight: 90), true, true),
            (twoBodies, true, true), (baselines, false, false),
        ]
    }

    @Test func leftOutPassesGiveTheLayoutsOfPassesRun() {
        var random = SplitMix64(seed: 0x3030)
        for (number, (tree, framePasses, repeatSolves)) in Self.trees().enumerated() {
            var kept = DirectStackLayout()
            var running = DirectStackLayout()
            running.plan.skippingFramePasses = false
            running.plan.skippingRepeatSolves = false
            let (mismatches, laidOut) = DirectRootCostTests.compareRows(
                of: tree, number: number, &kept, &running, &random,
                labels: ["left out", "run", "new"]
            ) { fresh in
                fresh.plan.skippingFramePasses = false
                fresh.plan.skippingRepeatSolves = false
            }
            #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
            #expect(laidOut > 100, "tree \(number)")
            let (frames, solves) = (kept.plan.framePassesLeftOut, kept.plan.repeatSolvesLeftOut)
            #expect(framePasses ? frames > 75 : frames == 0, "tree \(number): \(frames)")
            #expect(repeatSolves ? solves > 75 : solves == 0, "tree \(number): \(solves)")
            #expect(running.plan.framePassesLeftOut == 0)
            #expect(running.plan.repeatSolvesLeftOut == 0)
        }
    }
}
