// `--scenario chat|updates`: lists as apps use them, driven frame by frame
// through snapshots of row identifiers, once per path (frames and
// constraints), instead of phases 1-8.

import ArgumentParser
import CLISupport
import Trellis
import TrellisData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The scenarios `--scenario` can run.
enum ScenarioKind: String, ExpressibleByArgument, CaseIterable {
    /// A chat list: opens at the bottom, older pages prepended while flinging
    /// up, new messages appended at the bottom and while scrolled up.
    case chat
    /// A feed updated while flinging: every 30 frames a snapshot with 1% of
    /// the rows inserted, deleted, moved or reloaded.
    case updates
}

/// One path's run of a scenario.
struct ScenarioFigures {
    var frames = 0
    /// Frames whose work took longer than 8.33 ms of this thread's CPU time.
    var overBudget = 0
    /// Frames whose work took longer than 8.33 ms of wall-clock time (on a
    /// shared machine this also counts time the thread was descheduled).
    var overBudgetWall = 0
    /// The largest distance, in points, that a row already on screen moved
    /// other than by the scroll itself (0 when anchoring holds).
    var maxAnchorDrift = 0.0
    var frameMicroseconds: [Double] = []
    /// Snapshot applies, wall clock, one sample per apply.
    var applyMicroseconds: [Double] = []
    var rowsMeasured = 0
    var applies = 0
    /// Applies after which the content offset had to be clamped (rows
    /// deleted below a viewport at the end of the content): rows on screen
    /// move then, as in UIKit, and those frames are not counted as drift.
    var clampedApplies = 0
    /// Rows the last apply-while-scrolled-up reported below (chat).
    var newRowsBelow = 0
    /// Every row's height checked against its template at the end: measured
    /// rows have the template's height for their identifier, others the estimate.
    var heightsCorrect = true
    var rowsAtEnd = 0

    var applyP50: Double { percentile(applyMicroseconds.sorted(), 50) }
    var applyP99: Double { percentile(applyMicroseconds.sorted(), 99) }
    var frameP99: Double { percentile(frameMicroseconds.sorted(), 99) }
}

/// A report of one scenario over both paths.
struct ScenarioReport {
    var kind: ScenarioKind
    var configuration: BenchConfiguration
    var paths: [(String, ScenarioFigures)] = []

    private func worst(_ value: (ScenarioFigures) -> Double) -> Double {
        paths.map { value($0.1) }.max() ?? 0
    }

    func json() -> JSON {
        func figures(_ f: ScenarioFigures) -> JSON {
            .object([
                ("frames", .integer(f.frames)),
                ("max_anchor_drift", .number(f.maxAnchorDrift)),
                ("over_budget", .integer(f.overBudget)),
                ("over_budget_wall", .integer(f.overBudgetWall)),
                ("frame_p99_us", .number(f.frameP99)),
                ("applies", .integer(f.applies)),
                ("clamped_applies", .integer(f.clampedApplies)),
                ("apply_p50_us", .number(f.applyP50)),
                ("apply_p99_us", .number(f.applyP99)),
                ("rows_measured", .integer(f.rowsMeasured)),
                ("new_rows_below", .integer(f.newRowsBelow)),
                ("rows_at_end", .integer(f.rowsAtEnd)),
                ("heights_correct", .bool(f.heightsCorrect)),
            ])
        }
        let c = configuration
        return .object([
            ("rows", .integer(c.rows)),
            ("width", .number(c.width)),
            ("scale", .number(c.scale)),
            ("template", .string(c.templateName)),
            (
                "scenario",
                .object([
                    ("name", .string(kind.rawValue)),
                    ("max_anchor_drift", .number(worst(\.maxAnchorDrift))),
                    ("over_budget", .integer(Int(worst { Double($0.overBudget) }))),
                    ("over_budget_wall", .integer(Int(worst { Double($0.overBudgetWall) }))),
                    ("apply_p50_us", .number(worst(\.applyP50))),
                    ("apply_p99_us", .number(worst(\.applyP99))),
                    ("heights_correct", .bool(paths.allSatisfy { $0.1.heightsCorrect })),
                    ("paths", .object(paths.map { ($0.0, figures($0.1)) })),
                ])
            ),
        ])
    }

