// Slopes sized to the tree's priority levels (`_SlopeLanes`,
// `_DirectPlan+Lanes.swift`): one kept layout moves from slopes of 8 lanes
// to 12, 16 and 32 as trees of more levels come, and lays every tree out as
// a plan of 32 lanes does, to the bit.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct DirectSlopeLanesTests {
    static let inter = try! FontCollection.bundled("Inter")

    /// A card whose header holds `labels` one-line labels, label `k`
    /// hugging at 201 + 2k and 202 + 2k and resisting compression at
    /// 701 + 2k and 702 + 2k, above a body of several lines: 4 × `labels`
    /// levels, and the body's 250 and 750 and the fitting size's 50.
    static func card(labels: Int, body: String) -> StackTree {
        let style = TextStyle(fonts: inter, size: 15)
        let texts = ["Ada Lovelace", "@ada", "3h"]
        let header: [StackTree.Node] = (0..<labels).map { k in
            var label = StackTree.LabelNode(texts[k % texts.count], style: style)
            label.horizontalHugging = LayoutPriority(Float(201 + 2 * k))
            label.verticalHugging = LayoutPriority(Float(202 + 2 * k))
            label.horizontalCompressionResistance = LayoutPriority(Float(701 + 2 * k))
            label.verticalCompressionResistance = LayoutPriority(Float(702 + 2 * k))
            return .label(label)
        }
        let root = StackTree.Stack(
            axis: .vertical, spacing: 6,
            layoutMargins: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16),
            children: [
                .stack(StackTree.Stack(axis: .horizontal, spacing: 4, children: header)),
                .label(.init(body, style: style, numberOfLines: 0)),
            ])
        return StackTree(root: root)
    }

    @Test func keptLayoutWidensAndEqualsTheWidestPlan() {
        #expect(_DirectPlan.levels(of: Self.card(labels: 1, body: "")).count == 7)
        #expect(_DirectPlan.levels(of: Self.card(labels: 2, body: "")).count == 11)
        #expect(_DirectPlan.levels(of: Self.card(labels: 3, body: "")).count == 15)
        #expect(_DirectPlan.levels(of: Self.card(labels: 4, body: "")).count == 19)
        let bodies = [
            "", "A body of several words that wraps at a narrow width, twice or more.",
        ]
        var kept = DirectStackLayout()
        for (labels, lanes) in [
            (1, 8), (2, 12), (1, 12), (3, 16), (1, 16), (2, 16), (4, 32), (1, 32),
        ] {
            for width in [160.0, 320, 375] {
                for body in bodies {
                    let tree = Self.card(labels: labels, body: body)
                    var widest = _DirectPlan()
                    let expected = Result { () throws(DirectStackLayoutError) in
                        try widest.layout(tree, width: width)
                    }
                    let got = Result { () throws(DirectStackLayoutError) in
                        try kept.layout(tree, width: width)
                    }
                    #expect(got == expected, "\(labels) labels at \(width)")
                    #expect(kept.lanes == lanes)
                }
            }
        }
    }
}
