// `--layout compositional` and `--layout FILE.json`: phase 7 on a
// compositional layout. Self-sizing cells are measured lazily, as they come
// into view, with the first visible item anchored; after the fling every
// item's frame is taken, and the frames and constraints paths must give the
// same frames. `--dump-frames` writes them.

import ArgumentParser
import CLISupport
import Foundation
import Trellis
import TrellisTemplateSource

/// `--layout`: a built-in layout kind or a compositional layout file.
enum LayoutOption: ExpressibleByArgument {
    case kind(ListLayoutKind)
    case file(String)

    init?(argument: String) {
        if let kind = ListLayoutKind(rawValue: argument) {
            self = .kind(kind)
        } else if TemplateSource.namesFile(argument) {
            self = .file(argument)
        } else {
            return nil
        }
    }

    var kind: ListLayoutKind {
        switch self {
        case .kind(let kind): return kind
        case .file: return .compositional
        }
    }

    var defaultValueDescription: String {
        switch self {
        case .kind(let kind): return kind.rawValue
        case .file(let path): return path
        }
    }
}

/// A compositional layout for the scroll phase, and the frames each path gave.
final class CompositionalSetup {
    let name: String
    let sections: [LayoutSection]
    let itemCounts: [Int]
    /// Every item's frame (orthogonal sections at offset 0), per path, once measured.
    private(set) var frames: [String: [[Rect]]] = [:]

    init(name: String, sections: [LayoutSection], itemCounts: [Int]) {
        self.name = name
        self.sections = sections
        self.itemCounts = itemCounts
    }

    var totalItems: Int { itemCounts.reduce(0, +) }

    /// Reads `--layout FILE.json`.
    static func load(path: String) throws -> CompositionalSetup {
        do {
            let file = try CompositionalLayoutFile.load(path: path)
            return CompositionalSetup(
                name: path, sections: file.sections, itemCounts: file.itemCounts)
        } catch {
            throw CLIFailure.data("\(error)")
        }
    }

    /// The built-in layout for `rows` rows: a carousel of cards (an
    /// orthogonal section paging by group, under a header), a grid of
    /// self-sizing cells two to a row, and a self-sizing list with a pinned
    /// header taking the remaining rows.
    static func builtIn(rows: Int) -> CompositionalSetup {
        let carousel = min(20, max(1, rows / 10))
        let grid = max(0, min(rows - carousel, rows * 3 / 10))
        let list = max(0, rows - carousel - grid)
        func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension) -> LayoutSize {
            LayoutSize(widthDimension: w, heightDimension: h)
        }
        let header = LayoutBoundaryItem(
            kind: "header", layoutSize: size(.fractionalWidth(1), .absolute(44)), alignment: .top)
        var pinned = header
        pinned.pinToVisibleBounds = true

        let card = CollectionLayoutItem(
            layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)),
            contentInsets: DirectionalInsets(all: 8))
        var carouselSection = LayoutSection(
            group: .horizontal(
                size(.fractionalWidth(0.8), .absolute(220)), subitems: [.item(card)]),
            contentInsets: DirectionalInsets(top: 0, leading: 8, bottom: 8, trailing: 8),
            orthogonalScrollingBehavior: .groupPaging, boundarySupplementaryItems: [header])
        carouselSection.interGroupSpacing = 0

        var gridGroup = LayoutGroup.horizontal(
            size(.fractionalWidth(1), .estimated(200)),
            subitems: [
                .item(
                    CollectionLayoutItem(layoutSize: size(.fractionalWidth(0.5), .estimated(200))))
            ])
        gridGroup.count = 2
        gridGroup.interItemSpacing = .fixed(8)
        let gridSection = LayoutSection(
            group: gridGroup, interGroupSpacing: 8, contentInsets: DirectionalInsets(all: 8),
            boundarySupplementaryItems: [header],
            decorationItems: [LayoutDecorationItem(kind: "background")])

        var listGroup = LayoutGroup.horizontal(
            size(.fractionalWidth(1), .estimated(100)),
            subitems: [
                .item(CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(100))))
            ])
        listGroup.count = 1
        let listSection = LayoutSection(
            group: listGroup, interGroupSpacing: 1, boundarySupplementaryItems: [pinned])
        return CompositionalSetup(
            name: "compositional (carousel \(carousel), grid \(grid), list \(list))",
            sections: [carouselSection, gridSection, listSection],
            itemCounts: [carousel, grid, list])
    }

    /// Keeps a path's frames; once both paths have given theirs, any
    /// difference is an error naming the first item that differs.
    func record(_ frames: [[Rect]], path: String, template: String) throws(CellError) {
        self.frames[path] = frames
        guard let first = self.frames["frames"], let second = self.frames["constraints"] else {
            return
        }
        for (section, pair) in zip(first, second).enumerated() {
            for (item, (a, b)) in zip(pair.0, pair.1).enumerated() where a != b {
                throw CellError(
                    template: template,
                    message:
                        "compositional layout: frames and constraints disagree at item [\(section), \(item)]: \(a) against \(b)"
                )
            }
        }
    }

    /// `section item x y width height`, one line per item.
    func dump() -> String? {
        guard let frames = frames["frames"] ?? frames["constraints"] else { return nil }
        var text = ""
        for (section, items) in frames.enumerated() {
            for (item, frame) in items.enumerated() {
                text +=
                    "\(section) \(item) \(formatPoints(frame.minX)) \(formatPoints(frame.minY)) \(formatPoints(frame.width)) \(formatPoints(frame.height))\n"
            }
        }
        return text
    }
}

