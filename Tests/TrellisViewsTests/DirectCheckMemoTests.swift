// A shape whose width passes are checked on every solve keeps the checks'
// inputs that passed (`_LanePlan.checkKey`) and runs a check of such inputs
// no more, and takes its heights from the shape's heights records: every
// row still gets what a plan that runs every check gives, and what a new
// plan gives, frames or error.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectCheckMemoTests {
    static let style = TextStyle(fonts: DirectPassChecksTests.inter, size: 15)

    /// A row aligned by first baselines of a column (a title of any lines,
    /// `subtitle`: a second label of two lines truncated in the middle)
    /// and a button with insets, as a "who to follow" row: its stacks'
    /// costs read baselines, so every solve is checked.
    static func followRow(subtitle: Bool) -> StackTree {
        var column: [StackTree.Node] = [
            .label(StackTree.LabelNode("", style: style, numberOfLines: 0))
        ]
        if subtitle {
            var sub = StackTree.LabelNode(
                "", style: TextStyle(fonts: DirectPassChecksTests.inter, size: 12),
                numberOfLines: 2)
            sub.lineBreakMode = .byTruncatingMiddle
            column.append(.label(sub))
        }
        let button = StackTree.ButtonNode(
            "Follow", style: style,
            contentEdgeInsets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        return StackTree(
            root: .init(
                axis: .horizontal, alignment: .firstBaseline, spacing: 8,
                layoutMargins: EdgeInsets(top: 9, left: 14, bottom: 9, right: 14),
                children: [
                    .stack(.init(axis: .vertical, spacing: 2, children: column)),
                    .button(button),
                ]))
    }

    /// The trees: the follow rows, and `DirectPassChecksTests`' comment
    /// cell with a required box that conflicts in every row and with a
    /// body whose height is required (its bound follows its text).
    static func trees() -> [(tree: StackTree, recalls: Bool)] {
        [
            (followRow(subtitle: false), true),
            (followRow(subtitle: true), true),
            (DirectPassChecksTests.cell(box: 100), false),
            (DirectPassChecksTests.cell(cappedBody: true), true),
            (DirectPassChecksTests.cell(rootHeight: 90), true),
        ]
    }

    /// 150 rows of each tree at 320, 375 and 414 in turn (texts drawn from
    /// a few, so that rows come back): a kept plan recalling checks gives,
    /// row by row, what a kept plan running every check gives and what a
    /// new one gives; checks are recalled where a row's passes meet
    /// inputs a row passed before, never where they conflict.
    @Test func recalledChecksGiveWhatRunChecksGive() {
        var random = SplitMix64(seed: 0xC8EC)
        for (number, (tree, recalls)) in Self.trees().enumerated() {
            var kept = DirectStackLayout()
            var running = DirectStackLayout()
            running.plan.recallingChecks = false
            let (mismatches, laidOut) = DirectRootCostTests.compareRows(
                of: tree, number: number, &kept, &running, &random,
                labels: ["recalling", "running", "new"]
            ) { $0.plan.recallingChecks = false }
            #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
            #expect(running.plan.checksRecalled == 0)
            if recalls {
                #expect(
                    kept.plan.checksRecalled > 50,
                    "tree \(number): \(kept.plan.checksRecalled) recalled, \(laidOut) laid out")
                #expect(laidOut > 30, "tree \(number): \(laidOut) laid out")
            } else {
                // A conflict in every row (the box): none laid out.
                #expect(laidOut == 0, "tree \(number): \(kept.plan.checksRecalled) recalled")
            }
        }
    }
}
