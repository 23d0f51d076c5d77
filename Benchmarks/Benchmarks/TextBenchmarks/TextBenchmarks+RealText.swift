// Cold layouts of real text (issue 19), registered when
// TRELLIS_TEXT_REAL_DIR names a folder that Scripts/text-benchmark.sh fills:
//   prose.jsonl   10,000 rows of real prose (Scripts/real-text-prose.py:
//                 Debian's fortunes, over 40,000 distinct words)
//   rows.jsonl    real English, Russian, German and Chinese rows with emoji
//                 (Scripts/real-text-rows.py), and markup.jsonl, the same
//                 rows with words in <b> and <span weight=…>
// Each benchmark lays every row out once with a new TextMeasurer (empty
// caches), on one thread, at width 287.
import Benchmark
import Foundation
import Trellis

enum RealTextBenchmarks {
    static func register() {
        guard let folder = ProcessInfo.processInfo.environment["TRELLIS_TEXT_REAL_DIR"] else {
            return
        }
        let prose = rows(folder + "/prose.jsonl")
        let plain = rows(folder + "/rows.jsonl")
        let markup = rows(folder + "/markup.jsonl")
        let inter = TextStyle(fonts: try! FontCollection.bundled("Inter"), size: 17)
        let system = TextStyle(
            fonts: try! FontCollection(Font(family: "Inter")).addingSystemFonts(), size: 17)

        func coldLayouts(_ benchmark: Benchmark, _ texts: [String], _ style: TextStyle) {
            let measurer = TextMeasurer()
            benchmark.startMeasurement()
            for text in texts { blackHole(try! measurer.layout(text, style: style, width: 287)) }
            benchmark.stopMeasurement()
            withExtendedLifetime(measurer) {}
        }

        if !prose.isEmpty {
            let distinct = Set(prose.flatMap { $0.split(separator: " ") }).count
            Benchmark(
                "Cold layout, real prose (\(prose.count) rows, \(distinct) distinct words), width 287"
            ) { benchmark in
                coldLayouts(benchmark, prose, inter)
            }
        }

        // Mixed styles against one style: the markup rows as attributed text
        // (parsed before the timed region), and the same strings in one style.
        if !markup.isEmpty {
            let attributed = markup.map { try! AttributedText(markup: $0, base: system) }
            let strings = attributed.map(\.string)
            Benchmark("Cold layout, real rows in one style (\(strings.count) rows)") { benchmark in
                coldLayouts(benchmark, strings, system)
            }
            Benchmark("Cold layout, the same rows with markup runs") { benchmark in
                let measurer = TextMeasurer()
                benchmark.startMeasurement()
                for text in attributed {
                    blackHole(try! measurer.layout(text, style: system, width: 287))
                }
                benchmark.stopMeasurement()
                withExtendedLifetime(measurer) {}
            }
        }

        // Emoji rows (English with an emoji after one word in five) and
        // Chinese rows (their inserted emoji removed) against Latin rows of
        // the same UTF-8 lengths cut from the prose, all with the system's fonts.
        if !plain.isEmpty && !prose.isEmpty {
            let quarter = plain.count / 4
            let emoji = Array(plain[0..<quarter])
            let chinese = plain[(3 * quarter)...].map {
                String(
                    $0.unicodeScalars.filter { !$0.properties.isEmoji || $0.value < 0x80 }.map(
                        Character.init))
            }
            let emojiLatin = latin(sameLengthsAs: emoji, from: prose)
            let chineseLatin = latin(sameLengthsAs: chinese, from: prose)
            Benchmark("Cold layout, emoji rows (\(emoji.count))") { benchmark in
                coldLayouts(benchmark, emoji, system)
            }
            Benchmark("Cold layout, Latin rows of the emoji rows' lengths") { benchmark in
                coldLayouts(benchmark, emojiLatin, system)
            }
            Benchmark("Cold layout, Chinese rows (\(chinese.count))") { benchmark in
                coldLayouts(benchmark, chinese, system)
            }
            Benchmark("Cold layout, Latin rows of the Chinese rows' lengths") { benchmark in
                coldLayouts(benchmark, chineseLatin, system)
            }
        }
    }

    /// The "subtitle" field of each JSON Lines row of `path` (none when the file is missing).
    static func rows(_ path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            return (object as? [String: Any])?["subtitle"] as? String
        }
    }

    /// For each of `texts`, the next stretch of `prose` (joined) of the same
    /// UTF-8 length, cut at a character boundary.
    static func latin(sameLengthsAs texts: [String], from prose: [String]) -> [String] {
        let source = Array(prose.joined(separator: " ").utf8)
        var offset = 0
        return texts.map { text in
            var length = text.utf8.count
            if offset + length > source.count { offset = 0 }
            while length > 0 && offset + length < source.count
                && source[offset + length] & 0xC0 == 0x80
            {
                length += 1
            }
            let slice = String(decoding: source[offset..<(offset + length)], as: UTF8.self)
            offset += length
            return slice
        }
    }
}
