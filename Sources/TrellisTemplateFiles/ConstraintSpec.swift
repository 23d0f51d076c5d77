// Constraints written as text, in the form the logs print them:
//   cover.leading == contentView.leading + 16
//   sub.bottom == contentView.bottom - 16 @750
//   a.width == 0.5 * b.width + 10
//   title.leading == contentView.margins.leading
//   header.top >= contentView.safeArea.top + inset      (inset: a metric)

import TrellisCells
import TrellisData

/// The attributes a constraint can relate, as `NSLayoutConstraint.Attribute`.
public enum LayoutAttributeName: String, CaseIterable, Sendable {
    case leading, trailing, left, right, top, bottom, width, height, centerX, centerY
    case firstBaseline, lastBaseline

    /// Width and height are sizes; all others are positions.
    public var isDimension: Bool { self == .width || self == .height }

    /// True for attributes along the x axis.
    public var isHorizontal: Bool {
        switch self {
        case .leading, .trailing, .left, .right, .width, .centerX: return true
        default: return false
        }
    }
}

/// One side of a constraint: an item (a view id or `contentView`), an
/// optional guide of it, and an attribute.
public struct AnchorSpec: Hashable, Sendable, CustomStringConvertible {
    public enum Guide: String, Sendable {
        case margins, safeArea
    }

    public var item: String
    public var guide: Guide?
    public var attribute: LayoutAttributeName

    public init(item: String, guide: Guide? = nil, attribute: LayoutAttributeName) {
        self.item = item
        self.guide = guide
        self.attribute = attribute
    }

    public var description: String {
        [item, guide?.rawValue, attribute.rawValue].compactMap { $0 }.joined(separator: ".")
    }
}

/// The relation of a constraint.
public enum RelationSpec: String, Sendable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}

/// A parsed constraint: `first relation multiplier × second + constant @priority`.
public struct ConstraintSpec: Hashable, Sendable, CustomStringConvertible {
    public var first: AnchorSpec
    public var relation: RelationSpec
    public var second: AnchorSpec?
    public var multiplier: Double
    public var constant: Double
    /// 1...1000, as `UILayoutPriority`.
    public var priority: Double
    public var identifier: String?

    public init(
        first: AnchorSpec, relation: RelationSpec, second: AnchorSpec?, multiplier: Double = 1,
        constant: Double = 0,
        priority: Double = 1000, identifier: String? = nil
    ) {
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.identifier = identifier
    }

    /// The constraint in the form the parser reads (and logs print).
    public var description: String {
        var text = "\(first) \(relation.rawValue)"
        if let second {
            text += multiplier == 1 ? " \(second)" : " \(JSON.numberText(multiplier)) * \(second)"
            if constant > 0 { text += " + \(JSON.numberText(constant))" }
            if constant < 0 { text += " - \(JSON.numberText(-constant))" }
        } else {
            text += " \(JSON.numberText(constant))"
        }
        if priority != 1000 { text += " @\(JSON.numberText(priority))" }
        return text
    }
}

/// A constraint string that could not be read, with the position in the
/// string where the problem starts (`Expected '==', '<=' or '>=' at 1:15`).
public struct ConstraintSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the constraint string; the column after the last character
    /// means "at the end".
    public var position: SourcePosition
    public var message: String

    public init(position: SourcePosition, message: String) {
        self.position = position
        self.message = message
    }

    public var description: String { "\(message) at \(position)" }
}

