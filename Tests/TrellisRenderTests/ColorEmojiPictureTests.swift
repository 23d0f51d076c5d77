import Testing
import TrellisCells
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@testable import TrellisRender

/// Color glyphs are scaled from their bitmap strike by an integer box
/// filter: the same as an exact area average, with no holes when scaled up.
@Suite struct ColorGlyphScalingTests {
    /// The exact area average of a premultiplied BGRA strike of `width` ×
    /// `rows` pixels placed with its top-left corner at (`left`, `top`)
    /// and `factor` target pixels per strike pixel, at target pixel (x, y):
    /// premultiplied red, green, blue and alpha (each strike pixel weighted
    /// by the part of the target pixel it covers), or nil where nothing
    /// covers it.
    static func naive(
        _ source: [UInt8], width: Int, rows: Int, left: Double, top: Double, factor: Double,
        x: Int, y: Int
    ) -> (r: Double, g: Double, b: Double, a: Double)? {
        var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
        for row in 0..<rows {
            let overlapY =
                min(Double(y + 1), top + Double(row + 1) * factor)
                - max(Double(y), top + Double(row) * factor)
            guard overlapY > 0 else { continue }
            for column in 0..<width {
                let overlapX =
                    min(Double(x + 1), left + Double(column + 1) * factor)
                    - max(Double(x), left + Double(column) * factor)
                guard overlapX > 0 else { continue }
                let i = (row * width + column) * 4
                let area = overlapX * overlapY
                sum.b += Double(source[i]) * area
                sum.g += Double(source[i + 1]) * area
                sum.r += Double(source[i + 2]) * area
                sum.a += Double(source[i + 3]) * area
            }
        }
        return sum.a > 0 ? sum : nil
    }

    /// 200 random strikes (1 to 12 pixels a side, random premultiplied
    /// colors) scaled by factors from 0.1 to 4 to random sub-pixel
    /// positions over black: every pixel is within 3 of the exact area
    /// average of that position (the filter works in 1/256 of a pixel), and
    /// no pixel the strike covers entirely is left out.
    @Test func theFilterIsTheAreaAverage() throws {
        var random = SplitMix64(seed: 9)
        var pixelsCompared = 0
        for _ in 0..<200 {
            let width = 1 + Int(random.next() % 12)
            let rows = 1 + Int(random.next() % 12)
            var source: [UInt8] = []
            for _ in 0..<(width * rows) {
                let alpha = UInt8(random.next() % 2 == 0 ? 255 : random.next() % 256)
                for _ in 0..<3 { source.append(UInt8(random.next() % (UInt64(alpha) + 1))) }
                source.append(alpha)
            }
            let strike = 16
            let pixelSize = Double(strike) * (0.1 + 3.9 * random.nextUnit())
            let factor = Double(Int((pixelSize * 256).rounded())) / 256 / Double(strike)
            let x = 5 + random.nextUnit()
            let baseline = 5.0 + Double(random.next() % 3)
            let scaling = ColorGlyphScaling(
                strike: strike, pixelSize: pixelSize, x: x, baseline: baseline, bitmapLeft: 0,
                bitmapTop: 0, width: width, rows: rows)
            var drawn = Bitmap(width: 64, height: 64, fill: RGBA(0, 0, 0, 0))
            source.withUnsafeBufferPointer { pixels in
                scaling.draw(
                    pitch: width * 4, pixels: UnsafeMutablePointer(mutating: pixels.baseAddress!),
                    into: &drawn)
            }
            // The strike's corner, as the filter rounds it to 1/256 of a pixel.
            let left = Double(Int((x * 256).rounded())) / 256
            for ty in 0..<64 {
                for tx in 0..<64 {
                    let pixel = drawn.pixel(x: tx, y: ty)
                    guard
                        let exact = Self.naive(
                            source, width: width, rows: rows, left: left, top: baseline,
                            factor: factor, x: tx, y: ty)
                    else {
                        #expect(pixel.a <= 1, "(\(tx), \(ty)) drawn where nothing covers it")
                        continue
                    }
                    // Blended over transparent black, a pixel holds the
                    // premultiplied color: channel × alpha / 255.
                    #expect(abs(Double(pixel.a) - exact.a) <= 3, "alpha at (\(tx), \(ty))")
                    #expect(abs(Double(pixel.r) - exact.r) <= 3, "red at (\(tx), \(ty))")
                    #expect(abs(Double(pixel.g) - exact.g) <= 3, "green at (\(tx), \(ty))")
                    #expect(abs(Double(pixel.b) - exact.b) <= 3, "blue at (\(tx), \(ty))")
                    pixelsCompared += 1
                }
            }
        }
        #expect(pixelsCompared > 5_000)
    }
}

let colorEmojiInstalled = (try? Font.colorEmoji()) != nil

/// Emoji drawn in color from Noto Color Emoji's 109-pixel strike, at the
/// glyph's size.
@Suite(.enabled(if: colorEmojiInstalled, "needs fonts-noto-color-emoji (Scripts/bootstrap.sh)"))
struct ColorEmojiPictureTests {
    static let fonts = try! FontCollection.bundled("Inter").addingColorEmoji()

