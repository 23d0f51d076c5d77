import Foundation
import Testing
import TrellisCells
import TrellisGeometry
import TrellisSamples
import TrellisTemplateFiles

@testable import TrellisRender

@Suite struct CellPictureTests {
    static func render() throws -> (Bitmap, [CellLayout]) {
        var template = AnimalTableViewCellFrames(style: try AnimalCellStyle.classic())
        let items = AnimalDataGenerator(seed: 1).items(count: 8)
        return try CellPicture.render(template: &template, items: items, width: 375, scale: 3)
    }

    @Test func eightAnimalCellsFillTheirSolvedHeights() throws {
        let (bitmap, layouts) = try Self.render()
        #expect(layouts.count == 8)
        #expect(bitmap.width == 1125)
        let total = layouts.reduce(0) { $0 + $1.height }
        #expect(bitmap.height == Int((total * 3).rounded(.up)))
    }

    @Test func coverSquaresAreYellowAtTheirSolvedFrames() throws {
        let (bitmap, layouts) = try Self.render()
        #expect(layouts.count == 8)
        var top = 0.0
        for layout in layouts {
            let cover = try #require(layout.frame(of: "cover"))
            // Cover (16, 16, 40, 40) at scale 3: pixels 48..<168 in x.
            for (x, y) in [
                (cover.minX + 0.5, cover.minY + 0.5), (cover.midX, cover.midY),
                (cover.maxX - 0.5, cover.maxY - 0.5),
            ] {
                #expect(bitmap.pixel(x: Int(x * 3), y: Int((top + y) * 3)) == RGBA(255, 204, 0))
            }
            // Just outside the cover's right edge is not yellow.
            #expect(
                bitmap.pixel(x: Int(cover.maxX * 3) + 1, y: Int((top + cover.midY) * 3))
                    != RGBA(255, 204, 0))
            top += layout.height
        }
    }

    @Test func subtitleTextIsDrawnInsideItsFrame() throws {
        let (bitmap, layouts) = try Self.render()
        // Some dark (text) pixels inside the first non-empty subtitle's frame.
        let items = AnimalDataGenerator(seed: 1).items(count: 8)
        var top = 0.0
        for (item, layout) in zip(items, layouts) {
            defer { top += layout.height }
            guard !item.subtitle.isEmpty, let frame = layout.frame(of: "subtitle") else { continue }
            var dark = 0
            for y in Int((top + frame.minY) * 3)..<Int((top + frame.maxY) * 3) {
                for x in Int(frame.minX * 3)..<Int(frame.maxX * 3)
                where bitmap.pixel(x: x, y: y).r < 100 {
                    dark += 1
                }
            }
            #expect(dark > 100, "text pixels in the subtitle: \(dark)")
            return
        }
        Issue.record("no row of the generated data has a subtitle to look at")
    }
}
