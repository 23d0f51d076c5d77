// Engines made and dropped in every order over the same constraints (the
// root's, a subview's measured on its own, a new root's): each engine
// follows every later change, and the fields a store keeps in the
// constraints (`_ConstraintStore`) pass to the engine that lives on.

import Testing
import TrellisGeometry

@testable import TrellisViews

@Suite struct SubviewFittingEngineOrderTests {
    /// A root 320 × 400 holding a panel holding a box 50 high, inset 10.
    struct Fixture {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 400))
        let panel = makeView("panel")
        let box = makeView("box")
        let height: LayoutConstraint
        let inset: LayoutConstraint

        init() {
            root.addSubview(panel)
            panel.addSubview(box)
            height = box.heightAnchor.constraint(equalToConstant: 50)
            inset = box.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 10)
            LayoutConstraint.activate([
                panel.topAnchor.constraint(equalTo: root.topAnchor),
                panel.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                panel.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                box.topAnchor.constraint(equalTo: panel.topAnchor),
                box.bottomAnchor.constraint(equalTo: panel.bottomAnchor),
                box.trailingAnchor.constraint(equalTo: panel.trailingAnchor),
                inset, height,
            ])
        }

        /// The box 80 high and inset 30 (a new constant, a constraint
        /// deactivated and another activated), laid out from `top`; the
        /// frames must be those of a fixture changed before any layout.
        func changeAndCheck(layingOut top: View) {
            height.constant = 80
            #expect(panel.systemLayoutSizeFitting(Size(width: 320, height: 0)).height == 80)
            inset.isActive = false
            box.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 30).isActive = true
            top.layoutIfNeeded()
            #expect(panel.frame == Rect(x: 0, y: 0, width: 320, height: 80))
            #expect(box.frame == Rect(x: 30, y: 0, width: 290, height: 80))
            #expect(box.systemLayoutSizeFitting(Size(width: 0, height: 0)).height == 80)
            #expect(panel.systemLayoutSizeFitting(Size(width: 320, height: 0)).width == 320)
        }

        func measurePanel() {
            #expect(panel.systemLayoutSizeFitting(Size(width: 320, height: 0)).height == 50)
        }

        /// Whether the live engine of `top` holds the fields of the fixture's
        /// active constraints (no other engine kept them), and no engine
        /// those of its inactive ones.
        func fieldsHeld(by top: View) -> Bool {
            guard let engine = top._membership.engine else { return false }
            return [height, inset].allSatisfy {
                $0.isActive
                    ? $0._storeToken == engine.store.token && engine.store.form(of: $0) === $0._form
                    : $0._storeToken == 0 && $0._form == nil
            }
        }
    }

    @Test func theRootFirst() {
        let f = Fixture()
        f.root.layoutIfNeeded()
        f.measurePanel()
        #expect(f.fieldsHeld(by: f.root))
        f.changeAndCheck(layingOut: f.root)
    }

    @Test func theSubviewFirst() {
        let f = Fixture()
        f.measurePanel()
        #expect(f.height._storeToken == 0)  // the subview's engine gave them back
        f.root.layoutIfNeeded()
        #expect(f.fieldsHeld(by: f.root))
        f.measurePanel()
        f.changeAndCheck(layingOut: f.root)
        #expect(f.fieldsHeld(by: f.root))
    }

    @Test func theRootsEngineDroppedThenTheSubview() {
        let f = Fixture()
        f.root.layoutIfNeeded()
        let outer = View(frame: Rect(x: 0, y: 0, width: 320, height: 400))
        outer.addSubview(f.root)  // the root's engine goes
        #expect(f.height._storeToken == 0)
        f.measurePanel()
        outer.layoutIfNeeded()
        #expect(f.fieldsHeld(by: outer))
        f.changeAndCheck(layingOut: outer)
        #expect(f.fieldsHeld(by: outer))
    }

    @Test func twoSubviewsMeasuredInTurn() {
        let f = Fixture()
        f.root.layoutIfNeeded()
        f.measurePanel()
        #expect(f.box.systemLayoutSizeFitting(Size(width: 0, height: 0)).height == 50)
        f.measurePanel()
        f.changeAndCheck(layingOut: f.root)
        #expect(f.fieldsHeld(by: f.root))
    }

    @Test func theRootRebuiltAfterASubviewWasMeasured() {
        let f = Fixture()
        f.root.layoutIfNeeded()
        f.measurePanel()
        f.root.addSubview(makeView("extra"))  // a rebuild: the store emptied
        f.root.layoutIfNeeded()
        #expect(f.fieldsHeld(by: f.root))
        f.measurePanel()
        f.changeAndCheck(layingOut: f.root)
        #expect(f.fieldsHeld(by: f.root))
    }
}
