// A laid-out cell, captured for snapshots: its frames, what its labels show
// and what its diagnostics say. The only file of this module that knows the
// `CellTemplate` protocol (generic over its rows).

import TrellisCells
import TrellisGeometry
import TrellisRender
import TrellisText
import TrellisViews

/// One cell of a template laid out for one item at one width.
///
/// ```swift
/// var template = AnimalTableViewCellFrames(style: try .classic())
/// let cell = try CellSnapshot(template: &template, item: item, width: 375)
/// print(cell.frameTree)
/// ```
public struct CellSnapshot: LayoutSnapshotSubject, Sendable {
    /// The template's name (the root of the frame tree).
    public var name: String
    public var layout: CellLayout
    /// What the labels show, to draw them.
    public var labels: [LabelContent]
    /// The measurer the labels were measured with.
    public var measurer: TextMeasurer
    /// The pixel grid the template rounds to (points per pixel = 1 / scale).
    public var scale: Double
    /// The diagnostics of the solved cell (empty for frame code, which has no constraints).
    public var issues: [String]
    /// A constraint cell's visible views as laid out, drawn view by view
    /// (nil for frame code: its frames and labels are drawn).
    public var views: [PictureView]?

    /// A cell of a frame-code template (which draws its labels itself).
    /// - Throws: `CellError` when the template cannot lay the item out.
    public init<T: CellTemplate & LabelDescribing>(
        template: inout T, item: T.Item, width: Double
    ) throws(CellError) {
        layout = try template.layout(item, width: width)
        name = template.name
        labels = template.labels(for: item)
        measurer = template.measurer
        scale = template.scale
        issues = []
    }

    /// A cell of a constraint template: labels and diagnostics from its
    /// view hierarchy (`ConstraintCellView.issues(width:)`: conflicts,
    /// ambiguity, compressed labels, views outside the cell, a squeezed
    /// bottom inset).
    /// - Throws: `CellError` when the template cannot lay the item out.
    public init<V: ConstraintCellView>(
        template: inout ConstraintTemplate<V>, item: V.Item, width: Double
    )
        throws(CellError)
    {
        layout = try template.layout(item, width: width)
        let cell = template.cell
        name = template.name
        labels = cell.labels.map { label in
            var style = label.style
            style.lineBreakMode = label.lineBreakMode
            return LabelContent(
                name: label.layoutName, text: label.text, style: style,
                numberOfLines: label.numberOfLines)
        }
        measurer = cell.labels.first?.measurer ?? .shared
        scale = cell.scale
        issues = cell.issues(width: width).map(\.description)
        views = PictureView.capture(cell.contentView)
    }

    /// The cell and its subviews, on the template's pixel grid.
    public var frameTree: FrameTree {
        FrameTree(
            name: name, frame: Rect(x: 0, y: 0, width: layout.width, height: layout.height),
            children: layout.frames.map { FrameTree(name: $0.name, frame: $0.frame) }
        ).snapped(toScale: scale)
    }

    /// The cell drawn alone, `scale` pixels per point (the template's scale by default).
    /// - Throws: `RenderError` for a picture too large or text that cannot be drawn.
    public func picture(scale: Double? = nil) throws -> Bitmap {
        try CellPicture.render(
            [placed(at: .zero)], canvas: Size(width: layout.width, height: layout.height),
            scale: scale ?? self.scale,
            separators: true)
    }

    /// The cell to draw with its top-left corner at `origin`.
    public func placed(at origin: Point) -> PlacedCell {
        PlacedCell(
            layout: layout, labels: labels, measurer: measurer,
            frame: Rect(x: origin.x, y: origin.y, width: layout.width, height: layout.height),
            views: views)
    }

    /// `diagnosticsReport` of the cell's issues.
    public var diagnostics: String {
        diagnosticsReport(
            issues, subject: "\(name) \(formatPoints(layout.width))×\(formatPoints(layout.height))")
    }
}

/// What the snapshot strategies of cells and lists read.
public protocol LayoutSnapshotSubject {
    /// The frames, on the pixel grid.
    var frameTree: FrameTree { get }
    /// The diagnostics report (`diagnosticsReport`).
    var diagnostics: String { get }
    /// The picture at `scale` pixels per point (nil: the subject's own scale).
    func picture(scale: Double?) throws -> Bitmap
}

/// The text of a `.diagnostics` snapshot: the subject, then each issue
/// (indented under a numbered line), or "no issues".
public func diagnosticsReport(_ issues: [String], subject: String) -> String {
    guard !issues.isEmpty else { return "\(subject): no issues\n" }
    var text = "\(subject): \(issues.count == 1 ? "1 issue" : "\(issues.count) issues")\n"
    for (index, issue) in issues.enumerated() {
        let lines = issue.split(separator: "\n", omittingEmptySubsequences: false)
        text += "\(index + 1). \(lines[0])\n"
        for line in lines.dropFirst() where !line.isEmpty { text += "   \(line)\n" }
    }
    return text
}

extension CellSnapshot {
    /// A cell of a constraint template, always through its view hierarchy
    /// (labels and diagnostics from the views), also for templates that
    /// can describe their labels themselves (template files).
    public static func ofConstraints<V: ConstraintCellView>(
        _ template: inout ConstraintTemplate<V>, item: V.Item, width: Double
    ) throws(CellError) -> CellSnapshot {
        try CellSnapshot(template: &template, item: item, width: width)
    }
}
