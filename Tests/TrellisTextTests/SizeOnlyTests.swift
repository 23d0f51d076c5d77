// `sizeThatFits` and `boundingRect` without a height limit work out the size
// without building line fragments (`_assembledSize`); it must be, bit for
// bit, the size of the full layout, for every paragraph style.
import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisText

@Suite struct SizeOnlyTests {
    static func styles() throws -> [TextStyle] {
        let fonts = try FontCollection.bundled("Inter")
        var plain = TextStyle(fonts: fonts, size: 17)
        var spaced = plain
        spaced.lineSpacing = 3.25
        spaced.paragraphSpacing = 7.5
        spaced.letterSpacing = 0.4
        var multiple = plain
        multiple.lineHeightMultiple = 1.3
        multiple.minimumLineHeight = 23
        var capped = plain
        capped.maximumLineHeight = 15
        capped.lineBreakMode = .byTruncatingTail
        var characters = plain
        characters.lineBreakMode = .byCharWrapping
        plain.size = 13.5
        return [plain, spaced, multiple, capped, characters]
    }

    @Test func sizesEqualTheFullLayoutsSizes() throws {
        let measurer = TextMeasurer()
        let rows =
            Corpus.rows(count: Soak.count("TRELLIS_TEXT_ROWS", quick: 80, soak: 600)) + [
                "", "a", "\n", "one\n\ntwo\n", "x\u{2028}y", "Supercalifragilisticexpialidocious",
            ]
        var compared = 0
        for style in try Self.styles() {
            for width in [40.0, 120, 287, .infinity] {
                for (index, row) in rows.enumerated() {
                    let lines = index % 4  // 0 (unlimited) to 3
                    let layout = try measurer.layout(
                        row, style: style, width: width, numberOfLines: lines)
                    let fits = try measurer.sizeThatFits(
                        row, style: style, size: Size(width: width, height: 10),
                        numberOfLines: lines, scale: 3)
                    #expect(fits.width == PixelGrid.ceil(layout.size.width, scale: 3))
                    #expect(fits.height == PixelGrid.ceil(layout.size.height, scale: 3))
                    for leading in [true, false] {
                        let options: DrawingOptions =
                            leading
                            ? [.usesLineFragmentOrigin, .usesFontLeading]
                            : .usesLineFragmentOrigin
                        let rect = try measurer.boundingRect(
                            row, with: Size(width: width, height: 0), options: options,
                            style: style)
                        let full = try measurer._layout(
                            row, style: style, width: width, numberOfLines: 0,
                            usesFontLeading: leading)
                        #expect(rect.size == full.size, "\(row.debugDescription) at \(width)")
                    }
                    compared += 1
                }
            }
        }
        // Every style × width × row was compared (3,120 here, 12,120 soaked).
        #expect(compared == (try Self.styles()).count * 4 * rows.count)
    }
}

/// `_sizeAndBaselines` (what a label in a baseline constraint measures with)
/// gives, bit for bit, `sizeThatFits`'s size and `layout`'s first and last
/// baselines, for every paragraph style, width and line limit.
@Suite struct SizeAndBaselinesTests {
    @Test func equalsSizeThatFitsAndTheLayoutsBaselines() throws {
        let measurer = TextMeasurer()
        let rows =
            Corpus.rows(count: Soak.count("TRELLIS_TEXT_ROWS", quick: 60, soak: 600)) + [
                "a", "\n", "one\n\ntwo\n", "x\u{2028}y", "Supercalifragilisticexpialidocious",
                "مرحبا بالعالم and שלום", "漢字とかな、そして English",
            ]
        var styles = try SizeOnlyTests.styles()
        // Fonts of different heights on one line (Arabic falls back to Noto).
        styles.append(
            TextStyle(
                fonts: FontCollection([
                    try Font(family: "Inter", weight: .semibold),
                    try Font(family: "Noto Sans Arabic"),
                ]), size: 17))
        var compared = 0
        for style in styles {
            for width in [1e-9, 40.0, 120, 287, .infinity] {
                for (index, row) in rows.enumerated() {
                    let lines = index % 4
                    let both = try measurer._sizeAndBaselines(
                        row, checkedStyle: style, width: width, numberOfLines: lines, scale: 3)
                    let fits = try measurer.sizeThatFits(
                        row, style: style, size: Size(width: width, height: .infinity),
                        numberOfLines: lines, scale: 3)
                    let layout = try measurer.layout(
                        row, style: style, width: width, numberOfLines: lines)
                    #expect(both.size == fits, "\(row.debugDescription) at \(width)")
                    #expect(
                        both.firstBaseline == layout.firstBaseline
                            && both.lastBaseline == layout.lastBaseline,
                        "\(row.debugDescription) at \(width), \(lines) lines: \(both) against \(layout.firstBaseline), \(layout.lastBaseline)"
                    )
                    compared += 1
                }
            }
        }
        #expect(compared > 1_500)
    }
}
