// Arranged views added one at a time make the constraint set the initializer
// makes: the arrangement waits for the next layout, as UIKit's does.

import Testing
import TrellisGeometry

@testable import TrellisViews

@Suite struct StackViewAddingTests {
    typealias UIKitSet = StackViewUIKitSetTests

    /// A stack of `c` whose views come in after its settings, through
    /// `addArrangedSubview` one at a time, or through
    /// `insertArrangedSubview(_:at: 0)` from the last view to the first.
    static func added(_ views: [View], _ c: UIKitSet.Configuration, inserting: Bool) -> StackView {
        let stack = StackView()
        c.apply(to: stack)
        if inserting {
            for view in views.reversed() { stack.insertArrangedSubview(view, at: 0) }
        } else {
            for view in views { stack.addArrangedSubview(view) }
        }
        return stack
    }

    /// The whole grid of `StackViewUIKitSetTests` (2,040 configurations):
    /// after n `addArrangedSubview` calls, and after n insertions at the
    /// front, the stack's constraints equal those of
    /// `StackView(arrangedSubviews:)` with the same views, constraint by
    /// constraint (items, attributes, relation, multiplier, constant,
    /// priority, identifier).
    @Test func viewsAddedOneAtATimeMakeTheInitializersSet() {
        var configurations = 0
        var differences: [String] = []
        for c in UIKitSet.Configuration.grid {
            for (name, make) in UIKitSet.viewSets {
                configurations += 1
                let initial = UIKitSet.actual(UIKitSet.stack(make(), c))
                for inserting in [false, true] {
                    let stack = Self.added(make(), c, inserting: inserting)
                    #expect(stack._needsArrangement && stack._arrangement.isEmpty)
                    let made = UIKitSet.actual(stack)
                    if made != initial && differences.count < 3 {
                        differences.append(
                            "\(c), \(name), inserting \(inserting): "
                                + "\(made.count) constraints, initializer \(initial.count)"
                        )
                    }
                }
            }
        }
        #expect(configurations == 2_040)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    /// 1,000 labels added one at a time to a laid-out stack (views that are
    /// not yet subviews, the common case): the same constraints as the
    /// initializer's, made at the next layout.
    @Test func aThousandLabelsAddedOneAtATimeMakeTheInitializersSet() {
        let count = 1_000
        let reference = StackView(arrangedSubviews: LongStackTests.labels(count))
        reference.axis = .vertical
        reference.spacing = 4
        let stack = StackView()
        stack.axis = .vertical
        stack.spacing = 4
        for label in LongStackTests.labels(count) { stack.addArrangedSubview(label) }
        #expect(stack.arrangedSubviews.count == count)
        #expect(UIKitSet.actual(stack) == UIKitSet.actual(reference))
    }
}
