import Testing
import TrellisCells
import TrellisGeometry
import TrellisTestSupport
import TrellisText

@testable import TrellisRender

/// Attributed text in pictures sits where its measurement put it: every run
/// in its own font, size, letter spacing and baseline offset, from the same
/// pieces the attributed layout measured.
@Suite struct AttributedGlyphLayoutTests {
    static let inter = try! FontCollection.bundled("Inter")
    static let bold = try! FontCollection.bundled("Inter", weight: .bold)
    static let roboto = try! FontCollection.bundled("Roboto")
    static let style = TextStyle(fonts: inter, size: 17)
    static let text =
        "The red fox is a small carnivore that lives in the northern forests of the world."

    /// Texts in both directions and with fallback, for the differential test.
    static let texts = [
        text, "שלום עולם, מה שלומך היום? The word שלום means peace",
        "The word שלום means peace, and مرحبا means hello.", "Tabs\tgo\tto stops",
    ]

    /// An attributed text of one run in the style's own attributes is laid
    /// out and placed exactly as the plain text: the same glyphs, fonts,
    /// positions, advances and clusters (the plain path is the reference).
    @Test(arguments: [
        (LineBreakMode.byWordWrapping, 0), (.byTruncatingTail, 2), (.byTruncatingHead, 1),
        (.byTruncatingMiddle, 1), (.byCharWrapping, 0),
    ])
    func oneRunInTheStylesAttributesIsPlacedAsThePlainText(mode: LineBreakMode, lines: Int)
        throws
    {
        for letterSpacing in [0.0, 1.5] {
            for (text, width) in zip(Self.texts, [200.0, 180, 150, 90]) {
                var style = Self.style
                style.lineBreakMode = mode
                style.letterSpacing = letterSpacing
                let plain = try TextMeasurer.shared.glyphLayout(
                    text, style: style, width: width, numberOfLines: lines)
                let attributed = try TextMeasurer.shared.glyphLayout(
                    AttributedText(text, attributes: TextAttributes(style)), style: style,
                    width: width, numberOfLines: lines)
                #expect(attributed.layout.lines == plain.layout.lines, "\(text) at \(width)")
                #expect(attributed.lines.count == plain.lines.count)
                for (styled, placed) in zip(attributed.lines, plain.lines) {
                    #expect(styled.map(\.placed.glyph) == placed.map(\.glyph), "\(text)")
                    #expect(styled.map(\.placed.fontIndex) == placed.map(\.fontIndex))
                    #expect(styled.map(\.placed.textOffset) == placed.map(\.textOffset))
                    for (a, b) in zip(styled, placed) {
                        #expect(abs(a.placed.position.x - b.position.x) < 1e-9)
                        #expect(abs(a.placed.position.y - b.position.y) < 1e-9)
                        #expect(abs(a.placed.advance - b.advance) < 1e-9)
                    }
                }
            }
        }
    }

    /// A random text of words in random runs (three fonts, sizes 9 to 34,
    /// letter spacing −1 to 3, baseline offsets −6 to 6).
    static func randomText(_ random: inout SplitMix64) throws -> AttributedText {
        let words = [
            "fox", "carnivore", "שלום", "forests", "of", "the", "مرحبا", "world.", "a",
            "northern", "Ada", "replied:", "small",
        ]
        var string = ""
        for index in 0..<(4 + Int(random.next() % 14)) {
            if index > 0 { string += random.next() % 9 == 0 ? "\n" : " " }
            string += words[random.below(words.count)]
        }
        let fonts = [inter, bold, roboto]
        func attributes() -> TextAttributes {
            TextAttributes(
                fonts: fonts[Int(random.next() % 3)], size: 9 + 25 * random.nextUnit(),
                letterSpacing: -1 + 4 * random.nextUnit(),
                baselineOffset: random.next() % 2 == 0 ? 0 : -6 + 12 * random.nextUnit())
        }
        var text = AttributedText(string, attributes: attributes())
        // Runs cut on character boundaries (UTF-8 lead bytes).
        let bytes = Array(string.utf8)
        let starts = bytes.indices.filter { bytes[$0] & 0xC0 != 0x80 } + [bytes.count]
        for _ in 0..<Int(random.next() % 6) {
            var bounds = [
                starts[random.below(starts.count)],
                starts[random.below(starts.count)],
            ]
            bounds.sort()
            try text.setAttributes(attributes(), range: bounds[0]..<bounds[1])
        }
        return text
    }

