// TextBenchmarks: text measurement of 10,000 list rows (Inter 17, width 287),
// against the floor of exact shaping (each distinct word shaped once with
// HarfBuzz directly). Run: cd Benchmarks && swift package benchmark --target TextBenchmarks
// Scripts/text-benchmark.sh adds Pango on the same rows.
import Benchmark
import CHarfBuzz
import Foundation
import Trellis
import TrellisSamples

let benchmarks: @Sendable () -> Void = {
    // TRELLIS_BENCH_ITERATIONS=1 for a single pass (under valgrind --tool=callgrind).
    let iterations =
        ProcessInfo.processInfo.environment["TRELLIS_BENCH_ITERATIONS"].flatMap { Int($0) } ?? 20
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuUser, .cpuTotal, .mallocCountTotal], timeUnits: .microseconds,
        warmupIterations: iterations > 1 ? 1 : 0, maxDuration: .seconds(20),
        maxIterations: iterations)

    // TRELLIS_TEXT_VOCABULARY: vocabulary size (default 20,000 words; smaller
    // vocabularies, like phrase-list data, mean fewer distinct words to shape).
    let vocabulary =
        ProcessInfo.processInfo.environment["TRELLIS_TEXT_VOCABULARY"].flatMap { Int($0) } ?? 20_000
    let rows = BenchmarkRows.make(count: 10_000, vocabularySize: vocabulary)
    if let path = ProcessInfo.processInfo.environment["TRELLIS_TEXT_ROWS_OUT"] {
        let lines = rows.map { "{\"subtitle\": \"\($0)\"}\n" }.joined()
        try? lines.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let fonts = try! FontCollection.bundled("Inter")
    let style = TextStyle(fonts: fonts, size: 17)
    func layOut(_ measurer: TextMeasurer, width: Double) {
        for row in rows { blackHole(try! measurer.layout(row, style: style, width: width)) }
    }
    // The measurement stops when the layouts are done: the measurer, and with
    // it every cached width and prepared text, is released after that. (Swift
    // releases it after its last use, inside the closure, so without the
    // explicit stop the benchmark also timed freeing the caches, which no
    // layout does; the floor and Pango's timer exclude teardown too.)
    func timed(_ benchmark: Benchmark, _ measurer: TextMeasurer, _ work: () -> Void) {
        benchmark.startMeasurement()
        work()
        benchmark.stopMeasurement()
        withExtendedLifetime(measurer) {}
    }
    func layOutTimed(_ benchmark: Benchmark, _ measurer: TextMeasurer, width: Double) {
        timed(benchmark, measurer) { layOut(measurer, width: width) }
    }

    // Cold: empty caches, every row laid out once on one thread.
    Benchmark("Cold layout, 10k rows, width 287") { benchmark in
        let measurer = TextMeasurer()
        layOutTimed(benchmark, measurer, width: 287)
    }

    // Warm at a new width (rotation): prepared texts cached, only line breaking runs.
    Benchmark("Warm layout at a new width, 10k rows, width 320") { benchmark in
        let measurer = TextMeasurer()
        layOut(measurer, width: 287)
        layOutTimed(benchmark, measurer, width: 320)
    }

    // The same two through `sizeThatFits` (what a self-sizing cell asks):
    // sizes only, no line fragments built.
    func sizeAll(_ measurer: TextMeasurer, width: Double) {
        for row in rows {
            blackHole(
                try! measurer.sizeThatFits(
                    row, style: style, size: Size(width: width, height: 0), numberOfLines: 0,
                    scale: 3))
        }
    }
    Benchmark("Cold sizes (sizeThatFits), 10k rows, width 287") { benchmark in
        let measurer = TextMeasurer()
        timed(benchmark, measurer) { sizeAll(measurer, width: 287) }
    }
    Benchmark("Warm sizes (sizeThatFits) at a new width, 10k rows, width 320") { benchmark in
        let measurer = TextMeasurer()
        sizeAll(measurer, width: 287)
        timed(benchmark, measurer) { sizeAll(measurer, width: 320) }
    }

    // Word widths known, texts new: break opportunities, cache lookups and
    // line breaking, without shaping (what cold costs beyond shaping).
    Benchmark("Warm word widths, new texts, 10k rows, width 287") { benchmark in
        let measurer = TextMeasurer()
        layOut(measurer, width: 287)
        measurer.removeAllPreparedTexts()
        layOutTimed(benchmark, measurer, width: 287)
    }

    // Cold, on every core through the parallel API.
    Benchmark("Cold layouts in parallel, 10k rows, width 287") { benchmark in
        let measurer = TextMeasurer()
        benchmark.startMeasurement()
        blackHole(try! measurer.layouts(rows, style: style, width: 287))
        benchmark.stopMeasurement()
        withExtendedLifetime(measurer) {}
    }

    // The floor: each distinct word (with its trailing space, as the cache
    // keys it) shaped once with HarfBuzz, reading its advances.
    // The font is made once, as TrellisText's is, so both measure shaping
    // with HarfBuzz's tables already loaded.
    let newWords = BenchmarkRows.newWordsByRow(rows)
    let words = newWords.flatMap { $0 }
    let shaper = FloorShaper(path: Font.fontsDirectory + "/Inter/Inter-Regular.otf")
    Benchmark("Floor: HarfBuzz shapes each distinct word once (\(words.count) words)") {
        benchmark in
        benchmark.startMeasurement()
        var total = 0.0
        for word in words { total += shaper.width(word) }
        blackHole(total)
    }

    // The same words, each row's new ones shaped side by side in one HarfBuzz
    // call, as TrellisText now does with a cold text's new plain pieces (it
    // keeps a piece only where HarfBuzz marks both ends safe to break; this
    // floor skips even that check). Fewer calls cost less than the floor
    // above, so this is the lower bound of TrellisText's own way of shaping.
    Benchmark("Floor, batched: each row's new words in one HarfBuzz call (\(words.count) words)") {
        benchmark in
        benchmark.startMeasurement()
        var total = 0.0
        for batch in newWords where !batch.isEmpty { total += shaper.width(batch.joined()) }
        blackHole(total)
    }

    RealTextBenchmarks.register()
}

