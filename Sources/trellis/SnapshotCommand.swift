// `trellis snapshot`: golden layout files for many rows at several widths
// (each cell's frame tree as text, optionally its picture), and the check
// that compares a folder of them with what the layout gives now, printing
// which views moved and by how much.

import ArgumentParser
import CLIOptions
import CLISupport
import FoundationEssentials
import Trellis
import TrellisData
import TrellisSnapshots
import TrellisTemplateSource

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract:
            "Write golden frame files (and pictures) of many rows, or check a folder of them.",
        discussion: """
            trellis snapshot --template T [--data rows.jsonl] --widths 320,375,414 --out DIR
            writes DIR/snapshot.json (what to lay out) and, per row and width,
            row-NNNN@W.frames.txt (and row-NNNN@W.png with --png).
            trellis snapshot --check DIR lays the same rows out again and compares.
            Paths in snapshot.json are as given, relative to the working directory.
            Exit codes: 0 written or all equal, 1 a difference (printed), 2 bad files or data, 64 bad options.
            """)

    @Option(
        help:
            "Template: \(BuiltInTemplate.names) or a template file (.json)."
    )
    var template: String?

    @Option(help: "A JSON Lines data file (default: generated rows).")
    var data: String?

    @Option(help: "Rows to snapshot (the first ones of the data).")
    var rows: Int = 10

    @OptionGroup var generatedRowsSeed: GeneratedRowsSeedOption
    var seed: UInt64 { generatedRowsSeed.seed }

    @Option(help: "Cell widths in points, separated by commas.")
    var widths: String = "320,375,414"

    @Option(help: "For a built-in template: frames (its frame code) or constraints.")
    var path: String = "frames"

    @Option(help: "Screen scale: the pixel grid of the frames and the pictures' pixels per point.")
    var scale: Double = 3

    @Flag(help: "Also write each cell's picture (PNG).")
    var png = false

    @Option(help: "Folder to write the golden files to.")
    var out: String?

    @Option(help: "Folder of golden files to compare with the layout now.")
    var check: String?

    @OptionGroup var dataLimits: DataLimitOptions
    @OptionGroup var strictOption: StrictOption

    func validate() throws {
        switch (out, check) {
        case (nil, nil):
            throw ValidationError("give --out DIR to write golden files or --check DIR to compare")
        case (.some, .some): throw ValidationError("--out and --check cannot be used together")
        case (nil, .some):
            guard template == nil, data == nil else {
                throw ValidationError(
                    "--check reads the template and data from DIR/snapshot.json; leave out --template and --data"
                )
            }
        case (.some, nil):
            guard template != nil else { throw ValidationError("--out needs --template") }
        }
        guard (1...10_000).contains(rows) else {
            throw ValidationError("--rows must be 1...10000, got \(rows)")
        }
        guard scale.isFinite, scale >= 1, scale <= 4 else {
            throw ValidationError("--scale must be 1...4, got \(scale)")
        }
        guard ["frames", "constraints"].contains(path) else {
            throw ValidationError("--path must be frames or constraints, got '\(path)'")
        }
    }

    func run() throws {
        let conflicts = ConflictLog()
        conflicts.start()
        defer {
            conflicts.stop()
            conflicts.flush(tool: "trellis")
        }
        if let check {
            var manifest = try SnapshotManifest.read(folder: check)
            manifest.limits = dataLimits.limits
            manifest.strict = strictOption.strict
            let differences = try manifest.compare(folder: check)
            guard differences == 0 else { throw ExitCode(1) }
            return
        }
        guard let out, let template else { return }
        var manifest = SnapshotManifest(
            template: template, path: path, data: data, rows: rows, seed: seed,
            widths: try SnapshotManifest.parseWidths(widths), scale: scale, png: png)
        manifest.limits = dataLimits.limits
        manifest.strict = strictOption.strict
        try manifest.write(folder: out)
    }
}

/// What a snapshot folder holds: how to lay its rows out again.
struct SnapshotManifest: Codable {
    static let fileName = "snapshot.json"

    var template: String
    var path: String
    var data: String?
    var rows: Int
    var seed: UInt64
    var widths: [Double]
    var scale: Double
    var png: Bool
    /// The command line's data limits and `--strict` (not stored in the folder).
    var limits = DataLimits.standard
    var strict = false

    enum CodingKeys: String, CodingKey {
        case template, path, data, rows, seed, widths, scale, png
    }

