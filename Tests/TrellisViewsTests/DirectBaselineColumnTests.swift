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
