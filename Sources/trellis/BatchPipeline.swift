// How `trellis heights` and `trellis measure` spread their rows over their
// threads: lines are read in batches, and every row of a batch is parsed,
// laid out and formatted by whichever thread claims its chunk (so no thread
// waits for a slower share), while the calling thread, between its own
// chunks, writes the batch before and reads the batch after. With one
// thread everything runs in turn on the caller.

import Dispatch
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
    let chunkCount: Int
    /// The next chunk to claim.
    private let next = Atomic<Int>(0)
    /// The earliest bad row seen so far (`Int.max` for none): chunks after
    /// it need not run, chunks before it must (an earlier row may be bad too).
    private let earliestFailure = Atomic<Int>(.max)
    /// Chunk `k`'s result, written once by the thread that claimed it and
    /// read after every thread is done.
    private let chunks: UnsafeMutableBufferPointer<Chunk?>

    init(batch: LineBatch) {
        self.batch = batch
        chunkCount = (batch.count + Self.chunkSize - 1) / Self.chunkSize
        chunks = .allocate(capacity: chunkCount)
        chunks.initialize(repeating: nil)
    }

    deinit {
        chunks.deinitialize()
        chunks.deallocate()
    }

    /// The earliest bad row any thread has seen so far (`Int.max` for none).
    var earliestFailureRow: Int { earliestFailure.load(ordering: .relaxed) }

    /// Claims and runs chunks until none is left.
    func work(_ body: (_ rows: Range<Int>) -> Chunk) {
        while true {
            let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard chunk < chunkCount else { return }
            let lower = chunk * Self.chunkSize
            let upper = min(batch.count, lower + Self.chunkSize)
            guard lower <= earliestFailureRow else {
                chunks[chunk] = Chunk()
                continue
            }
            let result = body(lower..<upper)
            if let row = result.failureRow { earliestFailure.min(row, ordering: .relaxed) }
            chunks[chunk] = result
        }
    }

    /// Every chunk in input order, once every thread is done; the chunks
    /// after the first bad row are empty.
    func results() -> [Chunk] {
        (0..<chunkCount).map { k in
            guard let chunk = chunks[k] else {
                preconditionFailure("chunk \(k) of \(chunkCount) was not processed")
            }
            return chunk
        }
    }
}

/// Runs batches through `workers` (one per thread; the caller is thread 0):
/// `read` gives the next batch (empty at the end), `process` turns a chunk's
/// rows into their output on a worker (it may stop early once
/// `job.earliestFailureRow` is before its row), and `write` takes each
/// batch's chunks in input order, failures included (it decides what a
/// failure writes and throws). While the other threads process batch k, the
/// caller writes batch k − 1 and reads batch k + 1, then joins in.
/// `whileIdle` runs after each batch while no other thread works (giving
/// memory back there spares the others the page-table flushes it causes).
func runBatchPipeline<Worker, Chunk: BatchChunk>(
    workers: [Worker],
    read: () throws -> LineBatch,
    process: @escaping (Worker, BatchJob<Chunk>, Range<Int>) -> Chunk,
    whileIdle: () -> Void = {},
    write: (LineBatch, [Chunk]) throws -> Void
) throws {
    precondition(!workers.isEmpty)
    let group = DispatchGroup()
    // Nothing leaves this function while a worker may still run.
    defer { group.wait() }
    var done: (LineBatch, [Chunk])?
    var current = try read()
    while !current.isEmpty {
        let job = BatchJob<Chunk>(batch: current)
        for worker in workers.dropFirst() {
            let task = _UncheckedSendable({ job.work { rows in process(worker, job, rows) } })
            DispatchQueue.global().async(group: group) { task.value() }
        }
        if let (batch, chunks) = done {
            done = nil
            try write(batch, chunks)
        }
        let next = try read()
        job.work { rows in process(workers[0], job, rows) }
        group.wait()
        whileIdle()
        let chunks = job.results()
        if chunks.contains(where: { $0.failureRow != nil }) {
            // Stop here: the batch's own writer reports the failure.
            try write(current, chunks)
            return
        }
        done = (current, chunks)
        current = next
    }
    if let (batch, chunks) = done { try write(batch, chunks) }
}

/// A closure run on another thread: it only touches its own worker (each
/// worker is given to one thread at a time) and the job, which is shared by
/// design (atomics, and chunks written once each).
private struct _UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
