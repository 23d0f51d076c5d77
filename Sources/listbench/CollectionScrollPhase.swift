// Phase 7 for `--layout column|mosaic|waterfall`: prepare a collection layout
// over every row (self-sizing items measured by the template), then fling
// through it at 120 Hz asking `attributes(in:)` for the visible rect each frame
// and recycling cells through a reuse pool.

import CLISupport
import Trellis

/// A cell of the simulated collection view.
final class CollectionCell: ReusableCell {
    let reuseIdentifier: String
    init(reuseIdentifier: String) { self.reuseIdentifier = reuseIdentifier }
    func prepareForReuse() {}
}

struct CollectionScrollPhase<Item>: ScrollPhaseRunner {
    let items: [Item]
    /// A row's media size, for the waterfall's aspect ratios.
    let mediaSize: (Item) -> Size?
    let configuration: BenchConfiguration

    func run<T: CellTemplate>(_ template: T, path: String) throws(CellError) -> ScrollFigures
    where T.Item == Item {
        showProgress(
            "7 scroll (\(configuration.layout.rawValue), \(path)): preparing \(items.count) items…")
        defer { endProgress() }
        let sizing = TemplateSizing(template: template, items: items)
        let counts = [items.count]
        let bounds = Rect(
            x: 0, y: 0, width: configuration.width, height: ScrollSettings.viewportHeight)
        let margins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
        do {
            switch configuration.layout {
            case .column:
                var layout = ColumnFlowLayout(itemCounts: counts, sizing: sizing)
                return try fling(&layout, bounds: bounds, margins: margins, sizing: sizing)
            case .mosaic:
                var layout = MosaicLayout(itemCount: items.count)
                return try fling(&layout, bounds: bounds, margins: margins, sizing: sizing)
            case .compositional:
                let setup =
                    configuration.compositional ?? CompositionalSetup.builtIn(rows: items.count)
                return try CompositionalScrollPhase(
                    items: items, configuration: configuration, setup: setup
                ).run(
                    template, path: path)
            case .waterfall, .table:
                // `.table` never reaches this phase (BenchRunner sends it to
                // ScrollPhase); a waterfall is the closest collection to it.
                var layout = WaterfallLayout(
                    itemCounts: counts,
                    sizing: TemplateWaterfallSizing(sizing: sizing, mediaSize: mediaSize),
                    displayScale: configuration.scale)
                return try fling(&layout, bounds: bounds, margins: margins, sizing: sizing)
            }
        } catch let error as CellError {
            throw error
        } catch {
            throw sizing.error
                ?? CellError(
                    template: configuration.templateName, message: "scroll phase: \(error)")
        }
    }

    /// Prepares the layout (frame 0: every self-sizing item is measured here,
    /// as UICollectionViewLayout's `prepare` does), then flings down to the end
    /// and back up with UIScrollView's deceleration (0.998 per ms), restarting
    /// a fling whenever the speed falls below 1,000 pt/s.
    private func fling<L: CollectionLayout, T: CellTemplate>(
        _ layout: inout L, bounds: Rect, margins: EdgeInsets, sizing: TemplateSizing<T>
    ) throws -> ScrollFigures {
        var frameTimes: [Double] = []
        let start = monotonicNanoseconds()
        try layout.prepare(bounds: bounds, layoutMargins: margins, safeAreaInsets: .zero)
        if let error = sizing.error { throw error }
        frameTimes.append(Double(monotonicNanoseconds() - start) / 1e3)

        var cells = CollectionCellRecycler()
        let maxOffset = max(0, layout.contentSize.height - bounds.height)
        let dt = 1000.0 / 120
        var offset = 0.0
        for direction in [1.0, -1.0] {
            var velocity = direction * ScrollSettings.flingVelocity
            while direction > 0 ? offset < maxOffset : offset > 0 {
                if abs(velocity) < 1000 { velocity = direction * ScrollSettings.flingVelocity }
                offset = min(maxOffset, max(0, offset + velocity * dt / 1000))
                velocity *= pow(0.998, dt)
                let frameStart = monotonicNanoseconds()
                let visible = layout.attributes(
                    in: Rect(x: 0, y: offset, width: bounds.width, height: bounds.height))
                try cells.show(visible.lazy.filter { $0.kind == .cell }.map(\.indexPath))
                frameTimes.append(Double(monotonicNanoseconds() - frameStart) / 1e3)
            }
        }
        // Items are measured in prepare, before any scrolling: nothing on
        // screen can move while the layout is scrolled.
        return cells.figures(
            frameTimes: frameTimes, rowsMeasured: layout is MosaicLayout ? 0 : items.count,
            maxAnchorDrift: 0)
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// The cells on screen during a scroll phase of a collection layout, taken
/// from and given back to a reuse pool as items come into and leave view.
struct CollectionCellRecycler {
    let pool = ReusePool<CollectionCell>()
    private var onScreen: [IndexPath: CollectionCell] = [:]

    init() {
        pool.register({ CollectionCell(reuseIdentifier: "item") }, forCellReuseIdentifier: "item")
    }

    /// Shows the items at `indexPaths`: cells already on screen stay, new
    /// items dequeue one, and the cells of items gone are enqueued.
    mutating func show(_ indexPaths: some Sequence<IndexPath>) throws {
        var next: [IndexPath: CollectionCell] = [:]
        for indexPath in indexPaths {
            if let cell = onScreen.removeValue(forKey: indexPath) {
                next[indexPath] = cell
            } else {
                next[indexPath] = try pool.dequeueReusableCell(withIdentifier: "item")
            }
        }
        for cell in onScreen.values { pool.enqueue(cell) }
        onScreen = next
    }

    /// The phase's figures from its frame times and the pool's counts.
    func figures(frameTimes: [Double], rowsMeasured: Int, maxAnchorDrift: Double)
        -> ScrollFigures
    {
        let sorted = frameTimes.sorted()
        let counts = pool.counts["item"] ?? .init()
        return ScrollFigures(
            frames: frameTimes.count, p50Microseconds: percentile(sorted, 50),
            p99Microseconds: percentile(sorted, 99),
            maxMicroseconds: sorted.last ?? 0, overBudget: frameTimes.count { $0 > 8330 },
            overBudgetCPU: frameTimes.count { $0 > 8330 },
            p99CPUMicroseconds: percentile(sorted, 99),
            rowsMeasured: rowsMeasured, cellsCreated: counts.made, cellsReused: counts.reused,
            maxAnchorDrift: maxAnchorDrift, frameMicroseconds: frameTimes)
    }
}
