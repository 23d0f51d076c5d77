// Trees the rows differential (`StackTreeOtherRowsTests`) met from seed
// 3839256644 on, where the direct path's frames were not the solver's, each
// shrunk (`StackTreeDifferential.shrink`) and each now refused by the direct
// path (laid out by the engine's solver), with the frames the solver gives.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct StackTreeRowsFurtherTests {
    typealias Beyond = StackTreeRowsBeyondTests

    /// A row of margins (4 above, 2 below) whose one view is hidden: 6 high
    /// at its own `UISV-spanning-fit` (51) only.
    static func marginsOnly(_ hidden: StackTree.LabelNode) -> StackTree.Node {
        var row = StackTree.Stack(axis: .horizontal, children: [.label(hidden, isHidden: true)])
        row.layoutMargins = EdgeInsets(top: 4, left: 6, bottom: 2, right: 3)
        return .stack(row)
    }

    /// A baseline-relative column of `top`, `row` and `bottom`.
    static func chain(
        _ top: StackTree.LabelNode, _ row: StackTree.Stack, _ bottom: StackTree.LabelNode,
        scale: Double
    ) -> StackTree {
        var column = StackTree.Stack(
            axis: .vertical, children: [.label(top), .stack(row), .label(bottom)])
        column.isBaselineRelativeArrangement = true
        return StackTree(root: column, scale: scale)
    }

    /// `frame` of node `node` in `layout`.
    static func frame(_ layout: StackTreeLayout, _ node: Int) -> Rect {
        layout.frames[node]
    }

    /// A row on first baselines of an empty label and a row of margins
    /// whose view is hidden: the row of margins, its baseline its bottom,
    /// reaches 6 above the line, the highest view. The alignment spanner's
    /// fit (51) ties with the row's own and shrinks it to 0 high; the
    /// direct path kept it 6 high, sticking out above the cell (seed
    /// 3839286830, row 2).
    @Test func aHighestViewGivingWayAt51OnFirstBaselinesIsTheSolvers() {
        let hidden = Beyond.label("", Beyond.inter22, lines: 0, .byTruncatingTail)
        let row = StackTree.Stack(
            axis: .horizontal, alignment: .firstBaseline,
            children: [
                .label(Beyond.label("", Beyond.inter13, .byClipping)), Self.marginsOnly(hidden),
            ]
        )
        let tree = StackTree(
            root: StackTree.Stack(axis: .vertical, children: [.stack(row)]), scale: 2)
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 500, "whose highest views, their baselines their bottoms, give way")
        let solver = tree.constraintsLayout(width: 500)
        #expect(Self.frame(solver, 3) == Rect(x: 0, y: 0, width: 500, height: 0))
    }

    /// A row on last baselines whose one view is a row of margins whose view
    /// is hidden, beside a label in a filling row that makes the row 26
    /// high: the canvas is taller than its view reaches, and still the
    /// alignment spanner (its top the canvas's, `UISV-canvas-connection`)
    /// shrinks that view to 0 at 51. The direct path refused this only in
    /// a canvas no taller than its views reach, and kept it 6 high (seed
    /// 3839279351, row 2).
    @Test func aHighestViewGivingWayAt51InATallerRowOnLastBaselinesIsTheSolvers() {
        var spacious = Beyond.inter22
        spacious.lineSpacing = 2
        let hidden = Beyond.label("", spacious, lines: 3, .byCharWrapping)
        let onLast = StackTree.Stack(
            axis: .horizontal, alignment: .lastBaseline, children: [Self.marginsOnly(hidden)])
        let row = StackTree.Stack(
            axis: .horizontal,
            children: [.stack(onLast), .label(Beyond.label("S", Beyond.roboto22, .byClipping))])
        let tree = StackTree(
            root: StackTree.Stack(axis: .vertical, children: [.stack(row)]), scale: 2)
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 500, "whose highest views give way at 51 or below")
        let solver = tree.constraintsLayout(width: 500)
        #expect(solver.height == 26)
        #expect(Self.frame(solver, 3).height == 0)
    }

    /// A row on first baselines whose first arranged view, an empty label
    /// giving way at 250, is hidden: the visible label's first baseline is
    /// on its bottom. A hidden box 40 high makes the cell 40 high, too
    /// short for the visible label's lines below the line; the solver
    /// shrinks the hidden label below 0 (at 250) and raises the line,
    /// where the direct path kept the line and squeezed the visible label
    /// (at 750) to 56.5 (seed 3839285132, row 1).
    @Test func aLineOnAHiddenFirstLabelGivingWayIsTheSolvers() {
        var first = Beyond.label("", Beyond.roboto13, .byClipping)
        first.horizontalHugging = LayoutPriority(248)
        first.horizontalCompressionResistance = LayoutPriority(748)
        first.verticalCompressionResistance = LayoutPriority(250)
        let onFirst = StackTree.Stack(
            axis: .horizontal, alignment: .firstBaseline,
            children: [
                .label(first, isHidden: true),
                .label(Beyond.label("Hi!", Beyond.inter17, lines: 0, .byWordWrapping)),
            ])
        let row = StackTree.Stack(
            axis: .horizontal,
            children: [
                .stack(onFirst),
                .label(
                    Beyond.label("Lorem ipsum dolor sit amet, ", Beyond.inter13, .byCharWrapping)),
            ])
        let tree = StackTree(
            root: StackTree.Stack(
                axis: .horizontal,
                children: [
                    .stack(row),
                    StackTree.Node(
                        .fixed(StackTree.FixedNode(width: nil, height: 40)), isHidden: true),
                ]),
            scale: 2)
        StackTreeOtherRowsTests.expectSolvers(tree, width: 120, "squeezing node4 below its own")
        let solver = tree.constraintsLayout(width: 120)
        #expect(Self.frame(solver, 4) == Rect(x: 0, y: -22, width: 0, height: 62))
    }

    /// In a baseline-relative column [label, row R, label H], R fills and
    /// holds a row T aligned trailing [label a] and a box 40 high at 999:
    /// R's first baseline is a's, whose top is T's bottom less a's height,
    /// so a's own length (not R's) moves the line, and a and H both hug at
    /// 250. The cell's height rounded up to the pixel grid leaves half a
    /// point, which the engine's rank weights give to a (earlier), the
    /// direct path to the column's last view (seed 3839256644, row 1).
    @Test func aLineMovedByAViewInsideARowAlignedTrailingIsTheSolvers() {
        let inner = StackTree.Stack(
            axis: .horizontal, alignment: .trailing,
            children: [.label(Beyond.label("a", Beyond.roboto17, lines: 0, .byClipping))])
        let row = StackTree.Stack(
            axis: .horizontal,
            children: [
                .stack(inner),
                StackTree.Node(
                    .fixed(StackTree.FixedNode(width: 12.5, height: 40, priority: 999))),
            ])
        let tree = Self.chain(
            Beyond.label("1", Beyond.roboto22, lines: 2, .byWordWrapping), row,
            Beyond.label("H", Beyond.roboto22, lines: 0, .byTruncatingTail), scale: 2)
        StackTreeOtherRowsTests.expectSolvers(tree, width: 120, "whose baseline moves inside it")
        let solver = tree.constraintsLayout(width: 120)
        #expect(Self.frame(solver, 4) == Rect(x: 0, y: 19.5, width: 107.5, height: 20.5))
    }

    /// In a baseline-relative column [label, row R, label a], R fills and
    /// ends in a row L on last baselines holding one label T, shorter than
    /// L (R is as tall as a label beside it): L's alignment spanner holds
    /// T at L's top at 51 only, and R's last baseline is T's. The third of
    /// a point the cell's height is rounded up by goes to T's place in L
    /// at 51 in the solver (R's last baseline lower), to a's hugging at
    /// 250 in the direct path, which read the line at T's place at the top
    /// (seed 3839312671, rows 1 and 2).
    @Test func aLineFloatingInATallerRowOnLastBaselinesIsTheSolvers() {
        var spacious13 = Beyond.roboto13
        spacious13.lineSpacing = 2
        var spacious17 = Beyond.roboto17
        spacious17.lineSpacing = 2
        let onLast = StackTree.Stack(
            axis: .horizontal, alignment: .lastBaseline,
            children: [.label(Beyond.label("T", spacious13, .byTruncatingTail))])
        let row = StackTree.Stack(
            axis: .horizontal,
            children: [
                .label(Beyond.label("", Beyond.inter13, .byTruncatingTail)),
                .label(Beyond.label("H", Beyond.inter13, lines: 3, .byTruncatingTail)),
                .stack(onLast),
            ])
        let tree = Self.chain(
            Beyond.label("S", spacious17, lines: 0, .byCharWrapping), row,
            Beyond.label("a", Beyond.inter17, lines: 0, .byWordWrapping), scale: 3)
        StackTreeOtherRowsTests.expectSolvers(tree, width: 120, "whose baseline moves inside it")
        let solver = tree.constraintsLayout(width: 120)
        #expect(Self.frame(solver, 6).minY > 0)
    }

    /// A column of fixed height 0 [row on last baselines [hidden first
    /// label of `first` (compression resistance 1000, hugging 249), visible
    /// empty label giving way at `give`], label of `next`].
    static func squeezedBelowHiddenFirst(_ first: String, give: Int, next: String) -> StackTree {
        var hidden = Beyond.label(first, Beyond.roboto17, .byWordWrapping)
        hidden.verticalHugging = LayoutPriority(249)
        hidden.verticalCompressionResistance = .required
        var shown = Beyond.label("", Beyond.roboto13, .byTruncatingTail)
        shown.verticalCompressionResistance = LayoutPriority(Float(give))
        var spacious = Beyond.roboto13
        spacious.lineSpacing = 2
        let onLast = StackTree.Stack(
            axis: .horizontal, alignment: .lastBaseline,
            children: [.label(hidden, isHidden: true), .label(shown)])
        var column = StackTree.Stack(
            axis: .vertical,
            children: [
                .stack(onLast), .label(Beyond.label(next, spacious, .byTruncatingTail)),
            ])
        column.fixedHeight = 0
        return StackTree(root: column, scale: 1)
    }

    /// In a column of fixed height 0, a row on last baselines whose first
    /// arranged view is a hidden empty label (its bottom, on the line,
    /// bounds the canvas's; compression resistance 1000) beside a visible
    /// empty label giving way at 300, then a label: the solver shrinks the
    /// visible empty label at 300 (the line rises, the row below 0 high)
    /// and keeps the last label at its height; the direct path took the
    /// hidden label's 1000 as the row's and squeezed the last label at 750
    /// (seed 3839372929, row 1, shrunk).
    @Test func aRowWhoseHiddenFirstEmptyLabelHoldsNothingIsTheSolvers() {
        let tree = Self.squeezedBelowHiddenFirst("", give: 300, next: "x")
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 120, "a region not modelled might be cheaper")
        let solver = tree.constraintsLayout(width: 120)
        #expect(Self.frame(solver, 4) == Rect(x: 0, y: -16, width: 120, height: 16))
    }

    /// The same with a hidden first label with text ("S", compression
    /// resistance 1000: its bottom 4 below the line) and an empty label
    /// last: the line rises as the visible empty label shrinks at 750, a
    /// tie with the last label's 750 that the earlier view takes; the
    /// direct path held the row 4 high (the hidden label's required
    /// length) and squeezed the last label (seed 3839372929, row 1).
    @Test func aRowWhoseHiddenFirstLabelIsRequiredStillGivesWayByItsLine() {
        let tree = Self.squeezedBelowHiddenFirst("S", give: 750, next: "")
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 120, "a region not modelled might be cheaper")
        let solver = tree.constraintsLayout(width: 120)
        #expect(Self.frame(solver, 1).height == 0)
    }

    /// A row on last baselines whose hidden first view is a box of
    /// intrinsic height 20 (compression resistance 750), its bottom on the
    /// line whatever its height, beside a label resisting at 800, in a
    /// column of fixed height 0 with a label resisting at 760: shrinking
    /// the box does not shorten the row, only the label's 800 would; the
    /// solver squeezes the last label at 760, and so does the direct path
    /// now that the row's cost reads the line (`hiddenLineCost`), not the
    /// box's 750, which made the row give way first.
    @Test func aHiddenFirstBoxOnTheLineHoldsNothing() throws {
        var box = StackTree.FixedNode(
            width: nil, height: nil, intrinsicSize: Size(width: 20, height: 20))
        box.verticalCompressionResistance = LayoutPriority(750)
        var firm = Beyond.label("x", Beyond.roboto17, .byWordWrapping)
        firm.verticalCompressionResistance = LayoutPriority(800)
        var last = Beyond.label("y", Beyond.roboto13, .byWordWrapping)
        last.verticalCompressionResistance = LayoutPriority(760)
        let onLast = StackTree.Stack(
            axis: .horizontal, alignment: .lastBaseline,
            children: [StackTree.Node(.fixed(box), isHidden: true), .label(firm)])
        var column = StackTree.Stack(axis: .vertical, children: [.stack(onLast), .label(last)])
        column.fixedHeight = 10
        let tree = StackTree(root: column, scale: 1)
        let direct = try tree.directLayout(width: 120)
        #expect(direct == tree.constraintsLayout(width: 120))
    }

    /// In a column of fixed height 44, a row on first baselines of two
    /// empty labels, the first giving way at 300, above a label 46.667
    /// high: shrinking the first label raises the line and the second
    /// label with it, so the solver takes the row below 0 at 300 and keeps
    /// the last label whole; the row's cost charged the second label's 750
    /// there, and the direct path squeezed the last label (seed 3839400456,
    /// row 2). Marked not modelled (`addCheaperLine`).
    @Test func aRowOnFirstBaselinesWhoseFirstViewGivesWayForLessIsTheSolvers() {
        var spacious = Beyond.inter22
        spacious.lineSpacing = 2
        var first = Beyond.label("", spacious, .byCharWrapping)
        first.horizontalHugging = LayoutPriority(248)
        first.horizontalCompressionResistance = LayoutPriority(748)
        first.verticalCompressionResistance = LayoutPriority(300)
        let onFirst = StackTree.Stack(
            axis: .horizontal, alignment: .firstBaseline,
            children: [.label(first), .label(Beyond.label("", Beyond.roboto17, .byClipping))])
        var column = StackTree.Stack(
            axis: .vertical,
            children: [
                .stack(onFirst),
                .label(Beyond.label("م", Beyond.roboto22, lines: 0, .byTruncatingTail)),
            ])
        column.fixedHeight = 44
        let tree = StackTree(
            root: StackTree.Stack(axis: .horizontal, children: [.stack(column)]), scale: 3)
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 500, "a region not modelled might be cheaper")
        let solver = tree.constraintsLayout(width: 500)
        #expect(Self.frame(solver, 5).height > 46)
    }

    /// A row sharing its width with a multi-line empty label (at 760) and
    /// a row of equal centring [an empty label giving way at 748, a box 40
    /// wide], beside a one-line label compressed at 750: the solver takes
    /// the empty label below 0 wide (748 against 750), the centring row and
    /// the sharing row to 0; the sharing row's cost took the centring row's
    /// stretch not modelled last and charged the shared label's 760 (seed
    /// 3839411521, row 2). Marked not modelled (`markCheaperUnmodelled`),
    /// the mark keeping what shrinking the shared label gains: refused at
    /// the sharing row's own best length.
    @Test func aRowSharingItsWidthWithACentringRowBelowItsMinimumIsTheSolvers() {
        var empty = Beyond.label("", Beyond.inter22, .byTruncatingTail)
        empty.horizontalHugging = LayoutPriority(248)
        empty.horizontalCompressionResistance = LayoutPriority(748)
        let centring = StackTree.Stack(
            axis: .horizontal, distribution: .equalCentering,
            children: [
                .label(empty), StackTree.Node(.fixed(StackTree.FixedNode(width: 40, height: 44))),
            ])
        let sharing = StackTree.Stack(
            axis: .horizontal,
            children: [
                .stack(centring),
                .label(Beyond.label("", Beyond.roboto17, lines: 3, .byCharWrapping)),
            ])
        let url = Beyond.label(
            "https://example.com/a/very/long/path?with=query&and=more", Beyond.roboto22,
            .byClipping)
        let tree = StackTree(
            root: StackTree.Stack(axis: .horizontal, children: [.stack(sharing), .label(url)]),
            scale: 1)
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 414, "node1's best length: a shorter length could be better")
        let solver = tree.constraintsLayout(width: 414)
        #expect(Self.frame(solver, 1).width == 0)
    }

    /// A row on first baselines whose first view is a row 12.5 high
    /// aligned to its top, holding a box 40 wide without a height (0 high
    /// at 25 only, `UISV-ambiguity-suppression`), beside a label reaching
    /// 16 above the line: the line is the box's bottom, and the alignment
    /// spanner's fit (51) lowers it, growing the box at 25 inside the row
    /// of fixed length, until the label's bottom meets the row's. The
    /// direct path read the line at the box's own best length, 0 (seed
    /// 3839547034, row 2).
    @Test func aLineMovingInsideAFirstRowOfFixedHeightIsTheSolvers() {
        var top = StackTree.Stack(
            axis: .horizontal, alignment: .leading,
            children: [StackTree.Node(.fixed(StackTree.FixedNode(width: 40, height: nil)))])
        top.fixedHeight = 12.5
        var spacious = Beyond.inter17
        spacious.lineSpacing = 2
        let row = StackTree.Stack(
            axis: .horizontal, alignment: .firstBaseline,
            children: [.stack(top), .label(Beyond.label("T", spacious, lines: 0, .byWordWrapping))])
        let tree = StackTree(root: row, scale: 3)
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 375, "whose line moves inside it while its length stays")
        let solver = tree.constraintsLayout(width: 375)
        #expect(Self.frame(solver, 2).height > 7)
    }

    /// A column of fixed height 44 holding a row on first baselines [a
    /// filling row of one empty label, a label of four lines that resists
    /// compression at 1000], 50 high, above an empty label: the solver
    /// shrinks the first row's empty label below 0 at 750 (its line, the
    /// row's, rises), the direct path squeezed the column's empty label at
    /// 750, a tie the solver breaks by rank. The first row names an empty
    /// label, whose line is its bottom; the row's cost did not mark it
    /// (rows differential seed 3839823111, row 2).
    @Test func aFirstRowNamingAnEmptyLabelGivesWayByItsLine() {
        let named = StackTree.Stack(
            axis: .horizontal,
            children: [.label(Beyond.label("", Beyond.roboto22, .byCharWrapping))])
        var long = Beyond.label(
            "https://example.com/a/very/long/path?with=query&and=more a Short.    spaced   out   ",
            Beyond.inter13, lines: 0, .byClipping)
        long.horizontalHugging = LayoutPriority(249)
        long.horizontalCompressionResistance = LayoutPriority(749)
        long.verticalCompressionResistance = .required
        let row = StackTree.Stack(
            axis: .horizontal, alignment: .firstBaseline, children: [.stack(named), .label(long)])
        var column = StackTree.Stack(
            axis: .vertical,
            children: [
                .stack(row), .label(Beyond.label("", Beyond.inter17, lines: 0, .byTruncatingTail)),
            ])
        column.fixedHeight = 44
        let tree = StackTree(
            root: StackTree.Stack(axis: .horizontal, children: [.stack(column)]), scale: 1)
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 320, "node1's views along its axis: a region not modelled might be cheaper"
        )
        let solver = tree.constraintsLayout(width: 320)
        #expect(Self.frame(solver, 2).height == 44)
    }

    /// A row of an image of aspect 1 capped at 150.5 (its ratio at 999)
    /// beside a column filling proportionally [a label "漢", a label "S"
    /// of two lines hugging its height at 1000]: the proportions (999 for
    /// the first view, 998 for the second) hold the column at 42.5 only
    /// while they hold, and the solver breaks them to keep the image's
    /// ratio at its cap (150.5 high, the first label 123.5), where the
    /// direct path took the last label's required hugging for the
    /// column's bound and broke the image's ratio (42.5; rows
    /// differential seed 3840044207). Past a view's required length the
    /// column is not modelled now, and refused.
    @Test func aProportionalColumnPastARequiredLengthIsTheSolvers() {
        var tall = StackTree.LabelNode("S", style: Beyond.inter22, numberOfLines: 2)
        tall.style.lineSpacing = 2
        tall.lineBreakMode = .byWordWrapping
        tall.verticalHugging = .required
        let column = StackTree.Stack(
            axis: .vertical, distribution: .fillProportionally,
            children: [
                .label(Beyond.label("漢", Beyond.roboto13, lines: 0, .byClipping)),
                .label(tall),
            ])
        let image = StackTree.ImageNode(
            aspectRatio: Size(width: 3, height: 3), maxHeight: 150.5, followsWidth: true)
        let tree = StackTree(
            root: StackTree.Stack(
                axis: .horizontal, children: [StackTree.Node(.image(image)), .stack(column)]),
            scale: 2)
        StackTreeOtherRowsTests.expectSolvers(tree, width: 200, "a longer length could be better")
        #expect(tree.constraintsLayout(width: 200).height == 150.5)
    }

    /// A column aligned leading holding a filling row of [an
    /// equal-centring row of two boxes and a button, an empty label of
    /// several lines]: the label shares the row's width (half of it, at
    /// 760) and hugs it at 250, so the solver shrinks the equal-centring
    /// row below its shortest even canvas (110.5, its centring giving way
    /// at 149): the row 171.667 wide. The direct path marked the region
    /// below 221 not modelled but dropped the label's gain there, saw no
    /// pull and laid the row out 221 wide (rows differential seed
    /// 3840266246); the mark keeps what shrinking gains now, and the row
    /// is refused.
    @Test func anEmptyLabelHuggingASharedWidthPullsPastAShortestCanvas() {
        var button = StackTree.ButtonNode("Like 1,024", style: Beyond.inter13)
        button.horizontalHugging = 243
        button.horizontalCompressionResistance = 741
        func box(_ width: Double) -> StackTree.Node {
            StackTree.Node(
                .fixed(
                    StackTree.FixedNode(
                        width: nil, height: nil, intrinsicSize: Size(width: width, height: 24))))
        }
        let centred = StackTree.Stack(
            axis: .horizontal, distribution: .equalCentering,
            children: [box(12), box(12.5), .button(button)])
        let empty = Beyond.label("", Beyond.inter17, lines: 0, .byTruncatingTail)
        let row = StackTree.Stack(axis: .horizontal, children: [.stack(centred), .label(empty)])
        let tree = StackTree(
            root: StackTree.Stack(axis: .vertical, alignment: .leading, children: [.stack(row)]),
            scale: 3)
        StackTreeOtherRowsTests.expectSolvers(tree, width: 320, "a shorter length could be better")
        #expect(abs(tree.constraintsLayout(width: 320).frames[1].width - 171.667) < 0.001)
    }

    /// A baseline-relative column of an empty label above a column aligned
    /// trailing of [a label, an image of aspect 1:3 without an intrinsic
    /// size]: the inner column's first baseline is its label's, so the
    /// image's height moves the inner column's bottom, the cell's. The
    /// fitting height (50) pulls it up against the image's
    /// `UISV-ambiguity-suppression` (25) and the solver takes the image's
    /// width below 0 (UIKit bounds neither): the cell 0 high; the direct
    /// path, reading the image's height as moving only its top, gave the
    /// image 0 and the cell 3.333 (rows differential seed 3840310349).
    @Test func aStackHoldingAFreeImageAfterTheFirstOfABaselineChainIsTheSolvers() {
        var empty = Beyond.label("", Beyond.roboto22, lines: 3, .byWordWrapping)
        empty.style.lineSpacing = 2
        let label = Beyond.label("x", Beyond.roboto13, lines: 0, .byTruncatingTail)
        let image = StackTree.ImageNode(aspectRatio: Size(width: 1, height: 3))
        let inner = StackTree.Stack(
            axis: .vertical, alignment: .trailing, children: [.label(label), .image(image)])
        var chain = StackTree.Stack(axis: .vertical, children: [.label(empty), .stack(inner)])
        chain.isBaselineRelativeArrangement = true
        let tree = StackTree(
            root: StackTree.Stack(axis: .vertical, children: [.stack(chain)]), scale: 3)
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 414, "a stack holding an image whose width is free")
        #expect(tree.constraintsLayout(width: 414).height == 0)
    }

    /// A baseline-relative column of [a box 12.5 high at 999, a row on first
    /// baselines of an empty label, a label] at scale 1: the row's first
    /// line is the empty label's bottom, its last the row's own bottom (no
    /// view taller than 0 to name), so the chain through the row grows as
    /// its canvas does, at 49 and 51, with the label held at the top. The
    /// cell's height rounded up (18.09 to 19) leaves 0.91 of slack, which
    /// the solver gives the row, where the direct path stretched the last
    /// label (hugging at 250) a pixel upwards (rows differential seed
    /// 3840305846).
    @Test func aRowOnFirstBaselinesWhoseLastLineIsItsBottomGrowsOnTheChain() {
        let row = StackTree.Stack(
            axis: .horizontal, alignment: .firstBaseline,
            children: [.label(Beyond.label("", Beyond.roboto17, .byTruncatingTail))])
        var column = StackTree.Stack(
            axis: .vertical,
            children: [
                .fixed(width: 7.3, height: 12.5, priority: 999),
                .stack(row), .label(Beyond.label("a", Beyond.roboto22, .byCharWrapping)),
            ])
        column.isBaselineRelativeArrangement = true
        let tree = StackTree(root: column, scale: 1)
        // (Refused as a row whose baselines move, by the first view's
        // having no text: the chain's own check, `checkMovingChain`, meets
        // it with a label first.)
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 333.3, "a nested stack whose baselines move with its length")
        let solver = tree.constraintsLayout(width: 333.3)
        #expect(solver.height == 19)
        #expect(Self.frame(solver, 4) == Rect(x: 0, y: -7, width: 333, height: 26))
    }
}
