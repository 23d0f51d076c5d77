import Testing

@testable import TrellisConstraints

@Suite struct ExpressionTests {
    @Test func constraintMovesVariablesLeftAndConstantsRight() {
        let a = Variable("a"), b = Variable("b")
        // a + 2 == 3b + 10  →  a - 3b == 8
        let c = a + 2 == 3 * b + 10
        #expect(c.terms.map(\.variable) == [a, b])
        #expect(c.terms.map(\.coefficient) == [1, -3])
        #expect(c.constant == 8)
        #expect(c.relation == .equal)
        #expect(c.priority == .required)
    }

    /// A variable against a number is built directly (one term, no
    /// intermediate expressions); it must be the constraint the expression
    /// path stores: `v rel c` as `v rel c`, `c rel v` as `-v rel -c`.
    @Test func variableAgainstNumberMatchesTheExpressionPath() {
        let v = Variable("v")
        for number in [16.0, -2.5, 0] {
            let pairs: [(Constraint, Constraint)] = [
                (v == number, Expression(v) == Expression(number)),
                (v <= number, Expression(v) <= Expression(number)),
                (v >= number, Expression(v) >= Expression(number)),
                (number == v, Expression(number) == Expression(v)),
                (number <= v, Expression(number) <= Expression(v)),
                (number >= v, Expression(number) >= Expression(v)),
            ]
            for (direct, reference) in pairs {
                #expect(direct.terms.map(\.variable) == reference.terms.map(\.variable))
                #expect(direct.terms.map(\.coefficient) == reference.terms.map(\.coefficient))
                #expect(direct.constant == reference.constant)
                #expect(direct.constant.sign == reference.constant.sign)
                #expect(direct.relation == reference.relation)
                #expect(direct.priority == reference.priority && direct.identifier == nil)
            }
        }
    }

    @Test func repeatedVariablesMergeAndCancellingOnesDisappear() {
        let a = Variable("a"), b = Variable("b")
        let c = Constraint(a + b + a, .lessThanOrEqual, Expression(b) + 4)
        #expect(c.terms.count == 1)
        #expect(c.terms[0].variable === a && c.terms[0].coefficient == 2)
        #expect(c.constant == 4)
    }

    @Test func arithmeticScalesAndNegates() {
        let a = Variable("a")
        let e = -(a * 3 - 6) / 3  // -a + 2
        #expect(e.terms[0].coefficient == -1)
        #expect(e.constant == 2)
    }

    @Test func descriptionReadsLikeTheConstraint() {
        let left = Variable("title.left"), right = Variable("cover.right")
        let c = Constraint(
            Expression(left), .equal, right + 16, priority: .defaultHigh, identifier: "gap")
        #expect(c.description == "gap: title.left - cover.right == 16 @750")
        #expect(
            (0.5 * left - 2 * right <= -3).description == "0.5 * title.left - 2 * cover.right <= -3"
        )
    }

    @Test func priorityConstantsMatchUIKit() {
        #expect(Priority.required.rawValue == 1000)
        #expect(Priority.defaultHigh.rawValue == 750)
        #expect(Priority.dragThatCanResizeScene.rawValue == 510)
        #expect(Priority.sceneSizeStayPut.rawValue == 500)
        #expect(Priority.dragThatCannotResizeScene.rawValue == 490)
        #expect(Priority.defaultLow.rawValue == 250)
        #expect(Priority.fittingSizeLevel.rawValue == 50)
        #expect(Priority.defaultLow < .defaultHigh)
    }

    @Test func violationMeasuresTheDistanceFromHolding() {
        let x = Variable("x")
        x.value = 7
        #expect((x <= 5).violation == 2)
        #expect((x >= 5).violation == 0)
        #expect((x == 10).violation == 3)
    }
}
