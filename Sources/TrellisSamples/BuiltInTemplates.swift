// The one registry of built-in templates that `listbench` and `trellis`
// both serve: each template's name, its two implementations and how its
// rows are read from data files and generated.

import TrellisCells
import TrellisGeometry
import TrellisText

/// The built-in cell templates.
public enum BuiltInTemplate: String, CaseIterable, Sendable {
    case animal = "AnimalTableViewCell"
    case bird = "BirdCollectionViewCell"
    case feed = "FeedCell"
    case post = "PostCell"

    /// The names, for messages ("AnimalTableViewCell, BirdCollectionViewCell or FeedCell").
    public static var names: String {
        let all = allCases.map(\.rawValue)
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }

    /// Hands the template's implementations, as their concrete types, to
    /// `visitor` (so hot loops are specialized per template).
    @inlinable
    public func visit<Visitor: BuiltInTemplateVisitor>(_ visitor: Visitor) throws -> Visitor.Result
    {
        switch self {
        case .animal:
            return try visitor.visit(
                self, rows: .samples,
                frames: { scale, measurer throws(CellError) in
                    AnimalTableViewCellFrames(style: try .classic(scale: scale, measurer: measurer))
                },
                constraints: { scale, measurer, reusing throws(CellError) in
                    AnimalTableViewCellConstraints(
                        style: try .classic(scale: scale, measurer: measurer),
                        reusingEngine: reusing)
                })
        case .bird:
            return try visitor.visit(
                self, rows: .samples,
                frames: { scale, measurer throws(CellError) in
                    BirdCollectionViewCellFrames(
                        style: try .standard(scale: scale, measurer: measurer))
                },
                constraints: { scale, measurer, reusing throws(CellError) in
                    BirdCollectionViewCellConstraints(
                        style: try .standard(scale: scale, measurer: measurer),
                        reusingEngine: reusing)
                })
        case .feed:
            return try visitor.visit(
                self, rows: .samples,
                frames: { scale, measurer throws(CellError) in
                    FeedCellFrames(style: try .standard(scale: scale, measurer: measurer))
                },
                constraints: { scale, measurer, reusing throws(CellError) in
                    FeedCellConstraints(
                        style: try .standard(scale: scale, measurer: measurer),
                        reusingEngine: reusing)
                })
        case .post:
            return try visitor.visit(
                self, rows: .posts,
                frames: { scale, measurer throws(CellError) in
                    PostCellFrames(style: try .standard(scale: scale, measurer: measurer))
                },
                constraints: { scale, measurer, reusing throws(CellError) in
                    PostCellConstraints(
                        style: try .standard(scale: scale, measurer: measurer),
                        reusingEngine: reusing)
                })
        }
    }
}

/// Something done with a built-in template's two implementations.
public protocol BuiltInTemplateVisitor {
    associatedtype Result
    /// `frames(scale, measurer)` and `constraints(scale, measurer, reusingEngine)`
    /// make the template's implementations; `rows` reads and makes its rows.
    func visit<Frames: CellTemplate & LabelDescribing, CellView: ConstraintCellView>(
        _ template: BuiltInTemplate, rows: RowFormat<Frames.Item>,
        frames: @escaping (Double, TextMeasurer) throws(CellError) -> Frames,
        constraints:
            @escaping (Double, TextMeasurer, Bool) throws(CellError) -> ConstraintTemplate<CellView>
    ) throws -> Result where CellView.Item == Frames.Item
}

extension RowFormat where Item == AnimalItem {
    /// The sample rows: `title`, `subtitle`, `image`, as `JSONLinesLoader` reads them.
    public static var samples: RowFormat<AnimalItem> {
        RowFormat(
            read: { row throws(JSONRowError) in try AnimalItem(row: row) },
            generate: { seed, count in AnimalDataGenerator(seed: seed).items(count: count) },
            summary: { item in
                item.title.isEmpty ? item.subtitle : "\(item.title): \(item.subtitle)"
            },
            mediaSize: { $0.imageSize })
    }
}

extension RowFormat where Item == JSONRow {
    /// Rows of any keys, as template files read them; generated as the
    /// sample rows (`title`, `subtitle`, `image`).
    public static var json: RowFormat<JSONRow> { json(generatedAs: .animal) }

    /// Rows of any keys, generated as `template`'s rows are and turned into
    /// the JSON rows a data file of them holds (posts for `PostCell`, with
    /// the keys `Templates/PostCell.json` reads; the sample rows for the others).
    public static func json(generatedAs template: BuiltInTemplate) -> RowFormat<JSONRow> {
        let media: JSONKeyPath
        let generate: @Sendable (UInt64, Int) -> [JSONRow]
        switch template {
        case .post:
            media = JSONKeyPath("photo")!
            generate = { seed, count in
                PostDataGenerator(seed: seed).items(count: count).map(\.jsonRow)
            }
        case .animal, .bird, .feed:
            media = JSONKeyPath("image")!
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
            mediaSize: { row in (try? row.size(at: media)) ?? nil })
    }
}

extension AnimalItem {
    /// The sample row a data file's JSON row holds, by `JSONLinesLoader`'s
    /// rules: `title` and `subtitle` strings (one at least), `image` an
    /// optional `[width, height]` of finite positive numbers.
    public init(row: JSONRow) throws(JSONRowError) {
        func text(_ key: String) throws(JSONRowError) -> String? {
            switch row.fields[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            case let other?:
                throw JSONRowError(
                    path: JSONKeyPath(key)!, message: "must be a string, not \(other.kindName)")
            }
        }
        let title = try text("title")
        let subtitle = try text("subtitle")
        guard title != nil || subtitle != nil else {
            throw JSONRowError(
                path: JSONKeyPath("title")!,
                message: "is missing, and so is \"subtitle\" (a row needs one)")
        }
        self.init(
            title: title ?? "", subtitle: subtitle ?? "",
            imageSize: try row.size(at: Self.imagePath))
    }

    /// Made once: parsing a key path per row cost as much as reading its size.
    private static let imagePath = JSONKeyPath("image")!
}

extension RowFormat where Item == PostItem {
    /// Posts, with the keys `PostItem.json` writes.
    public static var posts: RowFormat<PostItem> {
        RowFormat(
            read: { row throws(JSONRowError) in try PostItem(row: row) },
            generate: { seed, count in PostDataGenerator(seed: seed).items(count: count) },
            summary: { post in "\(post.authorName) \(post.handle): \(post.body)" },
            mediaSize: { $0.photoSize })
    }
}
