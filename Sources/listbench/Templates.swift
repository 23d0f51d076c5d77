// The templates listbench can run, each as a suite of its frame and
// constraint implementations.

import ArgumentParser
import CLIOptions
import CLISupport
import Foundation
import Trellis
import TrellisData
import TrellisSamples
import TrellisSupport
import TrellisTemplateSource

/// What `--template` named: a built-in template; a template file whose
/// constraints are compared with the built-in frame code of the same name;
/// or any other template file, on rows of any keys. A file that is a tree
/// of stacks has its own frame path (the direct stack path), so it always
/// runs alone: direct frames against its constraints.
enum TemplateChoice {
    case builtIn(BuiltInTemplate)
    case file(TemplateFile, BuiltInTemplate)
    case fileAlone(TemplateFile)

    var name: String {
        switch self {
        case .builtIn(let name): return name.rawValue
        case .file(let file, _), .fileAlone(let file): return "\(file.name) (\(file.file))"
        }
    }

    static func parse(_ text: String, limits: DataLimits = .standard) throws -> TemplateChoice {
        let file: TemplateFile
        switch try limits.templateSource(text) {
        case .builtIn(let name): return .builtIn(name)
        case .file(let read): file = read
        }
        guard let builtIn = BuiltInTemplate(rawValue: file.name), file.stackTreeProblem != nil
        else {
            return .fileAlone(file)
        }
        return .file(file, builtIn)
    }

    /// Hands the chosen suite, as its concrete type, to `consumer`: a
    /// built-in template's suite is made from the registry's parts
    /// (`BuiltInTemplate.visit`), with the text options applied to every label.
    func with<Consumer: BenchSuiteConsumer>(
        _ consumer: Consumer, scale: Double, text: TextOptions = TextOptions()
    )
        throws -> Consumer.Result
    {
        switch self {
        case .builtIn(let name):
            // The bundled PostCell.json is a third path only where it can follow the text options.
            let file = name == .post && text.fallback == .bundled ? bundledPostCellFile() : nil
            return try name.visit(
                SuiteMaker(consumer: consumer, scale: scale, text: text, role: .alone(third: file)),
                adjustingText: text.adjustment(template: name.rawValue))
        case .file(let file, let name):
            return try name.visit(
                SuiteMaker(
                    consumer: consumer, scale: scale, text: text,
                    role: .framesFor(text.applied(to: file))),
                adjustingText: text.adjustment(template: name.rawValue))
        case .fileAlone(let file):
            let file = text.applied(to: file)
            return try consumer.consume(FileAloneSuite(file: file, scale: scale, text: text))
        }
    }
}

/// Makes a built-in template's suite from the registry's parts and hands it
/// to a consumer: on its own, or as the frame code a template file of the
/// same cell is compared with.
private struct SuiteMaker<Consumer: BenchSuiteConsumer>: BuiltInTemplateVisitor {
    enum Role {
        /// The built-in template, with a template file of it as a third path.
        case alone(third: TemplateFile?)
        /// The frame code against this template file's constraints.
        case framesFor(TemplateFile)
    }
    let consumer: Consumer
    let scale: Double
    let text: TextOptions
    let role: Role

    func visit<Frames: CellTemplate & LabelDescribing, CellView: ConstraintCellView>(
        _ parts: BuiltInParts<Frames, CellView>
    ) throws -> Consumer.Result where CellView.Item == Frames.Item {
        switch role {
        case .alone(let third):
            return try consumer.consume(
                BuiltInSuite(parts: parts, scale: scale, text: text, file: third))
        case .framesFor(let file):
            let frames = BuiltInSuite(parts: parts, scale: scale, text: text, file: nil)
            return try consumer.consume(
                FileSuite(file: file, frames: frames, scale: scale, text: text))
        }
    }
}

/// Something run with a suite of a concrete type (so hot loops are
/// specialized per template, with no existentials per row).
protocol BenchSuiteConsumer {
    associatedtype Result
    func consume<Suite: BenchSuite>(_ suite: Suite) throws -> Result
}

/// Phases 1-8.
struct PhasesConsumer: BenchSuiteConsumer {
    let data: BenchData
    let configuration: BenchConfiguration
    func consume<Suite: BenchSuite>(_ suite: Suite) throws -> BenchReport {
        let items = try suite.loadRows(data)
        var configuration = configuration
        configuration.rows = items.count
        do {
            return try BenchRunner(suite: suite, items: items, configuration: configuration).run()
        } catch {
            throw CLIFailure.data("cannot lay out the rows: \(error)")
        }
    }
}

