// Images whose height follows their width as an intrinsic size
// (`StackTree.ImageNode.followsWidth`, a template file's capped image): the
// trees the stack-tree differential found, laid out by both paths.

import Testing
import TrellisGeometry
import TrellisViews

@Suite struct StackTreeImageTests {
    /// An image of ratio w:h capped at 100 whose height follows its width.
    static func capped(_ width: Double, _ height: Double) -> StackTree.Node {
        .image(
            StackTree.ImageNode(
                aspectRatio: Size(width: width, height: height), maxHeight: 100,
                followsWidth: true))
    }

    /// A horizontal root stack that fills, pinned to the edges, at scale 1.
    static func row(_ children: [StackTree.Node]) -> StackTree {
        StackTree(root: .init(axis: .horizontal, children: children), scale: 1)
    }

    /// An `ImageView`'s `aspectRatio` makes its intrinsic height from the
    /// width the layout gives it, and a width below 0 is 0 (as a label's,
    /// `_layoutWidthDidChange`). A capped image in a hidden stack (0 wide,
    /// its canvas −9 wide inside margins of 6 and 3) is 0 high, not −13.5:
    /// the hidden stack's margins (4 above, 2 below) make the row, which
    /// fills, 6 high. The direct path took the negative width (cell 0
    /// high; watched failing).
    @Test func anImageInAHiddenStackTakesNoNegativeWidth() throws {
        let tree = Self.row([
            .stack(
                .init(
                    axis: .vertical,
                    layoutMargins: EdgeInsets(top: 4, left: 6, bottom: 2, right: 3),
                    children: [
                        StackTreeDifferentialTests.label(
                            "", size: 22, lines: 1, mode: .byCharWrapping),
                        Self.capped(2, 3),
                    ]), isHidden: true),
            StackTreeDifferentialTests.label("", size: 17, lines: 1),
        ])
        let direct = try tree.directLayout(width: 200)
        #expect(direct.height == 6)
        #expect(direct == tree.constraintsLayout(width: 200))
    }

    /// A multi-line label's text-width share (280 / 3 at 760) beats the
    /// compression resistance (750) of a column beside a 200-wide one: the
    /// column's width solves to 280 − 200 − 93.333 = −13.333, and its
    /// capped image, whose layout width is then 0, is 0 high (the direct
    /// path made it −4.444 high, its label 4 high at y −4: watched
    /// failing), as is the cell.
    @Test func anImagePushedBelowZeroWideIsZeroHigh() throws {
        let tree = Self.row([
            .stack(
                .init(
                    axis: .vertical,
                    children: [
                        Self.capped(3, 1),
                        StackTreeDifferentialTests.label(
                            "", size: 22, lines: 3, mode: .byClipping),
                    ])),
            .stack(
                .init(
                    axis: .vertical, fixedWidth: 200,
                    children: [
                        StackTreeDifferentialTests.label(
                            "", size: 13, lines: 3, lineSpacing: 2)
                    ])),
            StackTreeDifferentialTests.label("", size: 22, lines: 0),
        ])
        let direct = try tree.directLayout(width: 280)
        #expect(direct.frames[2] == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(direct.height == 0)
        #expect(direct == tree.constraintsLayout(width: 280))
    }
}
