// The direct path's heights pass replayed per shape (`_DirectPlan.heightsPass`)
// against the general planner on every row: the same height and frames to
// the bit, or the same refusal. Rows of random card-like trees (texts,
// hidden views, image ratios and cell widths changing), with and without a
// header whose widths follow its texts, and shapes whose heights read
// baselines, replayed by them too.

import Testing
import TrellisGeometry
import TrellisSupport
import TrellisText

@testable import TrellisViews

@Suite struct DirectHeightReplayTests {
    typealias Cards = DirectWidthReplayTests

    /// A card of `DirectWidthReplayTests`, now and then with a header of
    /// two labels that may give way side by side first (its widths follow
    /// the texts: the widths pass is not replayed, the heights pass may be).
    static func card(_ random: inout SplitMix64) -> StackTree {
        var tree = Cards.card(&random)
        guard random.next() % 2 == 0 else { return tree }
        let style = TextStyle(fonts: Cards.inter, size: 15)
        var second = StackTree.LabelNode("", style: style)
        second.horizontalHugging = 251
        let header = StackTree.Stack(
            axis: .horizontal, alignment: random.next() % 2 == 0 ? .fill : .top, spacing: 4,
            children: [
                .fixed(width: 40, height: 40), .label(.init("", style: style)), .label(second),
            ])
        tree.root.children.insert(.stack(header), at: 0)
        return tree
    }

    /// Lays out `rows` rows of `tree` with one kept layout (heights pass
    /// replayed; without `wholeRows`, only stacks' subtrees in it, and
    /// `replayed` counts rows where one was) and each with a new general
    /// planner (no replay): the mismatches, described.
    static func compare(
        _ tree: StackTree, rows: Int, _ random: inout SplitMix64,
        counts: inout (rows: Int, laidOut: Int, replayed: Int), wholeRows: Bool = true
    ) -> [String] {
        var kept = DirectStackLayout()
        kept.plan.replayingHeights = wholeRows
        func replays(_ plan: _PlanView) -> Int {
            wholeRows ? plan.heightReplays : plan.subtreeReplays
        }
        var heights = DirectStackLayout()
        var mismatches: [String] = []
        for k in 0..<rows {
            let row = Cards.row(of: tree, &random, hiding: k % 3 == 2)
            let width = [320.0, 375][Int(random.next() % 2)]
            let before = replays(kept.plan)
            let got = kept.result { (layout) throws(DirectStackLayoutError) in
                try layout.layout(row, of: tree, width: width)
            }
            if replays(kept.plan) > before { counts.replayed += 1 }
            let expected = DirectStackLayout.unreplayed(row, of: tree, width: width)
            let height = heights.result { (layout) throws(DirectStackLayoutError) in
                try layout.height(row, of: tree, width: width)
            }
            counts.rows += 1
            if case .success = expected { counts.laidOut += 1 }
            if got != expected {
                mismatches.append("row \(k) at \(width): replayed \(got), general \(expected)")
            }
            if height != expected.map(\.height) {
                mismatches.append("row \(k) at \(width): height \(height), general \(expected)")
            }
        }
        return mismatches
    }