    /// 🟥 (U+1F7E5) drawn at `size` points and `scale`: its pixels, and the
    /// box of its glyph's advance on the line in pixels.
    static func redSquare(size: Double, scale: Double) throws -> (
        Bitmap, (x: Range<Int>, y: Range<Int>)
    ) {
        let style = TextStyle(fonts: fonts, size: size)
        let glyphs = try TextMeasurer.shared.glyphLayout("🟥", style: style, width: 1_000)
        let glyph = try #require(glyphs.lines.first?.first)
        #expect(glyph.fontIndex == fonts.fonts.count - 1)
        var bitmap = Bitmap(
            width: Int(((glyph.advance + 10) * scale).rounded(.up)),
            height: Int(((glyphs.layout.size.height + 10) * scale).rounded(.up)))
        try TextRasterizer().draw(
            glyphs, style: style, at: Point(x: 5, y: 5), scale: scale, color: .black,
            into: &bitmap)
        let x = Int(((5 + glyph.position.x) * scale).rounded())
        let width = Int((glyph.advance * scale).rounded())
        let baseline = Int(((5 + glyph.position.y) * scale).rounded())
        return (bitmap, (x..<(x + width), (baseline - width)..<baseline))
    }

    static func isRed(_ pixel: RGBA) -> Bool { pixel.r > 180 && pixel.g < 110 && pixel.b < 110 }

    /// Scaled up (60 points at scale 3: 180 pixels an em from 109; 100 at
    /// scale 2) and down (12 points at scale 1, 17 at 2), the middle of the
    /// red square is red in every pixel: the filter leaves no target
    /// pixel between two strike pixels empty. The red spans most of the
    /// glyph's advance (Noto's square is 0.9 em of its 1.245-em advance).
    @Test(arguments: [(60.0, 3.0), (12.0, 1.0), (17.0, 2.0), (100.0, 2.0)])
    func aRedSquareIsRedAllOverAtAnySize(size: Double, scale: Double) throws {
        let (bitmap, box) = try Self.redSquare(size: size, scale: scale)
        var columns: [Int] = []
        var rows: [Int] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where Self.isRed(bitmap.pixel(x: x, y: y)) {
                columns.append(x)
                rows.append(y)
            }
        }
        let red = (
            x: try #require(columns.min())...(try #require(columns.max())),
            y: try #require(rows.min())...(try #require(rows.max()))
        )
        #expect(Double(red.x.count) > 0.6 * Double(box.x.count), "\(red.x) in \(box.x)")
        #expect(Double(red.y.count) > 0.6 * Double(box.x.count), "\(red.y)")
        // From 40% to 85% of its width and height: inside the square's
        // edges and shading, below and right of its glossy highlight.
        var holes = 0
        func middle(_ range: ClosedRange<Int>) -> ClosedRange<Int> {
            (range.lowerBound + range.count * 2 / 5)...(range.lowerBound + range.count * 17 / 20)
        }
        for y in middle(red.y) {
            for x in middle(red.x) where !Self.isRed(bitmap.pixel(x: x, y: y)) {
                holes += 1
            }
        }
        #expect(holes == 0)
    }

    /// In an attributed text an emoji takes its run's size: at 34 points it
    /// is drawn twice as wide as at 17.
    @Test func anEmojiTakesItsRunsSize() throws {
        let style = TextStyle(fonts: Self.fonts, size: 17)
        var text = AttributedText("🟥 🟥", attributes: TextAttributes(style))
        try text.setAttributes(TextAttributes(fonts: Self.fonts, size: 34), range: 5..<9)
        let glyphs = try TextMeasurer.shared.glyphLayout(text, style: style, width: 500)
        var bitmap = Bitmap(width: 300, height: 150)
        try TextRasterizer().draw(
            glyphs, at: Point(x: 5, y: 5), scale: 2, color: .black, into: &bitmap)
        let line = try #require(glyphs.lines.first)
        let split = Int(((5 + line[1].placed.position.x) * 2).rounded())
        func redColumns(_ columns: Range<Int>) -> Int {
            columns.filter { x in
                (0..<bitmap.height).contains { Self.isRed(bitmap.pixel(x: x, y: $0)) }
            }
            .count
        }
        let small = redColumns(0..<split)
        let large = redColumns(split..<bitmap.width)
        #expect(small > 20 && abs(Double(large) / Double(small) - 2) < 0.1, "\(small), \(large)")
    }

    @Test func emojiAreDrawnInColor() throws {
        let fonts = Self.fonts
        let style = TextStyle(fonts: fonts, size: 17)
        let glyphs = try TextMeasurer.shared.glyphLayout("Fox 🦊", style: style, width: 200)
        #expect(glyphs.lines[0].last?.fontIndex == fonts.fonts.count - 1)
        var bitmap = Bitmap(width: 240, height: 90)
        try TextRasterizer().draw(
            glyphs, style: style, at: Point(x: 5, y: 5), scale: 3, color: .black, into: &bitmap)
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
