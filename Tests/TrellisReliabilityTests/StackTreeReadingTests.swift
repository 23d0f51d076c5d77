// Reading a stack tree back from views (StackTree+Reading.swift): random
// trees through `makeViews()` and back, before and after a layout, and the
// hierarchies the reading must refuse.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct StackTreeReadingTests {
    @Test func randomTreesReadBackAsTheyWereMade() throws {
        let count = Soak.count("TRELLIS_STACKTREE_READ_CASES", quick: 600, soak: 3000)
        var read = 0
        for seed in UInt64(0x5EAD_0000)..<UInt64(0x5EAD_0000 + count) {
            var choices = _SeededChoices(seed: seed)
            let test = StackTreeGenerator.make(&choices)
            let (contentView, views) = test.tree.makeViews()
            let reading = try StackTree._reading(contentView)
            #expect(
                reading.tree == StackTreeReading.normalized(test.tree),
                "seed \(seed): read back\n\(reading.tree)\nmade from\n\(test.tree)")
            #expect(reading.views.count == views.count, "seed \(seed)")
            #expect(zip(reading.views, views).allSatisfy { $0 === $1 }, "seed \(seed)")
            // Read again once the engine has laid it out (the stacks'
            // own constraints are then active): the same tree.
            _ = StackTree.layOutCell(
                contentView, views: views, width: test.width, scale: test.tree.scale)
            let again = try StackTree(reading: contentView)
            #expect(again == reading.tree, "seed \(seed), after a layout")
            // What matters: the read tree lays out as the made one.
            let original = Result { () throws(DirectStackLayoutError) in
                try test.tree.directLayout(width: test.width)
            }
            let fromViews = Result { () throws(DirectStackLayoutError) in
                try reading.tree.directLayout(width: test.width)
            }
            switch (original, fromViews) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "seed \(seed)")
                read += 1
                // The views laid out directly get the tree's frames.
                let (freshContent, freshViews) = test.tree.makeViews()
                var direct = DirectStackLayout()
                let height = try direct.layOutCell(freshContent, width: test.width)
                #expect(height == a.height, "seed \(seed)")
                #expect(freshViews.map(\.frame) == a.frames, "seed \(seed)")
                #expect(
                    freshContent.frame == Rect(x: 0, y: 0, width: test.width, height: height),
                    "seed \(seed)")
            case (.failure(let a), .failure(let b)):
                #expect(a.kind == b.kind, "seed \(seed)")
            default:
                Issue.record("seed \(seed): \(original) against \(fromViews)")
            }
        }
        #expect(read * 2 > count, "only \(read) of \(count) laid out")
    }

    /// A small cell: a column of a label, a row of an image and a box, and
    /// a button, pinned to the margins.
    static func cell() -> (contentView: View, views: [View]) {
        let style = ReuseCase.styles[0]
        var row = StackTree.Stack(
            axis: .horizontal, alignment: .top, spacing: 8,
            children: [
                .image(StackTree.ImageNode(aspectRatio: Size(width: 4, height: 3))),
                .fixed(width: 40, height: 40),
            ])
        row.customSpacing = [0: 12]
        let tree = StackTree(
            root: StackTree.Stack(
                axis: .vertical, spacing: 4,
                children: [
                    .label(StackTree.LabelNode("Ada Lovelace", style: style, numberOfLines: 0)),
                    .stack(row),
                    .button(StackTree.ButtonNode("Reply", style: style)),
                ]),
            pinning: .layoutMargins(EdgeInsets(all: 16)))
        return tree.makeViews()
    }

    @Test func theCellReadsBack() throws {
        let (contentView, _) = Self.cell()
        let tree = try StackTree(reading: contentView)
        #expect(tree.pinning == .layoutMargins(EdgeInsets(all: 16)))
        #expect(tree.root.children.count == 3)
        guard case .stack(let row) = tree.root.children[1].content else {
            Issue.record("not a row: \(tree.root.children[1])")
            return
        }
        #expect(row.customSpacing == [0: 12])
        #expect(
            row.children[0].content
                == .image(StackTree.ImageNode(aspectRatio: Size(width: 1, height: 0.75))))
    }

    /// Each change the tree cannot describe, and the words of its refusal.
    static let refusals: [(String, (View, [View]) -> Void)] = [
        (
            "a constraint the stack tree does not make",
            { _, views in
                views[1].widthAnchor.constraint(greaterThanOrEqualToConstant: 10).isActive = true
            }
        ),
        (
            "not arranged",
            { _, views in
                (views[0] as! StackView).addSubview(View())
            }
        ),
        (
            "not arranged",
            { _, views in
                (views[0] as! StackView).removeArrangedSubview(views[1])
            }
        ),
        (
            "autoresizing",
            { _, views in
                views[1].translatesAutoresizingMaskIntoConstraints = true
            }
        ),
        (
            "right to left",
            { contentView, _ in
                contentView.semanticContentAttribute = .forceRightToLeft
            }
        ),
        (
            "preferredMaxLayoutWidth",
            { _, views in
                (views[1] as! Label).preferredMaxLayoutWidth = 100
            }
        ),
        (
            "exactly one stack view",
            { contentView, _ in
                contentView.addSubview(View())
            }
        ),
        (
            "safe-area insets",
            { contentView, _ in
                contentView.safeAreaInsets = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
            }
        ),
        (
            "another measurer",
            { _, views in
                (views[5] as! Button).measurer = TextMeasurer()
            }
        ),
        (
            "is not a node",
            { _, views in
                (views[2] as! StackView).addArrangedSubview(_SizedView())
            }
        ),
        (
            "has subviews",
            { _, views in
                views[4].addSubview(View())
            }
        ),
        (
            "differ in priority",
            { _, views in
                let box = views[4]
                box.constraints.first { $0.firstAttribute == .height }!.isActive = false
                let height = box.heightAnchor.constraint(equalToConstant: 40)
                height.priority = LayoutPriority(rawValue: 999)
                height.isActive = true
            }
        ),
        (
            "contentScaleFactor",
            { _, views in
                views[1].contentScaleFactor = 2
            }
        ),
        (
            "root stack is hidden",
            { _, views in
                views[0].isHidden = true
            }
        ),
        (
            "aspect ratio's priority",
            { _, views in
                let image = views[3]
                image.constraints.first { $0.secondItem === image }!.isActive = false
                let aspect = image.heightAnchor.constraint(
                    equalTo: image.widthAnchor, multiplier: 0.75)
                aspect.priority = LayoutPriority(rawValue: 750)
                aspect.isActive = true
            }
        ),
    ]

    @Test(arguments: 0..<refusals.count)
    func whatTheTreeCannotDescribeIsRefused(index: Int) {
        let (words, change) = Self.refusals[index]
        let (contentView, views) = Self.cell()
        #expect((try? StackTree(reading: contentView)) != nil)
        change(contentView, views)
        #expect(throws: StackTreeReadingError.self) { try StackTree(reading: contentView) }
        do {
            _ = try StackTree(reading: contentView)
        } catch {
            #expect(error.reason.contains(words) || error.item.contains(words), "\(error)")
        }
    }

    @Test func viewsTheTreeCannotDescribeKeepTheirFrames() throws {
        let (contentView, views) = Self.cell()
        var direct = DirectStackLayout()
        let height = try direct.layOutCell(contentView, width: 320)
        #expect(height > 40)
        let frames = views.map(\.frame)
        views[1].widthAnchor.constraint(greaterThanOrEqualToConstant: 10).isActive = true
        #expect(throws: DirectStackLayoutError.self) {
            try direct.layOutCell(contentView, width: 200)
        }
        #expect(views.map(\.frame) == frames)
        #expect(contentView.frame.width == 320)
        // Another measurer than the layout's: refused, not measured otherwise.
        let (other, _) = Self.cell()
        var elsewhere = DirectStackLayout(measurer: TextMeasurer())
        #expect(throws: DirectStackLayoutError.self) {
            try elsewhere.layOutCell(other, width: 320)
        }
    }

    @Test func aSubviewIsNotAContentView() {
        let (contentView, views) = Self.cell()
        #expect(throws: StackTreeReadingError.self) { try StackTree(reading: views[0]) }
        let holder = View()
        holder.addSubview(contentView)
        #expect(throws: StackTreeReadingError.self) { try StackTree(reading: contentView) }
    }
}

/// A view that sizes itself: not a node of a stack tree.
private final class _SizedView: View {
    override var intrinsicContentSize: Size { Size(width: 10, height: 10) }
}
