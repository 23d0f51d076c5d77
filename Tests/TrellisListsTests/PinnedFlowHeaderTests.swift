// UICollectionViewFlowLayout's sectionHeadersPinToVisibleBounds for the
// column flow: a section's header sticks to the top of the visible bounds
// until the next section's header pushes it up; positions by hand.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct PinnedFlowHeaderTests {
    /// Width 300, minimum 100: items 100 wide, 2 a line, 70 tall, 10 apart,
    /// 30-point headers. In the content:
    ///   section 0: header 0-30, lines at 40 and 120, ends at 190
    ///   section 1: header 190-220, lines at 230 and 310, ends at 380
    ///   section 2: header 380-410, lines at 420 and 500, ends at 570
    static func layout() throws -> ColumnFlowLayout<FixedCellSizing> {
        var layout = ColumnFlowLayout(itemCounts: [4, 4, 4], minColumnWidth: 100, headerHeight: 30)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 300, height: 300), layoutMargins: .zero,
            safeAreaInsets: .zero)
        return layout
    }

    static func headers(_ layout: ColumnFlowLayout<FixedCellSizing>, at y: Double) -> [String] {
        let visible = Rect(x: 0, y: y, width: 300, height: 300)
        return layout.attributes(in: visible, pinningHeadersTo: visible).filter {
            $0.kind == .header
        }.map {
            "\($0.indexPath.section)@\(formatPoints($0.frame.minY))"
        }
    }

    @Test(arguments: [
        // top of the visible bounds, the headers shown (section@y), and why.
        (0.0, ["0@0", "1@190"]),  // at rest
        (100, ["0@100", "1@190", "2@380"]),  // header 0 stuck at the top
        (160, ["0@160", "1@190", "2@380"]),  // y = min(160, 190 − 30): touching header 1
        (175, ["0@160", "1@190", "2@380"]),  // pushed: 15 above the top edge
        (190, ["1@190", "2@380"]),  // header 1 takes over; header 0 (160-190) is out of view
        (300, ["1@300", "2@380"]),  // stuck
        (365, ["1@350", "2@380"]),  // pushed: y = 380 − 30
        (400, ["2@400"]),  // the last header: stuck, pushed only by the end (570 − 30)
    ])
    func headersAtOffsetsAroundSectionBoundaries(top: Double, expected: [String]) throws {
        #expect(Self.headers(try Self.layout(), at: top) == expected)
    }

    @Test func cellsAreThoseOfThePlainQueryAndTheOrderIsKept() throws {
        let layout = try Self.layout()
        let visible = Rect(x: 0, y: 175, width: 300, height: 300)
        let pinned = layout.attributes(in: visible, pinningHeadersTo: visible)
        #expect(
            pinned.filter { $0.kind == .cell }
                == layout.attributes(in: visible).filter { $0.kind == .cell })
        #expect(pinned == pinned.sorted(by: LayoutAttributes.precedes))
        // The plain query keeps headers in their places.
        #expect(layout.attributes(in: visible).first { $0.kind == .header }?.frame.minY == 190)
    }
}
