// A column of two rows aligned by baselines, each as short as it can be at
// 49 (`UISV-canvas-fit`), whose heights are off the pixel grid: the cell's
// height rounded up leaves a fraction of a point that either row could
// take at no cost but the engine's tie-break by index (the canvas fit is a
// length of the stack alone, weighed by its rank). The direct path weighs
// it so too and lays the column out as the engine does; unweighed, it
// refused every such card as ambiguous.

import Testing
import TrellisGeometry
import TrellisViews

@Suite struct StackTreeBaselineRowsTests {
    static func row(_ alignment: StackView.Alignment, _ children: [StackTree.Node])
        -> StackTree.Node
    {
        .stack(
            StackTree.Stack(axis: .horizontal, alignment: alignment, spacing: 8, children: children)
        )
    }

    /// Rows on first or last baselines (a 40-point box beside a name; two
    /// labels; a label beside a box without text), two to a column, in
    /// either order and with a body between, at three widths.
    @Test func columnsOfTwoRowsOnBaselinesAreLaidOutAsTheEngineLaysThemOut() {
        let name = StackTreeDifferentialTests.label("Ana", size: 17, lines: 1)
        let time = StackTreeDifferentialTests.label("2h", size: 13, lines: 1)
        let body = StackTreeDifferentialTests.label(
            "A body long enough to wrap onto a second line in a card of this width.", size: 17,
            lines: 0)
        let box = StackTree.Node(.fixed(StackTree.FixedNode(width: 40, height: 40)))
        var trees: [(name: String, tree: StackTree)] = []
        for first in [StackView.Alignment.firstBaseline, .lastBaseline] {
            for second in [StackView.Alignment.firstBaseline, .lastBaseline] {
                let rows = [
                    Self.row(first, [box, name]), Self.row(second, [name, time]),
                ]
                for middle in [false, true] {
                    let children = middle ? [rows[0], body, rows[1]] : rows
                    trees.append(
                        (
                            "\(first), \(second)\(middle ? ", body between" : "")",
                            StackTree(root: .init(axis: .vertical, spacing: 8, children: children))
                        ))
                }
            }
        }
        for width in [320.0, 375, 414] {
            StackTreeDifferential.expectAgreed(trees, width: width)
        }
    }
}
