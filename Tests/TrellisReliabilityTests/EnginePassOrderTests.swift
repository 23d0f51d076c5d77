// The engine's fitting pass and its frame pass update labels whose widths
// are free in one order (`LayoutEngine.solve`): a cell laid out at its
// fitting height gets the layout that height was fitted for.

import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisViews

@Suite struct EnginePassOrderTests {
    /// A row on last baselines of four labels of several lines, each
    /// hugging and resisting compression one step above the last (a
    /// random tree of the stack differential, seed 1470931367): their
    /// widths are free, and each label's new measurement moves the
    /// others'. The fitting pass measures each label at the solve after
    /// the last one's new size; the frame pass read all four widths of a
    /// pass from one solve and settled on other widths, at the same
    /// height (the labels 125, 125, 124 and 114 wide in the fitting pass).
    static func competingLabels() -> StackTree {
        typealias T = StackTreeDifferentialTests
        return StackTree(
            root: .init(
                axis: .horizontal, alignment: .lastBaseline, customSpacing: [0: 12],
                children: [
                    T.label(
                        "x y z w v u t s r q p o n m", size: 17, lines: 0, mode: .byWordWrapping,
                        hugging: (248, 250), compression: (748, 750)),
                    T.label(
                        "ok\nA subtitle long enough to wrap onto a second line at most widths.\n漢字かな交じり文",
                        size: 17, lines: 0, lineSpacing: 2, mode: .byClipping,
                        hugging: (249, 250), compression: (749, 750)),
                    T.label(
                        "Short. x y z w v u t s r q p o n m", size: 17, lines: 0,
                        mode: .byWordWrapping),
                    T.label(
                        "   spaced   out   ", size: 17, lines: 0, hugging: (251, 250),
                        compression: (300, 750)),
                ]),
            scale: 2)
    }

    @Test func theFramePassLaysOutWhatTheFittingPassFitted() throws {
        let tree = Self.competingLabels()
        let (contentView, views) = tree.makeViews()
        var fitted: [Double?] = []
        let layout = StackTree.layOutCell(contentView, views: views, width: 500, scale: 2) { _ in
            fitted = views.map { ($0 as? Label)?._layoutWidth }
        }
        let framed = views.map { ($0 as? Label)?._layoutWidth }
        #expect(layout.height == 179)
        for (index, (a, b)) in zip(fitted, framed).enumerated() {
            guard let a, let b else {
                #expect(a == nil && b == nil, "node\(index)")
                continue
            }
            #expect(abs(a - b) < 1e-9, "node\(index): fitted at \(a), laid out at \(b)")
            // Each label's frame is as wide as the width it was measured at.
            #expect(abs(views[index].frame.width - b) <= 0.5, "node\(index)")
        }
        // The direct path, which follows both passes, lays the row out
        // (it refused it while the passes settled on other widths).
        let direct = try tree.directLayout(width: 500)
        #expect(direct == tree.constraintsLayout(width: 500))
    }
}
