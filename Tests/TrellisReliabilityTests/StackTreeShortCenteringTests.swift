// The direct path on equal-centering stacks too short for equally spaced
// centres, and on equal-spacing distributions with custom spacing: frames
// worked out by hand from UIKit's constraints, and equal to the engine's.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct StackTreeShortCenteringTests {
    /// A horizontal root stack of boxes, `width` points wide (scale 1).
    static func row(
        _ distribution: StackView.Distribution, _ widths: [Double?], hidden: Set<Int> = [],
        spacing: Double = 10, custom: [Int: Double] = [:]
    ) -> StackTree {
        StackTree(
            root: .init(
                axis: .horizontal, distribution: distribution, spacing: spacing,
                customSpacing: custom,
                children: widths.enumerated().map { index, width in
                    // (A hidden box has no width of its own: UIKit's
                    // `UISV-hiding` makes it 0 wide.)
                    .fixed(
                        width: hidden.contains(index) ? nil : width, height: 20,
                        isHidden: hidden.contains(index))
                }),
            scale: 1)
    }

    /// The direct layout's x of nodes 1... (the root's views), after
    /// checking the engine agrees on the whole tree.
    static func xs(_ tree: StackTree, width: Double) throws -> [Double] {
        let verdict = StackTreeDifferential.check(StackTreeCase(tree: tree, width: width))
        if case .agreed = verdict {} else { Issue.record("width \(width): \(verdict)") }
        return try tree.directLayout(width: width).frames.dropFirst().map(\.minX)
    }

    /// UIKit's `UISV-fill-equally` between the spacers of equal centring
    /// is at 150 − the index of the view before each spacer: the second
    /// spacer gives way first. Boxes 100, 20, 60 wide, spacing 10, 210
    /// wide: the centres need 70 and 50 apart at least and have 180 − 50 −
    /// 30 = 130 to share; 65 each is too little for the first, which keeps
    /// 70 (its minimum, above the second's), and the second takes 60.
    @Test func theLaterSpacerGivesWayBelowTheFirstOnesMinimum() throws {
        let tree = Self.row(.equalCentering, [100, 20, 60])
        #expect(try Self.xs(tree, width: 210) == [0, 110, 150])
        // Equally spaced centres when there is room: 220 wide, 70 apart.
        #expect(try Self.xs(tree, width: 220) == [0, 110, 160])
    }

    /// Boxes 20, 100, 60: the second spacer needs 90, the first 70, and
    /// 170 to share: the second at its minimum, 90, and the first 80
    /// (nearest the second's the sum allows).
    @Test func theLaterSpacerAtItsMinimumWhenItNeedsMore() throws {
        let tree = Self.row(.equalCentering, [20, 100, 60])
        #expect(try Self.xs(tree, width: 210) == [0, 40, 150])
    }

    /// Four visible boxes (20, 20, 20, 100) and a hidden one: the first
    /// two spacers share 180 − 70 = 110 (55 each, over their minimum 30),
    /// the third keeps its minimum 70. The hidden view counts in the
    /// arranged indices (priorities 149, 147, 146) but not in the order.
    @Test func earlierSpacersStayEqualWhileTheyCan() throws {
        let tree = Self.row(.equalCentering, [20, 20, nil, 20, 100], hidden: [2])
        let xs = try Self.xs(tree, width: 240)
        #expect([xs[0], xs[1], xs[3], xs[4]] == [0, 55, 110, 140])
    }

    /// A custom spacing of 40 after the first of three 20-wide boxes: the
    /// first centre distance needs 60, the second 30; at 120 wide the
    /// first keeps 60 and the second takes the rest, 40.
    @Test func customSpacingInEqualCentring() throws {
        let tree = Self.row(.equalCentering, [20, 20, 20], custom: [0: 40])
        #expect(try Self.xs(tree, width: 120) == [0, 60, 100])
        #expect(try Self.xs(tree, width: 300) == [0, 140, 280])
    }

    /// A vertical equal-centering stack of labels (22, 13 and 13 points)
    /// 63 high: more than the labels and spacing need, less than their
    /// centres spread evenly need.
    @Test func aShortVerticalStackOfLabels() throws {
        let large = ReuseCase.styles.first { $0.size == 22 }!
        let small = ReuseCase.styles.first { $0.size == 13 }!
        let tree = StackTree(
            root: .init(
                axis: .vertical,
                children: [
                    .stack(
                        .init(
                            axis: .vertical, distribution: .equalCentering, spacing: 2,
                            fixedHeight: 63,
                            children: [
                                .label(.init("Title", style: large)),
                                .label(.init("a", style: small)),
                                .label(.init("Sub", style: small)),
                            ])),
                    .label(.init("Footer", style: small)),
                ]))
        for width in [120.0, 320] {
            let verdict = StackTreeDifferential.check(StackTreeCase(tree: tree, width: width))
            if case .agreed = verdict { continue }
            Issue.record("width \(width): \(verdict)")
        }
    }

    /// Narrower than its labels and spacing: UIKit's spacing is required,
    /// so the labels are compressed, the lowest compression resistance
    /// first (747 here), and every gap is its minimum, 8.
    @Test func tooShortForItsViewsCompressesThem() throws {
        let style = ReuseCase.styles.first { $0.size == 17 }!
        var labels: [StackTree.Node] = []
        for (text, compression) in [("Reply all", 750), ("Forward", 747), ("Delete it", 749)] {
            var label = StackTree.LabelNode(text, style: style)
            label.horizontalCompressionResistance = LayoutPriority(Float(compression))
            labels.append(.label(label))
        }
        let tree = StackTree(
            root: .init(
                axis: .horizontal, distribution: .equalCentering, spacing: 8, children: labels),
            scale: 1)
        let frames = try tree.directLayout(width: 150).frames
        let verdict = StackTreeDifferential.check(StackTreeCase(tree: tree, width: 150))
        if case .agreed = verdict {} else { Issue.record("\(verdict)") }
        // (Each edge rounded to the pixel: a gap within a pixel of 8.)
        #expect(abs(frames[2].minX - frames[1].maxX - 8) <= 1)
        #expect(abs(frames[3].minX - frames[2].maxX - 8) <= 1)
        #expect(frames[3].maxX == 150)
        let full = try tree.directLayout(width: 1000).frames
        #expect(frames[1].width == full[1].width && frames[3].width == full[3].width)
        #expect(frames[2].width < full[2].width)
    }

    /// Equal spacing: UIKit's spacers between the views' edges are equal
    /// at a required priority, so with a custom spacing of 30 after the
    /// first of three 40-wide boxes (10 after the second) both gaps are at
    /// least 30, and at 200 wide both are 40 (not 50 and 30).
    @Test func customSpacingInEqualSpacing() throws {
        let tree = Self.row(.equalSpacing, [40, 40, 40], custom: [0: 30])
        #expect(try Self.xs(tree, width: 200) == [0, 80, 160])
        #expect(try Self.xs(tree, width: 180) == [0, 70, 140])
    }
}
