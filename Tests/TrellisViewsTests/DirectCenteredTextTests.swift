// The direct path on equal-centering and baseline-aligned rows whose
// multi-line labels share a width the layout decides
// (`UISV-text-width-disambiguation` in a stack of free width): frames
// worked out by hand from UIKit's constraints, equal to the engine's.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

/// UIKit's rule (see `DirectTextWidthTests`): in a horizontal stack of the
/// fill, equal-spacing or equal-centring distribution, every label with
/// `numberOfLines` other than 1 gets `label.width == canvas.width × 1/n −
/// spacing × (n − 1)/n` at 760, whatever the stack's alignment.
@Suite struct DirectCenteredTextTests {
    typealias Shared = DirectTextWidthTests

    /// Equal centring, [a wrapping label, a 44-wide box], spacing 8: the
    /// label is `l = W/2 − 4` at 760 and the centres' distance `W − l/2 −
    /// 22` at least `8 + (l + 44)/2` (the gap's minimum), so `W ≥ 96`
    /// keeps the share. Above it the label's compression resistance (750,
    /// its text on one line wider than the column) outweighs
    /// `UISV-canvas-fit` (49) and stretches the row to the column's 320:
    /// the label `156`. Measured again at 156 it is `w` wide, and the row
    /// settles at `W = 2(w + 4)`: the label at the leading edge, the box's
    /// trailing edge at the row's (the first and last views' outer edges
    /// are the canvas's in equal centring).
    @Test func equalCenteringStretchesTheRowForTheLabelsShare() throws {
        let layout = try Shared.labelAndBox(.equalCentering)
        let w = Shared.wrappedWidth(Shared.long, at: 156)
        #expect(w < 156 && Shared.wrappedWidth(Shared.long, at: w) == w)
        let pixel = { (x: Double) in PixelGrid.round(x, scale: 3) }
        // (Each edge is rounded where it is: sizes to 1e-9.)
        let near = { (a: Double, b: Double) in abs(a - b) < 1e-9 }
        #expect(near(layout.frames[1].width, pixel(2 * (w + 4))))
        #expect(layout.frames[2].minX == 0)
        #expect(near(layout.frames[2].width, pixel(w)))
        #expect(near(layout.frames[3].minX, pixel(2 * (w + 4) - 44)))
        #expect(near(layout.frames[3].width, 44))
    }

    /// Two wrapping labels and a 44-wide box, centred equally with spacing
    /// 6 in a leading column 320 wide: each label `W/3 − 4` at 760; with
    /// both labels' texts wider than the column, their compression
    /// resistance stretches the row to 320 (each label 102.67 first).
    @Test func twoLabelsAndABoxCentredEqually() throws {
        let row = StackTree.Stack(
            axis: .horizontal, distribution: .equalCentering, spacing: 6,
            children: [
                .label(.init(Shared.long, style: Shared.style, numberOfLines: 0)),
                .fixed(width: 44, height: 44),
                .label(.init(Shared.long, style: Shared.style, numberOfLines: 2)),
            ])
        let tree = Shared.tree(row)
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        // The labels share the row equally, the box between them.
        #expect(abs(layout.frames[2].width - layout.frames[4].width) < 1e-9)
        #expect(layout.frames[2].maxX < layout.frames[3].minX)
        #expect(layout.frames[3].maxX < layout.frames[4].minX)
    }

    /// A row aligned by last baselines, [a wrapping label, a one-line
    /// time], in a leading column 320 wide: the widths are those of a
    /// filling row (the alignment constrains only heights); the direct
    /// layout equals the engine's.
    @Test func aBaselineAlignedRowSharesItsWidthAsAFillingOne() throws {
        func row(_ alignment: StackView.Alignment) -> StackTree.Stack {
            var time = StackTree.LabelNode("12:45", style: Shared.style)
            time.horizontalHugging = 251
            time.horizontalCompressionResistance = 751
            return StackTree.Stack(
                axis: .horizontal, alignment: alignment, spacing: 8,
                children: [
                    .label(.init(Shared.long, style: Shared.style, numberOfLines: 0)),
                    .label(time),
                ])
        }
        let tree = Shared.tree(row(.lastBaseline))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        let filling = try Shared.tree(row(.leading)).directLayout(width: 320)
        for node in 1...3 {
            #expect(layout.frames[node].minX == filling.frames[node].minX)
            #expect(layout.frames[node].width == filling.frames[node].width)
        }
    }

