// Expression: a linear combination of variables plus a constant, with the
// arithmetic operators used to write constraints.

/// One variable times a coefficient.
public struct Term: CustomStringConvertible {
    /// The variable.
    public let variable: Variable
    /// The factor applied to the variable.
    public var coefficient: Double

    /// Creates `coefficient * variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String {
        coefficient == 1 ? variable.description : "\(formatNumber(coefficient)) * \(variable)"
    }
}

/// A linear expression: `c1 * v1 + c2 * v2 + ... + constant`.
///
///     let right = left + width          // Expression
///     let inset = 0.5 * (width - 32)    // Expression
public struct Expression: CustomStringConvertible {
    /// The variable terms, in the order written (a variable may repeat).
    public var terms: [Term]
    /// The constant term.
    public var constant: Double

    /// Creates an expression from terms and a constant.
    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `1 * variable`.
    public init(_ variable: Variable) {
        self.terms = [Term(variable)]
        self.constant = 0
    }

    /// The constant expression `constant`.
    public init(_ constant: Double) {
        self.terms = []
        self.constant = constant
    }

    public var description: String {
        var text = ""
        for term in terms {
            let magnitude = abs(term.coefficient)
            let factor = magnitude == 1 ? "" : "\(formatNumber(magnitude)) * "
            if text.isEmpty {
                text = (term.coefficient < 0 ? "-" : "") + factor + term.variable.description
            } else {
                text += (term.coefficient < 0 ? " - " : " + ") + factor + term.variable.description
            }
        }
        if text.isEmpty { return formatNumber(constant) }
        if constant != 0 { text += (constant < 0 ? " - " : " + ") + formatNumber(abs(constant)) }
        return text
    }

    func scaled(by factor: Double) -> Expression {
        var result = self
        for i in result.terms.indices { result.terms[i].coefficient *= factor }
        result.constant *= factor
        return result
    }

    func adding(_ other: Expression, times factor: Double) -> Expression {
        var result = self
        result.terms.reserveCapacity(terms.count + other.terms.count)
        for term in other.terms {
            result.terms.append(Term(term.variable, term.coefficient * factor))
        }
        result.constant += other.constant * factor
        return result
    }
}

/// Formats a number without a trailing ".0" for whole values.
func formatNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
        return String(Int64(value))
    }
    return String(describing: value)
}

// MARK: - Arithmetic

extension Expression {
    public static func + (lhs: Expression, rhs: Expression) -> Expression {
        lhs.adding(rhs, times: 1)
    }
    public static func - (lhs: Expression, rhs: Expression) -> Expression {
        lhs.adding(rhs, times: -1)
    }
    public static func + (lhs: Expression, rhs: Variable) -> Expression { lhs + Expression(rhs) }
    public static func - (lhs: Expression, rhs: Variable) -> Expression { lhs - Expression(rhs) }
    public static func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) + rhs }
    public static func - (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) - rhs }
    public static func + (lhs: Expression, rhs: Double) -> Expression {
        var result = lhs
        result.constant += rhs
        return result
    }
    public static func - (lhs: Expression, rhs: Double) -> Expression { lhs + -rhs }
    public static func + (lhs: Double, rhs: Expression) -> Expression { rhs + lhs }
    public static func - (lhs: Double, rhs: Expression) -> Expression { -rhs + lhs }
    public static prefix func - (operand: Expression) -> Expression { operand.scaled(by: -1) }
    public static func * (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: rhs) }
    public static func * (lhs: Double, rhs: Expression) -> Expression { rhs.scaled(by: lhs) }
    public static func / (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: 1 / rhs) }
}

extension Variable {
    public static func + (lhs: Variable, rhs: Variable) -> Expression {
        Expression(terms: [Term(lhs), Term(rhs)])
    }
    public static func - (lhs: Variable, rhs: Variable) -> Expression {
        Expression(terms: [Term(lhs), Term(rhs, -1)])
    }
    public static func + (lhs: Variable, rhs: Double) -> Expression {
        Expression(terms: [Term(lhs)], constant: rhs)
    }
    public static func - (lhs: Variable, rhs: Double) -> Expression {
        Expression(terms: [Term(lhs)], constant: -rhs)
    }
    public static func + (lhs: Double, rhs: Variable) -> Expression {
        Expression(terms: [Term(rhs)], constant: lhs)
    }
    public static func - (lhs: Double, rhs: Variable) -> Expression {
        Expression(terms: [Term(rhs, -1)], constant: lhs)
    }
    public static prefix func - (operand: Variable) -> Expression {
        Expression(terms: [Term(operand, -1)])
    }
    public static func * (lhs: Variable, rhs: Double) -> Expression {
        Expression(terms: [Term(lhs, rhs)])
    }
    public static func * (lhs: Double, rhs: Variable) -> Expression {
        Expression(terms: [Term(rhs, lhs)])
    }
    public static func / (lhs: Variable, rhs: Double) -> Expression {
        Expression(terms: [Term(lhs, 1 / rhs)])
    }
}
