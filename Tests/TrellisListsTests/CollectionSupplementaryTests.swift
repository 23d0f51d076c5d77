// Section headers and footers of the collection layouts: where they are,
// where pinning shows them at offsets around section boundaries, lazy
// self-sizing with the anchor kept, and refused heights. Positions by hand.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

/// A supplementary height source that records what it was asked.
final class RecordingSupplementarySizing: SupplementarySizing {
    var header: Double
    var footer: Double
    var asked: [String] = []

    init(header: Double, footer: Double) {
        self.header = header
        self.footer = footer
    }

    func height(of kind: ElementKind, inSection section: Int, width: Double) -> Double {
        asked.append("\(kind) \(section) @\(formatPoints(width))")
        return kind == .header ? header : footer
    }
}

/// `section@y` of the headers and footers among some attributes.
func supplementaryPositions(_ attributes: [LayoutAttributes], _ kind: ElementKind) -> [String] {
    attributes.filter { $0.kind == kind }.map {
        "\($0.indexPath.section)@\(formatPoints($0.frame.minY))"
    }
}

@Suite struct ColumnFlowSupplementaryTests {
    /// Width 300, minimum 100: items 100 wide, 2 a line, 70 tall, lines 10
    /// apart and 10 below the header; 30-point headers, 20-point footers:
    ///   section 0: header 0-30, lines 40-110 and 120-190, footer 190-210
    ///   section 1: header 210-240, lines 250-320 and 330-400, footer 400-420
    static func layout(headers: Bool = true, footers: Bool = true) throws -> ColumnFlowLayout<
        FixedCellSizing
    > {
        var layout = ColumnFlowLayout(
            itemCounts: [4, 4], minColumnWidth: 100, headerHeight: headers ? 30 : 0,
            footerHeight: footers ? 20 : 0)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 300, height: 200), layoutMargins: .zero,
            safeAreaInsets: .zero)
        return layout
    }

    static func visible(_ y: Double) -> Rect { Rect(x: 0, y: y, width: 300, height: 200) }

    @Test func footersSitBelowTheLastLineAndTheNextSectionBelowThem() throws {
        let layout = try Self.layout()
        #expect(
            layout.attributes(forFooterInSection: 0)?.frame
                == Rect(x: 0, y: 190, width: 300, height: 20))
        #expect(layout.attributes(forHeaderInSection: 1)?.frame.minY == 210)
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 1))?.frame.minY == 250)
        #expect(layout.attributes(forFooterInSection: 1)?.frame.minY == 400)
        #expect(layout.contentSize.height == 420)
        // The rect query returns them in order: header, items, footer.
        let all = layout.attributes(in: Rect(x: 0, y: 0, width: 300, height: 420))
        #expect(all == layout.allAttributes)
        #expect(all.map(\.kind).suffix(2) == [.cell, .footer])
        #expect(
            layout.attributes(in: Rect(x: 0, y: 195, width: 300, height: 10)).map(\.kind) == [
                .footer
            ])
    }

    @Test(arguments: [
        // top of the visible bounds (200 tall), the headers shown (section@y), and why.
        (0.0, ["0@0"]),  // at rest; header 1 (210) is below the view
        (100, ["0@100", "1@210"]),  // header 0 stuck at the top
        (160, ["0@160", "1@210"]),  // y = min(160, footer 0's top 190 − 30)
        (170, ["0@160", "1@210"]),  // pushed up by the section's end (its footer), 10 above
        (195, ["1@210"]),  // header 0 (160-190) is out of view; the footer is not a header
        (250, ["1@250"]),  // header 1 stuck
        (380, ["1@370"]),  // pushed: y = footer 1's top 400 − 30
    ])
    func pinnedHeadersAtOffsetsAroundSectionBoundaries(top: Double, expected: [String]) throws {
        var layout = try Self.layout()
        layout.sectionHeadersPinToVisibleBounds = true
        #expect(
            supplementaryPositions(layout.visibleAttributes(in: Self.visible(top)), .header)
                == expected)
        // The older query pins headers whatever the flag says, and agrees.
        let old = layout.attributes(in: Self.visible(top), pinningHeadersTo: Self.visible(top))
        #expect(supplementaryPositions(old, .header) == expected)
    }

    @Test(arguments: [
        // top of the visible bounds (200 tall), the footers shown, and why.
        (0.0, ["0@180"]),  // footer 0 (own place 190) sticks to the bottom: 200 − 20
        // at its own place; footer 1 would be at 240 (below header 1), out of view
        (20, ["0@190"]),
        (100, ["0@190", "1@280"]),  // footer 1 stuck to the bottom (300 − 20), below header 1's 240
        (250, ["1@400"]),  // at its own place (min(430, 400))
    ])
    func pinnedFootersAtOffsetsAroundSectionBoundaries(top: Double, expected: [String]) throws {
        var layout = try Self.layout()
        layout.sectionFootersPinToVisibleBounds = true
        let shown = layout.visibleAttributes(in: Self.visible(top))
        #expect(supplementaryPositions(shown, .footer) == expected)
        #expect(shown == shown.sorted(by: LayoutAttributes.precedes))
        // Headers are not pinned by this flag.
        #expect(
            supplementaryPositions(shown, .header)
                == supplementaryPositions(layout.attributes(in: Self.visible(top)), .header))
    }

    @Test func withoutFootersAPinnedHeaderIsPushedByTheNextHeader() throws {
        // Headers only: section 1's header at 190, the content ends at 380.
        var layout = try Self.layout(footers: false)
        layout.sectionHeadersPinToVisibleBounds = true
        #expect(
            supplementaryPositions(layout.visibleAttributes(in: Self.visible(175)), .header) == [
                "0@160", "1@190",
            ])
        #expect(
            supplementaryPositions(layout.visibleAttributes(in: Self.visible(360)), .header) == [
                "1@350"
            ])
    }

    @Test func headersAndFootersAreMeasuredOnlyWhenTheyComeIntoView() throws {
        var layout = try Self.layout()
        let sizing = RecordingSupplementarySizing(header: 50, footer: 10)
        // In view 0-200: header 0 (estimate 30) is measured at 50. It is the
        // first element in view, so it keeps its top and the rest moves 20
        // down: lines at 60 and 140, footer 0 at 210, out of view.
        var pass = try layout.layoutSupplementaries(in: Self.visible(0), sizing: sizing)
        #expect(pass == SupplementaryPass(contentOffset: Point(x: 0, y: 0), measured: 1))
        #expect(sizing.asked == ["header 0 @300"])
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 0))?.frame.minY == 60)
        #expect(layout.contentSize.height == 440)
        // Scrolled to 150 (the second line, 140-210, is the first element in
        // view): footer 0 is measured at 10 (210-220), then header 1 at 50
        // (220-270); the line stays at 140, so the offset stays 150.
        pass = try layout.layoutSupplementaries(in: Self.visible(150), sizing: sizing)
        #expect(pass == SupplementaryPass(contentOffset: Point(x: 0, y: 150), measured: 2))
        #expect(sizing.asked == ["header 0 @300", "footer 0 @300", "header 1 @300"])
        #expect(layout.attributes(forItem: IndexPath(item: 2, section: 0))?.frame.minY == 140)
        #expect(
            layout.attributes(forHeaderInSection: 1)?.frame
                == Rect(x: 0, y: 220, width: 300, height: 50))
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 1))?.frame.minY == 280)
        // Footer 1 (430) was never in view: still its estimate.
        #expect(!layout.isMeasured(.footer, inSection: 1))
        #expect(
            layout.attributes(forFooterInSection: 1)?.frame
                == Rect(x: 0, y: 430, width: 300, height: 20))
        // A second pass over the same view measures nothing.
        #expect(
            try layout.layoutSupplementaries(in: Self.visible(150), sizing: sizing).measured == 0)
    }

    @Test func aHeaderReplacedAboveTheViewMovesTheOffsetAndNothingOnScreenJumps() throws {
        var layout = try Self.layout()
        // In view 215-415: the first element is header 1 (210-240), 5 above
        // the top. Header 0 grows by 50, so everything after it moves 50
        // down and the offset follows (265 is below the largest, 470 − 200).
        let offset = try layout.updateSupplementaryHeight(
            80, of: .header, inSection: 0, visibleRect: Self.visible(215))
        #expect(offset == Point(x: 0, y: 265))
        #expect(layout.attributes(forHeaderInSection: 1)!.frame.minY - 265 == -5)
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 1))?.frame.minY == 300)
        // Measured heights last across a prepare of the same width.
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 300, height: 200), layoutMargins: .zero,
            safeAreaInsets: .zero)
        #expect(layout.attributes(forHeaderInSection: 0)?.frame.height == 80)
        #expect(layout.isMeasured(.header, inSection: 0))
        // A new width brings the estimates back.
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 320, height: 200), layoutMargins: .zero,
            safeAreaInsets: .zero)
        #expect(layout.attributes(forHeaderInSection: 0)?.frame.height == 30)
        #expect(!layout.isMeasured(.header, inSection: 0))
    }

    @Test func aPinnedHeaderIsMeasuredAtItsPinnedPlaceWithoutAJump() throws {
        var layout = try Self.layout()
        layout.sectionHeadersPinToVisibleBounds = true
        // At 100, header 0 is shown pinned at 100 though its place (0-30) is
        // above the view; the first element in view is item [0, 0] (40-110,
        // 60 above the top). Measured at 50, the item moves to 60: offset 120.
        let sizing = RecordingSupplementarySizing(header: 50, footer: 20)
        let pass = try layout.layoutSupplementaries(in: Self.visible(100), sizing: sizing)
        #expect(pass.contentOffset == Point(x: 0, y: 120))
        #expect(sizing.asked.first == "header 0 @300")
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 0))!.frame.minY - 120 == -60)
        let header = layout.visibleAttributes(in: Self.visible(120)).first { $0.kind == .header }
        #expect(header?.frame == Rect(x: 0, y: 120, width: 300, height: 50))
    }

    @Test func badHeightsAndMissingFootersAreRefusedAndChangeNothing() throws {
        var layout = try Self.layout(footers: false)
        let before = layout.allAttributes
        #expect(throws: CollectionLayoutError.noSuchSupplementary(.footer, section: 0)) {
            try layout.updateSupplementaryHeight(
                10, of: .footer, inSection: 0, visibleRect: Self.visible(0))
        }
        #expect(throws: CollectionLayoutError.noSuchSupplementary(.header, section: 2)) {
            try layout.updateSupplementaryHeight(
                10, of: .header, inSection: 2, visibleRect: Self.visible(0))
        }
        #expect(
            CollectionLayoutError.noSuchSupplementary(.footer, section: 0).description
                == "no footer in section 0 of the prepared layout")
        let error = CollectionLayoutError.invalidSupplementaryHeight(
            .header, section: 1, height: -1e-9)
        #expect(
            error.description
                == "header of section 1: height -1e-09 must be finite and not negative")
        #expect(
            throws: CollectionLayoutError.invalidSupplementaryHeight(
                .header, section: 0, height: .infinity)
        ) {
            try layout.layoutSupplementaries(
                in: Self.visible(0),
                sizing: RecordingSupplementarySizing(header: .infinity, footer: 0))
        }
        #expect(layout.allAttributes == before)
        #expect(
            throws: CollectionLayoutError.invalidParameter(
                name: "footerHeight", value: -1, requirement: "must be finite and not negative")
        ) {
            var bad = ColumnFlowLayout(itemCounts: [1], footerHeight: -1)
            try bad.prepare(bounds: Self.visible(0), layoutMargins: .zero, safeAreaInsets: .zero)
        }
    }

    @Test func randomMeasurementsKeepTheRectQueryEqualToAScan() throws {
        var random = SeededGenerator(seed: 41)
        for _ in 0..<60 {
            let counts = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                Int.random(in: 0...9, using: &random)
            }
            var layout = ColumnFlowLayout(
                itemCounts: counts, minColumnWidth: 100, headerHeight: 30.3, footerHeight: 10.1)
            try layout.prepare(
                bounds: Rect(x: 0, y: 0, width: 375, height: 300), layoutMargins: .zero,
                safeAreaInsets: .zero)
            for _ in 0..<10 {
                let section = Int.random(in: 0..<counts.count, using: &random)
                let kind: ElementKind = Bool.random(using: &random) ? .header : .footer
                let y = Double.random(in: 0...layout.contentSize.height, using: &random)
                _ = try layout.updateSupplementaryHeight(
                    Double.random(in: 0...90, using: &random) / 3, of: kind, inSection: section,
                    visibleRect: Rect(x: 0, y: y, width: 375, height: 300))
            }
            let elements = layout.allAttributes
            // No overlap between consecutive bands and the content ends at the last element.
            #expect(layout.contentSize.height == elements.last?.frame.maxY)
            for rect in queryRects(
                count: 40, contentSize: layout.contentSize, elements: elements, random: &random)
            {
                #expect(
                    layout.attributes(in: rect) == bruteForce(elements, in: rect),
                    "\(counts) \(rect)")
            }
        }
    }
}

