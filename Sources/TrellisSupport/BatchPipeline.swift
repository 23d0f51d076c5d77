// The ordered parallel pipeline of every batch job (`trellis heights`,
// `trellis measure`, `HeightPrecomputer`): input is read in batches, a few
// batches are in flight at once, and the rows of a batch are processed in
// chunks of 32 that the threads claim in input order with an atomic
// counter. A thread that finds no chunk left in one batch goes on to the
// next without waiting for the others, so threads meet only when the
// caller pauses them (to give memory back) or at the end. The calling
// thread writes finished batches in input order and reads new ones between
// its own chunks. With one worker everything runs in turn on the caller.

import Dispatch
import Synchronization

/// A batch of rows, as the pipeline needs to know it.
package protocol PipelineBatch {
    /// The batch's rows (0 ends the input).
    var count: Int { get }
}

/// What a chunk of rows gives: its output, and the first of its rows that
/// stops the run, if any (rows after that one are not processed).
package protocol BatchChunk {
    /// The chunk of a batch that needs no processing (it starts after a bad row).
    init()
    /// The index in the batch of the chunk's first bad row.
    var failureRow: Int? { get }
}

/// A batch being processed: chunks of rows claimed in order by the threads.
package final class BatchJob<Batch: PipelineBatch, Chunk: BatchChunk>: @unchecked Sendable {
    /// Rows a thread claims at a time.
    package static var chunkSize: Int { 32 }

    package let batch: Batch
    /// The batch's place in the input (0 for the first).
    package let sequence: Int
    package let chunkCount: Int
    /// The next chunk to claim.
    private let next = Atomic<Int>(0)
    /// The chunks claimed and not yet done, plus the unclaimed ones.
    private let remaining: Atomic<Int>
    /// The earliest bad row seen so far (`Int.max` for none): chunks after
    /// it need not run, chunks before it must (an earlier row may be bad too).
    private let earliestFailure = Atomic<Int>(.max)
    /// Chunk `k`'s result, written once by the thread that claimed it and
    /// read once `remaining` is 0.
    private let chunks: UnsafeMutableBufferPointer<Chunk?>
    /// The run's first batch with a bad row: later batches skip their chunks.
    private let stop: BatchStop

    fileprivate init(batch: Batch, sequence: Int, stop: BatchStop) {
        self.batch = batch
        self.sequence = sequence
        self.stop = stop
        chunkCount = (batch.count + Self.chunkSize - 1) / Self.chunkSize
        remaining = Atomic(chunkCount)
        chunks = .allocate(capacity: chunkCount)
        chunks.initialize(repeating: nil)
    }

    deinit {
        chunks.deinitialize()
        chunks.deallocate()
    }

    /// The earliest bad row any thread has seen so far (`Int.max` for none).
    package var earliestFailureRow: Int { earliestFailure.load(ordering: .relaxed) }

    /// Whether every chunk is claimed (the last ones may still run).
    package var isClaimed: Bool { next.load(ordering: .relaxed) >= chunkCount }

    /// Whether every chunk is done: `results()` may be read.
    package var isDone: Bool { remaining.load(ordering: .acquiring) == 0 }

    /// Claims and runs one chunk; false when none was left. `finished`
    /// runs on the thread that completes the batch's last chunk.
    fileprivate func runOne(_ body: (_ rows: Range<Int>) -> Chunk, finished: () -> Void) -> Bool {
        let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard chunk < chunkCount else { return false }
        let lower = chunk * Self.chunkSize
        let upper = min(batch.count, lower + Self.chunkSize)
        if lower > earliestFailureRow || stop.batch.load(ordering: .relaxed) < sequence {
            chunks[chunk] = Chunk()
        } else {
            let result = body(lower..<upper)
            if let row = result.failureRow {
                earliestFailure.min(row, ordering: .relaxed)
                stop.batch.min(sequence, ordering: .relaxed)
            }
            chunks[chunk] = result
        }
        if remaining.wrappingSubtract(1, ordering: .releasing).newValue == 0 {
            atomicMemoryFence(ordering: .acquiring)
            finished()
        }
        return true
    }

    /// Every chunk in input order, once the batch is done; the chunks
    /// after the first bad row are empty.
    package func results() -> [Chunk] {
        precondition(isDone, "batch \(sequence) read before its chunks are done")
        var all: [Chunk] = []
        all.reserveCapacity(chunkCount)
        for k in 0..<chunkCount {
            guard let chunk = chunks[k] else {
                preconditionFailure("chunk \(k) of \(chunkCount) was not processed")
            }
            all.append(chunk)
        }
        return all
    }
}

/// The first batch with a bad row (`Int.max` for none), or −1 once the run
/// ends early: the batches after it need not run.
private final class BatchStop: Sendable {
    let batch = Atomic<Int>(.max)
}

/// The batches in flight, shared by the caller and the other threads: the
/// threads take batches in order, and sleep when there is none to take.
private final class BatchQueue<Batch: PipelineBatch, Chunk: BatchChunk>: Sendable {
    private struct State {
        /// Batches submitted and not yet retired by the caller, oldest first.
        var jobs: [BatchJob<Batch, Chunk>] = []
        var closed = false
    }
    private let state = Locked(State(), waitable: true)
    let stop = BatchStop()

    func submit(_ job: BatchJob<Batch, Chunk>) {
        state.withLockBroadcasting { $0.jobs.append(job) }
    }

    /// Forgets a batch the caller has written.
    func retire(_ job: BatchJob<Batch, Chunk>) {
        state.withLock { state in
            if let k = state.jobs._firstIndex(where: { $0 === job }) { state.jobs.remove(at: k) }
        }
    }

