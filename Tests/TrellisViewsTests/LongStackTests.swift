// Long vertical stacks: a chain of `UISV-spacing` equalities through many
// arranged labels lays out with every frame where the arithmetic puts it,
// and hiding views in the chain moves the ones after them by constants.

import Testing
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@testable import TrellisViews

@Suite struct LongStackTests {
    /// A root `width` wide holding a vertical stack of `count` one-line
    /// labels 4 apart, pinned to its leading, trailing and top edges.
    static func column(of count: Int, width: Double = 300) -> (View, StackView, [Label]) {
        let labels = Self.labels(count)
        let (root, stack) = Self.pinnedColumn(
            StackView(arrangedSubviews: labels), width: width, height: 30 * Double(count))
        return (root, stack, labels)
    }

    /// `count` one-line labels, "Thing 1" and "Thing 2" in turn.
    static func labels(_ count: Int) -> [Label] {
        (0..<count).map { makeLabel($0 % 2 == 0 ? "Thing 1" : "Thing 2", name: "l\($0)") }
    }

    /// `stack`, vertical with spacing 4, in a new root of that size, pinned
    /// to its leading, trailing and top edges.
    static func pinnedColumn(_ stack: StackView, width: Double, height: Double) -> (
        View, StackView
    ) {
        stack.axis = .vertical
        stack.spacing = 4
        stack.name = "stack"
        stack.translatesAutoresizingMaskIntoConstraints = false
        let root = View(frame: Rect(x: 0, y: 0, width: width, height: height))
        root.name = "root"
        root.contentScaleFactor = 3
        root.addSubview(stack)
        LayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            stack.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        return (root, stack)
    }

    /// The frames of `labels` as "name minX minY width height" lines (a
    /// hidden label's width, its own intrinsic width, is left out), for one
    /// comparison.
    static func rows(_ labels: [Label]) -> [String] {
        labels.map { label in
            let frame = label.frame
            let width = label.isHidden ? "-" : "\(frame.width)"
            return "\(label.layoutName) \(frame.minX) \(frame.minY) \(width) \(frame.height)"
        }
    }

    /// 2,000 labels took 119 s before the solver kept the chain's links as
    /// definitions (Solver+Definitions.swift); no timing is asserted here.
    /// The shorter stack, whose diagnostics are checked too, has 200 labels
    /// (500 under Scripts/soak.sh); the longer one 1,000 (2,000).
    @Test(arguments: [
        Soak.count("TRELLIS_LONG_STACK", quick: 200, soak: 500),
        Soak.count("TRELLIS_LONGER_STACK", quick: 1_000, soak: 2_000),
    ])
    func aLongStackPutsEveryLabelInItsPlace(count: Int) {
        let (root, stack, labels) = Self.column(of: count)
        root.layoutIfNeeded()
        // Each label is one line of Roboto 17, 20 high (Support.swift), the
        // full 300 wide (fill alignment); label i starts at i × (20 + 4).
        let expected = (0..<count).map { "l\($0) 0.0 \(Double(24 * $0)) 300.0 20.0" }
        #expect(Self.rows(labels) == expected)
        // count labels and count − 1 gaps: 200 × 20 + 199 × 4 = 4,796;
        // 2,000 × 20 + 1,999 × 4 = 47,996.
        #expect(stack.frame.height == Double(24 * count - 4))
        // The diagnostics read each view's answer off the solved tableau
        // and probe only where that leaves it open (docs/benchmarks.md,
        // "Diagnostics at scale"); they are checked on the shorter stack
        // only, to keep the test quick.
        if count <= 500 { #expect(root.layoutIssues().isEmpty) }
    }

    /// `addArrangedSubview` one label at a time makes the arrangement once,
    /// at the next layout (it was made again after each addition: 2,000
    /// labels took 4.8 s), with the frames of `StackView(arrangedSubviews:)`:
    /// 500 labels (2,000 under Scripts/soak.sh). The times are printed, not
    /// asserted.
    @Test func addingLabelsOneAtATimeArrangesOnceAtTheNextLayout() {
        let count = Soak.count("TRELLIS_LONG_STACK_ADDED", quick: 500, soak: 2_000)
        let (root, _, labels) = Self.column(of: count)
        root.layoutIfNeeded()
        let (other, stack) = Self.pinnedColumn(
            StackView(), width: root.frame.width, height: root.frame.height)
        let added = Self.labels(count)
        let clock = ContinuousClock()
        let adding = clock.measure { for label in added { stack.addArrangedSubview(label) } }
        #expect(stack._needsArrangement, "the arrangement waits for the next layout")
        let madeBeforeTheLayout = stack._arrangement.count
        #expect(madeBeforeTheLayout == 0)
        let layout = clock.measure { other.layoutIfNeeded() }
        print("addArrangedSubview × \(count): \(adding), then the layout: \(layout)")
        #expect(!stack._needsArrangement)
        #expect(Self.rows(added) == Self.rows(labels))
    }

    @Test func hidingLabelsInALongChainMovesTheRestUp() {
        let count = 60
        let (root, stack, labels) = Self.column(of: count)
        root.layoutIfNeeded()
        let hidden: Set = [0, 7, 8, 30, 59]
        for index in hidden { labels[index].isHidden = true }
        root.layoutIfNeeded()
        // Visible labels follow each other 24 apart from the top, as if the
        // hidden ones were not there; a hidden one is 0 high, half the
        // spacing (2) below where the visible ones before it end, as UIKit's
        // `UISV-spacing` places it (at 0 when first, with no gap when last).
        var top = 0.0
        var expected: [String] = []
        for index in 0..<count {
            if hidden.contains(index) {
                let y = index == 0 ? 0 : index == count - 1 ? top - 4 : top - 2
                expected.append("l\(index) 0.0 \(y) - 0.0")
            } else {
                expected.append("l\(index) 0.0 \(top) 300.0 20.0")
                top += 24
            }
        }
        #expect(Self.rows(labels) == expected)
        #expect(stack.frame.height == top - 4)
        // Shown again: the layout of a stack that never hid them.
        for index in hidden { labels[index].isHidden = false }
        root.layoutIfNeeded()
        #expect(Self.rows(labels) == (0..<count).map { "l\($0) 0.0 \(Double(24 * $0)) 300.0 20.0" })
        #expect(root.layoutIssues().isEmpty)
    }
}
