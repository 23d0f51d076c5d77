// CollectionBenchmarks: preparing collection layouts and answering rect
// queries at the sizes the issue names (50,000 mosaic items, the sample's
// count; 100,000 self-sizing waterfall items).
//
//   cd Benchmarks && swift package benchmark --target CollectionBenchmarks

import Benchmark
import Trellis
import TrellisSamples

/// A caption source standing in for a self-sizing label until the bird cell
/// template lands: 17-point lines, text of a stored length wrapped at about
/// 7 points per character, measured per item at the column width.
struct WrappingCaption: CellSizing {
    var characterCounts: [Int]

    func height(at indexPath: IndexPath, width: Double) -> Double {
        let perLine = max(1, (width / 7).rounded(.down))
        return 17 * (Double(characterCounts[indexPath.item]) / perLine).rounded(.up)
    }
}

let phone = Rect(x: 0, y: 0, width: 375, height: 812)
let phoneMargins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
let pad = Rect(x: 0, y: 0, width: 1024, height: 768)
let padMargins = EdgeInsets(top: 0, left: 20, bottom: 0, right: 20)

/// Screen-sized rects spread evenly down the content, so a run of queries
/// visits the whole layout and not one cached spot.
func screenRects(count: Int, screen: Rect, contentHeight: Double) -> [Rect] {
    (0..<count).map { index in
        screen.offsetBy(dx: 0, dy: (contentHeight - screen.height) * Double(index) / Double(count))
    }
}

/// Runs `queries` screen-sized queries per scaled iteration and checks the
/// number of elements returned is what `expectedPerQuery` says on average.
func benchmarkQueries<Layout: CollectionLayout>(
    _ name: String, layout: Layout, screen: Rect, configuration: Benchmark.Configuration
) {
    let rects = screenRects(count: 1000, screen: screen, contentHeight: layout.contentSize.height)
    let returned = rects.reduce(0) { $0 + layout.attributes(in: $1).count }
    Benchmark(
        "\(name) (\(returned / rects.count) items returned on average)",
        configuration: configuration
    ) { benchmark in
        var total = 0
        for iteration in benchmark.scaledIterations {
            total &+= layout.attributes(in: rects[iteration % rects.count]).count
        }
        blackHole(total)
    }
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
        maxDuration: .seconds(3), maxIterations: 1_000)
    let queryConfiguration = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .nanoseconds, scalingFactor: .kilo,
        maxDuration: .seconds(3), maxIterations: 1_000)

    Benchmark("Mosaic prepare 50,000 items at 375", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            var layout = MosaicLayout(itemCount: 50_000)
            try layout.prepare(bounds: phone, layoutMargins: .zero, safeAreaInsets: .zero)
            blackHole(layout.contentSize)
        }
    }

    Benchmark("ColumnFlow prepare 50,000 fixed-height items at 1024", configuration: configuration)
    { benchmark in
        for _ in benchmark.scaledIterations {
            var layout = ColumnFlowLayout(itemCounts: [50_000])
            try layout.prepare(bounds: pad, layoutMargins: padMargins, safeAreaInsets: .zero)
            blackHole(layout.contentSize)
        }
    }

    var random = SplitMix64(seed: 6)  // deterministic: every run lays out the same content
    let ratios = (0..<100_000).map { _ in Double.random(in: 0.5...2, using: &random) }
    let captions = WrappingCaption(
        characterCounts: (0..<100_000).map { _ in Int.random(in: 10...140, using: &random) })
    let waterfallSizing = AspectRatioCaptionSizing(aspectRatios: [ratios], caption: captions)

    Benchmark(
        "Waterfall prepare 100,000 self-sizing items, 4 columns at 1024",
        configuration: configuration
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            var layout = WaterfallLayout(
                itemCounts: [100_000], sizing: waterfallSizing, columns: .count(4))
            try layout.prepare(bounds: pad, layoutMargins: padMargins, safeAreaInsets: .zero)
            blackHole(layout.contentSize)
        }
    }

    // Queries: the layouts are prepared once, outside the measurement.
    var mosaic = MosaicLayout(itemCount: 50_000)
    var flow = ColumnFlowLayout(itemCounts: [50_000])
    var waterfall = WaterfallLayout(
        itemCounts: [100_000], sizing: waterfallSizing, columns: .count(4))
    do {
        try mosaic.prepare(bounds: phone, layoutMargins: .zero, safeAreaInsets: .zero)
        try flow.prepare(bounds: pad, layoutMargins: padMargins, safeAreaInsets: .zero)
        try waterfall.prepare(bounds: pad, layoutMargins: padMargins, safeAreaInsets: .zero)
    } catch {
        fatalError("benchmark layouts failed to prepare: \(error)")
    }
    // A self-sizing item near the top reports a new height: its column and
    // the later items move (the worst case for the update).
    Benchmark(
        "Waterfall updateItemHeight near the top of 100,000 items", configuration: configuration
    ) { benchmark in
        // The first change unshares the copied layout's storage; measure
        // only the updates after it.
        var layout = waterfall
        var height = 100.0
        blackHole(
            try layout.updateItemHeight(150, at: IndexPath(item: 5, section: 0), visibleRect: pad))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            height = height == 100 ? 200 : 100
            blackHole(
                try layout.updateItemHeight(
                    height, at: IndexPath(item: 5, section: 0), visibleRect: pad))
        }
    }
    benchmarkQueries(
        "Mosaic attributes(in:) 375×812 rect, 50,000 items", layout: mosaic, screen: phone,
        configuration: queryConfiguration)
    benchmarkQueries(
        "ColumnFlow attributes(in:) 1024×768 rect, 50,000 items", layout: flow, screen: pad,
        configuration: queryConfiguration)
    benchmarkQueries(
        "Waterfall attributes(in:) 1024×768 rect, 100,000 items", layout: waterfall, screen: pad,
        configuration: queryConfiguration)
    benchmarkQueries(
        "Mosaic attributes(in:) empty 0×0 rect, 50,000 items", layout: mosaic,
        screen: Rect(x: 0, y: 0, width: 0, height: 0), configuration: queryConfiguration)
    benchmarkQueries(
        "Mosaic attributes(in:) 375×1 rect, 50,000 items", layout: mosaic,
        screen: Rect(x: 0, y: 0, width: 375, height: 1), configuration: queryConfiguration)
}
