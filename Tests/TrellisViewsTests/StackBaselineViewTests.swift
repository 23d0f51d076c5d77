// A stack view's own baselines: which arranged view answers for them
// (`forFirstBaselineLayout`, `forLastBaselineLayout`), and constraints and
// baseline-aligned stacks reading a nested stack's baseline through them.
// Frames worked out by hand from UIKit's constraints (Roboto 17: 20 high,
// first baseline 17 × 1900/2048 = 15.771 below the top; Roboto 34: 40
// high, baseline 31.543), edges rounded to the 1/3-point grid.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

/// UIKit's documentation of `UIStackView` ("Position and Size the Stack
/// View"): "A horizontal stack view returns its tallest view for both the
/// `forFirstBaselineLayout` and `forLastBaselineLayout` methods. If the
/// tallest view is also a stack view, it returns the result of calling
/// `forFirstBaselineLayout` or `forLastBaselineLayout` on the nested stack
/// view. A vertical stack view returns its first arranged view for
/// `forFirstBaselineLayout` and its last arranged view for
/// `forLastBaselineLayout`. If either of these views are also stack views,
/// then it returns the result of calling `forFirstBaselineLayout` or
/// `forLastBaselineLayout` on the nested stack view." And `UIView`'s: "When
/// you make a constraint to a view's `NSLayoutConstraint.Attribute.firstBaseline`
/// attribute, Auto Layout uses the baseline of the view returned by this
/// method." UIKit's implementation (see StackView+Baselines.swift) skips
/// hidden views and vends a row's tallest view only where its alignment
/// leaves that baseline to it.
@Suite struct StackBaselineViewTests {
    static let big = TextStyle(fonts: testStyle.fonts, size: 34)

    static func bigLabel(_ text: String, name: String) -> Label {
        let label = Label(text: text, style: big)
        label.name = name
        label.translatesAutoresizingMaskIntoConstraints = false
        return label
    }

    /// A view of a given intrinsic height (no intrinsic width).
    final class Tall: View {
        let height: Double
        init(_ height: Double) {
            self.height = height
            super.init(frame: .zero)
            translatesAutoresizingMaskIntoConstraints = false
        }
        override var intrinsicContentSize: Size {
            Size(width: View.noIntrinsicMetric, height: height)
        }
    }

    /// A column of a 34-point label over a 17-point one, 4 apart.
    static func column() -> (StackView, top: Label, bottom: Label) {
        let top = bigLabel("Thing 1", name: "t1")
        let bottom = makeLabel("Thing 2", name: "t2")
        let column = StackView(arrangedSubviews: [top, bottom])
        column.axis = .vertical
        column.spacing = 4
        column.name = "column"
        return (column, top, bottom)
    }

    // MARK: Which view answers

    @Test func aVerticalStackVendsItsFirstAndLastVisibleViews() {
        let a = makeLabel("Next", name: "a")
        let b = makeLabel("Thing 1", name: "b")
        let c = makeLabel("Thing 2", name: "c")
        let stack = StackView(arrangedSubviews: [a, b, c])
        stack.axis = .vertical
        // "its first arranged view [...] its last arranged view".
        #expect(stack.forFirstBaselineLayout === a)
        #expect(stack.forLastBaselineLayout === c)
        // Hidden views are skipped (UIKit's `_firstVisibleItem`).
        a.isHidden = true
        c.isHidden = true
        #expect(stack.forFirstBaselineLayout === b)
        #expect(stack.forLastBaselineLayout === b)
        // None visible: the stack answers for itself (its bottom edge).
        b.isHidden = true
        #expect(stack.forFirstBaselineLayout === stack)
        #expect(stack.forLastBaselineLayout === stack)
    }

