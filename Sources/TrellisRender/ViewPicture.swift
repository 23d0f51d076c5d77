// Pictures of view hierarchies: every view's frame filled (named views in
// CellPicture's colors), labels' text (attributed or plain) and buttons'
// titles drawn as they measure, image views' images as placeholders placed
// by their content mode (ViewPicture+Images.swift).

import TrellisCells
import TrellisGeometry
import TrellisText
import TrellisViews

/// Draws a laid-out view hierarchy.
public enum ViewPicture {
    /// The hierarchy under `view` (its frames as they are now), on a white
    /// canvas the size of `view`'s bounds; `scale` pixels per point. Hidden
    /// views and their subviews are left out, as UIKit draws them.
    ///
    /// - Labels: their `attributedText` run by run (each run's fonts, size,
    ///   letter spacing and baseline offset) or their `text` in `style`,
    ///   with `lineBreakMode` and `numberOfLines`, centered vertically.
    /// - Buttons: the title centered in the frame inset by
    ///   `contentEdgeInsets`, truncated in the middle when it does not fit
    ///   (`UIButton`'s title label).
    /// - Image views: the frame is the view's background; the image, which
    ///   Trellis knows by its size only, is a placeholder (`imagePlaceholder`)
    ///   in the rectangle `contentMode` gives it, clipped to the view.
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
        let rasterizer = TextRasterizer()
        func draw(_ view: View, origin: Point) throws {
            for subview in view.subviews where !subview.isHidden {
                let frame = subview.frame.offsetBy(dx: origin.x, dy: origin.y)
                let fill =
                    subview is ImageView
                    ? CellPicture.defaultFill
                    : subview.name.flatMap { CellPicture.fills[$0] } ?? CellPicture.defaultFill
                bitmap.fill(
                    x0: frame.minX * scale, y0: frame.minY * scale, x1: frame.maxX * scale,
                    y1: frame.maxY * scale, color: fill)
                if let label = subview as? Label {
                    try drawText(of: label, in: frame, scale: scale, rasterizer, &bitmap)
                } else if let button = subview as? Button {
                    var style = button.titleStyle
                    style.alignment = .center
                    style.lineBreakMode = .byTruncatingMiddle
                    try CellPicture.drawText(
                        LabelContent(
                            name: button.layoutName, text: button.title, style: style,
                            numberOfLines: 1),
                        in: frame.inset(by: button.contentEdgeInsets), measurer: button.measurer,
                        scale: scale, rasterizer: rasterizer, into: &bitmap)
                } else if let imageView = subview as? ImageView, let image = imageView.image {
                    drawImage(
                        image, contentMode: imageView.contentMode, in: frame, scale: scale,
                        into: &bitmap)
                }
                try draw(subview, origin: frame.origin)
            }
        }
        try draw(view, origin: Point(x: -view.bounds.minX, y: -view.bounds.minY))
        return bitmap
    }

    /// A label's text as it measures: attributed run by run, or plain.
    private static func drawText(
        of label: Label, in frame: Rect, scale: Double, _ rasterizer: TextRasterizer,
        _ bitmap: inout Bitmap
    ) throws {
        var style = label.style
        style.lineBreakMode = label.lineBreakMode
        guard let attributed = label.attributedText else {
            try CellPicture.drawText(
                LabelContent(
                    name: label.layoutName, text: label.text, style: style,
                    numberOfLines: label.numberOfLines),
                in: frame, measurer: label.measurer, scale: scale, rasterizer: rasterizer,
                into: &bitmap)
            return
        }
        guard !attributed.string.isEmpty, frame.width > 0 else { return }
        let glyphs = try label.measurer.glyphLayout(
            attributed, style: style, width: frame.width, numberOfLines: label.numberOfLines)
        // Centered vertically in a taller frame, as UILabel draws.
        let y = frame.minY + max(0, (frame.height - glyphs.layout.size.height) / 2)
        try rasterizer.draw(
            glyphs, at: Point(x: frame.minX, y: y), scale: scale, color: CellPicture.textColor,
            into: &bitmap)
    }
}
