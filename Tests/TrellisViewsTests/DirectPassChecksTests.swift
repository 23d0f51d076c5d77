// A shape whose widths follow its texts runs the engine's fitting and frame
// passes, each solve checked for a required conflict along the vertical
// axis. Where no required vertical bound can follow a row, a kept plan
// leaves the checks out once a row of the shape passed them: every row
// still gets what a new plan (which checks) gives, frames or error.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectPassChecksTests {
    static let inter = try! FontCollection.bundled("Inter")
    static let words = [
        "", "Ada", "12m", "Grüße aus Köln 🙈", "名字中没包含斜杠", "x",
        "a much longer body of text that wraps onto several lines here",
        "Lovelace wrote the first program for the engine, and notes on it",
    ]

    /// A comment cell like `CommentCell.json`: an avatar of intrinsic size
    /// beside a column (a name that gives way first beside a time that
    /// hugs, a body of several lines, a capped photo, a one-line footer);
    /// `rootHeight`: the root's own required height; `box`: a required
    /// box of that height in a stack of required height 30 at the
    /// column's end (a conflict in every row); `cappedBody`: the body's vertical
    /// compression resistance required (its bound follows its text).
    static func cell(rootHeight: Double? = nil, box: Double? = nil, cappedBody: Bool = false)
        -> StackTree
    {
        let style = TextStyle(fonts: inter, size: 15)
        var name = StackTree.LabelNode("", style: style)
        name.horizontalCompressionResistance = LayoutPriority(rawValue: 749)
        var time = StackTree.LabelNode("", style: TextStyle(fonts: inter, size: 13))
        time.horizontalHugging = .required
        var body = StackTree.LabelNode("", style: style, numberOfLines: 0)
        if cappedBody { body.verticalCompressionResistance = .required }
        var column: [StackTree.Node] = [
            .stack(.init(axis: .horizontal, spacing: 6, children: [.label(name), .label(time)])),
            .label(body),
            .image(
                .init(aspectRatio: Size(width: 4, height: 3), maxHeight: 240, followsWidth: true)),
            .label(.init("", style: style)),
        ]
        if let box {
            let held = StackTree.Node.fixed(width: nil, height: box)
            column.append(.stack(.init(axis: .vertical, fixedHeight: 30, children: [held])))
        }
        let avatar = StackTree.FixedNode(
            width: nil, height: nil, intrinsicSize: Size(width: 48, height: 48))
        return StackTree(
            root: .init(
                axis: .horizontal, alignment: .top, spacing: 12,
                layoutMargins: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16),
                fixedHeight: rootHeight,
                children: [
                    StackTree.Node(.fixed(avatar)),
                    .stack(.init(axis: .vertical, spacing: 4, children: column)),
                ]))
    }

    /// A row: every label a random text, the body and the footer empty and
    /// hidden now and then, the photo hidden or of a random ratio.
    static func row(of tree: StackTree, _ random: inout SplitMix64) -> StackTreeRow {
        var row = StackTreeRow(tree)
        for (index, node) in tree.nodes.enumerated() where index > 0 {
            switch node.content {
            case .label:
                var text = words[1 + Int(random.next() % UInt64(words.count - 1))]
                if index > 5, random.next() % 4 == 0 { text = "" }
                row.texts[index] = .plain(text)
                row.isHidden[index] = text.isEmpty
            case .image:
                row.aspectRatios[index] = Size(
                    width: Double(100 + random.next() % 900),
                    height: Double(100 + random.next() % 900))
                row.isHidden[index] = random.next() % 3 == 0
            default:
                break
            }
        }
        return row
    }

    /// Every row laid out by one kept plan and by a new one: the same
    /// layout or the same error. The checks are left out in most rows of
    /// the cell (debug builds also run them, asserting that they pass);
    /// not where a required box conflicts with the column's height in
    /// every row, nor where the body's height is required.
    @Test func keptPlansGiveWhatNewOnesGive() {
        let cases: [(rootHeight: Double?, box: Double?, cappedBody: Bool)] = [
            (nil, nil, false), (90, nil, false), (nil, 100, false), (nil, nil, true),
        ]
        for (number, setting) in cases.enumerated() {
            let tree = Self.cell(
                rootHeight: setting.rootHeight, box: setting.box, cappedBody: setting.cappedBody)
            var random = SplitMix64(seed: 0xC4EC)
            var kept = DirectStackLayout()
            var checked = 0
            var refused = 0
            var mismatches: [String] = []
            for k in 0..<120 {
                let row = Self.row(of: tree, &random)
                let width = [320.0, 375, 414][k % 3]
                let got = Result { () throws(DirectStackLayoutError) in
                    try kept.layout(row, of: tree, width: width)
                }
                if kept.plan.needsPassChecks { checked += 1 }
                if case .failure = got { refused += 1 }
                var fresh = DirectStackLayout()
                let again = Result { () throws(DirectStackLayoutError) in
                    try fresh.layout(tree.applying(row), width: width)
                }
                if got != again, mismatches.count < 3 {
                    mismatches.append(
                        "case \(number), row \(k) at \(width):\n kept \(got)\n new \(again)")
                }
            }
            #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
            #expect(checked > 40)
            switch number {
            case 0: #expect(kept.plan.uncheckedLayouts > checked / 2)
            case 2:
                #expect(kept.plan.uncheckedLayouts == 0)
                #expect(refused == 120)
            case 3: #expect(kept.plan.uncheckedLayouts == 0)
            default: break
            }
        }
    }
}
