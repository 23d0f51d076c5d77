import Testing
import TrellisGeometry

@Suite struct PixelGridTests {
    @Test func ceilRoundsUpToThePixelGridOfScale3() {
        // 20.1 pt at scale 3 = 60.3 px -> 61 px = 20.333… pt.
        #expect(PixelGrid.ceil(20.1, scale: 3) == 61.0 / 3)
    }

    @Test func ceilKeepsValuesOnTheGridDespiteFloatingPointNoise() {
        #expect(PixelGrid.ceil(20.000000000001, scale: 3) == 20)
        #expect(PixelGrid.ceil(61.0 / 3, scale: 3) == 61.0 / 3)
    }

    @Test func floorRoundsDown() {
        #expect(PixelGrid.floor(143.9, scale: 2) == 143.5)
    }
}

@Suite struct RectTests {
    @Test func intersectsExcludesTouchingEdges() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(a.intersects(Rect(x: 9.5, y: 9.5, width: 5, height: 5)))
    }

    @Test func containsIncludesMinEdgeOnly() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.contains(Point(x: 0, y: 0)))
        #expect(!a.contains(Point(x: 10, y: 5)))
    }

    @Test func insetShrinksEachEdge() {
        let r = Rect(x: 0, y: 0, width: 375, height: 100).inset(by: EdgeInsets(top: 1, left: 16, bottom: 2, right: 16))
        #expect(r == Rect(x: 16, y: 1, width: 343, height: 97))
    }

    @Test func descriptionPrintsCompactNumbers() {
        #expect(Rect(x: 72, y: 48, width: 287, height: 20.333333).description == "(72, 48, 287, 20.333)")
    }
}