    @Test func aRowVendsItsTallestViewWhereItsAlignmentLeavesTheBaselineToIt() {
        let a = makeLabel("Next", name: "a")
        let b = Self.bigLabel("Thing 2", name: "b")
        let c = makeLabel("Thing 1", name: "c")
        let row = StackView(arrangedSubviews: [a, b, c])
        // Centred: "returns its tallest view for both". On first baselines
        // (or top): the first visible view's first baseline (every first
        // baseline is on one line), the tallest's last. On last baselines
        // (or bottom): the tallest's first, the last view's last. Filling:
        // the first and last visible views.
        let answers: [(StackView.Alignment, first: View, last: View)] = [
            (.center, b, b), (.firstBaseline, a, b), (.top, a, b), (.lastBaseline, b, c),
            (.bottom, b, c), (.fill, a, c),
        ]
        for (alignment, first, last) in answers {
            row.alignment = alignment
            #expect(row.forFirstBaselineLayout === first, "\(alignment)")
            #expect(row.forLastBaselineLayout === last, "\(alignment)")
        }
        // The tallest among visible views; ties go to the earlier one.
        row.alignment = .center
        b.isHidden = true
        #expect(row.forFirstBaselineLayout === a)
        // No view taller than 0 (views without an intrinsic height): the row.
        let empty = StackView(arrangedSubviews: [makeView("box")])
        empty.alignment = .center
        #expect(empty.forFirstBaselineLayout === empty)
    }

    @Test func aNestedStackAnswersThroughItsOwnViews() {
        let (column, top, bottom) = Self.column()
        let label = makeLabel("Next", name: "label")
        let row = StackView(arrangedSubviews: [label, column])
        row.alignment = .center
        // The column is the tallest (40 + 20 + 4): the row answers with
        // the column's answer.
        #expect(row.forFirstBaselineLayout === top)
        #expect(row.forLastBaselineLayout === bottom)
    }

    /// UIKit's `_calculatedIntrinsicHeight` of a vertical stack adds,
    /// after each arranged view, `spacing × (visible views so far − 1)`:
    /// three views 20 high, 10 apart, count 60 + 0 + 10 + 20 = 90 (they
    /// are 80 high laid out), so a view 85 high is not the tallest.
    @Test func aColumnsHeightForTallestFollowsUIKitsSum() {
        let column = StackView(arrangedSubviews: [Tall(20), Tall(20), Tall(20)])
        column.axis = .vertical
        column.spacing = 10
        #expect(StackView._calculatedIntrinsicHeight(of: column) == 90)
        let other = Tall(85)
        let row = StackView(arrangedSubviews: [other, column])
        row.alignment = .center
        // The column's own answer: its first visible view.
        #expect(row.forFirstBaselineLayout === column.arrangedSubviews[0])
    }

    // MARK: Layout

    /// Lays `stack` out pinned to a 300-wide root's leading, trailing and
    /// top edges.
    static func lay(_ stack: StackView) -> View {
        StackViewTests.lay(stack)
    }

    /// A row on first baselines of [a 17-point label, the column]: the
    /// column's first baseline is its first view's (31.543 below its
    /// top), the label's (15.771) on it. UIKit ties the row's top to its
    /// first view's (at most: the label at 0), so the column starts
    /// 15.771 higher (−15.667 on the grid) and its second label 44 below
    /// that (28.229: 28.333); the row reaches down to the column's bottom,
    /// 48.229 (48.333). (Before stacks had baselines, the column's bottom
    /// stood for its baseline: its top was 15.771 − 64 = −48.229.)
    @Test func aRowOnFirstBaselinesReadsTheNestedColumnsFirstView() {
        let (column, top, bottom) = Self.column()
        let price = makeLabel("Next", name: "price")
        let row = StackView(arrangedSubviews: [price, column])
        row.alignment = .firstBaseline
        row.spacing = 8
        let root = Self.lay(row)
        #expect(price.frame.minY == 0)
        #expect(column.frame.minY == -47.0 / 3)
        #expect(top.frame.minY == 0 && top.frame.height == 40)
        #expect(bottom.frame.minY == 44)
        #expect(row.frame.height == 145.0 / 3)
        _ = root
    }

    /// The same on last baselines: the column's last baseline is its last
    /// view's, 44 + 15.771 below its top; the canvas's top is the topmost
    /// view's (the column's, at 0), so the price label's top is at 44, its
    /// bottom at 64 with the column's. (Before: the column's bottom, 64,
    /// was the line, the label's top 48.229.)
    @Test func aRowOnLastBaselinesReadsTheNestedColumnsLastView() {
        let (column, _, bottom) = Self.column()
        let price = makeLabel("Next", name: "price")
        let row = StackView(arrangedSubviews: [price, column])
        row.alignment = .lastBaseline
        row.spacing = 8
        _ = Self.lay(row)
        #expect(column.frame.minY == 0)
        #expect(bottom.frame.minY == 44)
        #expect(price.frame.minY == 44)
        #expect(row.frame.height == 64)
    }