    func table() -> String {
        let c = configuration
        var lines = [
            "listbench --scenario \(kind.rawValue): \(c.templateName), \(c.rows) rows, width \(formatPoints(c.width)), scale \(formatPoints(c.scale))"
        ]
        for (name, f) in paths {
            lines.append(
                "\(name): \(f.frames) frames, over 8.33 ms: \(f.overBudget) (wall clock: \(f.overBudgetWall)), frame p99 \(fixed(f.frameP99, 1)) µs, max anchor drift \(formatPoints(f.maxAnchorDrift)), \(f.applies) applies p50 \(fixed(f.applyP50, 1)) µs p99 \(fixed(f.applyP99, 1)) µs, rows measured \(f.rowsMeasured), new rows below \(f.newRowsBelow), heights correct: \(f.heightsCorrect ? "yes" : "NO")"
            )
        }
        return lines.joined(separator: "\n")
    }
}

/// This thread's CPU time in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Heights by row identifier: row `id` shows item `id % items.count`; the
/// current order of identifiers is set before each snapshot is applied.
final class IdentifiedTemplateSizing<Template: CellTemplate>: CellSizing {
    let sizing: TemplateSizing<Template>
    var ids: [Int] = []

    init(template: Template, items: [Template.Item]) {
        sizing = TemplateSizing(template: template, items: items)
    }

    var error: CellError? { sizing.error }

    /// The template's height for a row identifier.
    func height(ofID id: Int, width: Double) -> Double {
        sizing.height(at: IndexPath(row: id % sizing.items.count, section: 0), width: width)
    }

    func height(at indexPath: IndexPath, width: Double) -> Double {
        height(ofID: ids[indexPath.row], width: width)
    }
}

/// The frame loop shared by the scenarios: time each frame's work, and
/// check that rows already on screen stay where the scroll puts them.
struct ScenarioDriver<Template: CellTemplate> {
    typealias List = DiffableTableLayout<Int, Int, IdentifiedTemplateSizing<Template>>
    var list: List
    let sizing: IdentifiedTemplateSizing<Template>
    var figures = ScenarioFigures()
    static var budgetNanoseconds: UInt64 { 8_330_000 }
    static var estimate: Double { 44 }

    init(
        template: Template, items: [Template.Item], ids: [Int], width: Double,
        anchoring: TableContentAnchoring
    )
        throws
    {
        sizing = IdentifiedTemplateSizing(template: template, items: items)
        sizing.ids = ids
        var snapshot = ListSnapshot<Int, Int>()
        snapshot.appendSections([0])
        try snapshot.appendItems(ids, toSection: 0)
        list = try List(
            snapshot: snapshot, estimate: .uniform(Self.estimate), sizing: sizing, width: width,
            viewportHeight: ScrollSettings.viewportHeight, contentAnchoring: anchoring)
        try frame { list in try list.layoutIfNeeded() }
    }

    /// The rows on screen with their screen tops, by identifier.
    func onScreen() throws -> [(id: Int, top: Double)] {
        try list.table.indexPathsForVisibleRows.map { path in
            (list.itemIdentifier(for: path)!, try list.table.frameInViewport(for: .row(path)).minY)
        }
    }

    /// One frame of work; `expectedShift` is how far rows on screen should
    /// move (the scroll distance, negated): the first row on screen before
    /// the frame that is still there, and that the frame's apply kept in
    /// order (not moved; a reloaded row keeps its place), is checked. That is
    /// the row the table keeps in place; rows below it may move on purpose
    /// (a row inserted between them).
    mutating func frame(
        expectedShift: Double = 0, checksDrift: Bool = true, applies: Bool = false,
        clamped: () -> Bool = { false },
        _ work: (inout List) throws -> TableLayoutPass
    ) throws {
        let before = checksDrift ? try onScreen() : []
        let cpu = threadCPUNanoseconds()
        let wall = monotonicNanoseconds()
        let pass = try work(&list)
        let wallTime = monotonicNanoseconds() - wall
        let cpuTime = threadCPUNanoseconds() - cpu
        if let error = sizing.error { throw error }
        figures.frames += 1
        figures.rowsMeasured += pass.rowsMeasured
        figures.frameMicroseconds.append(Double(wallTime) / 1000)
        if cpuTime > Self.budgetNanoseconds { figures.overBudget += 1 }
        if wallTime > Self.budgetNanoseconds { figures.overBudgetWall += 1 }
        let current = list
        let changed = applies ? Set(current.lastDifference.movedItems.map(\.to)) : []
        let kept = { (id: Int) in current.indexPath(for: id).map { !changed.contains($0) } ?? false
        }
        if !clamped(), let first = before.first(where: { kept($0.id) }),
            let path = current.indexPath(for: first.id),
            current.table.indexPathsForVisibleRows.contains(path)
        {
            let top = try current.table.frameInViewport(for: .row(path)).minY
            // Every position is on the table's 1/768-point grid; the
            // difference is taken on that grid, so the representation error
            // of thirds in binary is not mistaken for drift.
            let drift = abs(((top - first.top - expectedShift) * 768).rounded()) / 768
            figures.maxAnchorDrift = max(figures.maxAnchorDrift, drift)
        }
    }

