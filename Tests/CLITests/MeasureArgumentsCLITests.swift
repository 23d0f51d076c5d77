// `trellis measure` reads its usual command line (`--name value` pairs)
// without ArgumentParser's parser (`Measure.fastParse`), and every other
// form (`--name=value`, help, bad values) with it. The same options in both
// forms must give byte-identical records: a default or a value read
// differently by the fast path changes them.
import Foundation
import Testing
import TrellisTestSupport

@Suite struct MeasureArgumentsCLITests {
    /// Rows whose records depend on every option: the field read, markup,
    /// weight, line spacing, lines, scale, and fallback (the ideographs are
    /// missing with the bundled fonts only).
    static let rows =
        [
            #"{"subtitle": "The quick brown fox jumps over the lazy dog, again and again.", "title": "<b>Bold</b> and <span size=\"24pt\">large</span> words wrap"}"#,
            #"{"subtitle": "丹顶鹤 and a long tail of words to wrap onto lines", "title": "中文 <span weight=\"bold\">粗体</span> text"}"#,
            #"{"subtitle": "Short", "title": "x"}"#,
        ].joined(separator: "\n") + "\n"

    /// `trellis measure` with `arguments` and `rows` on standard input.
    func measure(_ arguments: [String]) throws -> Tool.Result {
        let input = try Tool.temporaryFile(
            "measure-arguments-\(UUID().uuidString).jsonl", Self.rows)
        let process = Process()
        process.executableURL = Tool.directory.appendingPathComponent("trellis")
        process.arguments = ["measure"] + arguments
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
        return try Tool.run(process)
    }

    /// `--name value` pairs written as `--name=value` (flags stay).
    static func joined(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--markup" {
                result.append(argument)
            } else {
                result.append(argument + "=" + rest.popFirst()!)
            }
        }
        return result
    }

    @Test(arguments: [
        // Every default.
        [String](),
        ["--weight", "bold", "--line-spacing", "3", "--lines", "2", "--scale", "2"],
        ["--field", "title", "--markup", "--scale", "3"],
        ["--fallback", "system", "--lines", "1"],
        ["--markup", "--field", "title", "--fallback", "bundled", "--weight", "semibold"],
        ["--fallback", "system", "--field", "title", "--markup", "--line-spacing", "0.5"],
    ])
    func bothParsersGiveTheSameRecords(_ options: [String]) throws {
        let required = ["--font", "Inter", "--size", "17", "--width", "120"]
        let fast = try measure(required + options)
        let parsed = try measure(Self.joined(required + options))
        #expect(fast.status == 0, "\(fast.stderr)")
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(fast.stdout.split(separator: "\n").count == 3)
        #expect(fast.stdout == parsed.stdout, "\(options)")
        #expect(fast.stderr == parsed.stderr)
    }

    @Test func badOrUnusualArgumentsGoToArgumentParser() throws {
        // A value `validate()` refuses: ArgumentParser's usage error.
        let zero = try measure(["--font", "Inter", "--size", "0", "--width", "120"])
        #expect(zero.status == 64)
        #expect(zero.stderr.contains("--size must be a number greater than 0, got 0.0"))
        // A repeated option, an unknown one, a missing value and a bad one,
        // and the same with ArgumentParser's `--name=value`.
        let cases: [(fast: [String], parsed: [String])] = [
            (
                ["--font", "Inter", "--size", "17", "--size", "18", "--width", "120"],
                ["--font=Inter", "--size=17", "--size=18", "--width=120"]
            ),
            (
                ["--font", "Inter", "--size", "17", "--width", "120", "--colour", "red"],
                ["--font=Inter", "--size=17", "--width=120", "--colour=red"]
            ),
            (
                ["--font", "Inter", "--size", "17", "--width"],
                ["--font=Inter", "--size=17", "--width"]
            ),
            (
                ["--font", "Inter", "--size", "17", "--width", "120", "--lines", "many"],
                ["--font=Inter", "--size=17", "--width=120", "--lines=many"]
            ),
        ]
        for (fastForm, parsedForm) in cases {
            let result = try measure(fastForm)
            let parsed = try measure(parsedForm)
            #expect(result.status == parsed.status, "\(fastForm)")
            #expect(result.stdout == parsed.stdout, "\(fastForm)")
        }
        let help = try measure(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--line-spacing"))
    }
}
