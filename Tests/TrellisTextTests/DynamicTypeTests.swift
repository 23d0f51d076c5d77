// Dynamic Type: each text style's point size at each content size category
// (Apple's Human Interface Guidelines, Typography ▸ "iOS, iPadOS Dynamic Type
// sizes" and "larger accessibility type sizes"), weights, and scaling.
import Testing
import TrellisText

@Suite struct DynamicTypeTests {
    /// The HIG's table, written out again: xSmall, Small, Medium, Large,
    /// xLarge, xxLarge, xxxLarge, AX1 … AX5.
    static let table: [(DynamicTypeStyle, [Double])] = [
        (.largeTitle, [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]),
        (.title1, [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]),
        (.title2, [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]),
        (.title3, [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]),
        (.headline, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.body, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.callout, [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]),
        (.subheadline, [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]),
        (.footnote, [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]),
        (.caption1, [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]),
        (.caption2, [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]),
    ]

    @Test func everyStyleHasTheHIGSizeAtEveryCategory() {
        #expect(Self.table.map(\.0) == DynamicTypeStyle.allCases)
        for (style, sizes) in Self.table {
            #expect(
                ContentSizeCategory.allCases.map { style.pointSize(for: $0) } == sizes,
                "\(style)")
        }
    }

    @Test func categoriesAreInIncreasingOrderWithLargeTheDefault() {
        #expect(ContentSizeCategory.allCases.count == 12)
        #expect(ContentSizeCategory.allCases == ContentSizeCategory.allCases.sorted())
        #expect(DynamicTypeStyle.body.pointSize() == 17)
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
    }

    @Test func headlineIsSemiboldAndTheOthersRegular() {
        // HIG: Headline Semibold; every other style Regular.
        for style in DynamicTypeStyle.allCases {
            #expect(style.weight == (style == .headline ? .semibold : .regular))
        }
    }

    @Test func preferredStyleUsesTheStylesSizeAndWeight() throws {
        let headline = try TextStyle.preferred(.headline, category: .accessibilityMedium)
        #expect(headline.size == 28)
        #expect(headline.fonts.primary?.path.hasSuffix("Inter-SemiBold.otf") == true)
    }

    @Test func aFamilyWithoutTheStylesWeightIsAnError() {
        // Roboto is bundled in regular and medium: no semibold for Headline.
        #expect(throws: TextError.self) {
            try TextStyle.preferred(.headline, family: "Roboto")
        }
    }

    @Test func scaledValueFollowsTheStylesSizes() {
        // 12 pt designed at Large, body: 12 × 28 / 17 at AX1; 12 × 14 / 17 at xSmall.
        let body = ScaledMetrics()
        #expect(body.scaledValue(for: 12, compatibleWith: .large) == 12)
        #expect(body.scaledValue(for: 12, compatibleWith: .accessibilityMedium) == 12 * (28.0 / 17))
        #expect(body.scaledValue(for: 12, compatibleWith: .extraSmall) == 12 * (14.0 / 17))
        // Caption 2 does not shrink below Large: 11 pt from xSmall to Large.
        let caption = ScaledMetrics(forTextStyle: .caption2)
        #expect(caption.scaledValue(for: 8, compatibleWith: .extraSmall) == 8)
        #expect(
            caption.scaledValue(for: 8, compatibleWith: .accessibilityExtraExtraExtraLarge) == 8
                * (40.0 / 11))
    }

    @Test func aTextGrowsTallerAtEveryLargerCategory() throws {
        // Body's size rises at every step, so a wrapped paragraph's height
        // rises at every step too (larger glyphs, taller lines, more lines).
        let measurer = TextMeasurer()
        let text = "The otter lives near rivers and hunts fish at night, mostly in winter."
        var previous = 0.0
        for category in ContentSizeCategory.allCases {
            let style = try TextStyle.preferred(.body, category: category)
            let height = try measurer.layout(text, style: style, width: 287).size.height
            #expect(height > previous, "\(category)")
            previous = height
        }
    }

    @Test func namesParseAsUIKitAndTheHIGWriteThem() {
        #expect(
            ContentSizeCategory(name: "accessibilityExtraExtraExtraLarge")
                == .accessibilityExtraExtraExtraLarge)
        #expect(ContentSizeCategory(name: "AX1") == .accessibilityMedium)
        #expect(ContentSizeCategory(name: "xxxLarge") == .extraExtraExtraLarge)
        #expect(ContentSizeCategory(name: "huge") == nil)
        #expect(DynamicTypeStyle(name: "Subhead") == .subheadline)
        #expect(DynamicTypeStyle(name: "caption2") == .caption2)
    }
}
