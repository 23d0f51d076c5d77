// `trellis inspect`: lays out the first rows of a template at several
// widths and writes the inspector page (TrellisInspector): each view
// outlined, its constraints with their priorities and errors, conflicts,
// ambiguity, and where a second layout path disagrees. `--watch` rewrites
// the page when the template or data file changes; the open page reloads.

import ArgumentParser
import CLIOptions
import CLISupport
import FoundationEssentials
import Glibc
import Trellis
import TrellisData
import TrellisInspector
import TrellisTemplateSource

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Write an HTML page to inspect laid-out cells: frames, constraints, conflicts.",
        discussion: """
            The page is one self-contained file (inline SVG, script and style; no network). \
            Select a view with the URL fragment #view=c<cell>v<view>; #solo=c<cell> shows one \
            cell's picture alone. Exit codes: 0 written, 2 bad template or data (nothing is \
            written), 64 bad options.
            """)

    @Option(help: "Template: \(BuiltInTemplate.names), or a template file (.json).")
    var template: String

    @Option(help: "JSON Lines rows (default: generated rows, seed 1).")
    var data: String?

    @Option(help: "Rows to show at each width.")
    var rows: Int = 10

    @Option(help: "Widths in points, comma-separated.")
    var widths: String = "320,375,414"

    @Option(
        name: .customLong("content-size"),
        help:
            "Dynamic Type size (extraSmall … accessibilityExtraExtraExtraLarge; template files only)."
    )
    var contentSize: String = "large"

    @Option(help: "The HTML file to write.")
    var out: String

    @Flag(help: "Rewrite the page whenever the template or data file changes (until interrupted).")
    var watch = false

    @OptionGroup var dataLimits: DataLimitOptions
    @OptionGroup var strictOption: StrictOption

    static let scale = 3.0

    func validate() throws {
        _ = try parsedWidths()
        guard (1...1000).contains(rows) else {
            throw ValidationError("--rows must be 1...1000, got \(rows)")
        }
        guard ContentSizeCategory(name: contentSize) != nil else {
            throw ValidationError(
                "--content-size: unknown size '\(contentSize)' (expected \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
    }

    func parsedWidths() throws -> [Double] {
        var values: [Double] = []
        for part in widths.split(separator: ",", omittingEmptySubsequences: false) {
            let text = part.trimmingSpaces()
            guard let width = Double(text), width.isFinite, width > 0, width <= 10_000 else {
                throw ValidationError("--widths: '\(text)' is not a width (a number in (0, 10000])")
            }
            values.append(width)
        }
        return values
    }

    func run() throws {
        let conflicts = ConflictLog()
        conflicts.start()
        defer {
            conflicts.stop()
            conflicts.flush(tool: "trellis")
        }
        if watch { try watchFiles() }
        let (page, cellCount) = try makePage(watch: nil)
        try OutputFile.write(page, to: out)
        POSIXFile.standardError.write(
            "wrote \(out): \(cellCount) cells, \(page.utf8.count) bytes\n")
    }

    /// The page's HTML and its number of cells.
    func makePage(watch: (script: String, stamp: String)?) throws -> (String, Int) {
        let widths = try parsedWidths()
        let size = ContentSizeCategory(name: contentSize) ?? .large
        var inspected: [InspectedCell] = []
        let title: String
        let source: String
        do {
            switch try dataLimits.limits.templateSource(template) {
            case .builtIn(let builtIn):
                if size != .large {
                    throw CLIFailure.usage(
                        "--content-size: the built-in \(builtIn.rawValue) has fixed font sizes; give a template file to scale its fonts"
                    )
                }
                inspected = try builtIn.visit(BuiltInInspect(command: self, widths: widths))
                (title, source) = (builtIn.rawValue, "built-in")
            case .file(let file):
                var cell = try TemplateFileCell(
                    file: file, scale: Self.scale, reusingEngine: false, contentSize: size)
                var direct =
                    file.stackTreeProblem == nil
                    ? try TemplateFileDirectCell(file: file, scale: Self.scale, contentSize: size)
                    : nil
                let items = try rows(file.rowFormat)
                if data != nil {
                    try FieldCheck.report(
                        for: file, rows: items, strict: strictOption.strict, tool: "trellis")
                }
                for width in widths {
                    for (row, item) in items.enumerated() {
                        let other = direct.map { _ in
                            (
                                "direct stacks",
                                Result { () throws(CellError) in
                                    try direct!.layout(item, width: width)
                                }
                            )
                        }
                        inspected.append(
                            try CellInspector.inspect(
                                &cell, item: item, row: row, width: width, other: other))
                    }
                }
                (title, source) = (file.name, template)
            }
        } catch {
            throw CLIFailure.wrapping(error)
        }
        let page = InspectorPage(
            title: title, source: source, widths: widths, cells: inspected, watch: watch)
        do {
            return (try page.html(), inspected.count)
        } catch {
            throw CLIFailure.data("\(error)")
        }
    }

    /// The first `rows` rows of `--data`, read as `format` says, or generated ones.
    func rows<Item>(_ format: RowFormat<Item>) throws -> [Item] {
        guard let data else { return format.generate(1, rows) }
        return try dataLimits.limits.rows(format, fromFile: data, limit: rows)
    }

    // MARK: Watching

    /// Rewrites the page whenever the template file or the data file
    /// changes (polled twice a second), and a script beside the page with
    /// the page's stamp; the open page loads that script every second and
    /// reloads itself when the stamp is not its own. Errors are printed and
    /// the last good page stays.
    func watchFiles() throws -> Never {
        // Interrupting stops the watch: a parent that blocked these signals
        // (a test runner's thread) passes its mask on to the process.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        let watched = [template, data].compactMap { $0 }.filter {
            FileManager.default.fileExists(atPath: $0)
        }
        let script = out + ".watch.js"
        let scriptName = URL(fileURLWithPath: script).lastPathComponent
        var generation = 0
        var seen: [Date?] = []
        while true {
            let stamps = watched.map {
                (try? FileManager.default.attributesOfItem(atPath: $0))?[.modificationDate]
                    as? Date
            }
            if stamps != seen || generation == 0 {
                seen = stamps
                generation += 1
                let stamp = "\(ProcessInfo.processInfo.processIdentifier)-\(generation)"
                do {
                    let (page, count) = try makePage(watch: (scriptName, stamp))
                    try OutputFile.write(page, to: out)
                    try OutputFile.write(
                        "window.trellisStampOnDisk = \(JSON.quoted(stamp));\n", to: script)
                    POSIXFile.standardError.write(
                        "wrote \(out) (\(count) cells); watching \(watched.joined(separator: ", "))\n"
                    )
                } catch {
                    POSIXFile.standardError.write("trellis: error: \(error)\n")
                }
            }
            usleep(500_000)
        }
    }
}

/// `trellis inspect` with a built-in template: constraints inspected, the
/// frame code as the second path.
struct BuiltInInspect: BuiltInTemplateVisitor {
    typealias Result = [InspectedCell]
    let command: Inspect
    let widths: [Double]

    func visit<Frames: CellTemplate & LabelDescribing, CellView: ConstraintCellView>(
        _ parts: BuiltInParts<Frames, CellView>
    ) throws -> [InspectedCell] where CellView.Item == Frames.Item {
        let rows = parts.rows
        let frames = parts.frames
        let constraints = parts.constraints
        var frameCode = try frames(Inspect.scale, .shared)
        var cell = try constraints(Inspect.scale, .shared, false)
        let items = try command.rows(rows)
        var inspected: [InspectedCell] = []
        for width in widths {
            for (row, item) in items.enumerated() {
                let other = Swift.Result { () throws(CellError) in
                    try frameCode.layout(item, width: width)
                }
                inspected.append(
                    try CellInspector.inspect(
                        &cell, item: item, row: row, width: width, other: ("frames", other)))
            }
        }
        return inspected
    }
}
