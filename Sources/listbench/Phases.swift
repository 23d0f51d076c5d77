// The phases listbench runs, generic over a template suite so each hot loop
// is specialized for a concrete template type (no existentials per row).

import CLIOptions
import CLISupport
import Dispatch
import Trellis
import TrellisData
import TrellisSamples

/// What the command line asked for, as the phases need it.
struct BenchConfiguration {
    var rows: Int
    var width: Double
    var scale: Double
    var threads: Int
    var repeats: Int
    var layout: ListLayoutKind
    var templateName: String
    /// `--content-size` and `--fallback`.
    var contentSize: ContentSizeCategory = .large
    var fallback: FallbackChoice = .bundled
    /// Why the template has no frame path (constraints only), or nil.
    var noFramesReason: String? = nil
    /// The compositional layout of `--layout compositional` or a layout file.
    var compositional: CompositionalSetup? = nil
    /// Runs of the parallel phase on one thread and on `threads`, taken
    /// in turn (each a cold pass over every row): three, one over 100,000
    /// rows, never more than `repeats`.
    var parallelRuns: Int { min(repeats, rows <= 100_000 ? 3 : 1) }
    /// The width of the rotation phase (portrait 375 → landscape 812).
    var rotatedWidth: Double { width == 812 ? 375 : 812 }
}

/// A template available in both implementations.
protocol BenchSuite {
    /// The row type both paths lay out.
    associatedtype Item
    associatedtype Frames: CellTemplate where Frames.Item == Item
    associatedtype Constraints: CellTemplate where Constraints.Item == Item

    /// The frame path, or nil when the template has none (see `noFramesReason`).
    func makeFrames(measurer: TextMeasurer) throws(CellError) -> Frames?
    func makeConstraints(measurer: TextMeasurer, reusingEngine: Bool) throws(CellError)
        -> Constraints
    /// A function measuring an item's texts as the template does at a cell
    /// width (the cold and parallel text phases), with styles made once.
    func textMeasurement(measurer: TextMeasurer) throws(CellError) -> (Item, Double)
        throws(CellError) -> Void
    /// The rows: the first `data.rows` of `data.path`, or generated ones.
    func loadRows(_ data: BenchData) throws -> [Item]
    /// A row's media size (the waterfall layout's aspect ratios).
    func mediaSize(of item: Item) -> Size?
    /// Why there is no frame path, when `makeFrames` gives none.
    var noFramesReason: String? { get }
    /// A third path, a template file of the same cell on the rows turned
    /// into JSON rows, compared with the other two; nil for none.
    func makeFileTemplate(measurer: TextMeasurer) throws(CellError) -> MappedTemplate<
        TemplateFileCell, Item
    >?
    /// How many of `items` show a character no font of its label's style has.
    func rowsWithMissingGlyphs(_ items: [Item], measurer: TextMeasurer) throws(CellError) -> Int
    /// Rows the frame path (a stack-tree file's direct path) refused and
    /// left to the constraints, when it can refuse rows.
    var directRefusals: DirectRefusals? { get }
    /// Every frame of the frame path against the constraints' on every row
    /// at each width, when the frame path is a stack-tree file's direct path.
    func directFrameAgreement(_ items: [Item], widths: [Double], measurer: TextMeasurer)
        throws(CellError) -> DirectFrameAgreement?
}

extension BenchSuite {
    var noFramesReason: String? { nil }
    func makeFileTemplate(measurer: TextMeasurer) throws(CellError) -> MappedTemplate<
        TemplateFileCell, Item
    >? { nil }
    var directRefusals: DirectRefusals? { nil }
    func directFrameAgreement(_ items: [Item], widths: [Double], measurer: TextMeasurer)
        throws(CellError) -> DirectFrameAgreement?
    { nil }
}

/// Where the rows come from: `--data`, or the generator (`--seed`).
struct BenchData {
    var path: String?
    var rows: Int
    var seed: UInt64
    /// `--max-row-length` and the other data limits, checked as the rows are read.
    var limits = DataLimits.standard
    /// `--strict`: a template field no row has is an error.
    var strict = false

