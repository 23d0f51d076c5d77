// `trellis`: command-line access to Trellis (text measurement, template layout,
// rendering). Each subcommand lives in its own file.
import ArgumentParser

@main
struct TrellisCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trellis",
        abstract: "Measure text and lay out cells the way UIKit does.",
        subcommands: [Measure.self]
    )
}
