// A self-sizing cell laid out again at a new width: the root's required
// width stays in the solver from measuring to laying out and from width to
// width (only its constant changes); the answer is a new hierarchy's.

import Testing
import TrellisGeometry

@testable import TrellisConstraints
@testable import TrellisViews

@Suite struct RootSizeSwitchTests {
    /// A column of 50 boxes, measured (fitting at a required width) and
    /// laid out at 375, then at other widths: the solver form of the root's
    /// width is the one installed first, owned by the current mode's
    /// constraint, and every layout equals a new hierarchy's at its width.
    @Test func aReLayoutKeepsTheRootsWidthInTheSolver() throws {
        let tree = StackTree(
            root: .init(
                axis: .vertical, alignment: .leading, spacing: 8,
                children: Array(repeating: .fixed(width: 300, height: 20), count: 50)))
        let (contentView, views) = tree.makeViews()
        _ = StackTree.layOutCell(contentView, views: views, width: 375, scale: 3)
        let engine = try #require(contentView._rootEngine)
        let form = try #require(engine.store.form(of: engine.loop.rootSize[0]))
        for width in [414.0, 375, 320, 320] {
            let layout = StackTree.layOutCell(contentView, views: views, width: width, scale: 3)
            let width0 = engine.loop.rootSize[0]
            #expect(engine.store.form(of: width0) === form)
            #expect(engine.store.owner(of: form) === width0)
            #expect(width0.identifier == "Encapsulated-Layout-Width")
            #expect(width0.constant == width)
            #expect(engine.solver.contains(form))
            #expect(engine.rebuildCount == 1)
            #expect(layout == tree.constraintsLayout(width: width))
            #expect(
                contentView.systemLayoutSizeFitting(
                    Size(width: width, height: 0), withHorizontalFittingPriority: .required,
                    verticalFittingPriority: .fittingSizeLevel
                ).height == 50 * 20 + 49 * 8)
            #expect(engine.loop.rootSize[0].identifier == "Fitting-Size-Width")
            #expect(engine.store.form(of: engine.loop.rootSize[0]) === form)
        }
    }
}
