// The direct path on rows whose multi-line labels share a width the layout
// decides (`UISV-text-width-disambiguation` in a stack of free width):
// frames worked out by hand from UIKit's constraints, equal to the engine's.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

/// UIKit's rule, as the constraint sets recorded from a live `UIStackView`
/// give it (TZStackView pull 84, checked constraint by constraint in
/// `StackViewUIKitSetTests`): in a horizontal stack of the fill,
/// equal-spacing or equal-centring distribution, every label with
/// `numberOfLines` other than 1 gets `label.width == canvas.width × 1/n −
/// spacing × (n − 1)/n` at priority 760, `n` the visible views. 760 is above
/// a label's default compression resistance (750) and hugging (250).
@Suite struct DirectTextWidthTests {
    static let inter = try! FontCollection.bundled("Inter")
    static let style = TextStyle(fonts: inter, size: 15)
    static let long =
        "A body long enough to wrap onto several lines in any of the columns here"

    /// The width of `text` wrapped at `width` (a `Label`'s intrinsic width
    /// with that `preferredMaxLayoutWidth`): what the label's compression
    /// resistance and hugging hold it to after a layout pass gave it
    /// `width`, as UIKit measures a wrapping label again at the width it
    /// got ("preferredMaxLayoutWidth: the preferred maximum width, in
    /// points, for a multiline label").
    static func wrappedWidth(_ text: String, at width: Double) -> Double {
        let label = Label(text: text, style: style)
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = width
        return label.intrinsicContentSize.width
    }

    /// A column aligned leading (so the row's width is its own to decide,
    /// at most the column's) holding `row`.
    static func tree(_ row: StackTree.Stack) -> StackTree {
        StackTree(root: .init(axis: .vertical, alignment: .leading, children: [.stack(row)]))
    }

    /// [a wrapping label, a box 44 wide] in a row of `distribution`,
    /// spacing 8, in a leading column 320 wide: the direct layout, checked
    /// supported and equal to the engine's.
    static func labelAndBox(_ distribution: StackView.Distribution) throws -> StackTreeLayout {
        let row = StackTree.Stack(
            axis: .horizontal, distribution: distribution, spacing: 8,
            children: [
                .label(.init(long, style: style, numberOfLines: 0)), .fixed(width: 44, height: nil),
            ])
        let tree = tree(row)
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        return layout
    }

    /// [a wrapping label, a box 44 wide] filling a row, spacing 8. The
    /// label is `l = W/2 − 8/2` at 760 and the row `W = l + 8 + 44`
    /// (required), so `l = 44`, `W = 96`, whatever the text: the
    /// label's compression resistance (750) and the row's pull to 0 at
    /// `UISV-ambiguity-suppression` (25) both give way.
    @Test func aWrappingLabelBesideABoxTakesHalfTheRow() throws {
        let layout = try Self.labelAndBox(.fill)
        // Frames in node order: root, row, label, box.
        #expect(layout.frames[1].width == 96)
        #expect(layout.frames[2].width == 44)
        #expect(layout.frames[3].minX == 52)
        #expect(layout.frames[3].width == 44)
        // The label wraps at 44 points onto many lines.
        #expect(layout.frames[2].height > 100)
        #expect(layout.height == layout.frames[1].height)
    }

    /// Two wrapping labels, spacing 0: each `W/2` at 760; below that, their
    /// compression resistance (750) pulls `W/2` up to the longer text's
    /// width. Measured on one line first, that is more than the column
    /// has: the row takes the column's whole width, 160 + 160 of 320. The
    /// long label, measured again at 160, is as wide as its longest line
    /// there, `w`; the next pass gives both `w` (`W = 2w`), and measured at
    /// `w` it wraps the same: the widths settle.
    @Test func twoWrappingLabelsShareTheColumnEqually() throws {
        let row = StackTree.Stack(
            axis: .horizontal,
            children: [
                .label(.init("Short", style: Self.style, numberOfLines: 0)),
                .label(.init(Self.long, style: Self.style, numberOfLines: 0)),
            ])
        let tree = Self.tree(row)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        let w = Self.wrappedWidth(Self.long, at: 160)
        #expect(w < 160 && Self.wrappedWidth(Self.long, at: w) == w)
        let pixel = { (x: Double) in PixelGrid.round(x, scale: 3) }
        #expect(layout.frames[1].width == pixel(2 * w))
        #expect(layout.frames[2].width == pixel(w))
        #expect(layout.frames[3].minX == pixel(w))
        #expect(layout.frames[3].maxX == pixel(2 * w))
    }

    /// Equal spacing, [a wrapping label, a 44-wide box], spacing 8: the
    /// label is `W/2 − 4` at 760 and the gap at least 8, so any `W ≥ 96`
    /// keeps the share; the label's compression resistance (750, its text
    /// on one line wider than the column) then outweighs `UISV-canvas-fit`
    /// (49) and stretches the row to the column's 320: the label
    /// `320/2 − 4 = 156`. Measured again at 156 it is `w` wide, and the
    /// row settles at `W = 2(w + 4)`: the label `w`, the box at `W − 44`.
    @Test func equalSpacingStretchesTheRowForTheLabelsShare() throws {
        let layout = try Self.labelAndBox(.equalSpacing)
        let w = Self.wrappedWidth(Self.long, at: 156)
        #expect(w < 156 && Self.wrappedWidth(Self.long, at: w) == w)
        let pixel = { (x: Double) in PixelGrid.round(x, scale: 3) }
        #expect(layout.frames[1].width == pixel(2 * (w + 4)))
        #expect(layout.frames[2].width == pixel(w))
        #expect(layout.frames[3].minX == pixel(2 * (w + 4) - 44))
    }

    /// A hidden wrapping label is 0 wide (`UISV-hiding`), and its share
    /// `W/1 − 0` pulls the row's width to 0 at 760, above the visible
    /// label's compression resistance (750): the row is 0 wide.
    @Test func aHiddenWrappingLabelPullsTheRowToNothing() throws {
        let row = StackTree.Stack(
            axis: .horizontal,
            children: [
                .label(.init(Self.long, style: Self.style, numberOfLines: 0), isHidden: true),
                .label(.init("Visible", style: Self.style)),
            ])
        let tree = Self.tree(row)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        #expect(layout.frames[1].width == 0)
    }
}
