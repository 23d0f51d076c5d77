// TableBenchmarks: the virtualized table at scale. Opening 1,000,000 rows,
// memory per row, row-at-offset, inserting 1,000 rows into 1,000,000, and the
// per-frame layout work of a fling with a realistic synthetic height source.
//
//   cd Benchmarks && swift package benchmark --target TableBenchmarks

import Benchmark
import Trellis
import TrellisSamples

/// An AnimalTableViewCell-like height without the text engine: a 76-point
/// image column, a one-line title and a subtitle wrapped greedily at
/// `width - 88`. The subtitle is 20 to 80 words of 2 to 11 characters,
/// derived from the row number; each character's advance comes from a small
/// table of 17-point-ish widths, so each measurement walks the text like a
/// cached line breaker would. Heights are rounded up to the 1/3-point grid.
struct SyntheticAnimalCellSizing: CellSizing {
    private static let advances: [Double] = [
        9.4, 8.1, 7.9, 9.6, 8.8, 5.2, 9.3, 9.2, 4.1, 4.3, 8.4, 4.1, 14.2, 9.2, 9.1, 9.5, 9.4,
        6.0, 7.6, 5.6, 9.2, 8.2, 12.2, 8.0, 8.3, 7.7,
    ]

    func height(at indexPath: IndexPath, width: Double) -> Double {
        var state = UInt64(truncatingIfNeeded: indexPath.row &* 2_654_435_761 &+ indexPath.section)
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let available = width - 88
        let space = 4.3
        var lines = 1
        var lineWidth = 0.0
        for _ in 0..<(20 + Int(next() % 61)) {
            var word = 0.0
            for _ in 0..<(2 + Int(next() % 10)) {
                word += Self.advances[Int(next() % 26)]
            }
            let needed = lineWidth == 0 ? word : lineWidth + space + word
            if needed <= available || lineWidth == 0 {
                lineWidth = needed
            } else {
                lines += 1
                lineWidth = word
            }
        }
        let subtitle = Double(lines) * 20.287109375  // line height of a 17-point font
        let height = max(76, 12 + 22.0 + 4 + subtitle + 12)
        return (height * 3).rounded(.up) / 3
    }
}

/// A per-run number reported as it is (not scaled by iterations).
private func counter(_ name: String) -> BenchmarkMetric {
    .custom(name, polarity: .prefersSmaller, useScalingFactor: false)
}

