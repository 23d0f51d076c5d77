// The Visual Format Language parser: Apple's grammar into a syntax tree, and
// errors that point at the offending character.

import Testing
import TrellisGeometry

@testable import TrellisViews

/// Where a one-line format's 1-based `column` is (VFL positions count from 1).
private func column(_ column: Int) -> SourcePosition { SourcePosition(line: 1, column: column) }

@Suite struct VisualFormatParserTests {
    @Test func orientationDefaultsToHorizontal() throws {
        #expect(try VisualFormat(parsing: "[a]").orientation == .horizontal)
        #expect(try VisualFormat(parsing: "H:[a]").orientation == .horizontal)
        #expect(try VisualFormat(parsing: "V:[a]").orientation == .vertical)
    }

    @Test func superviewsAndStandardSpacing() throws {
        let format = try VisualFormat(parsing: "|-[a]-|")
        #expect(format.leadingSuperview == .standard(position: column(2)))
        #expect(format.leadingSuperviewPosition == column(1))
        #expect(format.trailingSuperview == .standard(position: column(6)))
        #expect(format.trailingSuperviewPosition == column(7))
        #expect(format.elements.map(\.name) == ["a"])
    }

    @Test func flushConnectionsBetweenViewsAndToSuperview() throws {
        let format = try VisualFormat(parsing: "|[a][b]|")
        #expect(format.leadingSuperview == .flush(position: column(2)))
        #expect(format.connections == [.flush(position: column(5))])
        #expect(format.trailingSuperview == .flush(position: column(8)))
    }

