// Phase 7: the table's scripted fling at 120 Hz with lazy measurement, once
// per path, each through its own template behind a `CellSizing` adapter. The
// table has sections of 100 rows with section headers, so the drift figure
// covers headers kept in place as well as rows.

import CLISupport
import Trellis
import TrellisData

/// The simulated screen and gesture, shared by every scroll phase and scenario.
enum ScrollSettings {
    /// UITableView's default estimated row height.
    static let estimatedRowHeight = 44.0
    static let viewportHeight = 812.0
    static let flingVelocity = 5000.0
    /// The scroll phase's table has sections of this many rows, each with a
    /// plain-style header of `sectionHeaderHeight` points (a feed grouped by
    /// day): the rows take their items in order across the sections.
    static let rowsPerSection = 100
    static let sectionHeaderHeight = 28.0

    /// Sections of `rowsPerSection` rows (the last one shorter) for `rows`
    /// rows; one empty section for none.
    static func sectionRowCounts(rows: Int) -> [Int] {
        guard rows > 0 else { return [0] }
        return stride(from: 0, to: rows, by: rowsPerSection).map { min(rowsPerSection, rows - $0) }
    }
}

struct ScrollPhase<Item>: ScrollPhaseRunner {
    let items: [Item]
    let configuration: BenchConfiguration
    static var estimatedRowHeight: Double { ScrollSettings.estimatedRowHeight }
    static var viewportHeight: Double { ScrollSettings.viewportHeight }
    static var flingVelocity: Double { ScrollSettings.flingVelocity }

    /// The gesture: the whole list down and back, then a jump to the end, for
    /// lists up to 20,000 rows; longer lists get flings at the top, the middle
    /// and the end (every row of a million-row list would take hours of
    /// simulated flinging), still measuring only what becomes visible.
    var script: [ScrollStep] {
        if items.count <= 20_000 { return ScrollStep.downAndBack(velocity: Self.flingVelocity) }
        let flings = [ScrollStep](repeating: .fling(velocity: Self.flingVelocity), count: 3)
        let back = [ScrollStep](repeating: .fling(velocity: -Self.flingVelocity), count: 3)
        let middle = items.count / 2
        let path = IndexPath(
            row: middle % ScrollSettings.rowsPerSection,
            section: middle / ScrollSettings.rowsPerSection)
        return flings + [.jump(to: path, at: .top)] + flings
            + back
            + [.jumpToEnd] + back
    }

    func run<T: CellTemplate>(_ template: T, path: String) throws(CellError) -> ScrollFigures
    where T.Item == Item {
        showProgress("7 scroll (\(path)): \(items.count) rows…")
        defer { endProgress() }
        let counts = ScrollSettings.sectionRowCounts(rows: items.count)
        let sizing = TemplateSizing(template: template, items: items, sectionRowCounts: counts)
        let result: ScrollSimulationResult
        do {
            var table = try TableLayout(
                sections: counts.map {
                    TableSection(rowCount: $0, headerHeight: ScrollSettings.sectionHeaderHeight)
                },
                estimate: .uniform(Self.estimatedRowHeight),
                sizing: sizing, width: configuration.width, viewportHeight: Self.viewportHeight)
            result = try ScrollSimulation(script: script).run(&table)
        } catch {
            throw sizing.error
                ?? CellError(
                    template: configuration.templateName, message: "scroll phase: \(error)")
        }
        let summary = result.summary
        func microseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds)
                / 1e12
        }
        return ScrollFigures(
            frames: summary.frameCount, p50Microseconds: microseconds(summary.layoutTimeP50),
            p99Microseconds: microseconds(summary.layoutTimeP99),
            maxMicroseconds: microseconds(summary.layoutTimeMax),
            overBudget: summary.framesOverBudget, overBudgetCPU: summary.framesOverBudgetCPU,
            p99CPUMicroseconds: microseconds(summary.layoutCPUTimeP99),
            rowsMeasured: summary.rowsMeasured, cellsCreated: summary.cellsMade,
            cellsReused: summary.cellsReused, maxAnchorDrift: summary.maxAnchorDrift,
            frameMicroseconds: result.frames.map { microseconds($0.layoutTime) })
    }
}

/// A scroll phase: one run per path, reported under the JSON keys of the paths.
protocol ScrollPhaseRunner {
    associatedtype Item
    func run<T: CellTemplate>(_ template: T, path: String) throws(CellError) -> ScrollFigures
    where T.Item == Item
}

extension ScrollPhaseRunner {
    func run<F: CellTemplate, C: CellTemplate>(frames: F, constraints: C) throws(CellError)
        -> [String: ScrollFigures]
    where F.Item == Item, C.Item == Item {
        [
            "frames": try run(frames, path: "frames"),
            "constraints_template": try run(constraints, path: "constraints"),
        ]
    }
}