    /// Ends the run: sleeping threads wake and leave, running ones skip
    /// what is left.
    func close() {
        stop.batch.store(-1, ordering: .relaxed)
        state.withLockBroadcasting { $0.closed = true }
    }

    /// The oldest batch at `sequence` or after with chunks to claim, waiting
    /// for one to be submitted; nil once the run ends.
    func job(from sequence: Int) -> BatchJob<Batch, Chunk>? {
        func next(_ state: inout State) -> BatchJob<Batch, Chunk>? {
            state.jobs._firstIndex { $0.sequence >= sequence && !$0.isClaimed }.map {
                state.jobs[$0]
            }
        }
        return state.withLock(waitingUntil: { $0.closed || next(&$0) != nil }) {
            $0.closed ? nil : next(&$0)
        }
    }

    /// Wakes the caller waiting for a batch to be done.
    func finished() {
        state.withLockBroadcasting { _ in }
    }

    /// Waits until `job` is done.
    func wait(for job: BatchJob<Batch, Chunk>) {
        state.withLock(waitingUntil: { _ in job.isDone }) { _ in }
    }
}

/// Runs batches through `workers` (one per thread; the caller is thread 0):
/// `read` gives the next batch (empty at the end), `process` turns a chunk's
/// rows into their output on a worker (it may stop early once
/// `job.earliestFailureRow` is before its row), and `write` takes each
/// batch's chunks in input order, failures included (it decides what a
/// failure writes and throws; the run stops after a batch with a failure).
/// After each batch is written, `pauseWhen` says whether to let every batch
/// in flight finish and run `whilePaused` while no other thread works
/// (giving memory back there spares the others the page-table flushes it
/// causes); the caller reads the next batch while the last chunks finish.
package func runBatchPipeline<Worker, Batch: PipelineBatch, Chunk: BatchChunk>(
    workers: [Worker],
    read: () throws -> Batch,
    process: @escaping (Worker, BatchJob<Batch, Chunk>, Range<Int>) -> Chunk,
    pauseWhen: () -> Bool = { false },
    whilePaused: () -> Void = {},
    write: (Batch, [Chunk]) throws -> Void
) throws {
    precondition(!workers.isEmpty)
    let queue = BatchQueue<Batch, Chunk>()
    let group = DispatchGroup()
    // Nothing leaves this function while a worker may still run.
    defer {
        queue.close()
        group.wait()
    }
    for index in 1..<workers.count {
        let worker = workers[index]
        let task = _UncheckedSendable({
            var sequence = 0
            while let job = queue.job(from: sequence) {
                sequence = job.sequence + 1
                while job.runOne({ rows in process(worker, job, rows) }, finished: queue.finished) {
                }
            }
        })
        DispatchQueue.global().async(group: group) { task.value() }
    }
    // Enough batches in flight that a thread done with one finds another.
    let depth = workers.count + 1
    var inFlight: [BatchJob<Batch, Chunk>] = []
    inFlight.reserveCapacity(depth)
    var submitted = 0
    var reading = true
    var paused = false
    // The batch read while the caller waits for a pause's last chunks, and
    // submitted when the pause ends (a read error is thrown then, in the
    // order it would have been without the read ahead).
    var readAhead: Result<Batch, any Error>?
    func submitNext() throws {
        let batch = try readAhead.take()?.get() ?? read()
        guard batch.count > 0 else {
            reading = false
            return
        }
        let job = BatchJob<Batch, Chunk>(batch: batch, sequence: submitted, stop: queue.stop)
        submitted += 1
        inFlight.append(job)
        queue.submit(job)
    }
    while true {
        if !inFlight.isEmpty, inFlight[0].isDone {
            let oldest = inFlight.remove(at: 0)
            queue.retire(oldest)
            let chunks = oldest.results()
            try write(oldest.batch, chunks)
            // A failure stops the run (the batch's writer reported it).
            if chunks._firstIndex(where: { $0.failureRow != nil }) != nil { return }
            // No pause once the input is all read: nothing would follow it.
            if !paused, reading, pauseWhen() { paused = true }
            if paused, inFlight.isEmpty {
                whilePaused()
                paused = false
            }
        } else if reading, !paused, inFlight.count < depth {
            try submitNext()
        } else if let k = inFlight._firstIndex(where: { !$0.isClaimed }) {
            let job = inFlight[k]
            _ = job.runOne({ rows in process(workers[0], job, rows) }, finished: queue.finished)
        } else if paused, reading, readAhead == nil {
            // The other threads finish the last chunks meanwhile, and start
            // on this batch as soon as the pause ends.
            readAhead = Result { try read() }
        } else if !inFlight.isEmpty {
            let oldest = inFlight[0]
            queue.wait(for: oldest)
        } else {
            return
        }
    }
}

/// A closure run on another thread: it only touches its own worker (each
/// worker is given to one thread at a time) and the job, which is shared by
/// design (atomics, and chunks written once each).
private struct _UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension Array {
    /// The index of the first element that passes `test`, found with the
    /// array's own subscript. The pipeline's code is generic and runs
    /// unspecialized, where `Sequence.first(where:)` and its kin had the
    /// runtime look the array's conformances up on their first call: a
    /// scan of the executable's 4,285 conformance records, about 200,000
    /// instructions of every `trellis measure` process (callgrind,
    /// 2026-12-06).
    @inline(__always)
    fileprivate func _firstIndex(where test: (Element) -> Bool) -> Int? {
        var k = 0
        while k < count {
            if test(self[k]) { return k }
            k += 1
        }
        return nil
    }
}
