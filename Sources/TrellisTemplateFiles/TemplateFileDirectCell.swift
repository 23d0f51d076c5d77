// The frame path of a template file that is a tree of stacks: each row
// turned into a `StackTree` and laid out directly, without a solver.

import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisText
import TrellisViews

/// A template file's direct path, as a `CellTemplate` over `JSONRow`s:
/// each row becomes a `StackTree` (`TemplateFileStackTree`) that
/// `DirectStackLayout` measures and arranges. Heights and frames equal those
/// of the file's constraints (`TemplateFileCell`) wherever the direct path
/// lays a row out; where the solver's answer would depend on its pivoting
/// order (or on what the direct path does not model) the row is an error
/// that says why, never other frames.
///
/// ```swift
/// let file = try TemplateFile.load(path: "Templates/PostCell.json")
/// var frames = try TemplateFileDirectCell(file: file)
/// var constraints = try TemplateFileCell(file: file)
/// let agreement = try TemplateAgreement.compare(&frames, &constraints, items: rows, widths: [375])
/// ```
public struct TemplateFileDirectCell: CellTemplate {
    public typealias Item = JSONRow

    /// The file's rows as stack trees.
    public let trees: TemplateFileStackTree
    private var direct: DirectStackLayout
    /// The last row's values (`TemplateFileStackTree.row(_:into:)`), their
    /// storage kept from row to row.
    private var values: StackTreeRow
    /// Node numbers in the file's view order (`CellLayout.frames` lists the
    /// views in file order, as `TemplateFileCellView.subviewFrames` does).
    private let fileOrder: [(name: String, node: Int)]
    /// Each node's parent node (nil for the root stack, whose frame is in
    /// the content view's coordinates already).
    private let parents: [Int?]
    /// The width of the file's fixed parts, at or below which a row is
    /// refused (`TemplateFileCellView.minimumWidth`).
    public let minimumWidth: Double

    public var name: String { trees.name }
    public var path: LayoutPath { .frames }

    /// The direct path of `file`, measuring text with `measurer`.
    /// - Throws: `StackTreeProblem` when the file is not a tree of stacks
    ///   (with its place) or a font cannot be loaded.
    public init(
        file: TemplateFile, measurer: TextMeasurer = .shared, scale: Double = 3,
        contentSize: ContentSizeCategory = .large
    ) throws(StackTreeProblem) {
        trees = try TemplateFileStackTree(file: file, scale: scale, contentSize: contentSize)
        direct = DirectStackLayout(measurer: measurer)
        values = StackTreeRow(count: trees.nodeIDs.count)
        let nodes = Dictionary(
            uniqueKeysWithValues: trees.nodeIDs.enumerated().map { ($0.element, $0.offset) })
        fileOrder = file.views.compactMap { view in nodes[view.id].map { (view.id, $0) } }
        let parentOf = Dictionary(uniqueKeysWithValues: file.views.map { ($0.id, $0.parent) })
        parents = trees.nodeIDs.map { id in parentOf[id].flatMap { nodes[$0] } }
        do {
            minimumWidth =
                try TemplateFileCellView(
                    file: file, measurer: measurer, scale: scale, contentSize: contentSize
                ).minimumWidth
        } catch {
            throw StackTreeProblem(message: "\(error)")
        }
    }

    /// The row's height and every visible view's frame in the content
    /// view's coordinates (as `TemplateFileCellView.subviewFrames`: views
    /// hidden, or inside a hidden stack, are left out).
    /// - Throws: `CellError` for a field the file cannot show (with the
    ///   file's place and the data line), or when the direct path refuses
    ///   the row at this width (ambiguous, conflicting or not modelled).
    /// - Complexity: O(nodes × passes) plus text measurement; see `DirectStackLayout`.
    public mutating func layout(_ item: JSONRow, width: Double) throws(CellError) -> CellLayout {
        let layout = try directLayout(item, width: width)
        // Parents come before their children in node order.
        let isHidden = values.isHidden
        var hidden = [Bool](repeating: false, count: layout.frames.count)
        let relative = layout.frames
        var frames = relative
        for node in frames.indices {
            guard let parent = parents[node] else {
                hidden[node] = isHidden[node]
                continue
            }
            hidden[node] = hidden[parent] || isHidden[node]
            // Offset by each ancestor's origin, nearest first, as
            // `TemplateFileCellView.subviewFrames` sums them: added from
            // the root down (the parent's frame already summed), an origin
            // of thirds of a point came out a unit in the last place away
            // (floating-point addition is not associative).
            var above: Int? = parent
            while let next = above {
                frames[node] = frames[node].offsetBy(
                    dx: relative[next].minX, dy: relative[next].minY)
                above = parents[next]
            }
        }
        return CellLayout(
            width: width, height: layout.height,
            frames: fileOrder.compactMap {
                hidden[$0.node] ? nil : NamedFrame(name: $0.name, frame: frames[$0.node])
            })
    }

    /// The row's height, as `layout(_:width:)` gives it (the same passes
    /// and refusals), without putting the frames on the pixel grid.
    public mutating func height(for item: JSONRow, width: Double) throws(CellError) -> Double {
        try directLayout(item, width: width, frames: false).height
    }

    /// The row's values read into `values`, laid out in the nodes of the
    /// last row (the file's rows keep one structure); without `frames`,
    /// the height only (`frames` empty).
    private mutating func directLayout(_ row: JSONRow, width: Double, frames: Bool = true)
        throws(CellError) -> StackTreeLayout
    {
        try trees.row(row, into: &values)
        try checkWidth(width, minimum: minimumWidth, template: trees.name)
        do {
            guard frames else {
                // (The row's texts moved into the layout's nodes, not
                // copied: the next row's reading writes every text again.)
                return StackTreeLayout(
                    height: try direct.height(taking: &values, of: trees.structure, width: width),
                    frames: [])
            }
            return try direct.layout(values, of: trees.structure, width: width)
        } catch {
            let place = RowPlace.dataLineSuffix(row.line)
            throw CellError(
                template: trees.name,
                message:
                    "the direct path lays out no frames at width \(formatPoints(width))\(place): \(error)"
            )
        }
    }
}
