// One `DirectStackLayout` kept from row to row, as a template's rows use it,
// against a new one for every row: the same height and frames, or the same
// refusal. The kept one updates its nodes in place while a tree keeps its
// shape and keeps each node's cost while what it is made from stays the
// same (`_DirectPlan.refresh`, `computeCosts`); a new one makes everything
// again. The new one is checked against the engine by the stack-tree
// differential.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText
import TrellisViews

@Suite struct DirectStackReuseTests {
    @Test func aKeptLayoutGivesWhatANewOneGivesRowAfterRow() {
        let trees = Soak.count("TRELLIS_DIRECT_REUSE_TREES", quick: 300, soak: 2000)
        // Rows of one tree: its own texts moved to other labels (so lengths
        // and emptiness change), views hidden or shown, rows repeated (every
        // cost kept) and images of other ratios.
        let rowOrder = [0, 1, 1, 2, 0, 3, 3]
        var direct = DirectStackLayout()  // also kept across trees
        // Rows given as `StackTreeRow`s, written into the kept nodes.
        var byRow = DirectStackLayout()
        var compared = 0
        var laidOut = 0
        var differing = 0
        var mismatches: [String] = []
        for seed in 0..<UInt64(trees) {
            var choices = _SeededChoices(seed: 0xD1_2EC7 &+ seed)
            let test = StackTreeGenerator.make(&choices)
            let texts = Self.texts(in: test.tree)
            for row in rowOrder {
                let tree = Self.row(row, of: test.tree, texts: texts)
                let kept = Result<StackTreeLayout, DirectStackLayoutError> {
                    () throws(DirectStackLayoutError) in try direct.layout(tree, width: test.width)
                }
                let fresh = Result<StackTreeLayout, DirectStackLayoutError> {
                    () throws(DirectStackLayoutError) in try tree.directLayout(width: test.width)
                }
                let written = Result<StackTreeLayout, DirectStackLayoutError> {
                    () throws(DirectStackLayoutError) in
                    try byRow.layout(StackTreeRow(tree), of: test.tree, width: test.width)
                }
                compared += 1
                if case .success = fresh { laidOut += 1 }
                let same = kept == fresh && written == fresh
                if !same { differing += 1 }
                if !same, mismatches.count < 3 {
                    mismatches.append(
                        "seed \(seed), row \(row): kept \(kept), by row \(written), new \(fresh)\n\(StackTreeDifferential.reproduction(StackTreeCase(tree: tree, width: test.width)))"
                    )
                }
            }
        }
        print("direct reuse: \(compared) rows, \(laidOut) laid out, \(differing) differ")
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        // Most rows must be laid out, or the comparison says little.
        #expect(laidOut * 3 > compared)
    }

    /// The labels' texts in node order.
    static func texts(in tree: StackTree) -> [StackTree.Text] {
        tree.nodes.compactMap {
            if case .label(let label) = $0.content { return label.text }
            return nil
        }
    }

    /// Row `row` of `tree`: label k shows text k + row (row 0 is the tree
    /// itself), images' heights grow by a third a row, buttons' titles
    /// grow by a character a row, and every fourth view below the root
    /// (from the row's number on) is hidden if shown and shown if hidden.
    static func row(_ row: Int, of tree: StackTree, texts: [StackTree.Text]) -> StackTree {
        guard row > 0 else { return tree }
        var next = 0
        var position = 0
        func visit(_ node: StackTree.Node) -> StackTree.Node {
            var node = node
            // One view in four (another each row) shown or hidden the other way.
            if position > 0, (position + row) % 4 == 0 { node.isHidden.toggle() }
            position += 1
            switch node.content {
            case .stack(var stack):
                stack.children = stack.children.map(visit)
                node.content = .stack(stack)
            case .label(var label):
                label.text = texts[(next + row) % texts.count]
                next += 1
                node.content = .label(label)
            case .image(var image):
                image.aspectRatio.height *= 1 + Double(row) / 3
                node.content = .image(image)
            case .button(var button):
                button.title += String(repeating: "8", count: row)
                node.content = .button(button)
            case .fixed:
                break
            }
            return node
        }
        guard case .stack(let root) = visit(StackTree.Node(.stack(tree.root))).content else {
            return tree
        }
        return StackTree(root: root, pinning: tree.pinning, scale: tree.scale)
    }
}
