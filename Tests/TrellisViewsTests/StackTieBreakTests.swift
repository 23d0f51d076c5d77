// UIKit's tie-break by arranged index (StackView+TieBreak.swift): "If
// there's any ambiguity, the stack view resizes the arranged views based on
// their index in the arrangedSubviews array" (UIStackView.Distribution.fill).
// The earlier view gives way first: nsomar/OAStackView's Kiwi spec (views
// 50, 60 and 100 long at priority 250 in a stack 400 long start at 0, 240
// and 300) whatever order the views and their constraints were made in,
// and the same rule for intrinsic sizes, compression and nested stacks.

import Testing
import TrellisGeometry

@testable import TrellisViews

@Suite struct StackTieBreakTests {
    /// A view of a fixed intrinsic size.
    final class Box: View {
        let size: Size
        init(_ width: Double, _ height: Double) {
            size = Size(width: width, height: height)
            super.init(frame: .zero)
        }
        override var intrinsicContentSize: Size { size }
    }

    static func length(_ view: View, _ axis: LayoutAxis) -> Double {
        axis == .vertical ? view.frame.height : view.frame.width
    }

    /// Makes `stack` `length` long along `axis` (required).
    static func fixLength(of stack: StackView, _ axis: LayoutAxis, _ length: Double) {
        (axis == .vertical ? stack.heightAnchor : stack.widthAnchor)
            .constraint(equalToConstant: length).isActive = true
    }

    /// A stack of `views` (arranged in that order) `length` long along
    /// `axis`, laid out.
    static func lay(_ views: [View], _ axis: LayoutAxis, length: Double) -> StackView {
        let stack = StackView(arrangedSubviews: views)
        stack.axis = axis
        stack.translatesAutoresizingMaskIntoConstraints = false
        Self.fixLength(of: stack, axis, length)
        let size = stack.systemLayoutSizeFitting(.zero)
        stack.frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        stack.layoutIfNeeded()
        return stack
    }