/// Realistic list subtitles: sentences of words drawn with Zipf's law
/// (frequency ∝ 1/rank) from a vocabulary of 20,000 words by default (common English
/// function words, then generated words of 1–4 syllables), 7–23 words a row
/// with commas and full stops: mean length about 110 characters.
enum BenchmarkRows {
    static let functionWords =
        "the of and a to in is was for on with as by at from that it are this be or has not have which an their its"
        .split(separator: " ").map(String.init)
    static let syllables =
        "ka ro mi sel tor an ber lo vin da est ur pa len qui sha mo ti gar ne bri col fen hal jor lum nix op pre sto tra wel yan zor ing er ous ly tion"
        .split(separator: " ").map(String.init)

    static func make(count: Int, vocabularySize: Int) -> [String] {
        var random = SplitMix64(seed: 2026)
        var vocabulary = functionWords
        var seen = Set(vocabulary)
        while vocabulary.count < max(vocabularySize, functionWords.count) {
            var word = ""
            for _ in 0...random.below(4) { word += syllables[random.below(syllables.count)] }
            if seen.insert(word).inserted { vocabulary.append(word) }
        }
        var cumulative: [Double] = []
        var sum = 0.0
        for rank in 1...vocabulary.count {
            sum += 1 / Double(rank)
            cumulative.append(sum)
        }
        func pick() -> String {
            let target = random.nextUnit() * sum
            var low = 0
            var high = cumulative.count - 1
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] < target { low = middle + 1 } else { high = middle }
            }
            return vocabulary[low]
        }
        return (0..<count).map { _ in
            let words = 7 + random.below(17)
            var row = ""
            var capital = true
            for index in 0..<words {
                var word = pick()
                if capital { word = word.prefix(1).uppercased() + word.dropFirst() }
                capital = false
                row += word
                if index == words - 1 {
                    row += "."
                } else {
                    switch random.below(14) {
                    case 0: row += ". "; capital = true
                    case 1: row += ", "
                    default: row += " "
                    }
                }
            }
            return row
        }
    }

    /// Distinct space-separated words, each with its trailing space, grouped
    /// by the row that brings them first (in row order).
    static func newWordsByRow(_ rows: [String]) -> [[String]] {
        var seen = Set<String>()
        return rows.map { row in
            let parts = row.split(separator: " ", omittingEmptySubsequences: false)
            var new: [String] = []
            for (index, part) in parts.enumerated() {
                let word = index + 1 < parts.count ? part + " " : String(part)
                if seen.insert(word).inserted { new.append(word) }
            }
            return new
        }
    }
}

/// HarfBuzz used directly, as the floor: one immutable font, one buffer.
/// `@unchecked`: the buffer is not thread-safe; the benchmarks use it from one thread.
final class FloorShaper: @unchecked Sendable {
    let font: OpaquePointer
    let buffer: OpaquePointer

    init(path: String) {
        let blob = hb_blob_create_from_file(path)
        let face = hb_face_create(blob, 0)
        font = hb_font_create(face)
        hb_font_make_immutable(font)
        buffer = hb_buffer_create()
    }

    func width(_ word: String) -> Double {
        hb_buffer_clear_contents(buffer)
        var word = word
        word.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        var total: Int32 = 0
        for index in 0..<Int(count) { total += positions[index].x_advance }
        return Double(total)
    }
}