    /// The rows as `format` reads them: the first `rows` of `path` (checked
    /// against the limits; a file without rows is an error), or generated.
    func rows<Item>(_ format: RowFormat<Item>) throws -> [Item] {
        guard let path else {
            showProgress("generating \(rows) rows…")
            defer { endProgress() }
            return format.generate(seed, rows)
        }
        return try limits.rows(format, fromFile: path, limit: rows)
    }
}

/// One path's totals.
struct PathFigures {
    var totalMilliseconds: Double
    var rows: Int
    var microsecondsPerRow: Double { rows == 0 ? 0 : totalMilliseconds * 1000 / Double(rows) }
    /// Cumulative milliseconds at evenly spaced rows (for the chart).
    var cumulative: [(row: Int, milliseconds: Double)] = []
}

struct MemoryFigures {
    var peakResidentBytes: Int
    var bytesPerRow: Double
}

struct ScrollFigures {
    var frames: Int
    var p50Microseconds: Double
    var p99Microseconds: Double
    var maxMicroseconds: Double
    var overBudget: Int
    /// Frames over budget counting only this thread's CPU time (what the
    /// layout cost, without the machine's other load).
    var overBudgetCPU: Int
    var p99CPUMicroseconds: Double
    var rowsMeasured: Int
    var cellsCreated: Int
    var cellsReused: Int
    var maxAnchorDrift: Double
    var frameMicroseconds: [Double]
}

struct BenchReport {
    var configuration: BenchConfiguration
    var textColdMilliseconds = 0.0
    var textWarmMilliseconds = 0.0
    var frames = PathFigures(totalMilliseconds: 0, rows: 0)
    var constraintsFresh = PathFigures(totalMilliseconds: 0, rows: 0)
    /// The template file's path (`makeFileTemplate`), when the suite has one.
    var templateFile: PathFigures?
    var templateFileName: String?
    var constraintsTemplate = PathFigures(totalMilliseconds: 0, rows: 0)
    var maxHeightDifference = 0.0
    var rowsDiffering = 0
    /// Rows with a label showing a character no font of its style has.
    var rowsWithMissingGlyphs = 0
    var rotationFrames = PathFigures(totalMilliseconds: 0, rows: 0)
    var rotationConstraints = PathFigures(totalMilliseconds: 0, rows: 0)
    var rotationMaxHeightDifference = 0.0
    var scroll: [String: ScrollFigures] = [:]
    var parallelMilliseconds = 0.0
    /// The parallel phase's pass on one thread (its speed-up's reference).
    var parallelOneThreadMilliseconds = 0.0
    var parallelIdentical = true
    var memory = MemoryFigures(peakResidentBytes: 0, bytesPerRow: 0)
    /// Heights of every row from the frames path at the main width.
    var heights: [Double] = []
    /// Rows × widths the direct path refused (laid out by constraints in
    /// its place, so not compared), and the first reason; nil when the
    /// frame path is not a direct path.
    var directRefusals: (count: Int, first: String?)?
    /// The direct path's frames against the constraints' (untimed).
    var directFrames: DirectFrameAgreement?

    init(configuration: BenchConfiguration) {
        self.configuration = configuration
    }
}

/// Runs every phase for a suite.
struct BenchRunner<Suite: BenchSuite> {
    let suite: Suite
    let items: [Suite.Item]
    let configuration: BenchConfiguration

