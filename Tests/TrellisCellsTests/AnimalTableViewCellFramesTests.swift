import Testing
import TrellisCells
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles
import TrellisText

/// AnimalTableViewCell's frames from its formulas:
///   cover (16, 16, 40, 40); title (72, 16, W − 88, 16);
///   subtitle (72, 48, W − 88, h), h = ceil₃(lines × lineHeight); height 64 + h.
/// Inter Regular 17 has a line height of 20.573864 pt (hhea ascender 2728 −
/// descender −680 + line gap 0, over 2816 units per em, × 17); line counts at
/// width 287 agree with Pango's (the fixture of PangoAgreementTests): 1, 3 and 5.
@Suite struct AnimalTableViewCellFramesTests {
    static let lineHeight = 20.573863636363637

    func layout(_ subtitle: String, width: Double = 375) throws -> CellLayout {
        var cell = AnimalTableViewCellFrames(style: try AnimalCellStyle.classic())
        return try cell.layout(AnimalItem(title: "Red Fox", subtitle: subtitle), width: width)
    }

    func expectFixedFrames(_ layout: CellLayout, width: Double) {
        #expect(layout.frame(of: "cover") == Rect(x: 16, y: 16, width: 40, height: 40))
        #expect(layout.frame(of: "title") == Rect(x: 72, y: 16, width: width - 88, height: 16))
    }

    @Test func oneLineSubtitle() throws {
        let cell = try layout("Fox")
        expectFixedFrames(cell, width: 375)
        // 1 × 20.5739 = 20.5739 pt = 61.72 px at scale 3 → 62 px = 20.667 pt.
        #expect(cell.frame(of: "subtitle") == Rect(x: 72, y: 48, width: 287, height: 62.0 / 3))
        #expect(cell.height == 64 + 62.0 / 3)
    }

    @Test func threeLineSubtitle() throws {
        let cell = try layout(
            "The red fox is a small carnivore found across the Northern Hemisphere.")
        expectFixedFrames(cell, width: 375)
        // 3 × 20.5739 = 61.7216 pt = 185.16 px → 186 px = 62 pt.
        #expect(cell.frame(of: "subtitle") == Rect(x: 72, y: 48, width: 287, height: 62))
        #expect(cell.height == 126)
    }

    @Test func fiveLineSubtitle() throws {
        let cell = try layout(
            "Snow leopards live in the mountain ranges of Central and South Asia, at elevations from 3,000 to 4,500 metres, and hunt wild sheep and goats."
        )
        expectFixedFrames(cell, width: 375)
        // 5 × 20.5739 = 102.8693 pt = 308.61 px → 309 px = 103 pt.
        #expect(cell.frame(of: "subtitle") == Rect(x: 72, y: 48, width: 287, height: 103))
        #expect(cell.height == 167)
    }

    @Test func emptySubtitleMakesTheCellShorterThanItsCover() throws {
        // 64 + 0 < 72 = 16 + 40 + 16: the classic cell's known flaw.
        #expect(try layout("").height == 64)
    }

    @Test func heightAloneMatchesLayout() throws {
        var cell = AnimalTableViewCellFrames(style: try AnimalCellStyle.classic())
        for item in AnimalDataGenerator(seed: 5).items(count: 200) {
            #expect(try cell.height(for: item, width: 320) == cell.layout(item, width: 320).height)
        }
    }

    @Test func widthTooSmallForTheLabelsIsAnError() throws {
        var cell = AnimalTableViewCellFrames(style: try AnimalCellStyle.classic())
        #expect(
            throws: CellError(
                template: "AnimalTableViewCell",
                message: "width 88 leaves no room for the content (needs more than 88)")
        ) { try cell.layout(AnimalItem(title: "a", subtitle: "b"), width: 88) }
        #expect(
            throws: CellError(
                template: "AnimalTableViewCell", message: "width must be finite, got nan")
        ) {
            try cell.layout(AnimalItem(title: "a", subtitle: "b"), width: .nan)
        }
    }
}