/// Reads constraint strings.
///
/// Grammar (whitespace anywhere between tokens):
///
///     constraint := anchor relation rhs [ "@" priority ]
///     relation   := "==" | "<=" | ">="
///     rhs        := term { ("+" | "-") constant } | constant { ("+" | "-") constant }
///     term       := [ constant "*" ] anchor [ "*" constant ]
///     anchor     := item [ "." guide ] "." attribute     guide: margins | safeArea
///     constant   := [ "-" ] number | metric name
///     priority   := number (1...1000) | required | defaultHigh | defaultLow | fittingSizeLevel
///
/// A position attribute (top, leading, …) needs a second anchor; sizes and
/// positions cannot be related to each other; horizontal and vertical
/// attributes cannot be mixed (Auto Layout's rules).
public struct ConstraintParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private let metrics: [String: Double]

    /// Parses one constraint; `metrics` gives values to names used as constants.
    public static func parse(_ text: String, metrics: [String: Double] = [:])
        throws(ConstraintSyntaxError) -> ConstraintSpec
    {
        var parser = ConstraintParser(scalars: Array(text.unicodeScalars), metrics: metrics)
        return try parser.constraint()
    }

    private init(scalars: [Unicode.Scalar], metrics: [String: Double]) {
        self.scalars = scalars
        self.metrics = metrics
    }

    private func error(_ message: String, at position: Int? = nil) -> ConstraintSyntaxError {
        ConstraintSyntaxError(
            position: SourcePosition(scalarOffset: position ?? index, in: scalars), message: message
        )
    }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    private mutating func peek() -> Unicode.Scalar? {
        skipSpaces()
        return index < scalars.count ? scalars[index] : nil
    }

    private mutating func constraint() throws(ConstraintSyntaxError) -> ConstraintSpec {
        guard peek() != nil else { throw error("Expected a constraint") }
        let firstStart = index
        let first = try anchor()
        let relation = try relationToken()
        var second: AnchorSpec?
        var multiplier = 1.0
        var constant = 0.0
        var secondStart = index

        // The right-hand side: an anchor term, or constants only.
        skipSpaces()
        secondStart = index
        if startsAnchor() {
            second = try anchor()
            if peek() == "*" {
                index += 1
                multiplier = try constantValue()
            }
        } else {
            let value = try constantValue()
            if peek() == "*" {
                index += 1
                multiplier = value
                skipSpaces()
                secondStart = index
                guard startsAnchor() else { throw error("Expected an anchor after '*'") }
                second = try anchor()
            } else {
                constant = value
            }
        }
        while let next = peek(), next == "+" || next == "-" {
            let termStart = index
            index += 1
            let value = try constantValue()
            constant += next == "+" ? value : -value
            guard constant.isFinite else {
                throw error("The constant is out of range", at: termStart)
            }
        }
        var priority = 1000.0
        if peek() == "@" {
            index += 1
            priority = try priorityValue()
        }
        if peek() != nil { throw error("Unexpected '\(scalars[index])'") }

        // Auto Layout's rules on which attributes may be related.
        if let second {
            if first.attribute.isDimension != second.attribute.isDimension {
                throw error(
                    "Cannot relate a size (\(first.attribute.isDimension ? first : second)) to a position (\(first.attribute.isDimension ? second : first))",
                    at: secondStart)
            }
            if first.attribute.isHorizontal != second.attribute.isHorizontal {
                throw error(
                    "Cannot relate a horizontal attribute to a vertical one", at: secondStart)
            }
            guard multiplier.isFinite, multiplier != 0 else {
                throw error("Multiplier must be a finite non-zero number", at: secondStart)
            }
        } else if !first.attribute.isDimension {
            throw error(
                "A position (\(first.attribute.rawValue)) needs a second anchor", at: firstStart)
        }
        return ConstraintSpec(
            first: first, relation: relation, second: second, multiplier: multiplier,
            constant: constant,
            priority: priority)
    }

    private mutating func startsAnchor() -> Bool {
        // An identifier followed by '.' starts an anchor; a lone identifier is a metric.
        guard let first = peek(), isIdentifierStart(first) else { return false }
        var i = index
        while i < scalars.count, isIdentifierPart(scalars[i]) { i += 1 }
        while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
        return i < scalars.count && scalars[i] == "."
    }

    private mutating func anchor() throws(ConstraintSyntaxError) -> AnchorSpec {
        skipSpaces()
        let start = index
        var parts: [(String, Int)] = [(try identifier(), start)]
        while peek() == "." {
            index += 1
            skipSpaces()
            parts.append((try identifier(), index))
        }
        guard parts.count >= 2 else { throw error("Expected '.attribute' after '\(parts[0].0)'") }
        let (attributeName, attributeStart) = parts[parts.count - 1]
        guard let attribute = LayoutAttributeName(rawValue: attributeName) else {
            throw error(
                "Unknown attribute '\(attributeName)' (expected one of \(LayoutAttributeName.allCases.map(\.rawValue).joined(separator: ", ")))",
                at: attributeStart - attributeName.unicodeScalars.count)
        }
        var guide: AnchorSpec.Guide?
        if parts.count == 3 {
            let (guideName, guideStart) = parts[1]
            switch guideName {
            case "margins", "layoutMarginsGuide": guide = .margins
            case "safeArea", "safeAreaLayoutGuide": guide = .safeArea
            default:
                throw error(
                    "Unknown guide '\(guideName)' (expected margins or safeArea)",
                    at: guideStart - guideName.unicodeScalars.count)
            }
        } else if parts.count > 3 {
            throw error("Too many parts in anchor", at: start)
        }
        return AnchorSpec(item: parts[0].0, guide: guide, attribute: attribute)
    }

    private mutating func identifier() throws(ConstraintSyntaxError) -> String {
        skipSpaces()
        guard index < scalars.count, isIdentifierStart(scalars[index]) else {
            throw error("Expected a name")
        }
        var name = String.UnicodeScalarView()
        while index < scalars.count, isIdentifierPart(scalars[index]) {
            name.append(scalars[index])
            index += 1
        }
        return String(name)
    }

    private mutating func relationToken() throws(ConstraintSyntaxError) -> RelationSpec {
        skipSpaces()
        guard index + 1 < scalars.count, scalars[index + 1] == "=" else {
            throw error("Expected '==', '<=' or '>='")
        }
        let relation: RelationSpec
        switch scalars[index] {
        case "=": relation = .equal
        case "<": relation = .lessThanOrEqual
        case ">": relation = .greaterThanOrEqual
        default: throw error("Expected '==', '<=' or '>='")
        }
        index += 2
        return relation
    }

    private mutating func constantValue() throws(ConstraintSyntaxError) -> Double {
        guard let next = peek() else { throw error("Expected a number") }
        var sign = 1.0
        if next == "-" {
            sign = -1
            index += 1
            skipSpaces()
        }
        guard index < scalars.count else { throw error("Expected a number") }
        if isIdentifierStart(scalars[index]) {
            let start = index
            let name = try identifier()
            guard let value = metrics[name] else {
                throw error("Unknown metric '\(name)'", at: start)
            }
            guard value.isFinite else {
                throw error("Metric '\(name)' is not a finite number", at: start)
            }
            return sign * value
        }
        let start = index
        var text = ""
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." {
            text.unicodeScalars.append(scalars[index])
            index += 1
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            text.unicodeScalars.append(scalars[index])
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        guard let value = Double(text) else { throw error("Expected a number", at: start) }
        guard value.isFinite else { throw error("Number out of range", at: start) }
        return sign * value
    }

    private mutating func priorityValue() throws(ConstraintSyntaxError) -> Double {
        skipSpaces()
        let start = index
        if index < scalars.count, isIdentifierStart(scalars[index]) {
            let name = try identifier()
            switch name {
            case "required": return 1000
            case "defaultHigh", "high": return 750
            case "defaultLow", "low": return 250
            case "fittingSizeLevel": return 50
            default:
                if let value = metrics[name], (1...1000).contains(value) { return value }
                throw error("Unknown priority '\(name)'", at: start)
            }
        }
        let value = try constantValue()
        guard value >= 1, value <= 1000 else {
            throw error("Priority must be 1...1000, got \(JSON.numberText(value))", at: start)
        }
        return value
    }

    private func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    private func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }
}
