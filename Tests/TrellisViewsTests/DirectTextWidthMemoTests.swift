// The widths that follow a row's texts, copied from an earlier row of the
// same inputs (`_TextWidthMemo`): rows that hit the memo equal the general
// planner's to the bit (height and every frame), or its refusal.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectTextWidthMemoTests {
    /// `PostCell.json` as a tree: a fixed avatar beside a column of the
    /// header (name, handle, time: the handle gives way first, the time
    /// hugs at 1000) and a body of several lines.
    static func postTree() -> StackTree {
        let inter = DirectWidthReplayTests.inter
        let style = TextStyle(fonts: inter, size: 15)
        var name = StackTree.LabelNode("", style: style)
        name.horizontalCompressionResistance = 250
        var handle = StackTree.LabelNode("", style: style)
        handle.horizontalHugging = 249
        handle.horizontalCompressionResistance = 749
        var time = StackTree.LabelNode("", style: style)
        time.horizontalHugging = 1000
        let header = StackTree.Stack(
            axis: .horizontal, spacing: 4, children: [.label(name), .label(handle), .label(time)])
        let column = StackTree.Stack(
            axis: .vertical, spacing: 6,
            children: [.stack(header), .label(.init("", style: style, numberOfLines: 0))])
        return StackTree(
            root: .init(
                axis: .horizontal, alignment: .top, spacing: 12,
                layoutMargins: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16),
                children: [.fixed(width: 40, height: 40), .stack(column)]))
    }

    @Test func rowsOfKnownInputsCopyTheirWidthsAndEqualTheGeneralPlanner() {
        var random = SplitMix64(seed: 0x7E_A7)
        var rows = 0
        var hits = 0
        var mismatches: [String] = []
        for _ in 0..<120 {
            let tree = DirectWidthReplayTests.card(&random)
            var kept = DirectStackLayout()
            // (Headers of one-line labels are shared out without the memo
            // otherwise: `DirectRowShareTests`.)
            kept.plan.rowShares.enabled = false
            // Five rows (texts, hidden views, widths), each laid out four times.
            let cycle = (0..<5).map { k in
                (
                    DirectWidthReplayTests.row(of: tree, &random, hiding: k == 3),
                    [320.0, 375, 320, 375, 375][k]
                )
            }
            for k in 0..<20 {
                let (row, width) = cycle[k % 5]
                let before = kept.plan.textWidthMemoHits
                let got = Result<StackTreeLayout, DirectStackLayoutError> {
                    () throws(DirectStackLayoutError) in
                    try kept.layout(row, of: tree, width: width)
                }
                if kept.plan.textWidthMemoHits > before { hits += 1 }
                let expected = DirectWidthReplayTests.general(row, of: tree, width: width)
                rows += 1
                if got != expected, mismatches.count < 3 {
                    mismatches.append("row \(rows) at \(width): memo \(got), general \(expected)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // The comparison says something: rows come back, so a good share
        // of them (those of cards with a header) copy its widths.
        #expect(hits * 5 > rows, "\(hits) of \(rows)")
    }

    /// `PostCell.json`'s header (name, handle, time: the handle gives way
    /// first, the time hugs at 1000) in a column beside a fixed avatar: the
    /// second time round the rows copy every share (but the first row's,
    /// which the general pass laid out), and each row equals
    /// a general planner's and a kept layout's without the memo.
    @Test func aHeadersShareIsCopiedForRowsOfTheSameWidths() {
        let tree = Self.postTree()
        #expect(tree.directLayoutUnsupportedReason == nil)
        let authors = [
            ("Ana", "@ana"), ("Bartholomew Featherstonehaugh-Cholmondeley", "@bartholomew_fc"),
            ("王小明", "@xiaoming@mastodon.social"), ("Zoë 🌸", "@zoe"),
        ]
        let times = ["now", "3h", "Jan 12, 2019"]
        var kept = DirectStackLayout()
        var plain = DirectStackLayout()
        plain.plan.memoizingTextWidths = false
        // (Else shared out without the memo: `DirectRowShareTests`.)
        kept.plan.rowShares.enabled = false
        plain.plan.rowShares.enabled = false
        var compared = 0
        for round in 0..<2 {
            for (a, author) in authors.enumerated() {
                for (t, when) in times.enumerated() {
                    var row = StackTreeRow(tree)
                    row.texts[4] = .plain(author.0)
                    row.texts[5] = .plain(author.1)
                    row.texts[6] = .plain(when)
                    row.texts[7] = .plain("Body \(round) \(a) \(t): a few words that wrap")
                    let before = kept.plan.textWidthMemoHits
                    let got = try? kept.layout(row, of: tree, width: 375)
                    #expect(got != nil)
                    #expect(got == (try? plain.layout(row, of: tree, width: 375)))
                    var general = DirectStackLayout()
                    general.plan.replayingWidths = false
                    #expect(got == (try? general.layout(tree.applying(row), width: 375)))
                    // (The very first row ran the general pass: nothing kept.)
                    if round == 1, a + t > 0 {
                        #expect(kept.plan.textWidthMemoHits == before + 1)
                    }
                    compared += 1
                }
            }
        }
        #expect(compared == 24)
        #expect(plain.plan.textWidthMemoHits == 0)
        #expect(kept.plan.textWidthMemoHits == 11)
        #expect(kept.plan.textWidthReplays == 23)
    }
}
