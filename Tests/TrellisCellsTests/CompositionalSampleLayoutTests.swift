// Apple's "Implementing Modern Collection Views" layouts, written as layout
// files (Layouts/*.json), with every expected frame worked out by hand at an
// iPhone's 375×667 and an iPad's 1024×768 (no safe-area insets at the sides,
// so `.automatic` content insets are measured from the bounds' edges).

import Foundation
import Testing
import TrellisCells
import TrellisGeometry
import TrellisLayoutFiles
import TrellisLists
import TrellisTemplateFiles
import TrellisTestSupport

@Suite struct CompositionalSampleLayoutTests {
    static let directory = TestPaths.repository.appendingPathComponent("Layouts")

    static let phone = Size(width: 375, height: 667)
    static let pad = Size(width: 1024, height: 768)

    static func layout<S: CellSizing>(_ name: String, _ size: Size, sizing: S) throws
        -> CompositionalLayout<S>
    {
        let file = try CompositionalLayoutFile.load(
            path: directory.appendingPathComponent(name).path)
        var layout = CompositionalLayout(
            sections: file.sections, itemCounts: file.itemCounts, sizing: sizing)
        try layout.prepare(
            bounds: Rect(origin: Point(x: 0, y: 0), size: size), layoutMargins: .zero,
            safeAreaInsets: .zero)
        return layout
    }

    static func layout(_ name: String, _ size: Size) throws -> CompositionalLayout<FixedCellSizing>
    {
        try layout(name, size, sizing: FixedCellSizing(height: 44))
    }

    static func frames<S>(_ layout: CompositionalLayout<S>, section: Int) -> [Rect] {
        var result: [Rect] = []
        var item = 0
        while let frame = layout.frame(ofItem: IndexPath(item: item, section: section)) {
            result.append(frame)
            item += 1
        }
        return result
    }