/// `--scenario`.
struct ScenarioConsumer: BenchSuiteConsumer {
    let kind: ScenarioKind
    let data: BenchData
    let configuration: BenchConfiguration
    let seed: UInt64
    func consume<Suite: BenchSuite>(_ suite: Suite) throws -> ScenarioReport {
        let items = try suite.loadRows(data)
        var configuration = configuration
        configuration.rows = items.count
        do {
            return try ScenarioRunner(
                suite: suite, kind: kind, items: items, configuration: configuration, seed: seed
            ).run()
        } catch let error as CLIFailure {
            throw error
        } catch {
            throw CLIFailure.data("scenario \(kind.rawValue): \(error)")
        }
    }
}

/// A built-in template's suite, from the registry's parts: its frame code,
/// its constraints, its rows, and a template file of the same cell as a
/// third path when one is given.
struct BuiltInSuite<Frames: CellTemplate & LabelDescribing, CellView: ConstraintCellView>:
    BenchSuite
where CellView.Item == Frames.Item {
    typealias Item = Frames.Item
    let parts: BuiltInParts<Frames, CellView>
    let scale: Double
    let text: TextOptions
    /// The third path's template file, read with the rows as JSON rows.
    let file: TemplateFile?

    func makeFrames(measurer: TextMeasurer) throws(CellError) -> Frames? {
        try parts.frames(scale, measurer)
    }

    func makeConstraints(measurer: TextMeasurer, reusingEngine: Bool) throws(CellError)
        -> ConstraintTemplate<CellView>
    {
        try parts.constraints(scale, measurer, reusingEngine)
    }

    func makeFileTemplate(measurer: TextMeasurer) throws(CellError) -> MappedTemplate<
        TemplateFileCell, Item
    >? {
        guard let file else { return nil }
        return try fileTemplate(file, measurer: measurer, reusingEngine: true)
    }

    /// `file`'s cell over this template's rows, each handed over as the
    /// JSON row a data file holding it would have.
    func fileTemplate(_ file: TemplateFile, measurer: TextMeasurer, reusingEngine: Bool)
        throws(CellError) -> MappedTemplate<TemplateFileCell, Item>
    {
        do {
            let cell = try TemplateFileCell(
                file: file, measurer: measurer, scale: scale, reusingEngine: reusingEngine,
                contentSize: text.contentSize)
            return MappedTemplate(cell, transform: parts.rows.jsonRow)
        } catch {
            throw CellError(template: file.name, message: "\(error)")
        }
    }

    /// Each label the frame code measures, at the width it measures it at
    /// (`BuiltInParts.labelWidths`).
    func textMeasurement(measurer: TextMeasurer) throws(CellError) -> (Item, Double)
        throws(CellError) -> Void
    {
        let frames = try parts.frames(scale, measurer)
        let widths = parts.labelWidths
        let name = parts.template.rawValue
        return { (item, cellWidth) throws(CellError) in
            try checkWidth(cellWidth, minimum: widths.minimumCellWidth, template: name)
            let labels = frames.labels(for: item)
            func measure(_ label: LabelContent, width: Double) throws(CellError) -> Size {
                do {
                    return try measurer.sizeThatFits(
                        label.text, style: label.style,
                        size: Size(width: width, height: .greatestFiniteMagnitude),
                        numberOfLines: label.numberOfLines, scale: frames.scale)
                } catch {
                    throw CellError(template: name, message: "\(label.name): \(error)")
                }
            }
            func naturalWidth(_ other: String) throws(CellError) -> Double {
                guard let label = labels.first(where: { $0.name == other }), !label.text.isEmpty
                else { return 0 }
                return try measure(label, width: .infinity).width
            }
            for label in labels where !label.text.isEmpty {
                guard let width = try widths.width(label.name, cellWidth, naturalWidth) else {
                    continue
                }
                _ = try measure(label, width: width)
            }
        }
    }

    func loadRows(_ data: BenchData) throws -> [Item] { try data.rows(parts.rows) }
    func mediaSize(of item: Item) -> Size? { parts.rows.mediaSize(item) }
}