    @Test func simplePredicateNumberAndMetric() throws {
        let format = try VisualFormat(parsing: "[a]-20-[b]-gap-[c]")
        #expect(
            format.connections == [
                .predicates(
                    [
                        .init(
                            relation: .equal, object: .number(20, position: column(5)),
                            priority: nil,
                            position: column(5))
                    ], position: column(4)),
                .predicates(
                    [
                        .init(
                            relation: .equal, object: .name("gap", position: column(12)),
                            priority: nil,
                            position: column(12))
                    ], position: column(11)),
            ])
    }

    @Test func predicateListWithRelationsAndPriorities() throws {
        let format = try VisualFormat(parsing: "H:[a(>=50@750,<=b)]")
        let predicates = format.elements[0].predicates
        #expect(predicates.count == 2)
        #expect(predicates[0].relation == .greaterThanOrEqual)
        #expect(predicates[0].object == .number(50, position: column(8)))
        #expect(predicates[0].priority == .number(750, position: column(11)))
        #expect(predicates[1].relation == .lessThanOrEqual)
        #expect(predicates[1].object == .name("b", position: column(17)))
        #expect(predicates[1].priority == nil)
    }

    @Test func viewToViewPredicate() throws {
        let format = try VisualFormat(parsing: "[a(==b)]")
        #expect(
            format.elements[0].predicates == [
                .init(
                    relation: .equal, object: .name("b", position: column(6)), priority: nil,
                    position: column(4))
            ])
    }

    @Test func numbersWithFractionsExponentsAndSigns() throws {
        let format = try VisualFormat(parsing: "[a(0.5,.25,2e1,-3,+4)]")
        let values = format.elements[0].predicates.map(\.object)
        #expect(
            values == [
                .number(0.5, position: column(4)), .number(0.25, position: column(8)),
                .number(20, position: column(12)),
                .number(-3, position: column(16)), .number(4, position: column(19)),
            ])
    }

    @Test func spacesBetweenTokensAreIgnored() throws {
        let format = try VisualFormat(parsing: " V: | - [ a ( >= 10 ) ] - | ")
        #expect(format.orientation == .vertical)
        #expect(format.elements[0].predicates[0].object == .number(10, position: column(18)))
        #expect(format.trailingSuperview != nil)
    }

    @Test func connectionPredicateList() throws {
        let format = try VisualFormat(parsing: "|-(>=8,<=20@500)-[a]")
        guard case .predicates(let predicates, _) = format.leadingSuperview else {
            Issue.record("expected predicates")
            return
        }
        #expect(predicates.map(\.relation) == [.greaterThanOrEqual, .lessThanOrEqual])
        #expect(predicates[1].priority == .number(500, position: column(13)))
    }

    // MARK: Errors, each with the position of the character at fault

    @Test func missingClosingBracket() {
        #expect(throws: VisualFormatError("Expected ']'", at: column(12), in: "H:|-[button")) {
            try VisualFormat(parsing: "H:|-[button")
        }
    }

    @Test func errorDescriptionPointsAtTheCharacter() {
        let error = VisualFormatError("Expected ']'", at: column(12), in: "H:|-[button")
        #expect(error.description == "Expected ']' at 1:12\nH:|-[button\n           ^")
    }

    @Test func missingViewName() {
        #expect(throws: VisualFormatError("Expected a view name", at: column(2), in: "[]")) {
            try VisualFormat(parsing: "[]")
        }
    }

    @Test func orientationWithoutColon() {
        #expect(
            throws: VisualFormatError(
                "Expected ':' after orientation 'H'", at: column(2), in: "H[a]")
        ) {
            try VisualFormat(parsing: "H[a]")
        }
    }

    @Test func unknownStart() {
        #expect(
            throws: VisualFormatError("Expected 'H:', 'V:', '|' or '['", at: column(1), in: "x")
        ) {
            try VisualFormat(parsing: "x")
        }
    }

    @Test func emptyString() {
        #expect(throws: VisualFormatError("Expected 'H:', 'V:', '|' or '['", at: column(1), in: ""))
        {
            try VisualFormat(parsing: "")
        }
    }

    @Test func superviewOnly() {
        #expect(throws: VisualFormatError("Expected '['", at: column(3), in: "|-|")) {
            try VisualFormat(parsing: "|-|")
        }
    }

    @Test func unclosedConnection() {
        #expect(throws: VisualFormatError("Expected '-'", at: column(7), in: "[a]-20[b]")) {
            try VisualFormat(parsing: "[a]-20[b]")
        }
    }

    @Test func halfRelation() {
        #expect(throws: VisualFormatError("Expected '=' after '>'", at: column(5), in: "[a(>5)]")) {
            try VisualFormat(parsing: "[a(>5)]")
        }
    }

    @Test func priorityOutOfRange() {
        #expect(
            throws: VisualFormatError(
                "Priority must be from 1 to 1000, not 1001.0", at: column(7), in: "[a(10@1001)]")
        ) {
            try VisualFormat(parsing: "[a(10@1001)]")
        }
    }

    @Test func numberOutOfRange() {
        #expect(
            throws: VisualFormatError(
                "Number '1e999' is out of range", at: column(4), in: "[a(1e999)]")
        ) {
            try VisualFormat(parsing: "[a(1e999)]")
        }
    }

    @Test func textAfterTrailingSuperview() {
        #expect(
            throws: VisualFormatError(
                "Expected the end of the format after the trailing '|'", at: column(6),
                in: "[a]-|[b]")
        ) {
            try VisualFormat(parsing: "[a]-|[b]")
        }
    }

    @Test func positionsCountLinesFromOne() {
        // Names are ASCII, so the first character that is not is the error.
        #expect(throws: VisualFormatError("Expected a view name", at: column(2), in: "[é")) {
            try VisualFormat(parsing: "[é")
        }
        let format = "H:|-[a]\n-[b]-🇫🇷"
        do {
            _ = try VisualFormat(parsing: format)
            Issue.record("no error for \(format)")
        } catch {
            // Line 2 is "-[b]-🇫🇷": the flag (two scalars) starts at column 6.
            #expect(error.position == SourcePosition(line: 2, column: 6))
            #expect(
                error.description
                    == "Expected a number, a metric name or '(' at 2:6\n-[b]-🇫🇷\n     ^")
        }
    }

    @Test func unclosedPredicateList() {
        #expect(throws: VisualFormatError("Expected ',' or ')'", at: column(6), in: "[a(10]")) {
            try VisualFormat(parsing: "[a(10]")
        }
    }
}