    /// A scroll by `distance` points in one frame (clamped to the content);
    /// returns false when the clamp stopped it short.
    @discardableResult
    mutating func scroll(by distance: Double) throws -> Bool {
        let table = list.table
        // On the table's 1/768-point grid, so the expected shift is exact.
        let wanted = ((table.contentOffset + distance) * 768).rounded() / 768
        let target = min(max(wanted, 0), table.maximumContentOffset)
        try frame(expectedShift: table.contentOffset - target) { list in
            try list.scroll(toOffset: target)
        }
        return target == wanted
    }

    /// Applies a snapshot and runs the layout pass, in one frame, timing the
    /// apply. `checksDrift` is false where rows on screen move on purpose
    /// (a chat following a new message at its end).
    mutating func apply(_ ids: [Int], reloading reloads: [Int] = [], checksDrift: Bool = true)
        throws
    {
        var snapshot = ListSnapshot<Int, Int>()
        snapshot.appendSections([0])
        try snapshot.appendItems(ids, toSection: 0)
        snapshot.reloadItems(reloads)
        sizing.ids = ids
        var applyTime: UInt64 = 0
        var clamped = false
        try frame(checksDrift: checksDrift, applies: true, clamped: { clamped }) { list in
            let start = monotonicNanoseconds()
            clamped = try list.apply(snapshot).clamped
            applyTime = monotonicNanoseconds() - start
            return try list.layoutIfNeeded()
        }
        if clamped { figures.clampedApplies += 1 }
        figures.applies += 1
        figures.applyMicroseconds.append(Double(applyTime) / 1000)
    }

    /// Checks every row: measured rows have the template's height for their
    /// identifier at the table's width, the others the estimate.
    mutating func checkHeights() throws {
        let table = list.table
        var correct = true
        for row in 0..<table.numberOfRows {
            let path = IndexPath(row: row, section: 0)
            let height = try table.heightForRow(at: path)
            let expected =
                try table.isRowMeasured(at: path)
                ? sizing.height(ofID: sizing.ids[row], width: table.width) : Self.estimate
            if height != expected { correct = false }
        }
        figures.heightsCorrect = correct
        figures.rowsAtEnd = table.numberOfRows
    }
}

/// Runs a scenario for both paths of a suite.
struct ScenarioRunner<Suite: BenchSuite> {
    let suite: Suite
    let kind: ScenarioKind
    let items: [Suite.Item]
    let configuration: BenchConfiguration
    let seed: UInt64

    func run() throws -> ScenarioReport {
        let measurer = TextMeasurer()
        var report = ScenarioReport(kind: kind, configuration: configuration)
        if let frames = try suite.makeFrames(measurer: measurer) {
            report.paths.append(("frames", try run(frames, path: "frames")))
        }
        report.paths.append(
            (
                "constraints_template",
                try run(
                    try suite.makeConstraints(measurer: measurer, reusingEngine: true),
                    path: "constraints")
            ))
        return report
    }

    private func run<T: CellTemplate>(_ template: T, path: String) throws -> ScenarioFigures
    where T.Item == Suite.Item {
        showProgress("scenario \(kind.rawValue) (\(path)): \(items.count) rows…")
        defer { endProgress() }
        switch kind {
        case .chat: return try ChatScenario(items: items, width: configuration.width).run(template)
        case .updates:
            return try UpdatesScenario(items: items, width: configuration.width, seed: seed).run(
                template)
        }
    }
}
