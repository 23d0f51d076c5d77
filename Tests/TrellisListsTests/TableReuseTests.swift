// The reuse pool (UITableView's reuse queue) and how many cells a full fling
// makes: once the screen is full, every new row reuses a cell that left it.

import Testing

@testable import TrellisLists

private final class CountingCell: ReusableCell {
    let reuseIdentifier: String
    var prepared = 0
    init(_ identifier: String) { reuseIdentifier = identifier }
    func prepareForReuse() { prepared += 1 }
}

@Suite struct TableReuseTests {
    @Test func dequeueMakesACellWithTheRegisteredFactoryWhenNoneIsWaiting() throws {
        let pool = ReusePool<CountingCell>()
        pool.register({ CountingCell("text") }, forCellReuseIdentifier: "text")
        let cell = try pool.dequeueReusableCell(withIdentifier: "text")
        #expect(cell.reuseIdentifier == "text")
        #expect(cell.prepared == 0)
        #expect(pool.counts["text"] == ReusePool<CountingCell>.Counts(made: 1, reused: 0))
    }

    @Test func dequeueReturnsAWaitingCellAfterPrepareForReuse() throws {
        let pool = ReusePool<CountingCell>()
        pool.register({ CountingCell("text") }, forCellReuseIdentifier: "text")
        let cell = try pool.dequeueReusableCell(withIdentifier: "text")
        pool.enqueue(cell)
        #expect(pool.waitingCount(forIdentifier: "text") == 1)
        let again = try pool.dequeueReusableCell(withIdentifier: "text")
        #expect(again === cell)
        #expect(again.prepared == 1)
        #expect(pool.waitingCount(forIdentifier: "text") == 0)
        #expect(pool.counts["text"] == ReusePool<CountingCell>.Counts(made: 1, reused: 1))
    }

    @Test func cellsAreReusedOnlyForTheirOwnIdentifier() throws {
        let pool = ReusePool<CountingCell>()
        pool.register({ CountingCell("text") }, forCellReuseIdentifier: "text")
        pool.register({ CountingCell("photo") }, forCellReuseIdentifier: "photo")
        pool.enqueue(try pool.dequeueReusableCell(withIdentifier: "text"))
        let photo = try pool.dequeueReusableCell(withIdentifier: "photo")
        #expect(photo.reuseIdentifier == "photo")
        #expect(pool.totalMade == 2)
        #expect(pool.totalReused == 0)
        #expect(pool.waitingCount(forIdentifier: "text") == 1)
    }

    @Test func dequeueForAnUnregisteredIdentifierThrowsAndChangesNothing() {
        let pool = ReusePool<CountingCell>()
        #expect(throws: TableError.unregisteredReuseIdentifier("animal")) {
            _ = try pool.dequeueReusableCell(withIdentifier: "animal")
        }
        #expect(
            TableError.unregisteredReuseIdentifier("animal").description
                == "No cell factory is registered for reuse identifier \"animal\"; call register(_:forCellReuseIdentifier:) first."
        )
        #expect(pool.counts.isEmpty)
    }

    @Test func removingWaitingCellsMakesTheNextDequeueMakeANewCell() throws {
        let pool = ReusePool<CountingCell>()
        pool.register({ CountingCell("text") }, forCellReuseIdentifier: "text")
        let cell = try pool.dequeueReusableCell(withIdentifier: "text")
        pool.enqueue(cell)
        pool.removeWaitingCells()
        #expect(try pool.dequeueReusableCell(withIdentifier: "text") !== cell)
        #expect(pool.totalMade == 2)
    }

    /// Acceptance: over a full fling through 10,000 rows (down, back up, and a
    /// jump to the end), each identifier makes at most visible rows +
    /// overscan + 2 cells. With one identifier, cells are made only when none
    /// is waiting, so the count made is exactly the most cells in use at once.
    @Test func fullFlingThrough10000RowsMakesNoMoreCellsThanTheScreenHolds() throws {
        let source = IdentifiedRows(rowCounts: [10_000])
        var table = try TableLayout(
            sections: [TableSection(rowCount: 10_000)], estimate: .uniform(44), sizing: source,
            width: 390, viewportHeight: 844, overscanRows: 2)
        let result = try ScrollSimulation(script: ScrollStep.downAndBack(velocity: 12_000)).run(
            &table)
        let summary = result.summary
        let made = try #require(result.cellCounts["cell"]?.made)
        #expect(made == summary.maxCellsInUse)
        #expect(made <= summary.maxVisibleRows + 2 * table.overscanRows + 2)
        // Every row got a cell at least once on the way down.
        #expect(summary.cellsMade + summary.cellsReused >= 10_000)
    }

    @Test func fullFlingWithTwoIdentifiersBoundsEachIdentifierSeparately() throws {
        let source = IdentifiedRows(rowCounts: [10_000])
        var table = try TableLayout(
            sections: [TableSection(rowCount: 10_000)], estimate: .uniform(44), sizing: source,
            width: 390, viewportHeight: 844, overscanRows: 2)
        let simulation = ScrollSimulation(
            script: ScrollStep.downAndBack(velocity: 12_000),
            options: ScrollSimulationOptions(framesPerSecond: 60),
            reuseIdentifier: { $0.row % 3 == 0 ? "photo" : "text" })
        let result = try simulation.run(&table)
        let bound = result.summary.maxVisibleRows + 2 * table.overscanRows + 2
        for identifier in ["photo", "text"] {
            let counts = try #require(result.cellCounts[identifier])
            #expect(counts.made <= bound, "\(identifier): \(counts.made) made, bound \(bound)")
            #expect(counts.reused > 1_000)
        }
    }
}
