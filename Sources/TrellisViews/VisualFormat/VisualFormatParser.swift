// Recursive-descent parser for the Visual Format Language (grammar in
// `VisualFormat`). Works on the string's characters; each character's
// `SourcePosition` (line, column in Unicode scalars) is found once up front.

import TrellisGeometry

struct VisualFormatParser {
    private let source: String
    private let characters: [Character]
    /// `positions[i]` is where `characters[i]` starts; one more for the end.
    private let positions: [SourcePosition]
    private var index = 0

    init(_ source: String) {
        self.source = source
        self.characters = Array(source)
        var positions: [SourcePosition] = []
        positions.reserveCapacity(characters.count + 1)
        var position = SourcePosition.start
        for character in characters {
            positions.append(position)
            // "\r\n" is one Character of two scalars, and it ends the line.
            if character.unicodeScalars.last == "\n" {
                position = SourcePosition(line: position.line + 1, column: 1)
            } else {
                position.column += character.unicodeScalars.count
            }
        }
        positions.append(position)
        self.positions = positions
    }

    // MARK: - Grammar rules

    /// `<visualFormatString>`
    mutating func parseFormat() throws(VisualFormatError) -> VisualFormat {
        skipSpaces()
        var orientation = VisualFormat.Orientation.horizontal
        if let first = peek(), first == "H" || first == "V" {
            index += 1
            skipSpaces()
            guard peek() == ":" else {
                throw error("Expected ':' after orientation '\(first)'", at: index)
            }
            index += 1
            orientation = first == "H" ? .horizontal : .vertical
            skipSpaces()
        }

        var leadingSuperview: VisualFormat.Connection?
        var leadingSuperviewPosition: SourcePosition?
        if peek() == "|" {
            leadingSuperviewPosition = positions[index]
            index += 1
            leadingSuperview = try parseConnection()
        }

        guard peek() == "[" else {
            let expected =
                leadingSuperview == nil ? "Expected 'H:', 'V:', '|' or '['" : "Expected '['"
            throw error(expected, at: index)
        }
        var elements = [try parseElement()]
        var connections: [VisualFormat.Connection] = []
        var trailingSuperview: VisualFormat.Connection?
        var trailingSuperviewPosition: SourcePosition?

        while !isAtEnd {
            let connection = try parseConnection()
            if peek() == "|" {
                trailingSuperviewPosition = positions[index]
                trailingSuperview = connection
                index += 1
                skipSpaces()
                guard isAtEnd else {
                    throw error("Expected the end of the format after the trailing '|'", at: index)
                }
                break
            }
            guard peek() == "[" else { throw error("Expected '[' or '|'", at: index) }
            connections.append(connection)
            elements.append(try parseElement())
        }

        return VisualFormat(
            orientation: orientation, leadingSuperview: leadingSuperview,
            leadingSuperviewPosition: leadingSuperviewPosition, elements: elements,
            connections: connections, trailingSuperview: trailingSuperview,
            trailingSuperviewPosition: trailingSuperviewPosition)
    }

    /// `<view>`: `[name]` or `[name(predicates)]`.
    private mutating func parseElement() throws(VisualFormatError) -> VisualFormat.Element {
        index += 1  // '['
        skipSpaces()
        let namePosition = positions[index]
        guard let name = parseIdentifier() else {
            throw error("Expected a view name", at: index)
        }
        skipSpaces()
        var predicates: [VisualFormat.Predicate] = []
        if peek() == "(" {
            predicates = try parsePredicateListWithParens()
            skipSpaces()
        }
        guard peek() == "]" else { throw error("Expected ']'", at: index) }
        index += 1
        skipSpaces()
        return VisualFormat.Element(name: name, namePosition: namePosition, predicates: predicates)
    }

    /// `<connection>`: empty (flush), `-` (standard) or `-<predicateList>-`.
    private mutating func parseConnection() throws(VisualFormatError) -> VisualFormat.Connection {
        skipSpaces()
        let position = positions[index]
        guard peek() == "-" else {
            if peek() == "[" || peek() == "|" { return .flush(position: position) }
            throw error("Expected '-', '[' or '|'", at: index)
        }
        index += 1
        skipSpaces()
        if peek() == "[" || peek() == "|" { return .standard(position: position) }

        let predicates: [VisualFormat.Predicate]
        if peek() == "(" {
            predicates = try parsePredicateListWithParens()
        } else {
            predicates = [try parseSimplePredicate()]
        }
        skipSpaces()
        guard peek() == "-" else { throw error("Expected '-'", at: index) }
        index += 1
        skipSpaces()
        return .predicates(predicates, position: position)
    }

    /// `<simplePredicate>`: a metric name or a positive number.
    private mutating func parseSimplePredicate() throws(VisualFormatError) -> VisualFormat.Predicate
    {
        let position = positions[index]
        if let name = parseIdentifier() {
            return VisualFormat.Predicate(
                relation: .equal, object: .name(name, position: position), priority: nil,
                position: position)
        }
        guard let number = try parseNumber(allowSign: false) else {
            throw error("Expected a number, a metric name or '('", at: index)
        }
        return VisualFormat.Predicate(
            relation: .equal, object: .number(number, position: position), priority: nil,
            position: position)
    }

