import Testing
import TrellisGeometry
import TrellisText
import TrellisViews

@testable import TrellisRender

/// The "…" of a truncated right-to-left line is drawn where its text was
/// cut: a right-to-left line reads from the right, so its tail, and the
/// ellipsis of tail truncation, is on the left; head truncation puts it on
/// the right. Checked in pixels: the picture holds, at that end, exactly the
/// pixels of a "…" shaped and drawn alone there.
@Suite struct RightToLeftTruncationTests {
    static let style = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 17)
    /// "Hello world, how are you today? This is a very long sentence that does not fit on one line."
    static let hebrew = "שלום עולם, מה שלומך היום? זהו משפט ארוך מאוד שלא נכנס בשורה אחת."

    /// How many pixels a "…" in `style`, shaped alone and drawn with its
    /// pen at `x` on the baseline `baseline` (points) over `background`,
    /// changes, and how many of those pixels `picture` has the same.
    static func ellipsisPixels(
        in picture: Bitmap, background: Bitmap, x: Double, baseline: Double, style: TextStyle,
        scale: Double
    ) throws -> (ink: Int, same: Int) {
        let lone = try TextMeasurer.shared.glyphLayout("…", style: style, width: 100)
        let glyph = try #require(lone.lines.first?.first)
        var drawn = background
        try TextRasterizer().draw(
            lone, style: style, at: Point(x: x - glyph.position.x, y: baseline - glyph.position.y),
            scale: scale, color: CellPicture.textColor, into: &drawn)
        var ink = 0
        var same = 0
        for index in 0..<(drawn.width * drawn.height) {
            let pixel = drawn.pixels[4 * index..<4 * index + 4]
            guard pixel != background.pixels[4 * index..<4 * index + 4] else { continue }
            ink += 1
            if pixel == picture.pixels[4 * index..<4 * index + 4] { same += 1 }
        }
        return (ink, same)
    }

    @Test(arguments: [(LineBreakMode.byTruncatingTail, true), (.byTruncatingHead, false)])
    func theEllipsisIsDrawnAtTheEndWhereTheTextWasCut(mode: LineBreakMode, onTheLeft: Bool)
        throws
    {
        var style = Self.style
        style.lineBreakMode = mode
        let glyphs = try TextMeasurer.shared.glyphLayout(
            Self.hebrew, style: style, width: 200, numberOfLines: 1)
        let fragment = try #require(glyphs.layout.lines.first)
        let line = try #require(glyphs.lines.first)
        #expect(fragment.isRightToLeft && fragment.isTruncated)
        let ellipsis = try #require(onTheLeft ? line.first : line.last)
        #expect(ellipsis.textOffset == nil)
        let scale = 3.0
        let background = Bitmap(width: 220 * 3, height: Int((fragment.height + 20) * 3))
        var picture = background
        try TextRasterizer().draw(
            glyphs, style: style, at: Point(x: 10, y: 10), scale: scale,
            color: CellPicture.textColor, into: &picture)
        let here = try Self.ellipsisPixels(
            in: picture, background: background, x: 10 + ellipsis.position.x,
            baseline: 10 + fragment.baseline, style: style, scale: scale)
        #expect(here.ink > 20 && here.same == here.ink, "\(here)")
        // At the other end of the line there is a Hebrew letter, not "…".
        let otherEnd =
            onTheLeft
            ? 10 + fragment.origin.x + fragment.width - ellipsis.advance
            : 10 + fragment.origin.x
        let there = try Self.ellipsisPixels(
            in: picture, background: background, x: otherEnd, baseline: 10 + fragment.baseline,
            style: style, scale: scale)
        #expect(there.same < there.ink / 2, "\(there)")
    }

    /// A right-to-left label, plain or attributed, truncated at its tail
    /// in a view hierarchy: "…" at the left end of its text.
    @Test(arguments: [false, true])
    func aTruncatedRightToLeftLabelShowsItsEllipsisOnTheLeft(attributed: Bool) throws {
        let bold = TextAttributes(fonts: try .bundled("Inter", weight: .bold), size: 20)
        func picture(text: String) throws -> (Bitmap, Label) {
            let root = View(frame: Rect(x: 0, y: 0, width: 240, height: 60))
            let label = Label(text: text, style: Self.style)
            if attributed && !text.isEmpty {
                // The first word, where the line starts (on the right), in
                // bold 20: the ellipsis takes that style.
                var rich = AttributedText(text, attributes: TextAttributes(Self.style))
                try rich.setAttributes(bold, range: 0..<8)
                label.attributedText = rich
            }
            label.numberOfLines = 1
            label.frame = Rect(x: 20, y: 10, width: 200, height: 40)
            root.addSubview(label)
            return (try ViewPicture.render(root, scale: 2), label)
        }
        let (drawn, label) = try picture(text: Self.hebrew)
        let (background, _) = try picture(text: "")
        var style = Self.style
        style.lineBreakMode = .byTruncatingTail
        let layout: TextLayout
        let ellipsisX: Double
        var ellipsisStyle = Self.style
        if let rich = label.attributedText {
            let glyphs = try TextMeasurer.shared.glyphLayout(
                rich, style: style, width: 200, numberOfLines: 1)
            layout = glyphs.layout
            let first = try #require(glyphs.lines.first?.first)
            #expect(first.placed.textOffset == nil && first.run == 0)
            ellipsisX = first.placed.position.x
            ellipsisStyle = TextStyle(fonts: bold.fonts, size: bold.size)
        } else {
            let glyphs = try TextMeasurer.shared.glyphLayout(
                Self.hebrew, style: style, width: 200, numberOfLines: 1)
            layout = glyphs.layout
            let first = try #require(glyphs.lines.first?.first)
            #expect(first.textOffset == nil)
            ellipsisX = first.position.x
        }
        let fragment = try #require(layout.lines.first)
        #expect(fragment.isRightToLeft && fragment.isTruncated)
        // The label centers its text vertically in its 40-point frame.
        let top = 10 + (40 - layout.size.height) / 2
        let left = try Self.ellipsisPixels(
            in: drawn, background: background, x: 20 + ellipsisX, baseline: top + fragment.baseline,
            style: ellipsisStyle, scale: 2)
        #expect(left.ink > 10 && left.same == left.ink, "\(left)")
        // Nothing is drawn left of it.
        let inkColumns = (0..<drawn.width).filter { x in
            (0..<drawn.height).contains {
                drawn.pixel(x: x, y: $0) != background.pixel(x: x, y: $0)
            }
        }
        #expect(Double(inkColumns.first ?? 0) >= (20 + ellipsisX) * 2 - 1)
    }
}
