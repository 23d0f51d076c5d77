import Testing
import TrellisCells
import TrellisData
import TrellisSamples
import TrellisTemplateFiles

/// Where a one-line constraint string's 1-based `column` is.
private func column(_ column: Int) -> SourcePosition { SourcePosition(line: 1, column: column) }

@Suite struct ConstraintParserTests {
    @Test func readsTheFormLogsPrint() throws {
        let spec = try ConstraintParser.parse("cover.leading == contentView.leading + 16")
        #expect(spec.first == AnchorSpec(item: "cover", attribute: .leading))
        #expect(spec.second == AnchorSpec(item: "contentView", attribute: .leading))
        #expect(
            spec.relation == .equal && spec.multiplier == 1 && spec.constant == 16
                && spec.priority == 1000)
    }

    @Test func readsPrioritiesAndNegativeConstants() throws {
        let spec = try ConstraintParser.parse("sub.bottom == contentView.bottom - 16 @750")
        #expect(spec.constant == -16 && spec.priority == 750)
        #expect(try ConstraintParser.parse("a.height >= 10 @defaultLow").priority == 250)
    }

    @Test func readsMultipliersOnEitherSide() throws {
        let left = try ConstraintParser.parse("a.width == 0.5 * b.width + 10")
        let right = try ConstraintParser.parse("a.width == b.width * 0.5 + 10")
        #expect(left == right)
        #expect(left.multiplier == 0.5 && left.constant == 10)
    }

    @Test func readsGuidesAndMetrics() throws {
        let spec = try ConstraintParser.parse(
            "title.top >= contentView.safeArea.top + inset", metrics: ["inset": 12])
        #expect(spec.second == AnchorSpec(item: "contentView", guide: .safeArea, attribute: .top))
        #expect(spec.relation == .greaterThanOrEqual && spec.constant == 12)
        let margins = try ConstraintParser.parse("t.leading == contentView.margins.leading")
        #expect(margins.second?.guide == .margins)
    }

    @Test func nonFiniteMetricsAreRejectedAtTheirPosition() {
        #expect(
            throws: ConstraintSyntaxError(
                position: column(12), message: "Metric 'm' is not a finite number")
        ) {
            try ConstraintParser.parse("a.width == m", metrics: ["m": .nan])
        }
        #expect(
            throws: ConstraintSyntaxError(
                position: column(13), message: "Metric 'm' is not a finite number")
        ) {
            try ConstraintParser.parse("a.width == -m", metrics: ["m": .infinity])
        }
    }

    @Test func constantsSummingPastTheDoubleRangeAreRejected() {
        // 1e308 + 1e308 overflows at the first '+' (character 14).
        #expect(
            throws: ConstraintSyntaxError(
                position: column(14), message: "The constant is out of range")
        ) {
            try ConstraintParser.parse("a.width == m + m + m", metrics: ["m": 1e308])
        }
    }

    @Test func sizeAgainstAConstant() throws {
        let spec = try ConstraintParser.parse("cover.width == 40")
        #expect(spec.second == nil && spec.constant == 40)
    }

    @Test func descriptionRoundTrips() throws {
        for text in [
            "cover.leading == contentView.leading + 16",
            "sub.bottom == contentView.bottom - 16 @750",
            "a.width == 0.5 * b.width + 10", "cover.height == 40",
            "t.top >= contentView.safeArea.top",
        ] {
            #expect(try ConstraintParser.parse(text).description == text)
        }
    }

    @Test(arguments: [
        (
            "cover.leading = contentView.leading",
            ConstraintSyntaxError(position: column(15), message: "Expected '==', '<=' or '>='")
        ),
        (
            "cover.top == 16",
            ConstraintSyntaxError(
                position: column(1), message: "A position (top) needs a second anchor")
        ),
        (
            "cover.width == contentView.leading",
            ConstraintSyntaxError(
                position: column(16),
                message: "Cannot relate a size (cover.width) to a position (contentView.leading)")
        ),
        (
            "a.top == b.leading",
            ConstraintSyntaxError(
                position: column(10),
                message: "Cannot relate a horizontal attribute to a vertical one")
        ),
        (
            "a.widht == 3",
            ConstraintSyntaxError(
                position: column(3),
                message:
                    "Unknown attribute 'widht' (expected one of leading, trailing, left, right, top, bottom, width, height, centerX, centerY, firstBaseline, lastBaseline)"
            )
        ),
        (
            "a.width == 3 @1001",
            ConstraintSyntaxError(
                position: column(15), message: "Priority must be 1...1000, got 1001")
        ),
        (
            "a.width == gap",
            ConstraintSyntaxError(position: column(12), message: "Unknown metric 'gap'")
        ),
        ("a.width == 3 )", ConstraintSyntaxError(position: column(14), message: "Unexpected ')'")),
        ("", ConstraintSyntaxError(position: column(1), message: "Expected a constraint")),
        // Lines end at a line feed; "é" is one column.
        (
            "a.width\n  é== 3",
            ConstraintSyntaxError(
                position: SourcePosition(line: 2, column: 3), message: "Expected '==', '<=' or '>='"
            )
        ),
        (
            "a.width == b.width * 0",
            ConstraintSyntaxError(
                position: column(12), message: "Multiplier must be a finite non-zero number")
        ),
    ])
    func errorsPointAtTheCharacter(text: String, expected: ConstraintSyntaxError) {
        #expect(throws: expected) { try ConstraintParser.parse(text) }
    }
}
