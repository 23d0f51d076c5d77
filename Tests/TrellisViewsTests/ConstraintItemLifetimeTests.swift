// What constraints and guides read of items that have been freed, and that
// constraints never keep their items alive (items are held through
// `_ItemCell`, not retained).

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisViews

@Suite struct ConstraintItemLifetimeTests {
    /// A view removed from its laid-out hierarchy and released is freed
    /// once the hierarchy is laid out again (the engine holds its views
    /// until its next rebuild; its constraints, and the ancestor's
    /// constraint on it, hold it unretained), the ancestor's constraint on
    /// it is deactivated, and a constraint kept by the caller then reads
    /// nil for the freed item.
    @Test func aRemovedViewIsFreedAndItsConstraintsReadNil() {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
        weak var freed: View?
        var kept: [LayoutConstraint] = []
        do {
            let box = makeView("box")
            root.addSubview(box)
            let width = box.widthAnchor.constraint(equalToConstant: 40)
            let leading = box.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8)
            LayoutConstraint.activate([
                width, leading, box.topAnchor.constraint(equalTo: root.topAnchor),
                box.heightAnchor.constraint(equalToConstant: 20),
            ])
            root.layoutIfNeeded()
            #expect(box.frame == Rect(x: 8, y: 0, width: 40, height: 20))
            kept = [width, leading]
            freed = box
            box.removeFromSuperview()
        }
        root.layoutIfNeeded()
        #expect(freed == nil)
        #expect(kept[0].firstItem == nil)
        #expect(!kept[0].isActive)
        #expect(kept[1].firstItem == nil)
        #expect(kept[1].secondItem === root)
        #expect(!kept[1].isActive)
        #expect(root.constraints.isEmpty)
    }

    /// A constraint kept after its whole hierarchy is freed reads nil for
    /// its view and is inactive (its host is gone); the guide it relates
    /// to, kept too, reads nil for its owning view.
    @Test func aFreedHierarchyLeavesItsConstraintsAndGuidesEmpty() {
        weak var freedRoot: View?
        let constraint: LayoutConstraint
        let guide: LayoutGuide
        do {
            let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 100))
            let label = makeView("label")
            root.addSubview(label)
            guide = root.layoutMarginsGuide
            constraint = label.leadingAnchor.constraint(equalTo: guide.leadingAnchor)
            constraint.isActive = true
            #expect(constraint.isActive)
            #expect(guide.owningView === root)
            root.layoutIfNeeded()
            freedRoot = root
        }
        #expect(freedRoot == nil)
        #expect(constraint.firstItem == nil)
        #expect(constraint.secondItem === guide)
        #expect(!constraint.isActive)
        #expect(guide.owningView == nil)
        // Still describable and inert.
        #expect(constraint.description == "nil.leading == nil.layoutMarginsGuide.leading")
        constraint.constant = 4
        constraint.isActive = false
    }

    /// Constraints made but never activated keep nothing alive either.
    @Test func anInactiveConstraintDoesNotRetainItsItems() {
        weak var freed: View?
        let constraint: LayoutConstraint
        do {
            let view = makeView("solo")
            constraint = view.widthAnchor.constraint(equalToConstant: 10)
            #expect(constraint.firstItem === view)
            freed = view
        }
        #expect(freed == nil)
        #expect(constraint.firstItem == nil)
        #expect(throws: LayoutError.self) { try constraint.activate() }
    }
}
