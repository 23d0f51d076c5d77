// SolverBenchmarks: the AnimalTableViewCell system of issue 3 for 10,000
// rows, (a) with a fresh solver per row and (b) with one solver reused through
// edit variables for the width W and the subtitle's intrinsic height ih.
// One benchmark iteration lays out all 10,000 rows: divide the reported time
// by 10,000 for the time per row (Kiwi C++ on this machine: 8.4 µs fresh,
// 0.14 µs reused). Scripts/kiwi-benchmark.sh runs the fresh case against
// Kiwi's C++ in one run (FreshSolverLoop and KiwiComparison/kiwi_animal_cell.cpp).
import AnimalCellSystem
import Benchmark
import Trellis
import TrellisConstraints
import TrellisSamples

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .instructions],
        timeUnits: .microseconds, warmupIterations: 1, maxDuration: .seconds(5),
        maxIterations: 30)

    // (a) Everything fresh per row: variables, constraints and solver (a cell
    // built from scratch for each row).
    Benchmark(
        "AnimalCell 10k rows, fresh variables, constraints and solver per row",
        configuration: configuration
    ) {
        benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0.0
            for row in 0..<rowCount {
                let system = AnimalCellSystem()
                let solver = system.makeSolver()
                total += system.height(
                    in: solver, width: rowWidths[row], intrinsicHeight: rowIntrinsicHeights[row])
            }
            blackHole(total)
        }
    }

    // (a) A fresh solver per row over constraints built once.
    Benchmark(
        "AnimalCell 10k rows, fresh solver per row, constraints built once",
        configuration: configuration
    ) { benchmark in
        let system = AnimalCellSystem()
        for _ in benchmark.scaledIterations {
            var total = 0.0
            for row in 0..<rowCount {
                let solver = system.makeSolver()
                total += system.height(
                    in: solver, width: rowWidths[row], intrinsicHeight: rowIntrinsicHeights[row])
            }
            blackHole(total)
        }
    }

    // (b) One solver reused: two suggestions and updateVariables per row.
    Benchmark("AnimalCell 10k rows, one solver reused", configuration: configuration) {
        benchmark in
        let system = AnimalCellSystem()
        let solver = system.makeSolver()
        for _ in benchmark.scaledIterations {
            var total = 0.0
            for row in 0..<rowCount {
                total += system.height(
                    in: solver, width: rowWidths[row], intrinsicHeight: rowIntrinsicHeights[row])
            }
            blackHole(total)
        }
    }

    // Scale (issue 7): box tables of 10,000 and 100,000 constraints, and
    // chains of 1,000 and 4,000 boxes (BoxTable.swift), all added to one fresh
    // solver per iteration.
    for (rows, columns) in [(40, 50), (125, 160), (1000, 1), (4000, 1)] {
        Benchmark(
            "Box table \(rows)x\(columns), \(5 * rows * columns) constraints in one solver",
            configuration: .init(
                metrics: [.wallClock, .cpuTotal, .peakMemoryResident], timeUnits: .milliseconds,
                warmupIterations: 0, maxDuration: .seconds(5), maxIterations: 5)
        ) { benchmark in
            let system = BoxTableSystem(rows: rows, columns: columns)
            for _ in benchmark.scaledIterations { blackHole(system.solve()) }
        }
    }
}
