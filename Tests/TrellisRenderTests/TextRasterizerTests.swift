import Testing
import TrellisGeometry
import TrellisText
@testable import TrellisRender

/// Text in pictures sits where the measurement put it: glyphs come from
/// `TextMeasurer.glyphLayout`, whose pens end where the line fragments end.
@Suite struct TextRasterizerTests {
    static let style = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 17)
    static let text = "The red fox is a small carnivore that lives in the northern forests of the world."

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
        let glyphs = try TextMeasurer.shared.glyphLayout(Self.text, style: style, width: 200, numberOfLines: 2)
        let fragment = try #require(glyphs.layout.lines.last)
        #expect(fragment.isTruncated)
        let last = try #require(glyphs.lines.last?.last)
        let inter = try #require(style.fonts.fonts.first)
        // "…" is one glyph of Inter, the last one drawn, ending at the line's width.
        #expect(last.fontIndex == 0 && inter.hasGlyph(for: "…"))
        #expect(abs(last.position.x + last.advance - fragment.width) < 1e-9)
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
        var bitmap = Bitmap(width: Int((220 * scale).rounded(.up)), height: Int(((size.height + 20) * scale).rounded(.up)))
        try TextRasterizer().draw(
            glyphs, style: Self.style, at: Point(x: 10, y: 10), scale: scale, color: .black, into: &bitmap)
        var inked: (minX: Int, maxX: Int, minY: Int, maxY: Int) = (.max, .min, .max, .min)
        var gray = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y) != .white {
                inked = (min(inked.minX, x), max(inked.maxX, x), min(inked.minY, y), max(inked.maxY, y))
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

    @Test func emojiAreDrawnInColor() throws {
        guard let fonts = try? FontCollection.bundled("Inter").addingColorEmoji() else { return }  // no emoji font here
        let style = TextStyle(fonts: fonts, size: 17)
        let glyphs = try TextMeasurer.shared.glyphLayout("Fox 🦊", style: style, width: 200)
        #expect(glyphs.lines[0].last?.fontIndex == fonts.fonts.count - 1)
        var bitmap = Bitmap(width: 240, height: 90)
        try TextRasterizer().draw(glyphs, style: style, at: Point(x: 5, y: 5), scale: 3, color: .black, into: &bitmap)
        // The fox is orange: pixels with much more red than blue.
        var orange = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let pixel = bitmap.pixel(x: x, y: y)
                if Int(pixel.r) - Int(pixel.b) > 100 { orange += 1 }
            }
        }
        #expect(orange > 200, "orange pixels: \(orange)")
    }
}
