// The ambiguity answer read off the optimal tableau (`Solver._movability`)
// against the probe it replaces (a constraint at priority 1 asking each part
// of a frame to move by a point, added, solved and removed): on random
// small hierarchies of views, labels and images with random constraints,
// and on random stacks long enough (past 128 rows) for the solver to keep
// columns and definitions, every view's answer is the same.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisViews

@Suite struct AmbiguityReadingTests {
    static let edges: [LayoutAttribute] = [
        .leading, .trailing, .top, .bottom, .width, .height, .centerX, .centerY,
    ]
    static let priorities: [LayoutPriority] = [1000, 1000, 1000, 999, 750, 250, 50, 25]

    struct Comparison {
        var mismatches: [String] = []
        /// Views found ambiguous.
        var ambiguous = 0
        /// Views whose reading fell back on probes.
        var probedReadings = 0
    }

    /// Every view's ambiguous attributes, read (`probing: false`) and
    /// probed, each from a frame solve of its own.
    static func compare(_ root: View, _ views: [View]) -> Comparison {
        let engine = root._engineCreatingIfNeeded()
        var result = Comparison()
        for view in views {
            let probes = engine.ambiguityProbes
            let read = engine.ambiguousAttributes(of: view, solvingFirst: true, probing: false)
            if engine.ambiguityProbes != probes { result.probedReadings += 1 }
            let probed = engine.ambiguousAttributes(of: view, solvingFirst: true, probing: true)
            if read != probed {
                result.mismatches.append("\(view.layoutName): read \(read), probed \(probed)")
            }
            if !probed.isEmpty { result.ambiguous += 1 }
        }
        return result
    }

