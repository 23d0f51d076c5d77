// SolverBenchmarks: the AnimalTableViewCell system of issue 3 for 10,000
// rows, (a) with a fresh solver per row and (b) with one solver reused through
// edit variables for the width W and the subtitle's intrinsic height ih.
// One benchmark iteration lays out all 10,000 rows: divide the reported time
// by 10,000 for the time per row (Kiwi C++ on this machine: 8.4 µs fresh,
// 0.14 µs reused).
import Benchmark
import Trellis

/// The rows' inputs: a few device widths, and one to four lines of 20.5 pt.
let rowCount = 10_000
let rowWidths: [Double] = (0..<rowCount).map { [320.0, 375, 390, 414, 768][$0 % 5] }
let rowIntrinsicHeights: [Double] = (0..<rowCount).map { 20.5 * Double(1 + ($0 * 7) % 4) }

/// The cell's variables and constraints (W and ih enter as edit variables).
final class AnimalCellSystem {
    let width = Variable("W"), height = Variable("H"), intrinsicHeight = Variable("ih")
    let constraints: [Constraint]

    init() {
        let coverLeft = Variable("cover.left"), coverTop = Variable("cover.top")
        let coverWidth = Variable("cover.width"), coverHeight = Variable("cover.height")
        let titleLeft = Variable("title.left"), titleTop = Variable("title.top")
        let titleRight = Variable("title.right"), titleHeight = Variable("title.height")
        let subtitleLeft = Variable("subtitle.left"), subtitleTop = Variable("subtitle.top")
        let subtitleRight = Variable("subtitle.right")
        let subtitleHeight = Variable("subtitle.height")
        let coverRight = coverLeft + coverWidth
        constraints = [
            coverLeft == 16, coverTop == 16, coverWidth == 40, coverHeight == 40,
            titleLeft == coverRight + 16, titleTop == 16, titleRight == width - 16,
            titleHeight == 16,
            subtitleLeft == coverRight + 16,
            subtitleTop == titleTop + titleHeight + 16,
            subtitleRight == width - 16,
            Constraint(
                subtitleTop + subtitleHeight, .equal, height - 16, priority: .defaultHigh),
            Constraint(
                Expression(subtitleHeight), .greaterThanOrEqual, Expression(intrinsicHeight),
                priority: .defaultHigh),
            Constraint(
                Expression(subtitleHeight), .lessThanOrEqual, Expression(intrinsicHeight),
                priority: .defaultLow),
            Constraint(Expression(height), .equal, Expression(0), priority: .fittingSizeLevel),
        ]
    }

    /// A solver holding the system, W and ih as edit variables at 999.
    func makeSolver() -> Solver {
        let solver = Solver()
        for constraint in constraints { _ = try? solver.add(constraint) }
        try? solver.addEditVariable(width, priority: 999)
        try? solver.addEditVariable(intrinsicHeight, priority: 999)
        return solver
    }

    /// Lays out one row and returns H (= 64 + ih).
    func height(in solver: Solver, width: Double, intrinsicHeight ih: Double) -> Double {
        try? solver.suggestValue(width, for: self.width)
        try? solver.suggestValue(ih, for: intrinsicHeight)
        solver.updateVariables()
        return height.value
    }
}

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