    static let permutations = [
        [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
    ]

    /// OAStackView's "Distributes the view based on their fill" spec, with
    /// the three views made (and their length constraints activated) in
    /// every order, and added to the stack in every order by
    /// `insertArrangedSubview`: the first arranged view takes the room.
    @Test(arguments: [LayoutAxis.vertical, .horizontal])
    func theFirstArrangedViewTakesTheRoomWhateverOrderItWasMadeIn(axis: LayoutAxis) {
        for made in Self.permutations {
            for inserted in Self.permutations {
                var views: [View?] = [nil, nil, nil]
                for k in made {
                    let along = [50.0, 60, 100][k]
                    views[k] =
                        axis == .vertical
                        ? OAStackViewFrameTests.viewP(100, 300, along, 250)
                        : OAStackViewFrameTests.viewP(along, 250, 100, 300)
                }
                let stack = StackView()
                stack.axis = axis
                stack.translatesAutoresizingMaskIntoConstraints = false
                var placed: [Int] = []
                for k in inserted {
                    // Insert view k where it belongs among those already in.
                    let at = placed.filter { $0 < k }.count
                    stack.insertArrangedSubview(views[k]!, at: at)
                    placed.append(k)
                }
                Self.fixLength(of: stack, axis, 400)
                OAStackViewFrameTests.lay(stack)
                let starts = views.map { OAStackViewFrameTests.minAlong($0!, axis) }
                #expect(starts == [0, 240, 300], "made \(made), inserted \(inserted)")
            }
        }
    }

    /// Intrinsic sizes hugging at one priority: the first view stretches.
    @Test(arguments: [LayoutAxis.vertical, .horizontal])
    func theFirstViewStretchesWhenHuggingTies(axis: LayoutAxis) {
        for order in Self.permutations {
            let lengths = order.map { [50.0, 60, 100][$0] }
            let views = lengths.map { axis == .vertical ? Box(80, $0) : Box($0, 80) as View }
            _ = Self.lay(views, axis, length: 400)
            let expected = [400 - lengths[1] - lengths[2], lengths[1], lengths[2]]
            #expect(views.map { Self.length($0, axis) } == expected, "lengths \(lengths)")
            let ambiguous = views.filter { $0.hasAmbiguousLayout }
            #expect(ambiguous.isEmpty)
        }
    }

    /// Compression resistance at one priority and too little room: the
    /// first view gives up the whole shortfall (nothing else stops it: like
    /// UIKit's engine, the solver has no `length >= 0` of its own).
    @Test(arguments: [LayoutAxis.vertical, .horizontal])
    func theFirstViewShrinksWhenCompressionTies(axis: LayoutAxis) {
        for (lengths, expected) in [
            ([50.0, 60, 100], [20.0, 60, 100]), ([100, 60, 50], [70, 60, 50]),
        ] {
            let views = lengths.map { axis == .vertical ? Box(80, $0) : Box($0, 80) as View }
            _ = Self.lay(views, axis, length: 180)  // 30 short
            #expect(views.map { Self.length($0, axis) } == expected)
            let ambiguous = views.filter { $0.hasAmbiguousLayout }
            #expect(ambiguous.isEmpty)
        }
    }

    /// "UIKit never gives an arranged view a negative size" (issue 36): a
    /// shortfall longer than the first view shrinks it to 0, then the next
    /// one gives way (StackView+Floors.swift). [50, 60, 100] at 750 in 130
    /// (80 short): [0, 30, 100], not [-30, 60, 100]; in 40 (170 short):
    /// [0, 0, 40]. The same on the direct path (the boxes as pictures of
    /// those sizes). Broken (no floors made): the first view -30 long,
    /// drawn 0 long, the next one at -30 (watched).
    @Test(arguments: [LayoutAxis.vertical, .horizontal])
    func theFirstViewShrinksToZeroThenTheNext(axis: LayoutAxis) throws {
        for (length, expected) in [(130.0, [0.0, 30, 100]), (40, [0, 0, 40])] {
            let views = [50.0, 60, 100].map {
                axis == .vertical ? Box(80, $0) : Box($0, 80) as View
            }
            _ = Self.lay(views, axis, length: length)
            #expect(views.map { Self.length($0, axis) } == expected, "length \(length)")
            let starts = views.map { axis == .vertical ? $0.frame.minY : $0.frame.minX }
            #expect(starts == [0, expected[0], expected[0] + expected[1]], "length \(length)")
            #expect(views.allSatisfy { !$0.hasAmbiguousLayout })
            // The direct path: a stack tree `length` long of the same boxes.
            let boxes = [50.0, 60, 100].map { along -> StackTree.Node in
                let size =
                    axis == .vertical
                    ? Size(width: 80, height: along) : Size(width: along, height: 80)
                return StackTree.Node(.fixed(.init(width: nil, height: nil, intrinsicSize: size)))
            }
            var root = StackTree.Stack(axis: axis, alignment: .leading, children: boxes)
            if axis == .vertical { root.fixedHeight = length }
            let tree = StackTree(root: root)
            #expect(tree.directLayoutUnsupportedReason == nil)
            let direct = try tree.directLayout(width: axis == .vertical ? 80 : length)
            #expect(direct.frames.dropFirst().map { Self.length($0, axis) } == expected)
            #expect(direct == tree.constraintsLayout(width: axis == .vertical ? 80 : length))
        }
    }

    static func length(_ rect: Rect, _ axis: LayoutAxis) -> Double {
        axis == .vertical ? rect.height : rect.width
    }

    /// A nested stack's views come after the view before it and before the
    /// view after it: [A, [B, C], D] gives way in the order A, B, C, D.
    @Test func nestedStacksRankDepthFirst() {
        func make(aHugs: Float, bHugs: Float) -> [Box] {
            let boxes = (0..<4).map { _ in Box(40, 20) }
            boxes[0].setContentHuggingPriority(LayoutPriority(aHugs), for: .horizontal)
            boxes[1].setContentHuggingPriority(LayoutPriority(bHugs), for: .horizontal)
            let inner = StackView(arrangedSubviews: [boxes[1], boxes[2]])
            _ = Self.lay([boxes[0], inner, boxes[3]], .horizontal, length: 300)
            return boxes
        }
        #expect(make(aHugs: 250, bHugs: 250).map(\.frame.width) == [180, 40, 40, 40])
        #expect(make(aHugs: 251, bHugs: 250).map(\.frame.width) == [40, 180, 40, 40])
        #expect(make(aHugs: 251, bHugs: 251).map(\.frame.width) == [40, 40, 180, 40])
    }

    /// Moving a view in the arranged order moves its rank: the view moved
    /// to the front takes the room at the next layout.
    @Test func movingAViewInTheArrangedOrderMovesTheTieBreak() {
        let boxes = [Box(50, 20), Box(60, 20), Box(100, 20)]
        let stack = Self.lay(boxes, .horizontal, length: 400)
        #expect(boxes.map(\.frame.width) == [240, 60, 100])
        stack.insertArrangedSubview(boxes[2], at: 0)
        stack.layoutIfNeeded()
        #expect(boxes.map(\.frame.width) == [50, 60, 290])
    }
}
