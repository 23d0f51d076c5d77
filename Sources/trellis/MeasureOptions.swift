// `trellis measure`'s options as plain values, and the run they make. The
// usual command line is read into them without ArgumentParser
// (`Measure+Arguments.swift`), which would build every option's
// definition by reflection first.
import ArgumentParser
import CLIOptions
import CLISupport
import CTrellisMemory
import TrellisData
import TrellisSupport
import TrellisText

/// What `trellis measure` was asked: `Measure`'s options, read once.
struct MeasureOptions {
    var font: String
    var weight = "regular"
    var size: Double
    var width: Double
    var lineSpacing: Double = 0
    var lines = 0
    var scale: Double?
    var field = "subtitle"
    var fallback: FallbackChoice = .bundled
    var markup = false

    /// The defaults of the options that have one (the required ones are
    /// placeholders here).
    static let standard = MeasureOptions(font: "", size: 0, width: 0)

    func validate() throws {
        guard size.isFinite, size > 0 else {
            throw ValidationError("--size must be a number greater than 0, got \(size)")
        }
        guard width.isFinite, width > 0 else {
            throw ValidationError("--width must be a number greater than 0, got \(width)")
        }
        guard lineSpacing.isFinite, lineSpacing >= 0 else {
            throw ValidationError("--line-spacing must be a number, 0 or more, got \(lineSpacing)")
        }
        guard lines >= 0 else {
            throw ValidationError("--lines must be 0 (unlimited) or more, got \(lines)")
        }
        if let scale, !(scale.isFinite && scale > 0) {
            throw ValidationError("--scale must be a number greater than 0, got \(scale)")
        }
        guard FontWeight(rawValue: weight.lowercased()) != nil else {
            throw ValidationError(
                "--weight must be one of regular, medium, semibold, bold, got \(weight)")
        }
    }

