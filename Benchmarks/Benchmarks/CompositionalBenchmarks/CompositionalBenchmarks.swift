// CompositionalBenchmarks: visible-rect queries on compositional layouts of
// 1,000,000 items (the bound: under 10 µs at any offset), and
// preparing them.
//
//   cd Benchmarks && swift package benchmark --target CompositionalBenchmarks

import Benchmark
import Trellis

let phone = Rect(x: 0, y: 0, width: 375, height: 812)

func size(_ w: CollectionLayoutDimension, _ h: CollectionLayoutDimension) -> LayoutSize {
    LayoutSize(widthDimension: w, heightDimension: h)
}

/// Apple's grid: five items a row, rows a fifth of the width tall.
let grid = LayoutSection(
    group: .horizontal(
        size(.fractionalWidth(1), .fractionalWidth(0.2)),
        subitems: [
            .item(
                CollectionLayoutItem(
                    layoutSize: size(.fractionalWidth(0.2), .fractionalHeight(1)),
                    contentInsets: DirectionalInsets(all: 5)))
        ]))

/// Apple's nested groups (a large item beside two stacked ones), with badges.
let nested: LayoutSection = {
    let badge = LayoutSupplementaryItem(
        kind: "badge", layoutSize: size(.absolute(20), .absolute(20)), edges: [.top, .trailing],
        fractionalOffset: Point(x: 0.3, y: -0.3))
    let leading = CollectionLayoutItem(
        layoutSize: size(.fractionalWidth(0.7), .fractionalHeight(1)),
        contentInsets: DirectionalInsets(all: 10),
        supplementaryItems: [badge])
    let trailing = LayoutGroup(
        axis: .vertical, layoutSize: size(.fractionalWidth(0.3), .fractionalHeight(1)),
        subitems: [
            .item(
                CollectionLayoutItem(
                    layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.3)),
                    contentInsets: DirectionalInsets(all: 10)))
        ],
        count: 2)
    return LayoutSection(
        group: .horizontal(
            size(.fractionalWidth(1), .absolute(260)), subitems: [.item(leading), .group(trailing)]),
        boundarySupplementaryItems: [
            LayoutBoundaryItem(
                kind: "header", layoutSize: size(.fractionalWidth(1), .absolute(44)),
                alignment: .top, pinToVisibleBounds: true)
        ])
}()

/// A carousel: groups 0.85 of the width, paging by group.
let carousel = LayoutSection(
    group: .horizontal(
        size(.fractionalWidth(0.85), .absolute(200)),
        subitems: [
            .item(CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1))))
        ]),
    interGroupSpacing: 10, orthogonalScrollingBehavior: .groupPaging)

/// A self-sizing list: rows estimated at 100, measured 40 to 130.
let selfSizingList = LayoutSection(
    group: LayoutGroup(
        axis: .horizontal, layoutSize: size(.fractionalWidth(1), .estimated(100)),
        subitems: [
            .item(CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .estimated(100))))
        ],
        count: 1),
    interGroupSpacing: 1)

/// Self-sizing rows measured 40 to 130 points, by item.
struct RowHeights: CellSizing, Sendable {
    func height(at indexPath: IndexPath, width: Double) -> Double {
        40 + Double((indexPath.item &* 7919) % 91)
    }
}

/// Screen-sized rects spread evenly down the content (and, for orthogonal
/// sections, scrolled sideways), so the runs visit every offset.
func screenRects(count: Int, contentHeight: Double) -> [Rect] {
    (0..<count).map { index in
        phone.offsetBy(
            dx: 0, dy: (contentHeight - phone.height) * Double(index) / Double(count - 1))
    }
}

func prepared(_ sections: [LayoutSection], _ counts: [Int], measureAll: Bool = false)
    -> CompositionalLayout<RowHeights>
{
    var layout = CompositionalLayout(sections: sections, itemCounts: counts, sizing: RowHeights())
    do {
        try layout.prepare(bounds: phone, layoutMargins: .zero, safeAreaInsets: .zero)
        if measureAll { try layout.measureAllItems() }
    } catch {
        fatalError("benchmark layout failed to prepare: \(error)")
    }
    return layout
}

let benchmarks: @Sendable () -> Void = {
    let queryConfiguration = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .nanoseconds, scalingFactor: .kilo,
        maxDuration: .seconds(3), maxIterations: 1_000)
    let prepareConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
        maxDuration: .seconds(3), maxIterations: 100)

    let layouts: [(String, CompositionalLayout<RowHeights>)] = [
        ("grid of 1,000,000 items", prepared([grid], [1_000_000])),
        (
            "nested groups with badges and pinned headers, 1,000,000 items",
            prepared([nested], [1_000_000])
        ),
        (
            "carousel 1,000 + grid 499,000 + self-sizing list 500,000 (measured)",
            prepared(
                [carousel, grid, selfSizingList], [1_000, 499_000, 500_000], measureAll: true)
        ),
        (
            "self-sizing list of 1,000,000 items (estimates)",
            prepared([selfSizingList], [1_000_000])
        ),
    ]
    for (name, layout) in layouts {
        var layout = layout
        layout.setOrthogonalOffset(5_000, inSection: 0)
        let rects = screenRects(count: 1000, contentHeight: layout.contentSize.height)
        let returned = rects.reduce(0) { $0 + layout.elements(in: $1, visibleBounds: $1).count }
        let frozen = layout
        Benchmark(
            "Query \(name) (\(returned / rects.count) elements a screen)",
            configuration: queryConfiguration
        ) {
            benchmark in
            var total = 0
            for iteration in benchmark.scaledIterations {
                let rect = rects[iteration % rects.count]
                total &+= frozen.elements(in: rect, visibleBounds: rect).count
            }
            blackHole(total)
        }
    }

    Benchmark(
        "Prepare grid + nested + carousel + self-sizing list, 1,000,000 items",
        configuration: prepareConfiguration
    ) {
        benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(
                prepared(
                    [carousel, grid, nested, selfSizingList], [1_000, 300_000, 300_000, 399_000]
                ).contentSize)
        }
    }
}