    static func parseWidths(_ text: String) throws -> [Double] {
        let widths = try text.split(separator: ",", omittingEmptySubsequences: false).map {
            field -> Double in
            let trimmed = field.trimmingSpaces()
            guard let width = Double(trimmed), width.isFinite, width > 0, width <= 4_096 else {
                throw CLIFailure.usage("--widths: '\(trimmed)' is not a width in (0, 4096] points")
            }
            return width
        }
        guard !widths.isEmpty else { throw CLIFailure.usage("--widths needs at least one width") }
        return widths
    }

    /// `row-0003@375.frames.txt` (widths with a fraction keep it: `@320.5`).
    static func fileName(row: Int, width: Double, extension: String) -> String {
        let number = String(row)
        return
            "row-\(String(repeating: "0", count: max(0, 4 - number.count)))\(number)@\(formatPoints(width)).\(`extension`)"
    }

    /// The rows as `format` reads them: the data file's first `rows`, or generated ones.
    func items<Item>(_ format: RowFormat<Item>) throws -> [Item] {
        guard let data else { return format.generate(seed, rows) }
        return try limits.rows(format, fromFile: data, limit: rows)
    }

    /// Every row of `items` at every width, laid out by `layOut`.
    func layOutAll<Item>(_ items: [Item], _ layOut: (Item, Double) throws -> CellSnapshot) throws
        -> [SnapshotEntry]
    {
        var cells: [SnapshotEntry] = []
        for (row, item) in items.enumerated() {
            let line = RowPlace.line(of: item)
            for width in widths {
                do {
                    cells.append((row, width, try layOut(item, width), line))
                } catch {
                    throw CLIFailure.data(
                        RowPlace.append(
                            to: "at width \(formatPoints(width)): \(error)", item: item,
                            index: row))
                }
            }
        }
        return cells
    }

    /// Every (row, width) cell, laid out now.
    func cells() throws -> [SnapshotEntry] {
        do {
            let file: TemplateFile
            switch try limits.templateSource(template) {
            case .builtIn(let builtIn): return try builtIn.visit(SnapshotCells(manifest: self))
            case .file(let read): file = read
            }
            var cell = try TemplateFileCell(file: file, scale: scale)
            let rows = try items(file.rowFormat)
            if data != nil {
                try FieldCheck.report(for: file, rows: rows, strict: strict, tool: "trellis")
            }
            return try layOutAll(rows) {
                try CellSnapshot.ofConstraints(&cell, item: $0, width: $1)
            }
        } catch {
            throw CLIFailure.wrapping(error)
        }
    }

