// Pictures of laid-out cells: cell bounds, each subview's frame filled with
// the classic debugging colors, and the real text at the solved positions.

import TrellisCells
import TrellisGeometry
import TrellisText
import TrellisViews

/// Draws cells of a template, stacked as a table shows them.
public struct CellPicture {
    /// Colors of subviews by name; others get `defaultFill`. Images and covers
    /// are opaque so their solved frame can be checked pixel by pixel; labels
    /// are tinted so their text stays readable.
    public static let fills: [String: RGBA] = [
        "cover": RGBA(255, 204, 0), "image": RGBA(255, 204, 0), "avatar": RGBA(255, 204, 0),
        "title": RGBA(52, 199, 89, 96), "name": RGBA(52, 199, 89, 96),
        "subtitle": RGBA(0, 122, 255, 72), "caption": RGBA(0, 122, 255, 72),
        "body": RGBA(0, 122, 255, 72),
        "date": RGBA(175, 82, 222, 72),
    ]
    public static let defaultFill = RGBA(142, 142, 147, 72)
    public static let separator = RGBA(198, 198, 200)
    public static let textColor = RGBA(20, 20, 20)

    /// Lays out `items` at `width` with `template` and draws them one below
    /// the other, as a table shows them; the bitmap has `scale` pixels per point.
    public static func render<T: CellTemplate & LabelDescribing>(
        template: inout T, items: [T.Item], width: Double, scale: Double
    ) throws -> (Bitmap, [CellLayout]) {
        guard width.isFinite, width > 0, width * scale <= 16_384 else {
            throw RenderError("width must be in (0, \(16_384 / scale)] points, got \(width)")
        }
        var cells: [PlacedCell] = []
        var top = 0.0
        for item in items {
            let layout = try template.layout(item, width: width)
            cells.append(
                PlacedCell(
                    layout: layout, labels: template.labels(for: item), measurer: template.measurer,
                    frame: Rect(x: 0, y: top, width: width, height: layout.height),
                    views: (template as? any ViewHierarchyDescribing)?.pictureViews))
            top += layout.height
        }
        let bitmap = try render(
            cells, canvas: Size(width: width, height: top), scale: scale, separators: true)
        return (bitmap, cells.map(\.layout))
    }

    /// Draws each item in the frame a collection layout gave it: the cell is
    /// laid out at the frame's width, and its subviews are clipped to the frame.
    public static func render<T: CellTemplate & LabelDescribing>(
        template: inout T, items: [T.Item], frames: [Rect], canvas: Size, scale: Double
    ) throws -> (Bitmap, [CellLayout]) {
        var cells: [PlacedCell] = []
        for (item, frame) in zip(items, frames) {
            cells.append(
                PlacedCell(
                    layout: try template.layout(item, width: frame.width),
                    labels: template.labels(for: item),
                    measurer: template.measurer, frame: frame,
                    views: (template as? any ViewHierarchyDescribing)?.pictureViews))
        }
        let bitmap = try render(cells, canvas: canvas, scale: scale, separators: false)
        return (bitmap, cells.map(\.layout))
    }

    /// Draws laid-out cells, each in its frame on a white canvas of `canvas`
    /// points: subviews filled (`fills`), label text where the layout put
    /// each label, and a separator under each cell (`separators`) or an
    /// outline around it.
    /// - Throws: `RenderError` for a canvas wider than 16,384 or taller than
    ///   65,536 pixels, or text that cannot be drawn.
    /// - Complexity: O(pixels drawn).
    public static func render(_ cells: [PlacedCell], canvas: Size, scale: Double, separators: Bool)
        throws -> Bitmap
    {
        guard scale.isFinite, scale > 0 else {
            throw RenderError("scale must be a positive number, got \(scale)")
        }
        guard canvas.width.isFinite, canvas.width > 0, canvas.width * scale <= 16_384 else {
            throw RenderError(
                "the picture would be \(canvas.width) points wide; at most \(16_384 / scale)")
        }
        guard canvas.height.isFinite, canvas.height * scale <= 65_536 else {
            throw RenderError(
                "the picture would be \(Int(canvas.height * scale)) pixels tall; render fewer rows")
        }
        var bitmap = Bitmap(
            width: Int((canvas.width * scale).rounded(.up)),
            height: Int((canvas.height * scale).rounded(.up)))
        let rasterizer = TextRasterizer()
        for cell in cells {
            let placement = cell.frame
            let origin = placement.origin
            for entry in cell.drawnBoxes {
                let frame = entry.frame.offsetBy(dx: origin.x, dy: origin.y)
                bitmap.fill(
                    x0: max(frame.minX, placement.minX) * scale,
                    y0: max(frame.minY, placement.minY) * scale,
                    x1: min(frame.maxX, placement.maxX) * scale,
                    y1: min(frame.maxY, placement.maxY) * scale,
                    color: fills[entry.name] ?? defaultFill)
            }
            if let views = cell.views {
                try drawContents(
                    of: views, in: placement, measurer: cell.measurer, scale: scale,
                    rasterizer: rasterizer, into: &bitmap)
            } else {
                for label in cell.labels {
                    guard let frame = cell.layout.frame(of: label.name) else { continue }
                    try drawText(
                        label, in: frame.offsetBy(dx: origin.x, dy: origin.y),
                        measurer: cell.measurer, scale: scale, rasterizer: rasterizer,
                        into: &bitmap)
                }
            }
            if separators {
                bitmap.fill(
                    x0: placement.minX * scale, y0: placement.maxY * scale - 1,
                    x1: placement.maxX * scale, y1: placement.maxY * scale, color: separator)
            } else {
                bitmap.stroke(
                    x0: placement.minX * scale, y0: placement.minY * scale,
                    x1: placement.maxX * scale,
                    y1: placement.maxY * scale, thickness: 1, color: separator)
            }
        }
        return bitmap
    }

