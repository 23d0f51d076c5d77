// CompositionalLayout's engine: rect queries against a naive model, lazy
// self-sizing with anchoring, rotation, spacing rules, adaptive sections
// and the description's rules.

import Testing
import TrellisGeometry
import TrellisTestSupport

@testable import TrellisLists

@Suite struct CompositionalLayoutTests {
    static func item(
        _ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension,
        insets: DirectionalInsets = .zero, badge: Bool = false
    )
        -> LayoutGroupSubitem
    {
        let badges =
            badge
            ? [
                LayoutSupplementaryItem(
                    kind: "badge",
                    layoutSize: LayoutSize(
                        widthDimension: .absolute(20), heightDimension: .absolute(20)),
                    edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3))
            ] : []
        return .item(
            CollectionLayoutItem(
                layoutSize: LayoutSize(widthDimension: w, heightDimension: h),
                contentInsets: insets,
                supplementaryItems: badges))
    }

    static func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension) -> LayoutSize {
        LayoutSize(widthDimension: w, heightDimension: h)
    }

    static let phone = Rect(x: 0, y: 0, width: 375, height: 667)

    /// A self-sizing list: full-width rows estimated at 100.
    static func selfSizingList(spacing: Double = 0) -> LayoutSection {
        LayoutSection(
            group: .horizontal(
                size(.fractionalWidth(1), .estimated(100)),
                subitems: [item(.fractionalWidth(1), .estimated(100))]),
            interGroupSpacing: spacing)
    }

    /// Every element of a prepared layout, computed naively: each item's
    /// frame one by one, in the order `elements(in:)` promises.
    static func naiveElements<S>(_ layout: CompositionalLayout<S>, visibleBounds: Rect?)
        -> [CompositionalElement]
    {
        var result: [CompositionalElement] = []
        for section in 0..<layout.numberOfSections {
            let path = IndexPath(item: 0, section: section)
            let description = layout.sections[section]
            let sectionFrame = layout.frame(ofSection: section)!
            for decoration in description.decorationItems {
                let i = decoration.contentInsets
                result.append(
                    CompositionalElement(
                        category: .decoration(decoration.kind), indexPath: path,
                        frame: Rect(
                            x: sectionFrame.minX + i.leading, y: sectionFrame.minY + i.top,
                            width: sectionFrame.width - i.leading - i.trailing,
                            height: sectionFrame.height - i.top - i.bottom)))
            }
            let boundary = layout.boundaryElements(inSection: section)
            let tops = boundary.prefix(
                description.boundarySupplementaryItems.filter { $0.alignment == .top }.count)
            for var header in tops {
                let item = description.boundarySupplementaryItems.first {
                    "supplementary(\($0.kind))" == "\(header.category)"
                }!
                if item.pinToVisibleBounds, let visibleBounds {
                    header.frame.origin.y = min(
                        max(visibleBounds.minY, header.frame.minY),
                        sectionFrame.maxY - header.frame.height)
                }
                result.append(header)
            }
            var leafBadges: [[LayoutSupplementaryItem]] = []
            _forEachLeafItem(layout._sections[section].expanded) {
                leafBadges.append($0?.supplementaryItems ?? [])
            }
            for item in 0..<layout.itemCounts[section] {
                let indexPath = IndexPath(item: item, section: section)
                let frame = layout.frame(ofItem: indexPath)!
                result.append(
                    CompositionalElement(category: .cell, indexPath: indexPath, frame: frame))
                for badge in leafBadges[item % leafBadges.count] {
                    result.append(
                        CompositionalElement(
                            category: .supplementary(badge.kind), indexPath: indexPath,
                            frame: badge.frame(on: frame)))
                }
            }
            result += boundary.dropFirst(tops.count)
        }
        return result
    }

    /// A random section from the shapes the samples use.
    static func randomSection(_ random: inout SeededGenerator) -> LayoutSection {
        let insets = DirectionalInsets(all: Double(random.next(upTo: 3)) * 5)
        let badge = random.next(upTo: 2) == 0
        var group: LayoutGroup
        switch random.next(upTo: 5) {
        case 0:
            group = .horizontal(
                size(.fractionalWidth(1), .absolute(44)),
                subitems: [item(.fractionalWidth(1), .fractionalHeight(1))])
        case 1:
            group = .horizontal(
                size(.fractionalWidth(1), .fractionalWidth(0.2)),
                subitems: [
                    item(.fractionalWidth(0.2), .fractionalHeight(1), insets: insets, badge: badge)
                ])
        case 2:
            let trailing = LayoutGroup(
                axis: .vertical, layoutSize: size(.fractionalWidth(0.3), .fractionalHeight(1)),
                subitems: [item(.fractionalWidth(1), .fractionalHeight(0.3), insets: insets)],
                count: 2)
            group = .horizontal(
                size(.fractionalWidth(random.next(upTo: 2) == 0 ? 1 : 0.85), .absolute(200)),
                subitems: [
                    item(.fractionalWidth(0.7), .fractionalHeight(1), insets: insets, badge: badge),
                    .group(trailing),
                ])
        case 3:
            group = .horizontal(
                size(.fractionalWidth(1), .estimated(80)),
                subitems: [item(.fractionalWidth(0.5), .estimated(80))])
            group.interItemSpacing = .fixed(8)
        default:
            group = .custom(
                size(.fractionalWidth(1), .absolute(120)),
                frames: [
                    Rect(x: 0, y: 0, width: 100, height: 120),
                    Rect(x: 120, y: 20, width: 60, height: 60),
                ])
        }
        var section = LayoutSection(
            group: group, interGroupSpacing: Double(random.next(upTo: 3)) * 4, contentInsets: insets
        )
        if random.next(upTo: 3) == 0 {
            section.orthogonalScrollingBehavior =
                [.continuous, .paging, .groupPagingCentered][random.next(upTo: 3)]
        }
        if random.next(upTo: 2) == 0 {
            section.boundarySupplementaryItems.append(
                LayoutBoundaryItem(
                    kind: "header", layoutSize: size(.fractionalWidth(1), .absolute(30)),
                    alignment: .top,
                    pinToVisibleBounds: random.next(upTo: 2) == 0))
        }
        if random.next(upTo: 3) == 0 {
            section.boundarySupplementaryItems.append(
                LayoutBoundaryItem(
                    kind: "footer", layoutSize: size(.fractionalWidth(1), .absolute(20)),
                    alignment: .bottom))
        }
        if random.next(upTo: 3) == 0 {
            section.decorationItems.append(
                LayoutDecorationItem(kind: "background", contentInsets: DirectionalInsets(all: 4)))
        }
        return section
    }

    @Test func rectQueriesEqualTheNaiveModel() throws {
        var random = SeededGenerator(seed: 21)
        for _ in 0..<150 {
            let sectionCount = 1 + random.next(upTo: 4)
            let sections = (0..<sectionCount).map { _ in Self.randomSection(&random) }
            let counts = (0..<sectionCount).map { _ in random.next(upTo: 40) }
            var layout = CompositionalLayout(
                sections: sections, itemCounts: counts,
                sizing: ClosureCellSizing { path, width in
                    20 + Double((path.item * 37) % 90) + width / 100
                })
            let width = [320.0, 375, 1024][random.next(upTo: 3)]
            try layout.prepare(
                bounds: Rect(x: 0, y: 0, width: width, height: 700), layoutMargins: .zero,
                safeAreaInsets: .zero)
            for section in 0..<sectionCount {
                layout.setOrthogonalOffset(Double(random.next(upTo: 400)), inSection: section)
            }
            if random.next(upTo: 2) == 0 {
                let y = Double(random.next(upTo: Int(layout.contentSize.height) + 1))
                _ = try layout.measureItems(in: Rect(x: 0, y: y, width: width, height: 700))
            }
            for _ in 0..<10 {
                let y = Double(random.next(upTo: Int(layout.contentSize.height) + 100)) - 50
                let rect = Rect(
                    x: Double(random.next(upTo: Int(width))) - 40, y: y,
                    width: Double(1 + random.next(upTo: 500)),
                    height: Double(1 + random.next(upTo: 800)))
                let visible = random.next(upTo: 2) == 0 ? rect : nil
                let expected = Self.naiveElements(layout, visibleBounds: visible).filter {
                    $0.frame.intersects(rect)
                }
                let actual = layout.elements(in: rect, visibleBounds: visible)
                #expect(actual == expected, "rect \(rect) in \(counts) sections")
                if actual != expected { return }
            }
        }
    }

    @Test func lazySelfSizingMeasuresOnlyWhatIsShown() throws {
        // 1,000,000 self-sizing rows estimated at 100, really 50: a 667-point
        // screen shows 14 rows of 50 once measured; only they are measured.
        final class Counter: @unchecked Sendable { var calls = 0 }
        let counter = Counter()
        var layout = CompositionalLayout(
            sections: [Self.selfSizingList()], itemCounts: [1_000_000],
            sizing: ClosureCellSizing { _, _ in
                counter.calls += 1; return 50
            })
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(counter.calls == 0)
        #expect(layout.contentSize.height == 100_000_000)
        let offset = try layout.measureItems(in: Self.phone)
        #expect(offset == Point(x: 0, y: 0))
        #expect(counter.calls == 14)  // ⌈667 / 50⌉
        #expect(layout.measuredGroupCount == 14)
        #expect(layout.contentSize.height == 100_000_000 - 14 * 50)
        // Far down: again only the rows shown.
        counter.calls = 0
        _ = try layout.measureItems(in: Rect(x: 0, y: 50_000_000, width: 375, height: 667))
        #expect(counter.calls <= 15)
        #expect(counter.calls >= 13)
    }

    @Test func measuringKeepsTheFirstVisibleItemInPlace() throws {
        // Rows estimated 100, really 50 (item 10 from 1000 to 1100). With
        // the viewport at 1040, item 10 is first visible, 40 above the top.
        // Measuring shrinks item 10 (and those below): the offset must keep
        // item 10's top 40 above the viewport's top.
        var layout = CompositionalLayout(
            sections: [Self.selfSizingList(spacing: 0)], itemCounts: [1000],
            sizing: ClosureCellSizing { _, _ in 50 })
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        let visible = Rect(x: 0, y: 1040, width: 375, height: 667)
        #expect(
            layout.anchor(in: visible)
                == ScrollAnchor(indexPath: IndexPath(item: 10, section: 0), distanceFromTop: -40))
        let offset = try layout.measureItems(in: visible)
        let frame = layout.frame(ofItem: IndexPath(item: 10, section: 0))!
        #expect(frame == Rect(x: 0, y: 1000, width: 375, height: 50))
        #expect(offset == Point(x: 0, y: 1040))
        // Rows above stayed estimates; item 10 has not moved.
        #expect(
            layout.frame(ofItem: IndexPath(item: 9, section: 0))
                == Rect(x: 0, y: 900, width: 375, height: 100))
        // Item 11 now follows the measured item 10.
        #expect(
            layout.frame(ofItem: IndexPath(item: 11, section: 0))
                == Rect(x: 0, y: 1050, width: 375, height: 50))
    }

    @Test func measuringARowThatLeavesTheViewportKeepsItsDistance() throws {
        // Rows estimated 100, really 50. At 1050 the first visible row is
        // row 10 (1000...1100), 50 above the top. Measured, it ends at 1050,
        // out of view, but the anchor (row 10, −50) still holds: the offset
        // stays 1050, and the rows then in view (11 on) are measured too.
        var layout = CompositionalLayout(
            sections: [Self.selfSizingList()], itemCounts: [1000],
            sizing: ClosureCellSizing { _, _ in 50 })
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        let offset = try layout.measureItems(in: Rect(x: 0, y: 1050, width: 375, height: 667))
        #expect(offset == Point(x: 0, y: 1050))
        #expect(layout.frame(ofItem: IndexPath(item: 10, section: 0))!.minY == 1000)
        // Every row the final viewport shows is measured.
        for item in 11...24 {
            #expect(layout.frame(ofItem: IndexPath(item: item, section: 0))!.height == 50)
        }
    }

    @Test func measuringCellsAboveTheAnchorMovesTheOffset() throws {
        // Vertical groups of two self-sizing cells (estimated 100, really
        // 50). At offset 150 item 0 (0...100) is above the viewport and
        // item 1 (100...200) is first visible, 50 above the top. Measuring
        // their group moves item 1 up to 50...100: the offset becomes
        // 50 + 50 = 100, so item 1 stays 50 above the top (no jump).
        let cell = Self.item(.fractionalWidth(1), .estimated(100))
        let group = LayoutGroup.vertical(
            Self.size(.fractionalWidth(1), .estimated(200)), subitems: [cell, cell])
        var layout = CompositionalLayout(
            sections: [LayoutSection(group: group)], itemCounts: [100],
            sizing: ClosureCellSizing { _, _ in 50 })
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        let offset = try layout.measureItems(in: Rect(x: 0, y: 150, width: 375, height: 667))
        #expect(
            layout.frame(ofItem: IndexPath(item: 1, section: 0))
                == Rect(x: 0, y: 50, width: 375, height: 50))
        #expect(offset == Point(x: 0, y: 100))
    }

    @Test func rotationInvalidatesAndKeepsTheFirstItem() throws {
        var layout = CompositionalLayout(
            sections: [
                LayoutSection(
                    group: .horizontal(
                        Self.size(.fractionalWidth(1), .fractionalWidth(0.2)),
                        subitems: [Self.item(.fractionalWidth(0.2), .fractionalHeight(1))]))
            ], itemCounts: [1000])
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(
            !layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 500, width: 375, height: 667)))
        #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 667, height: 375)))
        // Rows 75 tall in portrait: at 760 the first visible row is row 10
        // (items 50...54, 750...825), 10 above the top. In landscape rows are
        // 133.4 tall: row 10 at 1334, so the offset is 1344.
        let offset = try layout.prepare(
            bounds: Rect(x: 0, y: 0, width: 667, height: 375), layoutMargins: .zero,
            safeAreaInsets: .zero,
            anchoringFirstItemIn: Rect(x: 0, y: 760, width: 375, height: 667))
        #expect(abs(offset.y - 1344) < 1e-9)
        #expect(layout.frame(ofItem: IndexPath(item: 50, section: 0))!.width == 133.4)
    }

    @Test func adaptiveSectionsFollowTheWidth() throws {
        // The sample's adaptive sections: wider than 800 points, the list
        // has 2 columns, the grids 10 and 6; else 1, 5 and 3.
        func sections(width: Double) -> [LayoutSection] {
            let wide = width - 40 > 800
            return [(1, 2), (5, 10), (3, 6)].map { narrow, broad in
                let columns = wide ? broad : narrow
                var group = LayoutGroup(
                    axis: .horizontal,
                    layoutSize: Self.size(
                        .fractionalWidth(1), columns == 1 ? .absolute(44) : .fractionalWidth(0.2)),
                    subitems: [
                        Self.item(
                            .fractionalWidth(1), .fractionalHeight(1),
                            insets: DirectionalInsets(all: 2))
                    ],
                    count: columns)
                group.interItemSpacing = nil
                return LayoutSection(group: group, contentInsets: DirectionalInsets(all: 20))
            }
        }
        var phone = CompositionalLayout(sections: sections(width: 375), itemCounts: [10, 10, 10])
        try phone.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(
            phone.frame(ofItem: IndexPath(item: 1, section: 0))
                == Rect(x: 22, y: 66, width: 331, height: 40))
        #expect(phone.frame(ofItem: IndexPath(item: 5, section: 1))!.minX == 22)  // 5 a row
        var pad = CompositionalLayout(sections: sections(width: 1024), itemCounts: [10, 10, 10])
        try pad.prepare(
            bounds: Rect(x: 0, y: 0, width: 1024, height: 768), layoutMargins: .zero,
            safeAreaInsets: .zero)
        // List: 2 columns of 492 in rows 0.2 of the width (196.8: the
        // sample's rows are 44 only for one column); grid: 10 columns of 98.4.
        let second = pad.frame(ofItem: IndexPath(item: 1, section: 0))!
        #expect(
            second.minX == 514 && second.minY == 22 && second.width == 488
                && abs(second.height - 192.8) < 1e-9)
        let tenth = pad.frame(ofItem: IndexPath(item: 9, section: 1))!
        #expect(abs(tenth.minX - (20 + 9 * 98.4 + 2)) < 1e-9 && abs(tenth.width - 94.4) < 1e-9)
    }

    @Test func flexibleSpacingSharesTheSpareRoom() throws {
        // Three 100-point items in 375: spare 75 shared by 2 flexible gaps
        // of at least 10 → 37.5 each... minimum 10 + (375 − 300 − 20) / 2 = 37.5.
        var group = LayoutGroup.horizontal(
            Self.size(.fractionalWidth(1), .absolute(50)),
            subitems: [Self.item(.absolute(100), .absolute(50))])
        group.interItemSpacing = .flexible(10)
        var layout = CompositionalLayout(sections: [LayoutSection(group: group)], itemCounts: [3])
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(
            (0..<3).map { layout.frame(ofItem: IndexPath(item: $0, section: 0))!.minX } == [
                0, 137.5, 275,
            ])
        // Fixed spacing packs them from the leading edge.
        group.interItemSpacing = .fixed(10)
        layout.sections = [LayoutSection(group: group)]
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(
            (0..<3).map { layout.frame(ofItem: IndexPath(item: $0, section: 0))!.minX } == [
                0, 110, 220,
            ])
    }

    @Test func edgeSpacingCentresAnItem() throws {
        // Flexible leading and trailing edge spacing around one 100-point
        // item centre it: (375 − 100) / 2 = 137.5; a fixed top of 6 moves it down.
        let item = CollectionLayoutItem(
            layoutSize: Self.size(.absolute(100), .absolute(30)),
            edgeSpacing: LayoutEdgeSpacing(
                leading: .flexible(0), top: .fixed(6), trailing: .flexible(0)))
        let group = LayoutGroup(
            axis: .horizontal, layoutSize: Self.size(.fractionalWidth(1), .absolute(44)),
            subitems: [.item(item)], count: 1)
        var layout = CompositionalLayout(sections: [LayoutSection(group: group)], itemCounts: [1])
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        // A count group overrides the item's width: the item is 375 wide.
        #expect(
            layout.frame(ofItem: IndexPath(item: 0, section: 0))
                == Rect(x: 0, y: 6, width: 375, height: 30))
        // A 300-point group repeats 110-point items while they fit: 2. The
        // spare 80 goes to the 4 flexible edges, 20 each: x = 20 and
        // 20 + 110 + 20 + 20 = 170.
        var wider = item
        wider.layoutSize.widthDimension = .absolute(110)
        let free = LayoutGroup.horizontal(
            Self.size(.absolute(300), .absolute(44)), subitems: [.item(wider)])
        layout.sections = [LayoutSection(group: free)]
        layout.itemCounts = [2]
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(
            layout.frame(ofItem: IndexPath(item: 0, section: 0))
                == Rect(x: 20, y: 6, width: 110, height: 30))
        #expect(
            layout.frame(ofItem: IndexPath(item: 1, section: 0))
                == Rect(x: 170, y: 6, width: 110, height: 30))
    }

    @Test func verticalGroupsRepeatWhileTheyFit() throws {
        // A 200-point vertical group of 60-point items with 10 between holds
        // 3 (60 + 10 + 60 + 10 + 60 = 200); the 4th item starts the next group.
        var group = LayoutGroup.vertical(
            Self.size(.absolute(100), .absolute(200)),
            subitems: [Self.item(.fractionalWidth(1), .absolute(60))])
        group.interItemSpacing = .fixed(10)
        var layout = CompositionalLayout(sections: [LayoutSection(group: group)], itemCounts: [4])
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(
            (0..<4).map { layout.frame(ofItem: IndexPath(item: $0, section: 0))!.minY } == [
                0, 70, 140, 200,
            ])
    }

    @Test func customGroupsPlaceTheirFrames() throws {
        let group = LayoutGroup.custom(
            Self.size(.fractionalWidth(1), .absolute(120)),
            frames: [
                Rect(x: 0, y: 0, width: 100, height: 120),
                Rect(x: 120, y: 20, width: 60, height: 60),
            ])
        var layout = CompositionalLayout(
            sections: [LayoutSection(group: group, interGroupSpacing: 10)], itemCounts: [3])
        try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        #expect(
            layout.frame(ofItem: IndexPath(item: 1, section: 0))
                == Rect(x: 120, y: 20, width: 60, height: 60))
        #expect(
            layout.frame(ofItem: IndexPath(item: 2, section: 0))
                == Rect(x: 0, y: 130, width: 100, height: 120))
    }

    @Test func contentInsetsReferences() throws {
        // Margins 16, safe area 44 on each side (landscape iPhone), width 812.
        let bounds = Rect(x: 0, y: 0, width: 812, height: 375)
        let margins = EdgeInsets(top: 0, left: 60, bottom: 0, right: 60)
        let safe = EdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
        func firstFrame(_ reference: ContentInsetsReference) throws -> Rect {
            var section = LayoutSection(
                group: .horizontal(
                    Self.size(.fractionalWidth(1), .absolute(44)),
                    subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))]))
            section.contentInsetsReference = reference
            var layout = CompositionalLayout(sections: [section], itemCounts: [1])
            layout.readableWidth = 600
            try layout.prepare(bounds: bounds, layoutMargins: margins, safeAreaInsets: safe)
            return layout.frame(ofItem: IndexPath(item: 0, section: 0))!
        }
        #expect(try firstFrame(.none) == Rect(x: 0, y: 0, width: 812, height: 44))
        #expect(try firstFrame(.automatic) == Rect(x: 44, y: 0, width: 724, height: 44))
        #expect(try firstFrame(.safeArea) == Rect(x: 44, y: 0, width: 724, height: 44))
        #expect(try firstFrame(.layoutMargins) == Rect(x: 60, y: 0, width: 692, height: 44))
        // Readable: 692 between the margins, narrowed to 600 and centred.
        #expect(try firstFrame(.readableContent) == Rect(x: 106, y: 0, width: 600, height: 44))
    }

    @Test func descriptionRulesAreCheckedByPrepare() throws {
        // An item's fractionalHeight in a group whose height is estimated.
        let bad = LayoutSection(
            group: .horizontal(
                Self.size(.fractionalWidth(1), .estimated(44)),
                subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))]))
        var layout = CompositionalLayout(sections: [bad], itemCounts: [1])
        #expect(throws: CollectionLayoutError.self) {
            try layout.prepare(bounds: Self.phone, layoutMargins: .zero, safeAreaInsets: .zero)
        }
        do {
            try bad.validate()
            Issue.record("accepted")
        } catch {
            #expect(error.pathDescription == "group.subitems[0].item.heightDimension")
            #expect(
                error.message.contains("fractionalHeight of a container whose height is estimated"))
        }
        let empty = LayoutSection(
            group: .horizontal(Self.size(.fractionalWidth(1), .absolute(44)), subitems: []))
        #expect(
            throws: LayoutDescriptionError(
                path: [.key("group"), .key("subitems")],
                message: "a group needs at least one subitem")
        ) {
            try empty.validate()
        }
        let negative = LayoutSection(
            group: .horizontal(
                Self.size(.fractionalWidth(1), .absolute(44)),
                subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))]),
            contentInsets: DirectionalInsets(top: 0, leading: -1, bottom: 0, trailing: 0))
        #expect(throws: LayoutDescriptionError.self) { try negative.validate() }
        // A layout that throws is unchanged.
        #expect(layout.preparedBounds == nil)
    }
}

