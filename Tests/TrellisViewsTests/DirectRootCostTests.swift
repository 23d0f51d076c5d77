// A general widths solve leaves the root's own cost unmade where no width
// breaks its bounds (`_DirectPlan.computeWidthCosts`). Kept plans that do and
// that do not, and new plans that do not, give every row of comment cells
// (`DirectPassChecksTests.cell`: widths that follow the texts, solved in
// general on every row) the same layout to the bit, or the same error, row
// after row: the places a solve keeps from the last one
// (`keepsHorizontalPlaces`) included.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectRootCostTests {
    /// The comment cell, and variants: the root of a required height, of
    /// a required width (its cost bounds its width: always made; other
    /// widths are refused), aligned
    /// otherwise, the avatar of a required width (most widths then
    /// replayed, `replayWidths`: few general solves); whether the root's
    /// cost is left unmade in most rows, some, or none.
    static func trees() -> [(tree: StackTree, skips: Skips)] {
        let cell = DirectPassChecksTests.cell()
        var fixedWidth = cell
        fixedWidth.root.fixedWidth = 375
        var centered = cell
        centered.root.alignment = .center
        var requiredAvatar = cell
        requiredAvatar.root.children[0] = .fixed(width: 48, height: 48)
        return [
            (cell, .most), (DirectPassChecksTests.cell(rootHeight: 90), .most),
            (fixedWidth, .none), (centered, .most), (requiredAvatar, .some),
        ]
    }

    enum Skips { case most, some, none }

    /// `row`'s layout by `plan`, or its error; `whole`: as a tree of its
    /// own (`tree.applying(row)`), not written into the kept nodes.
    static func layout(
        _ plan: inout DirectStackLayout, _ row: StackTreeRow, of tree: StackTree, width: Double,
        whole: Bool = false
    ) -> Result<StackTreeLayout, DirectStackLayoutError> {
        do throws(DirectStackLayoutError) {
            return .success(
                whole
                    ? try plan.layout(tree.applying(row), width: width)
                    : try plan.layout(row, of: tree, width: width))
        } catch {
            return .failure(error)
        }
    }

    /// 150 rows of `tree` (`DirectPassChecksTests.row`) at widths 320, 375
    /// and 414 in turn, each laid out by `kept`, by `other` and by a new
    /// plan `setUp` sets (as a tree of its own, not written into kept
    /// nodes): the first mismatches (up to 3, of tree `number`, each
    /// plan's result under its label in `labels`) and how many rows
    /// `kept` laid out.
    static func compareRows(
        of tree: StackTree, number: Int, _ kept: inout DirectStackLayout,
        _ other: inout DirectStackLayout, _ random: inout SplitMix64, labels: [String],
        setUp: (inout DirectStackLayout) -> Void
    ) -> (mismatches: [String], laidOut: Int) {
        var laidOut = 0
        var mismatches: [String] = []
        for k in 0..<150 {
            let row = DirectPassChecksTests.row(of: tree, &random)
            let width = [320.0, 375, 414][k % 3]
            let got = layout(&kept, row, of: tree, width: width)
            let made = layout(&other, row, of: tree, width: width)
            var fresh = DirectStackLayout()
            setUp(&fresh)
            let again = layout(&fresh, row, of: tree, width: width, whole: true)
            if case .success = got { laidOut += 1 }
            if (got != made || got != again), mismatches.count < 3 {
                mismatches.append(
                    "tree \(number), row \(k) at \(width):\n \(labels[0]) \(got)\n \(labels[1]) \(made)\n \(labels[2]) \(again)"
                )
            }
        }
        return (mismatches, laidOut)
    }

    @Test func rootsLeftUnmadeGiveTheLayoutsOfRootsMade() {
        var random = SplitMix64(seed: 0x2007)
        for (number, (tree, skips)) in Self.trees().enumerated() {
            var kept = DirectStackLayout()
            var making = DirectStackLayout()
            making.plan.skippingRootCosts = false
            let rows = 150
            let (mismatches, laidOut) = Self.compareRows(
                of: tree, number: number, &kept, &making, &random,
                labels: ["skipped", "kept", "new"]
            ) { $0.plan.skippingRootCosts = false }
            #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
            #expect(making.plan.rootCostsSkipped == 0)
            // (The root of a required width: laid out at that width only.)
            #expect(laidOut * 4 > rows, "tree \(number)")
            switch skips {
            case .most:
                // The root's cost left unmade in the general solves of
                // every row laid out (one to three a row).
                #expect(kept.plan.rootCostsSkipped > laidOut, "tree \(number)")
            case .some: #expect(kept.plan.rootCostsSkipped > 0, "tree \(number)")
            case .none: #expect(kept.plan.rootCostsSkipped == 0, "tree \(number)")
            }
        }
    }
}
