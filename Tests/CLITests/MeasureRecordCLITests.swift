// `trellis measure` writes each record into a buffer of its own and
// appends it whole (`MeasureRecord`). A record must read exactly as the
// fields' own descriptions joined: `{"lines": N, "width": W, "height": H,
// "missing": M}`, with `"roundedWidth"` and `"roundedHeight"` after
// `--scale`, each number as `Double.description` writes it and each count
// as `String(_:)` does, one and several digits alike.
import Foundation
import Testing
import TrellisTestSupport

@Suite struct MeasureRecordCLITests {
    /// One line; 19 lines at width 60 (a count of two digits); 12
    /// characters no bundled font has (U+10FFFD); an empty text.
    static let rows =
        [
            #"{"subtitle": "Fox"}"#,
            #"{"subtitle": "The quick brown fox jumps over the lazy dog again, and then once more over the fence and far away."}"#,
            #"{"subtitle": "\udbff\udffd\udbff\udffd\udbff\udffd\udbff\udffd\udbff\udffd\udbff\udffd\udbff\udffd\udbff\udffd\udbff\udffd\udbff\udffd\udbff\udffd\udbff\udffd"}"#,
            #"{"subtitle": ""}"#,
        ].joined(separator: "\n") + "\n"

    /// The record `line` should be, rebuilt from its own fields; nil when
    /// it does not have the record's shape.
    static func rebuilt(_ line: Substring, scaled: Bool) -> String? {
        var fields: [String: String] = [:]
        var names: [String] = []
        guard line.hasPrefix("{"), line.hasSuffix("}") else { return nil }
        for pair in line.dropFirst().dropLast().components(separatedBy: ", ") {
            let parts = pair.components(separatedBy: ": ")
            guard parts.count == 2, parts[0].hasPrefix("\""), parts[0].hasSuffix("\"") else {
                return nil
            }
            let name = String(parts[0].dropFirst().dropLast())
            names.append(name)
            fields[name] = parts[1]
        }
        let expected =
            ["lines", "width", "height", "missing"]
            + (scaled ? ["roundedWidth", "roundedHeight"] : [])
        guard names == expected else { return nil }
        var text = "{"
        for (index, name) in names.enumerated() {
            let value = fields[name]!
            let written: String
            if name == "lines" || name == "missing" {
                guard let count = Int(value) else { return nil }
                written = String(count)
            } else {
                guard let number = Double(value) else { return nil }
                written = number.description
            }
            text += (index == 0 ? "" : ", ") + "\"\(name)\": \(written)"
        }
        return text + "}"
    }

    @Test(arguments: [[], ["--scale", "3"]])
    func recordsReadAsTheirFieldsDescriptions(options: [String]) throws {
        let input = try Tool.temporaryFile(
            "measure-record-\(UUID().uuidString).jsonl", Self.rows)
        let process = Process()
        process.executableURL = Tool.directory.appendingPathComponent("trellis")
        process.arguments =
            ["measure", "--font", "Inter", "--size", "17", "--width", "60"] + options
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
        let result = try Tool.run(process)
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("}\n"))
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines.last == "")
        for line in lines.dropLast() {
            #expect(Self.rebuilt(line, scaled: !options.isEmpty) == String(line))
        }
        // Counts of one digit and of two.
        #expect(lines[0].hasPrefix("{\"lines\": 1, "))
        #expect(lines[1].hasPrefix("{\"lines\": 1") && !lines[1].hasPrefix("{\"lines\": 1, "))
        #expect(lines[2].contains("\"missing\": 12"))
    }
}
