// Measuring and laying out the same rows from several threads at once gives
// bit-identical heights to a single-threaded run (caches are safe to share,
// so heights can be precomputed in parallel: the Thread safety article,
// Sources/Trellis/Trellis.docc/ThreadSafety.md). Run these under
// ThreadSanitizer too: `swift test --sanitize=thread` (docs/reliability.md).

import Dispatch
import Synchronization
import Testing
import TrellisCells
import TrellisConstraints
import TrellisGeometry
import TrellisLists
import TrellisSamples
import TrellisSupport
import TrellisTemplateFiles
import TrellisText

@Suite("Thread safety")
struct ThreadSafetyTests {
    static let threadCount = 4
    /// Generated rows: Latin and Cyrillic subtitles of varied length, some empty.
    static let items = AnimalDataGenerator(seed: 7).items(count: 240)
    static let widths = [320.0, 375.0, 414.0]

    /// Runs `body(thread)` on `threadCount` threads at once and returns the results in thread order.
    private func onThreads<T: Sendable>(_ body: @Sendable (Int) -> T) -> [T] {
        let results = Locked<[Int: T]>([:])
        DispatchQueue.concurrentPerform(iterations: Self.threadCount) { thread in
            let value = body(thread)
            results.withLock { $0[thread] = value }
        }
        return results.withLock { dict in (0..<Self.threadCount).map { dict[$0]! } }
    }

    /// The items in the order thread `thread` visits them (each thread starts
    /// elsewhere, so threads measure the same texts at the same moments and
    /// different ones too); results are put back in item order.
    private func rotated<T>(_ thread: Int, _ body: (AnimalItem) -> T) -> [T] {
        let items = Self.items
        let start = thread * items.count / Self.threadCount
        var results = [T?](repeating: nil, count: items.count)
        for step in 0..<items.count {
            let index = (start + step) % items.count
            results[index] = body(items[index])
        }
        return results.map { $0! }
    }

