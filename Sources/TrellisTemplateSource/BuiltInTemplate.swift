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

extension RowFormat where Item == JSONRow {
    /// Rows of any keys, as template files read them; generated as the
    /// sample rows (`title`, `subtitle`, `image`).
    public static var json: RowFormat<JSONRow> { json(generatedAs: .animal) }

    /// Rows of any keys for a template file: generated as the built-in
    /// template of the file's name generates its rows (posts for
    /// `PostCell`), else as the sample rows.
    public static func generated(for file: TemplateFile) -> RowFormat<JSONRow> {
        BuiltInTemplate(rawValue: file.name).map { .json(generatedAs: $0) } ?? .json
    }

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
