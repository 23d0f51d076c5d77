// The ordered parallel pipeline (TrellisSupport's `runBatchPipeline`):
// every row written once and in input order whatever the threads, batch
// sizes and pauses; no chunk runs while the caller is paused; the batch read
// during a pause is submitted after it, and a read that fails then fails
// after every earlier batch was written.

import Glibc
import Synchronization
import Testing
import TrellisSupport

@Suite struct BatchPipelineTests {
    struct Numbers: PipelineBatch {
        var first: Int
        var values: [Int]
        var count: Int { values.count }
    }

    struct Squares: BatchChunk {
        var values: [Int] = []
        init() {}
        init(values: [Int]) { self.values = values }
        var failureRow: Int? { nil }
    }

    struct ReadFailure: Error, Equatable {
        let batch: Int
    }

    /// Chunks running now, and chunks seen running while the caller was paused.
    final class Watch: Sendable {
        let running = Atomic<Int>(0)
        let paused = Atomic<Bool>(false)
        let ranWhilePaused = Atomic<Int>(0)
    }

    /// Runs `rows` rows in batches of random sizes; `pause` says after which
    /// written batch to pause, `failAt` which batch's read throws.
    static func run(
        threads: Int, rows: Int, seed: UInt64, slowChunks: Bool = false,
        pause: @escaping (Int) -> Bool, failAt: Int? = nil
    ) throws -> (written: [Int], batches: Int, pauses: Int, watch: Watch) {
        var random = SplitMix64(seed: seed)
        let watch = Watch()
        var next = 0
        var read = 0
        var written: [Int] = []
        var batchesWritten = 0
        var pauses = 0
        try runBatchPipeline(
            workers: Array(0..<threads),
            read: { () throws -> Numbers in
                defer { read += 1 }
                if read == failAt { throw ReadFailure(batch: read) }
                let count = min(rows - next, Int.random(in: 1...150, using: &random))
                defer { next += count }
                return Numbers(first: next, values: Array(next..<(next + count)))
            },
            process: { (_: Int, job: BatchJob<Numbers, Squares>, range: Range<Int>) -> Squares in
                watch.running.add(1, ordering: .sequentiallyConsistent)
                if watch.paused.load(ordering: .sequentiallyConsistent) {
                    watch.ranWhilePaused.add(1, ordering: .relaxed)
                }
                // Slow chunks keep the other threads busy while the caller
                // has nothing left to claim (it then reads ahead in a pause).
                if slowChunks { usleep(2_000) }
                let values = range.map { job.batch.values[$0] * job.batch.values[$0] }
                watch.running.subtract(1, ordering: .sequentiallyConsistent)
                return Squares(values: values)
            },
            pauseWhen: { pause(batchesWritten) },
            whilePaused: {
                watch.paused.store(true, ordering: .sequentiallyConsistent)
                #expect(watch.running.load(ordering: .sequentiallyConsistent) == 0)
                pauses += 1
                watch.paused.store(false, ordering: .sequentiallyConsistent)
            }
        ) { batch, chunks in
            let values = chunks.flatMap(\.values)
            #expect(values.count == batch.count)
            written += values
            batchesWritten += 1
        }
        return (written, batchesWritten, pauses, watch)
    }

    @Test(arguments: [1, 2, 3])
    func everyRowOnceInOrderWithPauses(threads: Int) throws {
        for seed in 1...6 as ClosedRange<UInt64> {
            var random = SplitMix64(seed: seed &* 31)
            let rows = Int.random(in: 1...3_000, using: &random)
            let every = Int.random(in: 1...4, using: &random)
            let result = try Self.run(
                threads: threads, rows: rows, seed: seed, slowChunks: seed.isMultiple(of: 3),
                pause: { $0.isMultiple(of: every) })
            #expect(result.written.count == rows, "seed \(seed)")
            #expect(
                result.written.elementsEqual((0..<rows).lazy.map { $0 * $0 }),
                "seed \(seed): rows missing, repeated or out of order")
            #expect(result.watch.ranWhilePaused.load(ordering: .relaxed) == 0)
            if result.batches > 2 { #expect(result.pauses > 0) }
        }
    }

    /// Pausing after every written batch, the pipeline reads batches in
    /// groups of `threads + 1` (as many as it keeps in flight), the first of
    /// a group once every earlier batch is written (it is read during the
    /// pause's last chunks, and handed over when the pause ends): a read that
    /// throws there does so after all of them, as without the read ahead.
    @Test(arguments: [2, 3])
    func aFailedReadAfterAPauseFollowsTheEarlierBatches(threads: Int) throws {
        let depth = threads + 1
        for group in 1...4 {
            let failAt = group * depth
            var random = SplitMix64(seed: UInt64(failAt))
            let before = (0..<failAt).reduce(0) { sum, _ in
                sum + Int.random(in: 1...150, using: &random)
            }
            let written = try Self.rowsWrittenBeforeFailure(threads: threads, failAt: failAt)
            #expect(written == before, "threads \(threads), failing read \(failAt)")
        }
    }

    /// The rows written before the read of batch `failAt` throws (slow
    /// chunks, so that the caller reads ahead while the others finish).
    static func rowsWrittenBeforeFailure(threads: Int, failAt: Int) throws -> Int {
        var random = SplitMix64(seed: UInt64(failAt))
        var next = 0
        var read = 0
        var written = 0
        do {
            try runBatchPipeline(
                workers: Array(0..<threads),
                read: { () throws -> Numbers in
                    defer { read += 1 }
                    if read == failAt { throw ReadFailure(batch: read) }
                    let count = Int.random(in: 1...150, using: &random)
                    defer { next += count }
                    return Numbers(first: next, values: Array(next..<(next + count)))
                },
                process: {
                    (_: Int, job: BatchJob<Numbers, Squares>, range: Range<Int>) -> Squares in
                    usleep(2_000)
                    return Squares(values: range.map { job.batch.values[$0] })
                },
                pauseWhen: { true }
            ) { batch, _ in written += batch.count }
        } catch let failure as ReadFailure {
            #expect(failure == ReadFailure(batch: failAt))
            return written
        }
        Issue.record("the read of batch \(failAt) did not throw")
        return -1
    }
}
