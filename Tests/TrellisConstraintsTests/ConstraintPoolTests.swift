// The layout engine's solver forms come from a pool that freed solvers
// fill (Solver+ConstraintPool.swift): a kept constraint must be cleared,
// be taken only when nothing else holds it, and solve as a new one does.

import Testing

@testable import TrellisConstraints

@Suite struct ConstraintPoolTests {
    /// `terms relation constant` made by `solver` (from its pool when it
    /// has one), as the layout engine makes its forms.
    static func make(
        _ solver: Solver, _ terms: [(Variable, Double)], _ relation: Relation,
        _ constant: Double, priority: Priority = .required, identifier: String? = nil
    ) -> Constraint {
        let constraint = solver._makeConstraint(
            relation: relation, constant: constant, priority: priority, identifier: identifier,
            weight: 1)
        for (variable, coefficient) in terms { constraint._addTerm(variable, coefficient) }
        return constraint
    }

    /// A stack-like system of `count` boxes (tops chained 8 apart, heights
    /// 20 to 22, leading edges equal to the first's, widths at most the
    /// container's and wanting 280 to 286 at 750), the container's width
    /// an edit at 500 suggested `width`, every constraint made by the
    /// solver. Returns every variable's value and the constraints' identities.
    static func layOut(count: Int, width: Double, pool: _ConstraintPool) throws -> (
        values: [Double], identities: Set<ObjectIdentifier>
    ) {
        let solver = Solver()
        solver._constraintPool = pool
        let top = (0..<count).map { Variable("top\($0)") }
        let height = (0..<count).map { Variable("height\($0)") }
        let left = (0..<count).map { Variable("left\($0)") }
        let boxWidth = (0..<count).map { Variable("width\($0)") }
        let container = Variable("container")
        var made: [Constraint] = []
        func add(_ constraint: Constraint) throws {
            made.append(constraint)
            try solver.add(constraint)
        }
        try add(make(solver, [(top[0], 1)], .equal, 0))
        try add(make(solver, [(left[0], 1)], .equal, 16, identifier: "left"))
        for i in 0..<count {
            try add(make(solver, [(height[i], 1)], .equal, Double(20 + i % 3)))
            if i > 0 {
                try add(
                    make(solver, [(top[i], 1), (top[i - 1], -1), (height[i - 1], -1)], .equal, 8))
                try add(make(solver, [(left[i], 1), (left[0], -1)], .equal, 0))
            }
            try add(
                make(
                    solver, [(left[i], 1), (boxWidth[i], 1), (container, -1)], .lessThanOrEqual,
                    0))
            try add(
                make(
                    solver, [(boxWidth[i], 1)], .equal, Double(280 + i % 7), priority: .defaultHigh,
                    identifier: "width"))
        }
        try solver.addEditVariable(container, priority: Priority(rawValue: 500))
        try solver.suggestValue(width, for: container)
        solver.updateVariables()
        let values = (top + height + left + boxWidth + [container]).map(\.value)
        return (values, Set(made.map(ObjectIdentifier.init)))
    }

    @Test func keptConstraintsSolveAsNewOnes() throws {
        let reference = try Self.layOut(count: 300, width: 320, pool: _ConstraintPool())
        // Another system's constraints, given back as its solver is freed.
        let pool = _ConstraintPool()
        let first = try Self.layOut(count: 400, width: 375, pool: pool)
        #expect(pool.count == first.identities.count)
        let reused = try Self.layOut(count: 300, width: 320, pool: pool)
        #expect(reused.identities.isSubset(of: first.identities))
        #expect(reused.values.map(\.bitPattern) == reference.values.map(\.bitPattern))
    }

    @Test func keptConstraintsAreClearedAndHeldOnesStay() throws {
        let pool = _ConstraintPool()
        let x = Variable("x")
        let y = Variable("y")
        var held: Constraint?
        do {
            let solver = Solver()
            solver._constraintPool = pool
            try solver.add(Self.make(solver, [(x, 1)], .equal, 10, identifier: "x"))
            let kept = Self.make(solver, [(x, 1), (y, -1)], .lessThanOrEqual, 4, identifier: "xy")
            try solver.add(kept)
            held = kept
            // Made by its initialiser, not by the solver: never kept.
            try solver.add(Constraint(Expression(y), .greaterThanOrEqual, Expression(1.0)))
        }
        #expect(pool.count == 1)
        var spare: [Constraint] = []
        #expect(pool.take(8, into: &spare))
        #expect(spare.count == 1)
        for constraint in spare {
            #expect(constraint !== held)
            #expect(constraint._termCount == 0 && constraint.terms.isEmpty)
            #expect(constraint.identifier == nil)
            #expect(constraint._solver == nil && constraint._slot == -1)
            #expect(constraint._clientIndex == -1)
        }
        let stays = try #require(held)
        #expect(stays.identifier == "xy" && stays.terms.count == 2 && stays.constant == 4)
        #expect(stays._solver == nil)
        // A kept constraint is made as a new one.
        let solver = Solver()
        solver._constraintPool = _ConstraintPool()
        solver._constraintPool.give(&spare)
        let again = Self.make(solver, [(y, 2)], .greaterThanOrEqual, 3, identifier: "y")
        #expect(again.relation == .greaterThanOrEqual && again.constant == 3)
        #expect(again.identifier == "y" && again.priority == .required && again.weight == 1)
        #expect(again.terms.count == 1 && again.terms[0].coefficient == 2)
        try solver.add(again)
        solver.updateVariables()
        #expect(y.value == 1.5)
    }

    /// A kept constraint lets go of every variable it held, whatever its
    /// number of terms (held in the constraint itself up to four, in an
    /// array past them): the variables nothing else holds are freed.
    @Test func keptConstraintsLetTheirVariablesGo() throws {
        let pool = _ConstraintPool()
        var weakVariables: [() -> Variable?] = []
        do {
            let solver = Solver()
            solver._constraintPool = pool
            for count in 1...6 {
                let variables = (0..<count).map { Variable("v\(count).\($0)") }
                for variable in variables { weakVariables.append { [weak variable] in variable } }
                let terms = variables.enumerated().map { ($1, Double($0 + 1)) }
                try solver.add(Self.make(solver, terms, .greaterThanOrEqual, Double(count)))
            }
        }
        #expect(pool.count == 6)
        #expect(weakVariables.allSatisfy { $0() == nil })
    }
}