    /// The texts, titles and images of a cell's views (their frames are
    /// filled already), each view's frame offset by the cell's origin.
    static func drawContents(
        of views: [PictureView], in placement: Rect, measurer: TextMeasurer, scale: Double,
        rasterizer: TextRasterizer, into bitmap: inout Bitmap
    ) throws {
        for view in views {
            let frame = view.frame.offsetBy(dx: placement.minX, dy: placement.minY)
            switch view.content {
            case .box:
                break
            case .label(let label):
                try drawText(
                    label, in: frame, measurer: measurer, scale: scale, rasterizer: rasterizer,
                    into: &bitmap)
            case .button(let title, let insets):
                try drawText(
                    title, in: frame.inset(by: insets), measurer: measurer, scale: scale,
                    rasterizer: rasterizer, into: &bitmap)
            case .image(let image, let mode):
                // An image known only by the aspect ratio its data gave the
                // view fills the view.
                ViewPicture.drawImage(
                    image ?? Image(size: frame.size),
                    contentMode: image == nil ? .scaleToFill : mode,
                    in: frame, scale: scale, into: &bitmap)
            }
        }
    }

    /// A label's text laid out at its frame's width, centered vertically in
    /// a taller frame as UILabel does.
    static func drawText(
        _ label: LabelContent, in frame: Rect, measurer: TextMeasurer, scale: Double,
        rasterizer: TextRasterizer,
        into bitmap: inout Bitmap
    ) throws {
        guard !label.text.isEmpty, frame.width > 0 else { return }
        if let attributed = label.attributedText {
            // Run by run, with the shaping its measurement used.
            let glyphs = try measurer.glyphLayout(
                attributed, style: label.style, width: frame.width,
                numberOfLines: label.numberOfLines)
            let y = frame.minY + max(0, (frame.height - glyphs.layout.size.height) / 2)
            try rasterizer.draw(
                glyphs, at: Point(x: frame.minX, y: y), scale: scale, color: textColor,
                into: &bitmap)
            return
        }
        let glyphs = try measurer.glyphLayout(
            label.text, style: label.style, width: frame.width, numberOfLines: label.numberOfLines)
        let y = frame.minY + max(0, (frame.height - glyphs.layout.size.height) / 2)
        try rasterizer.draw(
            glyphs, style: label.style, at: Point(x: frame.minX, y: y), scale: scale,
            color: textColor, into: &bitmap)
    }
}

/// A laid-out cell to draw: its layout, what its labels show, and where it goes.
public struct PlacedCell: Sendable {
    public var layout: CellLayout
    public var labels: [LabelContent]
    /// The measurer the labels were measured with (their text is drawn as it measured).
    public var measurer: TextMeasurer
    /// The cell's frame on the canvas, in points.
    public var frame: Rect

    /// The cell's visible views as its hierarchy laid them out, for a cell
    /// that is a view hierarchy (`ViewHierarchyDescribing`): drawn view by
    /// view, texts, titles and images included. Nil: `layout`'s frames and
    /// `labels` are drawn.
    public var views: [PictureView]?

    public init(
        layout: CellLayout, labels: [LabelContent], measurer: TextMeasurer, frame: Rect,
        views: [PictureView]? = nil
    ) {
        self.layout = layout
        self.labels = labels
        self.measurer = measurer
        self.frame = frame
        self.views = views
    }

    /// The boxes a picture fills for the cell, in the cell's (content view's)
    /// coordinates: every visible view of `views`, or `layout`'s frames.
    public var drawnBoxes: [NamedFrame] {
        guard let views else { return layout.frames }
        return views.map { NamedFrame(name: $0.name, frame: $0.frame) }
    }
}