/// A template file's constraints against the built-in frame code of the
/// same template.
struct FileSuite<Frames: CellTemplate & LabelDescribing, CellView: ConstraintCellView>: BenchSuite
where CellView.Item == Frames.Item {
    typealias FrameSuite = BuiltInSuite<Frames, CellView>
    let file: TemplateFile
    let frames: FrameSuite
    let scale: Double
    var text = TextOptions()

    func makeFrames(measurer: TextMeasurer) throws(CellError) -> Frames? {
        try frames.makeFrames(measurer: measurer)
    }

    /// The file's cell reads JSON rows: each row is handed over as one
    /// (`RowFormat.jsonRow`), as a data file holding it would be.
    func makeConstraints(measurer: TextMeasurer, reusingEngine: Bool) throws(CellError)
        -> MappedTemplate<TemplateFileCell, FrameSuite.Item>
    {
        try frames.fileTemplate(file, measurer: measurer, reusingEngine: reusingEngine)
    }

    func rowsWithMissingGlyphs(_ items: [FrameSuite.Item], measurer: TextMeasurer) throws(CellError)
        -> Int
    {
        try frames.rowsWithMissingGlyphs(items, measurer: measurer)
    }

    func loadRows(_ data: BenchData) throws -> [FrameSuite.Item] { try frames.loadRows(data) }
    func mediaSize(of item: FrameSuite.Item) -> Size? { frames.mediaSize(of: item) }

    func textMeasurement(measurer: TextMeasurer) throws(CellError) -> (FrameSuite.Item, Double)
        throws(CellError) -> Void
    {
        try frames.textMeasurement(measurer: measurer)
    }
}

/// A template file on its own, on rows of any keys (`--data`, JSON Lines;
/// without it generated rows: the built-in template's of the file's name,
/// else the samples as `title`, `subtitle`, `image`).
/// A file that is a tree of stacks has a frame path: each row turned into a
/// `StackTree` and laid out directly (`TemplateFileDirectCell`), compared
/// with the file's constraints on every row; any other runs constraints
/// only, and the report says why.
struct FileAloneSuite: BenchSuite {
    let file: TemplateFile
    let scale: Double
    var text = TextOptions()
    /// Rows the direct path refused, shared by every copy of the frame path.
    let refusals = DirectRefusals()

    var noFramesReason: String? { file.stackTreeProblem }

    var directRefusals: DirectRefusals? { file.stackTreeProblem == nil ? refusals : nil }

    func makeFrames(measurer: TextMeasurer) throws(CellError) -> DirectFramesOrConstraints? {
        guard file.stackTreeProblem == nil else { return nil }
        do {
            return DirectFramesOrConstraints(
                direct: try TemplateFileDirectCell(
                    file: file, measurer: measurer, scale: scale, contentSize: text.contentSize),
                constraints: try TemplateFileCell(
                    file: file, measurer: measurer, scale: scale, contentSize: text.contentSize),
                refusals: refusals)
        } catch {
            throw CellError(template: file.name, message: "\(error)")
        }
    }

    func makeConstraints(measurer: TextMeasurer, reusingEngine: Bool) throws(CellError)
        -> TemplateFileCell
    {
        do {
            return try TemplateFileCell(
                file: file, measurer: measurer, scale: scale, reusingEngine: reusingEngine,
                contentSize: text.contentSize)
        } catch {
            throw CellError(template: file.name, message: "\(error)")
        }
    }

    /// The file's bound labels: key path, style at the content size, lines.
    func boundLabels() throws(CellError) -> [(JSONKeyPath, TextStyle, Int)] {
        var bound: [(JSONKeyPath, TextStyle, Int)] = []
        for view in file.views where view.kind == .label {
            guard let field = view.field, let path = JSONKeyPath(field) else { continue }
            do {
                let style = try TemplateFileCellView.style(for: view)
                bound.append(
                    (
                        path, ScaledMetrics().scaledStyle(style, compatibleWith: text.contentSize),
                        view.lines
                    ))
            } catch {
                throw CellError(template: file.name, message: "view \"\(view.id)\": \(error)")
            }
        }
        return bound
    }

    func rowsWithMissingGlyphs(_ items: [JSONRow], measurer: TextMeasurer) throws(CellError) -> Int
    {
        let bound = try boundLabels()
        var count = 0
        for row in items {
            for (path, style, _) in bound {
                do {
                    let text = try row.text(at: path)
                    if text.isEmpty { continue }
                    if !(try measurer.layout(text, style: style, width: .infinity)).missingGlyphs
                        .isEmpty
                    {
                        count += 1
                        break
                    }
                } catch {
                    throw CellError(template: file.name, message: "\(error)")
                }
            }
        }
        return count
    }

