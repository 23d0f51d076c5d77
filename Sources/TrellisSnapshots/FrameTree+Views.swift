// Frame trees of view hierarchies and lists' visible ranges.

import TrellisGeometry
import TrellisLists
import TrellisRender
import TrellisViews

extension FrameTree {
    /// `view` and every view under it, frames as they are now (lay the
    /// hierarchy out first), on the pixel grid of `scale`. A view is named by
    /// its `name`, or else by its type and its index among its superview's
    /// subviews (`Label[2]`): serial numbers would change from run to run.
    /// Hidden views are listed too, as UIKit keeps their frames.
    /// - Complexity: O(views).
    public init(view: View, scale: Double) {
        func node(_ view: View, index: Int?) -> FrameTree {
            let name = view.name ?? "\(type(of: view))" + (index.map { "[\($0)]" } ?? "")
            return FrameTree(
                name: name, frame: view.frame,
                children: view.subviews.enumerated().map { node($0.element, index: $0.offset) })
        }
        self = node(view, index: nil).snapped(toScale: scale)
    }
}

/// The text of a view hierarchy's `.diagnostics` snapshot: `layoutIssues()`
/// of `view` (conflicts, ambiguity, misplaced views, compressed labels,
/// views outside their superview).
/// - Complexity: one solve, plus up to eight solver changes per view.
public func diagnosticsReport(of view: View) -> String {
    diagnosticsReport(
        view.layoutIssues().map(\.description), subject: "\(view.layoutName) \(view.frame)")
}

/// What a list shows: the viewport, and each visible row's frame in the
/// content with its cell (when one is given).
public struct VisibleListSnapshot: LayoutSnapshotSubject, Sendable {
    /// The viewport in content coordinates (y = content offset).
    public var viewport: Rect
    public var rows: [(indexPath: IndexPath, frame: Rect, cell: CellSnapshot?)]
    /// The pixel grid of the frames.
    public var scale: Double

    /// The rows of `table`'s visible range (`indexPathsForVisibleRows`),
    /// each with the cell `cell` makes for it at its width (nil: the row's
    /// frame alone). Lay the table out first (`layoutIfNeeded`).
    /// - Throws: what `rectForRow` or `cell` throws.
    /// - Complexity: O(visible rows × log rows) plus the cells' layouts.
    public init<Sizing: CellSizing>(
        table: TableLayout<Sizing>, scale: Double,
        cell: (IndexPath, Double) throws -> CellSnapshot? = { _, _ in nil }
    ) throws {
        viewport = Rect(
            x: 0, y: table.contentOffset, width: table.width, height: table.viewportHeight)
        self.scale = scale
        rows = []
        for indexPath in table.indexPathsForVisibleRows {
            let frame = try table.rectForRow(at: indexPath)
            rows.append((indexPath, frame, try cell(indexPath, frame.width)))
        }
    }

    /// `list` (the viewport) with a `row [section, row]` node per visible
    /// row (frames in content coordinates) and each row's cell subviews.
    public var frameTree: FrameTree {
        FrameTree(
            name: "list", frame: viewport,
            children: rows.map { row in
                FrameTree(
                    name: "row \(row.indexPath)", frame: row.frame,
                    children: row.cell?.frameTree.children ?? [])
            }
        ).snapped(toScale: scale)
    }

    /// The visible rows drawn as the viewport shows them (rows cut at its
    /// edges), `scale` pixels per point (the list's scale by default).
    /// - Throws: `RenderError` for a picture too large or text that cannot be drawn.
    public func picture(scale: Double? = nil) throws -> Bitmap {
        let cells = rows.compactMap { row in
            row.cell?.placed(
                at: Point(x: row.frame.minX - viewport.minX, y: row.frame.minY - viewport.minY))
        }
        return try CellPicture.render(
            cells, canvas: viewport.size, scale: scale ?? self.scale, separators: true)
    }

    /// Every visible row's cell issues, each under its row.
    public var diagnostics: String {
        let issues = rows.flatMap { row in
            (row.cell?.issues ?? []).map { "row \(row.indexPath): \($0)" }
        }
        return diagnosticsReport(issues, subject: "list \(viewport), \(rows.count) visible rows")
    }
}
