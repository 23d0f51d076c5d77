// The one registry of built-in templates that `listbench` and `trellis`
// both serve: each template's name, its two implementations and how its
// rows are read from data files and generated; and the row format of a
// template file's rows.

import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisText

/// The built-in cell templates.
public enum BuiltInTemplate: String, CaseIterable, Sendable {
    case animal = "AnimalTableViewCell"
    case bird = "BirdCollectionViewCell"
    case feed = "FeedCell"
    case post = "PostCell"
    case product = "ProductCard"

    /// The names, for messages ("AnimalTableViewCell, BirdCollectionViewCell or FeedCell").
    public static var names: String {
        let all = allCases.map(\.rawValue)
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }

    /// Hands the template's parts, as their concrete types, to `visitor`
    /// (so hot loops are specialized per template). `adjustingText`, when
    /// given, is applied to every label's text style of both
    /// implementations (a run's Dynamic Type category or fallback fonts).
    @inlinable
    public func visit<Visitor: BuiltInTemplateVisitor>(
        _ visitor: Visitor,
        adjustingText adjust: (@Sendable (TextStyle) throws(CellError) -> TextStyle)? = nil
    ) throws -> Visitor.Result {
        switch self {
        case .animal: return try visitor.visit(parts(AnimalTableViewCell.self, adjust))
        case .bird: return try visitor.visit(parts(BirdCollectionViewCell.self, adjust))
        case .feed: return try visitor.visit(parts(FeedCell.self, adjust))
        case .post: return try visitor.visit(parts(PostCell.self, adjust))
        case .product: return try visitor.visit(parts(ProductCard.self, adjust))
        }
    }

    /// The parts of `cell`: its style (made at a scale with a measurer,
    /// then adjusted) and the two implementations made from it.
    @inlinable
    func parts<Cell: BuiltInCell>(
        _ cell: Cell.Type,
        _ adjust: (@Sendable (TextStyle) throws(CellError) -> TextStyle)?
    ) -> BuiltInParts<Cell.Frames, Cell.CellView> {
        func adjusted(_ scale: Double, _ measurer: TextMeasurer) throws(CellError) -> Cell.Style {
            let made = try Cell.style(scale: scale, measurer: measurer)
            guard let adjust else { return made }
            return try made.mappingTextStyles(adjust)
        }
        return BuiltInParts(
            template: self, rows: Cell.rows, labelWidths: Cell.labelWidths,
            frames: { scale, measurer throws(CellError) in
                Cell.frames(try adjusted(scale, measurer))
            },
            constraints: { scale, measurer, reusing throws(CellError) in
                Cell.constraints(try adjusted(scale, measurer), reusingEngine: reusing)
            })
    }
}

/// A built-in cell as the registry serves it: its style, its frame code
/// and constraints made from the style, its rows, and the widths its frame
/// code measures its labels at.
public protocol BuiltInCell {
    associatedtype Style: LabelStyles
    associatedtype Frames: CellTemplate & LabelDescribing
    associatedtype CellView: ConstraintCellView where CellView.Item == Frames.Item
    /// How its rows are read from data files, generated and shown.
    static var rows: RowFormat<Frames.Item> { get }
    /// The widths its frame code measures its labels at.
    static var labelWidths: LabelWidths { get }
    /// Its fonts at a scale, measured by `measurer`.
    static func style(scale: Double, measurer: TextMeasurer) throws(CellError) -> Style
    /// Its frame code.
    static func frames(_ style: Style) -> Frames
    /// Its constraints, on one reused hierarchy or a fresh one per row.
    static func constraints(_ style: Style, reusingEngine: Bool) -> ConstraintTemplate<CellView>
}

extension AnimalTableViewCell: BuiltInCell {
    public static var rows: RowFormat<AnimalItem> { .samples }
    public static func style(scale: Double, measurer: TextMeasurer) throws(CellError)
        -> AnimalCellStyle
    { try .classic(scale: scale, measurer: measurer) }
    public static func frames(_ style: AnimalCellStyle) -> AnimalTableViewCellFrames {
        AnimalTableViewCellFrames(style: style)
    }
    public static func constraints(_ style: AnimalCellStyle, reusingEngine: Bool)
        -> AnimalTableViewCellConstraints
    { AnimalTableViewCellConstraints(style: style, reusingEngine: reusingEngine) }
}

extension BirdCollectionViewCell: BuiltInCell {
    public static var rows: RowFormat<AnimalItem> { .samples }
    public static func style(scale: Double, measurer: TextMeasurer) throws(CellError)
        -> BirdCellStyle
    { try .standard(scale: scale, measurer: measurer) }
    public static func frames(_ style: BirdCellStyle) -> BirdCollectionViewCellFrames {
        BirdCollectionViewCellFrames(style: style)
    }
    public static func constraints(_ style: BirdCellStyle, reusingEngine: Bool)
        -> BirdCollectionViewCellConstraints
    { BirdCollectionViewCellConstraints(style: style, reusingEngine: reusingEngine) }
}

extension FeedCell: BuiltInCell {
    public static var rows: RowFormat<AnimalItem> { .samples }
    public static func style(scale: Double, measurer: TextMeasurer) throws(CellError)
        -> FeedCellStyle
    { try .standard(scale: scale, measurer: measurer) }
    public static func frames(_ style: FeedCellStyle) -> FeedCellFrames {
        FeedCellFrames(style: style)
    }
    public static func constraints(_ style: FeedCellStyle, reusingEngine: Bool)
        -> FeedCellConstraints
    { FeedCellConstraints(style: style, reusingEngine: reusingEngine) }
}