    func run() throws(CellError) -> BenchReport {
        var report = BenchReport(configuration: configuration)
        let width = configuration.width

        let measurer = TextMeasurer()
        guard var frames = try suite.makeFrames(measurer: measurer) else {
            return try runConstraintsOnly(report, measurer: measurer)
        }

        // 1. Text, cold: a new measurer has empty caches.
        report.textColdMilliseconds = try measureTexts(
            with: measurer, width: width, phase: "1 text, cold")
        report.textWarmMilliseconds = try repeated {
            () throws(CellError) -> Double in
            try measureTexts(with: measurer, width: width, phase: "1 text, warm")
        }

        // 2 and 4. Frames, and constraints with the template's engine reused
        // through edit variables, text warm. Their repeats alternate, so
        // both paths see the same machine (this one is shared and noisy):
        // the ratio of their medians compares like with like.
        var reused = try suite.makeConstraints(measurer: measurer, reusingEngine: true)
        // The heights of the first repeat are kept; a later repeat that
        // gives other heights counts as a disagreement (phase 5).
        var framesSamples: [PathFigures] = []
        var reusedSamples: [PathFigures] = []
        var framesHeights: [Double] = []
        var reusedHeights: [Double] = []
        var repeatDifference = 0.0
        for _ in 0..<configuration.repeats {
            let (framesFigures, framesRun) = try layOut(&frames, width: width, phase: "2 frames")
            let (reusedFigures, reusedRun) = try layOut(
                &reused, width: width, phase: "4 constraints, template")
            framesSamples.append(framesFigures)
            reusedSamples.append(reusedFigures)
            if framesHeights.isEmpty {
                framesHeights = framesRun
                reusedHeights = reusedRun
            } else {
                repeatDifference = max(
                    repeatDifference, maxDifference(framesHeights, framesRun),
                    maxDifference(reusedHeights, reusedRun))
            }
        }
        report.frames = medianSample(framesSamples)
        report.constraintsTemplate = medianSample(reusedSamples)
        report.heights = framesHeights

        // 3. Constraints with a fresh engine per row (once: it is the slow path).
        var fresh = try suite.makeConstraints(measurer: measurer, reusingEngine: false)
        let (freshFigures, freshHeights) = try layOut(
            &fresh, width: width, phase: "3 constraints, fresh")
        report.constraintsFresh = freshFigures

        // 4b. The same cell as a template file, when the suite has one.
        var fileTemplate = try suite.makeFileTemplate(measurer: measurer)
        var fileHeights: [Double] = []
        if var file = fileTemplate {
            let (figures, heights) = try layOut(&file, width: width, phase: "4b template file")
            report.templateFile = figures
            report.templateFileName = file.base.name
            fileHeights = heights
            fileTemplate = file
        }

        // 5. Agreement between the three.
        for row in framesHeights.indices {
            let difference = max(
                abs(framesHeights[row] - freshHeights[row]),
                abs(framesHeights[row] - reusedHeights[row]),
                fileHeights.isEmpty ? 0 : abs(framesHeights[row] - fileHeights[row]))
            if difference > 0 { report.rowsDiffering += 1 }
            report.maxHeightDifference = max(report.maxHeightDifference, difference)
        }
        report.maxHeightDifference = max(report.maxHeightDifference, repeatDifference)

        // 6. Rotation: the same rows at the other width, both paths, text warm
        // from phase 1 (prepared texts are reused; only line breaking reruns).
        let rotated = configuration.rotatedWidth
        let (rotationFrames, rotatedFramesHeights) = try layOut(
            &frames, width: rotated, phase: "6 rotation, frames")
        let (rotationConstraints, rotatedReusedHeights) = try layOut(
            &reused, width: rotated, phase: "6 rotation, constraints")
        report.rotationFrames = rotationFrames
        report.rotationConstraints = rotationConstraints
        for row in rotatedFramesHeights.indices {
            report.rotationMaxHeightDifference = max(
                report.rotationMaxHeightDifference,
                abs(rotatedFramesHeights[row] - rotatedReusedHeights[row]))
        }
        if var file = fileTemplate {
            let (_, rotatedFileHeights) = try layOut(
                &file, width: rotated, phase: "6 rotation, template file")
            report.rotationMaxHeightDifference = max(
                report.rotationMaxHeightDifference,
                maxDifference(rotatedFramesHeights, rotatedFileHeights))
        }

        // 7. Scroll simulation per path.
        if configuration.layout == .table {
            report.scroll = try ScrollPhase(items: items, configuration: configuration).run(
                frames: frames, constraints: reused)
        } else {
            report.scroll = try CollectionScrollPhase(
                items: items, mediaSize: suite.mediaSize(of:), configuration: configuration
            ).run(
                frames: frames, constraints: reused)
        }

        // 8. Parallel cold text pass, each thread with its own rows, against
        // the same pass on one thread (a new measurer and new templates
        // each time: what `--threads` threads share out is the text measured
        // cold and the rows laid out for the first time, whose kept
        // measurements and records phases 1 and 2 had warm). Their runs
        // alternate, and each reports its median.
        // (No more threads than rows; with one, the one pass serves as both.)
        let threads = min(configuration.threads, max(1, items.count))
        var oneThread: [Double] = []
        var threaded: [Double] = []
        for _ in 0..<configuration.parallelRuns {
            let (single, singleIdentical) = try parallelColdPass(
                reference: framesHeights, threads: 1)
            let (parallel, identical) =
                threads == 1
                ? (single, singleIdentical)
                : try parallelColdPass(reference: framesHeights, threads: threads)
            oneThread.append(single)
            threaded.append(parallel)
            report.parallelIdentical = report.parallelIdentical && singleIdentical && identical
        }
        report.parallelOneThreadMilliseconds = median(oneThread)
        report.parallelMilliseconds = median(threaded)

        // Not timed: rows whose text has characters no font has.
        report.rowsWithMissingGlyphs = try suite.rowsWithMissingGlyphs(items, measurer: measurer)
        report.directRefusals = suite.directRefusals?.summary
        report.directFrames = try suite.directFrameAgreement(
            items, widths: [width, rotated], measurer: measurer)
        return report
    }