private func oneMillionRows() throws -> TableLayout<SyntheticAnimalCellSizing> {
    try TableLayout(
        sections: [TableSection(rowCount: 1_000_000)], estimate: .uniform(44),
        sizing: SyntheticAnimalCellSizing(), width: 390, viewportHeight: 844)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration.maxDuration = .seconds(3)

    Benchmark(
        "Open 1,000,000 rows (uniform estimate)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxIterations: 50)
    ) { benchmark in
        let table = try oneMillionRows()
        blackHole(table.contentHeight)
    }

    Benchmark(
        "Open 1,000,000 rows (per-row estimates)",
        configuration: .init(metrics: [.wallClock], maxIterations: 30)
    ) { benchmark in
        let table = try TableLayout(
            sections: [TableSection(rowCount: 1_000_000)],
            estimate: .perRow { path in path.row % 3 == 0 ? 120 : 76 },
            sizing: SyntheticAnimalCellSizing(), width: 390, viewportHeight: 844)
        blackHole(table.contentHeight)
    }

    let bytesPerThousand = counter("index bytes per 1,000 rows")
    Benchmark(
        "Index memory (1,000,000 rows)",
        configuration: .init(metrics: [bytesPerThousand], maxIterations: 1)
    ) { benchmark in
        let table = try oneMillionRows()
        benchmark.measurement(bytesPerThousand, table.indexMemoryBytes / 1_000)
    }

    Benchmark(
        "Synthetic AnimalTableViewCell height (one row)",
        configuration: .init(metrics: [.wallClock, .instructions], scalingFactor: .kilo)
    ) { benchmark in
        let sizing = SyntheticAnimalCellSizing()
        for i in benchmark.scaledIterations {
            blackHole(sizing.height(at: IndexPath(row: i, section: 0), width: 390))
        }
    }

    Benchmark(
        "Row at offset (1,000,000 rows)",
        configuration: .init(metrics: [.wallClock, .instructions], scalingFactor: .kilo)
    ) { (benchmark: Benchmark, context: (TableLayout<SyntheticAnimalCellSizing>, [Double])) in
        let (table, offsets) = context
        for i in benchmark.scaledIterations {
            blackHole(table.indexPathForRow(at: Point(x: 10, y: offsets[i % offsets.count])))
        }
    } setup: {
        var table = try oneMillionRows()
        // Measure a few screens here and there so heights are mixed.
        for row in stride(from: 0, to: 1_000_000, by: 50_000) {
            try table.scrollToRow(at: IndexPath(row: row, section: 0), at: .top)
        }
        var state: UInt64 = 12_345
        let offsets = (0..<4_096).map { _ -> Double in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53) * table.contentHeight
        }
        return (table, offsets)
    }

    var state: UInt64 = 99
    var scattered = Set<Int>()
    while scattered.count < 1_000 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        scattered.insert(Int(state >> 33) % 1_001_000)
    }
    let insertions = [
        ("one block in the middle", Array(500_000..<501_000)),
        ("random places", scattered.sorted()),
    ]
    for (name, rows) in insertions {
        // The update and the layout pass that follows it (measuring what
        // came into view); opening the table is not timed.
        Benchmark(
            "Insert 1,000 rows into 1,000,000 (\(name))",
            configuration: .init(metrics: [.wallClock], maxIterations: 30)
        ) { benchmark in
            var table = try oneMillionRows()
            try table.scrollToRow(at: IndexPath(row: 500_500, section: 0), at: .top)
            var updates = TableUpdates()
            updates.insertRows(at: rows.map { IndexPath(row: $0, section: 0) })
            benchmark.startMeasurement()
            try table.performBatchUpdates(updates, sections: [TableSection(rowCount: 1_001_000)])
            try table.layoutIfNeeded()
            benchmark.stopMeasurement()
            blackHole(table.contentHeight)
        }
    }

    // A snapshot of 1,000,000 identifiers applied to a table holding the
    // previous one, with 1% changed: 2,500 each inserted, deleted, moved
    // and reloaded at seeded random places. Opening the table and building
    // the snapshots are not timed; the apply (pairing, diff, in-place
    // rearrangement) and the layout pass after it are.
    Benchmark(
        "Apply a 1,000,000-item snapshot with 1% changed",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxIterations: 10)
    ) { benchmark in
        var state: UInt64 = 2026
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var ids = Array(0..<1_000_000)
        func snapshot(_ ids: [Int]) throws -> ListSnapshot<Int, Int> {
            var snapshot = ListSnapshot<Int, Int>()
            snapshot.appendSections([0])
            try snapshot.appendItems(ids, toSection: 0)
            return snapshot
        }
        var list = try DiffableTableLayout(
            snapshot: try snapshot(ids), estimate: .uniform(44),
            sizing: SyntheticAnimalCellSizing(), width: 390, viewportHeight: 844)
        try list.scrollToRow(at: IndexPath(row: 500_000, section: 0), at: .top)
        var reloads: [Int] = []
        for k in 0..<2_500 {
            ids.insert(1_000_000 + k, at: next(ids.count + 1))
            ids.remove(at: next(ids.count))
            let moved = ids.remove(at: next(ids.count))
            ids.insert(moved, at: next(ids.count + 1))
            reloads.append(ids[next(ids.count)])
        }
        var changed = try snapshot(ids)
        // A row reloaded, then deleted by a later change, is gone.
        let present = Set(ids)
        changed.reloadItems(Array(Set(reloads.filter { present.contains($0) })))
        benchmark.startMeasurement()
        try list.apply(changed)
        try list.layoutIfNeeded()
        benchmark.stopMeasurement()
        blackHole(list.table.contentHeight)
    }

    for framesPerSecond in [60, 120] {
        let p50 = counter("frame p50 (ns)")
        let p99 = counter("frame p99 (ns)")
        let worst = counter("frame max (ns)")
        let over = counter("frames over 8.33 ms")
        let cpuP50 = counter("frame CPU p50 (ns)")
        let cpuP99 = counter("frame CPU p99 (ns)")
        let cpuMax = counter("frame CPU max (ns)")
        let cpuOver = counter("frames over 8.33 ms CPU")
        let drift = counter("max anchor drift (1/768 pt)")
        let frames = counter("frames")
        let made = counter("cells made")
        Benchmark(
            "Fling 10,000 rows down, back and to the end at \(framesPerSecond) fps",
            configuration: .init(
                metrics: [
                    .wallClock, p50, p99, worst, over, cpuP50, cpuP99, cpuMax, cpuOver, drift,
                    frames, made,
                ],
                maxIterations: 3)
        ) { benchmark in
            var table = try TableLayout(
                sections: [TableSection(rowCount: 10_000)], estimate: .uniform(44),
                sizing: SyntheticAnimalCellSizing(), width: 390, viewportHeight: 844)
            let simulation = ScrollSimulation(
                script: ScrollStep.downAndBack(velocity: 8_000),
                options: ScrollSimulationOptions(framesPerSecond: framesPerSecond))
            let summary = try simulation.run(&table).summary
            func nanoseconds(_ d: Duration) -> Int {
                Int(d.components.seconds) * 1_000_000_000
                    + Int(d.components.attoseconds / 1_000_000_000)
            }
            benchmark.measurement(p50, nanoseconds(summary.layoutTimeP50))
            benchmark.measurement(p99, nanoseconds(summary.layoutTimeP99))
            benchmark.measurement(worst, nanoseconds(summary.layoutTimeMax))
            benchmark.measurement(over, summary.framesOverBudget)
            benchmark.measurement(cpuP50, nanoseconds(summary.layoutCPUTimeP50))
            benchmark.measurement(cpuP99, nanoseconds(summary.layoutCPUTimeP99))
            benchmark.measurement(cpuMax, nanoseconds(summary.layoutCPUTimeMax))
            benchmark.measurement(cpuOver, summary.framesOverBudgetCPU)
            benchmark.measurement(drift, Int((summary.maxAnchorDrift * 768).rounded()))
            benchmark.measurement(frames, summary.frameCount)
            benchmark.measurement(made, summary.cellsMade)
        }
    }
}