extension PostCell: BuiltInCell {
    public static var rows: RowFormat<PostItem> { .posts }
    public static func style(scale: Double, measurer: TextMeasurer) throws(CellError)
        -> PostCellStyle
    { try .standard(scale: scale, measurer: measurer) }
    public static func frames(_ style: PostCellStyle) -> PostCellFrames {
        PostCellFrames(style: style)
    }
    public static func constraints(_ style: PostCellStyle, reusingEngine: Bool)
        -> PostCellConstraints
    { PostCellConstraints(style: style, reusingEngine: reusingEngine) }
}

extension ProductCard: BuiltInCell {
    public static var rows: RowFormat<ProductItem> { .products }
    public static func style(scale: Double, measurer: TextMeasurer) throws(CellError)
        -> ProductCardStyle
    { try .standard(scale: scale, measurer: measurer) }
    public static func frames(_ style: ProductCardStyle) -> ProductCardFrames {
        ProductCardFrames(style: style)
    }
    public static func constraints(_ style: ProductCardStyle, reusingEngine: Bool)
        -> ProductCardConstraints
    { ProductCardConstraints(style: style, reusingEngine: reusingEngine) }
}

/// One built-in template's parts, as their concrete types: how its rows
/// are read and generated, its two implementations, and the widths its
/// frame code measures its labels at.
public struct BuiltInParts<
    Frames: CellTemplate & LabelDescribing, CellView: ConstraintCellView
> where CellView.Item == Frames.Item {
    public typealias Item = Frames.Item
    public let template: BuiltInTemplate
    /// How its rows are read from data files, generated and shown.
    public let rows: RowFormat<Item>
    /// The widths its frame code measures its labels at.
    public let labelWidths: LabelWidths
    /// `frames(scale, measurer)`: the frame code.
    public let frames: (Double, TextMeasurer) throws(CellError) -> Frames
    /// `constraints(scale, measurer, reusingEngine)`: the constraint implementation.
    public let constraints:
        (Double, TextMeasurer, Bool) throws(CellError) -> ConstraintTemplate<CellView>

    @inlinable
    public init(
        template: BuiltInTemplate, rows: RowFormat<Item>, labelWidths: LabelWidths,
        frames: @escaping (Double, TextMeasurer) throws(CellError) -> Frames,
        constraints:
            @escaping (Double, TextMeasurer, Bool) throws(CellError) -> ConstraintTemplate<CellView>
    ) {
        self.template = template
        self.rows = rows
        self.labelWidths = labelWidths
        self.frames = frames
        self.constraints = constraints
    }
}

/// Something done with a built-in template's parts.
public protocol BuiltInTemplateVisitor {
    associatedtype Result
    func visit<Frames: CellTemplate & LabelDescribing, CellView: ConstraintCellView>(
        _ parts: BuiltInParts<Frames, CellView>
    ) throws -> Result where CellView.Item == Frames.Item
}

extension RowFormat where Item == JSONRow {
    /// Rows of any keys, as template files read them; generated as the
    /// sample rows (`title`, `subtitle`, `image`).
    public static var json: RowFormat<JSONRow> { json(generatedAs: .animal) }

    /// The field whose `[width, height]` is a row's media size
    /// (`mediaSize`) in rows generated as `template`'s: `photo` for posts,
    /// `image` for the others.
    public static func mediaPath(generatedAs template: BuiltInTemplate) -> JSONKeyPath {
        template == .post ? JSONKeyPath("photo")! : JSONKeyPath("image")!
    }

    /// The field `generated(for: file).mediaSize` reads.
    public static func mediaPath(for file: TemplateFile) -> JSONKeyPath {
        mediaPath(generatedAs: BuiltInTemplate(rawValue: file.name) ?? .animal)
    }

    /// Rows of any keys for a template file: generated as the built-in
    /// template of the file's name generates its rows (posts for
    /// `PostCell`, products for `ProductCard`), else as the sample rows.
    public static func generated(for file: TemplateFile) -> RowFormat<JSONRow> {
        BuiltInTemplate(rawValue: file.name).map { .json(generatedAs: $0) } ?? .json
    }

    /// Rows of any keys, generated as `template`'s rows are and turned into
    /// the JSON rows a data file of them holds (posts for `PostCell`, with
    /// the keys `Templates/PostCell.json` reads; products, `title` and
    /// `price`, for `ProductCard`; the sample rows for the others).
    public static func json(generatedAs template: BuiltInTemplate) -> RowFormat<JSONRow> {
        let media = mediaPath(generatedAs: template)
        let generate: @Sendable (UInt64, Int) -> [JSONRow]
        switch template {
        case .post:
            generate = { seed, count in
                PostDataGenerator(seed: seed).items(count: count).map(\.jsonRow)
            }
        case .product:
            generate = { seed, count in
                ProductDataGenerator(seed: seed).items(count: count).map(\.jsonRow)
            }
        case .animal, .bird, .feed:
            generate = { seed, count in
                AnimalDataGenerator(seed: seed).items(count: count).map(\.jsonRow)
            }
        }
        return RowFormat(
            read: { $0 },
            generate: generate,
            summary: { row in
                row.fields.sorted { $0.key < $1.key }.compactMap { key, value in
                    if case .string(let text) = value { return "\(key): \(text)" }
                    return nil
                }.joined(separator: "; ")
            },
            mediaSize: { row in (try? row.size(at: media)) ?? nil },
            jsonRow: { $0 })
    }
}
