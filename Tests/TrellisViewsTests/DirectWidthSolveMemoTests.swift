// A general widths solve whose inputs (the cell's width, every label's and
// button's intrinsic width) are, bit for bit, those of an earlier solve of
// its shape copies that solve's x and width of every node
// (`_DirectPlan.arrangeWidths`). A kept plan that copies them, one that
// does not and new plans give every row of comment cells (widths that
// follow the texts, solved in general on every row) the same layout to the
// bit, or the same error, the same rows laid out twice: the second time
// every general solve is copied.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

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

    /// A column (aligned `fill`, as is the root) of a title of any lines,
    /// a row holding a badge, a footer: `badge` as the issue's optional
    /// badge cell; `alignment`: the column's; `requiredTitle`: the title
    /// resists compression at 1000 (its width then bounded by its text).
    static func badgeColumn(
        _ alignment: StackView.Alignment = .fill, requiredTitle: Bool = false
    ) -> StackTree {
        let style = TextStyle(fonts: DirectPassChecksTests.inter, size: 15)
        var title = StackTree.LabelNode("", style: style, numberOfLines: 0)
        if requiredTitle { title.horizontalCompressionResistance = .required }
        return StackTree(
            root: .init(
                axis: .vertical, alignment: alignment, spacing: 4,
                layoutMargins: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12),
                children: [
                    .label(title),
                    .stack(
                        .init(
                            axis: .horizontal, spacing: 6,
                            children: [.label(.init("", style: style))])),
                    .label(.init("", style: style)),
                ]))
    }

    /// Labels whose width is the canvas's whatever their text
    /// (`widthKeyless`: the title and the footer of a filling column) are
    /// left out of the widths solve's key: two rows of other titles copy
    /// one solve; in a column aligned leading, or with a title whose
    /// compression resistance is required, they do not. Every layout the
    /// same as plans that solve every time, and new ones.
    @Test func labelsOfTheCanvasWidthAreLeftOutOfTheKey() {
        let trees: [(StackTree, copiesAcrossTitles: Bool)] = [
            (Self.badgeColumn(), true), (Self.badgeColumn(.leading), false),
            (Self.badgeColumn(requiredTitle: true), false),
        ]
        for (number, (tree, copiesAcrossTitles)) in trees.enumerated() {
            var kept = DirectStackLayout()
            var solving = DirectStackLayout()
            solving.plan.memoizingWidthSolves = false
            var random = SplitMix64(seed: 0x5014 &+ UInt64(number))
            // Random rows, the badge hidden in every other one.
            var laidOut = 0
            for k in 0..<150 {
                var row = DirectPassChecksTests.row(of: tree, &random)
                if k % 2 == 0 { (row.texts[3], row.isHidden[3]) = (.plain(""), true) }
                let width = [320.0, 375, 414][k % 3]
                let got = DirectRootCostTests.layout(&kept, row, of: tree, width: width)
                let solved = DirectRootCostTests.layout(&solving, row, of: tree, width: width)
                var new = DirectStackLayout()
                new.plan.memoizingWidthSolves = false
                let again = DirectRootCostTests.layout(
                    &new, row, of: tree, width: width, whole: true)
                #expect(got == solved && got == again, "tree \(number), row \(k) at \(width)")
                if case .success = got { laidOut += 1 }
            }
            #expect(laidOut * 2 > 150, "tree \(number)")
            // Rows of the same badge and footer, other titles (short
            // enough for the required one), at one width, every widths
            // pass solved in general (a hidden badge's row is otherwise
            // replayed whole, `replayWidths`).
            var fresh = DirectStackLayout()
            fresh.plan.replayingWidths = false
            var row = StackTreeRow(tree)
            row.texts[3] = .plain("")
            row.isHidden[3] = true
            row.texts[4] = .plain("12m")
            var copies = 0
            for title in ["Ada", "Lovelace", "x", "Grüße"] {
                row.texts[1] = .plain(title)
                let before = fresh.plan.widthSolveReplays
                #expect(throws: Never.self) { _ = try fresh.layout(row, of: tree, width: 375) }
                copies += fresh.plan.widthSolveReplays - before
            }
            #expect((copies >= 3) == copiesAcrossTitles, "tree \(number): \(copies) copies")
        }
    }
}
