// Image views in pictures. A Trellis `Image` is a size without pixels, so
// a picture shows where the image goes: a placeholder (fill, outline, both
// diagonals and the inscribed ellipse) in the rectangle UIKit would draw
// the image in for the view's content mode, clipped to the view. Cropping
// (`scaleAspectFill`) cuts the outline and moves the diagonals off the
// view's corners, letterboxing (`scaleAspectFit`) leaves the view's
// background showing, stretching (`scaleToFill`) turns the circle of a
// square image into an ellipse.

import TrellisGeometry
import TrellisViews

extension ViewPicture {
    /// The placeholder's fill: CellPicture's opaque image color.
    public static let imageFill = RGBA(255, 204, 0)
    /// The placeholder's lines (outline, diagonals, ellipse), one point wide.
    public static let imageInk = RGBA(178, 102, 0)

    /// Where a `UIImageView` draws an image of `imageSize` points in
    /// `bounds` for `contentMode`: stretched to the bounds (`scaleToFill`,
    /// `redraw`), scaled by the smaller (`scaleAspectFit`) or the larger
    /// (`scaleAspectFill`) of the two axes' ratios and centered, or at its
    /// own size at the center, an edge or a corner. The rectangle may reach
    /// outside `bounds` (a crop) or leave part of it uncovered (a letterbox).
    ///
    /// ```swift
    /// ViewPicture.imageRect(
    ///     for: Size(width: 200, height: 100),
    ///     in: Rect(x: 0, y: 0, width: 100, height: 100), contentMode: .scaleAspectFit)
    /// // (0, 25, 100, 50)
    /// ```
    /// - Returns: nil when the image has no area or a size that is not a
    ///   finite number (there is nothing to draw).
    /// - Complexity: O(1).
    public static func imageRect(for imageSize: Size, in bounds: Rect, contentMode: ContentMode)
        -> Rect?
    {
        let width = imageSize.width
        let height = imageSize.height
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return nil }
        func placed(_ width: Double, _ height: Double, x: Double, y: Double) -> Rect {
            // x and y: 0 at the leading edge, 0.5 centered, 1 at the far edge.
            Rect(
                x: bounds.minX + (bounds.width - width) * x,
                y: bounds.minY + (bounds.height - height) * y, width: width, height: height)
        }
        switch contentMode {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let ratios = (bounds.width / width, bounds.height / height)
            let factor =
                contentMode == .scaleAspectFit
                ? min(ratios.0, ratios.1) : max(ratios.0, ratios.1)
            return placed(width * factor, height * factor, x: 0.5, y: 0.5)
        case .center: return placed(width, height, x: 0.5, y: 0.5)
        case .top: return placed(width, height, x: 0.5, y: 0)
        case .bottom: return placed(width, height, x: 0.5, y: 1)
        case .left: return placed(width, height, x: 0, y: 0.5)
        case .right: return placed(width, height, x: 1, y: 0.5)
        case .topLeft: return placed(width, height, x: 0, y: 0)
        case .topRight: return placed(width, height, x: 1, y: 0)
        case .bottomLeft: return placed(width, height, x: 0, y: 1)
        case .bottomRight: return placed(width, height, x: 1, y: 1)
        }
    }

    /// Draws `image`'s placeholder in the rectangle `contentMode` gives it
    /// in `frame` (points on the canvas), clipped to `frame`: the pixels
    /// whose centers lie in both are filled with `imageFill`, and lines of
    /// `imageInk` one point wide are blended in with their coverage of
    /// 4 × 4 samples per pixel.
    /// - Complexity: O(pixels drawn).
    static func drawImage(
        _ image: Image, contentMode: ContentMode, in frame: Rect, scale: Double,
        into bitmap: inout Bitmap
    ) {
        guard let rect = imageRect(for: image.size, in: frame, contentMode: contentMode) else {
            return
        }
        // In pixels.
        let x0 = rect.minX * scale
        let y0 = rect.minY * scale
        let x1 = rect.maxX * scale
        let y1 = rect.maxY * scale
        let width = x1 - x0
        let height = y1 - y0
        let ink = max(1, scale)
        let diagonal = (width * width + height * height).squareRoot()
        let center = (x: (x0 + x1) / 2, y: (y0 + y1) / 2)
        let radii = (x: width / 2, y: height / 2)
        func isInk(_ x: Double, _ y: Double) -> Bool {
            if x - x0 < ink || x1 - x < ink || y - y0 < ink || y1 - y < ink { return true }
            if abs((x - x0) * height - (y - y0) * width) / diagonal < ink / 2 { return true }
            if abs((x - x0) * height + (y - y1) * width) / diagonal < ink / 2 { return true }
            // The ellipse: |f| / |∇f| approximates the distance to f = 0.
            let dx = (x - center.x) / radii.x
            let dy = (y - center.y) / radii.y
            let f = dx * dx + dy * dy - 1
            let gradient =
                2 * ((dx / radii.x) * (dx / radii.x) + (dy / radii.y) * (dy / radii.y)).squareRoot()
            return gradient > 0 && abs(f) / gradient < ink / 2
        }
        // Pixels whose centers are in the image and in the view (`Bitmap.fill`'s rule).
        func pixels(_ low: Double, _ high: Double, _ limit: Int) -> Range<Int> {
            let first = max(0, Int((low - 0.5).rounded(.up)))
            let end = min(limit, Int((high - 0.5).rounded(.up)))
            return first..<max(first, end)
        }
        let columns = pixels(max(x0, frame.minX * scale), min(x1, frame.maxX * scale), bitmap.width)
        let rows = pixels(max(y0, frame.minY * scale), min(y1, frame.maxY * scale), bitmap.height)
        for y in rows {
            for x in columns {
                bitmap.blend(x: x, y: y, color: imageFill)
                var covered = 0
                for sampleY in 0..<4 {
                    for sampleX in 0..<4
                    where isInk(
                        Double(x) + (Double(sampleX) + 0.5) / 4,
                        Double(y) + (Double(sampleY) + 0.5) / 4)
                    {
                        covered += 1
                    }
                }
                if covered > 0 {
                    bitmap.blend(
                        x: x, y: y, color: imageInk, coverage: UInt8((covered * 255 + 8) / 16))
                }
            }
        }
    }
}
