// NaN and infinite values wherever a number enters: each is refused with an
// error naming the number, and the object is left as it was. (Infinity is
// accepted only where it means "no limit": a text width.)

import Foundation
import Testing
import TrellisCells
import TrellisConstraints
import TrellisData
import TrellisGeometry
import TrellisLists
import TrellisSamples
import TrellisTemplateFiles
import TrellisText
import TrellisViews

@Suite("NaN and infinite numbers")
struct NonFiniteNumberTests {
    static let fonts = try! FontCollection.bundled("Inter")
    static let badValues: [Double] = [.nan, .infinity, -.infinity]

    // MARK: Text

    @Test(arguments: badValues)
    func textStyleNumbersAreRefusedByName(value: Double) {
        let settings: [(String, WritableKeyPath<TextStyle, Double>)] = [
            ("font size", \.size), ("line spacing", \.lineSpacing),
            ("paragraph spacing", \.paragraphSpacing),
            ("letter spacing", \.letterSpacing), ("line height multiple", \.lineHeightMultiple),
            ("minimum line height", \.minimumLineHeight),
            ("maximum line height", \.maximumLineHeight),
        ]
        for (name, keyPath) in settings {
            var style = TextStyle(fonts: Self.fonts, size: 17)
            style[keyPath: keyPath] = value
            #expect {
                _ = try TextMeasurer().layout("Hello", style: style, width: 100)
            } throws: { error in
                guard case .invalidParameter(let reported, _, _) = error as? TextError else {
                    return false
                }
                return reported == name
            }
        }
    }

    @Test func textWidthNaNIsRefusedAndInfinityMeansNoLimit() throws {
        let style = TextStyle(fonts: Self.fonts, size: 17)
        let measurer = TextMeasurer()
        #expect(throws: TextError.self) { try measurer.layout("Hello", style: style, width: .nan) }
        #expect(throws: TextError.self) {
            try measurer.layout("Hello", style: style, width: -.infinity)
        }
        #expect(try measurer.layout("Hello world", style: style, width: .infinity).lineCount == 1)
        #expect(throws: TextError.self) {
            try measurer.sizeThatFits(
                "Hello", style: style, size: Size(width: 100, height: 0), numberOfLines: 0,
                scale: .nan)
        }
        #expect(throws: TextError.self) {
            try measurer.boundingRect(
                "Hello", with: Size(width: .infinity, height: .nan),
                options: [.usesLineFragmentOrigin], style: style)
        }
    }

    // MARK: Solver

    @Test(arguments: badValues)
    func solverRefusesNonFiniteConstantsAndSuggestionsAndStaysUnchanged(value: Double) throws {
        let solver = Solver()
        let x = Variable("x")
        let good = Constraint(Expression(x), .equal, Expression(5))
        try solver.add(good)
        let bad = Constraint(Expression(x), .equal, Expression(value))
        #expect(throws: SolverError.self) { try solver.add(bad) }
        #expect(!solver.contains(bad))
        #expect(throws: SolverError.self) { try solver.setConstant(value, for: good) }

        let y = Variable("y")
        try solver.addEditVariable(y, priority: .defaultHigh)
        #expect(throws: SolverError.self) { try solver.suggestValue(value, for: y) }
        solver.updateVariables()
        #expect(x.value == 5)
    }

    @Test func solverRefusesANaNPriority() {
        let x = Variable("x")
        #expect(throws: SolverError.self) {
            try Solver().add(
                Constraint(Expression(x), .equal, Expression(1), priority: Priority(rawValue: .nan))
            )
        }
    }

    // MARK: Table

    @Test(arguments: badValues)
    func tableRefusesNonFiniteEstimatesWidthsAndOffsets(value: Double) throws {
        let sizing = ClosureCellSizing { _, _ in 44 }
        let sections = [TableSection(rowCount: 10)]
        #expect(throws: TableError.self) {
            try TableLayout(
                sections: sections, estimate: .uniform(value), sizing: sizing, width: 375,
                viewportHeight: 800)
        }
        #expect(throws: TableError.self) {
            try TableLayout(
                sections: sections, estimate: .uniform(44), sizing: sizing, width: value,
                viewportHeight: 800)
        }
        #expect(throws: TableError.self) {
            try TableLayout(
                sections: sections, estimate: .uniform(44), sizing: sizing, width: 375,
                viewportHeight: value)
        }
        var table = try TableLayout(
            sections: sections, estimate: .uniform(44), sizing: sizing, width: 375,
            viewportHeight: 800)
        #expect(throws: TableError.self) { try table.scroll(toOffset: value) }
        #expect(table.contentOffset == 0)
    }

    @Test(arguments: badValues)
    func tableRefusesANonFiniteMeasuredHeightAndKeepsItsContentHeight(value: Double) throws {
        let sizing = ClosureCellSizing { indexPath, _ in indexPath.row == 5 ? value : 50 }
        var table = try TableLayout(
            sections: [TableSection(rowCount: 100)], estimate: .uniform(44), sizing: sizing,
            width: 375,
            viewportHeight: 800)
        #expect {
            try table.layoutIfNeeded()
        } throws: { error in
            // (Pattern match: NaN never equals itself.)
            guard case .invalidMeasuredHeight(let height, let at, 375) = error as? TableError else {
                return false
            }
            return at == IndexPath(row: 5, section: 0) && height.bitPattern == value.bitPattern
        }
        #expect(table.contentHeight == 4400)  // 100 estimates of 44, nothing half-applied
    }

    // MARK: Parsers (numbers past Double's range are written as 1e400)

    @Test func visualFormatRefusesAnOutOfRangeNumberAtItsPosition() {
        #expect(
            throws: VisualFormatError(
                "Number '1e400' is out of range", at: SourcePosition(line: 1, column: 5),
                in: "H:|-1e400-[a]")
        ) {
            try VisualFormat(parsing: "H:|-1e400-[a]")
        }
    }

    @Test func constraintStringRefusesAnOutOfRangeNumberAtItsPosition() {
        #expect(
            throws: ConstraintSyntaxError(
                position: SourcePosition(line: 1, column: 12), message: "Number out of range")
        ) {
            try ConstraintParser.parse("a.width == 1e400")
        }
    }

    @Test func templateFileRefusesAnOutOfRangeNumberAtItsLineAndColumn() {
        let text = #"{"views": [{"id": "a", "kind": "label", "size": 1e400}]}"#
        #expect(
            throws: TemplateFileError(
                file: "t.json", position: SourcePosition(line: 1, column: 49),
                message: "number out of range: 1e400")
        ) {
            try TemplateFile.parse(text, file: "t.json")
        }
    }

    @Test func jsonLinesRefusesAnOutOfRangeImageSizeOnItsLine() {
        let data = Data("{\"title\": \"ok\"}\n{\"title\": \"a\", \"image\": [1e400, 2]}\n".utf8)
        #expect(
            throws: DataFileError(
                file: "d.jsonl", position: SourcePosition(line: 2, column: 26),
                message: "number out of range: 1e400")
        ) {
            try JSONLinesLoader.parse(data, file: "d.jsonl")
        }
    }
}
