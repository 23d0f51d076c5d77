// Kinds of stack tree the direct path lays out that it once refused, each
// against the engine (as `treesTheFuzzerFoundAgreeOrAreRefused`): views
// without an intrinsic length, and boxes of a picture, in a stack filling
// proportionally; baseline-relative columns of equal spacing, of equal
// centring and filling proportionally; a tree of more than 15 priority
// levels.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct StackTreeCoverageKindsTests {
    static func label(_ text: String, size: Double = 17, lines: Int = 1) -> StackTree.Node {
        StackTreeDifferentialTests.label(text, size: size, lines: lines)
    }

    static func box(_ side: Double) -> StackTree.Node {
        StackTree.Node(
            .fixed(
                StackTree.FixedNode(
                    width: nil, height: nil, intrinsicSize: Size(width: side, height: side))))
    }

    @Test func proportionalStacksOfOtherViewsAgree() {
        let row = StackTree(
            root: .init(
                axis: .horizontal, distribution: .fillProportionally, spacing: 4,
                children: [
                    Self.label("Reply"),
                    Self.box(24),
                    .stack(.init(axis: .vertical, children: [Self.label("", size: 13)])),
                    Self.label("12:45", size: 13),
                ]))
        let column = StackTree(
            root: .init(
                axis: .vertical, distribution: .fillProportionally,
                children: [
                    Self.label("A title", size: 22),
                    .fixed(width: nil, height: nil),
                    Self.box(40),
                    Self.label("Some text below it", size: 13, lines: 0),
                ]),
            pinning: .layoutMargins(EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)))
        for width in [120.0, 203.25, 375] {
            StackTreeDifferential.expectAgreed(
                [("proportional row", row), ("proportional column", column)], width: width)
        }
    }

    @Test func baselineRelativeColumnsOfOtherDistributionsAgree() {
        func column(_ distribution: StackView.Distribution, hidden: Bool) -> StackTree {
            var hiddenLabel = Self.label("hidden", size: 13)
            hiddenLabel.isHidden = hidden
            return StackTree(
                root: .init(
                    axis: .vertical, distribution: distribution, spacing: 8,
                    customSpacing: [0: 12], isBaselineRelativeArrangement: true,
                    children: [
                        Self.label("Ada Lovelace", size: 22),
                        hiddenLabel,
                        Self.label("A body of several words that wraps", size: 13, lines: 0),
                        Self.label("3h", size: 13),
                    ]),
                pinning: .layoutMargins(EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)))
        }
        let boxLast = StackTree(
            root: .init(
                axis: .vertical, distribution: .equalSpacing, spacing: 4,
                isBaselineRelativeArrangement: true,
                children: [Self.label("Title", size: 17), .fixed(width: nil, height: 44)]))
        for width in [120.0, 203.25, 375] {
            StackTreeDifferential.expectAgreed(
                [
                    ("equal spacing", column(.equalSpacing, hidden: false)),
                    ("equal spacing, hidden label", column(.equalSpacing, hidden: true)),
                    ("proportional", column(.fillProportionally, hidden: false)),
                    ("proportional, hidden label", column(.fillProportionally, hidden: true)),
                    ("equal spacing, box last", boxLast),
                    ("equal centring", column(.equalCentering, hidden: false)),
                    ("equal centring, hidden label", column(.equalCentering, hidden: true)),
                ], width: width)
        }
    }

    @Test func treesOfManyPriorityLevelsAgree() {
        // Five labels of distinct hugging and compression resistance on
        // both axes: 20 levels, the fitting size and the body's.
        let header: [StackTree.Node] = (0..<5).map { k in
            StackTreeDifferentialTests.label(
                ["Ada", "@ada", "3h", "·", "edited"][k], size: 13, lines: 1,
                hugging: (Float(201 + 2 * k), Float(202 + 2 * k)),
                compression: (Float(701 + 2 * k), Float(702 + 2 * k)))
        }
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 6,
                children: [
                    .stack(.init(axis: .horizontal, spacing: 4, children: header)),
                    Self.label("A body of several words", size: 17, lines: 0),
                ]))
        #expect(_levelsOver15(tree))
        for width in [120.0, 320] {
            StackTreeDifferential.expectAgreed([("many levels", tree)], width: width)
        }
    }

    func _levelsOver15(_ tree: StackTree) -> Bool {
        var priorities: Set<Float> = []
        for node in tree.nodes {
            guard case .label(let label) = node.content else { continue }
            priorities.formUnion(
                [
                    label.horizontalHugging, label.verticalHugging,
                    label.horizontalCompressionResistance, label.verticalCompressionResistance,
                ].map(\.rawValue))
        }
        return priorities.count > 15
    }
}
