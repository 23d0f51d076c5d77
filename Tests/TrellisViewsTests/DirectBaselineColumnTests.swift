// The direct path on vertical stacks aligned by baselines: UIKit makes no
// alignment constraint there, so a view's x is fixed only when it is as wide
// as the stack; laid out then, refused as ambiguous otherwise, as the engine
// reports the same trees ambiguous.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

/// UIKit's documentation of `UIStackView.Alignment.firstBaseline`: "A layout
/// where the stack view aligns its arranged views based on their first
/// baseline. This alignment is only valid for horizontal stacks." In a
/// vertical stack UIKit makes no `UISV-alignment` constraint (TZStackView's
/// and Arranged's recorded sets, checked in `StackViewUIKitSetTests`): the
/// alignment spanner is around every visible view (`UISV-spanning-boundary`,
/// required), as thin as that allows (`UISV-spanning-fit`, 51), and the
/// canvas's leading and trailing edges are the spanner's.
@Suite struct DirectBaselineColumnTests {
    static let style = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 15)

    /// A column aligned leading (its width the stack's own to decide)
    /// holding a vertical stack aligned by first baselines.
    static func tree(_ children: [StackTree.Node], spacing: Double = 0) -> StackTree {
        let column = StackTree.Stack(
            axis: .vertical, alignment: .firstBaseline, spacing: spacing, children: children)
        return StackTree(
            root: .init(axis: .vertical, alignment: .leading, children: [.stack(column)]))
    }

    /// Two boxes 44 wide (44 and 20 high), spacing 4: the spanner is 44
    /// wide, the stack too, and both boxes fill it, so their x is 0: the
    /// stack 44 × 68, the second box at y 48.
    @Test func viewsAsWideAsTheStackAreLaidOut() throws {
        let tree = Self.tree(
            [.fixed(width: 44, height: 44), .fixed(width: 44, height: 20)], spacing: 4)
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        // Frames in node order: root, stack, boxes.
        #expect(layout.frames[1] == Rect(x: 0, y: 0, width: 44, height: 68))
        #expect(layout.frames[2] == Rect(x: 0, y: 0, width: 44, height: 44))
        #expect(layout.frames[3] == Rect(x: 0, y: 48, width: 44, height: 20))
        #expect(layout.height == 68)
    }

    /// One label: the spanner is as wide as the label's text (hugging 250
    /// above the spanning fit's 51), so the label fills it at x 0.
    @Test func aSingleLabelFillsItsStack() throws {
        let tree = Self.tree([.label(.init("Hello", style: Self.style))])
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        #expect(layout.frames[2].minX == 0)
        #expect(layout.frames[2].width == layout.frames[1].width)
    }

    /// Boxes 44 and 20 wide: the spanner is 44 wide, and the narrow box may
    /// sit anywhere from x 0 to 24. The direct path refuses the tree as
    /// ambiguous, and the engine reports that box ambiguous in X.
    @Test func aNarrowerViewIsAmbiguousAsInTheEngine() throws {
        let tree = Self.tree([.fixed(width: 44, height: 44), .fixed(width: 20, height: 20)])
        #expect {
            try tree.directLayout(width: 320)
        } throws: { error in
            let error = error as? DirectStackLayoutError
            return error?.kind == .ambiguous && error?.reason.hasPrefix("node3:") == true
        }
        let (content, views) = tree.makeViews()
        _ = StackTree.layOutCell(content, views: views, width: 320, scale: tree.scale)
        let ambiguous = content.layoutIssues().compactMap { issue -> [AmbiguousAttribute]? in
            if case .ambiguous(_, let missing) = issue { return missing }
            return nil
        }
        #expect(ambiguous == [[.xPosition]])
    }
}

/// A baseline-relative vertical stack: UIKit's `isBaselineRelativeArrangement`
/// ("If true, the vertical space between views are measured from the last
/// baseline of a text-based view, to the first baseline of the view below
/// it") makes `UISV-spacing` from one view's last baseline to the next
/// one's first baseline. A view without text has its bottom edge for both
/// (`UIView.forFirstBaselineLayout` is the view itself: "For views without
/// text, … the bottom edge").
@Suite struct DirectBaselineRelativeTests {
    static let style = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 15)

    /// The first and last baselines of one line of `text` below its top.
    static func baselines(_ text: String) throws -> (first: Double, last: Double) {
        let layout = try TextMeasurer.shared.layout(
            text, style: style, width: 320, numberOfLines: 1)
        return (layout.firstBaseline, layout.lastBaseline)
    }

    /// [a label, a box 10 high, a label], spacing 20: the box's bottom 20
    /// below the first label's last baseline `b1` (its top 10 above that),
    /// the second label's first baseline `f2` 20 below the box's bottom.
    @Test func aBoxBetweenLabelsHasItsBottomOnTheChain() throws {
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 20, isBaselineRelativeArrangement: true,
                children: [
                    .label(.init("Title", style: Self.style)), .fixed(width: nil, height: 10),
                    .label(.init("Body", style: Self.style)),
                ]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        let b1 = try Self.baselines("Title").last
        let (f2, _) = try Self.baselines("Body")
        let pixel = { (x: Double) in PixelGrid.round(x, scale: tree.scale) }
        // Frames in node order: root, label, box, label.
        #expect(layout.frames[2].minY == pixel(b1 + 20 - 10))
        #expect(abs(layout.frames[2].height - 10) < 1e-9)
        #expect(layout.frames[3].minY == pixel(b1 + 20 + 20 - f2))
    }

    /// [a label, a box 10 high], spacing 8, in a row aligned top (so the
    /// cell's height, rounded up to the pixel grid, is the row's, not
    /// required of the stack): the box's bottom, the stack's, is 8 below
    /// the label's last baseline, so the stack is `b1 + 8` high and the
    /// box's top 2 above the baseline.
    @Test func aLastBoxEndsTheStackAtItsBaseline() throws {
        let column = StackTree.Stack(
            axis: .vertical, spacing: 8, isBaselineRelativeArrangement: true,
            children: [.label(.init("Title", style: Self.style)), .fixed(width: nil, height: 10)])
        let tree = StackTree(
            root: .init(axis: .horizontal, alignment: .top, children: [.stack(column)]))
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        let b1 = try Self.baselines("Title").last
        // Frames in node order: root, stack, label, box.
        #expect(layout.frames[1].height == PixelGrid.round(b1 + 8, scale: tree.scale))
        #expect(layout.frames[3].minY == PixelGrid.round(b1 - 2, scale: tree.scale))
    }
}
