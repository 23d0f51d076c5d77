// Pictures of view hierarchies: every view's frame filled (named views in
// CellPicture's colors), labels' and buttons' text drawn as they measure.

import TrellisCells
import TrellisGeometry
import TrellisText
import TrellisViews

/// Draws a laid-out view hierarchy.
public enum ViewPicture {
    /// The hierarchy under `view` (its frames as they are now), on a white
    /// canvas the size of `view`'s bounds; `scale` pixels per point. Hidden
    /// views and their subviews are left out, as UIKit draws them.
    /// - Throws: `RenderError` for a canvas over 16,384 × 65,536 pixels.
    /// - Complexity: O(views + pixels drawn).
    public static func render(_ view: View, scale: Double) throws -> Bitmap {
        let size = view.bounds.size
        guard scale.isFinite, scale > 0 else {
            throw RenderError("scale must be a positive number, got \(scale)")
        }
        guard size.width.isFinite, size.height.isFinite, size.width * scale <= 16_384,
            size.height * scale <= 65_536
        else {
            throw RenderError(
                "the picture would be \(size) points at scale \(formatPoints(scale)); at most 16384×65536 pixels"
            )
        }
        var bitmap = Bitmap(
            width: Int((size.width * scale).rounded(.up)),
            height: Int((size.height * scale).rounded(.up)))
        let rasterizer = try TextRasterizer()
        func draw(_ view: View, origin: Point) throws {
            for subview in view.subviews where !subview.isHidden {
                let frame = subview.frame.offsetBy(dx: origin.x, dy: origin.y)
                let fill = subview.name.flatMap { CellPicture.fills[$0] } ?? CellPicture.defaultFill
                bitmap.fill(
                    x0: frame.minX * scale, y0: frame.minY * scale, x1: frame.maxX * scale,
                    y1: frame.maxY * scale, color: fill)
                if let label = subview as? Label {
                    var style = label.style
                    style.lineBreakMode = label.lineBreakMode
                    try CellPicture.drawText(
                        LabelContent(
                            name: label.layoutName, text: label.text, style: style,
                            numberOfLines: label.numberOfLines),
                        in: frame, measurer: label.measurer, scale: scale, rasterizer: rasterizer,
                        into: &bitmap)
                } else if let button = subview as? Button {
                    try CellPicture.drawText(
                        LabelContent(
                            name: button.layoutName, text: button.title, style: button.titleStyle,
                            numberOfLines: 1),
                        in: frame.inset(by: button.contentEdgeInsets), measurer: button.measurer,
                        scale: scale,
                        rasterizer: rasterizer, into: &bitmap)
                }
                try draw(subview, origin: frame.origin)
            }
        }
        try draw(view, origin: Point(x: -view.bounds.minX, y: -view.bounds.minY))
        return bitmap
    }
}
