// The only place that knows how TrellisConstraints spells expressions and
// constants: the engine builds `_Linear` values and hands them over here.

import TrellisConstraints

/// A solver constraint `lhs relation rhs`.
func _makeSolverConstraint(
    _ lhs: _Linear, _ relation: LayoutRelation, _ rhs: _Linear, priority: LayoutPriority,
    identifier: String?, weight: Double = 1
) -> Constraint {
    Constraint(
        _expression(lhs), relation.solverRelation, _expression(rhs),
        priority: priority.solverPriority, identifier: identifier, weight: weight)
}

/// A solver constraint over terms already merged (each variable once, none
/// cancelled), `terms relation constant`.
func _makeSolverConstraint(
    mergedTerms terms: [Term], _ relation: LayoutRelation, constant: Double,
    priority: LayoutPriority, identifier: String?, weight: Double
) -> Constraint {
    Constraint(
        mergedTerms: terms, relation: relation.solverRelation, constant: constant,
        priority: priority.solverPriority, identifier: identifier, weight: weight)
}

/// Gives an installed constraint a new constant: `value` is the right-hand
/// side's constant minus the left-hand side's, as the engine's linear form has
/// them (same terms, new constants).
func _setSolverConstant(_ value: Double, of constraint: Constraint, in solver: Solver)
    throws(SolverError) -> ConstraintConflict?
{
    try solver.setConstant(value, for: constraint)
}

private func _expression(_ linear: _Linear) -> Expression {
    Expression(terms: linear.terms.map { Term($0.0, $0.1) }, constant: linear.constant)
}
