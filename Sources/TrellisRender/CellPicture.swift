// Pictures of laid-out cells: cell bounds, each subview's frame filled with
// the classic debugging colors, and the real text at the solved positions.

import TrellisCells
import TrellisGeometry
import TrellisText

/// Draws cells of a template, stacked as a table shows them.
public struct CellPicture {
    /// Colors of subviews by name; others get `defaultFill`. Images and covers
    /// are opaque so their solved frame can be checked pixel by pixel; labels
    /// are tinted so their text stays readable.
    public static let fills: [String: RGBA] = [
        "cover": RGBA(255, 204, 0), "image": RGBA(255, 204, 0), "avatar": RGBA(255, 204, 0),
        "title": RGBA(52, 199, 89, 96), "name": RGBA(52, 199, 89, 96),
        "subtitle": RGBA(0, 122, 255, 72), "caption": RGBA(0, 122, 255, 72), "body": RGBA(0, 122, 255, 72),
        "date": RGBA(175, 82, 222, 72),
    ]
    public static let defaultFill = RGBA(142, 142, 147, 72)
    public static let separator = RGBA(198, 198, 200)
    public static let textColor = RGBA(20, 20, 20)

    /// Lays out `items` at `width` with `template` and draws them one below
    /// the other, as a table shows them; the bitmap has `scale` pixels per point.
    public static func render<T: CellTemplate & LabelDescribing>(
        template: inout T, items: [AnimalItem], width: Double, scale: Double
    ) throws -> (Bitmap, [CellLayout]) {
        guard width.isFinite, width > 0, width * scale <= 16_384 else {
            throw RenderError("width must be in (0, \(16_384 / scale)] points, got \(width)")
        }
        var layouts: [CellLayout] = []
        var placements: [Rect] = []
        var top = 0.0
        for item in items {
            let layout = try template.layout(item, width: width)
            layouts.append(layout)
            placements.append(Rect(x: 0, y: top, width: width, height: layout.height))
            top += layout.height
        }
        let bitmap = try draw(
            template: template, items: items, layouts: layouts, placements: placements,
            canvas: Size(width: width, height: top), scale: scale, separators: true)
        return (bitmap, layouts)
    }

    /// Draws each item in the frame a collection layout gave it: the cell is
    /// laid out at the frame's width, and its subviews are clipped to the frame.
    public static func render<T: CellTemplate & LabelDescribing>(
        template: inout T, items: [AnimalItem], frames: [Rect], canvas: Size, scale: Double
    ) throws -> (Bitmap, [CellLayout]) {
        var layouts: [CellLayout] = []
        for (item, frame) in zip(items, frames) { layouts.append(try template.layout(item, width: frame.width)) }
        let bitmap = try draw(
            template: template, items: items, layouts: layouts, placements: frames, canvas: canvas, scale: scale,
            separators: false)
        return (bitmap, layouts)
    }

    private static func draw<T: LabelDescribing>(
        template: T, items: [AnimalItem], layouts: [CellLayout], placements: [Rect], canvas: Size, scale: Double,
        separators: Bool
    ) throws -> Bitmap {
        guard canvas.width.isFinite, canvas.width > 0, canvas.width * scale <= 16_384 else {
            throw RenderError("the picture would be \(canvas.width) points wide; at most \(16_384 / scale)")
        }
        guard canvas.height.isFinite, canvas.height * scale <= 65_536 else {
            throw RenderError("the picture would be \(Int(canvas.height * scale)) pixels tall; render fewer rows")
        }
        var bitmap = Bitmap(width: Int((canvas.width * scale).rounded(.up)), height: Int((canvas.height * scale).rounded(.up)))
        let rasterizer = try TextRasterizer()
        for ((item, layout), placement) in zip(zip(items, layouts), placements) {
            let origin = placement.origin
            for entry in layout.frames {
                let frame = entry.frame.offsetBy(dx: origin.x, dy: origin.y)
                bitmap.fill(
                    x0: max(frame.minX, placement.minX) * scale, y0: max(frame.minY, placement.minY) * scale,
                    x1: min(frame.maxX, placement.maxX) * scale, y1: min(frame.maxY, placement.maxY) * scale,
                    color: fills[entry.name] ?? defaultFill)
            }
            for label in template.labels(for: item) {
                guard let frame = layout.frame(of: label.name), !label.text.isEmpty, frame.width > 0 else { continue }
                let glyphs = try template.measurer.glyphLayout(
                    label.text, style: label.style, width: frame.width, numberOfLines: label.numberOfLines)
                // UILabel centers its text vertically in a taller frame.
                let y = origin.y + frame.minY + max(0, (frame.height - glyphs.layout.size.height) / 2)
                try rasterizer.draw(
                    glyphs, style: label.style, at: Point(x: origin.x + frame.minX, y: y),
                    scale: scale, color: textColor, into: &bitmap)
            }
            if separators {
                bitmap.fill(x0: placement.minX * scale, y0: placement.maxY * scale - 1, x1: placement.maxX * scale, y1: placement.maxY * scale, color: separator)
            } else {
                bitmap.stroke(
                    x0: placement.minX * scale, y0: placement.minY * scale, x1: placement.maxX * scale,
                    y1: placement.maxY * scale, thickness: 1, color: separator)
            }
        }
        return bitmap
    }
}
