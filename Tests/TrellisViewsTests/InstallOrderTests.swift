// The order a new hierarchy's constraints go into the solver: activation
// order, whichever views they are stored on, so the most recently
// activated constraint of a conflicting set is the one broken, as UIKit
// breaks it (`LayoutEngine.userConstraintsByActivation`).

import Testing
import TrellisGeometry

@testable import TrellisViews

@Suite struct InstallOrderTests {
    /// How the activation orders of the test's constraints lie.
    enum Orders: CaseIterable {
        /// Consecutive: placed in a table over their range.
        case close
        /// Far apart (many constraints activated elsewhere between them): sorted.
        case spread
        /// Two the same: sorted.
        case repeated
    }

    /// Three required widths that cannot all hold, stored on the root, `a`
    /// and `b` (the order the engine collects views in) but activated in
    /// the reverse order: the one activated last, stored first, is broken.
    @Test(arguments: Orders.allCases) func theLastActivatedIsBroken(orders: Orders) {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
        let a = View()
        let b = View()
        for (view, name) in [(a, "a"), (b, "b")] {
            view.name = name
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        let first = b.widthAnchor.constraint(equalToConstant: 100)  // stored on b
        let second = a.widthAnchor.constraint(equalToConstant: 50)  // stored on a
        let third = a.widthAnchor.constraint(equalTo: b.widthAnchor)  // stored on the root
        first.identifier = "first"
        second.identifier = "second"
        third.identifier = "third"
        first.isActive = true
        if orders == .spread {
            for _ in 0..<100 { _ = LayoutConstraint.nextActivationOrder() }
        }
        second.isActive = true
        third.isActive = true
        if orders == .repeated { second._activationOrder = first._activationOrder }
        #expect(root.constraints.map(\.identifier) == ["third"])
        root.layoutIfNeeded()
        let broken = root.unsatisfiableConstraints.map(\.broken)
        #expect(broken == ["a.width == b.width (third)"])
        #expect(a.frame.width == 50)
        #expect(b.frame.width == 100)
    }
}
