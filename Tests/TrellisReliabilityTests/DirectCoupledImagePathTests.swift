// The direct path on trees whose image of a free width lies in a hidden
// stack, below a stack whose views are all hidden, in a vertical stack of
// equal spacing or in a baseline-relative column
// (_DirectPlan+CoupledImagePaths.swift), against the constraint engine with
// StackView's constraint set, the oracle.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct DirectCoupledImagePathTests {
    static func image(_ width: Double, _ height: Double, maxHeight: Double? = nil)
        -> StackTree.Node
    {
        DirectCoupledImageTests.image(width, height, maxHeight: maxHeight)
    }

    static func label(_ text: String, lines: Int = 1, hugging: Float = 250) -> StackTree.Node {
        DirectCoupledImageTests.label(text, lines: lines, hugging: hugging)
    }

    /// A column aligned leading holding `image` and a label, as a node.
    static func leadingColumn(_ image: StackTree.Node, isHidden: Bool = false) -> StackTree.Node {
        .stack(
            .init(axis: .vertical, alignment: .leading, children: [label("Caption"), image]),
            isHidden: isHidden)
    }

    static let trees: [(name: String, tree: StackTree)] = [
        // A hidden column in a column: 0 high (`UISV-hiding`), so the
        // image's height weighs on nothing outside it, but its own
        // column's costs.
        (
            "hidden column in a column",
            StackTree(
                root: .init(
                    axis: .vertical, alignment: .leading,
                    children: [label("Title"), leadingColumn(image(2, 1), isHidden: true)]))
        ),
        // A row aligned to fill whose views are all hidden, in a column:
        // one height for all its views (its canvas tied to its spacers).
        (
            "row of hidden views",
            StackTree(
                root: .init(
                    axis: .vertical, alignment: .leading, spacing: 4,
                    children: [
                        label("Header"),
                        .stack(
                            .init(
                                axis: .horizontal,
                                children: [
                                    leadingColumn(image(3, 2), isHidden: true),
                                    StackTree.Node(label("Hidden").content, isHidden: true),
                                ])),
                    ]))
        ),
        // A column of equal spacing aligned leading: the image's height is
        // shared out with the gaps' extra, which costs nothing but the
        // stack's length (`UISV-canvas-fit`, 49).
        (
            "equal-spacing column",
            StackTree(
                root: .init(
                    axis: .vertical, distribution: .equalSpacing, alignment: .leading,
                    spacing: 6,
                    children: [label("Top"), image(2, 1), label("Bottom")]))
        ),
        // The same in a row beside a label, so the column's width is
        // shared too, with a capped image.
        (
            "equal-spacing column in a row, capped",
            StackTree(
                root: .init(
                    axis: .horizontal, spacing: 12,
                    children: [
                        .stack(
                            .init(
                                axis: .vertical, distribution: .equalSpacing,
                                children: [label("Name"), image(3, 2, maxHeight: 100)])),
                        label(
                            "A body long enough to wrap onto a second line at these widths",
                            lines: 2, hugging: 249),
                    ]))
        ),
        // A baseline-relative column aligned leading: the image after the
        // first label has its bottom on the chain, its height its own.
        (
            "baseline-relative column",
            StackTree(
                root: .init(
                    axis: .vertical, alignment: .leading, spacing: 10,
                    isBaselineRelativeArrangement: true,
                    children: [label("First"), image(1, 1), label("Last")]))
        ),
    ]

    @Test(arguments: [120.0, 200, 320, 414])
    func directFramesEqualTheEngines(width: Double) throws {
        StackTreeDifferential.expectAgreed(Self.trees, width: width)
    }

    /// Equal centring keeps the image refused (the cost of its length
    /// below the least its centres need is not modelled).
    @Test func equalCenteringStaysRefused() {
        let tree = StackTree(
            root: .init(
                axis: .vertical, distribution: .equalCentering, alignment: .leading,
                children: [Self.label("Top"), Self.image(2, 1)]))
        #expect(tree.directLayoutUnsupportedReason?.contains("equalCentering") == true)
    }
}
