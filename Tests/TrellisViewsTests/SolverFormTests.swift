// The solver form the engine writes for a layout constraint
// (`LayoutEngine.makeSolverConstraint`, terms merged as they are appended,
// without the linear form's arrays) against the general path it stands
// for: the constraint's linear form (`linearForm`) merged by
// `Constraint.init`, as the bridge's `_makeSolverConstraint` merges a
// linear form too. And the type
// names views are named after, read without a lock for the library's own
// classes, against `String(describing:)`.

import Testing
import TrellisConstraints
import TrellisGeometry

@testable import TrellisViews

@Suite struct SolverFormTests {
    /// A subclass the library does not know of: named through the general path.
    final class Badge: View {}

    /// Whether `form` has the terms (variables by identity, in order, and
    /// coefficients to the bit), relation and constant of the general path.
    static func agrees(_ engine: LayoutEngine, _ constraint: LayoutConstraint) -> Bool {
        guard let form = engine.makeSolverConstraint(constraint),
            let (lhs, relation, rhs) = engine.linearForm(constraint)
        else { return false }
        func expression(_ linear: _Linear) -> Expression {
            Expression(terms: linear.terms.map { Term($0.0, $0.1) }, constant: linear.constant)
        }
        let general = Constraint(
            expression(lhs), relation.solverRelation, expression(rhs),
            priority: constraint.priority.solverPriority, identifier: constraint.identifier)
        // The bridge's form of a linear form (intrinsic sizes, probes) too.
        let bridged = _makeSolverConstraint(
            lhs, relation, rhs, priority: constraint.priority, identifier: constraint.identifier)
        return same(form, general) && same(bridged, general)
    }

    static func same(_ form: Constraint, _ general: Constraint) -> Bool {
        form.terms.map { ObjectIdentifier($0.variable) }
            == general.terms.map { ObjectIdentifier($0.variable) }
            && form.terms.map(\.coefficient.bitPattern)
                == general.terms.map(\.coefficient.bitPattern)
            && form.relation == general.relation
            && form.constant.bitPattern == general.constant.bitPattern
            && form.priority == general.priority && form.identifier == general.identifier
    }

    /// Every pair of attributes along each axis, between two views, a view
    /// and a guide, a view and itself (terms that cancel), with and without
    /// a multiplier, in both layout directions; baselines of a label; sizes
    /// against constants; a flexible autoresizing frame's constraints.
    @Test(arguments: [false, true])
    func solverFormsEqualTheMergedLinearForms(rightToLeft: Bool) {
        let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
        root.semanticContentAttribute = rightToLeft ? .forceRightToLeft : .forceLeftToRight
        let a = makeView("a")
        let label = makeLabel("Thing 1", name: "label")
        let framed = View(frame: Rect(x: 10, y: 20, width: 100, height: 40))
        framed.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleBottomMargin]
        for view in [a, label, framed] { root.addSubview(view) }
        let guide = root.layoutMarginsGuide
        let engine = LayoutEngine(root: root)
        let x: [LayoutAttribute] = [.left, .right, .centerX, .leading, .trailing]
        let y: [LayoutAttribute] = [.top, .bottom, .centerY, .firstBaseline, .lastBaseline]
        var constraints: [LayoutConstraint] = []
        for (attributes, size) in [(x, LayoutAttribute.width), (y, .height)] {
            for first in attributes {
                for second in attributes {
                    for (item, other) in [(a, label), (a, a), (label, guide), (guide, label)]
                        as [(LayoutItem, LayoutItem)]
                    {
                        for multiplier in [1, 0.5] {
                            constraints.append(
                                LayoutConstraint(
                                    item, first, .lessThanOrEqual, other, second,
                                    multiplier: multiplier, constant: 12.5, priority: .required,
                                    origin: .user))
                        }
                    }
                }
            }
            constraints.append(
                LayoutConstraint(
                    label, size, .greaterThanOrEqual, nil, .notAnAttribute, constant: 30,
                    priority: .defaultLow, origin: .user, identifier: "size"))
            constraints.append(
                LayoutConstraint(
                    a, size, .equal, label, size, multiplier: 2, constant: -4,
                    priority: .defaultHigh, origin: .user))
        }
        constraints += engine.autoresizingConstraints(framed, superview: root)
        #expect(constraints.count == 2 * (5 * 5 * 4 * 2 + 2) + 4)
        for constraint in constraints {
            #expect(Self.agrees(engine, constraint), "\(constraint)")
        }
        // A constraint whose terms all cancel keeps none.
        let cancelled = LayoutConstraint(
            a, .centerY, .equal, a, .centerY, constant: 0, priority: .required, origin: .user)
        #expect(engine.makeSolverConstraint(cancelled)?.terms.isEmpty == true)
    }

    /// The library's view classes and a subclass of the user's are named
    /// as `String(describing:)` names their type.
    @Test func viewsAreNamedAfterTheirType() {
        let types: [View.Type] = [
            View.self, StackView.self, Label.self, ImageView.self, Badge.self,
        ]
        for type in types {
            #expect(View._typeName(type) == String(describing: type))
        }
        #expect(View().layoutName.hasPrefix("View#"))
        #expect(StackView().layoutName.hasPrefix("StackView#"))
        #expect(Label(text: "", style: testStyle).layoutName.hasPrefix("Label#"))
        #expect(ImageView().layoutName.hasPrefix("ImageView#"))
        #expect(Badge().layoutName.hasPrefix("Badge#"))
    }
}
