// `trellis heights`: precomputes cell heights for every row of a data file
// at several widths, scales and content sizes, streaming (constant memory),
// on every core, in input order, with a cache key saying what the numbers
// depend on; optionally compared with heights recorded elsewhere.

import ArgumentParser
import CLIOptions
import CLISupport
import CTrellisMemory
import FoundationEssentials
import Trellis
import TrellisData
import TrellisSupport
import TrellisTemplateSource

struct Heights: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heights",
        abstract: "Precompute cell heights for many rows, widths, scales and content sizes.",
        discussion: """
            Output: a header record with a cache key, then one record per row and combination, in input \
            order: {"row": n, "id": ..., "width": w, "scale": s, "contentSize": c, "height": h}. \
            Exit codes: 0 done, 1 more than --max-worse heights differ from --expect's by more \
            than a pixel, 2 bad data or template (a data file without rows too), 64 bad options.
            """)

    @Option(help: "Template: \(BuiltInTemplate.names), or a template file (.json).")
    var template: String

    @Option(help: "JSON Lines rows, or - for standard input.")
    var data: String

    @Option(help: "Widths in points, comma-separated (e.g. 320,375,414).")
    var widths: String

    @Option(help: "Screen scales, comma-separated.")
    var scales: String = "3"

    @Option(
        name: .customLong("content-sizes"),
        help:
            "Dynamic Type sizes, comma-separated (extraSmall … accessibilityExtraExtraExtraLarge; template files only)."
    )
    var contentSizes: String = "large"

    @Option(
        help:
            "frames or constraints (default: frames for built-in templates, constraints for files)."
    )
    var path: String?

    @Option(help: "Threads (default: the core count). Output order does not depend on it.")
    var threads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)

    @Option(help: "I/N: only the rows whose input index is I modulo N (0 ≤ I < N).")
    var shard: String?

    @Option(help: "jsonl or csv.")
    var format: String = "jsonl"

    @Option(help: "Output file, or - for standard output.")
    var out: String

    @Option(help: "Heights recorded elsewhere (same record shape) to compare with, row by row.")
    var expect: String?

    @Option(
        name: .customLong("max-worse"),
        help:
            "With --expect: how many heights may differ by more than a pixel (more: exit 1; default 0)."
    )
    var maxWorse: Int?

    @Option(
        name: .customLong("font-dir"),
        help: "A folder template files may take fonts from (repeatable).")
    var fontDirs: [String] = []

    @OptionGroup var dataLimits: DataLimitOptions
    @OptionGroup var strictOption: StrictOption

    @Option(
        name: .customLong("max-constraints"), help: "Most constraints a template file may have.")
    var maxConstraints: Int = 2_000

    @Option(name: .customLong("batch-size"), help: "Rows read, laid out and written at a time.")
    var batchSize: Int = 2048

    func validate() throws {
        _ = try parsedOptions()
    }

    /// The options, checked.
    func parsedOptions() throws -> HeightsOptions {
        func numbers(_ text: String, _ name: String) throws -> [Double] {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            var values: [Double] = []
            for part in parts {
                guard let value = Double(part.trimmingSpaces()) else {
                    throw ValidationError("--\(name): '\(part)' is not a number")
                }
                values.append(value)
            }
            guard !values.isEmpty else { throw ValidationError("--\(name) is empty") }
            return values
        }
        let widths = try numbers(self.widths, "widths")
        for width in widths where !(width.isFinite && width > 0 && width <= 100_000) {
            throw ValidationError("--widths: \(width) is not a width (a number in (0, 100000])")
        }
        let scales = try numbers(self.scales, "scales")
        for scale in scales where !(scale >= 1 && scale <= 4) {
            throw ValidationError("--scales: \(scale) is not a screen scale (1 to 4)")
        }
        var sizes: [ContentSizeCategory] = []
        for name in contentSizes.split(separator: ",") {
            let trimmed = name.trimmingSpaces()
            guard let size = ContentSizeCategory(name: trimmed) else {
                throw ValidationError(
                    "--content-sizes: unknown size '\(trimmed)' (expected \(ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            sizes.append(size)
        }
        guard !sizes.isEmpty else { throw ValidationError("--content-sizes is empty") }
        var shardIndex = 0
        var shardCount = 1
        if let shard {
            let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
                count >= 1, index >= 0,
                index < count
            else {
                throw ValidationError("--shard must be I/N with 0 ≤ I < N, got '\(shard)'")
            }
            (shardIndex, shardCount) = (index, count)
        }
        guard ["jsonl", "csv"].contains(format) else {
            throw ValidationError("--format must be jsonl or csv, got '\(format)'")
        }
        if let path, !["frames", "constraints"].contains(path) {
            throw ValidationError("--path must be frames or constraints, got '\(path)'")
        }
        guard (1...256).contains(threads) else {
            throw ValidationError("--threads must be 1...256, got \(threads)")
        }
        guard (1...1_000_000).contains(batchSize) else {
            throw ValidationError("--batch-size must be 1...1000000")
        }
        guard maxConstraints >= 1 else {
            throw ValidationError("--max-constraints must be at least 1")
        }
        if let maxWorse {
            guard expect != nil else { throw ValidationError("--max-worse needs --expect") }
            guard maxWorse >= 0 else {
                throw ValidationError("--max-worse must be 0 or more, got \(maxWorse)")
            }
        }
        return HeightsOptions(
            widths: widths, scales: scales, contentSizes: sizes, shardIndex: shardIndex,
            shardCount: shardCount)
    }

    /// Growth of resident memory (bytes) after which free pages are given
    /// back. 2 threads, 2026-11-24 (this machine, loaded): peak at 1,000,000
    /// rows / at 100,000 1.16 with 8 MB and the doubling below (38 trims
    /// per 1,000,000 rows, 7 per 200,000), 1.22 with 4 MB (136 trims, 24;
    /// each trim stops the other threads), 1.36 with none, 1.27 with a
    /// fixed 8 MB.
    static let trimThreshold: UInt64 = 8 << 20
    /// The text caches' capacities, shared out between the threads (a
    /// `TextMeasurer`'s defaults).
    static let wordCacheCapacity = 1 << 18
    static let preparedTextCapacity = 1 << 15

    func run() throws {
        let conflicts = ConflictLog()
        conflicts.start()
        defer {
            conflicts.stop()
            conflicts.flush(tool: "trellis")
        }
        let options = try parsedOptions()
        // The file's text is part of the cache key, so it is read here.
        var text = Data()
        let source = try TemplateSource.resolveForCommandLine(template) {
            path throws(CLIFailure) in
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw CLIFailure.usage("\(path): cannot read the template file")
            }
            text = bytes
            do {
                return try TemplateFile.parse(String(decoding: bytes, as: UTF8.self), file: path)
            } catch {
                throw CLIFailure.wrapping(error)
            }
        }
        let file: TemplateFile
        switch source {
        case .builtIn(let builtIn):
            if options.contentSizes != [.large] {
                throw CLIFailure.usage(
                    "--content-sizes: the built-in \(builtIn.rawValue) has fixed font sizes; give a template file to scale its fonts"
                )
            }
            try builtIn.visit(BuiltInHeights(command: self, options: options))
            return
        case .file(let read): file = read
        }
        try checkUntrusted(file)
        if path == "frames" {
            // A tree of stacks has a frame path: each row turned into a
            // StackTree and laid out directly, without a solver.
            if let problem = file.stackTreeProblem {
                throw CLIFailure.usage("--path frames: \(problem); use --path constraints")
            }
            try produce(
                rows: file.rowFormat,
                templateIdentity: ["file", template, String(decoding: text, as: UTF8.self)],
                fontFiles: source.fontFiles, options: options, pathName: "frames",
                templateFile: file
            ) { scale, contentSize, measurer throws(CellError) in
                do {
                    return try TemplateFileDirectCell(
                        file: file, measurer: measurer, scale: scale, contentSize: contentSize)
                } catch {
                    throw CellError(template: file.name, message: "\(error)")
                }
            }
            return
        }
        try produce(
            rows: file.rowFormat,
            templateIdentity: ["file", template, String(decoding: text, as: UTF8.self)],
            fontFiles: source.fontFiles, options: options, pathName: "constraints",
            templateFile: file
        ) { scale, contentSize, measurer throws(CellError) in
            do {
                return try TemplateFileCell(
                    file: file, measurer: measurer, scale: scale, reusingEngine: true,
                    contentSize: contentSize)
            } catch {
                throw CellError(template: file.name, message: "\(error)")
            }
        }
    }

    // MARK: Untrusted templates

    /// Limits and font folders for a template file a server did not write:
    /// fonts only from the bundled fonts, the template's folder and
    /// `--font-dir`s (symbolic links resolved first, so none leads out);
    /// the message never says whether a refused file exists.
    func checkUntrusted(_ file: TemplateFile) throws {
        try dataLimits.limits.checkViews(file.views.count, file: template)
        let constraints = file.constraints.count + file.visualFormats.count
        guard constraints <= maxConstraints else {
            throw CLIFailure.data(
                "\(template): \(constraints) constraints, more than --max-constraints \(maxConstraints)"
            )
        }
        let templateFolder = URL(fileURLWithPath: template).deletingLastPathComponent().path
        let allowed = ([Font.fontsDirectory, templateFolder] + fontDirs).map(Self.resolved)
        for view in file.views where FontName.isPath(view.font) {
            let absolute =
                view.font.hasPrefix("/")
                ? view.font
                : URL(fileURLWithPath: templateFolder).appendingPathComponent(view.font).path
            let real = Self.resolved(absolute)
            guard allowed.contains(where: { real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") })
            else {
                throw CLIFailure.data(
                    "\(template):\(view.position): font \"\(view.font)\" is outside the allowed folders (the bundled fonts, the template's folder, --font-dir)"
                )
            }
        }
    }

    /// The path with `.`, `..` and symbolic links resolved.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    // MARK: Producing

    /// Reads the rows, lays them out on `threads` threads for every scale
    /// and content size at every width, and writes the records in order.
    func produce<Template: CellTemplate>(
        rows rowFormat: RowFormat<Template.Item>, templateIdentity: [String], fontFiles: [String],
        options: HeightsOptions, pathName: String, templateFile: TemplateFile? = nil,
        makeTemplate:
            @escaping (Double, ContentSizeCategory, TextMeasurer) throws(CellError) -> Template
    ) throws {
        // Each thread has its own templates (one per scale and content size)
        // and its own text measurer, with a share of the caches' capacity:
        // the threads share no cache, lock or reference count on the hot path
        // (one shared measurer cost 2 threads ~10% more CPU time than 1, and
        // bounced cache lines between the cores), and the caches together
        // hold as much as one measurer's.
        var combinations: [(scale: Double, size: ContentSizeCategory)] = []
        for scale in options.scales {
            for size in options.contentSizes { combinations.append((scale, size)) }
        }
        var outputs: [(width: Double, scale: Double, size: ContentSizeCategory)] = []
        for combination in combinations {
            for width in options.widths {
                outputs.append((width, combination.scale, combination.size))
            }
        }
        let limits = dataLimits.limits
        var workers: [HeightsWorker<Template>] = []
        do {
            for _ in 0..<threads {
                let measurer = TextMeasurer(
                    wordCacheCapacity: Self.wordCacheCapacity / threads,
                    preparedTextCapacity: Self.preparedTextCapacity / threads)
                var templates: [Template] = []
                for combination in combinations {
                    templates.append(
                        try makeTemplate(combination.scale, combination.size, measurer))
                }
                workers.append(
                    HeightsWorker(
                        templates: templates,
                        rows: .copy(
                            widths: options.widths, format: self.format, combinations: outputs,
                            file: self.data, limits: limits)))
            }
        } catch {
            throw CLIFailure.data("\(error)")
        }
        let key = CacheKey.make(
            version: TrellisVersion.string, template: templateIdentity, fontFiles: fontFiles,
            options: [
                "widths=\(options.widths)", "scales=\(options.scales)",
                "contentSizes=\(options.contentSizes.map(\.rawValue))", "path=\(pathName)",
            ])
        var expected: ExpectedHeights?
        if let expect {
            do {
                expected = try ExpectedHeights.load(path: expect)
            } catch {
                throw CLIFailure.data("\(error)")
            }
        }
        let output = try OutputFile(path: out)
        var completed = false
        defer { if !completed { output.discard() } }
        let writer = RecordWriter(format: format, output: output)
        writer.header(
            key: key, template: template, path: pathName, options: options, threads: threads)

        let reader: LineReader
        do {
            reader = try LineReader(path: data, limits: limits)
        } catch {
            throw CLIFailure.wrapping(error)
        }
        let strict = strictOption.strict
        var index = 0
        let started = monotonicNanoseconds()
        var written = 0
        let keepsItems = expected != nil
        let widths = options.widths
        let batchSize = self.batchSize
        let data = self.data
        // The template file's fields against the first rows (once).
        var fieldsChecked = templateFile == nil
        var firstRows: [JSONRow] = []
        func read() throws -> LineBatch {
            var batch = LineBatch()
            while batch.count < batchSize, let (lineNumber, bytes) = try reader.nextLine() {
                if LineSplitter.isBlank(bytes) { continue }
                guard index < limits.maxRows else {
                    throw limits.tooManyRows(file: data, line: lineNumber)
                }
                defer { index += 1 }
                if !fieldsChecked, firstRows.count < 1000,
                    let row = try? JSONRowLoader.parseLine(bytes, file: data, line: lineNumber)
                {
                    firstRows.append(row)
                }
                guard index % options.shardCount == options.shardIndex else { continue }
                batch.append(index: index, line: lineNumber, bytes)
            }
            if !fieldsChecked, let templateFile {
                fieldsChecked = true
                try FieldCheck.report(
                    for: templateFile, rows: firstRows, strict: strict, tool: "trellis")
                firstRows = []
            }
            return batch
        }
        // A chunk of rows on one thread: parsed, checked and read, laid out
        // at every combination and formatted; the first bad row stops it.
        let process = {
            (
                worker: HeightsWorker<Template>,
                job: BatchJob<LineBatch, HeightsChunk<Template.Item>>,
                rows: Range<Int>
            )
                -> HeightsChunk<Template.Item> in
            let batch = job.batch
            let work = worker.rows
            var chunk = HeightsChunk<Template.Item>()
            let records = work.recordFormat.middles.count
            chunk.bytes.reserveCapacity(rows.count * records * 96)
            chunk.heights.reserveCapacity(rows.count * records)
            batch.bytes.withUnsafeBufferPointer { bytes in
                for k in rows {
                    // A bad row earlier in the batch stops the run there.
                    if k > job.earliestFailureRow { return }
                    let line = batch.lines[k]
                    let item: Template.Item
                    let id: JSONValue?
                    switch work.rowReader.parse(
                        UnsafeBufferPointer(rebasing: bytes[line.range]), line: line.line,
                        rowFormat: rowFormat)
                    {
                    case .row(let row, let rowID): (item, id) = (row, rowID)
                    case .failure(let failure):
                        chunk.failure = (k, failure)
                        return
                    }
                    let first = chunk.heights.count
                    for c in worker.templates.indices {
                        for width in work.widths {
                            do throws(CellError) {
                                chunk.heights.append(
                                    try worker.templates[c].height(for: item, width: width))
                            } catch {
                                chunk.failure = (k, .data("\(data):\(line.line): \(error)"))
                                return
                            }
                        }
                    }
                    work.recordFormat.append(
                        row: line.index, id: id, heights: chunk.heights[first...],
                        to: &chunk.bytes)
                    if keepsItems { chunk.items.append(item) }
                }
            }
            return chunk
        }
        // The text caches free memory when they start over, and glibc keeps
        // freed pages inside its heaps: once resident memory has grown by
        // `trimThreshold` since the last time, free pages go back to the
        // system, so peak memory stays flat over any number of rows. Only
        // while the other threads wait (the pipeline lets the batches in
        // flight finish first): giving pages back while they run interrupts
        // them to flush their page tables (2 threads took 47% more CPU time
        // than 1). Trimming after every batch instead cost ~10% of the run
        // in system calls and page faults.
        var trimmedAt = trellis_resident_bytes()
        // While the caches fill, resident memory grows with live entries a
        // trim cannot give back: a trim that gave back less than a quarter
        // of the growth doubles the growth awaited before the next (up to
        // 8 times), one that gave back more starts over from the threshold.
        var threshold = Self.trimThreshold
        let trimDue = { trellis_resident_bytes() > trimmedAt + threshold }
        let trim = {
            let resident = trellis_resident_bytes()
            _ = trellis_release_free_memory()
            let after = trellis_resident_bytes()
            let returned = resident - min(resident, after)
            threshold =
                returned * 4 < resident - min(resident, trimmedAt)
                ? min(threshold * 2, Self.trimThreshold * 8) : Self.trimThreshold
            trimmedAt = after
        }
        try runBatchPipeline(
            workers: workers, read: read, process: process, pauseWhen: trimDue, whilePaused: trim
        ) { batch, chunks in
            // The first bad row stops the run; its batch writes nothing.
            if let failure = chunks.lazy.compactMap(\.failure).first { throw failure.failure }
            for chunk in chunks { writer.raw(chunk.bytes) }
            if let expected {
                var k = 0
                for chunk in chunks {
                    var offset = 0
                    for item in chunk.items {
                        for (c, combination) in combinations.enumerated() {
                            for (w, width) in widths.enumerated() {
                                expected.compare(
                                    row: batch.lines[k].index, line: batch.lines[k].line,
                                    width: width,
                                    scale: combination.scale, contentSize: combination.size,
                                    height: chunk.heights[offset + c * widths.count + w]
                                ) { rowFormat.summary(item) }
                            }
                        }
                        offset += outputs.count
                        k += 1
                    }
                }
            }
            written += batch.count
            if stderrIsTerminal {
                let seconds = Double(monotonicNanoseconds() - started) / 1e9
                let rate = Double(written) / max(seconds, 1e-9)
                let eta =
                    reader.fractionRead.map { fraction -> String in
                        guard fraction > 0 else { return "" }
                        return ", ETA \(Int((seconds / fraction - seconds).rounded())) s"
                    } ?? ""
                showProgress("heights: \(written) rows, \(Int(rate)) rows/s\(eta)")
            }
        }
        endProgress()
        // The process ends after this command: the workers' caches (tens of
        // thousands of small blocks) are left to its exit rather than freed
        // one by one on this thread while the others have stopped (~30 M
        // instructions, the largest serial step of a run).
        for worker in workers { _ = Unmanaged.passRetained(worker) }
        guard index > 0 else { throw DataLimits.noRows(file: data) }
        if let expected {
            writer.expectSummary(expected.json())
            POSIXFile.standardError.write(expected.table() + "\n")
        }
        try writer.finish()
        try output.commit()
        completed = true
        if let expected, expected.worse > maxWorse ?? 0 {
            POSIXFile.standardError.write(
                "trellis: \(expected.worse) heights differ from \(expected.file)'s by more than a pixel, more than --max-worse \(maxWorse ?? 0)\n"
            )
            throw ExitCode(1)
        }
    }
}

/// The checked options.
struct HeightsOptions {
    var widths: [Double]
    var scales: [Double]
    var contentSizes: [ContentSizeCategory]
    var shardIndex: Int
    var shardCount: Int
}

/// A built-in template's heights, by its frame code or its constraints.
struct BuiltInHeights: BuiltInTemplateVisitor {
    typealias Result = Void
    let command: Heights
    let options: HeightsOptions

    func visit<Frames: CellTemplate & LabelDescribing, CellView: ConstraintCellView>(
        _ parts: BuiltInParts<Frames, CellView>
    ) throws where CellView.Item == Frames.Item {
        let template = parts.template
        let rows = parts.rows
        let frames = parts.frames
        let constraints = parts.constraints
        let identity = ["built-in", template.rawValue]
        if command.path == "constraints" {
            try command.produce(
                rows: rows, templateIdentity: identity,
                fontFiles: TemplateSource.builtIn(template).fontFiles,
                options: options,
                pathName: "constraints"
            ) { scale, _, measurer throws(CellError) in try constraints(scale, measurer, true) }
        } else {
            try command.produce(
                rows: rows, templateIdentity: identity,
                fontFiles: TemplateSource.builtIn(template).fontFiles,
                options: options,
                pathName: "frames"
            ) { scale, _, measurer throws(CellError) in try frames(scale, measurer) }
        }
    }
}
