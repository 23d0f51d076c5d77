// A column (a vertical root stack of labels, buttons and images) has its
// widths worked out alone (`_LanePlan.arrangeColumnWidths`): every row of
// random columns, kept plan and new, gives the general planner's layout to
// the bit, or its error.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectColumnWidthsTests {
    /// A random column: an alignment (the four a column takes, and the
    /// baselines, which it leaves), margins or none, spacing, two to seven
    /// views of random kinds and priorities (compression resistance and
    /// hugging at, around and beyond 25 and 1000), a fixed box or a nested
    /// stack now and then (which leave the shape to the general solve).
    static func column(_ random: inout SplitMix64) -> StackTree {
        let alignments: [StackView.Alignment] = [
            .fill, .leading, .trailing, .center, .leading, .trailing, .firstBaseline,
        ]
        let priorities: [Float] = [1, 20, 25, 26, 250, 300, 749, 750, 999, 1000]
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        let style = TextStyle(fonts: DirectPassChecksTests.inter, size: 15)
        var children: [StackTree.Node] = []
        for _ in 0..<(2 + Int(random.next() % 6)) {
            switch random.next() % 10 {
            case 0, 1:
                children.append(
                    .image(
                        .init(
                            aspectRatio: Size(width: 4, height: 3),
                            maxHeight: random.next() % 2 == 0 ? 200 : nil, followsWidth: true)))
            case 2:
                var button = StackTree.ButtonNode("Reply", style: style)
                button.horizontalCompressionResistance = LayoutPriority(rawValue: pick(priorities))
                children.append(.button(button))
            case 3 where random.next() % 3 == 0:
                children.append(.fixed(width: 40, height: 20))
            default:
                var label = StackTree.LabelNode(
                    "", style: style, numberOfLines: Int(random.next() % 3))
                label.horizontalCompressionResistance = LayoutPriority(rawValue: pick(priorities))
                label.horizontalHugging = LayoutPriority(rawValue: pick(priorities))
                children.append(.label(label))
            }
        }
        let margins =
            random.next() % 2 == 0 ? EdgeInsets(top: 8, left: 16, bottom: 8, right: 12.5) : nil
        return StackTree(
            root: .init(
                axis: .vertical, alignment: pick(alignments), spacing: 4, layoutMargins: margins,
                children: children))
    }

    /// Columns whose views' priorities bound them: a required hugging or
    /// compression resistance in each alignment (the general solve refuses
    /// what the canvas cannot give them).
    static func boundColumns() -> [StackTree] {
        let style = TextStyle(fonts: DirectPassChecksTests.inter, size: 15)
        var tight = StackTree.LabelNode("", style: style)
        tight.horizontalHugging = .required
        var firm = StackTree.LabelNode("", style: style, numberOfLines: 0)
        firm.horizontalCompressionResistance = .required
        let plain = StackTree.LabelNode("", style: style)
        return [StackView.Alignment.fill, .leading, .trailing, .center].flatMap { alignment in
            [tight, firm].map { bound in
                StackTree(
                    root: .init(
                        axis: .vertical, alignment: alignment, spacing: 4,
                        children: [.label(plain), .label(bound)]))
            }
        }
    }

    @Test func columnsGiveTheGeneralPlannersLayouts() {
        var random = SplitMix64(seed: 0xC01_0A45)
        var columns = 0
        var laidOut = 0
        let bound = Self.boundColumns()
        for number in 0..<(bound.count + 60) {
            let tree = number < bound.count ? bound[number] : Self.column(&random)
            var kept = DirectStackLayout()
            var general = DirectStackLayout()
            general.plan.memoizingWidthSolves = false
            let (mismatches, rows) = DirectRootCostTests.compareRows(
                of: tree, number: number, &kept, &general, &random,
                labels: ["column", "general", "new, general"]
            ) { $0.plan.memoizingWidthSolves = false }
            #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))\n\(tree)")
            #expect(general.plan.columnWidthSolves == 0)
            columns += kept.plan.columnWidthSolves
            laidOut += rows
        }
        // (Most trees are columns; most rows are laid out.)
        #expect(laidOut > (bound.count + 60) * 150 / 2)
        #expect(columns > 1_000, "\(columns) column solves")
    }
}
