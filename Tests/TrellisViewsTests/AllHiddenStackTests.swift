// A stack whose arranged views are all hidden: where those views are, on
// the direct path and in the engine. Frames worked out by hand from the
// constraints (Roboto 17: "Next" 35.333 × 20, first baseline 15.771 below
// the top; edges rounded to the 1/3-point grid).

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

/// UIKit's recorded constraint set ties the views of a stack with no
/// visible view to nothing but each other: `UISV-canvas-connection` ties the
/// canvas to the ordering and alignment spanners ("canvas edges == ordering
/// spanner (along) and alignment spanner (across)"), `UISV-alignment` ties
/// each view to the first arranged one, `UISV-spanning-boundary` wraps the
/// visible views only. iOS 26's UIKitCore places them along the axis
/// (`UISV-spacing-hidden`: the view's start == the ordering spanner's end,
/// at 50); across it `StackView` puts the first view at the canvas's start
/// at 50 (`StackView._hiddenPlaces`). A nested stack with no visible view
/// answers for its own baselines: UIKit's `viewForFirstBaselineLayout`
/// returns `self` when `_baselineViewForFirst:` finds no first visible
/// view, so its baseline is its bottom edge.
@Suite struct AllHiddenStackTests {
    static let next = 106.0 / 3

    /// A row, 8 apart, of ["Next", a column holding only a hidden "Next"].
    static func row(_ alignment: StackView.Alignment, _ nested: StackTree.Stack) -> StackTree {
        StackTree(
            root: .init(
                axis: .horizontal, alignment: alignment, spacing: 8,
                children: [.label(.init("Next", style: testStyle)), .stack(nested)]))
    }

    static let hiddenNext = StackTree.Node(
        .label(.init("Next", style: testStyle)), isHidden: true)

    /// On first or last baselines the column (0 high: its spanners' fit at
    /// 51) has its bottom, its baseline, on the label's: its top 15.771
    /// down, on the grid 15.667. It takes the row's width past the label
    /// and the gap (its spanner's fit at 51 is weaker than the label's
    /// hugging at 250): 300 − 35.333 − 8. The hidden label is at the
    /// column's bottom (`UISV-spacing-hidden`) and left edge, 0 high
    /// (`UISV-hiding`) and as wide as its text (nothing ties it to the
    /// column's width).
    @Test func aColumnOfOneHiddenLabelInABaselineRow() throws {
        for alignment in [StackView.Alignment.firstBaseline, .lastBaseline] {
            let tree = Self.row(alignment, .init(axis: .vertical, children: [Self.hiddenNext]))
            #expect(tree.directLayoutUnsupportedReason == nil)
            let direct = try tree.directLayout(width: 300)
            #expect(direct == tree.constraintsLayout(width: 300))
            #expect(direct.height == 20)
            #expect(direct.frames[1] == Rect(x: 0, y: 0, width: Self.next, height: 20))
            #expect(
                direct.frames[2]
                    == Rect(x: Self.next + 8, y: 47.0 / 3, width: 300 - Self.next - 8, height: 0))
            #expect(direct.frames[3] == Rect(x: 0, y: 0, width: Self.next, height: 0))
        }
    }

    /// A nested row whose views are all hidden, aligned to fill or centred:
    /// along, both at its right end (it is 300 − 43.333 wide); across, the
    /// first at its top, and centred, the 10-high box on the 20-high label
    /// (5 down, to the engine's rounding of both edges in the cell).
    @Test func aRowOfHiddenViewsInABaselineRow() throws {
        for (alignment, boxY) in [(StackView.Alignment.fill, 0.0), (.center, 5.0)] {
            let nested = StackTree.Stack(
                axis: .horizontal, alignment: alignment,
                children: [Self.hiddenNext, .fixed(width: nil, height: 10, isHidden: true)])
            for rowAlignment in [StackView.Alignment.firstBaseline, .lastBaseline] {
                let tree = Self.row(rowAlignment, nested)
                let direct = try tree.directLayout(width: 300)
                #expect(direct == tree.constraintsLayout(width: 300))
                let end = 300 - Self.next - 8
                #expect(direct.frames[3].minX == end && direct.frames[3].width == 0)
                #expect(direct.frames[3].minY == 0)
                #expect(direct.frames[4].minX == end)
                if alignment == .center {
                    #expect(abs(direct.frames[4].minY - boxY) < 1e-9, "\(direct.frames)")
                    #expect(direct.frames[4].height == 10)
                }
            }
        }
    }
}
