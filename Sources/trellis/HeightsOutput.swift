// `trellis heights`' input and output: a streaming line reader, an output
// file that appears only when complete, the records (JSON Lines or CSV),
// the cache key, and the comparison with heights recorded elsewhere.

import CLIOptions
import CLISupport
import FoundationEssentials
import Glibc
import Trellis
import TrellisData
import TrellisSupport
import TrellisTemplateSource

// MARK: - Reading

/// Lines of a file or of standard input, read in chunks (memory stays flat).
final class LineReader {
    private let handle: POSIXFile
    /// Unchecked: lines are read by one thread at a time, and the run-time
    /// check of exclusive access (one a line, about 130 instructions) sees
    /// only its own thread's accesses anyway.
    @exclusivity(unchecked) private var splitter: LineSplitter
    private let size: UInt64?
    private let path: String
    /// `--max-row-length`: a longer line is refused as soon as this many
    /// bytes of it are read, before the rest is.
    private let limits: DataLimits

    init(path: String, limits: DataLimits) throws {
        self.path = path
        self.limits = limits
        splitter = LineSplitter(maxLength: limits.maxRowLength)
        if path == "-" {
            handle = POSIXFile.standardInput
            size = nil
        } else {
            guard let opened = POSIXFile.reading(path) else {
                let exists = PathKind(path) != .missing
                throw DataFileError(
                    file: path, line: nil, message: exists ? "cannot read the file" : "no such file"
                )
            }
            handle = opened
            size = PathKind.size(of: path)
        }
    }

    /// How much of a regular file has been read (nil for a stream).
    var fractionRead: Double? {
        guard let size, size > 0 else { return nil }
        return Double(splitter.consumed) / Double(size)
    }

    /// The next line (its 1-based number and bytes, without the line
    /// break or a trailing carriage return), or nil at the end.
    func nextLine() throws -> (Int, ArraySlice<UInt8>)? {
        while true {
            switch splitter.next() {
            case .line(let number, let bytes)?: return (number, bytes)
            case .tooLong(let number)?: throw limits.lineTooLong(file: path, line: number)
            case nil:
                if splitter.isFinished { return nil }
            }
            let chunk: [UInt8]
            do {
                chunk = try handle.read(upTo: 1 << 20)
            } catch {
                throw DataFileError(file: path, line: nil, message: "cannot read: \(error)")
            }
            if chunk.isEmpty { splitter.finish() } else { splitter.append(contentsOf: chunk) }
        }
    }
}

// MARK: - Writing

/// The records, as JSON Lines or CSV, buffered.
final class RecordWriter {
    let format: String
    let output: OutputFile
    private var buffer: [UInt8] = []
    private var failure: Error?

    init(format: String, output: OutputFile) {
        self.format = format
        self.output = output
        buffer.reserveCapacity(1 << 16)
    }