    /// On every line of 300 random attributed texts, at random widths and
    /// line break modes: the glyphs' advances and letter spacing add up to
    /// the line's measured width (the "…" included), each glyph belongs to
    /// its run (its text offset in the run's range, its font from the
    /// run's fonts), and it sits on the baseline raised by its run's
    /// baseline offset.
    @Test func everyLineAddsUpToItsMeasuredWidthRunByRun() throws {
        var random = SplitMix64(seed: 23)
        let modes: [LineBreakMode] = [
            .byWordWrapping, .byCharWrapping, .byTruncatingTail, .byTruncatingHead,
            .byTruncatingMiddle,
        ]
        var linesChecked = 0
        var truncatedChecked = 0
        for _ in 0..<300 {
            let text = try Self.randomText(&random)
            var style = Self.style
            style.lineBreakMode = modes[Int(random.next() % 5)]
            let width = 40 + 300 * random.nextUnit()
            let lines = Int(random.next() % 4)
            let glyphs = try TextMeasurer.shared.glyphLayout(
                text, style: style, width: width, numberOfLines: lines)
            #expect(
                glyphs.layout
                    == (try TextMeasurer.shared.layout(
                        text, style: style, width: width, numberOfLines: lines)))
            #expect(glyphs.lines.count == glyphs.layout.lineCount)
            for (fragment, line) in zip(glyphs.layout.lines, glyphs.lines) {
                var total = 0.0
                var previous = Int.min
                for glyph in line {
                    let run = text.runs[glyph.run]
                    let attributes = run.attributes
                    total += glyph.placed.advance
                    if (glyph.placed.textOffset ?? -1) != previous {
                        total += attributes.letterSpacing
                        previous = glyph.placed.textOffset ?? -1
                    }
                    if let offset = glyph.placed.textOffset {
                        #expect(run.range.contains(offset))
                    } else {
                        // The "…" takes the run where its line starts.
                        #expect(run.range.contains(fragment.range.lowerBound))
                    }
                    #expect(
                        glyphs.font(of: glyph)
                            === attributes.fonts.fonts[glyph.placed.fontIndex])
                    // Latin glyphs (the first font of each collection) have
                    // no HarfBuzz offset; Hebrew and Arabic ones may.
                    let y = fragment.baseline - attributes.baselineOffset
                    let tolerance = glyph.placed.fontIndex == 0 ? 1e-9 : attributes.size / 4
                    #expect(abs(glyph.placed.position.y - y) <= tolerance)
                }
                #expect(
                    abs(total - fragment.width) < 1e-6,
                    "\(text.string) at \(width): glyphs \(total), measured \(fragment.width)")
                linesChecked += 1
                if fragment.isTruncated { truncatedChecked += 1 }
            }
        }
        #expect(linesChecked > 600 && truncatedChecked > 60, "\(linesChecked), \(truncatedChecked)")
    }

    /// The ink of each run, drawn: a 34-point bold run is twice as tall as
    /// the 17-point regular text around it, and a run raised by 6 points
    /// is drawn exactly 6 points (18 pixels at scale 3) higher.
    @Test func eachRunIsDrawnInItsSizeAndAtItsBaselineOffset() throws {
        var text = AttributedText("xx XX xx", attributes: TextAttributes(Self.style))
        try text.setAttributes(TextAttributes(fonts: Self.bold, size: 34), range: 3..<5)
        let glyphs = try TextMeasurer.shared.glyphLayout(text, style: Self.style, width: 300)
        var raised = text
        try raised.setAttributes(
            TextAttributes(fonts: Self.inter, size: 17, baselineOffset: 6), range: 6..<8)
        let raisedGlyphs = try TextMeasurer.shared.glyphLayout(
            raised, style: Self.style, width: 300)
        func inkRows(_ layout: AttributedGlyphLayout, _ glyphRange: Range<Int>) throws -> (
            top: Int, bottom: Int
        ) {
            var bitmap = Bitmap(width: 400 * 3, height: 80 * 3)
            let line = layout.lines[0]
            let only = AttributedGlyphLayout(
                layout: layout.layout, lines: [Array(line[glyphRange])],
                attributes: layout.attributes)
            try TextRasterizer().draw(
                only, at: Point(x: 10, y: 10), scale: 3, color: .black, into: &bitmap)
            let rows = (0..<bitmap.height).filter { y in
                (0..<bitmap.width).contains { bitmap.pixel(x: $0, y: y) != .white }
            }
            return (try #require(rows.first), try #require(rows.last))
        }
        // "xx" (glyphs 0, 1), "XX" (3, 4), the last "xx" (6, 7).
        let small = try inkRows(glyphs, 0..<2)
        let large = try inkRows(glyphs, 3..<5)
        #expect(glyphs.lines[0][3].run == 1)
        // Inter's x-height 0.546 em, cap height 0.727 em: "xx" 9.3 points
        // tall, bold "XX" at 34 points 24.7 points (74 pixels).
        #expect(abs((large.bottom - large.top) - 74) <= 2)
        #expect(abs((small.bottom - small.top) - 28) <= 2)
        // Both on one baseline: their ink ends on the same row.
        #expect(large.bottom == small.bottom)
        let plain = try inkRows(glyphs, 6..<8)
        let lifted = try inkRows(raisedGlyphs, 6..<8)
        #expect(plain.top - lifted.top == 18 && plain.bottom - lifted.bottom == 18)
    }
}
