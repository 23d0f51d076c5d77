// The only place that knows how TrellisConstraints spells expressions and
// constants: the engine builds `_Linear` values and hands them over here.

import TrellisConstraints

/// A solver constraint `lhs relation rhs`: what `Constraint(lhs,
/// relation, rhs)` over the two expressions makes (each `factor ×
/// coefficient` added to its variable's term, `lhs` times 1 then `rhs`
/// times -1, in first-use order, cancelled terms dropped; the constant
/// `rhs.constant - lhs.constant`), built straight into the constraint
/// without the expressions' arrays. Made by `solver` when given
/// (`Solver._makeConstraint`: an object a freed engine's solver gave back
/// when there is one).
func _makeSolverConstraint(
    _ lhs: _Linear, _ relation: LayoutRelation, _ rhs: _Linear, priority: LayoutPriority,
    identifier: String?, weight: Double = 1, madeBy solver: Unmanaged<Solver>? = nil
) -> Constraint {
    let relation = relation.solverRelation
    let constant = rhs.constant - lhs.constant
    let priority = priority.solverPriority
    let form =
        solver?._withUnsafeGuaranteedRef {
            $0._makeConstraint(
                relation: relation, constant: constant, priority: priority,
                identifier: identifier, weight: weight)
        }
        ?? Constraint(
            relation: relation, constant: constant, priority: priority, identifier: identifier,
            weight: weight)
    for (variable, coefficient) in lhs.terms { form._addTerm(variable, 1 * coefficient) }
    for (variable, coefficient) in rhs.terms { form._addTerm(variable, -1 * coefficient) }
    form._removeZeroTerms()
    return form
}

/// Gives an installed constraint a new constant: `value` is the right-hand
/// side's constant minus the left-hand side's, as the engine's linear form has
/// them (same terms, new constants).
func _setSolverConstant(_ value: Double, of constraint: Constraint, in solver: Solver)
    throws(SolverError) -> ConstraintConflict?
{
    try solver.setConstant(value, for: constraint)
}
