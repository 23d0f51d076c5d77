// The direct path on baseline trees it used to report unsupported: nested
// stacks and images in rows aligned by baselines (their baselines, their
// bottoms), a baseline-relative column whose first view has no text, and
// hidden views in a baseline-relative column. Each tree equals the engine's
// layout and the figures worked out by hand from UIKit's constraints.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

/// UIKit: "For views without text, the stack view uses the bottom edge"
/// of a view aligned or spaced by baselines (a `UIView`'s
/// `forFirstBaselineLayout` and `forLastBaselineLayout` are the view
/// itself). A nested stack answers with the view UIKit names ("A vertical
/// stack view returns its first arranged view for `forFirstBaselineLayout`
/// and its last arranged view for `forLastBaselineLayout`"): in these trees
/// a box at its bottom, so its bottom edge; `isBaselineRelativeArrangement`: "If true,
/// the vertical space between views are measured from the last baseline of
/// a text-based view, to the first baseline of the view below it."
@Suite struct DirectBaselineCoverageTests {
    static let style = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 15)

    /// The first and last baselines of `text` below its top, and its height,
    /// laid out at `width` on at most `lines` lines.
    static func measure(_ text: String, lines: Int = 1, width: Double = .infinity) throws -> (
        first: Double, last: Double, height: Double
    ) {
        let layout = try TextMeasurer.shared.layout(
            text, style: style, width: width, numberOfLines: lines)
        return (layout.firstBaseline, layout.lastBaseline, layout.size.height)
    }

    static func pixel(_ x: Double) -> Double { PixelGrid.round(x, scale: 3) }

    /// Whether two edges, each rounded to the pixel grid (scale 3) on its
    /// own, may be the same point.
    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1 / 3 + 1e-9 }

    /// A row aligned by first baselines holding a column of a box 30 high
    /// and a label: the column's baseline is its box's, its bottom (30), the label's
    /// first baseline `f` lies on it, so the label's top is `f` above the
    /// column's bottom. (The cell's height, rounded up to the pixel grid,
    /// takes every view down to the canvas's bottom: UIKit's spanner.)
    @Test func aNestedStackSitsOnItsBottomEdge() throws {
        let column = StackTree.Stack(axis: .vertical, children: [.fixed(width: 40, height: 30)])
        let tree = StackTree(
            root: .init(
                axis: .horizontal, alignment: .firstBaseline, spacing: 8,
                children: [.stack(column), .label(.init("Title", style: Self.style))]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        let (f, _, _) = try Self.measure("Title")
        // Frames in node order: root, column, box, label.
        #expect(layout.frames[1].height == 30)
        #expect(Self.near(layout.frames[3].minY + f, layout.frames[1].maxY))
        #expect(layout.frames[3].maxY == layout.height)
    }

    /// The same on last baselines, the label first: the line is the lowest
    /// baseline, the column's bottom (30), the label's last baseline `l` on
    /// it; the canvas's top is the topmost view's (the column's).
    @Test func aNestedStackOnLastBaselines() throws {
        let column = StackTree.Stack(axis: .vertical, children: [.fixed(width: 40, height: 30)])
        let tree = StackTree(
            root: .init(
                axis: .horizontal, alignment: .lastBaseline,
                children: [.label(.init("Title", style: Self.style)), .stack(column)]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        let (_, l, _) = try Self.measure("Title")
        // Frames in node order: root, label, column, box.
        #expect(layout.frames[2].minY == 0)
        #expect(layout.frames[2].maxY == 30)
        #expect(Self.near(layout.frames[1].minY + l, 30))
    }

    /// An image whose height follows its width (a template file's capped
    /// image) in a row aligned by first baselines: its bottom on the line.
    @Test func anImageSitsOnItsBottomEdge() throws {
        let image = StackTree.ImageNode(
            aspectRatio: Size(width: 2, height: 1), maxHeight: 40, followsWidth: true)
        let tree = StackTree(
            root: .init(
                axis: .horizontal, alignment: .firstBaseline,
                children: [
                    .stack(.init(axis: .vertical, children: [.fixed(width: 60, height: 24)])),
                    .image(image), .label(.init("Title", style: Self.style)),
                ]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        // Frames in node order: root, column, box, image, label.
        #expect(layout.frames[1].height == 24)
        #expect(abs(layout.frames[3].maxY - layout.frames[1].maxY) < 1e-9)
    }

    /// A baseline-relative column [a box 20 high at 750, a label], spacing
    /// 10, beside a box 100 high in a row that fills: the column is 100
    /// high; the box's bottom is its baseline, so the label's top is at
    /// `h + 10 − f` and the column's length is `h + 10 − f + H`. The label
    /// (hugging 250) stretches, the box keeps 20.
    @Test func aFirstViewWithoutTextSharesTheColumnWithTheLast() throws {
        let (f, _, _) = try Self.measure("Body")
        for hugging in [LayoutPriority.defaultLow, .required] {
            var label = StackTree.LabelNode("Body", style: Self.style)
            label.verticalHugging = hugging
            label.verticalCompressionResistance = hugging == .required ? .required : .defaultHigh
            let column = StackTree.Stack(
                axis: .vertical, spacing: 10, isBaselineRelativeArrangement: true,
                children: [
                    .fixed(width: nil, height: 20, priority: .defaultHigh), .label(label),
                ])
            let tree = StackTree(
                root: .init(
                    axis: .horizontal,
                    children: [.stack(column), .fixed(width: 10, height: 100)]))
            #expect(tree.directLayoutUnsupportedReason == nil)
            let layout = try tree.directLayout(width: 320)
            #expect(layout == tree.constraintsLayout(width: 320))
            // Frames in node order: root, column, box, label, box.
            #expect(layout.frames[3].maxY == 100)
            #expect(Self.near(layout.frames[3].minY + f, layout.frames[2].maxY + 10))
            if hugging == .required {
                // The label keeps its height; the box takes the rest.
                #expect(layout.frames[2].height > 20 + 1)
            } else {
                #expect(layout.frames[2].height == 20)
                #expect(layout.frames[3].minY == Self.pixel(20 + 10 - f))
            }
        }
    }

    /// A first box 20 high at 750 on a last box 6 high at 750 without text,
    /// spacing 10: the last box's bottom, the column's, is 10 below the
    /// first box's bottom whatever its own height. Fitted, the column is 30
    /// high; beside a box 50 high in a row that fills, the first box takes
    /// the 20 more (40) and the last keeps 6, its top at 44.
    @Test func aFirstViewWithoutTextAboveAViewWithoutText() throws {
        let column = StackTree.Stack(
            axis: .vertical, spacing: 10, isBaselineRelativeArrangement: true,
            children: [
                .fixed(width: nil, height: 20, priority: .defaultHigh),
                .fixed(width: nil, height: 6, priority: .defaultHigh),
            ])
        let fitted = StackTree(root: column)
        #expect(fitted.directLayoutUnsupportedReason == nil)
        let layout = try fitted.directLayout(width: 320)
        #expect(layout == fitted.constraintsLayout(width: 320))
        #expect(layout.height == 30)
        #expect(layout.frames[2] == Rect(x: 0, y: 24, width: 320, height: 6))
        let stretched = StackTree(
            root: .init(
                axis: .horizontal, children: [.stack(column), .fixed(width: 10, height: 50)]))
        let tall = try stretched.directLayout(width: 320)
        #expect(tall == stretched.constraintsLayout(width: 320))
        // Frames in node order: root, column, box, box, box.
        #expect(tall.frames[2] == Rect(x: 0, y: 0, width: 310, height: 40))
        #expect(tall.frames[3] == Rect(x: 0, y: 44, width: 310, height: 6))
    }

    /// A baseline-relative column filling equally, spacing 10, of a box 20
    /// high at 750 and a label `H` high (its top at the box's bottom + 10 −
    /// `f`): one height `h` for both, the column `2h + 10 − f` long. The
    /// box's 750 beats the label's hugging (250), so `h` is 20 in the
    /// fitting pass; the cell's height rounded up to the pixel grid then
    /// gives each view half the rounding.
    @Test func fillingEquallyABoxAboveALabel() throws {
        let tree = StackTree(
            root: .init(
                axis: .vertical, distribution: .fillEqually, spacing: 10,
                isBaselineRelativeArrangement: true,
                children: [
                    .fixed(width: nil, height: 20, priority: .defaultHigh),
                    .label(.init("Body", style: Self.style)),
                ]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        let (f, _, _) = try Self.measure("Body")
        #expect(layout.height == PixelGrid.ceil(50 - f, scale: 3))
        let h = (layout.height - 10 + f) / 2
        #expect(h >= 20 && h < 20 + 1.0 / 6)
        // Frames in node order: root, box, label.
        #expect(layout.frames[1] == Rect(x: 0, y: 0, width: 320, height: Self.pixel(h)))
        #expect(layout.frames[2].minY == Self.pixel(h + 10 - f))
        #expect(Self.near(layout.frames[2].height, h))
    }

    /// The label first, the box last: the box's bottom is 10 below the
    /// label's last baseline `l` whatever `h`, so the column is `l + 10`
    /// long and `h` is the views' best together, 20. (In a row aligned top:
    /// a root of that required length would not meet the cell's height
    /// rounded up to the pixel grid.)
    @Test func fillingEquallyALabelAboveABox() throws {
        let column = StackTree.Stack(
            axis: .vertical, distribution: .fillEqually, spacing: 10,
            isBaselineRelativeArrangement: true,
            children: [
                .label(.init("Title", style: Self.style)),
                .fixed(width: nil, height: 20, priority: .defaultHigh),
            ])
        let tree = StackTree(
            root: .init(axis: .horizontal, alignment: .top, children: [.stack(column)]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        let (_, l, _) = try Self.measure("Title")
        // Frames in node order: root, column, label, box.
        #expect(layout.frames[3].maxY == Self.pixel(l + 10))
        #expect(Self.near(layout.frames[3].height, 20))
        #expect(Self.near(layout.frames[2].height, 20))
        #expect(layout.height == PixelGrid.ceil(l + 10, scale: 3))
    }

    /// A baseline-relative column [label, hidden two-line label, label,
    /// hidden box], spacing 10: the chain runs through the hidden label's
    /// baselines (0 high, its first baseline 5 below the first label's last
    /// baseline, the next label's first 5 below its last), so the third
    /// label's first baseline is `10 + (l₂ − f₂)` below the first's last
    /// one; the hidden box, last, sits on the third label's last baseline.
    @Test func hiddenViewsKeepTheirPlaceOnTheChain() throws {
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 10, isBaselineRelativeArrangement: true,
                children: [
                    .label(.init("Title", style: Self.style)),
                    .label(.init("One\nTwo", style: Self.style, numberOfLines: 0), isHidden: true),
                    .label(.init("Body", style: Self.style)),
                    .fixed(width: nil, height: 12, priority: .defaultHigh, isHidden: true),
                ]))
        #expect(tree.directLayoutUnsupportedReason == nil)
        let layout = try tree.directLayout(width: 320)
        #expect(layout == tree.constraintsLayout(width: 320))
        let (_, l1, _) = try Self.measure("Title")
        let (f2, l2, _) = try Self.measure("One\nTwo", lines: 0, width: 320)
        let (f3, l3, _) = try Self.measure("Body")
        #expect(l2 > f2)
        // Frames in node order: root, label, hidden label, label, hidden box.
        #expect(layout.frames[2].minY == Self.pixel(l1 + 5 - f2))
        #expect(layout.frames[2].height == 0)
        let top3 = l1 + 10 + (l2 - f2) - f3
        #expect(layout.frames[3].minY == Self.pixel(top3))
        #expect(layout.frames[4].minY == Self.pixel(top3 + l3))
        #expect(layout.height == layout.frames[3].maxY)
    }
}
