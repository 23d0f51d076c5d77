// A label of several lines whose text is empty (a body hidden when empty,
// as in `StackOnlyCard.json` and `PostCell.json`) measures 0 × 0 at every
// width: the direct path does not count it as a label whose width is free
// (which would run the engine's fitting and frame passes and never replay
// the widths), and its frames still equal the engine's.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectEmptyLabelTests {
    static let inter = try! FontCollection.bundled("Inter")
    static let words = [
        "", "Ada", "12m", "Grüße aus Köln 🙈", "名字中没包含斜杠", "x",
        "a much longer body of text that wraps onto several lines here",
        "Lovelace wrote the first program for the engine, and notes on it",
    ]

    /// A card like `StackOnlyCard.json`: a header (a fixed 40 × 40 avatar
    /// beside a column of two one-line labels, centred), a body of several
    /// lines, a photo capped at 240 high, a bar of a label and a button
    /// filling equally; with `sharing`, also a row of a label of several
    /// lines beside a one-line one (the first's width is free: it follows
    /// what both measure).
    static func card(sharing: Bool) -> StackTree {
        let style = TextStyle(fonts: inter, size: 15)
        let titles = StackTree.Stack(
            axis: .vertical, spacing: 2,
            children: [.label(.init("", style: style)), .label(.init("", style: style))])
        let header = StackTree.Stack(
            axis: .horizontal, alignment: .center, spacing: 10,
            children: [.fixed(width: 40, height: 40), .stack(titles)])
        let bar = StackTree.Stack(
            axis: .horizontal, distribution: .fillEqually, spacing: 8,
            children: [
                .label(.init("", style: style)),
                .button(.init("Reply", style: TextStyle(fonts: inter, size: 13))),
            ])
        var children: [StackTree.Node] = [
            .stack(header), .label(.init("", style: style, numberOfLines: 0)),
            .image(
                .init(aspectRatio: Size(width: 4, height: 3), maxHeight: 240, followsWidth: true)),
            .stack(bar),
        ]
        if sharing {
            children.insert(
                .stack(
                    .init(
                        axis: .horizontal, spacing: 4,
                        children: [
                            .label(.init("", style: style, numberOfLines: 0)),
                            .label(.init("", style: style)),
                        ])), at: 2)
        }
        return StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                layoutMargins: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16),
                children: children))
    }

    /// A row: every label a random text; the body (node 6) and the
    /// bar's label empty and hidden now and then (as `hiddenWhenEmpty`),
    /// the shared label of several lines (node 8 with `sharing`) empty and
    /// shown now and then; the photo hidden or of a random ratio.
    static func row(of tree: StackTree, sharing: Bool, _ random: inout SplitMix64) -> StackTreeRow {
        var row = StackTreeRow(tree)
        let bar = tree.nodes.count - 2
        for (index, node) in tree.nodes.enumerated() where index > 0 {
            switch node.content {
            case .label:
                var text = words[1 + Int(random.next() % UInt64(words.count - 1))]
                if [6, bar].contains(index) || (sharing && index == 8), random.next() % 3 == 0 {
                    text = ""
                }
                row.texts[index] = .plain(text)
                row.isHidden[index] = text.isEmpty && index != 8
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

    /// Rows of both cards at three widths, each against the engine
    /// (`constraintsLayout`) and a new direct layout: the same frames to
    /// the bit wherever the direct path lays the row out. Rows whose
    /// shape has an empty label of several lines (hidden or not) take the
    /// single pass, and their widths are replayed.
    @Test func emptyLabelsOfSeveralLinesAreNotFreeAndFramesEqualTheEngines() {
        var random = SplitMix64(seed: 0xE_3B7)
        var compared = 0
        var emptyBody = 0
        var replayedEmpty = 0
        var passChecked = 0
        var mismatches: [String] = []
        for sharing in [false, true] {
            let tree = Self.card(sharing: sharing)
            #expect(tree.directLayoutUnsupportedReason == nil)
            var kept = DirectStackLayout()
            for k in 0..<150 {
                let row = Self.row(of: tree, sharing: sharing, &random)
                let width = [320.0, 375, 414][k % 3]
                let applied = tree.applying(row)
                let before = kept.plan.widthReplays
                let got = try? kept.layout(row, of: tree, width: width)
                let bodyIsEmpty = row.texts[6]?.string.isEmpty ?? false
                let sharedIsEmpty = !sharing || (row.texts[8]?.string.isEmpty ?? false)
                if kept.plan.needsPassChecks { passChecked += 1 }
                if bodyIsEmpty, sharedIsEmpty {
                    emptyBody += 1
                    // Every label of several lines is empty: nothing's width is free.
                    #expect(!kept.plan.hasFreeWidthLabel)
                    if kept.plan.widthReplays > before { replayedEmpty += 1 }
                }
                guard let got else { continue }
                let engine = applied.constraintsLayout(width: width)
                var fresh = DirectStackLayout()
                let again = try? fresh.layout(applied, width: width)
                compared += 1
                if got != engine || got != again, mismatches.count < 3 {
                    mismatches.append(
                        "sharing \(sharing), row \(k) at \(width):\n direct \(got)\n engine \(engine)"
                    )
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // The comparison says something: most rows laid out, a tenth with
        // every label of several lines empty, most of those replayed; the
        // free label of the second card runs the engine's passes.
        #expect(compared > 250)
        #expect(emptyBody > 15)
        #expect(replayedEmpty * 2 > emptyBody)
        #expect(passChecked > 50)
    }
}
