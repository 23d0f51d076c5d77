// The one positioned file error, printed as the GNU Coding Standards ask
// ("Formatting Error Messages": `sourcefile:lineno:column: message`, and
// `sourcefile:lineno: message` without a column), and the typed reader of
// JSON files that throws it.

import Testing
import TrellisData

@Suite struct SourceErrorTests {
    @Test func printsFileLineColumnAsCompilersDo() {
        #expect(
            SourceError(file: "cell.json", line: 14, column: 9, message: "bad").description
                == "cell.json:14:9: bad")
        #expect(
            SourceError(file: "rows.jsonl", line: 3, message: "bad").description
                == "rows.jsonl:3: bad")
        #expect(
            SourceError(file: "rows.jsonl", line: nil, message: "no such file").description
                == "rows.jsonl: no such file")
        var error = SourceError(file: "f", position: nil, message: "m")
        error.position = SourcePosition(line: 2, column: 5)
        #expect(error.line == 2 && error.column == 5 && error.description == "f:2:5: m")
    }

    struct Reader: JSONFileReader { var file: String }

    @Test func typedValuesFailAtTheirOwnPosition() throws {
        let reader = Reader(file: "cell.json")
        let root = try reader.document("{\"size\": \"big\",\n \"views\": 3, \"x\": 1.5}")
        #expect(
            throws: SourceError(
                file: "cell.json", line: 1, column: 10,
                message: "\"size\" must be a number, not a string")
        ) {
            try reader.number(root["size"]!, "size")
        }
        #expect(
            throws: SourceError(
                file: "cell.json", line: 2, column: 11,
                message: "\"views\" must be an array, not a number")
        ) {
            try reader.array(root["views"]!, "views")
        }
        #expect(try reader.number(root["x"]!, "x") == 1.5)
        // A syntax error is placed in the file.
        #expect(
            throws: SourceError(
                file: "cell.json", line: 2, column: 3, message: "expected a key in quotes")
        ) {
            try reader.document("{\"a\": 1,\n  }")
        }
        #expect(
            throws: SourceError(
                file: "/no/such.json", line: nil, message: "no such file or not readable")
        ) {
            try Reader.text(ofFile: "/no/such.json")
        }
    }
}
