import Testing
import TrellisGeometry
import TrellisText

@testable import TrellisRender

/// Text in pictures sits where the measurement put it: glyphs come from
/// `TextMeasurer.glyphLayout`, whose pens end where the line fragments end.
@Suite struct TextRasterizerTests {
    static let style = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 17)
    static let text =
        "The red fox is a small carnivore that lives in the northern forests of the world."

    @Test func everyLineEndsAtItsMeasuredWidth() throws {
        let glyphs = try TextMeasurer.shared.glyphLayout(Self.text, style: Self.style, width: 200)
        #expect(glyphs.layout.lineCount == glyphs.lines.count)
        #expect(glyphs.layout.lineCount >= 3)
        for (fragment, line) in zip(glyphs.layout.lines, glyphs.lines) {
            let first = try #require(line.first)
            let last = try #require(line.last)
            // The first glyph starts the line; the last one's advance ends it
            // (Inter's first glyphs have no HarfBuzz offset).
            #expect(abs(first.position.x - fragment.origin.x) < 1e-9)
            #expect(abs(last.position.x + last.advance - fragment.origin.x - fragment.width) < 1e-9)
            #expect(line.allSatisfy { $0.position.y == fragment.baseline })
        }
    }

    @Test func aTruncatedLineEndsInTheEllipsisAtItsWidth() throws {
        var style = Self.style
        style.lineBreakMode = .byTruncatingTail
        let glyphs = try TextMeasurer.shared.glyphLayout(
            Self.text, style: style, width: 200, numberOfLines: 2)
        let fragment = try #require(glyphs.layout.lines.last)
        #expect(fragment.isTruncated)
        let last = try #require(glyphs.lines.last?.last)
        let inter = try #require(style.fonts.fonts.first)
        // "…" is one glyph of Inter, the last one drawn, ending at the line's width.
        #expect(last.fontIndex == 0 && inter.hasGlyph(for: "…"))
        #expect(abs(last.position.x + last.advance - fragment.width) < 1e-9)
    }

    @Test(arguments: [LineBreakMode.byTruncatingHead, .byTruncatingMiddle, .byTruncatingTail])
    func truncationKeepsTheClustersTheMeasurementKept(mode: LineBreakMode) throws {
        var style = Self.style
        style.lineBreakMode = mode
        let glyphs = try TextMeasurer.shared.glyphLayout(
            Self.text, style: style, width: 200, numberOfLines: 1)
        let fragment = try #require(glyphs.layout.lines.first)
        let line = try #require(glyphs.lines.first)
        #expect(fragment.isTruncated)
        // The kept glyphs and "…" add up to the measured width.
        #expect(abs(line.reduce(0) { $0 + $1.advance } - fragment.width) < 1e-9)
        // "…" (no text offset) at the head, middle or tail; the text on each
        // side of it runs forward, from the text's start or to its end.
        let ellipsis = try #require(line.firstIndex { $0.textOffset == nil })
        let before = line[..<ellipsis].compactMap(\.textOffset)
        let after = line[(ellipsis + 1)...].compactMap(\.textOffset)
        #expect(before == before.sorted() && after == after.sorted())
        switch mode {
        case .byTruncatingHead:
            #expect(before.isEmpty && after.last == Self.text.utf8.count - 1)
        case .byTruncatingTail:
            #expect(after.isEmpty && before.first == 0)
        default:
            #expect(before.first == 0 && after.last == Self.text.utf8.count - 1)
        }
    }

    /// Left to right on screen, the UTF-8 offsets of the characters drawn
    /// (UAX #9): a right-to-left paragraph is reversed whole (its final "?"
    /// on the left); Hebrew in a left-to-right paragraph reads backward in
    /// place; Latin in a right-to-left paragraph stays forward, on the left,
    /// and the space before it takes the paragraph's direction.
    static let visualOrders: [(String, [Int])] = [
        (
            "שלום עולם, מה שלומך היום?",
            [
                43, 41, 39, 37, 35, 34, 32, 30, 28, 26, 24, 23, 21, 19, 18, 17, 15, 13, 11, 9, 8, 6,
                4, 2, 0,
            ]
        ),
        ("The word שלום means peace", Array(0...8) + [15, 13, 11, 9] + Array(17...28)),
        ("שלום is hello in Hebrew", Array(9...26) + [8, 6, 4, 2, 0]),
    ]

    @Test(arguments: visualOrders)
    func bidiLinesAreDrawnInVisualOrderFromTheirOriginToTheirWidth(text: String, order: [Int])
        throws
    {
        // Glyphs come in visual order (UAX #9 L2): left to right from the
        // fragment's origin, their advances adding up to its measured width,
        // in both directions. (HarfBuzz offsets some Hebrew glyphs by a
        // fraction of a point, so positions are compared within 1 point.)
        let glyphs = try TextMeasurer.shared.glyphLayout(text, style: Self.style, width: 400)
        let fragment = try #require(glyphs.layout.lines.first)
        let line = try #require(glyphs.lines.first)
        #expect(glyphs.layout.lineCount == 1)
        #expect(fragment.isRightToLeft == (text.first == "ש"))
        #expect(abs(line.reduce(0) { $0 + $1.advance } - fragment.width) < 1e-9)
        #expect(abs(line[0].position.x - fragment.origin.x) < 1)
        for (glyph, next) in zip(line, line.dropFirst()) {
            #expect(abs(glyph.position.x + glyph.advance - next.position.x) < 1)
        }
        // The Hebrew glyphs come from Noto Sans Hebrew (the second font).
        #expect(line.contains { $0.fontIndex == 1 })
        #expect(line.compactMap(\.textOffset) == order)
    }

    @Test func centeredTextStartsAtTheFragmentsOrigin() throws {
        var style = Self.style
        style.alignment = .center
        let glyphs = try TextMeasurer.shared.glyphLayout("Fox", style: style, width: 300)
        let fragment = try #require(glyphs.layout.lines.first)
        // Centered: (300 − width) / 2 from the left.
        #expect(abs(fragment.origin.x - (300 - fragment.width) / 2) < 1e-9)
        #expect(abs((glyphs.lines.first?.first?.position.x ?? -1) - fragment.origin.x) < 1e-9)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func textIsDrawnAntiAliasedInsideItsBoxAtEachScale(scale: Double) throws {
        let glyphs = try TextMeasurer.shared.glyphLayout("Red Fox", style: Self.style, width: 200)
        let size = glyphs.layout.size
        var bitmap = Bitmap(
            width: Int((220 * scale).rounded(.up)),
            height: Int(((size.height + 20) * scale).rounded(.up)))
        try TextRasterizer().draw(
            glyphs, style: Self.style, at: Point(x: 10, y: 10), scale: scale, color: .black,
            into: &bitmap)
        var inked: (minX: Int, maxX: Int, minY: Int, maxY: Int) = (.max, .min, .max, .min)
        var gray = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y) != .white {
                inked = (
                    min(inked.minX, x), max(inked.maxX, x), min(inked.minY, y), max(inked.maxY, y)
                )
                if bitmap.pixel(x: x, y: y) != .black { gray += 1 }
            }
        }
        // Ink stays within the line box (a pixel of anti-aliasing either side).
        #expect(inked.minX >= Int(10 * scale) - 1)
        #expect(inked.maxX <= Int(((10 + size.width) * scale).rounded(.up)) + 1)
        #expect(inked.minY >= Int(10 * scale) - 1)
        #expect(inked.maxY <= Int(((10 + size.height) * scale).rounded(.up)) + 1)
        // Anti-aliased: edges are partly covered pixels, not only black and white.
        #expect(gray > 20, "partly covered pixels: \(gray)")
    }
}
