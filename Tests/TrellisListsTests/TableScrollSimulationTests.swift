// The scroll simulation: UIScrollView's deceleration (velocity multiplied by
// 0.998 every millisecond), frame counts at 60 and 120 fps, edges, jumps and
// the summary's percentiles.

import Foundation
import Testing

@testable import TrellisLists

/// A table whose real heights equal the estimate, so nothing is anchored and
/// the offset follows the physics alone.
private func uniformTable(rows: Int = 100_000) throws -> TableLayout<ClosureCellSizing> {
    try TableLayout(
        sections: [TableSection(rowCount: rows)], estimate: .uniform(50),
        sizing: ClosureCellSizing { _, _ in 50 }, width: 390, viewportHeight: 800)
}

@Suite struct TableScrollSimulationTests {
    /// A fling at v0 points per second runs while v0 * 0.998^(frame ms * k) is
    /// at least the stop speed, and travels the integral of that velocity:
    /// v0/1000 * (1 - 0.998^t) / -ln(0.998) points after t milliseconds.
    @Test(arguments: [60, 120])
    func flingFollowsUIScrollViewNormalDeceleration(framesPerSecond: Int) throws {
        var table = try uniformTable()
        let v0 = 3_000.0
        let options = ScrollSimulationOptions(framesPerSecond: framesPerSecond, stopSpeed: 10)
        let result = try ScrollSimulation(script: [.fling(velocity: v0)], options: options).run(
            &table)
        let dt = 1000 / Double(framesPerSecond)
        // Frames while v0 * 0.998^(k dt) >= 10: k = 0 ... floor(ln(10 / v0) / (dt ln 0.998)).
        let flingFrames = Int((log(10 / v0) / (dt * log(0.998))).rounded(.down)) + 1
        #expect(result.frames.count == 1 + flingFrames)  // plus the first layout frame
        let t = Double(flingFrames) * dt
        let distance = v0 / 1000 * (1 - pow(0.998, t)) / -log(0.998)
        // Each frame's step is rounded to the table's 1/768-point grid.
        #expect(abs(table.contentOffset - distance) <= Double(flingFrames) / 1536)
        #expect(result.summary.maxAnchorDrift == 0)
    }

    @Test func flingStopsAtTheBottomEdge() throws {
        var table = try uniformTable(rows: 40)  // 2,000 points of content, 1,200 of travel
        let result = try ScrollSimulation(script: [.fling(velocity: 8_000)]).run(&table)
        #expect(table.contentOffset == 1_200)
        #expect(result.frames.last?.contentOffset == 1_200)
    }

    @Test func flingToEndThenToTopVisitsBothEdges() throws {
        var table = try uniformTable(rows: 2_000)
        let result = try ScrollSimulation(
            script: [.flingToEnd(velocity: 6_000), .flingToTop(velocity: 6_000)]
        ).run(&table)
        #expect(result.frames.contains { $0.contentOffset == 99_200 })  // 2,000 * 50 - 800
        #expect(table.contentOffset == 0)
    }

    @Test func jumpToEndShowsTheLastRowAtTheBottomInOneFrame() throws {
        var table = try uniformTable()
        let result = try ScrollSimulation(script: [.jumpToEnd]).run(&table)
        #expect(result.frames.count == 2)
        #expect(table.contentOffset == 100_000 * 50 - 800)
        // 16 rows on screen plus 2 overscan rows above: 18 cells, all made in frame 0 or reused.
        #expect(result.frames[1].visibleRows == 16)
        #expect(result.frames[1].cellsInUse == 18)
        #expect(result.frames[1].cellsMade == 0)
        #expect(result.frames[1].cellsReused == 18)
    }

    @Test func summaryUsesNearestRankPercentiles() {
        // 200 frames taking 1...200 µs: nearest rank p50 = 100th, p99 = 198th.
        let frames = (1...200).map { i in
            ScrollFrame(
                index: i, step: 0, time: 0, contentOffset: 0, layoutTime: .microseconds(i),
                layoutCPUTime: .microseconds(i / 2), rowsMeasured: 1,
                cellsMade: i == 1 ? 5 : 0, cellsReused: 1, visibleRows: 3, cellsInUse: 5,
                anchorDrift: i == 7 ? -0.5 : 0)
        }
        let summary = ScrollSummary(frames: frames, budget: .microseconds(150))
        #expect(summary.layoutTimeP50 == .microseconds(100))
        #expect(summary.layoutTimeP99 == .microseconds(198))
        #expect(summary.layoutTimeMax == .microseconds(200))
        #expect(summary.framesOverBudget == 50)
        // CPU times 0, 1, 1, 2, 2, ... 100 µs: the 100th is 50, none over 150.
        #expect(summary.layoutCPUTimeP50 == .microseconds(50))
        #expect(summary.layoutCPUTimeMax == .microseconds(100))
        #expect(summary.framesOverBudgetCPU == 0)
        #expect(summary.rowsMeasured == 200)
        #expect(summary.cellsMade == 5)
        #expect(summary.maxAnchorDrift == 0.5)
    }

    @Test func badOptionsAreRejectedBeforeAnyFrame() throws {
        var table = try uniformTable()
        let options = ScrollSimulationOptions(framesPerSecond: 0)
        #expect(
            throws: TableError.invalidParameter(
                name: "framesPerSecond", value: 0, reason: "must be 1 to 1000")
        ) {
            _ = try ScrollSimulation(script: [.fling(velocity: 5_000)], options: options).run(
                &table)
        }
        #expect(throws: TableError.self) {
            _ = try ScrollSimulation(script: [.fling(velocity: .nan)]).run(&table)
        }
        #expect(throws: TableError.self) {
            _ = try ScrollSimulation(script: [
                .jump(to: IndexPath(row: 100_000, section: 0), at: .top)
            ]).run(&table)
        }
        #expect(table.contentOffset == 0)
        #expect(table.measuredRowCount == 0)
    }
}
