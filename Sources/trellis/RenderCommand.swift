// `trellis render`: lays out the first rows of a template and draws them to a
// PNG, with the classic debugging colors and the real text.

import ArgumentParser
import CLIOptions
import CLISupport
import FoundationEssentials
import Trellis
import TrellisData
import TrellisSamples
import TrellisTemplateSource

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract:
            "Draw laid-out cells to a PNG (cover yellow, title green, subtitle blue, real text).")

    @Option(
        help: "Template: \(BuiltInTemplate.names), or a template file (.json; rows of any keys).")
    var template: String = AnimalTableViewCell.name

    @Option(
        help:
            "Layout: table (cells stacked), column, mosaic, waterfall, or a compositional layout file (.json; its sections take the rows in order, --rows is ignored)."
    )
    var layout: String = "table"

    @Option(help: "Number of rows to draw.")
    var rows: Int = 8

    @OptionGroup var cellWidth: CellWidthOption
    var width: Double { cellWidth.width }

    @Option(help: "Pixels per point.")
    var scale: Double = 3

    @Option(help: "A JSON Lines data file (default: generated rows, seed 1).")
    var data: String?

    @OptionGroup var generatedRowsSeed: GeneratedRowsSeedOption
    var seed: UInt64 { generatedRowsSeed.seed }

    @Option(help: "Output PNG file.")
    var out: String

    @OptionGroup var dataLimits: DataLimitOptions
    @OptionGroup var strictOption: StrictOption

    func validate() throws {
        guard (1...1000).contains(rows) else {
            throw ValidationError("--rows must be 1...1000, got \(rows)")
        }
        guard scale.isFinite, scale >= 1, scale <= 4 else {
            throw ValidationError("--scale must be 1...4, got \(scale)")
        }
    }

    func run() throws {
        let conflicts = ConflictLog()
        conflicts.start()
        defer {
            conflicts.stop()
            conflicts.flush(tool: "trellis")
        }
        guard ["table", "column", "mosaic", "waterfall"].contains(layout) || layoutIsFile else {
            throw CLIFailure.usage(
                "unknown layout '\(layout)' (expected table, column, mosaic or waterfall)")
        }
        let (bitmap, count): (Bitmap, Int)
        do {
            switch try dataLimits.limits.templateSource(template) {
            case .builtIn(let builtIn):
                (bitmap, count) = try builtIn.visit(BuiltInRender(command: self))
            case .file(let file):
                var cell = try TemplateFileCell(file: file, scale: scale)
                let format = file.rowFormat
                let items = try rows(format)
                if data != nil {
                    try FieldCheck.report(
                        for: file, rows: items, strict: strictOption.strict, tool: "trellis")
                }
                (bitmap, count) = (
                    try draw(&cell, items: items, mediaSize: format.mediaSize), items.count
                )
            }
        } catch {
            throw CLIFailure.wrapping(error)
        }
        let png = PNGEncoder.encode(bitmap)
        try OutputFile.write(png, to: out)
        POSIXFile.standardError.write(
            "wrote \(out): \(bitmap.width)×\(bitmap.height) px, \(count) cells\n")
    }

    /// The first `rows` rows of `--data`, read as `format` says, or generated ones.
    func rows<Item>(_ format: RowFormat<Item>) throws -> [Item] {
        let rows = layoutIsFile ? try layoutFile().itemCounts.reduce(0, +) : rows
        guard let data else { return format.generate(seed, rows) }
        return try dataLimits.limits.rows(format, fromFile: data, limit: rows)
    }

    /// Lays the items out (stacked for a table, else with the collection
    /// layout, self-sizing items measured by the template) and draws them.
    func draw<T: CellTemplate & LabelDescribing>(
        _ cell: inout T, items: [T.Item], mediaSize: @escaping (T.Item) -> Size?
    ) throws -> Bitmap {
        if layout == "table" {
            return try CellPicture.render(template: &cell, items: items, width: width, scale: scale)
                .0
        }
        if layoutIsFile { return try drawCompositional(&cell, items: items) }
        let sizing = TemplateSizing(template: cell, items: items)
        let bounds = Rect(x: 0, y: 0, width: width, height: 812)
        let margins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        let counts = [items.count]
        var frames: [Rect] = []
        var contentHeight = 0.0
        func place<L: CollectionLayout>(_ collection: inout L) throws {
            try collection.prepare(bounds: bounds, layoutMargins: margins, safeAreaInsets: .zero)
            if let error = sizing.error { throw error }
            frames = items.indices.compactMap {
                collection.attributes(forItem: IndexPath(item: $0, section: 0))?.frame
            }
            contentHeight = collection.contentSize.height
        }
        switch layout {
        case "column":
            var collection = ColumnFlowLayout(itemCounts: counts, sizing: sizing)
            try place(&collection)
        case "mosaic":
            var collection = MosaicLayout(itemCount: items.count)
            try place(&collection)
        default:
            var collection = WaterfallLayout(
                itemCounts: counts,
                sizing: TemplateWaterfallSizing(sizing: sizing, mediaSize: mediaSize),
                displayScale: scale)
            try place(&collection)
        }
        return try CellPicture.render(
            template: &cell, items: items, frames: frames,
            canvas: Size(width: width, height: contentHeight), scale: scale
        ).0
    }
}

/// `trellis render` with a built-in template's frame code.
struct BuiltInRender: BuiltInTemplateVisitor {
    typealias Result = (Bitmap, Int)
    let command: Render

    func visit<Frames: CellTemplate & LabelDescribing, CellView: ConstraintCellView>(
        _ parts: BuiltInParts<Frames, CellView>
    ) throws -> (Bitmap, Int) where CellView.Item == Frames.Item {
        let rows = parts.rows
        let frames = parts.frames
        var cell = try frames(command.scale, .shared)
        let items = try command.rows(rows)
        return (try command.draw(&cell, items: items, mediaSize: rows.mediaSize), items.count)
    }
}
