// `trellis`: command-line access to Trellis (text measurement, template layout,
// rendering). Each subcommand lives in its own file.
import ArgumentParser
import CLISupport

@main
struct TrellisCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trellis",
        abstract: "Measure text and lay out cells the way UIKit does.",
        subcommands: [
            Measure.self, Layout.self, Render.self, Heights.self, Snapshot.self, Inspect.self,
        ]
    )

    /// Runs the chosen subcommand; `CLIFailure`s exit with their documented
    /// codes (64 usage, 2 data), everything else as ArgumentParser does.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CLIFailure {
            failure.exit(tool: "trellis")
        } catch {
            exit(withError: error)
        }
    }
}
