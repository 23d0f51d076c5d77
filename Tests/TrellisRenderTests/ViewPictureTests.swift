import Testing
import TrellisGeometry
import TrellisText
import TrellisViews

@testable import TrellisRender

/// Pictures of view hierarchies: image views by their content mode,
/// buttons' titles, attributed labels.
@Suite struct ViewPictureTests {
    static let style = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 17)

    /// UIKit's placement of a 200 × 100 image in a 100 × 100 view at (10, 20).
    static let placements: [(ContentMode, Rect)] = [
        (.scaleToFill, Rect(x: 10, y: 20, width: 100, height: 100)),
        (.redraw, Rect(x: 10, y: 20, width: 100, height: 100)),
        // Fit: the smaller ratio, min(100/200, 100/100) = 0.5; centered: y 20 + 25.
        (.scaleAspectFit, Rect(x: 10, y: 45, width: 100, height: 50)),
        // Fill: the larger ratio, 1; centered: x 10 − 50.
        (.scaleAspectFill, Rect(x: -40, y: 20, width: 200, height: 100)),
        (.center, Rect(x: -40, y: 20, width: 200, height: 100)),
        (.top, Rect(x: -40, y: 20, width: 200, height: 100)),
        (.bottom, Rect(x: -40, y: 20, width: 200, height: 100)),
        (.left, Rect(x: 10, y: 20, width: 200, height: 100)),
        (.right, Rect(x: -90, y: 20, width: 200, height: 100)),
        (.topLeft, Rect(x: 10, y: 20, width: 200, height: 100)),
        (.topRight, Rect(x: -90, y: 20, width: 200, height: 100)),
        (.bottomLeft, Rect(x: 10, y: 20, width: 200, height: 100)),
        (.bottomRight, Rect(x: -90, y: 20, width: 200, height: 100)),
    ]

    @Test(arguments: placements)
    func imagesArePlacedAsUIKitPlacesThem(mode: ContentMode, expected: Rect) {
        let bounds = Rect(x: 10, y: 20, width: 100, height: 100)
        #expect(
            ViewPicture.imageRect(
                for: Size(width: 200, height: 100), in: bounds, contentMode: mode) == expected)
    }

    @Test func unscaledImagesGoToTheirEdgeOrCorner() {
        // A 40 × 20 image in a 100 × 100 view: the far edge is at 100 − 40 and 100 − 20.
        let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let image = Size(width: 40, height: 20)
        let origins: [(ContentMode, Point)] = [
            (.center, Point(x: 30, y: 40)), (.top, Point(x: 30, y: 0)),
            (.bottom, Point(x: 30, y: 80)), (.left, Point(x: 0, y: 40)),
            (.right, Point(x: 60, y: 40)), (.topLeft, Point(x: 0, y: 0)),
            (.topRight, Point(x: 60, y: 0)), (.bottomLeft, Point(x: 0, y: 80)),
            (.bottomRight, Point(x: 60, y: 80)),
        ]
        for (mode, origin) in origins {
            #expect(
                ViewPicture.imageRect(for: image, in: bounds, contentMode: mode)
                    == Rect(origin: origin, size: image), "\(mode)")
        }
        #expect(
            ViewPicture.imageRect(
                for: Size(width: 0, height: 20), in: bounds, contentMode: .scaleAspectFit) == nil)
        #expect(
            ViewPicture.imageRect(
                for: Size(width: .infinity, height: 20), in: bounds, contentMode: .center) == nil)
    }

    /// A 200 × 100 point view at (0, 0) in a 240 × 140 root, showing an image
    /// of `imageSize` with `mode`, drawn at scale 2.
    static func picture(_ imageSize: Size, _ mode: ContentMode) throws -> Bitmap {
        let root = View(frame: Rect(x: 0, y: 0, width: 240, height: 140))
        let imageView = ImageView(image: Image(size: imageSize))
        imageView.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        imageView.contentMode = mode
        root.addSubview(imageView)
        return try ViewPicture.render(root, scale: 2)
    }

    /// The color at a point (in points) of a scale-2 picture.
    static func color(_ bitmap: Bitmap, _ x: Double, _ y: Double) -> RGBA {
        bitmap.pixel(x: Int(x * 2), y: Int(y * 2))
    }

    /// The view's background where no image is: the translucent gray over
    /// white, (142 × 72 + 255 × 183) / 255 = 223 for red and green, 224 for blue.
    static let background = RGBA(223, 223, 224)

    @Test func aspectFitLetterboxesAndKeepsTheCircleRound() throws {
        // A square image in a 200 × 100 view: a 100 × 100 square at x 50…150.
        let bitmap = try Self.picture(Size(width: 100, height: 100), .scaleAspectFit)
        #expect(Self.color(bitmap, 25, 50) == Self.background)
        #expect(Self.color(bitmap, 175, 50) == Self.background)
        #expect(Self.color(bitmap, 75, 30) == ViewPicture.imageFill)
        // The outline at the square's left edge (x 50…51) and the circle,
        // radius 50 about (100, 50), at 45°: (135.36, 14.64).
        #expect(Self.color(bitmap, 50.25, 30) == ViewPicture.imageInk)
        #expect(Self.color(bitmap, 135.36, 14.64) == ViewPicture.imageInk)
        // Where the stretched ellipse would pass is letterbox.
        #expect(Self.color(bitmap, 170.71, 14.64) == Self.background)
    }

    @Test func scaleToFillStretchesTheCircleToTheView() throws {
        let bitmap = try Self.picture(Size(width: 100, height: 100), .scaleToFill)
        // The image covers the view: outline along its left edge, the
        // ellipse of radii 100 and 50 at 45°: (170.71, 14.64).
        #expect(Self.color(bitmap, 0.25, 50) == ViewPicture.imageInk)
        #expect(Self.color(bitmap, 25, 60) == ViewPicture.imageFill)
        #expect(Self.color(bitmap, 170.71, 14.64) == ViewPicture.imageInk)
        #expect(Self.color(bitmap, 135.36, 14.64) == ViewPicture.imageFill)
    }

    @Test func aspectFillCropsToTheView() throws {
        // A square image in a 200 × 100 view: 200 × 200 at y −50…150,
        // clipped to the view: no outline at its top or bottom edge, the
        // diagonals cross the view's top edge at x 50 and 150 (pixel
        // centers on them: 50.25 and 149.75 at y 0.25), not at its
        // corners, and nothing is drawn below the view.
        let bitmap = try Self.picture(Size(width: 100, height: 100), .scaleAspectFill)
        #expect(Self.color(bitmap, 100, 0.25) == ViewPicture.imageFill)
        #expect(Self.color(bitmap, 100, 99.75) == ViewPicture.imageFill)
        #expect(Self.color(bitmap, 0.25, 50) == ViewPicture.imageInk)
        #expect(Self.color(bitmap, 50, 0.25) == ViewPicture.imageInk)
        #expect(Self.color(bitmap, 149.75, 0.25) == ViewPicture.imageInk)
        #expect(Self.color(bitmap, 5, 5) == ViewPicture.imageFill)
        #expect(Self.color(bitmap, 100, 110) == .white)
        #expect(Self.color(bitmap, 210, 50) == .white)
    }

    @Test func anImageViewWithoutAnImageShowsItsBackground() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let imageView = ImageView()
        imageView.frame = Rect(x: 0, y: 0, width: 50, height: 50)
        root.addSubview(imageView)
        let bitmap = try ViewPicture.render(root, scale: 1)
        #expect(bitmap.pixel(x: 25, y: 25) == Self.background)
    }

    /// The ink's columns (pixels) in a band of rows.
    static func inkColumns(_ bitmap: Bitmap, rows: Range<Int>, isInk: (RGBA) -> Bool) -> [Int] {
        (0..<bitmap.width).filter { x in rows.contains { isInk(bitmap.pixel(x: x, y: $0)) } }
    }

    /// How many pixels differ between two pictures of one size.
    static func differingPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        return (0..<(a.width * a.height)).filter {
            a.pixels[4 * $0..<4 * $0 + 4] != b.pixels[4 * $0..<4 * $0 + 4]
        }.count
    }

    /// From the top of the ink to its bottom in some columns, in pixels.
    static func inkHeight(_ bitmap: Bitmap, columns: Range<Int>) -> Int {
        let rows = (0..<bitmap.height).filter { y in
            columns.contains { bitmap.pixel(x: $0, y: y).r < 128 }
        }
        return (rows.last ?? 0) - (rows.first ?? 0)
    }

    @Test func aButtonsTitleIsCenteredInItsFrame() throws {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 60))
        let button = Button(title: "Next", style: Self.style)
        button.frame = Rect(x: 20, y: 10, width: 200, height: 40)
        root.addSubview(button)
        let bitmap = try ViewPicture.render(root, scale: 2)
        let columns = Self.inkColumns(bitmap, rows: 20..<100) { $0.r < 128 }
        let first = try #require(columns.first)
        let last = try #require(columns.last)
        // The title's ink is centered on the frame's center, x 120 (240 px),
        // within the side bearings' difference (a pixel or two).
        #expect(abs(Double(first + last + 1) / 2 - 240) <= 2, "ink \(first)…\(last)")
        #expect(first > 200)
    }

    @Test func aTooNarrowButtonTruncatesItsTitleInTheMiddle() throws {
        func picture(title: String) throws -> Bitmap {
            let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 60))
            let button = Button(title: title, style: Self.style)
            button.frame = Rect(x: 20, y: 10, width: 120, height: 40)
            root.addSubview(button)
            return try ViewPicture.render(root, scale: 2)
        }
        let title = "Subscribe to the newsletter"
        // The title as UIButton's title label lays it out: one line,
        // truncated in the middle, centered in the 120 × 40 frame.
        var style = Self.style
        style.lineBreakMode = .byTruncatingMiddle
        style.alignment = .center
        let glyphs = try TextMeasurer.shared.glyphLayout(
            title, style: style, width: 120, numberOfLines: 1)
        let line = try #require(glyphs.lines.first)
        #expect(line.first?.textOffset == 0 && line.last?.textOffset == 26)
        #expect(line.contains { $0.textOffset == nil })
        // Drawn over the button without a title, that layout is the picture.
        var expected = try picture(title: "")
        try TextRasterizer().draw(
            glyphs, style: style,
            at: Point(x: 20, y: 10 + (40 - glyphs.layout.size.height) / 2), scale: 2,
            color: CellPicture.textColor, into: &expected)
        let drawn = try picture(title: title)
        #expect(Self.differingPixels(drawn, expected) == 0)
        #expect(Self.differingPixels(drawn, try picture(title: "")) > 100)
    }

    @Test func anAttributedLabelIsDrawnRunByRun() throws {
        // "Ada replied" with "Ada" at 34 points bold: the picture's ink over
        // "Ada" is taller than over "replied" (a plain drawing would make
        // them the same height).
        var text = AttributedText("Ada replied", attributes: TextAttributes(Self.style))
        try text.setAttributes(
            TextAttributes(fonts: try .bundled("Inter", weight: .bold), size: 34), range: 0..<3)
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 60))
        let label = Label(text: "", style: Self.style)
        label.attributedText = text
        label.frame = Rect(x: 0, y: 0, width: 300, height: 60)
        root.addSubview(label)
        let bitmap = try ViewPicture.render(root, scale: 2)
        let glyphs = try TextMeasurer.shared.glyphLayout(text, style: Self.style, width: 300)
        let line = try #require(glyphs.lines.first)
        let split = Int(((line[3].placed.position.x) * 2).rounded())
        let ada = Self.inkHeight(bitmap, columns: 0..<split)
        let replied = Self.inkHeight(bitmap, columns: split..<bitmap.width)
        // Cap height 0.727 em: 49 pixels at 34 points, scale 2; "replied"
        // from ascender to descender at 17 points, about 30 pixels.
        #expect(abs(ada - 49) <= 2, "Ada: \(ada) pixels")
        #expect(replied < 36, "replied: \(replied) pixels")
    }
}