extension SeededGenerator {
    /// A number in 0..<bound.
    mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}

@Suite struct ListConfigurationTests {
    static let phone = Rect(x: 0, y: 0, width: 375, height: 667)
    static let margins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)

    static func layout(_ configuration: ListConfiguration, counts: [Int]) throws
        -> CompositionalLayout<ClosureCellSizing>
    {
        var layout = CompositionalLayout(
            sections: counts.map { _ in configuration.section() }, itemCounts: counts,
            sizing: ClosureCellSizing { path, width in path.item == 0 ? 60 : 44 })
        layout.supplementarySizing = { kind, _, _ in kind == "header" ? 30 : 20 }
        try layout.prepare(bounds: phone, layoutMargins: margins, safeAreaInsets: .zero)
        try layout.measureAllItems()
        return layout
    }

    @Test func plainListsAreEdgeToEdgeSelfSizingRows() throws {
        let layout = try Self.layout(ListConfiguration(appearance: .plain), counts: [3])
        // Rows measured 60, 44, 44 at the full width.
        #expect(
            (0..<3).map { layout.frame(ofItem: IndexPath(item: $0, section: 0))! } == [
                Rect(x: 0, y: 0, width: 375, height: 60), Rect(x: 0, y: 60, width: 375, height: 44),
                Rect(x: 0, y: 104, width: 375, height: 44),
            ])
    }

    @Test func groupedListsSpaceTheirSections() throws {
        // 35 above each section: section 1 starts at 35 + 60 + 44 = 139, its rows at 174.
        let layout = try Self.layout(ListConfiguration(appearance: .grouped), counts: [2, 1])
        #expect(
            layout.frame(ofItem: IndexPath(item: 0, section: 0))
                == Rect(x: 0, y: 35, width: 375, height: 60))
        #expect(
            layout.frame(ofItem: IndexPath(item: 0, section: 1))
                == Rect(x: 0, y: 174, width: 375, height: 60))
    }

    @Test func insetGroupedListsFollowTheMarginsWithHeadersAndFooters() throws {
        var configuration = ListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        configuration.footerMode = .supplementary
        let layout = try Self.layout(configuration, counts: [2])
        // Rows between the 16-point margins; header measured 30 above them,
        // footer 20 below.
        #expect(
            layout.frame(ofItem: IndexPath(item: 0, section: 0))
                == Rect(x: 16, y: 30, width: 343, height: 60))
        #expect(
            layout.boundaryElements(inSection: 0).map(\.frame) == [
                Rect(x: 16, y: 0, width: 343, height: 30),
                Rect(x: 16, y: 134, width: 343, height: 20),
            ])
    }
}