    private func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }

    @Test func textHeightsMeasuredOnFourThreadsEqualOneThreadBitForBit() throws {
        let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 17)
        let single = TextMeasurer()
        let expected = try Self.items.map { item in
            try single.layout(item.subtitle, style: style, width: 288).size.height
        }
        let shared = TextMeasurer()  // cold caches, filled by all threads at once
        let perThread = onThreads { thread in
            rotated(thread) { item in
                (try? shared.layout(item.subtitle, style: style, width: 288).size.height) ?? .nan
            }
        }
        for heights in perThread {
            #expect(bits(heights) == bits(expected))
        }
    }

    @Test func batchLayoutOnFourThreadsEqualsSequentialLayouts() throws {
        let style = TextStyle(fonts: try FontCollection.bundled("Inter"), size: 15)
        let texts = Self.items.map { $0.title + " " + $0.subtitle }
        let sequential = try texts.map { try TextMeasurer().layout($0, style: style, width: 200) }
        let batch = try TextMeasurer().layouts(texts, style: style, width: 200, threads: 4)
        #expect(batch == sequential)
    }

    @Test func frameCellHeightsOnFourThreadsEqualOneThreadBitForBit() throws {
        let template = AnimalTableViewCellFrames(
            style: try AnimalCellStyle.classic(measurer: TextMeasurer()))
        var reference = AnimalTableViewCellFrames(
            style: try AnimalCellStyle.classic(measurer: TextMeasurer()))
        let expected = try Self.widths.flatMap { width in
            try Self.items.map { item throws(CellError) in
                try reference.height(for: item, width: width)
            }
        }
        let perThread = onThreads { thread in
            var copy = template  // one template value per thread, one shared measurer
            return Self.widths.flatMap { width in
                rotated(thread) { item in (try? copy.height(for: item, width: width)) ?? .nan }
            }
        }
        for heights in perThread {
            #expect(bits(heights) == bits(expected))
        }
    }

    @Test func tablesLaidOutOnFourThreadsMeasureTheSameRows() throws {
        let template = AnimalTableViewCellFrames(
            style: try AnimalCellStyle.classic(measurer: TextMeasurer()))
        let items = Self.items
        /// Opens a table over the items, scrolls to the end, and returns every row's height.
        @Sendable func scrolledHeights() -> [Double]? {
            var cell = template
            let sizing = ClosureCellSizing { indexPath, width in
                (try? cell.height(for: items[indexPath.row], width: width)) ?? -1
            }
            guard
                var table = try? TableLayout(
                    sections: [TableSection(rowCount: items.count)], estimate: .uniform(80),
                    sizing: sizing,
                    width: 375, viewportHeight: 800)
            else { return nil }
            var offset = 0.0
            while offset < table.maximumContentOffset {
                guard (try? table.scroll(toOffset: offset)) != nil else { return nil }
                offset += 400
            }
            return try? (0..<items.count).map { row throws(TableError) in
                try table.heightForRow(at: IndexPath(row: row, section: 0))
            }
        }
        let expected = try #require(scrolledHeights())
        #expect(expected.contains { $0 != 80 }, "scrolling measured rows")
        for heights in onThreads({ _ in scrolledHeights() }) {
            #expect(heights.map(bits) == bits(expected))
        }
    }

    @Test func separateSolversOnFourThreadsGiveTheSameValues() throws {
        /// Lays out a row of 50 boxes between two walls: widths equal, spacing 8.
        @Sendable func solvedWidths() -> [Double] {
            let solver = Solver()
            let left = (0..<50).map { Variable("left\($0)") }
            let width = (0..<50).map { Variable("width\($0)") }
            var constraints = [
                Constraint(Expression(left[0]), .equal, Expression(16)),
                Constraint(left[49] + width[49], .equal, Expression(1000 - 16)),
            ]
            for i in 1..<50 {
                constraints.append(
                    Constraint(Expression(left[i]), .equal, left[i - 1] + width[i - 1] + 8))
                constraints.append(Constraint(Expression(width[i]), .equal, Expression(width[0])))
            }
            for constraint in constraints { _ = try? solver.add(constraint) }
            solver.updateVariables()
            return width.map(\.value)
        }
        let expected = solvedWidths()
        // (1000 − 2·16 − 49·8) / 50 = 11.52 points each.
        #expect(abs(expected[0] - 11.52) < 1e-9)
        for widths in onThreads({ _ in solvedWidths() }) {
            #expect(bits(widths) == bits(expected))
        }
    }

    /// `withLockIfAvailable` gives nil without waiting while another thread
    /// holds the lock (how a font's kern-only analysis lets the other
    /// threads shape meanwhile), and the value once it is free.
    @Test func lockIfAvailableDoesNotWaitForAHolder() {
        let lock = Locked(1)
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            lock.withLock { value in
                held.signal()
                release.wait()
                value = 2
            }
        }
        held.wait()
        #expect(lock.withLockIfAvailable { $0 } == nil)
        release.signal()
        done.wait()
        #expect(lock.withLockIfAvailable { $0 } == 2)
    }

    /// A waitable lock's waiter runs its body only once its condition
    /// holds, woken by the broadcasts of another thread (the batch
    /// pipeline's threads wait for batches this way): the other thread
    /// counts to 1,000, each step once the waiter has checked its
    /// condition again (or has left), and each step wakes the waiter.
    @Test func aWaiterRunsOnceItsConditionHolds() {
        let lock = Locked((checks: 0, count: 0, left: false), waitable: true)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            for step in 0..<1000 {
                while lock.withLock({ $0.checks <= step && !$0.left }) {}
                lock.withLockBroadcasting { $0.count += 1 }
            }
        }
        let seen = lock.withLock(
            waitingUntil: {
                $0.checks += 1
                return $0.count >= 1000
            }
        ) { $0.count }
        lock.withLock { $0.left = true }
        done.wait()
        #expect(seen == 1000)
    }
}
