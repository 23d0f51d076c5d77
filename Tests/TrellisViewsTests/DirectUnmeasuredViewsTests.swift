// The direct path leaves unmeasured a label or button whose width and
// height required constraints fix, as the engine does
// (`LayoutEngine.fixedAxes(at:)`): frames equal the engine's although the
// view's intrinsic size differs from its frame, and its text is not measured.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct DirectUnmeasuredViewsTests {
    static let inter = try! FontCollection.bundled("Inter")

    /// A vertical stack of a body and two bars of buttons filling equally:
    /// the first with a required height of 32 (its buttons' widths and
    /// heights fixed), the second with none (its buttons' heights follow
    /// their titles). `bar` changes the first bar's settings.
    static func card(
        titles: [String], body: String,
        bar: (inout StackTree.Stack) -> Void = { _ in },
        button: (inout StackTree.ButtonNode) -> Void = { _ in }
    ) -> StackTree {
        let style = TextStyle(fonts: inter, size: 13)
        let buttons: [StackTree.Node] = titles.map { title in
            var node = StackTree.ButtonNode(
                title, style: style, contentEdgeInsets: EdgeInsets(all: 4))
            button(&node)
            return .button(node)
        }
        var fixedBar = StackTree.Stack(
            axis: .horizontal, distribution: .fillEqually, spacing: 8, fixedHeight: 32,
            children: buttons)
        bar(&fixedBar)
        let freeBar = StackTree.Stack(
            axis: .horizontal, distribution: .fillEqually, spacing: 8,
            children: Array(buttons.prefix(2)))
        let root = StackTree.Stack(
            axis: .vertical, spacing: 6,
            layoutMargins: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16),
            children: [
                .label(.init(body, style: style, numberOfLines: 0)), .stack(fixedBar),
                .stack(freeBar),
            ])
        return StackTree(root: root)
    }

    /// Titles whose one-line sizes (plus insets) are wider than a quarter of
    /// the bar, narrower, and all less or more than 32 high.
    static let titleSets: [[String]] = [
        ["Reply 12", "Repost 3,456", "Like 789,012", "Share"],
        ["A title far too long to fit in a quarter of the bar", "", "0", "Share this"],
        ["1", "22", "333", "4444"],
    ]

    @Test func fixedButtonsAreNotMeasuredAndFramesEqualTheEngines() throws {
        var kept = DirectStackLayout()
        for width in [320.0, 375, 414] {
            for (index, titles) in Self.titleSets.enumerated() {
                let tree = Self.card(
                    titles: titles, body: "Row \(index): a body long enough to wrap at phone widths"
                )
                #expect(tree.directLayoutUnsupportedReason == nil)
                let before = kept.plan.measureCalls
                let direct = try kept.layout(tree, width: width)
                // Nodes: root 0, body 1, fixed bar 2, its buttons 3...6,
                // free bar 7, its buttons 8 and 9.
                #expect(kept.plan.unmeasured == (0..<10).map { (3...6).contains($0) })
                // The body (on one line, then at its width, or only at its
                // width where the widths are replayed) and the free bar's
                // two buttons only: 7 or 8 with the fixed bar's four.
                #expect(
                    (3...4).contains(kept.plan.measureCalls - before),
                    "width \(width), titles \(index)")
                #expect(
                    direct == tree.constraintsLayout(width: width),
                    "width \(width), titles \(index)")
                // The fixed bar's buttons have its height, not their titles'.
                for node in 3...6 { #expect(abs(direct.frames[node].height - 32) < 1e-9) }
            }
        }
    }

    @Test func viewsWhoseSizeOrBaselinesMatterAreMeasured() throws {
        let titles = Self.titleSets[0]
        let variants: [(String, StackTree)] = [
            (
                "no required height",
                Self.card(titles: titles, body: "Body") { $0.fixedHeight = nil }
            ),
            (
                "aligned to the centre",
                Self.card(titles: titles, body: "Body") { $0.alignment = .center }
            ),
            (
                "filling by proportions",
                Self.card(titles: titles, body: "Body") { $0.distribution = .fillProportionally }
            ),
            (
                "required compression resistance",
                Self.card(
                    titles: titles, body: "Body",
                    button: {
                        $0.verticalCompressionResistance = .required
                    })
            ),
        ]
        for (name, tree) in variants {
            var layout = DirectStackLayout()
            let direct = try? layout.layout(tree, width: 375)
            #expect(!layout.plan.unmeasured.contains(true), "\(name)")
            #expect(direct == (try? tree.directLayout(width: 375)), "\(name)")
            if let direct {
                #expect(direct == tree.constraintsLayout(width: 375), "\(name)")
            }
        }
    }
}