    /// A root with 2 to 5 views (plain, labels, images) under random
    /// parents, and random constraints between their edges and sizes:
    /// equalities and inequalities at priorities from required down to 25,
    /// some of them conflicting.
    static func randomHierarchy(_ random: inout SeededGenerator) -> (View, [View]) {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        root.name = "root"
        var views: [View] = []
        for i in 0..<Int.random(in: 2...5, using: &random) {
            let view: View
            switch Int.random(in: 0..<3, using: &random) {
            case 0: view = makeView("v\(i)")
            case 1: view = makeLabel(i % 2 == 0 ? "Thing 1" : "A longer label", name: "v\(i)")
            default:
                let image = ImageView(image: Image(size: Size(width: 40, height: 30)))
                image.name = "v\(i)"
                image.translatesAutoresizingMaskIntoConstraints = false
                view = image
            }
            let parent =
                views.isEmpty || Bool.random(using: &random)
                ? root : views.randomElement(using: &random)!
            parent.addSubview(view)
            views.append(view)
        }
        var constraints: [LayoutConstraint] = []
        for view in views {
            // Half the views start pinned (position, and size unless they
            // have an intrinsic one), so that fixed views are common too.
            if Bool.random(using: &random) {
                let superview = view.superview!
                constraints += [
                    view.leadingAnchor.constraint(equalTo: superview.leadingAnchor, constant: 8),
                    view.topAnchor.constraint(equalTo: superview.topAnchor, constant: 8),
                ]
                if type(of: view) == View.self {
                    constraints += [
                        view.widthAnchor.constraint(equalToConstant: 50),
                        view.heightAnchor.constraint(equalToConstant: 20),
                    ]
                }
            }
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                let attribute = edges.randomElement(using: &random)!
                let relation: LayoutRelation = [
                    .equal, .equal, .greaterThanOrEqual, .lessThanOrEqual,
                ]
                .randomElement(using: &random)!
                let constant = Double(Int.random(in: 0...8, using: &random) * 10)
                let constraint: LayoutConstraint
                if (attribute == .width || attribute == .height) && Bool.random(using: &random) {
                    constraint = LayoutConstraint(
                        item: view, attribute: attribute, relatedBy: relation, toItem: nil,
                        attribute: .notAnAttribute, constant: constant)
                } else {
                    // Another view of the same axis, or the superview.
                    let other =
                        Bool.random(using: &random)
                        ? view.superview! : views.randomElement(using: &random)!
                    guard other !== view else { continue }
                    let otherAttribute =
                        attribute.axis == .horizontal
                        ? [LayoutAttribute.leading, .trailing, .centerX, .width].randomElement(
                            using: &random)!
                        : [LayoutAttribute.top, .bottom, .centerY, .height].randomElement(
                            using: &random)!
                    let isSize = attribute == .width || attribute == .height
                    let otherIsSize = otherAttribute == .width || otherAttribute == .height
                    guard isSize == otherIsSize else { continue }
                    constraint = LayoutConstraint(
                        item: view, attribute: attribute, relatedBy: relation, toItem: other,
                        attribute: otherAttribute, constant: constant)
                }
                constraint.priority = priorities.randomElement(using: &random)!
                constraints.append(constraint)
            }
        }
        LayoutConstraint.activate(constraints)
        return (root, views)
    }

    /// Compares every view of `cases` hierarchies `make` draws from a
    /// generator seeded with `seed` (each laid out first), expecting no
    /// mismatch; the totals and the number of views.
    static func compareAll(
        cases: Int, seed: UInt64, _ make: (inout SeededGenerator) -> (View, [View])
    ) -> (total: Comparison, views: Int) {
        var random = SeededGenerator(seed: seed)
        var total = Comparison()
        var views = 0
        for index in 0..<cases {
            let (root, hierarchy) = make(&random)
            root.layoutIfNeeded()
            let comparison = compare(root, hierarchy)
            #expect(
                comparison.mismatches.isEmpty, "case \(index): \(comparison.mismatches.prefix(3))")
            total.ambiguous += comparison.ambiguous
            total.probedReadings += comparison.probedReadings
            views += hierarchy.count
        }
        return (total, views)
    }

    @Test func readingAgreesWithProbingOnRandomSmallSystems() {
        let (total, views) = Self.compareAll(cases: 400, seed: 36, Self.randomHierarchy)
        print(
            "small systems: \(views) views, \(total.ambiguous) ambiguous, \(total.probedReadings) readings probed"
        )
        // Both answers occur often (the systems are neither all fixed nor
        // all open), and the tableau answers most of them.
        #expect(total.ambiguous > views / 5)
        #expect(total.ambiguous < views * 4 / 5)
        #expect(total.probedReadings < views / 10)
    }

    /// A root holding a stack of `count` arranged views (labels, and plain
    /// views or images now and then, some hidden), with random settings;
    /// the stack pinned to the root's edges, or to some of them.
    static func randomStack(count: Int, _ random: inout SeededGenerator) -> (View, [View]) {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 30 * Double(count)))
        root.name = "root"
        var arranged: [View] = []
        for i in 0..<count {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: arranged.append(makeView("a\(i)"))
            case 1:
                let image = ImageView(image: Image(size: Size(width: 20, height: 10)))
                image.name = "a\(i)"
                arranged.append(image)
            default: arranged.append(makeLabel(i % 3 == 0 ? "Thing 1" : "Two words", name: "a\(i)"))
            }
            if Int.random(in: 0..<8, using: &random) == 0 { arranged[i].isHidden = true }
        }
        let stack = StackView(arrangedSubviews: arranged)
        stack.name = "stack"
        stack.axis = Bool.random(using: &random) ? .vertical : .horizontal
        stack.distribution = StackView.Distribution.allCases.randomElement(using: &random)!
        stack.alignment = StackView.Alignment.allCases.randomElement(using: &random)!
        stack.spacing = Double(Int.random(in: 0...3, using: &random) * 4)
        stack.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(stack)
        var constraints = [
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            stack.topAnchor.constraint(equalTo: root.topAnchor),
        ]
        if Bool.random(using: &random) {
            constraints.append(stack.trailingAnchor.constraint(equalTo: root.trailingAnchor))
        }
        let pinnedBottom = Bool.random(using: &random)
        if pinnedBottom {
            constraints.append(stack.bottomAnchor.constraint(equalTo: root.bottomAnchor))
        }
        LayoutConstraint.activate(constraints)
        if pinnedBottom && Bool.random(using: &random) {
            // Exactly as tall as the stack needs, as a self-sizing cell is:
            // hugging and compression rows meet at 0 (degenerate).
            let fitting = root.systemLayoutSizeFitting(
                Size(width: 320, height: View.layoutFittingCompressedSize.height))
            root.frame = Rect(x: 0, y: 0, width: 320, height: fitting.height)
        }
        return (root, [stack] + arranged)
    }

    /// Stacks of 40 to 60 views make tableaus of more than 128 rows, where
    /// the solver keeps columns and chains of definitions: 3 stacks in the
    /// test command, 12 under Scripts/soak.sh (each probes every view, about
    /// 6 s in a debug build).
    @Test func readingAgreesWithProbingOnRandomLongStacks() {
        let cases = Soak.count("TRELLIS_AMBIGUITY_LONG_STACKS", quick: 3, soak: 12)
        let (total, views) = Self.compareAll(cases: cases, seed: 3636) { random in
            Self.randomStack(count: Int.random(in: 40...60, using: &random), &random)
        }
        print(
            "long stacks: \(views) views, \(total.ambiguous) ambiguous, \(total.probedReadings) readings probed"
        )
        #expect(total.ambiguous > 0)
        #expect(total.ambiguous < views)
    }

    /// The vertical stack of one-line labels the scaling benchmark lays out
    /// (Scripts/diagnostics-benchmark.sh): pinned on all four edges to a
    /// root exactly as tall as the labels need, as a self-sizing cell is,
    /// so every label's hugging and compression rows meet at 0 (a
    /// degenerate vertex, where single symbols look free but are held by
    /// the rows around them). No view is ambiguous, and every answer comes
    /// from the tableau: no probe constraint is added.
    @Test func aLabelStackIsReadWithoutProbes() {
        let count = 200
        let (root, stack, labels) = LongStackTests.column(of: count)
        // 20 high each, 4 apart (LongStackTests).
        root.frame = Rect(x: 0, y: 0, width: 300, height: Double(24 * count - 4))
        stack.bottomAnchor.constraint(equalTo: root.bottomAnchor).isActive = true
        root.layoutIfNeeded()
        #expect(stack.frame.height == Double(24 * count - 4))
        let engine = root._engineCreatingIfNeeded()
        let probes = engine.ambiguityProbes
        #expect(root.layoutIssues().isEmpty)
        #expect(engine.ambiguityProbes == probes)
        #expect(labels.allSatisfy { !$0.hasAmbiguousLayout })
        #expect(engine.ambiguityProbes == probes)
    }
}
