// The Visual Format Language parser: Apple's grammar into a syntax tree, and
// errors that point at the offending character.

import Testing

@testable import TrellisViews

@Suite struct VisualFormatParserTests {
    @Test func orientationDefaultsToHorizontal() throws {
        #expect(try VisualFormat(parsing: "[a]").orientation == .horizontal)
        #expect(try VisualFormat(parsing: "H:[a]").orientation == .horizontal)
        #expect(try VisualFormat(parsing: "V:[a]").orientation == .vertical)
    }

    @Test func superviewsAndStandardSpacing() throws {
        let format = try VisualFormat(parsing: "|-[a]-|")
        #expect(format.leadingSuperview == .standard(position: 1))
        #expect(format.leadingSuperviewPosition == 0)
        #expect(format.trailingSuperview == .standard(position: 5))
        #expect(format.trailingSuperviewPosition == 6)
        #expect(format.elements.map(\.name) == ["a"])
    }

    @Test func flushConnectionsBetweenViewsAndToSuperview() throws {
        let format = try VisualFormat(parsing: "|[a][b]|")
        #expect(format.leadingSuperview == .flush(position: 1))
        #expect(format.connections == [.flush(position: 4)])
        #expect(format.trailingSuperview == .flush(position: 7))
    }

    @Test func simplePredicateNumberAndMetric() throws {
        let format = try VisualFormat(parsing: "[a]-20-[b]-gap-[c]")
        #expect(
            format.connections == [
                .predicates(
                    [
                        .init(
                            relation: .equal, object: .number(20, position: 4), priority: nil,
                            position: 4)
                    ], position: 3),
                .predicates(
                    [
                        .init(
                            relation: .equal, object: .name("gap", position: 11), priority: nil,
                            position: 11)
                    ], position: 10),
            ])
    }

    @Test func predicateListWithRelationsAndPriorities() throws {
        let format = try VisualFormat(parsing: "H:[a(>=50@750,<=b)]")
        let predicates = format.elements[0].predicates
        #expect(predicates.count == 2)
        #expect(predicates[0].relation == .greaterThanOrEqual)
        #expect(predicates[0].object == .number(50, position: 7))
        #expect(predicates[0].priority == .number(750, position: 10))
        #expect(predicates[1].relation == .lessThanOrEqual)
        #expect(predicates[1].object == .name("b", position: 16))
        #expect(predicates[1].priority == nil)
    }

    @Test func viewToViewPredicate() throws {
        let format = try VisualFormat(parsing: "[a(==b)]")
        #expect(
            format.elements[0].predicates == [
                .init(relation: .equal, object: .name("b", position: 5), priority: nil, position: 3)
            ])
    }

    @Test func numbersWithFractionsExponentsAndSigns() throws {
        let format = try VisualFormat(parsing: "[a(0.5,.25,2e1,-3,+4)]")
        let values = format.elements[0].predicates.map(\.object)
        #expect(
            values == [
                .number(0.5, position: 3), .number(0.25, position: 7), .number(20, position: 11),
                .number(-3, position: 15), .number(4, position: 18),
            ])
    }

    @Test func spacesBetweenTokensAreIgnored() throws {
        let format = try VisualFormat(parsing: " V: | - [ a ( >= 10 ) ] - | ")
        #expect(format.orientation == .vertical)
        #expect(format.elements[0].predicates[0].object == .number(10, position: 17))
        #expect(format.trailingSuperview != nil)
    }

    @Test func connectionPredicateList() throws {
        let format = try VisualFormat(parsing: "|-(>=8,<=20@500)-[a]")
        guard case .predicates(let predicates, _) = format.leadingSuperview else {
            Issue.record("expected predicates")
            return
        }
        #expect(predicates.map(\.relation) == [.greaterThanOrEqual, .lessThanOrEqual])
        #expect(predicates[1].priority == .number(500, position: 12))
    }

    // MARK: Errors, each with the position of the character at fault

    @Test func missingClosingBracket() {
        #expect(throws: VisualFormatError("Expected ']'", at: 11, in: "H:|-[button")) {
            try VisualFormat(parsing: "H:|-[button")
        }
    }

    @Test func errorDescriptionPointsAtTheCharacter() {
        let error = VisualFormatError("Expected ']'", at: 11, in: "H:|-[button")
        #expect(error.description == "Expected ']' at 11\nH:|-[button\n           ^")
    }

    @Test func missingViewName() {
        #expect(throws: VisualFormatError("Expected a view name", at: 1, in: "[]")) {
            try VisualFormat(parsing: "[]")
        }
    }

    @Test func orientationWithoutColon() {
        #expect(throws: VisualFormatError("Expected ':' after orientation 'H'", at: 1, in: "H[a]"))
        {
            try VisualFormat(parsing: "H[a]")
        }
    }

    @Test func unknownStart() {
        #expect(throws: VisualFormatError("Expected 'H:', 'V:', '|' or '['", at: 0, in: "x")) {
            try VisualFormat(parsing: "x")
        }
    }

    @Test func emptyString() {
        #expect(throws: VisualFormatError("Expected 'H:', 'V:', '|' or '['", at: 0, in: "")) {
            try VisualFormat(parsing: "")
        }
    }

    @Test func superviewOnly() {
        #expect(throws: VisualFormatError("Expected '['", at: 2, in: "|-|")) {
            try VisualFormat(parsing: "|-|")
        }
    }

    @Test func unclosedConnection() {
        #expect(throws: VisualFormatError("Expected '-'", at: 6, in: "[a]-20[b]")) {
            try VisualFormat(parsing: "[a]-20[b]")
        }
    }

    @Test func halfRelation() {
        #expect(throws: VisualFormatError("Expected '=' after '>'", at: 4, in: "[a(>5)]")) {
            try VisualFormat(parsing: "[a(>5)]")
        }
    }

    @Test func priorityOutOfRange() {
        #expect(
            throws: VisualFormatError(
                "Priority must be from 1 to 1000, not 1001.0", at: 6, in: "[a(10@1001)]")
        ) {
            try VisualFormat(parsing: "[a(10@1001)]")
        }
    }

    @Test func numberOutOfRange() {
        #expect(
            throws: VisualFormatError("Number '1e999' is out of range", at: 3, in: "[a(1e999)]")
        ) {
            try VisualFormat(parsing: "[a(1e999)]")
        }
    }

    @Test func textAfterTrailingSuperview() {
        #expect(
            throws: VisualFormatError(
                "Expected the end of the format after the trailing '|'", at: 5, in: "[a]-|[b]")
        ) {
            try VisualFormat(parsing: "[a]-|[b]")
        }
    }

    @Test func unclosedPredicateList() {
        #expect(throws: VisualFormatError("Expected ',' or ')'", at: 5, in: "[a(10]")) {
            try VisualFormat(parsing: "[a(10]")
        }
    }
}
