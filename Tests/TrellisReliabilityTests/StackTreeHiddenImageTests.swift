// A hidden image whose aspect ratio ties its width to its height, in a column
// aligned to fill (found by the stacktree fuzz body on random inputs): the
// direct path lays it out as the engine does.

import Testing
import TrellisGeometry
import TrellisViews

@Suite struct StackTreeHiddenImageTests {
    /// A row of a label and a column (aligned to fill) of a hidden image
    /// (ratio 3:2, capped at 150.5, or not capped) above a label. Hidden in
    /// the column, the image is 0 high (`UISV-hiding`, required), so its
    /// `height == width × 3/2` (at 999 when capped, else required) pulls
    /// its width to 0, and the column's with it (`UISV-alignment` ties
    /// every arranged view's edges, hidden ones too): the engine gives the
    /// column 0 points and the first label the row. Broken (the hidden
    /// image's width left free on the direct path): capped, the first label
    /// 60 wide at 120 on the direct path, 120 in the engine; not capped,
    /// refused as a conflict ("node3: length 0.0 breaks a required
    /// constraint").
    @Test(arguments: [150.5, nil] as [Double?])
    func aHiddenImagesRatioPullsItsFillingColumnTo0Wide(cap: Double?) throws {
        let image = StackTree.ImageNode(
            aspectRatio: Size(width: 2, height: 3), maxHeight: cap)
        let tree = StackTree(
            root: .init(
                axis: .horizontal,
                children: [
                    StackTreeDifferentialTests.label("", size: 13, lines: 0, lineSpacing: 2),
                    .stack(
                        .init(
                            axis: .vertical,
                            children: [
                                .image(image, isHidden: true),
                                StackTreeDifferentialTests.label("", size: 13, lines: 1),
                            ])),
                ]),
            scale: 1)
        for width in [120.0, 375] {
            let verdict = StackTreeDifferential.check(StackTreeCase(tree: tree, width: width))
            guard case .agreed = verdict else {
                Issue.record("width \(width): \(verdict)")
                continue
            }
            let direct = try tree.directLayout(width: width)
            #expect(direct == tree.constraintsLayout(width: width))
            #expect(direct.frames[2].width == 0, "width \(width): \(direct.frames)")
        }
    }
}
