// How `trellis heights` and `trellis measure` spread their rows over their
// threads: lines are read in batches, a few batches are in flight at once,
// and every row of a batch is parsed, laid out and formatted by whichever
// thread claims its chunk. A thread that finds no chunk left in one batch
// goes on to the next without waiting for the others, so threads meet only
// when the caller pauses them (to give memory back) or at the end. The
// calling thread writes finished batches in input order and reads new ones
// between its own chunks. With one thread everything runs in turn on the
// caller.

import Dispatch
import Glibc
import Synchronization

/// The lines of one batch, copied out of the reader.
struct LineBatch {
    /// A row as read: its input index (the output's `row`), its line in the
    /// file, and where its bytes are in `bytes`.
    struct Line {
        var index: Int
        var line: Int
        var range: Range<Int>
    }

    private(set) var bytes: [UInt8] = []
    private(set) var lines: [Line] = []

    var count: Int { lines.count }
    var isEmpty: Bool { lines.isEmpty }

    mutating func append(index: Int, line: Int, _ text: ArraySlice<UInt8>) {
        let start = bytes.count
        bytes.append(contentsOf: text)
        lines.append(Line(index: index, line: line, range: start..<bytes.count))
    }
}

/// What a chunk of rows gives: its output, and the first of its rows that
/// stops the run, if any (rows after that one are not processed).
protocol BatchChunk {
    /// The chunk of a batch that needs no processing (it starts after a bad row).
    init()
    /// The index in the batch of the chunk's first bad row.
    var failureRow: Int? { get }
}

/// A batch being processed: chunks of rows claimed in order by the threads.
final class BatchJob<Chunk: BatchChunk>: @unchecked Sendable {
    static var chunkSize: Int { 32 }

    let batch: LineBatch
    /// The batch's place in the input (0 for the first).
    let sequence: Int
    let chunkCount: Int
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

    fileprivate init(batch: LineBatch, sequence: Int, stop: BatchStop) {
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
    var earliestFailureRow: Int { earliestFailure.load(ordering: .relaxed) }

    /// Whether every chunk is claimed (the last ones may still run).
    var isClaimed: Bool { next.load(ordering: .relaxed) >= chunkCount }

    /// Whether every chunk is done: `results()` may be read.
    var isDone: Bool { remaining.load(ordering: .acquiring) == 0 }

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
    func results() -> [Chunk] {
        precondition(isDone, "batch \(sequence) read before its chunks are done")
        return (0..<chunkCount).map { k in
            guard let chunk = chunks[k] else {
                preconditionFailure("chunk \(k) of \(chunkCount) was not processed")
            }
            return chunk
        }
    }
}

/// The first batch with a bad row (`Int.max` for none), or −1 once the run
/// ends early: the batches after it need not run.
private final class BatchStop: Sendable {
    let batch = Atomic<Int>(.max)
}

/// The batches in flight, shared by the caller and the other threads: the
/// threads take batches in order, and sleep when there is none to take.
private final class BatchQueue<Chunk: BatchChunk>: @unchecked Sendable {
    private let condition = Condition()
    /// Batches submitted and not yet retired by the caller, oldest first.
    private var jobs: [BatchJob<Chunk>] = []
    private var closed = false
    let stop = BatchStop()

    func submit(_ job: BatchJob<Chunk>) {
        condition.locked {
            jobs.append(job)
            condition.broadcast()
        }
    }

    /// Forgets a batch the caller has written.
    func retire(_ job: BatchJob<Chunk>) {
        condition.locked { jobs.removeAll { $0 === job } }
    }

    /// Ends the run: sleeping threads wake and leave, running ones skip
    /// what is left.
    func close() {
        stop.batch.store(-1, ordering: .relaxed)
        condition.locked {
            closed = true
            condition.broadcast()
        }
    }

    /// The oldest batch at `sequence` or after with chunks to claim, waiting
    /// for one to be submitted; nil once the run ends.
    func job(from sequence: Int) -> BatchJob<Chunk>? {
        condition.locked {
            while true {
                if closed { return nil }
                if let job = jobs.first(where: { $0.sequence >= sequence && !$0.isClaimed }) {
                    return job
                }
                condition.wait()
            }
        }
    }

    /// Wakes the caller waiting for a batch to be done.
    func finished() {
        condition.locked { condition.broadcast() }
    }

    /// Waits until `job` is done.
    func wait(for job: BatchJob<Chunk>) {
        condition.locked {
            while !job.isDone { condition.wait() }
        }
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
/// causes).
func runBatchPipeline<Worker, Chunk: BatchChunk>(
    workers: [Worker],
    read: () throws -> LineBatch,
    process: @escaping (Worker, BatchJob<Chunk>, Range<Int>) -> Chunk,
    pauseWhen: () -> Bool = { false },
    whilePaused: () -> Void = {},
    write: (LineBatch, [Chunk]) throws -> Void
) throws {
    precondition(!workers.isEmpty)
    let queue = BatchQueue<Chunk>()
    let group = DispatchGroup()
    // Nothing leaves this function while a worker may still run.
    defer {
        queue.close()
        group.wait()
    }
    for worker in workers.dropFirst() {
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
    var inFlight: [BatchJob<Chunk>] = []
    inFlight.reserveCapacity(depth)
    var submitted = 0
    var reading = true
    var paused = false
    func submitNext() throws {
        let batch = try read()
        guard !batch.isEmpty else {
            reading = false
            return
        }
        let job = BatchJob<Chunk>(batch: batch, sequence: submitted, stop: queue.stop)
        submitted += 1
        inFlight.append(job)
        queue.submit(job)
    }
    while true {
        if let oldest = inFlight.first, oldest.isDone {
            inFlight.removeFirst()
            queue.retire(oldest)
            let chunks = oldest.results()
            try write(oldest.batch, chunks)
            // A failure stops the run (the batch's writer reported it).
            if chunks.contains(where: { $0.failureRow != nil }) { return }
            // No pause once the input is all read: nothing would follow it.
            if !paused, reading, pauseWhen() { paused = true }
            if paused, inFlight.isEmpty {
                whilePaused()
                paused = false
            }
        } else if reading, !paused, inFlight.count < depth {
            try submitNext()
        } else if let job = inFlight.first(where: { !$0.isClaimed }) {
            _ = job.runOne({ rows in process(workers[0], job, rows) }, finished: queue.finished)
        } else if let oldest = inFlight.first {
            queue.wait(for: oldest)
        } else {
            return
        }
    }
}

/// A mutex and its condition variable (pthreads).
private final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for a broadcast; the mutex must be held.
    func wait() { pthread_cond_wait(cond, mutex) }

    func broadcast() { pthread_cond_broadcast(cond) }
}

/// A closure run on another thread: it only touches its own worker (each
/// worker is given to one thread at a time) and the job, which is shared by
/// design (atomics, and chunks written once each).
private struct _UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