@Suite struct WaterfallSupplementaryTests {
    /// Width 210, 2 columns 100 wide (x 0 and 110), spacing 10, 30-point
    /// headers and 20-point footers; heights 100 / ratio:
    ///   section 0: header 0-30; items 0 (ratio 1) col 0 40-140, 1 (ratio 2)
    ///     col 1 40-90, 2 (ratio 1) col 1 100-200; footer 200-220
    ///   section 1: header 220-250; item 0 col 0 260-360; footer 360-380
    static func layout() throws -> WaterfallLayout<AspectRatioCaptionSizing<FixedCellSizing>> {
        var layout = WaterfallLayout(
            itemCounts: [3, 1],
            sizing: AspectRatioCaptionSizing(aspectRatios: [[1, 2, 1], [1, 2]]),
            headerHeight: 30, footerHeight: 20)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 210, height: 200), layoutMargins: .zero,
            safeAreaInsets: .zero)
        return layout
    }

    static func visible(_ y: Double) -> Rect { Rect(x: 0, y: y, width: 210, height: 200) }

    @Test func footersSitBelowTheTallestColumn() throws {
        let layout = try Self.layout()
        #expect(
            layout.attributes(forFooterInSection: 0)?.frame
                == Rect(x: 0, y: 200, width: 210, height: 20))
        #expect(layout.attributes(forHeaderInSection: 1)?.frame.minY == 220)
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 1))?.frame.minY == 260)
        #expect(layout.attributes(forFooterInSection: 1)?.frame.minY == 360)
        #expect(layout.contentSize.height == 380)
        #expect(
            layout.attributes(in: Rect(x: 0, y: 0, width: 210, height: 380)) == layout.allAttributes
        )
    }

    @Test func newHeaderAndFooterHeightsKeepEveryColumn() throws {
        var layout = try Self.layout()
        let columns = [0, 1, 1].enumerated().map {
            layout.column(ofItem: IndexPath(item: $0.offset, section: 0))
        }
        // Footer 0 at 40: section 1 moves 20 down (header 240-270, item 280-380, footer 380-400).
        _ = try layout.updateSupplementaryHeight(
            40, of: .footer, inSection: 0, visibleRect: Self.visible(0))
        #expect(layout.attributes(forHeaderInSection: 1)?.frame.minY == 240)
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 1))?.frame.minY == 280)
        #expect(layout.contentSize.height == 400)
        // Header 0 at 10.2, rounded up to the 2× grid: 10.5. Section 0's items move up 19.5.
        _ = try layout.updateSupplementaryHeight(
            10.2, of: .header, inSection: 0, visibleRect: Self.visible(0))
        #expect(layout.attributes(forHeaderInSection: 0)?.frame.height == 10.5)
        #expect(layout.attributes(forItem: IndexPath(item: 2, section: 0))?.frame.minY == 80.5)
        #expect(layout.attributes(forFooterInSection: 0)?.frame.minY == 180.5)
        #expect(layout.attributes(forHeaderInSection: 1)?.frame.minY == 220.5)
        #expect(layout.contentSize.height == 380.5)
        #expect(
            [0, 1, 2].map { layout.column(ofItem: IndexPath(item: $0, section: 0)) } == columns)
        #expect(
            layout.attributes(in: Rect(x: 0, y: 0, width: 210, height: 400)) == layout.allAttributes
        )
    }

    @Test(arguments: [
        (100.0, ["0@100", "1@220"]),  // stuck
        (190, ["0@170", "1@220"]),  // pushed by footer 0 (200 − 30)
        (300, ["1@300"]),
        (350, ["1@330"]),  // pushed by footer 1 (360 − 30)
    ])
    func pinnedHeaders(top: Double, expected: [String]) throws {
        var layout = try Self.layout()
        layout.sectionHeadersPinToVisibleBounds = true
        #expect(
            supplementaryPositions(layout.visibleAttributes(in: Self.visible(top)), .header)
                == expected)
    }

    @Test func appendingKeepsTheFooterBelowTheItemsAndLast() throws {
        var layout = try Self.layout()
        // Item [1, 1] (ratio 2, 50 tall) goes to column 1 (260 < 370): 260-310;
        // column 0 still ends at 360, so the footer stays at 360.
        try layout.appendItems(count: 1)
        #expect(
            layout.attributes(forItem: IndexPath(item: 1, section: 1))?.frame
                == Rect(x: 110, y: 260, width: 100, height: 50))
        #expect(layout.allAttributes.last?.kind == .footer)
        #expect(layout.attributes(forFooterInSection: 1)?.frame.minY == 360)
        #expect(
            layout.attributes(in: Rect(x: 0, y: 0, width: 210, height: 400)) == layout.allAttributes
        )
    }

    @Test func lazyMeasurementKeepsTheFirstElementInView() throws {
        var layout = try Self.layout()
        let sizing = RecordingSupplementarySizing(header: 40, footer: 20)
        // In view 150-350: item [0, 2] (100-200) is the first element; footer
        // 0 (200-220) keeps 20, header 1 grows to 40: section 1's item 270-370.
        let pass = try layout.layoutSupplementaries(in: Self.visible(150), sizing: sizing)
        #expect(pass == SupplementaryPass(contentOffset: Point(x: 0, y: 150), measured: 2))
        #expect(sizing.asked == ["footer 0 @210", "header 1 @210"])
        #expect(layout.attributes(forItem: IndexPath(item: 0, section: 1))?.frame.minY == 270)
    }
}

