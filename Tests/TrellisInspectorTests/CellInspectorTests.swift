// What `CellInspector` records of a laid-out cell, without a browser.

import Testing
import TrellisCells
import TrellisGeometry
import TrellisText

@testable import TrellisInspector

@Suite struct CellInspectorTests {
    @Test func conflictingConstraintIsBrokenAndMissedByTwentyPoints() throws {
        let cell = try #require(try Pages.conflictingCells().first)
        // The engine installs in activation order, so the later of
        // `cover.width == 40` and `cover.width == 60` is the one broken
        // (UIKit: "Will attempt to recover by breaking constraint").
        #expect(cell.conflicts.count == 1)
        let broken = cell.constraints.filter(\.isBroken)
        #expect(broken.map(\.description) == ["cover.width == 60 (too-wide)"])
        // The cover keeps its 40 points: 60 − 40 = 20.
        #expect(broken.first?.error == 20)
        let kept = try #require(cell.constraints.first { $0.description == "cover.width == 40" })
        #expect(kept.isConflicting && !kept.isBroken && kept.holds)
        let cover = try #require(cell.views.first { $0.name == "cover" })
        #expect(cover.frame == Rect(x: 16, y: 16, width: 40, height: 40))
        #expect(cover.constraints.contains { cell.constraints[$0].isBroken })
    }

    @Test func viewListsEveryConstraintThatNamesIt() throws {
        let cell = try #require(try Pages.animalCells(rows: 1, widths: [320]).first)
        let title = try #require(cell.views.first { $0.name == "title" })
        let listed = title.constraints.map { cell.constraints[$0].description }
        // The template's four on the title, the subtitle's top, and the
        // engine's two hugging and two compression constraints.
        #expect(listed.contains("title.top == contentView.top + 16"))
        #expect(listed.contains("subtitle.top == title.bottom + 16"))
        #expect(listed.filter { $0.contains("Content-Hugging") }.count == 2)
        #expect(listed.filter { $0.contains("Compression-Resistance") }.count == 2)
        #expect(title.constraints.count == 9)
        // Title width 320 − 72 − 16 = 232, against a hugging `<= intrinsic` at 250.
        let hugging = try #require(
            title.constraints.map { cell.constraints[$0] }.first {
                $0.description.contains("Content-Hugging-Horizontal")
            })
        #expect(hugging.priority == 250)
        #expect(abs(hugging.error - (232 - title.intrinsicSize.width)) < 1e-9)
        #expect(title.text?.lineCount == 1)
        #expect(title.hugging == [250, 250] && title.compressionResistance == [750, 750])
    }

    @Test func pathsAgreeWhenTheirFramesCoverTheSamePixels() {
        func layout(_ height: Double, imageHeight: Double) -> CellLayout {
            CellLayout(
                width: 320, height: height,
                frames: [
                    NamedFrame(
                        name: "image", frame: Rect(x: 0, y: 0, width: 320, height: imageHeight))
                ])
        }
        // 719.932 × 3 = 2159.8 rounds to 2160 pixels, as 720 does.
        #expect(
            CellInspector.disagreeing(
                layout(730, imageHeight: 720), layout(730, imageHeight: 719.932), scale: 3
            ).isEmpty)
        // 60 and 60.333 are one pixel apart at scale 3.
        #expect(
            CellInspector.disagreeing(
                layout(60, imageHeight: 20), layout(60 + 1.0 / 3, imageHeight: 20), scale: 3)
                == ["cell"])
        #expect(
            CellInspector.disagreeing(
                layout(60, imageHeight: 20), layout(60, imageHeight: 20 + 1.0 / 3), scale: 3)
                == ["image"])
    }

    @Test func glyphOutlineIsAPathInThousandthsOfAnEm() throws {
        let outlines = GlyphOutlines()
        let font = try Font(family: "Inter")
        // Glyph 0 is .notdef, a box in most fonts; an "H" has two stems and a bar.
        let layout = try TextMeasurer.shared.glyphLayout(
            "H ", style: TextStyle(fonts: FontCollection([font]), size: 10), width: 100)
        let h = try #require(layout.lines.first?.first)
        let path = try outlines.pathData(font: font.path, faceIndex: 0, glyph: h.glyph)
        #expect(path.hasPrefix("M") && path.hasSuffix("Z"))
        // Cap height above the baseline: y values negative, within one em.
        let numbers = path.split(whereSeparator: { !"-0123456789.".contains($0) }).compactMap {
            Double($0)
        }
        #expect(numbers.min()! < -600 && numbers.min()! > -1000)
    }
}
