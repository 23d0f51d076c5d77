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
    /// the other; the bitmap has `scale` pixels per point.
    public static func render<T: CellTemplate & LabelDescribing>(
        template: inout T, items: [AnimalItem], width: Double, scale: Double
    ) throws -> (Bitmap, [CellLayout]) {
        guard width.isFinite, width > 0, width * scale <= 16_384 else {
            throw RenderError("width must be in (0, \(16_384 / scale)] points, got \(width)")
        }
        var layouts: [CellLayout] = []
        for item in items { layouts.append(try template.layout(item, width: width)) }
        let totalHeight = layouts.reduce(0) { $0 + $1.height }
        guard totalHeight * scale <= 65_536 else {
            throw RenderError("the picture would be \(Int(totalHeight * scale)) pixels tall; render fewer rows")
        }
        var bitmap = Bitmap(width: Int((width * scale).rounded(.up)), height: Int((totalHeight * scale).rounded(.up)))
        let rasterizer = try TextRasterizer()
        var top = 0.0
        for (item, layout) in zip(items, layouts) {
            for entry in layout.frames {
                let frame = entry.frame.offsetBy(dx: 0, dy: top)
                bitmap.fill(
                    x0: frame.minX * scale, y0: frame.minY * scale, x1: frame.maxX * scale, y1: frame.maxY * scale,
                    color: fills[entry.name] ?? defaultFill)
            }
            for label in template.labels(for: item) {
                guard let frame = layout.frame(of: label.name), !label.text.isEmpty, frame.width > 0 else { continue }
                let textLayout = try template.measurer.layout(
                    label.text, style: label.style, width: frame.width, numberOfLines: label.numberOfLines)
                // UILabel centers its text vertically in a taller frame.
                let y = top + frame.minY + max(0, (frame.height - textLayout.size.height) / 2)
                try rasterizer.draw(
                    label.text, layout: textLayout, style: label.style, at: Point(x: frame.minX, y: y), scale: scale,
                    color: textColor, into: &bitmap)
            }
            top += layout.height
            bitmap.fill(x0: 0, y0: top * scale - 1, x1: width * scale, y1: top * scale, color: separator)
        }
        return (bitmap, layouts)
    }
}