    /// The phases for a template without a frame path: the reused engine
    /// against a fresh hierarchy per row (agreement), at both widths, and
    /// the reused engine's scroll; the text and parallel phases, which time
    /// the frame path, are left out.
    private func runConstraintsOnly(_ start: BenchReport, measurer: TextMeasurer) throws(CellError)
        -> BenchReport
    {
        var report = start
        report.configuration.noFramesReason =
            suite.noFramesReason ?? "the template has no frame path"
        let width = configuration.width
        var reused = try suite.makeConstraints(measurer: measurer, reusingEngine: true)
        var samples: [PathFigures] = []
        var reusedHeights: [Double] = []
        var repeatDifference = 0.0
        for _ in 0..<configuration.repeats {
            let (figures, run) = try layOut(&reused, width: width, phase: "4 constraints, template")
            samples.append(figures)
            if reusedHeights.isEmpty {
                reusedHeights = run
            } else {
                repeatDifference = max(repeatDifference, maxDifference(reusedHeights, run))
            }
        }
        report.constraintsTemplate = medianSample(samples)
        report.heights = reusedHeights
        var fresh = try suite.makeConstraints(measurer: measurer, reusingEngine: false)
        let (freshFigures, freshHeights) = try layOut(
            &fresh, width: width, phase: "3 constraints, fresh")
        report.constraintsFresh = freshFigures
        for row in reusedHeights.indices {
            let difference = abs(reusedHeights[row] - freshHeights[row])
            if difference > 0 { report.rowsDiffering += 1 }
            report.maxHeightDifference = max(report.maxHeightDifference, difference)
        }
        report.maxHeightDifference = max(report.maxHeightDifference, repeatDifference)
        let rotated = configuration.rotatedWidth
        let (rotation, rotatedReused) = try layOut(
            &reused, width: rotated, phase: "6 rotation, constraints")
        let (_, rotatedFresh) = try layOut(&fresh, width: rotated, phase: "6 rotation, fresh")
        report.rotationConstraints = rotation
        report.rotationMaxHeightDifference = maxDifference(rotatedReused, rotatedFresh)
        if configuration.layout == .table {
            report.scroll = [
                "constraints_template": try ScrollPhase(items: items, configuration: configuration)
                    .run(reused, path: "constraints")
            ]
        } else {
            report.scroll = [
                "constraints_template": try CollectionScrollPhase(
                    items: items, mediaSize: suite.mediaSize(of:), configuration: configuration
                ).run(reused, path: "constraints")
            ]
        }
        report.rowsWithMissingGlyphs = try suite.rowsWithMissingGlyphs(items, measurer: measurer)
        return report
    }

    private func repeated(_ body: () throws(CellError) -> Double) throws(CellError) -> Double {
        var samples: [Double] = []
        for _ in 0..<configuration.repeats { samples.append(try body()) }
        return median(samples)
    }

    /// The repeat with the median total time.
    private func medianSample(_ samples: [PathFigures]) -> PathFigures {
        let sorted = samples.sorted { $0.totalMilliseconds < $1.totalMilliseconds }
        return sorted[sorted.count / 2]
    }

    /// The largest |a[i] − b[i]| (infinite when the counts differ).
    private func maxDifference(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count else { return .infinity }
        var largest = 0.0
        for (x, y) in zip(a, b) { largest = max(largest, abs(x - y)) }
        return largest
    }

