// Rows aligned by baselines holding a box without a size (the stacktree fuzz
// target's finding: the direct path fitted 22, the engine 0): the direct path
// lays them out as the engine does, or refuses them.

import Testing
import TrellisGeometry
import TrellisViews

@Suite struct StackTreeSizelessBaselineTests {
    static let margins = StackTree.Pinning.layoutMargins(
        EdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
    static let box = StackTree.Node.fixed(width: nil, height: nil, priority: 999)
    static let label = StackTreeDifferentialTests.label("Hello", size: 17, lines: 1)

    /// The fuzz input (/work/notes/stacktree-crash-43): a row on first
    /// baselines of one box without a size, pinned to the content view's
    /// margins (11, 16, 11, 16), at 333.3. UIKit's set (`UISV-canvas-fit`
    /// `stack.height == 0 @49`, the canvas's top `<=` the box's, the box 0
    /// high at 25) holds nothing above the fitting height's 50, so the cell
    /// fits 0 high, the stack −22 between the margins (drawn 0 high); the
    /// direct path fitted 22 (it pulled the canvas at the spanner's 51)
    /// and now refuses the negative canvas. Broken (the canvas pulled at
    /// 51 again): "height: direct 22.0, constraints 0.0".
    @Test func theFuzzFindingIsLaidOutAsTheEngineDoesOrRefused() throws {
        let bytes: [UInt8] = [
            0xF3, 0x9A, 0x8F, 0x74, 0x2D, 0x74, 0x61, 0x62, 0x5D, 0x8F, 0, 0, 0x74, 0x62, 0x61,
            0x5D, 0x18, 0, 0, 0, 0xF4, 0xF4, 0xAB, 0x20,
        ]
        #expect(throws: Never.self) { try StackTreeDifferentialFuzz.run(bytes) }
        let tree = StackTree(
            root: .init(axis: .horizontal, alignment: .firstBaseline, children: [Self.box]),
            pinning: Self.margins)
        #expect(tree.constraintsLayout(width: 333.3).height == 0)
        let verdict = StackTreeDifferential.check(StackTreeCase(tree: tree, width: 333.3))
        guard case .refused(let error) = verdict else {
            Issue.record("\(verdict)")
            return
        }
        #expect(error.kind == .unmodelled)
    }

    /// A row on first baselines of a box without a size and an empty label
    /// (0 high, on the line) between the cell's margins: no view reaches
    /// below the line, so the row is as long as the box, and the fitting
    /// height (50) shrinks the box below 0 at its 25, the line and the
    /// label rising with its bottom, until the cell is 0 high. The row's
    /// cost charged the empty label's compression resistance (750) below
    /// 0, and the direct path fitted 22 (rows differential seed 3839573059,
    /// row 1); its cost is now not modelled there (`addCheaperLine`).
    @Test func aSizelessFirstBoxWithAnEmptyLabelOnItsLineShrinksBetweenMargins() {
        var empty = StackTree.LabelNode("", style: StackTreeRowsBeyondTests.roboto17)
        empty.numberOfLines = 0
        let row = StackTree.Stack(
            axis: .horizontal, alignment: .firstBaseline, children: [Self.box, .label(empty)])
        let tree = StackTree(
            root: StackTree.Stack(axis: .vertical, children: [.stack(row)]), pinning: Self.margins,
            scale: 3)
        StackTreeOtherRowsTests.expectSolvers(
            tree, width: 333.3, "the root stack's height: a shorter length could be better")
        #expect(tree.constraintsLayout(width: 333.3).height == 0)
    }

    /// The trees around it: both baselines and other alignments, rows and
    /// columns, edges and margins (the cell's and the stack's own), the box
    /// alone, before and after a label, in a column under a label, and in
    /// a column of fixed height beside a row aligned top. Each is laid out
    /// as the engine lays it out (every frame) or refused, and no frame has
    /// a negative size. Broken (the canvas of a row on baselines pulled at
    /// 51): 12 fail, the engine fitting 0 where the direct path fits 4.333
    /// to 47 (the box first beside a label, or alone between margins).
    @Test func rowsOnBaselinesWithASizelessBoxAgreeOrAreRefused() throws {
        var failures: [String] = []
        var agreed = 0
        for (name, tree) in Self.variants() {
            for width in [120.0, 333.3] {
                let test = StackTreeCase(tree: tree, width: width)
                let verdict = StackTreeDifferential.check(test)
                switch verdict {
                case .agreed:
                    agreed += 1
                    let direct = try tree.directLayout(width: width)
                    if direct.frames.contains(where: { $0.width < 0 || $0.height < 0 }) {
                        failures.append("\(name) at \(width): a negative direct frame")
                    }
                case .failed(let message), .engineFittingDiffers(let message):
                    failures.append("\(name) at \(width): \(message)")
                case .unsupported, .refused, .conflictInUIKit, .ambiguousInUIKit:
                    break
                }
                let engine = tree.constraintsLayout(width: width)
                if engine.frames.contains(where: { $0.width < 0 || $0.height < 0 }) {
                    failures.append("\(name) at \(width): a negative engine frame")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(4))")
        // Most are laid out, or the test says little.
        #expect(agreed >= 160, "\(agreed) agreed")
    }

    /// A row on first baselines whose canvas is held taller than its views
    /// reach (a column of fixed height 100 beside a row aligned top) takes
    /// the slack: it is as short as it can be at 49 (`UISV-canvas-fit`),
    /// the row aligned top at 51 (`UISV-spanning-fit`), so the row on
    /// baselines is 100 − 20.667 high, its views at its bottom, the box
    /// at its own height (nothing lifts the line). Broken (both at 51): a
    /// tie the direct path refused as ambiguous.
    @Test func aRowOnBaselinesTakesAColumnsSlackBeforeARowAlignedTop() throws {
        var column = StackTree.Stack(
            axis: .vertical,
            children: [
                .stack(
                    .init(
                        axis: .horizontal, alignment: .firstBaseline,
                        children: [Self.box, Self.label])),
                .stack(.init(axis: .horizontal, alignment: .top, children: [Self.label])),
            ])
        column.fixedHeight = 100
        let tree = StackTree(root: column)
        let direct = try tree.directLayout(width: 333.3)
        #expect(direct == tree.constraintsLayout(width: 333.3))
        #expect(abs(direct.frames[1].height - (100 - direct.frames[4].height)) < 1e-9)
        #expect(direct.frames[2].height == 0)
    }

    static func variants() -> [(String, StackTree)] {
        var trees: [(String, StackTree)] = []
        let alignments: [StackView.Alignment] = [.firstBaseline, .lastBaseline, .top, .center]
        let sets: [(String, [StackTree.Node])] = [
            ("box", [box]), ("box+label", [box, label]), ("label+box", [label, box]),
            ("box+box", [box, box]),
        ]
        for alignment in alignments {
            for axis in [LayoutAxis.horizontal, .vertical] {
                for (pinName, pinning) in [
                    ("edges", StackTree.Pinning.edges), ("margins", margins),
                ] {
                    for (setName, children) in sets {
                        let name = "\(alignment) \(axis) \(setName) \(pinName)"
                        let row = StackTree.Stack(
                            axis: axis, alignment: alignment, children: children)
                        trees.append((name, StackTree(root: row, pinning: pinning)))
                        var own = row
                        own.layoutMargins = EdgeInsets(top: 4, left: 6, bottom: 2, right: 3)
                        trees.append(
                            (name + " own margins", StackTree(root: own, pinning: pinning)))
                        let column = StackTree.Stack(
                            axis: .vertical, children: [.stack(row), label])
                        trees.append(
                            (name + " over a label", StackTree(root: column, pinning: pinning)))
                    }
                }
            }
        }
        return trees
    }
}
