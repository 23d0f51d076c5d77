// StackView: each distribution and alignment of UIStackView's documentation,
// hidden views, custom spacing, margins, baselines and nesting, with the
// expected frames worked out by hand.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

@Suite struct StackViewTests {
    /// A box with an intrinsic size (an image view of that size).
    static func box(_ name: String, _ width: Double, _ height: Double) -> ImageView {
        let view = ImageView(image: Image(size: Size(width: width, height: height)))
        view.name = name
        return view
    }

    /// A 300 × 200 root holding `stack`, pinned to its leading, trailing and
    /// top edges: the stack is 300 wide and as tall as its views make it.
    static func lay(_ stack: StackView, width: Double = 300) -> View {
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: 200))
        root.name = "root"
        stack.name = "stack"
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            stack.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        return root
    }

    /// Boxes 40, 60 and 80 wide, 20, 30 and 40 high, 10 apart.
    static func threeBoxes() -> (StackView, [ImageView]) {
        let boxes = [box("a", 40, 20), box("b", 60, 30), box("c", 80, 40)]
        let stack = StackView(arrangedSubviews: boxes)
        stack.spacing = 10
        return (stack, boxes)
    }

    @Test func fillStretchesTheViewThatHugsLeast() {
        let (stack, boxes) = Self.threeBoxes()
        boxes[1].setContentHuggingPriority(249, for: .horizontal)
        let root = Self.lay(stack)
        // b takes what a, c and the gaps leave: 300 − 40 − 80 − 2 × 10 = 160.
        // Alignment fill: every box as tall as the stack, which is as tall
        // as the tallest box's intrinsic height (compression 750 beats
        // hugging 250): 40.
        let expected: [Rect] = [rect(0, 0, 40, 40), rect(50, 0, 160, 40), rect(220, 0, 80, 40)]
        #expect(boxes.map(\.frame) == expected)
        #expect(stack.frame == rect(0, 0, 300, 40))
        #expect(root.layoutIssues().isEmpty)
    }

    @Test func fillShrinksTheViewWithLeastCompressionResistance() {
        let (stack, boxes) = Self.threeBoxes()
        boxes[2].setContentCompressionResistancePriority(749, for: .horizontal)
        let root = Self.lay(stack, width: 150)
        // 150 − 40 − 60 − 20 leaves c 30 of its 80.
        #expect(boxes.map(\.frame.width) == [40, 60, 30])
        #expect(boxes[2].frame.minX == 120)
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
    }

    @Test func fillEquallyGivesEveryViewTheSameLength() {
        let (stack, boxes) = Self.threeBoxes()
        stack.distribution = .fillEqually
        let root = Self.lay(stack)
        // (300 − 2 × 10) / 3 = 93.333 each, on the 1/3-point grid.
        for box in boxes { #expect(abs(box.frame.width - 280.0 / 3) < 1e-9) }
        for (box, start) in zip(boxes, [0, 310.0 / 3, 620.0 / 3]) {
            #expect(abs(box.frame.minX - start) < 1e-9)
        }
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
    }

    @Test func fillProportionallySharesTheRoomByIntrinsicLength() {
        let boxes = [Self.box("a", 40, 20), Self.box("b", 60, 20), Self.box("c", 100, 20)]
        let stack = StackView(arrangedSubviews: boxes)
        stack.spacing = 10
        stack.distribution = .fillProportionally
        let root = Self.lay(stack)
        // UIKit's `UISV-fill-proportionally`: each box the stack's 300 times
        // its length over the lengths plus the spacing (40 + 60 + 100 + 20
        // = 220), at 999, 998, 997: a 54.545, b 81.818; c's (the lowest)
        // gives way and takes the rest, 300 − 20 − 136.364 = 143.636.
        // Edges on the 1/3-point grid: 54.667, 64.667…146.333, 156.333.
        let expected: [Rect] = [
            rect(0, 0, 164.0 / 3, 20), rect(194.0 / 3, 0, 245.0 / 3, 20),
            rect(469.0 / 3, 0, 431.0 / 3, 20),
        ]
        for (box, frame) in zip(boxes, expected) { #expect(same(box.frame, frame), "\(box.frame)") }
        // A new intrinsic length is followed at the next layout: 40 : 60 : 40
        // over 160: 75, 112.5, and c the rest, 92.5 (on the grid 112.667, 92.333).
        boxes[2].image = Image(size: Size(width: 40, height: 20))
        root.layoutIfNeeded()
        #expect(boxes.map(\.frame.minX) == [0, 85, 623.0 / 3])
        #expect(boxes.map(\.frame.maxX) == [75, 593.0 / 3, 300])
    }

    @Test func equalSpacingPadsTheGapsEvenly() {
        let (stack, boxes) = Self.threeBoxes()
        stack.distribution = .equalSpacing
        stack.alignment = .top
        let root = Self.lay(stack)
        // The boxes keep 40, 60, 80; the 120 left make two gaps of 60.
        let expected: [Rect] = [rect(0, 0, 40, 20), rect(100, 0, 60, 30), rect(220, 0, 80, 40)]
        #expect(boxes.map(\.frame) == expected)
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
    }

    @Test func equalCenteringSpacesTheCentresEvenly() {
        let (stack, boxes) = Self.threeBoxes()
        stack.distribution = .equalCentering
        stack.alignment = .top
        let root = Self.lay(stack)
        // Centres at 20 and 300 − 40 = 260, so the middle one at 140: x 110.
        #expect(boxes.map(\.frame.minX) == [0, 110, 220])
        #expect(boxes.map(\.frame.width) == [40, 60, 80])
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
    }

    @Test(arguments: [
        (StackView.Alignment.top, [0.0, 0, 0]), (.center, [10, 5, 0]), (.bottom, [20, 10, 0]),
    ])
    func alignmentPlacesViewsAcrossTheAxis(alignment: StackView.Alignment, tops: [Double]) {
        let (stack, boxes) = Self.threeBoxes()
        boxes[2].setContentHuggingPriority(249, for: .horizontal)  // c takes the rest
        stack.alignment = alignment
        let root = Self.lay(stack)
        // The stack hugs the tallest box (40, `UISV-spanning-fit`); heights
        // stay intrinsic; tops are 0 (top), (40 − h) / 2 (center), 40 − h (bottom).
        #expect(stack.frame.height == 40)
        #expect(boxes.map(\.frame.minY) == tops)
        #expect(boxes.map(\.frame.height) == [20, 30, 40])
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
    }

    /// A 17-point and a 34-point label lined up by first baselines, the big
    /// one first or second; the big one takes the room left.
    static func baselinePair(bigFirst: Bool) -> (StackView, small: Label, big: Label, root: View) {
        let small = makeLabel("Thing 1", name: "small")
        let big = Label(text: "Thing 2", style: TextStyle(fonts: testStyle.fonts, size: 34))
        big.name = "big"
        let stack = StackView(arrangedSubviews: bigFirst ? [big, small] : [small, big])
        stack.alignment = .firstBaseline
        big.setContentHuggingPriority(249, for: .horizontal)
        return (stack, small, big, lay(stack))
    }

    @Test func firstBaselineAlignmentLinesUpTheBaselines() throws {
        let (stack, small, big, root) = Self.baselinePair(bigFirst: true)
        // Roboto's ascender is 1900/2048 em: the baseline is 15.771 below a
        // 17-point label's top and 31.543 below a 34-point one's. The big
        // label (first) sits at the top (`UISV-canvas-connection`: the
        // stack's top at most the first view's, the stack as short as it
        // can be at 49); the small one 31.543 − 15.771 = 15.771 lower,
        // 15.667 on the 1/3-point grid. The stack's bottom is the spanner's
        // (around both): the big label's, ceil(34 × 1.171875 × 3) / 3 = 40.
        #expect(big.frame.minY == 0)
        #expect(small.frame.minY == 47.0 / 3)
        #expect(stack.frame.height == 40)
        #expect(root.layoutIssues().isEmpty)
    }

    @Test func firstBaselineAlignmentTiesTheStackToTheFirstView() throws {
        let (stack, small, big, root) = Self.baselinePair(bigFirst: false)
        // UIKit ties the stack's top to the first view's only (at most it):
        // with the small label first, at the stack's top, the big one's
        // baseline 15.771 below its top puts that top 15.771 above the
        // stack's (−15.667 on the grid). The stack reaches down to the
        // lowest bottom: the big label's, −15.771 + 40 = 24.229 (24.333).
        #expect(small.frame.minY == 0)
        #expect(big.frame.minY == -47.0 / 3)
        #expect(stack.frame.height == 73.0 / 3)
        let issues = root.layoutIssues().map(\.description)
        #expect(issues.count == 1 && issues[0].hasPrefix("big: frame"), "\(issues)")
    }

    @Test func aHiddenViewCollapsesWithItsSpacing() {
        let (stack, boxes) = Self.threeBoxes()
        boxes[2].setContentHuggingPriority(249, for: .horizontal)
        boxes[1].isHidden = true
        let root = Self.lay(stack)
        // a at 0, then one gap of 10, then c (which stretches): 40 + 10 = 50;
        // b is 0 wide.
        #expect(boxes[2].frame.minX == 50)
        #expect(boxes[1].frame.width == 0)
        boxes[1].isHidden = false
        root.layoutIfNeeded()
        #expect(boxes[2].frame.minX == 120)
    }

    @Test func customSpacingAfterAViewIsAMinimumGapInEqualSpacing() {
        let (stack, boxes) = Self.threeBoxes()
        stack.distribution = .equalSpacing
        stack.alignment = .top
        stack.setCustomSpacing(30, after: boxes[0])
        boxes[2].setContentCompressionResistancePriority(749, for: .horizontal)
        let root = Self.lay(stack, width: 230)
        // UIKit makes the spacers equal at 1000 (`UISV-fill-equally`) and
        // each gap at least its spacing: both gaps 30, so the boxes get
        // 230 − 60 = 170 of their 180, and c (the least resistant) gives 10.
        #expect(boxes.map(\.frame.minX) == [0, 70, 160])
        #expect(boxes[2].frame.width == 70)
        #expect(stack.customSpacing(after: boxes[0]) == 30)
        stack.setCustomSpacing(StackView.spacingUseDefault, after: boxes[0])
        #expect(stack.customSpacing(after: boxes[0]) == StackView.spacingUseDefault)
        root.layoutIfNeeded()
        #expect(boxes.map(\.frame.minX) == [0, 65, 150])
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
    }

    @Test func customSpacingInAFillStack() {
        let (stack, boxes) = Self.threeBoxes()
        boxes[2].setContentHuggingPriority(249, for: .horizontal)
        stack.setCustomSpacing(30, after: boxes[0])
        let root = Self.lay(stack)
        // a 0…40, 30, b 70…130, 10, c 140…300.
        #expect(boxes.map(\.frame.minX) == [0, 70, 140])
        #expect(boxes[2].frame.width == 160)
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
    }

    @Test func marginsRelativeArrangementInsetsTheViews() {
        let (stack, boxes) = Self.threeBoxes()
        stack.isLayoutMarginsRelativeArrangement = true
        stack.layoutMargins = EdgeInsets(top: 4, left: 8, bottom: 6, right: 12)
        stack.alignment = .top
        boxes[1].setContentHuggingPriority(249, for: .horizontal)
        let root = Self.lay(stack)
        // Inside the margins: 300 − 8 − 12 = 280 wide, so b is 280 − 120 − 20 = 140;
        // 4 + 40 + 6 = 50 high.
        let expected: [Rect] = [rect(8, 4, 40, 20), rect(58, 4, 140, 30), rect(208, 4, 80, 40)]
        #expect(boxes.map(\.frame) == expected)
        #expect(stack.frame.height == 50)
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
    }

    @Test func verticalBaselineRelativeSpacingRunsFromBaselineToBaseline() {
        let first = makeLabel("Thing 1", name: "first")
        let second = makeLabel("Thing 2", name: "second")
        let stack = StackView(arrangedSubviews: [first, second])
        stack.axis = .vertical
        stack.spacing = 30
        stack.isBaselineRelativeArrangement = true
        let root = Self.lay(stack)
        // Baselines 15.771 below each top: the second top is
        // 15.771 + 30 − 15.771 = 30 below the first.
        #expect(first.frame.minY == 0)
        #expect(second.frame.minY == 30)
        #expect(stack.frame.height == 50)
        #expect(root.layoutIssues().isEmpty, "\(root.layoutIssues())")
    }

    @Test func nestedStacksSizeFromTheirViews() {
        let name = makeLabel("Thing 1", name: "name")
        let time = makeLabel("Next", name: "time")
        let row = StackView(arrangedSubviews: [name, time])
        row.spacing = 8
        row.alignment = .firstBaseline
        name.setContentHuggingPriority(249, for: .horizontal)
        let body = makeLabel(
            "The quick brown fox jumps over the lazy dog while the cat watches.", name: "body",
            lines: 0)
        let column = StackView(arrangedSubviews: [row, body])
        column.axis = .vertical
        column.spacing = 4
        let root = Self.lay(column)
        // The row is one 20-point line: name stretches to 300 − 8 − 35.333.
        #expect(row.frame == rect(0, 0, 300, 20))
        let timeWidth: Double = 106.0 / 3
        #expect(same(time.frame, rect(300 - timeWidth, 0, timeWidth, 20)))
        // The body wraps at 300 into 2 lines of 20, 4 below the row.
        #expect(body.frame == rect(0, 24, 300, 40))
        #expect(column.frame.height == 64)
        #expect(root.layoutIssues().isEmpty)
        // Fitted as a cell at 200 wide: the body takes 3 lines.
        let height = column.systemLayoutSizeFitting(
            Size(width: 200, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel
        ).height
        #expect(height == 20 + 4 + 60)
    }

    @Test func arrangedSubviewsFollowAddInsertAndRemove() {
        let (stack, boxes) = Self.threeBoxes()
        let extra = Self.box("d", 10, 10)
        stack.insertArrangedSubview(extra, at: 1)
        #expect(stack.arrangedSubviews.map(\.layoutName) == ["a", "d", "b", "c"])
        stack.removeArrangedSubview(extra)
        #expect(stack.arrangedSubviews.map(\.layoutName) == ["a", "b", "c"])
        #expect(extra.superview === stack)  // still a subview, as in UIKit
        boxes[0].removeFromSuperview()
        #expect(stack.arrangedSubviews.map(\.layoutName) == ["b", "c"])
        _ = Self.lay(stack)
        #expect(boxes[1].frame.minX == 0)
    }

    @Test func conflictsNameUIKitsIdentifiers() {
        let (stack, boxes) = Self.threeBoxes()
        for box in boxes {
            box.setContentCompressionResistancePriority(.required, for: .horizontal)
        }
        let root = Self.lay(stack, width: 100)
        // 40 + 60 + 80 + 20 cannot fit in 100 with every width required.
        let log = root.unsatisfiableConstraints.map(\.description).joined()
        #expect(log.contains("UISV-canvas-connection") || log.contains("UISV-spacing"))
        #expect(stack.constraints.contains { $0.identifier == "UISV-spacing" })
    }
}