    /// Each bound label's text measured at the row's width, one line per
    /// paragraph (what a direct path measures first).
    func textMeasurement(measurer: TextMeasurer) throws(CellError) -> (JSONRow, Double)
        throws(CellError) -> Void
    {
        let bound = try boundLabels()
        let name = file.name
        let scale = scale
        return { (row, width) throws(CellError) in
            for (path, style, lines) in bound {
                do {
                    _ = try measurer.sizeThatFits(
                        try row.text(at: path), style: style,
                        size: Size(width: width, height: .greatestFiniteMagnitude),
                        numberOfLines: lines, scale: scale)
                } catch {
                    let place = RowPlace.dataLineSuffix(row.line)
                    throw CellError(template: name, message: "\(error)\(place)")
                }
            }
        }
    }

    /// The rows of `--data`, or generated as the built-in template of the
    /// file's name generates its rows (posts for `PostCell`).
    var rowFormat: RowFormat<JSONRow> { file.rowFormat }

    func loadRows(_ data: BenchData) throws -> [JSONRow] {
        let rows = try data.rows(rowFormat)
        if data.path != nil {
            try FieldCheck.report(for: file, rows: rows, strict: data.strict, tool: "listbench")
        } else {
            // Generated rows made for another template may have none of
            // the file's fields: its views are then empty, which measures
            // little of either path. Said, not hidden.
            let missing = FieldCheck.missingFields(in: file, rows: rows)
            if !missing.isEmpty {
                let fields = missing.map { "\"\($0)\"" }.joined(separator: ", ")
                fputs(
                    "listbench: warning: the generated rows have no \(fields) (\(file.file) reads"
                        + " \(missing.count == 1 ? "it" : "them")): those views are empty in every"
                        + " row; --data FILE lays out rows that hold them\n", stderr)
            }
        }
        // Each path reads the members the file's views read (and the
        // collection layouts the media field): the rest only cost the
        // timed passes cache misses (`TemplateFile.row(_:keeping:)`).
        var keys = file.rowKeys
        if let media = RowFormat.mediaPath(for: file).components.first { keys.insert(media) }
        return rows.map { TemplateFile.row($0, keeping: keys) }
    }

    /// The media field's size (`image`, or `photo` for posts).
    func mediaSize(of item: JSONRow) -> Size? { rowFormat.mediaSize(item) }
}

/// `Templates/PostCell.json` from the working folder or the checkout the
/// executable was built in (`.build/<configuration>/listbench`).
func bundledPostCellFile() -> TemplateFile? {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let checkout = executable.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    for folder in [FileManager.default.currentDirectoryPath, checkout.path] {
        let path = folder + "/Templates/PostCell.json"
        if FileManager.default.fileExists(atPath: path),
            let file = try? TemplateFile.load(path: path)
        {
            return file
        }
    }
    return nil
}

/// A stack-tree file's frame path in listbench: the direct path, and for a
/// row it refuses (ambiguous, conflicting, not modelled at that width) the
/// file's constraints in its place, so the run goes on; each such row is
/// counted and the report says how many and why, since those rows are not
/// a comparison of the two paths.
struct DirectFramesOrConstraints: CellTemplate {
    var direct: TemplateFileDirectCell
    var constraints: TemplateFileCell
    let refusals: DirectRefusals

    var name: String { direct.name }
    var path: LayoutPath { .frames }

    mutating func layout(_ item: JSONRow, width: Double) throws(CellError) -> CellLayout {
        do {
            return try direct.layout(item, width: width)
        } catch {
            // A field the file cannot show fails both paths alike: the
            // constraints' error is the one reported.
            let layout = try constraints.layout(item, width: width)
            refusals.record(item, width: width, error)
            return layout
        }
    }

    mutating func height(for item: JSONRow, width: Double) throws(CellError) -> Double {
        do {
            return try direct.height(for: item, width: width)
        } catch {
            let height = try constraints.height(for: item, width: width)
            refusals.record(item, width: width, error)
            return height
        }
    }
}

/// The rows (and widths) the direct path refused, from every thread.
final class DirectRefusals: Sendable {
    private struct RefusedRow: Hashable {
        let row: JSONRow
        let width: Double
    }
    private let state = Locked((refused: Set<RefusedRow>(), firstReason: String?.none))

    func record(_ row: JSONRow, width: Double, _ error: CellError) {
        state.withLock {
            if $0.refused.insert(RefusedRow(row: row, width: width)).inserted, $0.firstReason == nil
            {
                $0.firstReason = error.message
            }
        }
    }

    /// Distinct rows × widths refused, and the first reason.
    var summary: (count: Int, first: String?) {
        state.withLock { ($0.refused.count, $0.firstReason) }
    }
}
