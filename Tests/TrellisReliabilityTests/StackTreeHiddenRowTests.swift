// More stack trees the stacktree fuzz target found the direct path and the
// engine disagreeing on: a hidden row on first baselines filling equally
// with an empty label (UIKit's set lets the empty label go below 0 high
// before it squeezes a label of higher compression resistance), an
// equal-centering column held shorter than its even canvas by a pull
// between the spacers' priority and 245, and a view inside a hidden stack
// whose place UIKit leaves open (a pixel apart once rounded). Each agrees
// with the engine or is refused.

import Testing
import TrellisGeometry
import TrellisViews

@Suite struct StackTreeHiddenRowTests {
    static func expectAgreedOrRefused(
        _ trees: [(String, StackTree)], widths: [Double], agreedAtLeast: Int = 0
    ) {
        let (failures, agreed) = StackTreeDifferential.agreedOrRefused(trees, widths: widths)
        #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(4))")
        #expect(agreed >= agreedAtLeast, "\(agreed) agreed")
    }

    /// A hidden row on first baselines filling equally, an empty label
    /// (vertical compression resistance 749) first and "A" (750) after:
    /// the empty label's baseline is its bottom, on "A"'s first baseline,
    /// and the hidden row is 0 high, so one gives way: UIKit's set takes
    /// the empty label below 0 high (749) and keeps "A" at 21; the direct
    /// path squeezed "A" to 16.5 and now refuses, as it does in rows whose
    /// labels share their width otherwise (`checkEmptyLabelRow`). Broken
    /// (filling equally left out): "node3: direct (11.5, -16.5, 11.5,
    /// 16.5), constraints (11.5, -21, 11.5, 21)".
    @Test func hiddenEqualRowsOnFirstBaselinesWithAnEmptyLabel() {
        var trees: [(String, StackTree)] = []
        for distribution in [StackView.Distribution.fillEqually, .fill] {
            for hidden in [true, false] {
                for compression: Float in [749, 750, 751] {
                    let row = StackTree.Stack(
                        axis: .horizontal, distribution: distribution, alignment: .firstBaseline,
                        children: [
                            StackTreeDifferentialTests.label(
                                "", size: 13, lines: 0, lineSpacing: 2, mode: .byCharWrapping,
                                hugging: (248, 250), compression: (748, compression)),
                            StackTreeDifferentialTests.label(
                                "A", size: 17, lines: 3, lineSpacing: 2),
                        ])
                    let column = StackTree.Stack(
                        axis: .vertical, children: [.stack(row, isHidden: hidden)])
                    trees.append(
                        (
                            "\(distribution) hidden \(hidden) \(compression)",
                            StackTree(root: column, scale: 2)
                        ))
                }
            }
        }
        Self.expectAgreedOrRefused(trees, widths: [120, 333.3], agreedAtLeast: 6)
    }

    /// An equal-centering column (an empty label, a 3 × 2 image, "🙂") in
    /// a row beside a hidden label of vertical hugging 200: the row aligns
    /// the hidden label too, so its hugging pulls the column's height at
    /// 200, above the spacers' `UISV-fill-equally` (149) and the engine
    /// gives the even centres up (296.667 high) where the direct path kept
    /// them (307): refused now that the bound of the region below the even
    /// canvas is the spacers' priority (it was 245). Hugging 250 and 100
    /// around it. Broken (the bound at 245): "height: direct 307.0,
    /// constraints 296.6666666666667".
    @Test func equalCentringHeldShorterThanItsEvenCanvasIsRefused() {
        var trees: [(String, StackTree)] = []
        for hugging: Float in [100, 200, 250] {
            for image in [true, false] {
                var middle = StackTree.Node.image(.init(aspectRatio: Size(width: 3, height: 2)))
                if !image { middle = .fixed(width: nil, height: 44) }
                let column = StackTree.Stack(
                    axis: .vertical, distribution: .equalCentering,
                    children: [
                        StackTreeDifferentialTests.label("", size: 17, lines: 2),
                        middle,
                        StackTreeDifferentialTests.label("🙂", size: 17, lines: 0),
                    ])
                let row = StackTree.Stack(
                    axis: .horizontal,
                    children: [
                        StackTreeDifferentialTests.label(
                            "", size: 17, lines: 3, mode: .byClipping,
                            hugging: (250, hugging)
                        ).hidden(),
                        .stack(column),
                    ])
                trees.append(("hugging \(hugging) image \(image)", StackTree(root: row)))
            }
        }
        Self.expectAgreedOrRefused(trees, widths: [280, 414])
    }

    /// A hidden column with margins in a row of equal spacing, holding a
    /// row of labels: UIKit leaves the hidden column's place open between
    /// its neighbours, so the views inside it, placed relative to it, may
    /// sit a pixel apart once rounded (x −4.333 against −4.667 at scale
    /// 3): the differential lets them, and compares everything else.
    /// Broken (views inside a free view held to its place exactly):
    /// "node5: direct (-4.333, 0, 0, 0), constraints (-4.667, 0, 0, 0)".
    @Test func viewsInsideAHiddenViewOfAnOpenPlaceAgree() {
        let inner = StackTree.Stack(
            axis: .horizontal,
            children: [
                StackTreeDifferentialTests.label("", size: 17, lines: 0),
                StackTreeDifferentialTests.label("", size: 13, lines: 1, mode: .byWordWrapping),
            ])
        let hidden = StackTree.Stack(
            axis: .vertical, layoutMargins: EdgeInsets(top: 4, left: 6, bottom: 2, right: 3),
            children: [.stack(inner)])
        let row = StackTree.Stack(
            axis: .horizontal, distribution: .equalSpacing,
            children: [
                .fixed(width: 20, height: 0), .stack(hidden, isHidden: true),
                StackTreeDifferentialTests.label("", size: 13, lines: 1),
            ])
        Self.expectAgreedOrRefused(
            [("the fuzz finding", StackTree(root: row))], widths: [333.3, 320, 120],
            agreedAtLeast: 3)
    }
}

extension StackTree.Node {
    /// The node, hidden.
    fileprivate func hidden() -> StackTree.Node {
        var node = self
        node.isHidden = true
        return node
    }
}