    @Test func replayedHeightsGiveTheGeneralPlannersLayoutRowAfterRow() {
        var random = SplitMix64(seed: 0x4E16_47)
        var counts = (rows: 0, laidOut: 0, replayed: 0)
        var mismatches: [String] = []
        for _ in 0..<150 {
            let tree = Self.card(&random)
            mismatches += Self.compare(tree, rows: 24, &random, counts: &counts)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "\n"))")
        // The comparison says something: most rows laid out, many replayed.
        #expect(counts.laidOut * 2 > counts.rows, "\(counts)")
        #expect(counts.replayed * 6 > counts.rows, "\(counts)")
    }

    /// A row aligned by first baselines reads its labels' baselines, not
    /// only their heights: its shape's heights are replayed by both
    /// (`baselineKeyed`), and every row equals the general planner's.
    @Test func aShapeWhoseHeightsReadBaselinesIsReplayedByThem() {
        let tree = Self.baselineRowTree()
        #expect(tree.directLayoutUnsupportedReason == nil)
        var random = SplitMix64(seed: 36)
        var counts = (rows: 0, laidOut: 0, replayed: 0)
        let mismatches = Self.compare(tree, rows: 40, &random, counts: &counts)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "\n"))")
        #expect(counts.laidOut * 2 > counts.rows, "\(counts)")
        #expect(counts.replayed * 4 > counts.rows, "\(counts)")
    }

    /// Two texts as high as each other whose baselines differ (a Hebrew
    /// line, whose fallback font's line is higher, above or below a Latin
    /// one: 38.55 high, first baselines 16.02 and 14.53), in turn in a
    /// label of a row aligned by first or last baselines beside a box:
    /// every row equals the general planner's, and rows met before are
    /// replayed (a key of the label's height alone would give the other
    /// text's places).
    @Test(arguments: [StackView.Alignment.firstBaseline, .lastBaseline])
    func textsAsHighOnOtherBaselinesAreNotTakenForEachOther(_ alignment: StackView.Alignment) {
        let style = TextStyle(fonts: Cards.inter, size: 15)
        func tree(_ text: String) -> StackTree {
            let row = StackTree.Stack(
                axis: .horizontal, alignment: alignment, spacing: 8,
                children: [
                    .fixed(width: 40, height: 40),
                    .label(.init(text, style: style, numberOfLines: 0)),
                ])
            return StackTree(
                root: .init(
                    axis: .vertical, spacing: 8,
                    children: [.stack(row), .label(.init("Below", style: style))]))
        }
        let texts = ["\u{5D0}\u{5D1}\u{5D2}\nHello", "Hello\n\u{5D0}\u{5D1}\u{5D2}"]
        let structure = tree("")
        var kept = DirectStackLayout()
        var mismatches: [String] = []
        for k in 0..<8 {
            let row = StackTreeRow(tree(texts[k % 2]))
            let got = kept.result { (layout) throws(DirectStackLayoutError) in
                try layout.layout(row, of: structure, width: 375)
            }
            let expected = DirectStackLayout.unreplayed(row, of: structure, width: 375)
            if case .failure = expected { mismatches.append("row \(k) refused: \(expected)") }
            if got != expected { mismatches.append("row \(k): kept \(got), general \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(2).joined(separator: "\n"))")
        #expect(kept.plan.heightReplays >= 6)
    }

    /// One kept layout asked for heights alone and for whole layouts in
    /// turn (a height alone leaves a replayed row's places uncopied), with
    /// now and then a row the kept nodes cannot take after some of it was
    /// written into them (a label's text left nil, the structure's): every
    /// height and layout equals the general planner's. Every other height
    /// takes the row's texts into the nodes (`height(taking:of:width:)`):
    /// a refused row gets its own texts back.
    @Test func heightsAloneAndLayoutsInTurnGiveTheGeneralPlanners() {
        var random = SplitMix64(seed: 0x5A_17ED)
        var mismatches: [String] = []
        var rows = 0
        var replayed = 0
        for _ in 0..<100 {
            let tree = Self.card(&random)
            var kept = DirectStackLayout()
            let labels = tree.nodes.indices.filter {
                if case .label = tree.nodes[$0].content { return true } else { return false }
            }
            for k in 0..<20 {
                var row = Cards.row(of: tree, &random, hiding: k % 3 == 2)
                if k % 7 == 6, let last = labels.last { row.texts[last] = nil }
                let width = [320.0, 375][Int(random.next() % 2)]
                let expected = DirectStackLayout.unreplayed(row, of: tree, width: width)
                let before = kept.plan.heightReplays
                if k % 2 == 0 {
                    var taken = row
                    let height = kept.result { (layout) throws(DirectStackLayoutError) in
                        if k % 4 == 0 { return try layout.height(row, of: tree, width: width) }
                        return try layout.height(taking: &taken, of: tree, width: width)
                    }
                    if case .failure = height, taken.texts != row.texts {
                        mismatches.append("row \(k) at \(width): refused, its texts not given back")
                    }
                    if height != expected.map(\.height) {
                        mismatches.append(
                            "row \(k) at \(width): height \(height), general \(expected)")
                    }
                } else {
                    let got = kept.result { (layout) throws(DirectStackLayoutError) in
                        try layout.layout(row, of: tree, width: width)
                    }
                    if got != expected {
                        mismatches.append("row \(k) at \(width): kept \(got), general \(expected)")
                    }
                }
                rows += 1
                if kept.plan.heightReplays > before { replayed += 1 }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3).joined(separator: "\n"))")
        #expect(replayed * 6 > rows, "\(replayed) of \(rows) replayed")
    }

    /// A row of two labels aligned by first baselines above a body.
    static func baselineRowTree() -> StackTree {
        let style = TextStyle(fonts: Cards.inter, size: 15)
        let row = StackTree.Stack(
            axis: .horizontal, alignment: .firstBaseline, spacing: 4,
            children: [
                .label(.init("", style: style)),
                .label(.init("", style: TextStyle(fonts: Cards.inter, size: 13))),
            ])
        return StackTree(
            root: .init(
                axis: .vertical, spacing: 8,
                children: [.stack(row), .label(.init("", style: style, numberOfLines: 0))]))
    }
}

extension DirectStackLayout {
    /// A general planner's layout of `row` (no pass nor subtree replayed):
    /// what a kept layout is compared with, to the bit.
    static func unreplayed(_ row: StackTreeRow, of tree: StackTree, width: Double)
        -> Result<StackTreeLayout, DirectStackLayoutError>
    {
        var general = DirectStackLayout()
        general.plan.replayingHeights = false
        general.plan.replayingSubtrees = false
        general.plan.replayingWidths = false
        general.plan.memoizingWidthSolves = false
        return general.result { (layout) throws(DirectStackLayoutError) in
            try layout.layout(tree.applying(row), width: width)
        }
    }

    /// What `body` gives with this layout, or its refusal, as a value.
    mutating func result<T>(
        _ body: (inout DirectStackLayout) throws(DirectStackLayoutError) -> T
    ) -> Result<T, DirectStackLayoutError> {
        do throws(DirectStackLayoutError) {
            return .success(try body(&self))
        } catch {
            return .failure(error)
        }
    }
}