    private func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        do {
            try output.write(buffer)
        } catch {
            failure = error
        }
        buffer.removeAll(keepingCapacity: true)
    }

    func header(
        key: CacheKey, template: String, path: String, options: HeightsOptions, threads: Int
    ) {
        if format == "csv" {
            append(
                "# trellis \(TrellisVersion.string) heights, template \(template), path \(path), cacheKey \(key.hex)\n"
            )
            append("row,id,width,scale,contentSize,height\n")
            return
        }
        let fonts: [JSON] = key.fonts.map {
            .object([("file", .string($0.file)), ("checksum", .string($0.checksum))])
        }
        let header: JSON = .object([
            (
                "header",
                .object([
                    ("trellis", .string(TrellisVersion.string)),
                    ("template", .string(template)),
                    ("path", .string(path)),
                    ("cacheKey", .string(key.hex)),
                    ("widths", .array(options.widths.map(JSON.number))),
                    ("scales", .array(options.scales.map(JSON.number))),
                    ("contentSizes", .array(options.contentSizes.map { .string($0.rawValue) })),
                    ("shard", .string("\(options.shardIndex)/\(options.shardCount)")),
                    ("fonts", .array(fonts)),
                ])
            )
        ])
        append(header.serialized(pretty: false) + "\n")
    }

    /// Records formatted by `HeightsRecordFormat`.
    func raw(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    func expectSummary(_ summary: JSON) {
        guard format == "jsonl" else { return }
        append(JSON.object([("expect", summary)]).serialized(pretty: false) + "\n")
    }

    func finish() throws {
        flush()
        if let failure { throw failure }
    }

    /// A number as the JSON writer writes it exactly (`JSON.numberText`).
    static func number(_ value: Double) -> String { JSON.numberText(value) }

    /// A data file's value on one line, keys sorted (`JSON.Style.line`).
    static func json(_ value: JSONValue) -> String { JSON(value).serialized(.line) }

    static func csvField(_ value: JSONValue) -> String {
        let text: String
        switch value {
        case .string(let string): text = string
        default: text = json(value)
        }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}

// MARK: - Cache key

/// What a set of heights depends on: the template, each font file, the
/// Trellis version and the options, hashed (FNV-1a, 64 bits) into one key.
struct CacheKey {
    var hex: String
    var fonts: [(file: String, checksum: String)]

    static func make(version: String, template: [String], fontFiles: [String], options: [String])
        -> CacheKey
    {
        var hash = FNV1a()
        hash.add("trellis \(version)")
        for part in template { hash.add(part) }
        var fonts: [(String, String)] = []
        for file in fontFiles {
            // A file's checksum (`ContentChecksum`, read in place: iterating
            // `Data` byte by byte cost ~30 ms for the bundled fonts).
            let checksum: String
            if let bytes = FileManager.default.contents(atPath: file) {
                checksum = bytes.withUnsafeBytes { ContentChecksum.hex($0) }
            } else {
                var missing = FNV1a()
                missing.add("missing \(file)")
                checksum = missing.hex
            }
            let name =
                file.hasPrefix(Font.fontsDirectory + "/")
                ? String(file.dropFirst(Font.fontsDirectory.count + 1)) : file
            fonts.append((name, checksum))
            hash.add(name)
            hash.add(checksum)
        }
        for option in options { hash.add(option) }
        return CacheKey(hex: hash.hex, fonts: fonts)
    }
}

// MARK: - Expected heights

/// Heights recorded elsewhere (on devices, say), in the output's record
/// shape, compared as the records are made: exact, within a pixel, worse.
final class ExpectedHeights {
    struct Key: Hashable {
        var row: Int
        var width: Double
        var scale: Double
        var contentSize: String
    }
    private var heights: [Key: Double] = [:]
    let file: String
    private(set) var compared = 0
    private(set) var exact = 0
    private(set) var withinPixel = 0
    private(set) var worse = 0
    private(set) var missing = 0
    /// The worst differences: (|Δ|, key, ours, theirs, row text), largest first.
    private(set) var worst:
        [(difference: Double, key: Key, line: Int, ours: Double, theirs: Double, text: String)] =
            []
    static let worstShown = 10

    init(file: String) { self.file = file }

    /// Reads a JSON Lines file of records (a header or summary record is
    /// skipped); a bad line is an error naming it.
    static func load(path: String) throws -> ExpectedHeights {
        let expected = ExpectedHeights(file: path)
        let rows = try JSONRowLoader.load(path: path)
        for row in rows {
            if row.fields["header"] != nil || row.fields["expect"] != nil { continue }
            func number(_ key: String) throws -> Double {
                guard case .number(let value)? = row.fields[key] else {
                    throw DataFileError(
                        file: path, line: row.line, message: "\"\(key)\" must be a number")
                }
                return value
            }
            let rowIndex = try number("row")
            guard rowIndex >= 0, rowIndex == rowIndex.rounded() else {
                throw DataFileError(
                    file: path, line: row.line, message: "\"row\" must be a whole number ≥ 0")
            }
            var contentSize = "large"
            if case .string(let size)? = row.fields["contentSize"] { contentSize = size }
            let scale: Double
            if case .number(let value)? = row.fields["scale"] { scale = value } else { scale = 3 }
            let key = Key(
                row: Int(rowIndex), width: try number("width"), scale: scale,
                contentSize: contentSize)
            expected.heights[key] = try number("height")
        }
        return expected
    }

    func compare(
        row: Int, line: Int, width: Double, scale: Double, contentSize: ContentSizeCategory,
        height: Double, text: () -> String
    ) {
        let key = Key(row: row, width: width, scale: scale, contentSize: contentSize.rawValue)
        guard let theirs = heights[key] else {
            missing += 1
            return
        }
        compared += 1
        let difference = abs(height - theirs)
        if difference == 0 {
            exact += 1
            return
        }
        if difference <= 1 / scale + 1e-9 { withinPixel += 1 } else { worse += 1 }
        if worst.count < Self.worstShown || difference > worst.last!.difference {
            worst.append((difference, key, line, height, theirs, text()))
            worst.sort {
                $0.difference > $1.difference
                    || ($0.difference == $1.difference && $0.key.row < $1.key.row)
            }
            if worst.count > Self.worstShown { worst.removeLast() }
        }
    }

    func table() -> String {
        var lines = [
            "compared with \(file): \(compared) heights, \(exact) exact, \(withinPixel) within 1 pixel, \(worse) worse"
                + (missing > 0 ? " (\(missing) not in the file)" : "")
        ]
        for entry in worst {
            lines.append(
                "  \(RowPlace.dataLine(entry.line)) row \(entry.key.row) width \(RecordWriter.number(entry.key.width)) scale \(RecordWriter.number(entry.key.scale)) \(entry.key.contentSize): ours \(RecordWriter.number(entry.ours)), theirs \(RecordWriter.number(entry.theirs)) (Δ \(RecordWriter.number(entry.difference))): \(entry.text.prefix(80))"
            )
        }
        return lines.joined(separator: "\n")
    }

    func json() -> JSON {
        .object([
            ("file", .string(file)),
            ("compared", .integer(compared)),
            ("exact", .integer(exact)),
            ("withinPixel", .integer(withinPixel)),
            ("worse", .integer(worse)),
            ("missing", .integer(missing)),
            (
                "worst",
                .array(
                    worst.map { entry in
                        .object([
                            ("row", .integer(entry.key.row)), ("line", .integer(entry.line)),
                            ("width", .number(entry.key.width)),
                            ("scale", .number(entry.key.scale)),
                            ("contentSize", .string(entry.key.contentSize)),
                            ("height", .number(entry.ours)), ("expected", .number(entry.theirs)),
                            ("difference", .number(entry.difference)),
                            ("text", .string(entry.text)),
                        ])
                    })
            ),
        ])
    }
}
