// One batch of `trellis heights`: the rows' bytes as read, then parsed,
// laid out and formatted on every thread, and written in input order. Only
// reading lines and writing the formatted bytes run on one thread, so the
// command scales with `--threads` (parsing and formatting cost as much as
// the layout itself on short rows).

import CLISupport
import Dispatch
import Foundation
import Trellis

/// The lines of one batch, copied out of the reader.
struct HeightsBatch {
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

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }
}

/// Runs `body` on up to `threads` threads, each with one contiguous share
/// of `0..<count` (the same split for the same counts, so results do not
/// depend on timing).
func forEachShare(count: Int, threads: Int, _ body: (_ share: Int, Range<Int>) -> Void) {
    guard count > 0 else { return }
    let shares = max(1, min(threads, count))
    let size = (count + shares - 1) / shares
    if shares == 1 {
        body(0, 0..<count)
        return
    }
    DispatchQueue.concurrentPerform(iterations: shares) { share in
        let lower = share * size
        let upper = min(count, lower + size)
        if lower < upper { body(share, lower..<upper) }
    }
}

/// What one row of a batch gives before layout: the template's item and
/// the row's `"id"`, or the error that stops the run.
enum ParsedHeightsRow<Item> {
    case row(Item, id: JSONValue?)
    case failure(CLIFailure)
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
    func append(row: Int, id: JSONValue?, heights: [Double], to output: inout [UInt8]) {
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
