// Heights computed ahead of time: many rows, several widths, every core,
// in input order, on the ordered parallel pipeline `trellis heights` runs
// (TrellisSupport's `runBatchPipeline`).

import Dispatch
import FoundationEssentials
import TrellisData
import TrellisSupport

/// Lays out rows with one template per thread and gives their heights in
/// input order.
///
/// Deterministic: the heights are bit-identical whatever the number of
/// threads, since a reused template lays a row out exactly as a fresh one
/// does (docs/reuse.md), so which thread's template took a row does not
/// matter. The threads claim chunks of 32 rows in input order, so none
/// waits for a slower share. Cancellable between chunks.
///
/// ```swift
/// let heights = try HeightPrecomputer(threads: 2) { () throws(CellError) in
///     AnimalTableViewCellFrames(style: try .classic())
/// }
/// for try await batch in ... // or, all at once:
/// let all = try await heights.heights(of: rows, widths: [320, 375, 414])  // all[row][width]
/// ```
public final class HeightPrecomputer<Template: CellTemplate>: Sendable {
    /// Threads used (at least 1).
    public let threads: Int
    /// One template per thread; thread `k` only touches `boxes[k]`.
    private let boxes: [_TemplateBox<Template>]
    /// Whether a call is running (one at a time: the templates are per thread).
    private let running = Locked(false)

    /// Makes `threads` templates (one per thread) with `makeTemplate`.
    public init(
        threads: Int = ProcessInfo.processInfo.activeProcessorCount,
        makeTemplate: () throws(CellError) -> Template
    ) throws(CellError) {
        self.threads = max(1, threads)
        var boxes: [_TemplateBox<Template>] = []
        for _ in 0..<self.threads { boxes.append(_TemplateBox(try makeTemplate())) }
        self.boxes = boxes
    }

