// A wrapping label holding its share of a row (`UISV-text-width-
// disambiguation`) is left out of the widths solve's key
// (`_LanePlan.sharedLabelsUnread`): rows whose titles differ copy an
// earlier row's solve, and every copy is the layout the general planner
// gives, to the bit, or its error.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectSharedLabelKeyTests {
    static let style = TextStyle(fonts: DirectPassChecksTests.inter, size: 15)
    /// Titles of every length (each row draws a new one) and the few
    /// values a settings row shows.
    static let titleWords = [
        "Wi-Fi", "Bluetooth", "Notifications", "Sounds", "and", "Haptics", "名字中没包含",
        "Grüße", "🙈", "a", "rather", "long", "setting", "name", "that", "wraps",
    ]
    static let values = ["On", "Off", "12m", "A longer value than most"]
    /// An icon of an intrinsic size (a template file's image with a `size`).
    static let icon = StackTree.Node(
        .fixed(
            .init(
                width: nil, height: nil, priority: .defaultLow,
                intrinsicSize: Size(width: 24, height: 24))))

    /// A random row: a horizontal stack (mostly `fill`; equal spacing and
    /// centring, which keep every key, now and then), any alignment
    /// across, margins or none, of two to five views: wrapping labels
    /// (0, 2 or 3 lines) and one-line labels at priorities at, around and
    /// beyond 760 and 1000, a button, an image of an intrinsic size or a
    /// fixed box; as the root, or inside a column aligned `fill` (its
    /// width still the canvas) or `leading` (not).
    static func tree(_ random: inout SplitMix64) -> StackTree {
        let priorities: [Float] = [1, 250, 750, 759, 760, 761, 999, 1000]
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        var children: [StackTree.Node] = []
        for _ in 0..<(2 + Int(random.next() % 4)) {
            switch random.next() % 8 {
            case 0, 1, 2:
                var label = StackTree.LabelNode("", style: style, numberOfLines: pick([0, 2, 3]))
                label.horizontalCompressionResistance = LayoutPriority(
                    rawValue: random.next() % 2 == 0 ? 750 : pick(priorities))
                label.horizontalHugging = LayoutPriority(
                    rawValue: random.next() % 2 == 0 ? 250 : pick(priorities))
                children.append(.label(label))
            case 3, 4:
                var label = StackTree.LabelNode("", style: style)
                label.horizontalCompressionResistance = LayoutPriority(
                    rawValue: random.next() % 2 == 0 ? 750 : pick(priorities))
                label.horizontalHugging = LayoutPriority(rawValue: pick([250, 750, 999, 1000]))
                children.append(.label(label))
            case 5:
                children.append(.button(StackTree.ButtonNode("Edit", style: style)))
            case 6:
                // An icon at UIKit's defaults or held at and above 760.
                var box = StackTree.FixedNode(
                    width: nil, height: 24, intrinsicSize: Size(width: 24, height: 24))
                box.horizontalHugging = LayoutPriority(rawValue: pick([250, 250, 761, 1000]))
                box.horizontalCompressionResistance = LayoutPriority(
                    rawValue: pick([750, 750, 761, 1000]))
                children.append(StackTree.Node(.fixed(box)))
            default:
                children.append(.fixed(width: 8, height: 13))
            }
        }
        let distribution: StackView.Distribution = pick([
            .fill, .fill, .fill, .fill, .equalSpacing, .equalCentering,
        ])
        let row = StackTree.Stack(
            axis: .horizontal, distribution: distribution,
            alignment: pick([.fill, .center, .top, .bottom, .firstBaseline]),
            spacing: pick([0, 8, 12]),
            layoutMargins: random.next() % 2 == 0
                ? EdgeInsets(top: 11, left: 16, bottom: 11, right: 16) : nil,
            children: children)
        switch random.next() % 4 {
        case 0:
            let note = StackTree.LabelNode("A note below", style: style, numberOfLines: 0)
            return StackTree(
                root: .init(
                    axis: .vertical, alignment: .fill, spacing: 4,
                    children: [.stack(row), .label(note)]))
        case 1:
            return StackTree(
                root: .init(axis: .vertical, alignment: .leading, children: [.stack(row)]))
        default:
            return StackTree(root: row)
        }
    }

    /// Rows whose one-line label or icon is held by a priority at or above
    /// 760 (its hugging, its compression resistance or both; UIKit's
    /// defaults too, where the title's own are): the title beside it, with
    /// or without a fixed box, must then give or take the room.
    static func boundRows() -> [StackTree] {
        let held: [(Float, Float)] = [
            (250, 761), (250, 999), (250, 1000), (761, 750), (1000, 750), (999, 999), (250, 750),
        ]
        return held.flatMap { hugging, compression in
            var value = StackTree.LabelNode("", style: style)
            value.horizontalHugging = LayoutPriority(rawValue: hugging)
            value.horizontalCompressionResistance = LayoutPriority(rawValue: compression)
            var box = StackTree.FixedNode(
                width: nil, height: 24, intrinsicSize: Size(width: 24, height: 24))
            box.horizontalHugging = LayoutPriority(rawValue: hugging)
            box.horizontalCompressionResistance = LayoutPriority(rawValue: compression)
            var title = StackTree.LabelNode("", style: style, numberOfLines: 0)
            if hugging == 250, compression == 750 {
                // The title held instead: read, whatever is beside it.
                title.horizontalCompressionResistance = LayoutPriority(rawValue: 761)
            }
            return [
                [StackTree.Node.label(title), .label(value)],
                [.fixed(width: 8, height: 13), .label(value), .label(title)],
                [StackTree.Node(.fixed(box)), .label(title)],
                [.fixed(width: 8, height: 13), StackTree.Node(.fixed(box)), .label(title)],
            ].map { children in
                StackTree(root: .init(axis: .horizontal, spacing: 8, children: children))
            }
        }
    }

    /// A row of `tree`: each wrapping label a new title of 0 to 11 words
    /// (empty now and then: hidden), each one-line label one of `values`.
    static func row(of tree: StackTree, _ random: inout SplitMix64) -> StackTreeRow {
        var row = StackTreeRow(tree)
        for (index, node) in tree.nodes.enumerated() {
            guard case .label(let label) = node.content, label.text.string != "A note below"
            else { continue }
            let text: String
            if label.numberOfLines == 1 {
                text = values[Int(random.next() % UInt64(values.count))]
            } else {
                let count = Int(random.next() % 12)
                text = (0..<count).map { _ in
                    titleWords[Int(random.next() % UInt64(titleWords.count))]
                }.joined(separator: " ")
            }
            row.texts[index] = .plain(text)
            row.isHidden[index] = text.isEmpty
        }
        return row
    }

    @Test func rowsOfOtherTitlesCopyTheGeneralPlannersLayouts() {
        var random = SplitMix64(seed: 0x5EA7_7175)
        let widths = [320.0, 375, 414, 120, 60, 812]
        var replays = 0
        var laidOut = 0
        var sharedReplays = 0
        let bound = Self.boundRows()
        for number in 0..<(bound.count + 80) {
            let tree = number < bound.count ? bound[number] : Self.tree(&random)
            var kept = DirectStackLayout()
            var general = DirectStackLayout()
            general.plan.memoizingWidthSolves = false
            var mismatches: [String] = []
            for k in 0..<180 {
                let row = Self.row(of: tree, &random)
                let width = widths[k % widths.count]
                let got = DirectRootCostTests.layout(&kept, row, of: tree, width: width)
                let made = DirectRootCostTests.layout(&general, row, of: tree, width: width)
                if case .success = got { laidOut += 1 }
                if got != made, mismatches.count < 3 {
                    mismatches.append("row \(k) at \(width):\n kept \(got)\n general \(made)")
                }
            }
            #expect(mismatches.isEmpty, "tree \(number)\n\(mismatches.joined(separator: "\n"))")
            #expect(general.plan.widthSolveReplays == 0)
            replays += kept.plan.widthSolveReplays
            sharedReplays += kept.plan.sharedLabelReplays
        }
        #expect(laidOut > (bound.count + 80) * 180 / 2, "\(laidOut) rows laid out")
        // Titles drawn anew every row: copies come from the unread titles
        // (about a fifth of the copies; the frame passes take the fitting
        // passes' solves and copy none of their own).
        #expect(sharedReplays > 2_000, "\(sharedReplays) of \(replays) copies without a title")
    }

    /// The settings row as a template file makes it (an icon of an
    /// intrinsic size, a wrapping title, a value hugging at 750, a
    /// chevron), and a menu row without the value: the title is unread,
    /// and 200 rows of new titles (and four values) at two widths solve
    /// their widths at most eight times (the menu row twice).
    @Test(arguments: [true, false])
    func settingsRowsSolveOncePerValueAndWidth(withValue: Bool) {
        var value = StackTree.LabelNode("", style: Self.style)
        value.horizontalHugging = LayoutPriority(rawValue: 750)
        let title = StackTree.Node.label(
            StackTree.LabelNode("", style: Self.style, numberOfLines: 0))
        let tree = StackTree(
            root: .init(
                axis: .horizontal, alignment: .center, spacing: 12,
                layoutMargins: EdgeInsets(top: 11, left: 16, bottom: 11, right: 16),
                children: withValue
                    ? [Self.icon, title, .label(value), .fixed(width: 8, height: 13)]
                    : [Self.icon, title, .fixed(width: 8, height: 13)]))
        var random = SplitMix64(seed: 0x5E77)
        var kept = DirectStackLayout()
        var general = DirectStackLayout()
        general.plan.memoizingWidthSolves = false
        for k in 0..<200 {
            var row = Self.row(of: tree, &random)
            if row.isHidden[2] {
                row.texts[2] = .plain("General")
                row.isHidden[2] = false
            }
            let width = k % 2 == 0 ? 375.0 : 812
            let got = DirectRootCostTests.layout(&kept, row, of: tree, width: width)
            #expect(got == DirectRootCostTests.layout(&general, row, of: tree, width: width))
        }
        let least = withValue ? 192 : 198
        #expect(kept.plan.sharedLabelReplays >= least, "\(kept.plan.sharedLabelReplays) copied")
    }
}
