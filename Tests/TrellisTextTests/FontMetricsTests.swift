// Font metrics against the bundled fonts' tables. Expected values were read
// with fontTools 4 (`TTFont(path)['hhea']`, `['OS/2']`, `['head'].unitsPerEm`)
// and are written here in design units, scaled by size / unitsPerEm.
import Testing
import TrellisTestSupport
import TrellisText

@Suite struct FontMetricsTests {
    @Test func interUsesTypoMetricsScaledToPointSize() throws {
        // Inter-Regular.otf: unitsPerEm 2816; OS/2 fsSelection bit 7 set;
        // sTypoAscender 2728, sTypoDescender -680, sTypoLineGap 0; sCapHeight 2048, sxHeight 1536.
        let metrics = try Font(family: "Inter").metrics(size: 17)
        #expect(metrics.unitsPerEm == 2816)
        #expect(close(metrics.ascender, 2728 * 17 / 2816))  // 16.46875
        #expect(close(metrics.descender, -680 * 17 / 2816))  // -4.105113…
        #expect(metrics.leading == 0)
        #expect(close(metrics.lineHeight, (2728 + 680) * 17 / 2816))  // 20.573863…
        #expect(close(metrics.capHeight, 2048 * 17 / 2816))
        #expect(close(metrics.xHeight, 1536 * 17 / 2816))
    }

    @Test func robotoWithoutTypoBitUsesHheaMetrics() throws {
        // Roboto-Regular.ttf: unitsPerEm 2048; fsSelection bit 7 clear, so
        // hhea ascender 1900, descender -500, lineGap 0 (not typo 2146/-555).
        let metrics = try Font(family: "Roboto").metrics(size: 20)
        #expect(metrics.unitsPerEm == 2048)
        #expect(close(metrics.ascender, 1900 * 20 / 2048))
        #expect(close(metrics.descender, -500 * 20 / 2048))
        #expect(close(metrics.lineHeight, 2400 * 20 / 2048))
        #expect(close(metrics.capHeight, 1456 * 20 / 2048))
        #expect(close(metrics.xHeight, 1082 * 20 / 2048))
    }

    @Test func typoBitSwitchesToTypoMetrics() throws {
        // Fixture: Roboto-Regular.ttf with fsSelection bit 7 set and
        // sTypoLineGap 205 (made with fontTools; see Fixtures/README.md):
        // sTypoAscender 2146, sTypoDescender -555, sTypoLineGap 205.
        let metrics = try Font(path: Fixtures.path("Roboto-UseTypoMetrics.ttf")).metrics(size: 20)
        #expect(close(metrics.ascender, 2146 * 20 / 2048))
        #expect(close(metrics.descender, -555 * 20 / 2048))
        #expect(close(metrics.leading, 205 * 20 / 2048))
        #expect(close(metrics.lineHeight, (2146 + 555 + 205) * 20 / 2048))
    }

    @Test func notoFallbackFontsUseHheaMetrics() throws {
        // NotoSansHebrew-Regular.ttf: upem 1000, hhea 1068 / -292 / 0, cap 714, x 536.
        let hebrew = try Font(family: "Noto Sans Hebrew").metrics(size: 10)
        #expect(close(hebrew.ascender, 10.68))
        #expect(close(hebrew.descender, -2.92))
        #expect(close(hebrew.lineHeight, 13.6))
        #expect(close(hebrew.capHeight, 7.14))
        // NotoSansArabic-Regular.ttf: upem 1000, hhea 1374 / -738 / 0.
        let arabic = try Font(family: "noto sans arabic").metrics(size: 10)
        #expect(close(arabic.ascender, 13.74))
        #expect(close(arabic.descender, -7.38))
        #expect(close(arabic.lineHeight, 21.12))
    }

    @Test func semiboldAndMediumWeightsLoadTheirOwnFiles() throws {
        #expect(try Font(family: "Inter", weight: .semibold).path.hasSuffix("Inter-SemiBold.otf"))
        #expect(try Font(family: "Roboto", weight: .medium).path.hasSuffix("Roboto-Medium.ttf"))
    }

    @Test func lineHeightIsAscenderMinusDescenderPlusLeading() {
        // UIFont.lineHeight = ascender − descender + leading.
        let metrics = FontMetrics(
            ascender: 10, descender: -3, leading: 2, capHeight: 7, xHeight: 5, unitsPerEm: 1000)
        #expect(metrics.lineHeight == 15)
        #expect(metrics.heightWithoutLeading == 13)
    }
}

@Suite struct BundledWeightTests {
    @Test func interIsBundledInTheFourWeightsMarkupAsksFor() throws {
        // Debian's fonts-inter files (Fonts/Inter, with its copyright file).
        for (weight, file) in [
            (FontWeight.regular, "Inter-Regular.otf"), (.medium, "Inter-Medium.otf"),
            (.semibold, "Inter-SemiBold.otf"), (.bold, "Inter-Bold.otf"),
        ] {
            #expect(try Font(family: "Inter", weight: weight).path.hasSuffix("/Inter/" + file))
        }
    }

    @Test func boldIsWiderThanRegular() throws {
        // Inter's bold letters are wider: "Hello" in Inter Bold 17 is wider
        // than in Inter Regular 17 (40.688 pt, Pango).
        let measurer = TextMeasurer()
        let bold = TextStyle(fonts: try .bundled("Inter", weight: .bold), size: 17)
        let regular = try measurer.layout("Hello", style: interStyle(), width: 300)
        #expect(
            try measurer.layout("Hello", style: bold, width: 300).size.width > regular.size.width)
    }
}
