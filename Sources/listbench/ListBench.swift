// listbench: lays out the same rows with frame code and with constraints,
// side by side, and reports what each path costs.

import ArgumentParser
import CLIOptions
import CLISupport
import Foundation
import Trellis
import TrellisData
import TrellisSamples
import TrellisTemplateSource

@main
struct ListBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listbench",
        abstract:
            "Frames against constraints: lay out a list's rows both ways and time each phase.",
        discussion: """
            Exit codes: 0 success, 64 bad usage (bad option values, unknown template), \
            2 bad input data (missing or malformed data file, a row that cannot be laid out).
            """
    )

    @Option(help: "Number of rows (generated, or the first rows of --data).")
    var rows: Int = 10_000

    @Option(
        help:
            "A JSON Lines file of rows: for the built-in cells {\"title\": ..., \"subtitle\": ..., \"image\": [w, h]}; for a template file, objects with any keys its fields read."
    )
    var data: String?

    @Option(
        help: ArgumentHelp(
            "Cell template: \(BuiltInTemplate.names), or a template file (.json).")
    )
    var template: String = BuiltInTemplate.animal.rawValue

    @Option(
        help:
            "Scroll phase layout: table, column, mosaic, waterfall, compositional (built in: a carousel, a self-sizing grid and a self-sizing list), or a compositional layout file (.json; its sections take the rows in order)."
    )
    var layout: LayoutOption = .kind(.table)

    @Option(
        name: .customLong("dump-frames"),
        help:
            "With a compositional layout: write every item's frame, one line per item: section item x y width height (content coordinates, orthogonal sections at offset 0)."
    )
    var dumpFrames: String?

    @OptionGroup var cellWidth: CellWidthOption
    var width: Double { cellWidth.width }

    @Option(help: "Screen scale (pixel grid for label heights).")
    var scale: Double = 3

    @Option(help: "Threads for the parallel phase.")
    var threads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)

    @Option(help: "Seed of the generated data.")
    var seed: UInt64 = 1

    @Option(
        name: .customLong("repeat"),
        help:
            "Repeats of the cheap phases (the median is reported); by default 11 up to 100,000 rows, 3 above."
    )
    var repeats: Int?

    /// `--repeat`, or its default: more repeats make the medians of this
    /// shared machine's noisy timings steadier, and cost little on lists
    /// of up to 100,000 rows.
    var effectiveRepeats: Int { repeats ?? (rows <= 100_000 ? 11 : 3) }

    @Flag(help: "Print one JSON object instead of the table.")
    var json = false

    @Option(help: "Write an SVG chart (cumulative time per path, scroll frame histogram).")
    var plot: String?

    @Option(
        name: .customLong("dump-heights"), help: "Write one height per row, in order, to this file."
    )
    var dumpHeights: String?

    @Option(
        name: .customLong("content-size"),
        help:
            "Dynamic Type category of every label (extraSmall … extraExtraExtraLarge, accessibilityMedium … accessibilityExtraExtraExtraLarge); fonts scale as UIFontMetrics.default scales a custom font."
    )
    var contentSize: ContentSizeCategory = .large

    @Option(
        help:
            "After each label's font: bundled (Noto Sans Hebrew, Noto Sans Arabic) or system (the system's fonts, ranked by fontconfig as Pango falls back)."
    )
    var fallback: FallbackChoice = .bundled

    @Option(
        help:
            "Run a list scenario instead of the phases: chat (bottom-anchored, pages prepended, messages appended) or updates (a snapshot changing 1% of the rows every 30 frames while flinging)."
    )
    var scenario: ScenarioKind?

    @OptionGroup var dataLimits: DataLimitOptions
    @OptionGroup var strictOption: StrictOption

    func validate() throws {
        guard rows >= 1 else { throw ValidationError("--rows must be at least 1, got \(rows)") }
        guard scale.isFinite, scale >= 1, scale <= 4 else {
            throw ValidationError("--scale must be between 1 and 4, got \(scale)")
        }
        guard threads >= 1, threads <= 256 else {
            throw ValidationError("--threads must be 1...256, got \(threads)")
        }
        if dumpFrames != nil, layout.kind != .compositional {
            throw ValidationError(
                "--dump-frames needs --layout compositional or a layout file (.json)")
        }
        if let repeats, !(1...100).contains(repeats) {
            throw ValidationError("--repeat must be 1...100, got \(repeats)")
        }
    }

    /// Runs, turning `CLIFailure`s into their exit codes (64 usage, 2 data).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CLIFailure {
            failure.exit(tool: "listbench")
        } catch {
            exit(withError: error)
        }
    }

    func run() throws {
        let conflicts = ConflictLog()
        conflicts.start()
        defer {
            conflicts.stop()
            conflicts.flush(tool: "listbench")
        }
        let choice = try TemplateChoice.parse(template, limits: dataLimits.limits)
        let baseline = MemoryReading.current()
        var compositional: CompositionalSetup?
        var rows = rows
        switch layout {
        case .file(let path):
            let setup = try CompositionalSetup.load(path: path)
            guard setup.totalItems > 0 else {
                throw CLIFailure.data("\(path): the layout's sections have no items")
            }
            rows = setup.totalItems
            compositional = setup
        case .kind(.compositional): compositional = CompositionalSetup.builtIn(rows: rows)
        case .kind: break
        }
        let source = BenchData(
            path: data, rows: rows, seed: seed, limits: dataLimits.limits,
            strict: strictOption.strict)
        var configuration = BenchConfiguration(
            rows: rows, width: width, scale: scale, threads: threads, repeats: effectiveRepeats,
            layout: layout.kind, templateName: choice.name, contentSize: contentSize,
            fallback: fallback)
        configuration.compositional = compositional
        let text = TextOptions(contentSize: contentSize, fallback: fallback)
        if let scenario {
            let report = try choice.with(
                ScenarioConsumer(
                    kind: scenario, data: source, configuration: configuration, seed: seed),
                scale: scale,
                text: text)
            print(json ? report.json().serialized() : report.table())
            return
        }
        var finished = try choice.with(
            PhasesConsumer(data: source, configuration: configuration), scale: scale, text: text)
        let memory = MemoryReading.current()
        finished.memory = MemoryFigures(
            peakResidentBytes: memory.peakResidentBytes,
            bytesPerRow: Double(max(0, memory.peakResidentBytes - baseline.residentBytes))
                / Double(max(1, finished.configuration.rows)))
        if let dumpHeights {
            let text = finished.heights.map { formatPoints($0) }.joined(separator: "\n") + "\n"
            do {
                try OutputFile.write(text, to: dumpHeights)
            } catch {
                throw CLIFailure.data(
                    "cannot write --dump-heights file \(dumpHeights): \(error)"
                )
            }
        }
        if let dumpFrames, let text = compositional?.dump() {
            do {
                try OutputFile.write(text, to: dumpFrames)
            } catch {
                throw CLIFailure.data(
                    "cannot write --dump-frames file \(dumpFrames): \(error)")
            }
        }
        if let plot {
            do {
                try OutputFile.write(SVGChart(report: finished).svg(), to: plot)
            } catch {
                throw CLIFailure.data(
                    "cannot write --plot file \(plot): \(error)")
            }
        }
        if json {
            var output = finished.json()
            if case .object(let fields) = output {
                output = .object(fields + [("conflicts", .integer(conflicts.count))])
            }
            print(output.serialized())
        } else {
            // The summary says when the cell has conflicts (each is logged once on stderr).
            print(finished.table() + (conflicts.summary.map { "\n\($0)" } ?? ""))
        }
    }

}

/// The layouts the scroll phase can drive.
enum ListLayoutKind: String, ExpressibleByArgument, CaseIterable {
    case table, column, mosaic, waterfall, compositional
}
