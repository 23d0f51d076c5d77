// Two kinds of stack trees the stacktree fuzz target found the direct path
// and the engine disagreeing on: rows on last baselines holding a label of
// required vertical compression resistance that wraps (the engine broke
// that resistance and drew the label 0 high), and baseline-relative
// columns whose first view is an image of free width (the direct path
// held the image at a height UIKit's set lets the fitting height pull
// below 0). Each is laid out as the engine lays it out, or refused.

import Testing
import TrellisGeometry
import TrellisViews

@Suite struct StackTreeBaselineGrowthTests {
    static func label(
        _ text: String, size: Double, lines: Int, lineSpacing: Double = 0,
        compression: Float = 750, hugging: Float = 250
    ) -> StackTree.Node {
        StackTreeDifferentialTests.label(
            text, size: size, lines: lines, lineSpacing: lineSpacing, mode: .byClipping,
            hugging: (248, hugging), compression: (748, compression))
    }

    /// The fuzz finding: a row on last baselines at 200 (scale 1), its
    /// first label of required vertical compression resistance two lines
    /// (42) high at its width, the second ("Two\n", line spacing 2) 44 high.
    /// UIKit's set holds at a cell 44 high with the first label at y 2,
    /// 42 high (its last baseline on the second's). The engine measured
    /// the label again at its width and moved its height (42) before its
    /// baselines (still its one-line 16.5), a state that put its bottom at
    /// 64.6, below the cell's 44, and broke its compression resistance:
    /// drawn 0 high. Broken (its height moved first again): "node1: direct
    /// (0, 2, 100, 42), constraints (0, 2, 100, 0)".
    @Test func aWrappingLabelOfRequiredHeightKeepsItOnLastBaselines() throws {
        let row = StackTree.Stack(
            axis: .horizontal, alignment: .lastBaseline,
            children: [
                Self.label("Lorem ipsum dolor si", size: 17, lines: 2, compression: 1000),
                StackTreeDifferentialTests.label("Two\n", size: 17, lines: 3, lineSpacing: 2),
            ])
        let tree = StackTree(root: row, scale: 1)
        let verdict = StackTreeDifferential.check(StackTreeCase(tree: tree, width: 200))
        guard case .agreed = verdict else {
            Issue.record("\(verdict)")
            return
        }
        let engine = tree.constraintsLayout(width: 200)
        #expect(engine.height == 44)
        #expect(engine.frames[1] == Rect(x: 0, y: 2, width: 100, height: 42))
        #expect(StackTreeDifferential.engineConflict(tree, width: 200) == nil)
    }

    /// The rows around it: texts that wrap or not, any number of lines,
    /// required compression resistance (and hugging) on the first or the
    /// second label, a hidden first label, both baselines, edges and
    /// margins, at several widths. Each agrees with the engine or is
    /// refused, and no frame of either has a negative size. Broken (a
    /// taller label's height moved before its baselines): 78 of them fail,
    /// the engine drawing the label 0 high ("node1: direct (0, 0, 100,
    /// 54), constraints (0, 0, 100, 0)").
    @Test func rowsOnBaselinesOfRequiredHeightsAgreeOrAreRefused() {
        let (failures, agreed) = StackTreeDifferential.agreedOrRefused(
            Self.rows(), widths: [120, 200, 320, 416.25], engineFrames: true)
        #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(4))")
        #expect(agreed >= 150, "\(agreed) agreed")
    }

    static func rows() -> [(String, StackTree)] {
        var trees: [(String, StackTree)] = []
        let firsts: [(String, Int)] = [
            ("Lorem ipsum dolor si", 2), ("Съешь же ещё этих мягких французских б", 0),
            ("Supercalifragilisticexpialidocious", 0), ("Hi", 1),
        ]
        let seconds = ["Two\n", "H", " "]
        for alignment in [StackView.Alignment.lastBaseline, .firstBaseline] {
            for (text, lines) in firsts {
                for second in seconds {
                    for (kind, hugging) in [("c", Float(250)), ("c+h", 1000)] {
                        let first = label(
                            text, size: 22, lines: lines, compression: 1000, hugging: hugging)
                        let other = label(second, size: 17, lines: 3, lineSpacing: 2)
                        let name =
                            "\(alignment) \(text.prefix(8)) \(kind) + \(second.debugDescription)"
                        let row = StackTree.Stack(
                            axis: .horizontal, alignment: alignment, children: [first, other])
                        trees.append((name, StackTree(root: row, scale: 1)))
                        var swapped = row
                        swapped.children = [other, first]
                        trees.append((name + " swapped", StackTree(root: swapped, scale: 3)))
                        var hidden = row
                        hidden.children[0].isHidden = true
                        hidden.children.append(label("Short. Съешь же", size: 17, lines: 0))
                        trees.append((name + " hidden first", StackTree(root: hidden, scale: 2)))
                    }
                }
            }
        }
        return trees
    }

    /// A baseline-relative column whose first view is an image of free
    /// width (aligned leading, centre or trailing, or filling a column
    /// whose own width is free), a label below it: UIKit's set ties the
    /// image's top to the canvas's and its bottom (its baseline) to the
    /// label's first baseline, and its width only to
    /// `UISV-ambiguity-suppression` at 25, so the fitting height (50)
    /// pulls the image by 50 × its ratio against 25: a tie at a ratio of
    /// ½, and below 0 beyond it (the engine fits such a column 0 high).
    /// The direct path refuses the image on that path; each tree agrees or
    /// is refused, and no frame has a negative size. Broken (the image
    /// taken as the column's only view): 90 fail ("height: direct 5.667,
    /// constraints 0.0" for a 4 × 2 image aligned leading).
    @Test func imagesFirstInBaselineColumnsAgreeOrAreRefused() {
        let (failures, _) = StackTreeDifferential.agreedOrRefused(
            Self.columns(), widths: [120, 244.25, 446.25])
        #expect(failures.isEmpty, "\(failures.count) failed: \(failures.prefix(4))")
    }

    static func columns() -> [(String, StackTree)] {
        var trees: [(String, StackTree)] = []
        let ratios: [(Double, Double)] = [(4, 2), (1, 1), (4, 3), (3, 1), (1, 3)]
        for alignment in [StackView.Alignment.leading, .center, .trailing, .fill] {
            for (w, h) in ratios {
                for cap in [nil, 100.0] {
                    let image = StackTree.Node.image(
                        .init(aspectRatio: Size(width: w, height: h), maxHeight: cap))
                    let text = StackTreeDifferentialTests.label("A", size: 22, lines: 2)
                    let name = "\(alignment) \(w)×\(h) cap \(String(describing: cap))"
                    let column = StackTree.Stack(
                        axis: .vertical, alignment: alignment,
                        isBaselineRelativeArrangement: true, children: [image, text])
                    if alignment != .fill {
                        trees.append((name, StackTree(root: column, scale: 3)))
                        continue
                    }
                    // Filling: its width is free in a row beside another
                    // column, or in a column aligned centre.
                    let other = StackTreeDifferentialTests.label("12:45\n", size: 22, lines: 0)
                    let row = StackTree.Stack(
                        axis: .horizontal,
                        children: [
                            .stack(column), .stack(.init(axis: .vertical, children: [other])),
                        ])
                    trees.append((name + " in a row", StackTree(root: row, scale: 3)))
                    let centred = StackTree.Stack(
                        axis: .vertical, alignment: .center, children: [.stack(column)])
                    trees.append((name + " centred", StackTree(root: centred, scale: 3)))
                }
            }
        }
        return trees
    }
}
