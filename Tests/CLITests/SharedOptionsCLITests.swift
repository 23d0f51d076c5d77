// The options listbench and the trellis commands share (CLIOptions): each
// command that takes one checks it the same way and shows the same help.

import Foundation
import Testing

@Suite struct SharedOptionsCLITests {
    static let widthCommands: [(String, [String])] = [
        ("listbench", []), ("trellis", ["layout", "cell.json"]),
        ("trellis", ["render", "--out", "/dev/null"]),
    ]

    @Test func everyCommandWithWidthRefusesANonPositiveOne() throws {
        for (tool, arguments) in Self.widthCommands {
            for bad in ["nan", "0", "-1"] {
                let result = try Tool.run(tool, arguments + ["--width=\(bad)"])
                #expect(result.status == 64, "\(tool) \(arguments) --width \(bad)")
                #expect(
                    result.stderr.contains("--width must be a positive number, got"),
                    "\(tool) \(arguments): \(result.stderr)")
            }
        }
    }

    @Test func widthAndSeedKeepTheirHelp() throws {
        for (tool, arguments) in Self.widthCommands {
            let help = try Tool.run(tool, Array(arguments.prefix(1)) + ["--help"]).stdout
            #expect(help.contains("Cell width in points. (default: 375.0)"), "\(tool) \(arguments)")
        }
        for command in ["render", "snapshot"] {
            let help = try Tool.run("trellis", [command, "--help"]).stdout
            #expect(help.contains("Seed of the generated rows. (default: 1)"), "\(command)")
        }
    }
}
