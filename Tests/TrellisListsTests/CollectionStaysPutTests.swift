// The collection layouts follow the table's rule at the top: a collection at
// rest at the top (offset 0) stays at the top through a re-prepare for new
// bounds (a rotation), even when the content above its first item changes
// height. UIKit: "The default value is (0, 0)" (`UIScrollView.contentOffset`),
// and a rotation of a collection view showing its top keeps showing it.

import Testing
import TrellisGeometry

@testable import TrellisLists

@Suite struct CollectionStaysPutTests {
    /// Width 300, minimum 100: items 100 wide, 2 a line, 70 tall, lines 10
    /// apart and 10 below the header; headers estimated at 30 and measured
    /// at 10. At width 400 the estimate comes back (item 0 at 40): keeping
    /// item 0 at its distance (20) would scroll to 20, cutting off the
    /// header, whose measurement then keeps it there.
    @Test func aRotationAtTheTopKeepsTheContentTopAtTheTop() throws {
        var layout = try ColumnFlowSupplementaryTests.layout()
        let sizing = RecordingSupplementarySizing(header: 10, footer: 20)
        let first = try layout.layoutSupplementaries(
            in: Rect(x: 0, y: 0, width: 300, height: 200), sizing: sizing)
        #expect(first.contentOffset == Point(x: 0, y: 0))
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 0))?.frame.minY == 20)
        let offset = try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 400, height: 200), layoutMargins: .zero,
            safeAreaInsets: .zero, anchoringFirstItemIn: Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(offset == Point(x: 0, y: 0))
        let pass = try layout.layoutSupplementaries(
            in: Rect(x: 0, y: offset.y, width: 400, height: 200), sizing: sizing)
        #expect(pass.contentOffset == Point(x: 0, y: 0))
        #expect(layout.attributes(forHeaderInSection: 0)?.frame.minY == 0)
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 0))?.frame.minY == 20)
    }

    /// Scrolled down, a rotation still keeps the first visible item in place.
    @Test func aRotationScrolledDownKeepsTheFirstItem() throws {
        var layout = try ColumnFlowSupplementaryTests.layout()
        let visible = Rect(x: 0, y: 130, width: 300, height: 200)
        let anchor = try #require(layout.anchor(in: visible))
        let offset = try layout.prepare(
            bounds: Rect(x: 0, y: 130, width: 400, height: 200), layoutMargins: .zero,
            safeAreaInsets: .zero, anchoringFirstItemIn: visible)
        let item = try #require(layout.attributes(forItem: anchor.indexPath))
        #expect(item.frame.minY - offset.y == anchor.distanceFromTop)
    }
}
