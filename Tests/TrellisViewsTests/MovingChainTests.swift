// A nested stack in the middle of a baseline-relative column whose last
// baseline is its last view's (moving with its length): laid out directly,
// equal to the engine. Frames worked out by hand from UIKit's constraints
// (Roboto 17: 20 high, first and last baseline 17 × 1900/2048 = 15.771
// below the top).

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

/// UIKit's documentation of `UIStackView`: "A vertical stack view returns
/// its first arranged view for `forFirstBaselineLayout` and its last
/// arranged view for `forLastBaselineLayout`", and of
/// `isBaselineRelativeArrangement`: "If true, the vertical space between
/// views are measured from the last baseline of a text-based view, to the
/// first baseline of the view below it."
@Suite struct MovingChainTests {
    static func label(_ text: String) -> StackTree.Node { .label(.init(text, style: testStyle)) }

    /// A column of two labels, 4 apart, whose last baseline moves with its length.
    static var nestedColumn: StackTree.Node {
        .stack(
            .init(
                axis: .vertical, spacing: 4,
                children: [label("Thing 1"), label("Thing 2")]))
    }

    /// [Next, [Thing 1, Thing 2] 4 apart, Last], baseline to baseline 10
    /// apart. The nested column is 20 + 4 + 20 = 44 high; its first
    /// baseline is Thing 1's (15.771 below its top), its last Thing 2's,
    /// 24 + 15.771 below its top (its bottom less 4.229). Next's baseline
    /// at 15.771, the column's first 10 below: its top at 10; its last
    /// baseline at 10 + 39.771, Last's 10 below (59.771): Last's top at 44,
    /// the cell 64 high.
    @Test func aNestedColumnBetweenLabels() throws {
        let nested = Self.nestedColumn
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 10, isBaselineRelativeArrangement: true,
                children: [Self.label("Next"), nested, Self.label("Last")]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let direct = try tree.directLayout(width: 300)
        #expect(direct == tree.constraintsLayout(width: 300))
        #expect(direct.height == 64)
        #expect(direct.frames[2] == Rect(x: 0, y: 10, width: 300, height: 44))
        #expect(direct.frames[4].minY == 24)
        #expect(direct.frames[5].minY == 44 && direct.frames[5].height == 20)
    }

    /// First in the column, its last baseline moving with its length
    /// trades length with the column's last view: refused up front.
    @Test func aNestedColumnFirstIsRefused() {
        let nested = Self.nestedColumn
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 10, isBaselineRelativeArrangement: true,
                children: [nested, Self.label("Last")]))
        #expect(tree.directLayoutUnsupportedReason != nil)
    }
}
