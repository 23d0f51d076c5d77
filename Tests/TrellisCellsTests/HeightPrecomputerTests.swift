// HeightPrecomputer: heights bit-identical on any number of threads and
// batch sizes, the first bad row reported whatever the threads, and
// cancellation.

import Foundation
import Testing
import TrellisCells
import TrellisSamples
import TrellisSupport
import TrellisTemplateFiles
import TrellisText

@Suite struct HeightPrecomputerTests {
    static let rows = AnimalDataGenerator(seed: 3).items(count: 600)
    static let widths = [320.0, 375, 414]

    static func reference() throws -> [[Double]] {
        var template = AnimalTableViewCellConstraints(style: try .classic())
        return try rows.map { row in try widths.map { try template.height(for: row, width: $0) } }
    }

    @Test func heightsAreTheSameOnAnyThreadsAndBatches() throws {
        let expected = try Self.reference()
        for threads in [1, 2, 5] {
            let precomputer = try HeightPrecomputer(threads: threads) { () throws(CellError) in
                AnimalTableViewCellConstraints(style: try .classic())
            }
            #expect(
                try precomputer.heights(of: Self.rows, widths: Self.widths) == expected,
                "threads \(threads)")
            var streamed: [[Double]] = []
            var firsts: [Int] = []
            try precomputer.stream(Self.rows, widths: Self.widths, batchSize: 97) {
                first, batch, heights in
                firsts.append(first)
                #expect(batch.count == heights.count)
                streamed += heights
            }
            #expect(streamed == expected)
            #expect(firsts == Array(stride(from: 0, to: 600, by: 97)))
        }
    }

    /// A template refusing rows titled "bad" (as a row with a field the
    /// template cannot read would be).
    /// A row titled "wait" holds its thread until a row has been refused
    /// (at most half a second), so that a later row fails first in time.
    struct Refusing: CellTemplate {
        var base: AnimalTableViewCellFrames
        var name: String { base.name }
        var path: LayoutPath { base.path }
        static let refused = Flag()
        mutating func layout(_ item: AnimalItem, width: Double) throws(CellError) -> CellLayout {
            if item.title == "wait" {
                let start = ContinuousClock.now
                while !Self.refused.isSet && ContinuousClock.now - start < .milliseconds(500) {}
            }
            if item.title == "bad" {
                Self.refused.set()
                throw CellError(template: name, message: "refused")
            }
            return try base.layout(item, width: width)
        }
    }

    final class Flag: Sendable {
        private let value = Locked(false)
        var isSet: Bool { value.withLock { $0 } }
        func set() { value.withLock { $0 = true } }
        func reset() { value.withLock { $0 = false } }
    }

    @Test func theFirstBadRowIsReportedWhateverTheThreads() throws {
        // Row 140 is late in the first thread's share (rows 0..<150 with 4
        // threads), row 450 the first of the last share: 450 fails first in
        // time, 140 is the row a single thread meets first.
        var rows = Self.rows
        rows[100].title = "wait"
        rows[140].title = "bad"
        rows[450].title = "bad"
        for threads in [1, 4] {
            Refusing.refused.reset()
            let precomputer = try HeightPrecomputer(threads: threads) { () throws(CellError) in
                Refusing(base: AnimalTableViewCellFrames(style: try .classic()))
            }
            do {
                _ = try precomputer.heights(of: rows, widths: [375], firstRow: 1000)
                Issue.record("expected an error")
            } catch let error as HeightError {
                #expect(error.row == 1140, "threads \(threads): \(error)")
                #expect(
                    error.description == "AnimalTableViewCell: refused (items[1140])", "\(error)")
            }
        }
    }

    @Test func cancellationStopsTheWork() async throws {
        let precomputer = try HeightPrecomputer(threads: 2) { () throws(CellError) in
            AnimalTableViewCellConstraints(style: try .classic())
        }
        #expect(throws: CancellationError.self) {
            _ = try precomputer.heights(of: Self.rows, widths: Self.widths, isCancelled: { true })
        }
        let task = Task {
            try await precomputer.heights(
                of: Self.rows + Self.rows + Self.rows, widths: Self.widths)
        }
        task.cancel()
        do {
            _ = try await task.value
            // Finishing before the cancellation arrived is allowed; then all heights are there.
        } catch {
            #expect(error is CancellationError)
        }
        let all = try await precomputer.heights(of: Self.rows, widths: Self.widths)
        #expect(all == (try Self.reference()))
    }
}
