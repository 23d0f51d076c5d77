// `trellis measure`: measures one JSON Lines field per input line with
// TrellisText and writes `{"lines": n, "width": w, "height": h, "missing": m}` per line.
import ArgumentParser
import CLIOptions
import CLISupport
import CTrellisMemory
import FoundationEssentials
import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisSupport
import TrellisTemplateFiles
import TrellisText

struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure text from JSON Lines on stdin, as a UILabel would.",
        discussion: """
            Reads one JSON object per line from stdin and writes one JSON object per line:
            {"lines": n, "width": w, "height": h, "missing": m}, fractional (before pixel
            rounding); "missing" counts the characters (clusters) no font has.
            With --scale, "roundedWidth" and "roundedHeight" give sizeThatFits's values,
            rounded up to that pixel grid. With --markup the field is Pango-style markup
            (<b>, <i>, <span font_family weight size letter_spacing rise>). With
            --fallback system, characters the font lacks go to the system's fonts as
            fontconfig ranks them (as Pango falls back). A malformed line, markup or a
            missing field stops with an error naming the line (exit code 2); bad options
            exit with 64.
            """)

    @Option(
        help:
            "A bundled family (Inter, Roboto, Noto Sans Hebrew, Noto Sans Arabic) or a font file path."
    )
    var font: String

    @Option(help: "Weight of a bundled family: regular, medium, semibold, bold.")
    var weight: String = MeasureOptions.standard.weight

    @Option(help: "Point size (greater than 0).")
    var size: Double

    @Option(help: "Available width in points (greater than 0).")
    var width: Double

    @Option(
        name: .customLong("line-spacing"),
        help: "Space between lines (NSParagraphStyle.lineSpacing).")
    var lineSpacing: Double = MeasureOptions.standard.lineSpacing

    @Option(help: "Maximum number of lines, 0 for unlimited (UILabel.numberOfLines).")
    var lines: Int = MeasureOptions.standard.lines

    @Option(help: "Screen scale for the rounded size (1, 2 or 3).")
    var scale: Double?

    @Option(help: "The JSON field holding the text.")
    var field: String = MeasureOptions.standard.field

    @Option(
        help:
            "After the font: bundled (Noto Sans Hebrew, Noto Sans Arabic) or system (the system's fonts, ranked by fontconfig)."
    )
    var fallback: FallbackChoice = MeasureOptions.standard.fallback

    @Flag(help: "Read the field as Pango-style markup (<b>, <i>, <span …>, &amp; …).")
    var markup = MeasureOptions.standard.markup

    /// The options as ArgumentParser read them.
    var options: MeasureOptions {
        MeasureOptions(
            font: font, weight: weight, size: size, width: width, lineSpacing: lineSpacing,
            lines: lines, scale: scale, field: field, fallback: fallback, markup: markup)
    }

    func validate() throws { try options.validate() }

    func run() throws { try options.run() }

    /// Writes records to standard output.
    static func writeOut(_ bytes: [UInt8]) throws {
        do {
            try POSIXFile.standardOutput.write(bytes)
        } catch {
            throw CLIFailure.data("measure: cannot write standard output: \(error)")
        }
    }

    /// Reads standard input into `buffer` (for `LineBlockReader`): the
    /// bytes read, 0 at its end; a failure as the line reader of `trellis
    /// heights` reports it.
    static func readStandardInput(_ buffer: UnsafeMutableRawBufferPointer) throws(DataFileError)
        -> Int
    {
        do {
            return try POSIXFile.standardInput.read(into: buffer)
        } catch {
            throw DataFileError(file: "-", line: nil, message: "cannot read: \(error)")
        }
    }

    /// The prepared texts `run` keeps: none (see `run`).
    static let preparedTextCapacity = 0

    /// A bundled family with the usual fallbacks, or a font file followed by
    /// them; with `fallback` system, the font followed by the system's fonts.
    static func fonts(_ name: String, weight: FontWeight, fallback: FallbackChoice = .bundled)
        throws -> FontCollection
    {
        let isPath = FontName.isPath(name)
        if fallback == .system {
            let font = isPath ? try Font(path: name) : try Font(family: name, weight: weight)
            return try FontCollection(font).addingSystemFonts()
        }
        guard isPath else { return try FontCollection.bundled(name, weight: weight) }
        return FontCollection([
            try Font(path: name), try Font(family: "Noto Sans Hebrew"),
            try Font(family: "Noto Sans Arabic"),
        ])
    }

    /// The string in `field` of one JSON Lines line, or what is wrong with it.
    /// The line is read by TrellisCells' JSON reader (RFC 8259, duplicate keys
    /// rejected), whose error gives the column.
    static func text(of line: some Collection<UInt8>, field: String) -> Result<
        String, MessageError
    > {
        // Most lines are `{"field": "text"}`: read without building nodes.
        if let text = line.withContiguousStorageIfAvailable({
            JSONDocumentParser.stringMember(field, in: $0)
        }), let text {
            return .success(text)
        }
        guard let string = String(validating: line, as: UTF8.self) else {
            return .failure(MessageError("invalid UTF-8"))
        }
        guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else {
            return .failure(MessageError("empty line (expected a JSON object)"))
        }
        let node: JSONNode
        do {
            node = try JSONDocumentParser.parse(string)
        } catch {
            return .failure(
                MessageError("malformed JSON at column \(error.position.column): \(error.message)"))
        }
        guard case .object = node else {
            return .failure(MessageError("not a JSON object"))
        }
        guard let value = node[field] else {
            return .failure(MessageError("missing field \"\(field)\""))
        }
        guard case .string(let text, _) = value else {
            return .failure(MessageError("field \"\(field)\" is not a string"))
        }
        return .success(text)
    }

}

