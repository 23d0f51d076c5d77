// A row of one-line labels sharing a stack's width (`_DirectPlan.shareRow`)
// against the general planner: rows of random headers (priorities, some
// required, texts some empty, widths down to 60, so views grow, shrink and
// tie) laid out by a kept layout equal the general planner's to the bit, or
// its refusal.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectRowShareTests {
    static let texts = [
        "", "Ada", "@ada", "3h", "Bartholomew Featherstonehaugh-Cholmondeley", "@xiaoming@mastodon",
        "王小明", "Zoë 🌸", "Jan 12, 2019", "x", "Reply 12",
    ]

    /// A header of 2 to 4 one-line labels (a button now and then), random
    /// hugging and compression resistance, in a column beside an avatar
    /// (as `PostCell.json`) or in a vertical card.
    static func tree(_ random: inout SplitMix64) -> StackTree {
        let style = TextStyle(fonts: DirectWidthReplayTests.inter, size: 15)
        let huggings: [LayoutPriority] = [250, 249, 251, 1000, 750, 250]
        let compressions: [LayoutPriority] = [750, 250, 749, 1000, 751, 750]
        let views: [StackTree.Node] = (0..<(2 + Int(random.next() % 3))).map { _ in
            let hugging = huggings[Int(random.next() % 6)]
            let compression = compressions[Int(random.next() % 6)]
            if random.next() % 5 == 0 {
                var button = StackTree.ButtonNode("Reply", style: style)
                button.horizontalHugging = hugging
                button.horizontalCompressionResistance = compression
                return .button(button)
            }
            var label = StackTree.LabelNode("", style: style)
            label.horizontalHugging = hugging
            label.horizontalCompressionResistance = compression
            return .label(label)
        }
        let header = StackTree.Stack(
            axis: .horizontal, alignment: [.fill, .center, .top][Int(random.next() % 3)],
            spacing: [4, 0, 8][Int(random.next() % 3)], children: views)
        let column = StackTree.Stack(
            axis: .vertical, spacing: 6,
            children: [.stack(header), .label(.init("", style: style, numberOfLines: 0))])
        if random.next() % 2 == 0 {
            return StackTree(
                root: .init(
                    axis: .horizontal, alignment: .top, spacing: 12,
                    layoutMargins: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16),
                    children: [.fixed(width: 40, height: 40), .stack(column)]))
        }
        return StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                layoutMargins: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16),
                children: [.stack(column)]))
    }

    /// A row: every label and button a random text, the body a sentence.
    static func row(of tree: StackTree, _ random: inout SplitMix64) -> StackTreeRow {
        var row = StackTreeRow(tree)
        for (index, node) in tree.nodes.enumerated() {
            switch node.content {
            case .label(let label) where label.numberOfLines == 0:
                row.texts[index] = .plain("A body of a few words \(random.next() % 7)")
            case .label, .button:
                row.texts[index] = .plain(texts[Int(random.next() % UInt64(texts.count))])
            default:
                break
            }
        }
        return row
    }

    @Test func sharedRowsEqualTheGeneralPlannerToTheBit() {
        var random = SplitMix64(seed: 0x5_4A2E)
        var rows = 0
        var shared = 0
        var laidOut = 0
        var refused = 0
        var mismatches: [String] = []
        for _ in 0..<150 {
            let tree = Self.tree(&random)
            var kept = DirectStackLayout()
            var heights = DirectStackLayout()
            for _ in 0..<20 {
                let row = Self.row(of: tree, &random)
                let width = [60.0, 120, 200, 320, 375][Int(random.next() % 5)]
                let before = kept.plan.rowShares.hits
                let got = Result<StackTreeLayout, DirectStackLayoutError> {
                    () throws(DirectStackLayoutError) in
                    try kept.layout(row, of: tree, width: width)
                }
                if kept.plan.rowShares.hits > before { shared += 1 }
                let expected = DirectWidthReplayTests.general(row, of: tree, width: width)
                let height = Result<Double, DirectStackLayoutError> {
                    () throws(DirectStackLayoutError) in
                    try heights.height(row, of: tree, width: width)
                }
                rows += 1
                switch expected {
                case .success: laidOut += 1
                case .failure: refused += 1
                }
                if (got != expected || height != expected.map(\.height)), mismatches.count < 3 {
                    mismatches.append(
                        "row \(rows) at \(width): kept \(got), height \(height), general \(expected)"
                    )
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // The comparison says something: a third of the rows shared out this way, some
        // refused (ties, a required text width that does not fit).
        #expect(shared * 3 > rows, "\(shared) of \(rows)")
        #expect(laidOut * 2 > rows, "\(laidOut) of \(rows)")
        #expect(refused > 0)
    }

    /// `PostCell.json`'s header: every row after the shape's first is
    /// shared out this way (no cost of its labels made), at widths where the
    /// handle gives way and where the name and handle grow.
    @Test func aPostHeaderIsSharedOnEveryRow() {
        let tree = DirectTextWidthMemoTests.postTree()
        var kept = DirectStackLayout()
        var compared = 0
        for (a, b) in [
            ("Ana", "@ana"), ("Bartholomew Featherstonehaugh-Cholmondeley", "@bartholomew_fc"),
            ("王小明", "@xiaoming@mastodon.social"), ("Zoë 🌸", "@zoe"),
        ] {
            for width in [375.0, 240] {
                var row = StackTreeRow(tree)
                row.texts[4] = .plain(a)
                row.texts[5] = .plain(b)
                row.texts[6] = .plain("3h")
                row.texts[7] = .plain("\(a) wrote to \(b) about the engine")
                let got = try? kept.layout(row, of: tree, width: width)
                #expect(got != nil)
                #expect(
                    got == (try? DirectWidthReplayTests.general(row, of: tree, width: width).get()))
                compared += 1
            }
        }
        #expect(compared == 8)
        // The first row at each width ran the general pass (recorded).
        #expect(kept.plan.rowShares.hits == 6)
        #expect(kept.plan.textWidthReplays == 6)
    }

    /// A row shared out is kept with its inputs (`_TextWidthMemo`): the
    /// same rows laid out again (a list scrolled back) copy their header's
    /// widths instead of sharing them out again, and give the same frames.
    @Test func aSharedRowIsCopiedWhenItsInputsComeBack() {
        let tree = DirectTextWidthMemoTests.postTree()
        var kept = DirectStackLayout()
        let names = [("Ana", "@ana"), ("Zoë 🌸", "@zoe"), ("王小明", "@xiaoming")]
        var first: [StackTreeLayout?] = []
        for round in 0..<2 {
            for (k, (a, b)) in names.enumerated() {
                var row = StackTreeRow(tree)
                row.texts[4] = .plain(a)
                row.texts[5] = .plain(b)
                row.texts[6] = .plain("3h")
                row.texts[7] = .plain("\(a) wrote to \(b) about the engine")
                let got = try? kept.layout(row, of: tree, width: 375)
                #expect(got != nil)
                if round == 0 {
                    first.append(got)
                } else {
                    #expect(got == first[k])
                }
            }
            if round == 0 {
                // The first row ran the general pass, the others were shared out.
                #expect(kept.plan.rowShares.hits == 2)
                #expect(kept.plan.textWidthMemoHits == 0)
            }
        }
        // (The shape's first row ran the whole widths pass, which keeps
        // no header's widths: shared out in the second round, and kept.)
        #expect(kept.plan.rowShares.hits == 3)
        #expect(kept.plan.textWidthMemoHits == 2)
    }
}
