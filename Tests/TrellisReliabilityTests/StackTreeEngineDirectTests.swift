// The engine's direct path (View+DirectCell.swift): a new hierarchy of
// stack views laid out by its own calls, as a table sizes a self-sizing
// cell, against the solver's layout of the same views; a reused hierarchy
// against a new one; and what must send a hierarchy back to the solver.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct StackTreeEngineDirectTests {
    /// Lays out views as UITableView sizes a self-sizing cell, by the
    /// views' own calls (`StackTree.layOutCell(bySolver: false)`).
    static func layOut(_ contentView: View, _ views: [View], width: Double, scale: Double)
        -> StackTreeLayout
    {
        StackTree.layOutCell(contentView, views: views, width: width, scale: scale, bySolver: false)
    }

    @Test func newHierarchiesLayOutAsTheSolverAndTheDirectPathDo() {
        let count = Soak.count("TRELLIS_STACKTREE_ENGINE_CASES", quick: 800, soak: 4000)
        var direct = 0
        var solved = 0
        for seed in UInt64(0xE4D1_0000)..<UInt64(0xE4D1_0000 + count) {
            var choices = _SeededChoices(seed: seed)
            let test = StackTreeGenerator.make(&choices)
            let (contentView, views) = test.tree.makeViews()
            let engine = Self.layOut(contentView, views, width: test.width, scale: test.tree.scale)
            let solver = test.tree.constraintsLayout(width: test.width)
            if contentView._isLaidOutDirectly {
                direct += 1
                // The direct path's layout, exactly.
                let expected = try? test.tree.directLayout(width: test.width)
                #expect(
                    expected == engine,
                    "seed \(seed): \(engine) against \(String(describing: expected))")
                #expect(
                    StackTreeDifferential.freePositions(test.tree).isEmpty,
                    "seed \(seed): a tree whose places are open was laid out directly")
                // And the solver's, to its precision: the differential's
                // verdict on the tree is that they agree.
                let verdict = StackTreeDifferential.check(test)
                guard case .agreed = verdict else {
                    Issue.record("seed \(seed): laid out directly, but \(verdict)")
                    continue
                }
            } else {
                solved += 1
                // A new solver either way: the same numbers.
                #expect(
                    engine == solver && engine.fittingHeight == solver.fittingHeight,
                    "seed \(seed): \(engine) against the solver's \(solver)")
            }
        }
        // Most random trees are stack trees the direct path takes.
        #expect(direct * 2 > count, "\(direct) laid out directly, \(solved) solved")
    }

    /// A row of the same shape as `tree`: other texts, and some views
    /// shown or hidden (never the root).
    static func otherRow(_ tree: StackTree, _ choices: inout _SeededChoices) -> StackTree {
        func change(_ stack: StackTree.Stack) -> StackTree.Stack {
            var stack = stack
            for index in stack.children.indices {
                var child = stack.children[index]
                if choices.chance(20) { child.isHidden.toggle() }
                switch child.content {
                case .stack(let inner): child.content = .stack(change(inner))
                case .label(var label):
                    if case .plain = label.text, choices.chance(70) {
                        label.text = .plain(ReuseCaseGenerator.text(&choices))
                    }
                    child.content = .label(label)
                default: break
                }
                stack.children[index] = child
            }
            return stack
        }
        var row = tree
        row.root = change(tree.root)
        return row
    }

    @Test func aReusedHierarchyLaysOutAsANewOne() {
        let count = Soak.count("TRELLIS_STACKTREE_ENGINE_REUSE", quick: 300, soak: 1500)
        var compared = 0
        for seed in UInt64(0xE4D2_0000)..<UInt64(0xE4D2_0000 + count) {
            var choices = _SeededChoices(seed: seed)
            let test = StackTreeGenerator.make(&choices)
            let (contentView, views) = test.tree.makeViews()
            _ = Self.layOut(contentView, views, width: test.width, scale: test.tree.scale)
            // Three more rows on the same views, each at another width.
            for turn in 0..<3 {
                let row = Self.otherRow(test.tree, &choices)
                let width = choices.pick(StackTreeGenerator.widths)
                row.show(on: views)
                let reused = Self.layOut(contentView, views, width: width, scale: row.scale)
                // A required conflict breaks a constraint for good (as in
                // UIKit): a hierarchy that met one is no longer a new one.
                guard contentView.unsatisfiableConstraints.isEmpty else { break }
                let (newContent, newViews) = row.makeViews()
                let new = Self.layOut(newContent, newViews, width: width, scale: row.scale)
                // The guarantee holds where the layout is defined, as the
                // solver's own reuse guarantee (no conflict, no ambiguity)
                // and where the two paths agree on the row.
                let verdict = StackTreeDifferential.check(StackTreeCase(tree: row, width: width))
                guard case .agreed = verdict else {
                    if newContent._isLaidOutDirectly {
                        Issue.record("seed \(seed), row \(turn): laid out directly, but \(verdict)")
                    }
                    continue
                }
                let free = StackTreeDifferential.freePositions(row)
                let difference = StackTreeDifferential.difference(
                    reused, new, free: free,
                    loose: StackTreeDifferential.loosePositions(row, free: free),
                    pixel: 1 / row.scale)
                let paths = [contentView, newContent].map {
                    $0._isLaidOutDirectly ? "directly" : "by the solver"
                }
                let place = "seed \(seed), row \(turn): reused \(paths[0]), new \(paths[1])"
                #expect(difference == nil, "\(place): \(difference ?? "")")
                compared += 1
            }
        }
        #expect(compared * 2 > 3 * count, "\(compared) rows compared")
    }

    /// A cell the direct path takes: a column of a label of several lines
    /// and a row of a box and a label, pinned to the margins.
    static func cell() -> (tree: StackTree, contentView: View, views: [View]) {
        let style = ReuseCase.styles[0]
        let tree = StackTree(
            root: StackTree.Stack(
                axis: .vertical, spacing: 4,
                children: [
                    .label(
                        StackTree.LabelNode(
                            "The quick brown fox jumps over the lazy dog", style: style,
                            numberOfLines: 0)),
                    .stack(
                        StackTree.Stack(
                            axis: .horizontal, alignment: .top, spacing: 8,
                            children: [
                                .fixed(width: 40, height: 40),
                                .label(StackTree.LabelNode("Reply", style: style)),
                            ])),
                ]),
            pinning: .layoutMargins(EdgeInsets(all: 16)))
        let (contentView, views) = tree.makeViews()
        return (tree, contentView, views)
    }

    @Test func aChangeAfterTheFittingIsLaidOutByTheSolver() throws {
        let (tree, contentView, views) = Self.cell()
        let size = contentView.systemLayoutSizeFitting(
            Size(width: 200, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(contentView._isLaidOutDirectly)
        #expect(size.height == (try tree.directLayout(width: 200)).fittingHeight)
        // A view hidden after the fitting: the frames are the solver's for
        // what the views now hold, at the frame given.
        views[3].isHidden = true
        let height = PixelGrid.ceil(size.height, scale: tree.scale)
        contentView.frame = Rect(x: 0, y: 0, width: 200, height: height)
        contentView.layoutIfNeeded()
        #expect(!contentView._isLaidOutDirectly)
        let now = try StackTree(reading: contentView)
        let expected = StackTreeDifferential.frameLayout(now, width: 200, height: height)
        #expect(views.map(\.frame) == expected.frames)
        #expect(views.map(\.frame) != (try tree.directLayout(width: 200)).frames)
    }

    @Test func anotherFrameSizeIsLaidOutByTheSolver() throws {
        let (tree, contentView, views) = Self.cell()
        _ = contentView.systemLayoutSizeFitting(
            Size(width: 200, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        contentView.frame = Rect(x: 0, y: 0, width: 200, height: 300)
        contentView.layoutIfNeeded()
        #expect(!contentView._isLaidOutDirectly)
        let expected = StackTreeDifferential.frameLayout(tree, width: 200, height: 300)
        #expect(views.map(\.frame) == expected.frames)
    }

    @Test func onlyACellsFittingIsLaidOutDirectly() {
        // Another target height, another fitting priority, a subview, a
        // hierarchy forced to the solver: the solver, as before.
        let (_, contentView, _) = Self.cell()
        _ = contentView.systemLayoutSizeFitting(
            Size(width: 200, height: 50), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(!contentView._isLaidOutDirectly)
        let (_, second, _) = Self.cell()
        _ = second.systemLayoutSizeFitting(Size(width: 200, height: 0))
        #expect(!second._isLaidOutDirectly)
        let (_, third, thirdViews) = Self.cell()
        _ = thirdViews[0].systemLayoutSizeFitting(
            Size(width: 200, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel)
        #expect(!third._isLaidOutDirectly)
        let (tree, fourth, fourthViews) = Self.cell()
        let solved = StackTree.layOutCell(
            fourth, views: fourthViews, width: 200, scale: tree.scale)
        #expect(!fourth._isLaidOutDirectly)
        #expect(solved == (try? tree.directLayout(width: 200)))
    }

    @Test func treesWhosePlacesAreOpenGoToTheSolver() {
        // A hidden view in an equal-spacing row: UIKit's constraints leave
        // its place open.
        let style = ReuseCase.styles[0]
        let tree = StackTree(
            root: StackTree.Stack(
                axis: .horizontal, distribution: .equalSpacing, alignment: .top,
                children: [
                    .label(StackTree.LabelNode("One", style: style)),
                    .label(StackTree.LabelNode("Two", style: style), isHidden: true),
                    .label(StackTree.LabelNode("Three", style: style)),
                ]))
        let (contentView, views) = tree.makeViews()
        _ = Self.layOut(contentView, views, width: 300, scale: tree.scale)
        #expect(!contentView._isLaidOutDirectly)
        #expect(!StackTreeDifferential.freePositions(tree).isEmpty)
    }
}

extension StackTreeEngineDirectTests {
    /// The engine keeps its direct layouts from one hierarchy to the next
    /// (`_DirectLayouts`): one kept over trees of every shape must give
    /// each tree what a new one gives it.
    @Test func aKeptDirectLayoutGivesEveryTreeWhatANewOneGives() {
        let count = Soak.count("TRELLIS_STACKTREE_KEPT_CASES", quick: 1500, soak: 6000)
        var kept = DirectStackLayout()
        var laidOut = 0
        for seed in UInt64(0xE4D3_0000)..<UInt64(0xE4D3_0000 + count) {
            var choices = _SeededChoices(seed: seed)
            let test = StackTreeGenerator.make(&choices)
            // A column of labels first, now and then: the layout keeps what
            // it learnt of each shape of a structure (by shape number, which
            // starts again with each structure).
            var trees = [test.tree, Self.otherRow(test.tree, &choices)]
            if choices.chance(50) {
                let column = Self.column(&choices)
                trees.insert(contentsOf: [column, Self.otherRow(column, &choices)], at: 0)
            }
            for (turn, tree) in trees.enumerated() {
                let width = tree == test.tree ? test.width : choices.pick(StackTreeGenerator.widths)
                let new = Result { () throws(DirectStackLayoutError) in
                    try tree.directLayout(width: width)
                }
                let again = Result { () throws(DirectStackLayoutError) in
                    try kept.layout(tree, width: width)
                }
                switch (new, again) {
                case (.success(let a), .success(let b)):
                    #expect(
                        a == b && a.fittingHeight == b.fittingHeight, "seed \(seed), tree \(turn)")
                    laidOut += 1
                case (.failure(let a), .failure(let b)):
                    #expect(a.kind == b.kind, "seed \(seed), tree \(turn): \(a) against \(b)")
                default:
                    Issue.record("seed \(seed), tree \(turn): new \(new), kept \(again)")
                }
            }
        }
        #expect(laidOut > count, "\(laidOut) laid out")
    }

    /// A column of labels (`_LanePlan.isColumnOfLeaves`).
    static func column(_ choices: inout _SeededChoices) -> StackTree {
        let style = ReuseCase.styles[0]
        let labels = (0..<(1 + choices.below(3))).map { _ in
            StackTree.Node.label(
                StackTree.LabelNode(
                    ReuseCaseGenerator.text(&choices), style: style,
                    numberOfLines: choices.pick([0, 1, 2])))
        }
        return StackTree(
            root: StackTree.Stack(
                axis: .vertical, alignment: choices.pick([.fill, .leading, .trailing]),
                children: labels))
    }
}