    func run() throws {
        // One process fills its caches once and exits: one heap, grown
        // 64 MB at a time on huge pages. On 5,000 English rows, 3,570 page
        // faults became 900 and system time fell from about 12 to 4 ms
        // (2026-11-30, the 2-core VM). The threads share the main heap's
        // lock when they are two (small blocks come from each thread's own
        // cache without it); more keep glibc's arena per thread, which is
        // not on huge pages.
        let threads = max(1, trellis_active_processor_count())
        trellis_use_batch_heap(64 << 20, threads <= 2 ? 1 : 0)
        // The heap these rows will fill, faulted in on another core while
        // this one sets the fonts up: 2 MB and 12 bytes a byte of input,
        // at most 8 MB and a byte a byte, at most 16 MB (the heap above its
        // first huge page's start, 2026-12-02: one English row 0.5 MB,
        // 1,000 rows 4.5 MB from 186 KB; 5,000 rows: English 6.7 MB from
        // 0.93 MB of input, German 6.8 MB from 1.05 MB, Russian 7.5 MB
        // from 1.78 MB, Chinese 8.3 MB from 0.68 MB, the mixed file 11.0 MB
        // from 1.11 MB; the word cache and the batches in flight are
        // bounded, not the input); none for an empty file or a pipe.
        let fileBytes = Int(clamping: trellis_input_bytes_left(0))
        let input = UInt(min(fileBytes, 2 << 20))
        if input > 0 {
            trellis_fault_in_batch_heap(min((2 << 20) + 12 * input, (8 << 20) + input, 16 << 20))
        }
        let fonts: FontCollection
        do {
            fonts = try Measure.fonts(
                font, weight: FontWeight(rawValue: weight.lowercased()) ?? .regular,
                fallback: fallback)
        } catch {
            throw ValidationError("--font: \(error)")
        }
        var style = TextStyle(fonts: fonts, size: size)
        style.lineSpacing = lineSpacing
        if lines > 0 { style.lineBreakMode = .byTruncatingTail }
        // Rows stream through once, so no prepared text is kept: each is
        // freed as soon as it is measured, and its memory goes to the next
        // row's. A window of the latest 1,024 (a repeated row within it not
        // prepared again) cost about 10 M more instructions on 5,000
        // English rows (hashing each text, two look-ups and two insertions,
        // and freeing the texts 1,024 rows later, out of the CPU's cache),
        // and the real rows of Debian's fortunes repeat within such a
        // window 0 to 22 times in 5,000 (2026-11-30).
        let measurer = TextMeasurer(preparedTextCapacity: Measure.preparedTextCapacity)
        // The word cache's tables made at the size the rows will fill at
        // once: about a distinct piece per 48 bytes of the first 2 MB of
        // input (5,000 rows of Debian's fortunes, bytes a distinct word:
        // English 33, German 36, Russian 50, the mixed file 28, Chinese
        // 57), an estimate kept low, since a table made too large is
        // memory the kernel zeroes for nothing, and one made too small
        // doubles as it would have.
        if fileBytes > 0 { measurer._reserveWordCache(pieces: min(fileBytes, 2 << 20) / 48) }
        let settings = MeasureSettings(
            field: field, markup: markup, width: width, lines: lines, scale: scale)
        // Standard input is read into blocks the batches share: a file into
        // one block of its size (up to 16 MB), read at once; anything else
        // 1 MB at a time. Its bytes are copied only by `read`. Texts to
        // measure, not rows: no data limit applies to a line's length.
        var reader = LineBlockReader(
            firstBlockSize: fileBytes > 0 ? min(fileBytes, 16 << 20) + 1 : 1 << 20)
        var index = 0
        // The first batch is small: the other threads have nothing to do
        // until it is read (2,048 lines took the calling thread about
        // 0.7 ms on the 2-core VM, 2026-12-01), and its chunks keep them
        // busy while the next batch is read. A batch's lines lie in one
        // block.
        func read() throws -> BlockBatch {
            var batch = BlockBatch()
            let size = index == 0 ? 128 : 2048
            batch.lines.reserveCapacity(size)
            // The captured variables are reached once a batch, not once a
            // line: each access to them is checked for exclusivity at run
            // time (about 65 instructions).
            var next = index
            defer { index = next }
            try withUnsafeMutablePointer(to: &reader) { reader in
                while batch.count < size,
                    let (lineNumber, range) = try reader.pointee.next(
                        stayingInBlock: batch.block != nil, read: Measure.readStandardInput)
                {
                    if batch.block == nil { batch.block = reader.pointee.block }
                    batch.lines.append(LineBatch.Line(index: next, line: lineNumber, range: range))
                    next += 1
                }
            }
            return batch
        }
        // Each line parsed, measured and formatted on whichever thread
        // takes its chunk; the records are written in input order.
        let workers = (0..<threads).map { _ in _RecordNumbers() }
        let process = {
            (numbers: _RecordNumbers, job: BatchJob<BlockBatch, MeasureChunk>, rows: Range<Int>)
                -> MeasureChunk in
            var chunk = MeasureChunk()
            chunk.bytes.reserveCapacity(rows.count * 96)
            // The job keeps the batch, and so its block, meanwhile.
            let bytes = job.batch.bytes
            for k in rows {
                if k > job.earliestFailureRow { break }
                let line = job.batch.lines[k]
                do throws(MessageError) {
                    let measured = try settings.measure(
                        bytes[line.range], measurer: measurer, style: style)
                    settings.append(measured, to: &chunk.bytes, numbers: numbers)
                } catch {
                    chunk.failure = (k, "line \(line.line): \(error)")
                    break
                }
            }
            return chunk
        }
        try runBatchPipeline(workers: workers, read: read, process: process) { _, chunks in
            // One write per batch. Rows before a bad line are written (the
            // output streams); the exit code is the same as every Trellis
            // tool's for bad data.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(chunks.reduce(0) { $0 + $1.bytes.count })
            for chunk in chunks {
                bytes.append(contentsOf: chunk.bytes)
                if let failure = chunk.failure {
                    try Measure.writeOut(bytes)
                    throw CLIFailure.data("measure: \(failure.message)")
                }
            }
            try Measure.writeOut(bytes)
        }
    }
}
