// `trellis layout FILE`: builds a template file's cell for one item, solves
// it (self-sizing, or at a given height) and prints every view's frame and the
// diagnostics as JSON. Conflicts are logged as UIKit logs them and the frames
// are still returned.

import ArgumentParser
import CLIOptions
import CLISupport
import FoundationEssentials
import Trellis
import TrellisData
import TrellisSamples
import TrellisSupport
import TrellisTemplateSource

struct Layout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Solve a template file's cell and print its frames and diagnostics as JSON.",
        discussion:
            "Exit codes: 0 laid out (even with conflicts, which are reported), 2 bad file or item, 64 bad options."
    )

    @Argument(help: "The template file (JSON).")
    var file: String

    @OptionGroup var cellWidth: CellWidthOption
    var width: Double { cellWidth.width }

    @Option(
        help: "Cell height in points; omitted, the cell sizes itself (systemLayoutSizeFitting).")
    var height: Double?

    @Option(
        help:
            "The row, as one JSON object with any keys the template reads (default: generated row 1: a post for a file named PostCell, else {\"title\": ..., \"subtitle\": ..., \"image\": [w, h]})."
    )
    var item: String?

    @Option(help: "Screen scale (pixel grid).")
    var scale: Double = 3

    @OptionGroup var dataLimits: DataLimitOptions
    @OptionGroup var strictOption: StrictOption

    func validate() throws {
        if let height, !(height.isFinite && height >= 0) {
            throw ValidationError("--height must be a number ≥ 0, got \(height)")
        }
        guard scale.isFinite, scale >= 1, scale <= 4 else {
            throw ValidationError("--scale must be 1...4, got \(scale)")
        }
    }

    func run() throws {
        let template = try dataLimits.limits.templateFile(at: file)
        let row: JSONRow
        if let item {
            guard !item.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                throw CLIFailure.data("--item is empty")
            }
            row = try dataLimits.limits.row(fromArgument: item, name: "--item")
        } else {
            row = template.rowFormat.generate(1, 1)[0]
        }
        if item != nil {
            try FieldCheck.report(
                for: template, rows: [row], strict: strictOption.strict, tool: "trellis")
        }

        // Layout messages (conflict logs) go to standard error as UIKit's do,
        // and into the JSON.
        let messages = Locked<[String]>([])
        LayoutLog.setHandler { message in
            messages.withLock { $0.append(message) }
            POSIXFile.standardError.write(message + "\n")
        }
        defer { LayoutLog.setHandler(nil) }

        let cell: TemplateFileCellView
        do {
            cell = try TemplateFileCellView(file: template, scale: scale)
        } catch {
            throw CLIFailure.data("\(error)")
        }
        do {
            // Widths too narrow for the file's fixed parts are refused, as
            // every command refuses them.
            try checkWidth(width, minimum: cell.minimumWidth, template: template.name)
            try cell.configure(with: row)
        } catch {
            throw CLIFailure.data("\(error)")
        }
        let cellHeight = height ?? cell.fittingHeight(width: width)
        cell.contentView.frame = Rect(x: 0, y: 0, width: width, height: cellHeight)
        cell.contentView.layoutIfNeeded()
        // A self-sizing cell's issues include the squeezed-inset check,
        // which lays it out again at its fitting height; the view layer's
        // issues are found once either way.
        let issues =
            height == nil
            ? cell.issues(width: width) : cell.contentView.layoutIssues().map(CellIssue.layout)
        let views: [JSON] =
            [("contentView", cell.contentView)].map { ($0.0, $0.1) }.map(viewJSON)
            + cell.order.compactMap { id in cell.views[id].map { viewJSON((id, $0)) } }
        let output: JSON = .object([
            ("template", .string(template.name)),
            ("file", .string(file)),
            ("width", .number(width)),
            ("height", .number(cellHeight)),
            ("self_sizing", .bool(height == nil)),
            ("views", .array(views)),
            ("diagnostics", .array(issues.map { .string($0.description) })),
            ("log", .array(messages.withLock { $0 }.map { .string($0) })),
            ("conflicts", .integer(cell.contentView.unsatisfiableConstraints.count)),
        ])
        print(output.serialized())
        let conflictCount = cell.contentView.unsatisfiableConstraints.count
        if conflictCount > 0 {
            POSIXFile.standardError.write(
                "trellis: warning: the cell has conflicting constraints: \(conflictCount) (logged above)\n"
            )
        }
    }

    private func viewJSON(_ entry: (String, View)) -> JSON {
        let frame = entry.1.frame
        var fields: [(String, JSON)] = [
            ("id", .string(entry.0)),
            (
                "frame",
                .array([
                    .number(frame.minX), .number(frame.minY), .number(frame.width),
                    .number(frame.height),
                ])
            ),
        ]
        if let label = entry.1 as? Label { fields.append(("text", .string(label.text))) }
        return .object(fields)
    }
}