    /// Two levels: a row on last baselines of [price, a column of [a
    /// label, a column of two labels]] (no spacing): the outer column's
    /// last baseline is the inner one's, its last label's, 40 + 15.771
    /// below the top; the price label's top at 40.
    @Test func aStackNestedTwiceAnswersWithTheInnermostView() {
        let inner = StackView(arrangedSubviews: [
            makeLabel("Thing 1", name: "y"), makeLabel("Thing 2", name: "z"),
        ])
        inner.axis = .vertical
        let outer = StackView(arrangedSubviews: [makeLabel("Next", name: "x"), inner])
        outer.axis = .vertical
        let price = makeLabel("Next", name: "price")
        let row = StackView(arrangedSubviews: [price, outer])
        row.alignment = .lastBaseline
        #expect(row.forLastBaselineLayout === inner.arrangedSubviews[1])
        _ = Self.lay(row)
        #expect(outer.frame.minY == 0)
        #expect(price.frame.minY == 40)
        #expect(row.frame.height == 60)
    }

    /// A root with the column 10 from the top and two labels beside it,
    /// `price.firstBaseline == column.firstBaseline` and
    /// `tag.lastBaseline == column.lastBaseline`.
    static func explicit(hideFirst: Bool = false) -> (
        root: View, column: StackView, top: Label, price: Label, tag: Label
    ) {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 200))
        root.name = "root"
        let (column, top, _) = Self.column()
        column.spacing = 0
        top.isHidden = hideFirst
        column.translatesAutoresizingMaskIntoConstraints = false
        let price = makeLabel("Next", name: "price")
        let tag = makeLabel("Next", name: "tag")
        for view in [column, price, tag] as [View] { root.addSubview(view) }
        LayoutConstraint.activate([
            column.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            column.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            price.leadingAnchor.constraint(equalTo: column.trailingAnchor, constant: 8),
            tag.leadingAnchor.constraint(equalTo: price.trailingAnchor, constant: 8),
            price.firstBaselineAnchor.constraint(equalTo: column.firstBaselineAnchor),
            tag.lastBaselineAnchor.constraint(equalTo: column.lastBaselineAnchor),
        ])
        root.layoutIfNeeded()
        return (root, column, top, price, tag)
    }

    /// `price.firstBaseline == column.firstBaseline`: the column's first
    /// view's baseline, 10 + 31.543, so the price label's top is at
    /// 10 + 31.543 − 15.771 = 25.771 (25.667); the tag's last baseline on
    /// the column's last view's, 10 + 40 + 15.771: its top at 50. (Before:
    /// both on the column's bottom, 70: tops at 54.229.)
    @Test func anExplicitConstraintReadsTheStacksBaselineView() {
        let (_, _, _, price, tag) = Self.explicit()
        #expect(price.frame.minY == 77.0 / 3)
        #expect(tag.frame.minY == 50)
    }

    /// With the column's first view hidden (0 high, no spacing), its first
    /// visible view answers: the 17-point label at the column's top, 10,
    /// so the price label's top is at 10. Unhidden in the same hierarchy,
    /// and hidden again, the constraint follows, as a new hierarchy does.
    @Test func aHiddenFirstViewHandsTheBaselineToTheNextOne() {
        let hidden = Self.explicit(hideFirst: true)
        #expect(hidden.price.frame.minY == 10)
        #expect(hidden.tag.frame.minY == 10)
        hidden.top.isHidden = false
        hidden.root.layoutIfNeeded()
        let shown = Self.explicit()
        #expect(hidden.price.frame == shown.price.frame)
        #expect(hidden.tag.frame == shown.tag.frame)
        #expect(hidden.price.frame.minY == 77.0 / 3)
        hidden.top.isHidden = true
        hidden.root.layoutIfNeeded()
        #expect(hidden.price.frame.minY == 10)
    }

    /// A centred row whose tallest view changes with its text: a reused
    /// hierarchy, fitted as a cell row after row, gives a new one's frames.
    @Test func theTallestViewFollowsTheTextsInAReusedCell() {
        func make() -> (View, [Label]) {
            let content = View(frame: .zero)
            content.name = "content"
            let a = makeLabel("Next", name: "a")
            let b = Self.bigLabel("Thing 2", name: "b")
            let row = StackView(arrangedSubviews: [a, b])
            row.alignment = .center
            row.spacing = 8
            row.translatesAutoresizingMaskIntoConstraints = false
            let price = makeLabel("Next", name: "price")
            content.addSubview(row)
            content.addSubview(price)
            LayoutConstraint.activate([
                row.leadingAnchor.constraint(equalTo: content.leadingAnchor),
                row.topAnchor.constraint(equalTo: content.topAnchor),
                row.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor),
                price.trailingAnchor.constraint(equalTo: content.trailingAnchor),
                price.bottomAnchor.constraint(lessThanOrEqualTo: content.bottomAnchor),
                price.firstBaselineAnchor.constraint(equalTo: row.firstBaselineAnchor),
            ])
            return (content, [a, b, price])
        }
        func lay(_ content: View) -> [Rect] {
            let size = content.systemLayoutSizeFitting(
                Size(width: 300, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel)
            content.frame = Rect(x: 0, y: 0, width: 300, height: size.height)
            content.layoutIfNeeded()
            return content.subviews.flatMap { [$0.frame] + $0.subviews.map(\.frame) }
        }
        let rows: [(String, String)] = [
            ("Next", "Thing 2"), ("Next", ""), ("Thing 1", "Thing 2"), ("", "Thing 2"),
            ("Next", ""),
        ]
        let (reused, views) = make()
        for (a, b) in rows {
            views[0].text = a
            views[1].text = b
            let again = lay(reused)
            let (fresh, freshViews) = make()
            freshViews[0].text = a
            freshViews[1].text = b
            #expect(again == lay(fresh), "\(a) / \(b)")
        }
        // With b empty (0 high) the tallest is a, whose baseline is 15.771
        // below the row's top: the price label at the row's top.
        views[0].text = "Next"
        views[1].text = ""
        _ = lay(reused)
        #expect(views[2].frame.minY == views[0].frame.minY)
        // With b's 34-point text the price label sits on b's baseline.
        views[1].text = "Thing 2"
        _ = lay(reused)
        #expect(views[2].frame.minY == 47.0 / 3)
    }

    // MARK: The direct path

    /// The column of `column()` as a tree node ([a 34-point label over a
    /// 17-point one, 4 apart]), its first label hidden when asked.
    static func columnNode(
        hideFirst: Bool = false, distribution: StackView.Distribution = .fill
    ) -> StackTree.Node {
        var top = StackTree.Node.label(.init("Thing 1", style: Self.big))
        top.isHidden = hideFirst
        return .stack(
            .init(
                axis: .vertical, distribution: distribution, spacing: 4,
                children: [top, .label(.init("Thing 2", style: testStyle))]))
    }

    /// A row aligned by `alignment`, 8 apart, of [a 17-point label, `nested`].
    static func row(_ alignment: StackView.Alignment, _ nested: StackTree.Node) -> StackTree {
        StackTree(
            root: .init(
                axis: .horizontal, alignment: alignment, spacing: 8,
                children: [.label(.init("Next", style: testStyle)), nested]))
    }

    /// A nested column of labels in a row aligned by baselines is laid out
    /// by the direct path on its named label's baseline, with the figures
    /// of `aRowOnFirstBaselinesReadsTheNestedColumnsFirstView` and
    /// `aRowOnLastBaselinesReadsTheNestedColumnsLastView`, equal to the
    /// engine's frames.
    @Test func theDirectPathLaysOutANestedColumnOnItsLabelsBaseline() throws {
        let first = Self.row(.firstBaseline, Self.columnNode())
        #expect(first.directLayoutUnsupportedReason == nil)
        let direct = try first.directLayout(width: 300)
        #expect(direct == first.constraintsLayout(width: 300))
        // Frames in node order: root, label, column, its two labels. The
        // cell's top is the row's: the column 15.771 above it.
        #expect(direct.frames[1].minY == 0)
        #expect(direct.frames[2].minY == -47.0 / 3)
        #expect(direct.frames[4].minY == 44)
        let last = Self.row(.lastBaseline, Self.columnNode())
        let onLast = try last.directLayout(width: 300)
        #expect(onLast == last.constraintsLayout(width: 300))
        // The column at the top, the price label on its last label's line.
        #expect(onLast.frames[2].minY == 0)
        #expect(onLast.frames[1].minY == 44)
        #expect(onLast.frames[0].height == 64)
        // Its first view hidden, the column's first baseline is its second
        // label's, at the column's top (a hidden first view is 0 high, no
        // spacing after it): every top at 0, the row 20 high.
        let hidden = Self.row(.firstBaseline, Self.columnNode(hideFirst: true))
        let withHidden = try hidden.directLayout(width: 300)
        #expect(withHidden == hidden.constraintsLayout(width: 300))
        #expect(withHidden.frames[1].minY == 0 && withHidden.frames[2].minY == 0)
        #expect(withHidden.frames[0].height == 20)
    }

    /// Two levels (the figures of `aStackNestedTwiceAnswersWithTheInnermostView`),
    /// the other distributions of a nested column, and nested rows naming
    /// their first or last visible view: laid out directly, equal to the
    /// engine.
    @Test func theDirectPathFollowsTheNamedViewDownTheTree() throws {
        func label(_ text: String) -> StackTree.Node { .label(.init(text, style: testStyle)) }
        let inner = StackTree.Node.stack(
            .init(axis: .vertical, children: [label("Thing 1"), label("Thing 2")]))
        let twice = Self.row(
            .lastBaseline, .stack(.init(axis: .vertical, children: [label("Next"), inner])))
        let nested = try twice.directLayout(width: 300)
        #expect(nested == twice.constraintsLayout(width: 300))
        #expect(nested.frames[1].minY == 40)
        #expect(nested.frames[0].height == 60)
        var trees: [StackTree] = []
        for alignment in [StackView.Alignment.firstBaseline, .lastBaseline] {
            for distribution in [
                StackView.Distribution.fillEqually, .fillProportionally, .equalSpacing,
                .equalCentering,
            ] {
                trees.append(Self.row(alignment, Self.columnNode(distribution: distribution)))
            }
            // A row filling across names its first or last visible view;
            // on the alignment's own side a row aligned top (first) or
            // bottom (last) does too.
            let big = StackTree.Node.label(.init("Thing 1", style: Self.big))
            for nestedAlignment in [StackView.Alignment.fill, .leading, .trailing] {
                let side =
                    nestedAlignment == .fill
                    || (nestedAlignment == .leading) == (alignment == .firstBaseline)
                guard side else { continue }
                trees.append(
                    Self.row(
                        alignment,
                        .stack(
                            .init(
                                axis: .horizontal, alignment: nestedAlignment, spacing: 2,
                                children: [big, label("Thing 2"), Self.columnNode()]))))
            }
        }
        for tree in trees {
            #expect(tree.directLayoutUnsupportedReason == nil)
            #expect(try tree.directLayout(width: 300) == tree.constraintsLayout(width: 300))
        }
        // A row aligned centre names its tallest view (decided by intrinsic
        // heights: the 34-point label), a row aligned top its tallest for
        // the last baseline; laid out directly.
        let big = StackTree.Node.label(.init("Thing 1", style: Self.big))
        for (alignment, nestedAlignment) in [
            (StackView.Alignment.firstBaseline, StackView.Alignment.center),
            (.lastBaseline, .leading), (.firstBaseline, .trailing),
        ] {
            let tallest = Self.row(
                alignment,
                .stack(
                    .init(
                        axis: .horizontal, alignment: nestedAlignment,
                        children: [label("a"), big, Self.columnNode()])))
            #expect(tallest.directLayoutUnsupportedReason == nil)
            #expect(try tallest.directLayout(width: 300) == tallest.constraintsLayout(width: 300))
        }
        // Among buttons (whose titles the direct path may not measure):
        // refused with its reason.
        let centred = Self.row(
            .firstBaseline,
            .stack(
                .init(
                    axis: .horizontal, alignment: .center,
                    children: [label("a"), .button(.init("Go", style: testStyle))])))
        let reason = try #require(centred.directLayoutUnsupportedReason)
        #expect(reason.contains("tallest"), "\(reason)")
        #expect(throws: DirectStackLayoutError.self) { try centred.directLayout(width: 300) }
    }

    /// A baseline-relative column (spacing 10, baseline to baseline) of
    /// [a label, a nested stack, a label]: the chain reads the nested
    /// stack's first baseline (its top label's, a fixed distance below its
    /// top) and its last (a row aligned to fill or top: its last or
    /// tallest label's, at its top too). Laid out directly, equal to the
    /// engine; the middle label's top is 15.771 + 10 − 31.543 below the
    /// first label's baseline in the row of a big label first.
    @Test func theDirectPathLaysOutANestedStackOnABaselineRelativeChain() throws {
        func label(_ text: String) -> StackTree.Node { .label(.init(text, style: testStyle)) }
        let big = StackTree.Node.label(.init("Thing 1", style: Self.big))
        func chain(_ nested: StackTree.Node) -> StackTree {
            StackTree(
                root: .init(
                    axis: .vertical, spacing: 10, isBaselineRelativeArrangement: true,
                    children: [label("Next"), nested, label("Last")]))
        }
        var trees: [StackTree] = []
        for alignment in [StackView.Alignment.fill, .leading] {
            trees.append(
                chain(
                    .stack(
                        .init(axis: .horizontal, alignment: alignment, children: [big, label("b")]))
                ))
        }
        // The nested column last: only its first baseline is read.
        trees.append(
            StackTree(
                root: .init(
                    axis: .vertical, spacing: 10, isBaselineRelativeArrangement: true,
                    children: [label("Next"), Self.columnNode()])))
        for tree in trees {
            #expect(tree.directLayoutUnsupportedReason == nil)
            #expect(try tree.directLayout(width: 300) == tree.constraintsLayout(width: 300))
        }
        // The row of a big label first, filling: its top 15.771 + 10 −
        // 31.543 = −5.771 below the first label's top (−17/3 on the grid).
        let row = try trees[0].directLayout(width: 300)
        #expect(row.frames[2].minY == -17.0 / 3)
        // A nested column in the middle: its last baseline moves with its
        // length, read at its own best length (MovingChainTests). Here
        // the cell's height, rounded up to the pixel grid, leaves 0.105
        // more, which the nested column (its first label, earlier than the
        // last view) takes: refused at that width.
        let middle = chain(Self.columnNode())
        #expect(middle.directLayoutUnsupportedReason == nil)
        #expect {
            try middle.directLayout(width: 300)
        } throws: { error in
            (error as? DirectStackLayoutError)?.kind == .unmodelled
        }
    }

    /// Where the view the rule names has its baseline at the nested
    /// stack's bottom (a column's last view without text, any view of a
    /// row filling) the direct path lays the tree out, as the engine.
    @Test func theDirectPathKeepsNestedStacksWhoseBaselineIsTheirBottom() throws {
        let boxBelow = StackTree.Stack(
            axis: .vertical,
            children: [.label(.init("Thing 1", style: testStyle)), .fixed(width: 40, height: 30)])
        let filling = StackTree.Stack(
            axis: .horizontal,
            children: [.fixed(width: 20, height: 30), .fixed(width: 30, height: 30)])
        for (nested, alignment) in [
            (boxBelow, StackView.Alignment.lastBaseline), (filling, .firstBaseline),
            (filling, .lastBaseline),
        ] {
            let tree = StackTree(
                root: .init(
                    axis: .horizontal, alignment: alignment, spacing: 8,
                    children: [.label(.init("Next", style: testStyle)), .stack(nested)]))
            #expect(tree.directLayoutUnsupportedReason == nil)
            let direct = try tree.directLayout(width: 300)
            #expect(direct == tree.constraintsLayout(width: 300))
        }
        // The column's first baseline is its label's, at its top.
        let first = Self.row(.firstBaseline, .stack(boxBelow))
        #expect(try first.directLayout(width: 300) == first.constraintsLayout(width: 300))
    }
}