    /// [a 15-point label, a 30-point label] aligned by `alignment` in a
    /// filling column 320 wide: the layout (checked equal to the engine's),
    /// and each label's height and baselines below its top.
    static func baselineRow(_ alignment: StackView.Alignment) throws -> (
        StackTreeLayout, small: (height: Double, first: Double, last: Double),
        big: (height: Double, first: Double, last: Double)
    ) {
        let large = TextStyle(fonts: Shared.inter, size: 30)
        let row = StackTree.Stack(
            axis: .horizontal, alignment: alignment, spacing: 8,
            children: [
                .label(.init("Small", style: Shared.style)), .label(.init("Big", style: large)),
            ])
        let tree = StackTree(root: .init(axis: .vertical, children: [.stack(row)]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        func measured(_ label: Label) throws -> (height: Double, first: Double, last: Double) {
            let lines = try #require(label._baselineOffsetsFromTop)
            return (label.intrinsicContentSize.height, lines.first, lines.last)
        }
        return (
            layout, try measured(Label(text: "Small", style: Shared.style)),
            try measured(Label(text: "Big", style: large))
        )
    }

    /// First baselines: UIKit's canvas top is at most the first view's
    /// (`UISV-canvas-connection` `<=`), its bottom the spanner's around
    /// every view, and the stack as short as it can be (`UISV-canvas-fit`,
    /// 49): the 30-point label, whose baseline is further below its top
    /// than the first label's, sticks out above the row by the difference,
    /// and the row is as tall as the lowest bottom, `H`. The cell's height
    /// is `H` rounded up to the pixel grid; in the taller row the spanner,
    /// as short as it can be at 51 (`UISV-spanning-fit`), takes the views
    /// down to its bottom: the first label's top at the rounding's slack.
    @Test func aViewAboveTheFirstSticksOutOfAFirstBaselineRow() throws {
        let (layout, small, big) = try Self.baselineRow(.firstBaseline)
        let pixel = { (x: Double) in PixelGrid.round(x, scale: 3) }
        let near = { (a: Double, b: Double) in abs(a - b) < 1e-9 }
        #expect(big.first > small.first)
        let natural = max(small.height, small.first - big.first + big.height)
        let height = PixelGrid.ceil(natural, scale: 3)
        let slack = height - natural
        // Frames: root, row, small, big (the row at the root's top).
        #expect(near(layout.frames[1].height, height))
        #expect(near(layout.frames[2].minY, pixel(slack)))
        #expect(near(layout.frames[3].minY, pixel(slack + small.first - big.first)))
        #expect(layout.frames[3].minY < 0)
    }

    /// Last baselines: the canvas's top is the spanner's (at the topmost
    /// view's top) and its bottom only at least the first view's
    /// (`UISV-canvas-connection` `>=`): the row ends at the 15-point
    /// label's bottom, and the 30-point label's longer descent sticks out
    /// below it.
    @Test func aViewBelowTheFirstSticksOutOfALastBaselineRow() throws {
        let (layout, small, big) = try Self.baselineRow(.lastBaseline)
        let pixel = { (x: Double) in PixelGrid.round(x, scale: 3) }
        let near = { (a: Double, b: Double) in abs(a - b) < 1e-9 }
        #expect(big.height - big.last > small.height - small.last)
        #expect(layout.frames[3].minY == 0)
        #expect(near(layout.frames[2].minY, pixel(big.last - small.last)))
        #expect(
            near(
                layout.frames[1].height,
                PixelGrid.ceil(big.last - small.last + small.height, scale: 3)))
        #expect(layout.frames[3].maxY > layout.frames[1].height)
    }
}
