// The views' own priority and relation: UIKit's named levels, and what the
// engine hands the solver for each.

import Testing
import TrellisConstraints
import TrellisGeometry

@testable import TrellisViews

@Suite struct LayoutPriorityTests {
    /// `UILayoutPriority`'s named levels: required 1000, defaultHigh 750,
    /// dragThatCanResizeScene 510, sceneSizeStayPut 500,
    /// dragThatCannotResizeScene 490, defaultLow 250, fittingSizeLevel 50.
    @Test func namedLevelsAreUIKits() {
        let levels: [(LayoutPriority, Float)] = [
            (.required, 1000), (.defaultHigh, 750), (.dragThatCanResizeScene, 510),
            (.sceneSizeStayPut, 500), (.dragThatCannotResizeScene, 490), (.defaultLow, 250),
            (.fittingSizeLevel, 50),
        ]
        for (priority, value) in levels {
            #expect(priority.rawValue == value)
            #expect(priority.solverPriority == Priority(rawValue: value))
        }
        #expect((LayoutPriority.defaultHigh + 1).rawValue == 751)
        #expect((LayoutPriority.required - 1).isRequired == false)
        #expect(LayoutPriority(999.5).description == "999.5")
        #expect(LayoutPriority.required.description == "1000")
    }

    /// The views' types are their own, not the solver's under another name.
    @Test func theViewsTypesAreNotTheSolvers() {
        #expect(ObjectIdentifier(LayoutPriority.self) != ObjectIdentifier(Priority.self))
        #expect(ObjectIdentifier(LayoutRelation.self) != ObjectIdentifier(Relation.self))
    }

    /// Each relation reaches the solver as itself: a view 100 wide at
    /// most, at least, or exactly, against a wish for 50 or 150.
    @Test func eachRelationHoldsAsWritten() throws {
        let cases: [(LayoutRelation, Relation, Double, Double)] = [
            (.lessThanOrEqual, .lessThanOrEqual, 150, 100),
            (.greaterThanOrEqual, .greaterThanOrEqual, 50, 100),
            (.equal, .equal, 150, 100),
        ]
        for (relation, solverRelation, wish, width) in cases {
            #expect(relation.solverRelation == solverRelation)
            let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
            let child = makeView("child")
            root.addSubview(child)
            var constraints = [
                child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                child.topAnchor.constraint(equalTo: root.topAnchor),
                child.heightAnchor.constraint(equalToConstant: 10),
            ]
            switch relation {
            case .lessThanOrEqual:
                constraints.append(child.widthAnchor.constraint(lessThanOrEqualToConstant: 100))
            case .greaterThanOrEqual:
                constraints.append(child.widthAnchor.constraint(greaterThanOrEqualToConstant: 100))
            case .equal:
                constraints.append(child.widthAnchor.constraint(equalToConstant: 100))
            }
            let preference = child.widthAnchor.constraint(equalToConstant: wish)
            preference.priority = .defaultLow
            constraints.append(preference)
            LayoutConstraint.activate(constraints)
            root.layoutIfNeeded()
            #expect(child.frame.size.width == width, "\(relation)")
        }
    }
}
