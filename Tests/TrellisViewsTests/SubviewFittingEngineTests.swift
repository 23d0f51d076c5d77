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
        func make() -> (View, View, View, LayoutConstraint, LayoutConstraint) {
            let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 400))
            let panel = makeView("panel")
            let box = makeView("box")
            root.addSubview(panel)
            panel.addSubview(box)
            let height = box.heightAnchor.constraint(equalToConstant: 50)
            let inset = box.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 10)
            LayoutConstraint.activate([
                panel.topAnchor.constraint(equalTo: root.topAnchor),
                panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                panel.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                box.topAnchor.constraint(equalTo: panel.topAnchor),
                box.bottomAnchor.constraint(equalTo: panel.bottomAnchor),
                box.trailingAnchor.constraint(equalTo: panel.trailingAnchor),
                inset, height,
            ])
            return (root, panel, box, height, inset)
        }
        let (root, panel, box, height, inset) = make()
        root.layoutIfNeeded()
        #expect(panel.frame == Rect(x: 0, y: 0, width: 320, height: 50))
        let fitted = panel.systemLayoutSizeFitting(Size(width: 320, height: 0))
        #expect(fitted.height == 50)
        height.constant = 80
        root.layoutIfNeeded()
        #expect(panel.frame == Rect(x: 0, y: 0, width: 320, height: 80))
        inset.isActive = false
        box.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 30).isActive = true
        root.layoutIfNeeded()
        #expect(box.frame == Rect(x: 30, y: 0, width: 290, height: 80))
        let (fresh, freshPanel, freshBox, freshHeight, freshInset) = make()
        freshHeight.constant = 80
        freshInset.isActive = false
        let moved = freshBox.leadingAnchor.constraint(
            equalTo: freshPanel.leadingAnchor, constant: 30)
        moved.isActive = true
        fresh.layoutIfNeeded()
        #expect(freshBox.frame == box.frame)
        #expect(freshPanel.frame == panel.frame)
    }
}
