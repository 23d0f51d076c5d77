import Testing
import TrellisGeometry

@Suite struct PixelGridTests {
    /// Frames round to the nearest pixel, halves away from zero, and a half
    /// pixel give or take the solver's noise is a half pixel: two solves of
    /// one layout (a centred view at 12.5, reached by other pivots) agree.
    @Test func roundTakesNoisyHalvesAsHalves() {
        #expect(PixelGrid.round(12.5, scale: 1) == 13)
        #expect(PixelGrid.round(12.5 - 1e-13, scale: 1) == 13)
        #expect(PixelGrid.round(12.5 + 1e-13, scale: 1) == 13)
        #expect(PixelGrid.round(-12.5 + 1e-12, scale: 1) == -13)
        #expect(PixelGrid.round(12.4, scale: 1) == 12)
        #expect(PixelGrid.round(55.5, scale: 3) == 167.0 / 3)
    }

    @Test func ceilRoundsUpToThePixelGridOfScale3() {
        // 20.1 pt at scale 3 = 60.3 px -> 61 px = 20.333… pt.
        #expect(PixelGrid.ceil(20.1, scale: 3) == 61.0 / 3)
    }

    @Test func ceilKeepsValuesOnTheGridDespiteFloatingPointNoise() {
        #expect(PixelGrid.ceil(20.000000000001, scale: 3) == 20)
        // The solver's noise on a reused tableau (2.25e-9 seen on a cell's
        // height after five rows) stays on the boundary too.
        #expect(PixelGrid.ceil(180.00000000225464, scale: 3) == 180)
        // 3e-5 pixel past: a real value
        #expect(PixelGrid.ceil(180.00001, scale: 3) == 180 + 1.0 / 3)
        // Far from 0 the noise is relative: seed 9320 of the reuse long run
        // fitted 1014.3333336846 reused against 1014.3333333333 fresh.
        #expect(PixelGrid.ceil(1014.3333336846378, scale: 3) == 3043.0 / 3)
        #expect(PixelGrid.ceil(1014.334, scale: 3) == 3044.0 / 3)
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
        let r = Rect(x: 0, y: 0, width: 375, height: 100).inset(
            by: EdgeInsets(top: 1, left: 16, bottom: 2, right: 16))
        #expect(r == Rect(x: 16, y: 1, width: 343, height: 97))
    }

    @Test func descriptionPrintsCompactNumbers() {
        #expect(
            Rect(x: 72, y: 48, width: 287, height: 20.333333).description == "(72, 48, 287, 20.333)"
        )
    }

    /// Points print with at most three decimals, and a value too large to
    /// have thousandths prints as it is: read back, it is the same value
    /// (the `frames` fuzz target's y of 8.9e84 printed rounded, off by its
    /// last bit; 1e306 scaled by 1000 printed "inf").
    @Test func formatPointsReadsBackAsTheValueItPrints() {
        #expect(formatPoints(20.333333) == "20.333")
        #expect(formatPoints(-0.0004) == "0")
        #expect(formatPoints(8_796_093_022_207.997) == "8796093022207.997")
        let large: [Double] = [
            0x1p43, -0x1p43, 0x1p43 + 0x1p-9, 8.888888888888888e84, 1e306, -1e306,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1.2345678901234568e17,
        ]
        for value in large {
            let text = formatPoints(value)
            #expect(Double(text) == value, "\(value) printed as \(text)")
        }
        // Every binary magnitude from 2^43 to 2^1023, each with a
        // significand of many bits.
        for exponent in 43...1023 {
            let significand = 1 + Double(exponent % 97) / 97 + 0x1p-52
            let value = Double(sign: .plus, exponent: exponent, significand: significand)
            #expect(Double(formatPoints(value)) == value, "\(value)")
            #expect(Double(formatPoints(-value)) == -value, "\(-value)")
        }
    }
}