    @Test func list() throws {
        // One full-width item per 44-point group.
        for size in [Self.phone, Self.pad] {
            let layout = try Self.layout("List.json", size)
            let w = size.width
            #expect(
                close(
                    Self.frames(layout, section: 0),
                    [rect(0, 0, w, 44), rect(0, 44, w, 44), rect(0, 88, w, 44)]))
            #expect(layout.contentSize == Size(width: w, height: 132))
        }
    }

    @Test func grid() throws {
        // Items 0.2 of the width, groups as tall as 0.2 of the width: 5 a row.
        let phone = try Self.layout("Grid.json", Self.phone)
        #expect(
            close(
                Self.frames(phone, section: 0),
                [0, 75, 150, 225, 300].map { rect($0, 0, 75, 75) } + [
                    rect(0, 75, 75, 75), rect(75, 75, 75, 75),
                ]))
        let pad = try Self.layout("Grid.json", Self.pad)
        #expect(
            close(
                Self.frames(pad, section: 0),
                [0, 204.8, 409.6, 614.4, 819.2].map { rect($0, 0, 204.8, 204.8) }
                    + [rect(0, 204.8, 204.8, 204.8), rect(204.8, 204.8, 204.8, 204.8)]))
    }

    @Test func insetItemsGrid() throws {
        // The grid with 5-point item insets: each cell is its slot less 5 all round.
        let phone = try Self.layout("InsetItemsGrid.json", Self.phone)
        #expect(
            close(
                Self.frames(phone, section: 0),
                [5, 80, 155, 230, 305].map { rect($0, 5, 65, 65) } + [
                    rect(5, 80, 65, 65), rect(80, 80, 65, 65),
                ]))
        let pad = try Self.layout("InsetItemsGrid.json", Self.pad)
        #expect(
            close(
                Self.frames(pad, section: 0),
                [5, 209.8, 414.6, 619.4, 824.2].map { rect($0, 5, 194.8, 194.8) }
                    + [rect(5, 209.8, 194.8, 194.8), rect(209.8, 209.8, 194.8, 194.8)]))
    }

    @Test func twoColumnGrid() throws {
        // count 2 with 10 between: item width = (375 − 20 − 10) / 2 = 172.5
        // (iPad: (1024 − 20 − 10) / 2 = 497); groups 44 tall, 10 apart, 10 inset.
        let phone = try Self.layout("TwoColumnGrid.json", Self.phone)
        #expect(
            close(
                Self.frames(phone, section: 0),
                [
                    rect(10, 10, 172.5, 44), rect(192.5, 10, 172.5, 44),
                    rect(10, 64, 172.5, 44),
                    rect(192.5, 64, 172.5, 44), rect(10, 118, 172.5, 44),
                ]))
        #expect(phone.contentSize.height == 172)  // 10 + 3 × 44 + 2 × 10 + 10
        let pad = try Self.layout("TwoColumnGrid.json", Self.pad)
        #expect(
            close(
                Self.frames(pad, section: 0),
                [
                    rect(10, 10, 497, 44), rect(517, 10, 497, 44), rect(10, 64, 497, 44),
                    rect(517, 64, 497, 44),
                    rect(10, 118, 497, 44),
                ]))
    }

    @Test func distinctSections() throws {
        // Section insets 20, item insets 2; a list (44-point rows), 5 columns
        // and 3 columns, grid rows 0.2 of the content width tall.
        // iPhone: content width 335; list section height 20 + 3 × 44 + 20 = 172;
        // grid rows 67 tall: section 1 is 20 + 2 × 67 + 20 = 174 (ends at 346).
        let phone = try Self.layout("DistinctSections.json", Self.phone)
        #expect(
            close(
                Self.frames(phone, section: 0), [22, 66, 110].map { rect(22, $0, 331, 40) }))
        #expect(
            close(
                Self.frames(phone, section: 1),
                (0..<5).map { rect(22 + 67 * Double($0), 194, 63, 63) }
                    + (0..<2).map { rect(22 + 67 * Double($0), 261, 63, 63) }
            ))
        let third = 335.0 / 3
        #expect(
            close(
                Self.frames(phone, section: 2),
                (0..<3).map { rect(22 + third * Double($0), 368, third - 4, 63) } + [
                    rect(22, 435, third - 4, 63)
                ]))
        // iPad: content width 984; grid rows 196.8; section 1 ends at 172 + 433.6.
        let pad = try Self.layout("DistinctSections.json", Self.pad)
        #expect(
            close(Self.frames(pad, section: 0), [22, 66, 110].map { rect(22, $0, 980, 40) }))
        #expect(
            close(
                Self.frames(pad, section: 1),
                (0..<5).map { rect(22 + 196.8 * Double($0), 194, 192.8, 192.8) }
                    + (0..<2).map { rect(22 + 196.8 * Double($0), 390.8, 192.8, 192.8) }))
        #expect(
            close(
                Self.frames(pad, section: 2),
                (0..<3).map { rect(22 + 328 * Double($0), 627.6, 324, 192.8) } + [
                    rect(22, 824.4, 324, 192.8)
                ]))
    }

    @Test func badges() throws {
        // Items a quarter of the 335-point content width (83.75) less 5 insets;
        // a 20×20 badge's top-trailing corner on the item's, moved by
        // (0.3, −0.3) × 20 = (6, −6).
        let phone = try Self.layout("Badges.json", Self.phone)
        #expect(
            close(
                Self.frames(phone, section: 0),
                (0..<4).map { rect(25 + 83.75 * Double($0), 25, 73.75, 57) } + [
                    rect(25, 92, 73.75, 57)
                ]))
        let elements = phone.elements(in: rect(0, 0, 375, 667))
        let badges = elements.filter { $0.category == .supplementary("badge") }
        #expect(badges.count == 5)
        #expect(badges.first?.indexPath == IndexPath(item: 0, section: 0))
        #expect(close(badges.map(\.frame).prefix(1).map { $0 }, [rect(84.75, 19, 20, 20)]))
        // iPad: slots 246 wide, rows 196.8 tall.
        let pad = try Self.layout("Badges.json", Self.pad)
        #expect(
            close(
                Self.frames(pad, section: 0),
                (0..<4).map { rect(25 + 246 * Double($0), 25, 236, 186.8) } + [
                    rect(25, 221.8, 236, 186.8)
                ]))
        let padBadge = pad.elements(in: rect(0, 0, 1024, 768)).first {
            $0.category == .supplementary("badge")
        }
        #expect(padBadge.map { close([$0.frame], [rect(247, 19, 20, 20)]) } == true)
    }

    @Test func nestedGroups() throws {
        // Group: full width, 0.4 of the height (266.8 on the iPhone); a 0.7
        // leading item and a 0.3 vertical group of 2 (each half the height),
        // all with 10-point insets.
        let phone = try Self.layout("NestedGroups.json", Self.phone)
        #expect(
            close(
                Self.frames(phone, section: 0),
                [
                    rect(10, 10, 242.5, 246.8), rect(272.5, 10, 92.5, 113.4),
                    rect(272.5, 143.4, 92.5, 113.4),
                    rect(10, 276.8, 242.5, 246.8), rect(272.5, 276.8, 92.5, 113.4),
                    rect(272.5, 410.2, 92.5, 113.4),
                ]))
        // iPad: group 1024 × 307.2; leading 716.8, trailing 307.2 wide.
        let pad = try Self.layout("NestedGroups.json", Self.pad)
        #expect(
            close(
                Self.frames(pad, section: 0),
                [
                    rect(10, 10, 696.8, 287.2), rect(726.8, 10, 287.2, 133.6),
                    rect(726.8, 163.6, 287.2, 133.6),
                    rect(10, 317.2, 696.8, 287.2), rect(726.8, 317.2, 287.2, 133.6),
                    rect(726.8, 470.8, 287.2, 133.6),
                ]))
    }

    @Test func orthogonalSections() throws {
        // The nested group at 0.85 of the width (318.75) scrolls sideways:
        // group 1 starts at 318.75; the list below starts under the 266.8 row.
        var phone = try Self.layout("OrthogonalSections.json", Self.phone)
        let expected = [
            rect(10, 10, 203.125, 246.8), rect(233.125, 10, 75.625, 113.4),
            rect(233.125, 143.4, 75.625, 113.4),
            rect(328.75, 10, 203.125, 246.8), rect(551.875, 10, 75.625, 113.4),
            rect(551.875, 143.4, 75.625, 113.4),
        ]
        #expect(close(Self.frames(phone, section: 0), expected))
        #expect(
            close(
                Self.frames(phone, section: 1),
                [266.8, 310.8, 354.8].map { rect(0, $0, 375, 44) }))
        #expect(phone.orthogonalContentWidth(inSection: 0) == 637.5)
        #expect(phone.maximumOrthogonalOffset(inSection: 0) == 262.5)
        // Scrolled 100 points, the section's cells move left; a query sees them there.
        phone.setOrthogonalOffset(100, inSection: 0)
        #expect(
            close(Self.frames(phone, section: 0), expected.map { $0.offsetBy(dx: -100, dy: 0) })
        )
        let visible = phone.elements(in: rect(0, 0, 375, 667)).filter {
            $0.indexPath.section == 0
        }
        #expect(visible.map(\.indexPath.item) == [0, 1, 2, 3])  // items 4 and 5 start at 451.875
        phone.setOrthogonalOffset(262.5, inSection: 0)
        #expect(
            phone.elements(in: rect(0, 0, 375, 667)).filter { $0.indexPath.section == 0 }.map(
                \.indexPath.item) == [1, 2, 3, 4, 5])
        // iPad: group 870.4 × 307.2.
        let pad = try Self.layout("OrthogonalSections.json", Self.pad)
        #expect(
            close(
                Self.frames(pad, section: 0),
                [
                    rect(10, 10, 589.28, 287.2), rect(619.28, 10, 241.12, 133.6),
                    rect(619.28, 163.6, 241.12, 133.6),
                    rect(880.4, 10, 589.28, 287.2), rect(1489.68, 10, 241.12, 133.6),
                    rect(1489.68, 163.6, 241.12, 133.6),
                ]))
    }

    @Test func orthogonalSectionBehaviors() throws {
        // Six sections (continuous, continuousGroupLeadingBoundary, paging,
        // groupPaging, groupPagingCentered, none), each a 44-point header and
        // 18 items in groups of 3; orthogonal ones 310.8 tall.
        let phone = try Self.layout("OrthogonalSectionBehaviors.json", Self.phone)
        for section in 0..<4 {
            let top = 310.8 * Double(section)
            #expect(
                close(
                    [phone.frame(ofItem: IndexPath(item: 0, section: section))!],
                    [rect(10, top + 54, 203.125, 246.8)]))
            #expect(
                close(
                    [phone.frame(ofItem: IndexPath(item: 3, section: section))!],
                    [rect(328.75, top + 54, 203.125, 246.8)]))
            #expect(
                close(
                    phone.boundaryElements(inSection: section).map(\.frame),
                    [rect(0, top, 375, 44)]))
        }
        // groupPagingCentered: the group is centred, (375 − 318.75) / 2 = 28.125 in.
        #expect(
            close(
                [phone.frame(ofItem: IndexPath(item: 0, section: 4))!],
                [rect(38.125, 1243.2 + 54, 203.125, 246.8)]))
        // none: full-width groups stacked down the page, 6 of them.
        #expect(
            close(
                [phone.frame(ofItem: IndexPath(item: 3, section: 5))!],
                [rect(10, 1554 + 44 + 266.8 + 10, 242.5, 246.8)]))
        #expect(abs(phone.contentSize.height - (1554 + 44 + 6 * 266.8)) < 1e-9)
        // Where each comes to rest: groups 318.75 apart, pages 375 wide,
        // content 6 × 318.75 = 1912.5 wide (max offset 1537.5).
        #expect(phone.targetOrthogonalOffset(inSection: 0, from: 0, proposed: 123) == 123)
        #expect(phone.targetOrthogonalOffset(inSection: 0, from: 0, proposed: 2000) == 1537.5)
        #expect(phone.targetOrthogonalOffset(inSection: 1, from: 0, proposed: 200) == 318.75)
        #expect(phone.targetOrthogonalOffset(inSection: 1, from: 0, proposed: 100) == 0)
        #expect(phone.targetOrthogonalOffset(inSection: 2, from: 0, proposed: 50) == 375)
        #expect(phone.targetOrthogonalOffset(inSection: 2, from: 375, proposed: 10) == 0)
        #expect(phone.targetOrthogonalOffset(inSection: 3, from: 0, proposed: 50) == 318.75)
        #expect(phone.targetOrthogonalOffset(inSection: 3, from: 318.75, proposed: 1000) == 637.5)
        #expect(phone.targetOrthogonalOffset(inSection: 4, from: 0, proposed: 10) == 318.75)
        #expect(phone.maximumOrthogonalOffset(inSection: 4) == 1968.75 - 375)
        #expect(phone.targetOrthogonalOffset(inSection: 5, from: 0, proposed: 10) == 0)
        // iPad: 0.85 × 1024 = 870.4 wide groups, 0.4 × 768 = 307.2 tall.
        let pad = try Self.layout("OrthogonalSectionBehaviors.json", Self.pad)
        #expect(
            close(
                [pad.frame(ofItem: IndexPath(item: 3, section: 0))!],
                [rect(880.4, 54, 589.28, 287.2)]))
        #expect(
            close(
                [pad.frame(ofItem: IndexPath(item: 0, section: 4))!],
                [rect(76.8 + 10, 4 * 351.2 + 54, 589.28, 287.2)]))
    }

    @Test func sectionHeadersAndFooters() throws {
        // Header above the 10-point top inset, footer below the bottom one;
        // both span the content width (insets followed). Sections 250 tall.
        for size in [Self.phone, Self.pad] {
            let layout = try Self.layout("SectionHeadersFooters.json", size)
            let w = size.width - 20
            for section in 0..<2 {
                let top = 250 * Double(section)
                #expect(
                    close(
                        Self.frames(layout, section: section),
                        [54, 103, 152].map { rect(10, top + $0, w, 44) }))
                let boundary = layout.boundaryElements(inSection: section)
                #expect(
                    boundary.map(\.category) == [
                        .supplementary("header"), .supplementary("footer"),
                    ])
                #expect(
                    close(
                        boundary.map(\.frame),
                        [rect(10, top, w, 44), rect(10, top + 206, w, 44)]))
            }
            #expect(layout.contentSize.height == 500)
        }
    }

    @Test func pinnedSectionHeaders() throws {
        // Sections 44 + 10 + 5 × 44 + 4 × 5 + 10 = 304 tall. A pinned header
        // sticks to the visible top while its section passes, then is pushed
        // up by the section's end (304 − 44 = 260).
        let layout = try Self.layout("PinnedSectionHeaders.json", Self.phone)
        func headers(at y: Double) -> [Rect] {
            let visible = rect(0, y, 375, 667)
            return layout.elements(in: visible, visibleBounds: visible).filter {
                $0.category == .supplementary("header")
            }
            .map(\.frame)
        }
        #expect(headers(at: 0) == [rect(10, 0, 355, 44), rect(10, 304, 355, 44)])
        #expect(headers(at: 100) == [rect(10, 100, 355, 44), rect(10, 304, 355, 44)])
        #expect(headers(at: 280) == [rect(10, 260, 355, 44), rect(10, 304, 355, 44)])
        #expect(headers(at: 400) == [rect(10, 400, 355, 44)])
        // Without visible bounds, headers are at their place in the content.
        #expect(
            layout.elements(in: rect(0, 100, 375, 10)).filter { $0.category != .cell }.isEmpty)
        let pad = try Self.layout("PinnedSectionHeaders.json", Self.pad)
        let visible = rect(0, 150, 1024, 768)
        #expect(
            pad.elements(in: visible, visibleBounds: visible).filter {
                $0.category == .supplementary("header")
            }.map(\.frame)
                == [rect(10, 150, 1004, 44), rect(10, 304, 1004, 44)])
    }

    @Test func sectionBackgroundDecoration() throws {
        // Backgrounds cover the section (10 + 3 × 44 + 2 × 5 + 10 = 162 tall)
        // across the width, less their 5-point insets.
        for size in [Self.phone, Self.pad] {
            let layout = try Self.layout("SectionBackgroundDecoration.json", size)
            let backgrounds = layout.elements(in: rect(0, 0, size.width, 1000)).filter {
                $0.category == .decoration("background")
            }
            #expect(
                backgrounds.map(\.frame) == [
                    rect(5, 5, size.width - 10, 152), rect(5, 167, size.width - 10, 152),
                ])
            #expect(
                close(
                    Self.frames(layout, section: 1),
                    [172, 221, 270].map { rect(10, $0, size.width - 20, 44) }))
            // Decorations come first in their section, behind its cells.
            #expect(
                layout.elements(in: rect(0, 0, size.width, 100)).first?.category
                    == .decoration("background"))
        }
    }

    @Test func estimatedSelfSizingGrid() throws {
        // Items 0.45 of the content width (375 − 16 = 359: 161.55; two fit
        // with 8 between), heights measured: 40, 50, 60, 70, 80. A row is as
        // tall as its tallest cell; rows 8 apart.
        let sizing = ClosureCellSizing { indexPath, _ in 40 + 10 * Double(indexPath.item) }
        var phone = try Self.layout("EstimatedSelfSizingGrid.json", Self.phone, sizing: sizing)
        // Before measuring: estimates (rows of 100).
        #expect(
            close(
                [phone.frame(ofItem: IndexPath(item: 2, section: 0))!],
                [rect(8, 116, 161.55, 100)]))
        _ = try phone.measureItems(in: rect(0, 0, 375, 667))
        #expect(
            close(
                Self.frames(phone, section: 0),
                [
                    rect(8, 8, 161.55, 40), rect(177.55, 8, 161.55, 50),
                    rect(8, 66, 161.55, 60),
                    rect(177.55, 66, 161.55, 70), rect(8, 144, 161.55, 80),
                ]))
        #expect(phone.contentSize.height == 232)
        var pad = try Self.layout("EstimatedSelfSizingGrid.json", Self.pad, sizing: sizing)
        _ = try pad.measureItems(in: rect(0, 0, 1024, 768))
        #expect(
            close(
                Self.frames(pad, section: 0),
                [
                    rect(8, 8, 453.6, 40), rect(469.6, 8, 453.6, 50), rect(8, 66, 453.6, 60),
                    rect(469.6, 66, 453.6, 70), rect(8, 144, 453.6, 80),
                ]))
    }

    @Test func conferenceNewsFeed() throws {
        // A feed of self-sizing posts (measured 60, 80, 100) 10 apart inside
        // 10-point insets, then a carousel of 0.35-wide, 250-tall videos 20
        // apart under a 44-point header.
        let sizing = ClosureCellSizing { indexPath, _ in 60 + 20 * Double(indexPath.item) }
        var phone = try Self.layout("ConferenceNewsFeed.json", Self.phone, sizing: sizing)
        #expect(phone.contentSize.height == 340 + 44 + 250)
        _ = try phone.measureItems(in: rect(0, 0, 375, 667))
        #expect(
            close(
                Self.frames(phone, section: 0),
                [rect(10, 10, 355, 60), rect(10, 80, 355, 80), rect(10, 170, 355, 100)]))
        #expect(
            close(phone.boundaryElements(inSection: 1).map(\.frame), [rect(10, 280, 355, 44)])
        )
        #expect(
            close(
                Self.frames(phone, section: 1),
                [10, 154.25, 298.5, 442.75].map { rect($0, 324, 124.25, 250) }))
        #expect(phone.contentSize.height == 574)
        var pad = try Self.layout("ConferenceNewsFeed.json", Self.pad, sizing: sizing)
        _ = try pad.measureItems(in: rect(0, 0, 1024, 768))
        #expect(
            close(
                Self.frames(pad, section: 0),
                [rect(10, 10, 1004, 60), rect(10, 80, 1004, 80), rect(10, 170, 1004, 100)]))
        #expect(
            close(
                Self.frames(pad, section: 1),
                [10, 381.4, 752.8, 1124.2].map { rect($0, 324, 351.4, 250) }))
    }
}
