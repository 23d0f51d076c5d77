// One row-number convention in the library's messages (issue 42): a row read
// from a data file is named by its data line (1-based), followed by its index
// path where it has one; a row made in code by its index in the items array.

import Testing
import TrellisCells
import TrellisData
import TrellisLists

@Suite struct RowPlaceTests {
    /// A template of JSON rows that refuses rows holding `"bad"`.
    struct Picky: CellTemplate {
        var name: String { "Picky" }
        var path: LayoutPath { .frames }
        mutating func layout(_ item: JSONRow, width: Double) throws(CellError) -> CellLayout {
            if item.fields["bad"] != nil { throw CellError(template: name, message: "bad row") }
            return CellLayout(width: width, height: 10, frames: [])
        }
    }

    /// The same, over rows made in code (strings).
    struct PickyStrings: CellTemplate {
        var name: String { "PickyStrings" }
        var path: LayoutPath { .frames }
        mutating func layout(_ item: String, width: Double) throws(CellError) -> CellLayout {
            if item == "bad" { throw CellError(template: name, message: "bad row") }
            return CellLayout(width: width, height: Double(item.count), frames: [])
        }
    }

    /// Rows of a file whose line 2 is blank: the third row is on data line 4.
    static let fileRows = [
        JSONRow(["a": .number(1)], line: 1), JSONRow(["a": .number(2)], line: 3),
        JSONRow(["bad": .bool(true)], line: 4),
    ]

    @Test func heightPrecomputerNamesTheDataLineNotTheRowIndex() throws {
        let precomputer = try HeightPrecomputer(threads: 1) { () throws(CellError) in Picky() }
        do {
            _ = try precomputer.heights(of: Self.fileRows, widths: [320])
            Issue.record("expected an error")
        } catch let error as HeightError {
            #expect(error.row == 2)
            #expect(error.dataLine == 4)
            #expect(error.description == "Picky: bad row (data line 4)")
        }
    }

    @Test func heightPrecomputerNamesRowsMadeInCodeByTheirIndex() throws {
        let precomputer = try HeightPrecomputer(threads: 1) { () throws(CellError) in
            PickyStrings()
        }
        do {
            _ = try precomputer.heights(of: ["a", "b", "bad"], widths: [320])
            Issue.record("expected an error")
        } catch let error as HeightError {
            #expect(error.description == "PickyStrings: bad row (items[2])")
        }
    }

    @Test func templateAgreementNamesTheDataLine() {
        var a = Picky()
        var b = Picky()
        #expect(
            throws: CellError(template: "Picky", message: "width 320.0: bad row (data line 4)")
        ) {
            _ = try TemplateAgreement.compare(&a, &b, items: Self.fileRows, widths: [320])
        }
    }

    @Test func templateSizingNamesTheDataLineAndTheIndexPath() {
        let sizing = TemplateSizing(
            template: Picky(), items: Self.fileRows, sectionRowCounts: [1, 2])
        #expect(sizing.height(at: IndexPath(item: 0, section: 1), width: 320) == 10)
        #expect(sizing.height(at: IndexPath(item: 1, section: 1), width: 320).isNaN)
        #expect(sizing.error?.message == "bad row (data line 4) (index path [1, 1])")
        let missing = TemplateSizing(template: Picky(), items: Self.fileRows)
        #expect(missing.height(at: IndexPath(item: 5, section: 0), width: 320).isNaN)
        #expect(missing.error?.message == "no item for (index path [0, 5])")
    }

    @Test func aMessageThatNamesItsDataLineIsNotNamedTwice() {
        let message = "field \"a\" is a number (data line 4)"
        #expect(
            RowPlace.append(to: message, item: Self.fileRows[2], index: 2)
                == "field \"a\" is a number (data line 4)")
        #expect(
            RowPlace.append(
                to: message, item: Self.fileRows[2], index: 2,
                indexPath: IndexPath(item: 2, section: 0))
                == "field \"a\" is a number (data line 4) (index path [0, 2])")
    }
}