    /// `<predicateListWithParens>`: `(p1, p2, ...)`.
    private mutating func parsePredicateListWithParens() throws(VisualFormatError)
        -> [VisualFormat.Predicate]
    {
        index += 1  // '('
        var predicates = [try parsePredicate()]
        while true {
            skipSpaces()
            if peek() == "," {
                index += 1
                predicates.append(try parsePredicate())
            } else if peek() == ")" {
                index += 1
                return predicates
            } else {
                throw error("Expected ',' or ')'", at: index)
            }
        }
    }

    /// `<predicate>`: `(<relation>)?(<objectOfPredicate>)(@<priority>)?`.
    private mutating func parsePredicate() throws(VisualFormatError) -> VisualFormat.Predicate {
        skipSpaces()
        let position = positions[index]
        let relation = try parseRelation()
        skipSpaces()
        let object = try parseValue(what: "a number, a metric name or a view name")
        skipSpaces()
        var priority: VisualFormat.Value?
        if peek() == "@" {
            index += 1
            skipSpaces()
            priority = try parseValue(what: "a priority (number or metric name)")
            if case .number(let value, let valuePosition) = priority, !(value >= 1 && value <= 1000)
            {
                throw error(
                    "Priority must be from 1 to 1000, not \(value)",
                    at: valuePosition)
            }
        }
        return VisualFormat.Predicate(
            relation: relation, object: object, priority: priority, position: position)
    }

    /// `<relation>`, `==` when none is written.
    private mutating func parseRelation() throws(VisualFormatError) -> VisualFormat.Relation {
        guard let first = peek(), first == "=" || first == "<" || first == ">" else {
            return .equal
        }
        index += 1
        guard peek() == "=" else { throw error("Expected '=' after '\(first)'", at: index) }
        index += 1
        switch first {
        case "<": return .lessThanOrEqual
        case ">": return .greaterThanOrEqual
        default: return .equal
        }
    }

    /// `<constant>`, `<viewName>` or `<priority>`: a name or a signed number.
    private mutating func parseValue(what: String) throws(VisualFormatError) -> VisualFormat.Value {
        let position = positions[index]
        if let name = parseIdentifier() { return .name(name, position: position) }
        if let number = try parseNumber(allowSign: true) {
            return .number(number, position: position)
        }
        throw error("Expected \(what)", at: index)
    }

    // MARK: - Tokens

    /// A C identifier (`[A-Za-z_][A-Za-z0-9_]*`), or nil without consuming anything.
    private mutating func parseIdentifier() -> String? {
        guard let first = peek(), first.isASCII, first.isLetter || first == "_" else { return nil }
        var name = String(first)
        index += 1
        while let next = peek(), next.isASCII, next.isLetter || next.isNumber || next == "_" {
            name.append(next)
            index += 1
        }
        return name
    }

    /// A decimal number (`12`, `1.5`, `.5`, `2.`, `1e3`), optionally signed,
    /// or nil without consuming anything when none starts here.
    private mutating func parseNumber(allowSign: Bool) throws(VisualFormatError) -> Double? {
        let start = index
        var text = ""
        if allowSign, let sign = peek(), sign == "+" || sign == "-" {
            text.append(sign)
            index += 1
        }
        var digits = appendDigits(to: &text)
        if peek() == "." {
            let afterDot = index + 1 < characters.count ? characters[index + 1] : nil
            let fractionFollows = afterDot.map { $0.isASCII && $0.isNumber } ?? false
            if digits > 0 || fractionFollows {
                text.append(".")
                index += 1
                digits += appendDigits(to: &text)
            }
        }
        guard digits > 0 else {
            index = start
            return nil
        }
        if let e = peek(), e == "e" || e == "E" {
            let exponentStart = index
            var exponent = "e"
            index += 1
            if let sign = peek(), sign == "+" || sign == "-" {
                exponent.append(sign)
                index += 1
            }
            if appendDigits(to: &exponent) == 0 {
                index = exponentStart  // "2e" is the number 2 followed by a name
            } else {
                text += exponent
            }
        }
        guard let value = Double(text), value.isFinite else {
            throw error("Number '\(text)' is out of range", at: start)
        }
        return value
    }

    // MARK: - Helpers

    /// Consumes ASCII digits, appending them to `text`; returns how many.
    private mutating func appendDigits(to text: inout String) -> Int {
        var count = 0
        while let digit = peek(), digit.isASCII, digit.isNumber {
            text.append(digit)
            index += 1
            count += 1
        }
        return count
    }

    private var isAtEnd: Bool { index >= characters.count }

    private func peek() -> Character? { index < characters.count ? characters[index] : nil }

    private mutating func skipSpaces() {
        while let c = peek(), c == " " || c == "\t" || c == "\n" { index += 1 }
    }

    private func error(_ message: String, at index: Int) -> VisualFormatError {
        VisualFormatError(message, at: positions[index], in: source)
    }

    private func error(_ message: String, at position: SourcePosition) -> VisualFormatError {
        VisualFormatError(message, at: position, in: source)
    }
}
