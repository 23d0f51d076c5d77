// A horizontal table (a carousel of cards): the same lazy self-sizing and
// anchoring along x, with frames transposed; numbers by hand.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct HorizontalTableTests {
    /// 100 cards 200 high, estimated 150 wide, really 100 + 20 × (card mod
    /// 5) wide; a 375-point-wide viewport, no overscan, no display range.
    static func carousel(crossSizes: SizeLog = SizeLog()) throws -> TableLayout<ClosureCellSizing> {
        try TableLayout(
            sections: [TableSection(rowCount: 100)], estimate: .uniform(150),
            sizing: ClosureCellSizing { path, cross in
                crossSizes.sizes.insert(cross)
                return 100 + 20 * Double(path.row % 5)
            }, width: 200, viewportHeight: 375, overscanRows: 0, rangeTuning: .visibleOnly,
            axis: .horizontal)
    }

    final class SizeLog { var sizes: Set<Double> = [] }

    @Test func cardsAreMeasuredAtTheCarouselsHeightAndLaidOutAlongX() throws {
        let log = SizeLog()
        var table = try Self.carousel(crossSizes: log)
        let pass = try table.layoutIfNeeded()
        // Cards 0-3: 0-100, 100-220, 220-360, 360-520 (the viewport ends at 375).
        #expect(pass.rowsMeasured == 4)
        #expect(log.sizes == [200])
        #expect(
            try table.rectForRow(at: IndexPath(row: 1, section: 0))
                == Rect(x: 100, y: 0, width: 120, height: 200))
        #expect(table.element(at: Point(x: 230, y: 10)) == .row(IndexPath(row: 2, section: 0)))
        #expect(table.element(at: Point(x: 230, y: 250)) == nil)
        #expect(
            table.indexPathsForRows(in: Rect(x: 210, y: 0, width: 20, height: 10))
                == [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
    }

    @Test func scrollingAlongXKeepsTheFirstMeasuredCardInPlace() throws {
        var table = try Self.carousel()
        try table.layoutIfNeeded()
        // To x = 300: card 2 (220-360) is kept at −80; card 4 comes in at
        // 520 − 300 = 220 and is measured 180 wide; card 5 at 400 is out.
        let pass = try table.scroll(toOffset: 300)
        #expect(pass.rowsMeasured == 1)
        #expect(table.contentOffset == 300)
        #expect(
            try table.frameInViewport(for: .row(IndexPath(row: 2, section: 0)))
                == Rect(x: -80, y: 0, width: 140, height: 200))
        #expect(
            try table.rectForRow(at: IndexPath(row: 4, section: 0))
                == Rect(x: 520, y: 0, width: 180, height: 200))
    }

    @Test func flingingAcrossTheCarouselNeverMovesShownCards() throws {
        var table = try Self.carousel()
        let result = try ScrollSimulation(script: ScrollStep.downAndBack(velocity: 4000)).run(
            &table)
        #expect(result.summary.maxAnchorDrift == 0)
        #expect(table.measuredRowCount == 100)
        // 20 cycles of 100 + 120 + 140 + 160 + 180 = 700: 14,000 wide.
        #expect(table.contentHeight == 14_000)
    }
}