    func write(folder: String) throws {
        let cells = try cells()
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try OutputFile.write(
                Array(encoder.encode(self) + Data("\n".utf8)), to: folder + "/" + Self.fileName)
        } catch {
            throw CLIFailure.data(
                "cannot write \(folder)/\(Self.fileName): \(error)")
        }
        for (row, width, cell, line) in cells {
            try Self.store(
                Data(cell.frameTree.description.utf8), folder,
                Self.fileName(row: row, width: width, extension: "frames.txt"))
            if png {
                let name = Self.fileName(row: row, width: width, extension: "png")
                let place = name + (line.map { " " + RowPlace.dataLine($0) } ?? "")
                let picture = try Self.picture(of: cell, place: place, scale: scale)
                try Self.store(Data(PNGEncoder.encode(picture)), folder, name)
            }
        }
        let count = cells.count * (png ? 2 : 1)
        print(
            "wrote \(count) golden files to \(folder): \(cells.count / widths.count) rows × \(widths.count) widths of \(template)"
        )
    }

    static func read(folder: String) throws -> SnapshotManifest {
        guard PathKind(folder) == .directory else {
            throw CLIFailure.data(
                "\(folder): no such folder (give a folder written by trellis snapshot --out)")
        }
        let file = folder + "/" + fileName
        guard let contents = FileManager.default.contents(atPath: file) else {
            throw CLIFailure.data(
                "\(file): missing; \(folder) is not a folder written by trellis snapshot --out")
        }
        let manifest: SnapshotManifest
        do {
            manifest = try JSONDecoder().decode(SnapshotManifest.self, from: contents)
        } catch let DecodingError.keyNotFound(key, _) {
            throw CLIFailure.data("\(file): not a snapshot manifest: no \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(
            _, context)
        {
            let where_ = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw CLIFailure.data(
                "\(file): not a snapshot manifest: \"\(where_)\" has the wrong type")
        } catch {
            throw CLIFailure.data("\(file): not a snapshot manifest: the file is not JSON")
        }
        guard !manifest.widths.isEmpty,
            manifest.widths.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= 4_096 }),
            (1...10_000).contains(manifest.rows), manifest.scale.isFinite,
            (1...4).contains(manifest.scale),
            ["frames", "constraints"].contains(manifest.path)
        else {
            throw CLIFailure.data(
                "\(file): not a snapshot manifest: widths must be in (0, 4096], rows 1...10000, scale 1...4, path frames or constraints"
            )
        }
        return manifest
    }

    /// Compares every golden file with the layout now and prints what
    /// differs; returns how many files differ (a missing one counts).
    func compare(folder: String) throws -> Int {
        let cells = try cells()
        var differing = 0
        var checked = 0
        for (row, width, cell, line) in cells {
            let name = Self.fileName(row: row, width: width, extension: "frames.txt")
            // Named by the golden file (row and width), then the data line.
            let dataLine = line.map { " " + RowPlace.dataLine($0) } ?? ""
            let place = name + dataLine
            checked += 1
            guard let golden = FileManager.default.contents(atPath: folder + "/" + name) else {
                print("\(place): golden file missing")
                differing += 1
                continue
            }
            let old: FrameTree
            do {
                old = try FrameTree(
                    parsing: String(decoding: golden, as: UTF8.self), file: folder + "/" + name)
            } catch {
                throw CLIFailure.data("\(error)")
            }
            if let report = cell.frameTree.differenceReport(from: old) {
                print("\(place): \(report)")
                differing += 1
            }
            guard png else { continue }
            let pictureName = Self.fileName(row: row, width: width, extension: "png")
            checked += 1
            guard let bytes = FileManager.default.contents(atPath: folder + "/" + pictureName)
            else {
                print("\(pictureName)\(dataLine): golden picture missing")
                differing += 1
                continue
            }
            let reference: Bitmap
            do {
                reference = try PNGDecoder.decode(Array(bytes))
            } catch {
                throw CLIFailure.data("\(folder)/\(pictureName): \(error)")
            }
            let picture = try Self.picture(of: cell, place: pictureName + dataLine, scale: scale)
            if let difference = Self.pictureDifference(reference, picture) {
                print("\(pictureName)\(dataLine): \(difference)")
                differing += 1
            }
        }
        print(
            differing == 0
                ? "all \(checked) golden files in \(folder) match"
                : "\(differing) of \(checked) golden files in \(folder) differ")
        return differing
    }

    /// How two pictures differ (size, or how many pixels), or nil when equal.
    static func pictureDifference(_ old: Bitmap, _ new: Bitmap) -> String? {
        guard old.width == new.width, old.height == new.height else {
            return
                "the picture is \(new.width)×\(new.height) pixels, the golden one \(old.width)×\(old.height)"
        }
        let different = stride(from: 0, to: old.pixels.count, by: 4).filter {
            old.pixels[$0..<($0 + 4)] != new.pixels[$0..<($0 + 4)]
        }.count
        return different == 0 ? nil : "\(different) of \(old.width * old.height) pixels differ"
    }

    private static func picture(of cell: CellSnapshot, place: String, scale: Double)
        throws -> Bitmap
    {
        do {
            return try cell.picture(scale: scale)
        } catch {
            throw CLIFailure.data("\(place): cannot draw: \(error)")
        }
    }

    private static func store(_ data: Data, _ folder: String, _ name: String) throws {
        try OutputFile.write(Array(data), to: folder + "/" + name)
    }
}

/// One laid-out cell of a snapshot: its row (0-based, as the golden files'
/// names count), width, layout, and data line when read from a data file.
typealias SnapshotEntry = (row: Int, width: Double, cell: CellSnapshot, line: Int?)

/// The cells of a built-in template: its frame code, or its constraints
/// with `--path constraints`.
private struct SnapshotCells: BuiltInTemplateVisitor {
    typealias Result = [SnapshotEntry]
    let manifest: SnapshotManifest

    func visit<Frames: CellTemplate & LabelDescribing, CellView: ConstraintCellView>(
        _ parts: BuiltInParts<Frames, CellView>
    ) throws -> Result where CellView.Item == Frames.Item {
        let rows = parts.rows
        let frames = parts.frames
        let constraints = parts.constraints
        let items = try manifest.items(rows)
        if manifest.path == "constraints" {
            var cell = try constraints(manifest.scale, .shared, true)
            return try manifest.layOutAll(items) {
                try CellSnapshot(template: &cell, item: $0, width: $1)
            }
        }
        var cell = try frames(manifest.scale, .shared)
        return try manifest.layOutAll(items) {
            try CellSnapshot(template: &cell, item: $0, width: $1)
        }
    }
}
