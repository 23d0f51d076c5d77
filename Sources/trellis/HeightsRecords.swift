// What `trellis heights` makes of each row of a batch: the parsed row, and
// its records formatted as bytes.

import CLIOptions
import CLISupport
import Trellis
import TrellisData
import TrellisSupport
import TrellisTemplateSource

/// What one row of a batch gives before layout: the template's item and
/// the row's `"id"`, or the error that stops the run.
enum ParsedHeightsRow<Item> {
    case row(Item, id: JSONValue?)
    case failure(CLIFailure)
}

/// Reads the rows of a data file: the options it needs copied out of the
/// command once (each read of an `@Option` looks up generic metadata in
/// ArgumentParser, which cost more than a row's JSON).
struct HeightsRowReader {
    /// The data file's path, for errors.
    let file: String
    /// `--max-text-length` and the other data limits.
    let limits: DataLimits

    /// One row of the data file (its bytes, borrowed from the batch): parsed,
    /// checked against the limits and read as the template's item (or the
    /// error that names its line).
    func parse<Item>(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, rowFormat: RowFormat<Item>)
        -> ParsedHeightsRow<Item>
    {
        let row: JSONRow
        do {
            row = try JSONRowLoader.parseLine(bytes, file: file, line: line)
            try limits.checkText(of: row, file: file, line: line)
        } catch let failure as CLIFailure {
            return .failure(failure)
        } catch {
            return .failure(.data("\(error)"))
        }
        do {
            return .row(try rowFormat.read(row), id: row.fields["id"])
        } catch {
            return .failure(.data("\(file):\(line): \(error)"))
        }
    }
}

/// Formats the records of `trellis heights` as bytes, exactly as
/// `RecordWriter` documents them, with each combination's constant middle
/// (width, scale, content size) made once.
struct HeightsRecordFormat {
    let isCSV: Bool
    /// For each combination in output order: the bytes between the id and
    /// the height.
    let middles: [[UInt8]]

    /// `combinations` in output order: each (scale, content size) with every width.
    init(format: String, combinations: [(width: Double, scale: Double, size: ContentSizeCategory)])
    {
        isCSV = format == "csv"
        middles = combinations.map { combination in
            let width = RecordWriter.number(combination.width)
            let scale = RecordWriter.number(combination.scale)
            let size = combination.size.rawValue
            let text =
                format == "csv"
                ? ",\(width),\(scale),\(size),"
                : ", \"width\": \(width), \"scale\": \(scale), \"contentSize\": \"\(size)\", \"height\": "
            return Array(text.utf8)
        }
    }

    /// Appends the records of one row: one per combination, `heights` in the
    /// same order as `middles`.
    func append(
        row: Int, id: JSONValue?, heights: some Sequence<Double>, to output: inout [UInt8]
    ) {
        var idBytes: [UInt8] = []
        if isCSV {
            idBytes.append(UInt8(ascii: ","))
            if let id { idBytes.append(contentsOf: RecordWriter.csvField(id).utf8) }
        } else if let id {
            idBytes.append(contentsOf: ", \"id\": ".utf8)
            idBytes.append(contentsOf: RecordWriter.json(id).utf8)
        }
        for (middle, height) in zip(middles, heights) {
            if !isCSV { output.append(contentsOf: "{\"row\": ".utf8) }
            Self.appendDecimal(row, to: &output)
            output.append(contentsOf: idBytes)
            output.append(contentsOf: middle)
            output.append(contentsOf: RecordWriter.number(height).utf8)
            if !isCSV { output.append(UInt8(ascii: "}")) }
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// A non-negative integer in decimal, as `String(value)` writes it.
    static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        precondition(value >= 0)
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            output.append(contentsOf: buffer[(20 - count)...])
        }
    }
}

/// One thread's templates, one per combination (scale, content size), and
/// its own copy of what every row reads. Only the thread the pipeline gives
/// it to touches it.
final class HeightsWorker<Template: CellTemplate>: @unchecked Sendable {
    var templates: [Template]
    /// This thread's copies (`HeightsRowWork.copy`).
    let rows: HeightsRowWork

    init(templates: [Template], rows: HeightsRowWork) {
        self.templates = templates
        self.rows = rows
    }
}

/// What laying out a row reads besides the templates: the widths, the record
/// format and the row reader. Each thread has its own copy, in storage of
/// its own: an array or string shared by the threads would have its
/// reference count changed by each of them on every row (an atomic add on a
/// cache line the other core writes too).
struct HeightsRowWork {
    let widths: [Double]
    let recordFormat: HeightsRecordFormat
    let rowReader: HeightsRowReader

    /// A copy in storage of its own (`ownStorage`): a copy of an array or
    /// string shares the original's storage.
    static func copy(
        widths: [Double], format: String,
        combinations: [(width: Double, scale: Double, size: ContentSizeCategory)], file: String,
        limits: DataLimits
    ) -> HeightsRowWork {
        HeightsRowWork(
            widths: ownStorage(widths),
            recordFormat: HeightsRecordFormat(format: format, combinations: combinations),
            rowReader: HeightsRowReader(file: ownStorage(file), limits: limits))
    }

    /// The same elements in a newly allocated array.
    static func ownStorage<Element>(_ array: [Element]) -> [Element] {
        Array(unsafeUninitializedCapacity: array.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: array)
        }
    }

    /// The same text in newly allocated storage (a text short enough to be
    /// stored inline has no storage to share).
    static func ownStorage(_ text: String) -> String {
        String(unsafeUninitializedCapacity: text.utf8.count) { buffer in
            buffer.initialize(fromContentsOf: text.utf8)
        }
    }
}

/// What one chunk of a batch gives: the formatted records of its rows in
/// order, their heights and items (for `--expect`), or the first bad row.
struct HeightsChunk<Item>: BatchChunk {
    /// The rows' records, formatted.
    var bytes: [UInt8] = []
    /// Row by row, every combination's heights in output order.
    var heights: [Double] = []
    /// The rows' items, kept only when they are compared with `--expect`.
    var items: [Item] = []
    /// The first row of the chunk that stops the run (its index in the
    /// batch), and why; rows after it are not laid out.
    var failure: (row: Int, failure: CLIFailure)?

    init() {}

    var failureRow: Int? { failure?.row }
}
