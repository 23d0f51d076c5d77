// Trees the direct path once refused up front and now lays out: each equal
// to the engine's layout of UIKit's constraint set (StackView), frame for
// frame, at several widths.

import Testing
import TrellisGeometry
import TrellisText
import TrellisViews

@Suite struct StackTreeCoverageTests {
    typealias Differential = StackTreeDifferentialTests

    /// The verdict of the differential at each width; every one must be
    /// `agreed` (the same height and frames as the engine).
    static func disagreements(_ tree: StackTree, widths: [Double]) -> [String] {
        #expect(tree.directLayoutUnsupportedReason == nil, "\(tree.directLayoutUnsupportedReason!)")
        var found: [String] = []
        for width in widths {
            switch StackTreeDifferential.check(StackTreeCase(tree: tree, width: width)) {
            case .agreed: continue
            case let other: found.append("width \(width): \(other)")
            }
        }
        return found
    }

    /// A row aligned by baselines whose first arranged view is hidden: the
    /// visible views line up with the hidden view's baseline (UIKit's
    /// `UISV-alignment` ties every arranged view to the first, hidden or
    /// not), and on last baselines its bottom bounds the row's.
    @Test(arguments: [StackView.Alignment.firstBaseline, .lastBaseline])
    func hiddenFirstViewOfABaselineRow(_ alignment: StackView.Alignment) {
        let row = StackTree.Stack(
            axis: .horizontal, alignment: alignment, spacing: 8,
            children: [
                .label(
                    Differential.labelNode("Hidden but tall\nsecond line", size: 22, lines: 0),
                    isHidden: true),
                Differential.label("12:45", size: 13, lines: 1, hugging: (251, 250)),
                Differential.label(
                    "A name that is long enough to wrap", size: 17, lines: 0,
                    hugging: (249, 250), compression: (749, 750)),
            ])
        let tree = StackTree(
            root: .init(
                axis: .vertical, spacing: 4,
                children: [.stack(row), Differential.label("Footer", size: 13, lines: 1)]))
        #expect(Self.disagreements(tree, widths: [120, 200, 320, 414]) == [])
        // The hidden view moves the others: the same row without it is laid out otherwise.
        var shown = tree
        if case .stack(var first) = shown.root.children[0].content {
            first.children.removeFirst()
            shown.root.children[0].content = .stack(first)
        }
        let with = try? tree.directLayout(width: 320)
        let without = try? shown.directLayout(width: 320)
        #expect(with != nil && with?.height != without?.height)
    }

    /// A multi-line label in a vertical fill-proportionally stack: its share
    /// follows its height at the width it gets (the engine's last pass).
    @Test func multiLineLabelInAVerticalProportionalStack() {
        let tree = StackTree(
            root: .init(
                axis: .horizontal, alignment: .leading, spacing: 8,
                children: [
                    .fixed(width: 44, height: 44),
                    .stack(
                        .init(
                            axis: .vertical, distribution: .fillProportionally, spacing: 2,
                            fixedHeight: 160,
                            children: [
                                Differential.label(
                                    "A body of several words that wraps onto more lines", size: 17,
                                    lines: 0),
                                Differential.label("One line", size: 13, lines: 1),
                            ])),
                ]))
        #expect(Self.disagreements(tree, widths: [120, 200, 320, 500]) == [])
    }

    /// A label of required height in a row aligned by baselines: the
    /// engine's passes no longer break a baseline constraint on the way.
    @Test func requiredHeightLabelInABaselineRow() {
        let row = StackTree(
            root: .init(
                axis: .horizontal, alignment: .lastBaseline,
                children: [
                    Differential.label(
                        "A su", size: 13, lines: 0, hugging: (248, 250), compression: (748, 750)),
                    Differential.label(
                        "С", size: 17, lines: 1, mode: .byCharWrapping, hugging: (249, 1000),
                        compression: (749, 1000)),
                    Differential.label(
                        "Lorem ipsum dolor", size: 17, lines: 2, lineSpacing: 2,
                        mode: .byCharWrapping),
                ]),
            pinning: .layoutMargins(EdgeInsets(top: 11, left: 16, bottom: 11, right: 16)))
        #expect(Self.disagreements(row, widths: [120, 161.25, 320, 375]) == [])
    }

    /// A visible stack whose views are all hidden: as long as its margins
    /// both ways (its spacer guides as short as they can be at 51).
    @Test func visibleStackOfHiddenViews() throws {
        var empty = StackTree.Stack(
            axis: .horizontal,
            children: [
                Differential.label("Hidden", size: 17, lines: 1).hidden(),
                .fixed(width: nil, height: 30, isHidden: true),
            ])
        empty.layoutMargins = EdgeInsets(top: 4, left: 6, bottom: 2, right: 3)
        let tree = StackTree(
            root: .init(
                axis: .vertical, alignment: .leading, spacing: 10,
                children: [
                    Differential.label("Title", size: 17, lines: 1), .stack(empty),
                    Differential.label("Footer", size: 13, lines: 1),
                ]))
        #expect(Self.disagreements(tree, widths: [120, 320]) == [])
        let layout = try tree.directLayout(width: 320)
        #expect(abs(layout.frames[2].width - 9) < 1e-9 && abs(layout.frames[2].height - 6) < 1e-9)
    }
}

extension StackTreeDifferentialTests {
    /// A label node (see `label`).
    static func labelNode(_ text: String, size: Double, lines: Int) -> StackTree.LabelNode {
        guard case .label(let label) = label(text, size: size, lines: lines).content else {
            preconditionFailure("label(_:) makes a label")
        }
        return label
    }
}

extension StackTree.Node {
    fileprivate func hidden() -> StackTree.Node {
        var node = self
        node.isHidden = true
        return node
    }
}
