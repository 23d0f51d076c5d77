// Images whose height follows their width as an intrinsic size
// (`StackTree.ImageNode.followsWidth`, a template file's capped image): the
// trees the stack-tree differential found, laid out by both paths.

import Testing
import TrellisGeometry
import TrellisViews

@Suite struct StackTreeImageTests {
    /// An `ImageView`'s `aspectRatio` makes its intrinsic height from the
    /// width the layout gives it, and a width below 0 is 0 (as a label's,
    /// `_layoutWidthDidChange`). A capped image in a hidden stack (0 wide,
    /// its canvas −9 wide inside margins of 6 and 3) is 0 high, not −13.5:
    /// the hidden stack's margins (4 above, 2 below) make the row, which
    /// fills, 6 high. The direct path took the negative width (cell 0
    /// high; watched failing).
    @Test func anImageInAHiddenStackTakesNoNegativeWidth() throws {
        let tree = StackTree(
            root: .init(
                axis: .horizontal,
                children: [
                    .stack(
                        .init(
                            axis: .vertical,
                            layoutMargins: EdgeInsets(top: 4, left: 6, bottom: 2, right: 3),
                            children: [
                                StackTreeDifferentialTests.label("", size: 22, lines: 1, mode: .byCharWrapping),
                                .image(
                                    StackTree.ImageNode(
                                        aspectRatio: Size(width: 2, height: 3), maxHeight: 100,
                                        followsWidth: true)),
                            ]), isHidden: true),
                    StackTreeDifferentialTests.label("", size: 17, lines: 1),
                ]),
            scale: 1)
        let direct = try tree.directLayout(width: 200)
        #expect(direct.height == 6)
        #expect(direct == tree.constraintsLayout(width: 200))
    }

    /// A multi-line label's text-width share (280 / 3 at 760) beats the
    /// compression resistance (750) of a column beside a 200-wide one: the
    /// column is pushed to 280 − 200 − 93.333 = −13.333 wide, and its
    /// capped image, as wide, is 0 high (not −4.444), as is the cell.
    @Test func anImagePushedBelowZeroWideIsZeroHigh() throws {
        let tree = StackTree(
            root: .init(
                axis: .horizontal,
                children: [
                    .stack(
                        .init(
                            axis: .vertical,
                            children: [
                                .image(
                                    StackTree.ImageNode(
                                        aspectRatio: Size(width: 3, height: 1), maxHeight: 100,
                                        followsWidth: true)),
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
                ]),
            scale: 1)
        let direct = try tree.directLayout(width: 280)
        #expect(direct.frames[2] == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(direct.height == 0)
        #expect(direct == tree.constraintsLayout(width: 280))
    }
}