    private func measureTexts(with measurer: TextMeasurer, width: Double, phase: String)
        throws(CellError) -> Double
    {
        let measure = try suite.textMeasurement(measurer: measurer)
        let start = monotonicNanoseconds()
        for (row, item) in items.enumerated() {
            try measure(item, width)
            if row & 0x3FFF == 0 { showProgress("\(phase): \(row)/\(items.count)") }
        }
        endProgress()
        return Double(monotonicNanoseconds() - start) / 1e6
    }

    /// Heights of every row through one implementation, timed, with a
    /// cumulative-time sample every 1/200 of the rows for the chart.
    private func layOut<T: CellTemplate>(_ template: inout T, width: Double, phase: String)
        throws(CellError) -> (PathFigures, [Double]) where T.Item == Suite.Item
    {
        var heights = [Double](repeating: 0, count: items.count)
        let sampleEvery = max(1, items.count / 200)
        var cumulative: [(row: Int, milliseconds: Double)] = [(0, 0)]
        cumulative.reserveCapacity(202)
        let start = monotonicNanoseconds()
        for row in items.indices {
            do {
                heights[row] = try template.height(for: items[row], width: width)
            } catch {
                // Rows are named by their data line (in the message of a
                // template file's row) and their index path in the list.
                throw CellError(
                    template: error.template,
                    message: "\(error.message) (index path [0, \(row)])")
            }
            if (row + 1) % sampleEvery == 0 || row + 1 == items.count {
                let now = monotonicNanoseconds()
                cumulative.append((row + 1, Double(now - start) / 1e6))
                if row & 0x3FFF == 0 { showProgress("\(phase): \(row + 1)/\(items.count)") }
            }
        }
        let total = Double(monotonicNanoseconds() - start) / 1e6
        endProgress()
        return (
            PathFigures(totalMilliseconds: total, rows: items.count, cumulative: cumulative),
            heights
        )
    }

    /// The cold text pass and the frame heights on `threads` threads (1 to
    /// the rows' count), each with a contiguous share of the rows, a new
    /// measurer shared by all, and its own template; checks the heights are
    /// bit-identical to one thread's.
    private func parallelColdPass(reference: [Double], threads: Int) throws(CellError) -> (
        Double, Bool
    ) {
        let measurer = TextMeasurer()
        let width = configuration.width
        let chunk = (items.count + threads - 1) / threads
        let results = ParallelResults(count: items.count, threads: threads)
        var templates: [Suite.Frames] = []
        for _ in 0..<threads {
            guard let frames = try suite.makeFrames(measurer: measurer) else { return (0, true) }
            templates.append(frames)
        }
        let prototypes = templates
        let measure = try suite.textMeasurement(measurer: measurer)
        let start = monotonicNanoseconds()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var template = prototypes[thread]
            let lower = thread * chunk
            let upper = min(items.count, lower + chunk)
            guard lower < upper else { return }
            for row in lower..<upper {
                do throws(CellError) {
                    try measure(items[row], width)
                    results.store(try template.height(for: items[row], width: width), at: row)
                } catch {
                    results.fail(thread: thread, error: error)
                    return
                }
            }
        }
        let elapsed = Double(monotonicNanoseconds() - start) / 1e6
        if let error = results.firstError { throw error }
        return (elapsed, results.heights == reference)
    }
}

/// Per-row results written by several threads into disjoint slots of raw
/// buffers (an Array property would trip exclusivity checks across threads).
final class ParallelResults: @unchecked Sendable {
    private let heightBuffer: UnsafeMutableBufferPointer<Double>
    private let errorBuffer: UnsafeMutableBufferPointer<CellError?>

    init(count: Int, threads: Int) {
        heightBuffer = .allocate(capacity: count)
        heightBuffer.initialize(repeating: 0)
        errorBuffer = .allocate(capacity: threads)
        errorBuffer.initialize(repeating: nil)
    }

    deinit {
        heightBuffer.deallocate()
        _ = errorBuffer.deinitialize()
        errorBuffer.deallocate()
    }

    // Each row (and each thread's error slot) is written by exactly one thread
    // and read only after concurrentPerform returns.
    func store(_ height: Double, at row: Int) { heightBuffer[row] = height }

    func fail(thread: Int, error: CellError) { errorBuffer[thread] = error }

    var heights: [Double] { Array(heightBuffer) }

    var firstError: CellError? { errorBuffer.lazy.compactMap { $0 }.first }
}