    /// The heights of `rows` at each width: `result[row][k]` at `widths[k]`.
    /// - Throws: `HeightError` for the first row that cannot be laid out
    ///   (its index counted from `firstRow`), or `CancellationError` when
    ///   `isCancelled` says so.
    public func heights(
        of rows: [Template.Item], widths: [Double], firstRow: Int = 0,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws -> [[Double]] {
        running.withLock {
            precondition(
                !$0, "HeightPrecomputer: one call at a time (it owns one template per thread)")
            $0 = true
        }
        defer { running.withLock { $0 = false } }
        let count = rows.count
        guard count > 0 else { return [] }
        let perRow = widths.count
        let flat = UnsafeMutableBufferPointer<Double>.allocate(capacity: count * max(1, perRow))
        flat.initialize(repeating: 0)
        defer { flat.deallocate() }
        // The rows are one batch of the library's ordered pipeline: the
        // threads claim chunks of 32 rows in input order; rows after a
        // failed one are not needed, rows before it are (so the failure
        // reported is the first row's whatever the threads, as on one).
        let chunkSize = BatchJob<_Rows, _HeightsChunk>.chunkSize
        var batches = [_Rows(count: count)]
        var failure: HeightError?
        var cancelled = false
        try rows.withUnsafeBufferPointer { rows in
            let rows = _Unchecked(rows)
            try runBatchPipeline(
                workers: Array(boxes.prefix((count + chunkSize - 1) / chunkSize)),
                read: { batches.popLast() ?? _Rows(count: 0) },
                process: { box, _, range in
                    var chunk = _HeightsChunk()
                    guard !isCancelled() else {
                        chunk.stop = (range.lowerBound, nil)
                        return chunk
                    }
                    for row in range {
                        for (k, width) in widths.enumerated() {
                            do throws(CellError) {
                                flat[row * perRow + k] = try box.template.height(
                                    for: rows.value[row], width: width)
                            } catch {
                                let place = HeightError(
                                    row: firstRow + row,
                                    dataLine: RowPlace.line(of: rows.value[row]), error: error)
                                chunk.stop = (row, place)
                                return chunk
                            }
                        }
                    }
                    return chunk
                },
                write: { _, chunks in
                    for chunk in chunks {
                        guard let (_, error) = chunk.stop else { continue }
                        if let error {
                            failure = failure ?? error
                        } else {
                            cancelled = true
                        }
                    }
                })
        }
        if let failure { throw failure }
        if cancelled || isCancelled() { throw CancellationError() }
        return (0..<count).map { row in Array(flat[(row * perRow)..<((row + 1) * perRow)]) }
    }

    /// The same, off the caller's thread; cancelled with the task.
    public func heights(of rows: [Template.Item], widths: [Double], firstRow: Int = 0) async throws
        -> [[Double]]
    {
        let flag = _CancelFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let rows = _Unchecked(rows)
                DispatchQueue.global().async {
                    do {
                        continuation.resume(
                            returning: try self.heights(
                                of: rows.value, widths: widths, firstRow: firstRow,
                                isCancelled: flag.isSet))
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
        } onCancel: {
            flag.set()
        }
    }

    /// Streams any number of rows in constant memory: pulls batches of
    /// `batchSize` from `rows`, and hands each batch's heights to `emit`
    /// in input order (with the index of the batch's first row) before
    /// pulling the next.
    public func stream<Rows: Sequence>(
        _ rows: Rows, widths: [Double], batchSize: Int = 4096,
        isCancelled: @escaping @Sendable () -> Bool = { false },
        emit: (_ firstRow: Int, _ batch: [Template.Item], _ heights: [[Double]]) throws -> Void
    ) throws where Rows.Element == Template.Item {
        var iterator = rows.makeIterator()
        var first = 0
        var batch: [Template.Item] = []
        batch.reserveCapacity(batchSize)
        while true {
            batch.removeAll(keepingCapacity: true)
            while batch.count < max(1, batchSize), let row = iterator.next() { batch.append(row) }
            if batch.isEmpty { return }
            let heights = try self.heights(
                of: batch, widths: widths, firstRow: first, isCancelled: isCancelled)
            try emit(first, batch, heights)
            first += batch.count
        }
    }
}

/// A thread's template, mutated by that thread only (so `@unchecked`: a call
/// gives box `k` to thread `k` alone, and calls do not overlap).
private final class _TemplateBox<Template: CellTemplate>: @unchecked Sendable {
    var template: Template
    init(_ template: Template) { self.template = template }
}

/// The rows of one call, as the pipeline's one batch.
private struct _Rows: PipelineBatch {
    var count: Int
}

/// A chunk's outcome: where it stopped, if it did (with the row's error, or
/// nil when cancelled).
private struct _HeightsChunk: BatchChunk {
    var stop: (row: Int, error: HeightError?)?

    init() {}

    var failureRow: Int? { stop?.row }
}

private final class _CancelFlag: Sendable {
    private let value = Locked(false)
    func set() { value.withLock { $0 = true } }
    var isSet: @Sendable () -> Bool {
        { [self] in value.withLock { $0 } }
    }
}

/// The rows, lent to the threads that only read them (`Template.Item` need
/// not be `Sendable`; the call waits for every thread before returning).
private struct _Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A row `HeightPrecomputer` could not lay out.
public struct HeightError: Error, CustomStringConvertible, Sendable {
    /// The row's index (0-based, counted from the call's `firstRow`).
    public var row: Int
    /// The row's data line, when it was read from a data file (`JSONRow`).
    public var dataLine: Int?
    public var error: CellError

    public init(row: Int, dataLine: Int? = nil, error: CellError) {
        self.row = row
        self.dataLine = dataLine
        self.error = error
    }

    /// The error with the row's place, as `RowPlace` names rows:
    /// `Post: … (data line 4)`, or `(items[3])` for rows made in code.
    public var description: String {
        let text = "\(error)"
        if let dataLine {
            let place = RowPlace.dataLine(dataLine)
            return text.contains(place) ? text : text + " " + place
        }
        return text + " (items[\(row)])"
    }
}
