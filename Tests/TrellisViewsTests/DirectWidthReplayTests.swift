// The direct path's widths pass replayed per shape (`_DirectPlan.replayWidths`)
// against the general planner on every row: the same height and frames to
// the bit, or the same refusal. Rows of random card-like trees (texts,
// hidden views, image ratios and widths changing), and shapes whose widths a
// row's texts can change, which must fall back to the general pass.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectWidthReplayTests {
    static let inter = try! FontCollection.bundled("Inter")
    static let words = [
        "", "Ada", "a reply", "Lovelace wrote the first program", "12m", "2 likes",
        "Grüße aus Köln 🙈", "名字中没包含斜杠",
        "a much longer body of text that wraps onto several lines here",
        "x", "Reply", "🔥🔥",
    ]

    /// A random label: one line or several, sometimes empty.
    static func label(_ random: inout SplitMix64, lines: Int? = nil) -> StackTree.Node {
        let style = TextStyle(fonts: inter, size: [13, 15, 17][Int(random.next() % 3)])
        let text = words[Int(random.next() % UInt64(words.count))]
        let count = lines ?? (random.next() % 2 == 0 ? 1 : 0)
        return .label(StackTree.LabelNode(text, style: style, numberOfLines: count))
    }

    /// A view of a card whose widths follow from required constraints: a
    /// label, an image, a row of a fixed 40 × 40 avatar (and now and then a
    /// second fixed box) beside one free view (a label or a column of
    /// labels), a fill-equally bar of labels and buttons, or a header of
    /// one-line labels that share its width by their texts and priorities
    /// (as `PostCell.json`'s name, handle and time: worked out again on
    /// every row, the rest replayed).
    static func part(_ random: inout SplitMix64) -> StackTree.Node {
        switch random.next() % 6 {
        case 5:
            let huggings: [LayoutPriority] = [250, 249, 1000, 251]
            let views: [StackTree.Node] = (0..<(2 + Int(random.next() % 2))).map { _ in
                guard case .label(var node) = label(&random, lines: 1).content else { fatalError() }
                node.horizontalHugging = huggings[Int(random.next() % 4)]
                return .label(node)
            }
            let alignments: [StackView.Alignment] = [.fill, .center, .top]
            return .stack(
                .init(
                    axis: .horizontal, alignment: alignments[Int(random.next() % 3)],
                    spacing: 4, children: views))
        case 0:
            return label(&random)
        case 1:
            return .image(.init(aspectRatio: Size(width: 4, height: 3), maxHeight: 240))
        case 2, 3:
            var children: [StackTree.Node] = [.fixed(width: 40, height: 40)]
            if random.next() % 3 == 0 { children.append(.fixed(width: 24, height: 24)) }
            let free: StackTree.Node =
                random.next() % 2 == 0
                ? label(&random)
                : .stack(
                    .init(
                        axis: .vertical, spacing: 2,
                        children: [label(&random, lines: 1), label(&random)]))
            children.insert(free, at: Int(random.next() % UInt64(children.count + 1)))
            let alignments: [StackView.Alignment] = [.fill, .center, .top, .bottom]
            return .stack(
                .init(
                    axis: .horizontal, alignment: alignments[Int(random.next() % 4)],
                    spacing: Double(random.next() % 12), children: children))
        default:
            let bar: [StackTree.Node] = (0..<(2 + Int(random.next() % 2))).map { _ in
                random.next() % 2 == 0
                    ? label(&random, lines: 1)
                    : .button(.init("Reply", style: TextStyle(fonts: inter, size: 13)))
            }
            return .stack(
                .init(axis: .horizontal, distribution: .fillEqually, spacing: 8, children: bar))
        }
    }

    /// A card: a vertical stack (fill) of 2 to 4 parts, with margins.
    static func card(_ random: inout SplitMix64) -> StackTree {
        let parts = (0..<(2 + Int(random.next() % 3))).map { _ in part(&random) }
        let root = StackTree.Stack(
            axis: .vertical, spacing: 8,
            layoutMargins: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), children: parts)
        return StackTree(root: root)
    }

    /// A general planner's layout of `row` (no pass replayed, no memo):
    /// what a kept layout is compared with, to the bit.
    static func general(_ row: StackTreeRow, of tree: StackTree, width: Double)
        -> Result<StackTreeLayout, DirectStackLayoutError>
    {
        var general = DirectStackLayout()
        general.plan.replayingWidths = false
        return Result { () throws(DirectStackLayoutError) in
            try general.layout(tree.applying(row), width: width)
        }
    }

    /// A row of `tree`: every label a random text, every image a random
    /// ratio, now and then a view hidden (never the root).
    static func row(of tree: StackTree, _ random: inout SplitMix64, hiding: Bool) -> StackTreeRow {
        var row = StackTreeRow(tree)
        for (index, node) in tree.nodes.enumerated() where index > 0 {
            switch node.content {
            case .label:
                row.texts[index] = .plain(words[Int(random.next() % UInt64(words.count))])
            case .image:
                row.aspectRatios[index] = Size(
                    width: Double(100 + random.next() % 900),
                    height: Double(100 + random.next() % 900))
            default:
                break
            }
            if hiding, random.next() % 6 == 0 { row.isHidden[index].toggle() }
        }
        return row
    }

    @Test func replayedWidthsGiveTheGeneralPlannersLayoutRowAfterRow() {
        var random = SplitMix64(seed: 0x3D_1D7)
        var rows = 0
        var laidOut = 0
        var replayed = 0
        var shared = 0
        var mismatches: [String] = []
        for _ in 0..<120 {
            let tree = Self.card(&random)
            var kept = DirectStackLayout()
            // Heights only (`height(_:of:width:)`), kept apart.
            var heights = DirectStackLayout()
            for k in 0..<16 {
                let row = Self.row(of: tree, &random, hiding: k % 2 == 1)
                let width = [320.0, 375][Int(random.next() % 2)]
                let before = kept.plan.widthReplays
                let sharedBefore = kept.plan.textWidthReplays
                let got = Result<StackTreeLayout, DirectStackLayoutError> {
                    () throws(DirectStackLayoutError) in
                    try kept.layout(row, of: tree, width: width)
                }
                if kept.plan.widthReplays > before { replayed += 1 }
                if kept.plan.textWidthReplays > sharedBefore { shared += 1 }
                let expected = Self.general(row, of: tree, width: width)
                let height = Result<Double, DirectStackLayoutError> {
                    () throws(DirectStackLayoutError) in
                    try heights.height(row, of: tree, width: width)
                }
                if height != got.map(\.height), mismatches.count < 3 {
                    mismatches.append(
                        "row \(rows + 1) at \(width): height \(height), layout \(got)")
                }
                rows += 1
                if case .success = expected { laidOut += 1 }
                if got != expected, mismatches.count < 3 {
                    mismatches.append(
                        "row \(rows) at \(width): replayed \(got), general \(expected)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // The comparison says something: most rows laid out, a third
        // replayed, a tenth with a header's share worked out again.
        #expect(laidOut * 2 > rows)
        #expect(replayed * 3 > rows)
        #expect(shared * 10 > rows)
    }

    /// A header of two labels side by side (both may give way), in a column
    /// that fills: their widths follow the texts, so they are worked out
    /// again on every row while the rest is replayed, and every row equals
    /// the general planner's. With their share replayed too (a recorded
    /// row's widths for the next), rows differ.
    @Test func widthsThatFollowTheTextsAreWorkedOutAgainOnEveryRow() {
        let style = TextStyle(fonts: Self.inter, size: 15)
        var second = StackTree.LabelNode("", style: style)
        second.horizontalHugging = 251
        let header = StackTree.Stack(
            axis: .horizontal, spacing: 4,
            children: [
                .fixed(width: 40, height: 40), .label(.init("", style: style)), .label(second),
            ])
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                children: [.stack(header), .label(.init("", style: style, numberOfLines: 0))]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        var kept = DirectStackLayout()
        var compared = 0
        for (a, b) in [
            ("Ada", "@ada"), ("Lovelace", "@countess_of_lovelace"), ("A", "@b"),
            ("Grace Hopper", "@grace"),
        ] {
            var row = StackTreeRow(tree)
            row.texts[2] = .plain(a)
            row.texts[3] = .plain(b)
            row.texts[4] = .plain("\(a) wrote to \(b) about the engine")
            let got = try? kept.layout(row, of: tree, width: 320)
            var general = DirectStackLayout()
            general.plan.replayingWidths = false
            let expected = try? general.layout(tree.applying(row), width: 320)
            #expect(got != nil)
            #expect(got == expected, "\(a), \(b)")
            compared += 1
        }
        #expect(kept.plan.widthReplays == 3)
        #expect(kept.plan.textWidthReplays == 3)
        #expect(kept.plan.widthRecords.compactMap { $0?.free } == [[1..<5]])
        #expect(compared == 4)
    }

    /// A stack of two labels side by side taking the rest of a row beside a
    /// fixed box (an avatar beside a name and a handle): its width is what
    /// the box leaves whatever its texts (`takeTheRest`), so the rest of
    /// the shape is replayed and only its labels' share is worked out
    /// again, row after row equal to the general planner's: the same
    /// below a header aligned by first or last baselines (read across
    /// only), and where the labels do not fit at all.
    @Test func aStackTakingTheRestBesideAFixedBoxIsReplayed() {
        let style = TextStyle(fonts: Self.inter, size: 15)
        var second = StackTree.LabelNode("", style: style)
        second.horizontalHugging = 251
        var compared = 0
        for alignment in [StackView.Alignment.fill, .firstBaseline, .lastBaseline] {
            let names = StackTree.Stack(
                axis: .horizontal, spacing: 4,
                children: [.label(.init("", style: style)), .label(second)])
            let tree = StackTree(
                root: .init(
                    axis: .horizontal, alignment: alignment, spacing: 8,
                    children: [.fixed(width: 40, height: 40), .stack(names)]))
            #expect(tree.directLayoutUnsupportedReason == nil)
            var kept = DirectStackLayout()
            let rows = [
                ("Ada", "@ada"), ("Lovelace", "@countess_of_lovelace"), ("A", "@b"),
                (String(repeating: "Lovelace ", count: 12), "@countess_of_lovelace"),
                ("", "@b"), ("Grace Hopper", ""),
            ]
            for (a, b) in rows {
                for width in [320.0, 47.0, 414.0] {
                    var row = StackTreeRow(tree)
                    row.texts[3] = .plain(a)
                    row.texts[4] = .plain(b)
                    let got = Result<StackTreeLayout, DirectStackLayoutError> {
                        () throws(DirectStackLayoutError) in
                        try kept.layout(row, of: tree, width: width)
                    }
                    let expected = Self.general(row, of: tree, width: width)
                    #expect(got == expected, "\(alignment) \(a), \(b) at \(width)")
                    compared += 1
                }
            }
            let free = kept.plan.widthRecords.compactMap { $0?.free }
            #expect(free.contains([2..<5]), "\(free)")
            #expect(kept.plan.widthReplays > 0)
        }
        #expect(compared == 54)
    }

    /// A shape whose widths follow the texts where the general pass reads
    /// more than the stack's own cost at a fixed width (a label of several
    /// lines shares the stack's width) is never replayed, and equals the
    /// general planner's.
    @Test func aShapeWhoseSharedWidthIsNotFixedFallsBackToTheGeneralPass() {
        let style = TextStyle(fonts: Self.inter, size: 15)
        let wrapping = StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                children: [
                    .stack(
                        .init(
                            axis: .horizontal, spacing: 4,
                            children: [
                                .label(.init("", style: style)),
                                .label(.init("", style: style, numberOfLines: 0)),
                            ]))
                ]))
        var compared = 0
        #expect(wrapping.directLayoutUnsupportedReason == nil)
        var kept = DirectStackLayout()
        for (a, b) in [("Ada", "@ada"), ("Lovelace", "@countess_of_lovelace"), ("A", "@b")] {
            var row = StackTreeRow(wrapping)
            row.texts[2] = .plain(a)
            row.texts[3] = .plain(b)
            let got = Result<StackTreeLayout, DirectStackLayoutError> {
                () throws(DirectStackLayoutError) in try kept.layout(row, of: wrapping, width: 320)
            }
            let expected = Self.general(row, of: wrapping, width: 320)
            #expect(got == expected, "\(a), \(b)")
            compared += 1
        }
        #expect(kept.plan.widthReplays == 0)
        #expect(kept.plan.widthRecords.allSatisfy { !($0?.applies ?? false) })
        #expect(compared == 3)
    }
}
