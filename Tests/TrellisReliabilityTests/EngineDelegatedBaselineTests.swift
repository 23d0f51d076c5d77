// A baseline constraint on a stack's baseline reads the view that answers
// for it (`forLastBaselineLayout`: a row's tallest view); when that view
// changes between passes, the constraint is made again, its form and its
// constant from the same view (`LayoutEngine.reinstallBaselineConstraints`).

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct EngineDelegatedBaselineTests {
    static let wrapping = "A subtitle long enough to wrap o"

    static func label(
        _ text: String, _ style: TextStyle, lines: Int, _ mode: LineBreakMode
    ) -> StackTree.LabelNode {
        var label = StackTree.LabelNode(text, style: style, numberOfLines: lines)
        label.lineBreakMode = mode
        return label
    }

    /// A row on last baselines of [a column of (a proportional column of a
    /// label, a row aligned to its centre of "S" and a label of three
    /// lines), an empty label] (rows differential seed 3839390102, row 1).
    /// The centred row's last baseline is its tallest view's, decided by
    /// intrinsic heights: "S" (one line of Inter 17) while the label of
    /// three lines is measured on one line, that label once it is measured
    /// at its width, on two. The empty label's bottom sat on the label's
    /// top plus the offset of "S"'s baseline (16.469 below it): the
    /// constant pushed for the label's new baselines was read through the
    /// new answering view, the form still through the old.
    static func tree() -> StackTree {
        let styles = ReuseCase.styles
        let proportional = StackTree.Stack(
            axis: .vertical, distribution: .fillProportionally,
            children: [.label(label(wrapping, styles[5], lines: 2, .byWordWrapping))])
        let centred = StackTree.Stack(
            axis: .horizontal, alignment: .center,
            children: [
                .label(label("S", styles[1], lines: 0, .byTruncatingTail)),
                .label(label(wrapping, styles[3], lines: 3, .byTruncatingTail)),
            ])
        let column = StackTree.Stack(
            axis: .vertical, children: [.stack(proportional), .stack(centred)])
        var empty = label("", styles[5], lines: 1, .byTruncatingTail)
        empty.style.lineSpacing = 2
        empty.horizontalHugging = 251
        empty.horizontalCompressionResistance = 751
        return StackTree(
            root: StackTree.Stack(
                axis: .horizontal, alignment: .lastBaseline,
                children: [.stack(column), .label(empty)]),
            pinning: .layoutMargins(EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)),
            scale: 3)
    }

    @Test func aStacksBaselineFollowsTheViewThatAnswersForItNow() throws {
        let tree = Self.tree()
        let width = 333.3
        let layout = tree.constraintsLayout(width: width)
        // Node 4 the centred row, 6 its label of three lines (the tallest,
        // two lines at its width), 7 the empty label (its line its bottom).
        let row = layout.frames[4]
        let tall = layout.frames[6]
        #expect(tall.height > layout.frames[5].height)
        let lines = try TextMeasurer.shared.layout(
            Self.wrapping, style: ReuseCase.styles[3], width: tall.width, numberOfLines: 3)
        let line = row.minY + tall.minY + lines.lastBaseline
        let empty = layout.frames[7]
        #expect(abs(empty.maxY - line) <= 1 / tree.scale, "\(layout)")
        // The direct path reads the same line.
        #expect(try tree.directLayout(width: width) == layout)
    }
}