/// Counts the cells a layout measures.
final class CountingSizing<Base: CellSizing>: CellSizing {
    let base: Base
    private(set) var calls = 0
    init(base: Base) { self.base = base }
    func height(at indexPath: TrellisLists.IndexPath, width: Double) -> Double {
        calls += 1
        return base.height(at: indexPath, width: width)
    }
}

struct CompositionalScrollPhase<Item> {
    let items: [Item]
    let configuration: BenchConfiguration
    let setup: CompositionalSetup

    func run<T: CellTemplate>(_ template: T, path: String) throws(CellError) -> ScrollFigures
    where T.Item == Item {
        showProgress("7 scroll (\(setup.name), \(path)): preparing \(items.count) items…")
        defer { endProgress() }
        let sizing = TemplateSizing(template: template, items: items)
        let counting = CountingSizing(
            base: SectionRowsSizing(base: sizing, itemCounts: setup.itemCounts))
        var layout = CompositionalLayout(
            sections: setup.sections, itemCounts: setup.itemCounts, sizing: counting)
        do {
            let figures = try fling(&layout, counting: counting, sizing: sizing)
            try layout.measureAllItems()
            if let error = sizing.error { throw error }
            try setup.record(
                layout.itemFramesAtOrthogonalOffsetZero, path: path,
                template: configuration.templateName)
            return figures
        } catch let error as CellError {
            throw error
        } catch {
            throw sizing.error
                ?? CellError(
                    template: configuration.templateName, message: "scroll phase: \(error)")
        }
    }

    /// Prepares (frame 0: nothing is measured), then flings to the end and
    /// back; each frame measures the cells coming into view, restores the
    /// anchor, and asks for the visible elements. The anchor drift is how
    /// far the first visible item moved on screen when cells were measured.
    private func fling<S: CellSizing, T: CellTemplate>(
        _ layout: inout CompositionalLayout<S>,
        counting: CountingSizing<SectionRowsSizing<TemplateSizing<T>>>,
        sizing: TemplateSizing<T>
    ) throws -> ScrollFigures {
        let size = Size(width: configuration.width, height: ScrollSettings.viewportHeight)
        var frameTimes: [Double] = []
        let start = monotonicNanoseconds()
        try layout.prepare(
            bounds: Rect(origin: Point(x: 0, y: 0), size: size),
            layoutMargins: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16),
            safeAreaInsets: .zero)
        frameTimes.append(Double(monotonicNanoseconds() - start) / 1e3)

        var cells = CollectionCellRecycler()
        var drift = 0.0
        let dt = 1000.0 / 120
        var offset = 0.0
        for direction in [1.0, -1.0] {
            var velocity = direction * ScrollSettings.flingVelocity
            while true {
                let maxOffset = max(0, layout.contentSize.height - size.height)
                guard direction > 0 ? offset < maxOffset : offset > 0 else { break }
                if abs(velocity) < 1000 { velocity = direction * ScrollSettings.flingVelocity }
                offset = min(maxOffset, max(0, offset + velocity * dt / 1000))
                velocity *= pow(0.998, dt)
                let frameStart = monotonicNanoseconds()
                var visible = Rect(origin: Point(x: 0, y: offset), size: size)
                let anchor = layout.anchor(in: visible)
                offset = try layout.measureItems(in: visible).y
                if let error = sizing.error { throw error }
                visible.origin.y = offset
                if let anchor, let frame = layout.frame(ofItem: anchor.indexPath) {
                    drift = max(drift, abs((frame.minY - offset) - anchor.distanceFromTop))
                }
                try cells.show(
                    layout.elements(in: visible, visibleBounds: visible).lazy
                        .filter { $0.category == .cell }.map(\.indexPath))
                frameTimes.append(Double(monotonicNanoseconds() - frameStart) / 1e3)
            }
        }
        return cells.figures(
            frameTimes: frameTimes, rowsMeasured: counting.calls, maxAnchorDrift: drift)
    }
}
