// A subview measured on its own (`systemLayoutSizeFitting` on a view that
// has a superview, as UIKit code measures a cell's content view) lays its
// subtree out in an engine of its own; the root's engine, which holds the
// same constraints, must still follow every later change to them.

import Testing
import TrellisGeometry

@testable import TrellisViews

@Suite struct SubviewFittingEngineTests {
    /// A root holding a panel holding a box 50 high; the panel is measured
    /// on its own, then the box's height constant changes and another
    /// constraint of the panel's is deactivated: the root's layout follows
    /// both, as a hierarchy never measured that way does.
    @Test func theRootsEngineFollowsChangesAfterASubviewWasMeasured() {
        let fixture = SubviewFittingEngineOrderTests.Fixture()
        let (root, panel, box) = (fixture.root, fixture.panel, fixture.box)
        root.layoutIfNeeded()
        #expect(panel.frame == Rect(x: 0, y: 0, width: 320, height: 50))
        let fitted = panel.systemLayoutSizeFitting(Size(width: 320, height: 0))
        #expect(fitted.height == 50)
        fixture.height.constant = 80
        root.layoutIfNeeded()
        #expect(panel.frame == Rect(x: 0, y: 0, width: 320, height: 80))
        fixture.inset.isActive = false
        box.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 30).isActive = true
        root.layoutIfNeeded()
        #expect(box.frame == Rect(x: 30, y: 0, width: 290, height: 80))
        let fresh = SubviewFittingEngineOrderTests.Fixture()
        fresh.height.constant = 80
        fresh.inset.isActive = false
        fresh.box.leadingAnchor.constraint(equalTo: fresh.panel.leadingAnchor, constant: 30)
            .isActive = true
        fresh.root.layoutIfNeeded()
        #expect(fresh.box.frame == box.frame)
        #expect(fresh.panel.frame == panel.frame)
    }
}
