// A general widths solve leaves the root's own cost unmade where no width
// breaks its bounds (`_DirectPlan.computeWidthCosts`), or makes only its
// bounds where it shares its width by its texts (`textSharingCost`, as for
// any such stack whose width is its column's canvas). Kept plans that do and
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

    /// Settings rows whose root shares the cell's width by its texts
    /// (`settingsRow`).
    static func sharedTextTrees() -> [(tree: StackTree, skips: Skips)] {
        [
            (settingsRow(.fill), .bounded), (settingsRow(.equalSpacing), .bounded),
            (settingsRow(.fill, more: true), .bounded),
            (settingsRow(.equalSpacing, more: true), .bounded),
            (settingsRow(.fill, chevron: 120), .boundedRefusingSome),
        ]
    }

    /// Rows sharing their width by their texts inside the root: in a
    /// filling column (their width the canvas's: only their bounds made,
    /// `widthFromCanvas`), in a filling card in a filling column, an
    /// equal-spacing row under a fill-equally row aligned by first
    /// baselines; and (`false`: their whole cost made) in a column aligned
    /// leading.
    static func nestedSharingTrees() -> [(tree: StackTree, bounded: Bool)] {
        let style = TextStyle(fonts: DirectPassChecksTests.inter, size: 15)
        func column(_ alignment: StackView.Alignment, _ children: [StackTree.Node]) -> StackTree {
            StackTree(
                root: .init(
                    axis: .vertical, alignment: alignment, spacing: 6,
                    layoutMargins: EdgeInsets(top: 12, left: 12, bottom: 12, right: 12),
                    children: children))
        }
        let body = StackTree.Node.label(.init("", style: style, numberOfLines: 0))
        let card = StackTree.Node.stack(
            .init(
                axis: .vertical, spacing: 4,
                layoutMargins: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
                children: [.stack(settingsRow(.equalSpacing).root), body]))
        let equalRow = StackTree.Node.stack(
            .init(
                axis: .horizontal, distribution: .fillEqually, alignment: .firstBaseline,
                spacing: 6,
                children: [
                    .label(.init("", style: style, numberOfLines: 0)),
                    .label(.init("", style: style)),
                ]))
        let bottom = StackTree.Node.stack(
            .init(
                axis: .horizontal, distribution: .equalSpacing, alignment: .bottom,
                children: [
                    .fixed(width: 20, height: 30),
                    .label(.init("", style: style, numberOfLines: 2)),
                    .fixed(width: 16, height: 16),
                ]))
        return [
            (column(.fill, [.stack(settingsRow(.fill, more: true).root), body]), true),
            (column(.fill, [body, card]), true),
            (column(.fill, [equalRow, bottom]), true),
            (column(.leading, [.stack(settingsRow(.fill, more: true).root), body]), false),
        ]
    }

    @Test func nestedSharingRowsBoundedGiveTheLayoutsOfWholeCosts() {
        var random = SplitMix64(seed: 0x2008)
        for (number, (tree, bounded)) in Self.nestedSharingTrees().enumerated() {
            var kept = DirectStackLayout()
            var making = DirectStackLayout()
            making.plan.skippingRootCosts = false
            let (mismatches, laidOut) = Self.compareRows(
                of: tree, number: number, &kept, &making, &random,
                labels: ["bounded", "whole", "new"]
            ) { $0.plan.skippingRootCosts = false }
            #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
            #expect(laidOut * 4 > 150, "tree \(number)")
            #expect(making.plan.textCostsBounded == 0)
            if bounded {
                #expect(kept.plan.textCostsBounded > 0, "tree \(number)")
            } else {
                #expect(kept.plan.textCostsBounded == 0, "tree \(number)")
            }
        }
    }

    /// A settings row sharing the cell's width by its texts (UIKit's
    /// `UISV-text-width-disambiguation`; its cost made of its bounds only,
    /// `textSharingCost`): an icon, a title of any lines, a
    /// value of one line that hugs, a chevron; `more`: a second label of
    /// any lines after the title and a third at the end (node 6, empty and
    /// hidden in some rows); `chevron`: the chevron's width (other than
    /// 8: the labels resist compression at 1000 too, so the row's least
    /// width, 212 and its texts, breaks the cell's width in some rows).
    static func settingsRow(
        _ distribution: StackView.Distribution, more: Bool = false, chevron: Double = 8
    ) -> StackTree {
        let style = TextStyle(fonts: DirectPassChecksTests.inter, size: 17)
        var title = StackTree.LabelNode("", style: style, numberOfLines: 0)
        var value = StackTree.LabelNode("", style: style)
        value.horizontalHugging = LayoutPriority(rawValue: 750)
        if chevron != 8 {
            title.horizontalCompressionResistance = .required
            value.horizontalCompressionResistance = .required
        }
        var children: [StackTree.Node] = [
            .fixed(width: 24, height: 24), .label(title), .label(value),
            .fixed(width: chevron, height: 13),
        ]
        if more {
            children.insert(.label(.init("", style: style, numberOfLines: 2)), at: 2)
            children.append(.label(.init("", style: style, numberOfLines: 0)))
        }
        return StackTree(
            root: .init(
                axis: .horizontal, distribution: distribution, alignment: .center, spacing: 12,
                layoutMargins: EdgeInsets(top: 11, left: 16, bottom: 11, right: 16),
                children: children))
    }

    /// `bounded`: the root's cost made, its bounds only
    /// (`textCostsBounded`); `boundedRefusingSome`: so, and rows at some
    /// widths refused (a required conflict found by those bounds).
    enum Skips { case most, some, none, bounded, boundedRefusingSome }

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
        for (number, (tree, skips)) in (Self.trees() + Self.sharedTextTrees()).enumerated() {
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
            case .bounded, .boundedRefusingSome:
                #expect(kept.plan.textCostsBounded > 0, "tree \(number)")
                #expect(making.plan.textCostsBounded == 0)
                #expect((laidOut < rows) == (skips == .boundedRefusingSome), "tree \(number)")
            case .none: #expect(kept.plan.rootCostsSkipped == 0, "tree \(number)")
            }
        }
    }
}
