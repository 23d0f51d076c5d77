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
            if let measure = fastMeasure() {
                try measure.run()
                return
            }
            var command = try parseSubcommand() ?? parseAsRoot()
            try command.run()
        } catch let failure as CLIFailure {
            failure.exit(tool: "trellis")
        } catch {
            exit(withError: error)
        }
    }

    /// `trellis measure`'s options when the command line is its usual one
    /// (`Measure.fastParse`), read without ArgumentParser.
    static func fastMeasure() -> MeasureOptions? {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.first == Measure.configuration.commandName else { return nil }
        return Measure.fastParse(arguments.dropFirst())
    }

    /// The subcommand the first argument names, parsed on its own: without
    /// the tree of every subcommand's arguments (reflected at each start,
    /// ~40% of an empty `measure`'s instructions). Nil when the arguments
    /// do not parse that way (help, errors, a misspelt command): the root
    /// parser then reports them as usual.
    static func parseSubcommand() -> ParsableCommand? {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first,
            let subcommand = configuration.subcommands.first(where: {
                $0.configuration.commandName == name
            })
        else { return nil }
        return try? subcommand.parseAsRoot(Array(arguments.dropFirst()))
    }
}