@Suite struct MosaicSupplementaryTests {
    /// Width 300, 3 items, 40-point header, 30-point footer: header 0-40,
    /// segment 1 (full width, item 0) 41-241, segment 2 (fifty-fifty: items
    /// 1 at x 0, 150 wide, and 2 at x 151, 149 wide) 242-442, footer 443-473.
    static func layout() throws -> MosaicLayout {
        var layout = MosaicLayout(itemCount: 3, headerHeight: 40, footerHeight: 30)
        try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 300, height: 300), layoutMargins: .zero,
            safeAreaInsets: .zero)
        return layout
    }

    @Test func headerAboveTheSegmentsAndFooterBelow() throws {
        let layout = try Self.layout()
        #expect(
            layout.attributes(forHeaderInSection: 0)?.frame
                == Rect(x: 0, y: 0, width: 300, height: 40))
        #expect(
            layout.attributes(forItem: IndexPath(item: 0, section: 0))?.frame
                == Rect(x: 0, y: 41, width: 300, height: 200))
        #expect(
            layout.attributes(forItem: IndexPath(item: 2, section: 0))?.frame
                == Rect(x: 151, y: 242, width: 149, height: 200))
        #expect(
            layout.attributes(forFooterInSection: 0)?.frame
                == Rect(x: 0, y: 443, width: 300, height: 30))
        #expect(layout.contentSize.height == 473)
        #expect(
            layout.attributes(in: Rect(x: 0, y: 0, width: 300, height: 473)) == layout.allAttributes
        )
        #expect(
            layout.attributes(in: Rect(x: 0, y: 442.5, width: 300, height: 1)).map(\.kind) == [
                .footer
            ])
    }

    @Test(arguments: [(0.0, "0@0"), (300, "0@300"), (420, "0@403")])  // 403 = footer top 443 − 40
    func pinnedHeader(top: Double, expected: String) throws {
        var layout = try Self.layout()
        layout.sectionHeadersPinToVisibleBounds = true
        let shown = layout.visibleAttributes(in: Rect(x: 0, y: top, width: 300, height: 300))
        #expect(supplementaryPositions(shown, .header) == [expected])
    }

    @Test func aMeasuredHeaderMovesTheSegmentsAndKeepsTheAnchor() throws {
        var layout = try Self.layout()
        // In view 100-400: item 0 (41-241) is the first element, 59 above the
        // top; the header at 60 moves it to 61, so the offset goes to 120.
        let offset = try layout.updateSupplementaryHeight(
            60, of: .header, inSection: 0, visibleRect: Rect(x: 0, y: 100, width: 300, height: 300))
        #expect(offset == Point(x: 0, y: 120))
        #expect(layout.attributes(forItem: IndexPath(item: 1, section: 0))?.frame.minY == 262)
        #expect(layout.attributes(forFooterInSection: 0)?.frame.minY == 463)
        #expect(layout.contentSize.height == 493)
    }
}