/// The options every line reads, copied out of the command once: each read
/// of an `@Option` goes through ArgumentParser's generic storage (a type
/// metadata look-up), which cost more than parsing the line's JSON.
struct MeasureSettings {
    var field: String
    var markup: Bool
    var width: Double
    var lines: Int
    var scale: Double?

    /// What a record gives of one line's text (plain, or markup with
    /// `--markup`), or what is wrong with the line. Plain text is measured
    /// without line fragments (`TextMeasurer._lineCountAndSize`), which a
    /// record does not use.
    func measure(
        _ line: some Collection<UInt8>, measurer: TextMeasurer, style: TextStyle
    ) throws(MessageError) -> MeasuredText {
        let text: String
        switch Measure.text(of: line, field: field) {
        case .success(let found): text = found
        case .failure(let error): throw error
        }
        do {
            if markup {
                let attributed: AttributedText
                do {
                    attributed = try AttributedText(markup: text, base: style)
                } catch {
                    throw MessageError("field \"\(field)\": \(error)")
                }
                let layout = try measurer.layout(
                    attributed, style: style, width: width, numberOfLines: lines)
                return MeasuredText(
                    lineCount: layout.lineCount, size: layout.size,
                    missingGlyphs: layout.missingGlyphs.count)
            }
            let measured = try measurer._lineCountAndSize(
                text, style: style, width: width, numberOfLines: lines)
            return MeasuredText(
                lineCount: measured.lineCount, size: measured.size,
                missingGlyphs: measured.missingGlyphs)
        } catch let error as MessageError {
            throw error
        } catch {
            throw MessageError("\(error)")
        }
    }

    /// Appends one line's record, written first into a buffer on the
    /// stack and appended in one step: the fixed parts are copied from
    /// static strings and each number is written there (`MeasureRecord`).
    /// Appending each part to the output (five to nine appends a record,
    /// each checking the array's uniqueness and capacity) cost about 110
    /// instructions a part (5,000 records: 2.8 M). Heights (few distinct
    /// ones in a file) and rounded numbers go through `numbers`, widths
    /// (nearly each one new) are formatted each time.
    func append(_ layout: MeasuredText, to output: inout [UInt8], numbers: _RecordNumbers) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: MeasureRecord.capacity) {
            buffer in
            var record = MeasureRecord(buffer.baseAddress!)
            record.put("{\"lines\": ")
            record.putCount(layout.lineCount)
            record.put(", \"width\": ")
            record.putNumber(layout.size.width)
            record.put(", \"height\": ")
            numbers.put(layout.size.height, into: &record)
            record.put(", \"missing\": ")
            record.putCount(layout.missingGlyphs)
            if let scale {
                record.put(", \"roundedWidth\": ")
                numbers.put(PixelGrid.ceil(layout.size.width, scale: scale), into: &record)
                record.put(", \"roundedHeight\": ")
                numbers.put(PixelGrid.ceil(layout.size.height, scale: scale), into: &record)
            }
            record.put("}\n")
            output.append(
                contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: record.count))
        }
    }
}

/// What a `trellis measure` record gives of a text's layout.
struct MeasuredText {
    var lineCount: Int
    var size: Size
    /// Clusters no font has.
    var missingGlyphs: Int
}

/// A `trellis measure` record being written into memory of its caller's
/// (`MeasureSettings.append`), `capacity` bytes: more than the longest
/// record, whose fixed parts are 85 bytes, its four numbers at most 24
/// characters each (`-1.7976931348623157e+308`) and its two counts at
/// most 20 digits. A number's text reaches it through `TextOutputStream`.
struct MeasureRecord: TextOutputStream {
    static let capacity = 256
    private let bytes: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ bytes: UnsafeMutablePointer<UInt8>) { self.bytes = bytes }

    /// The bytes written so far.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: count) }

    /// Puts `bytes` after what is written.
    @inline(__always)
    mutating func put(_ start: UnsafePointer<UInt8>, _ length: Int) {
        precondition(count + length <= Self.capacity, "a measure record past its buffer")
        (bytes + count).update(from: start, count: length)
        count += length
    }

    /// A fixed part of the record.
    @inline(__always)
    mutating func put(_ text: StaticString) {
        put(text.utf8Start, text.utf8CodeUnitCount)
    }

    /// A count (lines, missing clusters) in decimal, as `String(value)`
    /// writes it; one digit without the general loop.
    @inline(__always)
    mutating func putCount(_ value: Int) {
        if value >= 0 && value < 10 {
            precondition(count < Self.capacity, "a measure record past its buffer")
            bytes[count] = UInt8(ascii: "0") + UInt8(value)
            count += 1
            return
        }
        write(String(value))
    }

    /// A number as `Double.description` writes it. A finite number is
    /// written by `write(to:)`, which formats it in a buffer on the stack
    /// and hands the bytes over (`_writeASCII`): the same bytes as
    /// `description` (compared on 3 million random values), without making
    /// a `String`, which took a heap block for each number of more than 15
    /// characters (most widths and heights: about 900 instructions a number
    /// with its release, 10,000 numbers a file of 5,000 rows).
    @inline(__always)
    mutating func putNumber(_ value: Double) {
        guard value.isFinite else {
            write(value.description)
            return
        }
        value.write(to: &self)
    }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { put($0.baseAddress!, $0.count) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let start = buffer.baseAddress else { return }
        put(start, buffer.count)
    }
}

/// One chunk of `trellis measure`'s lines: their records, and the first bad
/// line, if any.
struct MeasureChunk: BatchChunk {
    var bytes: [UInt8] = []
    /// The bad line's index in the batch, and the message naming it.
    var failure: (row: Int, message: String)?

    init() {}

    var failureRow: Int? { failure?.row }
}

/// A message as an error (for `Result`).
struct MessageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
