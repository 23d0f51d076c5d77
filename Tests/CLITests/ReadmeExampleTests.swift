// The README's examples are tested, as swift-argument-parser tests its
// `Examples/`: every `console` block is run and its output compared with the
// output the block shows, and the QuickStart code the README shows is the
// code `swift run quickstart` runs.

import Foundation
import Testing
import TrellisTestSupport

/// The README's fenced code blocks, and running its `console` blocks.
enum Readme {
    struct Block {
        /// The info string after the opening fence (`swift`, `console`, …).
        var language: String
        /// The lines between the fences.
        var lines: [String]
        /// The 1-based line number of the first line inside the block.
        var firstLine: Int
    }

    static let url = TestPaths.repository.appendingPathComponent("README.md")

    /// Fenced blocks (``` at the start of a line) in order.
    static func blocks(in text: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            if line.hasPrefix("```") {
                if let block = open {
                    blocks.append(block)
                    open = nil
                } else {
                    open = Block(
                        language: line.dropFirst(3).trimmingCharacters(in: .whitespaces),
                        lines: [], firstLine: index + 2)
                }
            } else if open != nil {
                open!.lines.append(String(line))
            }
        }
        return blocks
    }

    /// One command of a `console` block (after `$ `) and the output shown under it.
    struct Example {
        var command: String
        var expected: String
        var line: Int
    }

    static func examples(in block: Block) -> [Example] {
        var examples: [Example] = []
        for (offset, line) in block.lines.enumerated() {
            if line.hasPrefix("$ ") {
                examples.append(
                    Example(
                        command: String(line.dropFirst(2)), expected: "",
                        line: block.firstLine + offset))
            } else if !examples.isEmpty {
                let last = examples.count - 1
                examples[last].expected += (examples[last].expected.isEmpty ? "" : "\n") + line
            }
        }
        return examples
    }

    /// Runs a command as a reader of the README would, from the repository's
    /// folder with the package's executables first on the path; `swift run
    /// NAME` runs the built NAME.
    static func run(_ command: String) throws -> Tool.Result {
        var command = command
        if command.hasPrefix("swift run ") { command.removeFirst("swift run ".count) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = TestPaths.repository
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Tool.directory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        return try Tool.run(process)
    }

    /// Where running the `console` blocks of `text` does not print what they
    /// show, one message per command, naming its README line.
    static func mismatches(in text: String) throws -> (examples: Int, mismatches: [String]) {
        var count = 0
        var mismatches: [String] = []
        for block in blocks(in: text) where block.language == "console" {
            for example in examples(in: block) {
                count += 1
                let result = try run(example.command)
                var output = result.stdout
                while output.hasSuffix("\n") { output.removeLast() }
                if result.status != 0 || output != example.expected {
                    mismatches.append(
                        "README.md:\(example.line): `\(example.command)` exited "
                            + "\(result.status) and printed\n\(output)\n\(result.stderr)"
                            + "where the README shows\n\(example.expected)")
                }
            }
        }
        return (count, mismatches)
    }
}

@Suite struct ReadmeExampleTests {
    @Test func everyConsoleBlockPrintsWhatTheReadmeShows() throws {
        let text = try String(contentsOf: Readme.url, encoding: .utf8)
        let (examples, mismatches) = try Readme.mismatches(in: text)
        // The QuickStart run and the `trellis measure` example.
        #expect(examples >= 2, "console examples found in the README: \(examples)")
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n\n"))")
    }

    /// The check itself: a README whose printed output drifts from the
    /// program by one digit is caught, at that command's line.
    @Test func aReadmeShowingAnotherNumberIsCaught() throws {
        let text = try String(contentsOf: Readme.url, encoding: .utf8)
        #expect(text.contains("text: 254×20.667"))
        let drifted = text.replacingOccurrences(of: "text: 254×20.667", with: "text: 254×20.668")
        let (_, mismatches) = try Readme.mismatches(in: drifted)
        #expect(mismatches.count == 1)
        #expect(mismatches.first?.contains("`swift run quickstart`") == true)
    }

    @Test func theQuickStartCodeShownIsTheExamplesCode() throws {
        let text = try String(contentsOf: Readme.url, encoding: .utf8)
        let example = try String(
            contentsOf: TestPaths.repository.appendingPathComponent(
                "Examples/QuickStart/main.swift"),
            encoding: .utf8)
        // The file's code without its opening comment.
        let code = example.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0.hasPrefix("//") }.joined(separator: "\n")
        let shown = try #require(
            Readme.blocks(in: text).first {
                $0.language == "swift" && $0.lines.first == "import Trellis"
            }, "no swift block starting with `import Trellis` in the README")
        #expect(shown.lines.joined(separator: "\n") + "\n" == code)
    }
}
