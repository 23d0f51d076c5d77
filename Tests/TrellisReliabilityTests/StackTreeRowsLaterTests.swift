// Trees the rows differential (`StackTreeOtherRowsTests`) met from seed
// 3840543349 on, where the direct path's frames were not the solver's, each
// shrunk (`StackTreeDifferential.shrink`): each now laid out as the solver
// lays it out, refused, or a conflict both paths report.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct StackTreeRowsLaterTests {
    typealias Beyond = StackTreeRowsBeyondTests

    /// A column of one label of two lines hugging its width at 1000: the
    /// column fixes its width (the cell's), and measured there, its widest
    /// line (230) is its intrinsic width, so its required
    /// `width <= 230 (Content-Hugging-Horizontal)` meets the cell's 333.3
    /// in the next solve, a conflict UIKit breaks a constraint for. The
    /// direct path, the label's width fixed, solved nothing after measuring
    /// it and laid it out 333.5 wide with no conflict (rows differential
    /// seed 3840543349, row 2); the engine, its width fixed, let the new
    /// intrinsic width wait (`fixedAxes`) and met no conflict either.
    @Test func aLabelHuggingAtRequiredMeasuredAtAFixedWidthIsAConflict() throws {
        let url = "https://example.com/a/very/long/path?with=query&and=more"
        var label = Beyond.label(url, Beyond.roboto13, lines: 2, .byClipping)
        label.style.lineSpacing = 2
        label.horizontalHugging = .required
        let tree = StackTree(
            root: StackTree.Stack(axis: .vertical, children: [.label(label)]), scale: 2)
        do {
            let layout = try tree.directLayout(width: 333.3)
            Issue.record("laid out directly: \(layout)")
        } catch {
            #expect(error.kind == .conflict, "\(error)")
            #expect(error.reason.contains("required"), "\(error)")
        }
        let (contentView, views) = tree.makeViews()
        let engine = StackTreeEngineDirectTests.layOut(
            contentView, views, width: 333.3, scale: tree.scale)
        #expect(!contentView._isLaidOutDirectly)
        #expect(engine == tree.constraintsLayout(width: 333.3))
        #expect(StackTreeDifferential.engineConflict(tree, width: 333.3) != nil)
        // Measured at the cell's width, the label's widest line is narrower.
        let measured = try TextMeasurer.shared.layout(
            url, style: label.style, width: 333.3, numberOfLines: 2)
        #expect(measured.lineCount == 2 && measured.size.width < 333)
    }

    /// A column aligned leading of an equal-centring row of [a box 0 × 20,
    /// a hidden empty label of any number of lines, a label "a" of three
    /// lines resisting at 1000]: both labels' shares of the row's width
    /// pull at 760 (`UISV-text-width-disambiguation`), the hidden one
    /// towards 0 as hard as the held one ("a", 7.5) towards twice its
    /// width, so below that even length (15) they cancel, and with two
    /// visible views no spacer's `UISV-fill-equally` holds the row: the
    /// solver takes it to 7.5 at `UISV-canvas-fit` (49), where the direct
    /// path kept 15 (rows differential seed 3840575517, row 2).
    @Test func aHiddenLabelsShareCancellingAHeldOnesIsTheSolvers() {
        let hidden = Beyond.label("", Beyond.inter17, lines: 0, .byWordWrapping)
        var label = Beyond.label("a", Beyond.inter13, lines: 3, .byTruncatingTail)
        label.style.lineSpacing = 2
        label.horizontalCompressionResistance = .required
        let row = StackTree.Stack(
            axis: .horizontal, distribution: .equalCentering,
            children: [
                .fixed(width: 0, height: 20, priority: 1000), .label(hidden, isHidden: true),
                .label(label),
            ])
        let tree = StackTree(
            root: StackTree.Stack(axis: .vertical, alignment: .leading, children: [.stack(row)]),
            scale: 2)
        StackTreeOtherRowsTests.expectSolvers(tree, width: 414, "a shorter length could be better")
        let solver = tree.constraintsLayout(width: 414)
        #expect(solver.frames[1] == Rect(x: 0, y: 0, width: 7.5, height: 20))
    }

    /// A column filling proportionally of [a label of one line resisting
    /// its height at 1000, a label of four lines, a label "S"], 12 apart
    /// after the first: the last view's proportion (997) gives way by the
    /// spacing, and its compression resistance (750) takes the column to
    /// 172. The column's cost marked the first label's required bound (98)
    /// as not modelled below and dropped the kink there, but not the second
    /// label's kink a rounding error above it, which the slope it kept had
    /// already counted: the cost grew from 98 and the direct path laid the
    /// cell out 98 high, "S" 4 high (rows differential seed 3840821368,
    /// row 1).
    @Test func aRequiredBoundBesideAKinkARoundingErrorAboveItIsCountedOnce() throws {
        var first = Beyond.label("ש", Beyond.inter13, .byCharWrapping)
        first.verticalCompressionResistance = .required
        var style = Beyond.roboto17
        style.lineSpacing = 2
        let long = Beyond.label(
            "12:45 Съешь же ещё этих мягких французских булок, да выпей чаю. 🙂 fine", style,
            lines: 0, .byCharWrapping)
        let last = Beyond.label("S", Beyond.roboto13, lines: 3, .byWordWrapping)
        var column = StackTree.Stack(
            axis: .vertical, distribution: .fillProportionally,
            children: [.label(first), .label(long), .label(last)])
        column.customSpacing = [0: 12]
        let tree = StackTree(root: column, scale: 1)
        let direct = try tree.directLayout(width: 200)
        #expect(direct == tree.constraintsLayout(width: 200))
        #expect(direct.height == 172)
        #expect(direct.frames[3] == Rect(x: 0, y: 156, width: 200, height: 16))
    }

    /// A column of fixed height (0, 10, 20) of [a row on first baselines of
    /// a button "Repost 12" (4 above and below) and an empty label, an
    /// empty label of three lines]: the button's line is its bottom, so
    /// shrinking it at 750 (weight 1) lifts the line and the empty label
    /// on it, and the solver squeezes the row to the column's height. The
    /// row's sum charged the empty label's floor below the line (1,025 a
    /// point at 750) and the direct path kept the row 24 high, pushing the
    /// last label below 0 (rows differential seed 3840841944, row 0): such
    /// a row is not modelled below its best length now, and refused.
    @Test func aRowWhoseLineRisesAtOneWeightIsNotChargedFloorsBelowIt() {
        for height in [0.0, 10, 20] {
            var button = StackTree.ButtonNode(
                "Repost 12", style: Beyond.inter13,
                contentEdgeInsets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
            button.horizontalHugging = 242
            button.horizontalCompressionResistance = 742
            let row = StackTree.Stack(
                axis: .horizontal, alignment: .firstBaseline,
                children: [.button(button), .label(StackTree.LabelNode("", style: Beyond.inter17))])
            let last = StackTree.LabelNode("", style: Beyond.inter22, numberOfLines: 3)
            var column = StackTree.Stack(axis: .vertical, children: [.stack(row), .label(last)])
            column.fixedHeight = height
            let tree = StackTree(root: column, scale: 2)
            StackTreeOtherRowsTests.expectSolvers(
                tree, width: 200, "a region not modelled might be cheaper")
            let solver = tree.constraintsLayout(width: 200)
            #expect(solver.frames[1] == Rect(x: 0, y: 0, width: 200, height: height))
        }
    }
}
