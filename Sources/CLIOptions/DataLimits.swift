// The limits every command that reads rows applies, with the same flags and
// messages, before any layout: how long one data line may be, how much text
// one row may hold, how many rows a file may have, how many views a template
// file may have. A line longer than the limit is refused while it is read,
// so a 50 MB line costs neither the time to parse it nor its memory.

import ArgumentParser
import CLISupport
import Glibc
import TrellisCells
import TrellisData
import TrellisTemplateFiles
import TrellisTemplateSource

/// `--max-row-length`, `--max-text-length`, `--max-rows`, `--max-views`
/// (`trellis heights`, `inspect`, `render`, `snapshot`, `layout`, `listbench`).
public struct DataLimitOptions: ParsableArguments {
    @Option(name: .customLong("max-row-length"), help: "Most bytes one data line may hold.")
    public var maxRowLength: Int = DataLimits.standard.maxRowLength

    @Option(
        name: .customLong("max-text-length"),
        help: "Most bytes of text one row's fields may hold together.")
    public var maxTextLength: Int = DataLimits.standard.maxTextLength

    @Option(name: .customLong("max-rows"), help: "Most rows a data file may hold.")
    public var maxRows: Int = DataLimits.standard.maxRows

    @Option(name: .customLong("max-views"), help: "Most views a template file may have.")
    public var maxViews: Int = DataLimits.standard.maxViews

    public init() {}

    public func validate() throws {
        guard maxRowLength >= 1, maxTextLength >= 1, maxRows >= 1, maxViews >= 1 else {
            throw ValidationError(
                "--max-row-length, --max-text-length, --max-rows and --max-views must be at least 1"
            )
        }
    }

    /// The limits, for readers that run off the command's thread.
    public var limits: DataLimits {
        DataLimits(
            maxRowLength: maxRowLength, maxTextLength: maxTextLength, maxRows: maxRows,
            maxViews: maxViews)
    }
}

/// The checked limits of `DataLimitOptions`.
public struct DataLimits: Sendable {
    public var maxRowLength: Int
    public var maxTextLength: Int
    public var maxRows: Int
    public var maxViews: Int

    /// The defaults: a data line of 1 MB, 100,000 bytes of text a row,
    /// 10,000,000 rows, 500 views.
    public static let standard = DataLimits(
        maxRowLength: 1_000_000, maxTextLength: 100_000, maxRows: 10_000_000, maxViews: 500)

    public init(maxRowLength: Int, maxTextLength: Int, maxRows: Int, maxViews: Int) {
        self.maxRowLength = maxRowLength
        self.maxTextLength = maxTextLength
        self.maxRows = maxRows
        self.maxViews = maxViews
    }

    /// A data line longer than `--max-row-length` (`line` is 1-based).
    public func lineTooLong(file: String, line: Int) -> CLIFailure {
        .data(
            "\(file):\(line): the data line is longer than --max-row-length \(maxRowLength) bytes"
        )
    }

    /// More rows than `--max-rows`.
    public func tooManyRows(file: String, line: Int) -> CLIFailure {
        .data("\(file):\(line): more than --max-rows \(maxRows) rows")
    }

    /// The rule every command applies to a data file without rows.
    public static func noRows(file: String) -> CLIFailure {
        .data("\(file): the file has no rows")
    }

    /// A row whose texts hold more than `--max-text-length` bytes in all:
    /// an error naming its data line (not a hang on a megabyte of text).
    public func checkText(of row: JSONRow, file: String, line: Int) throws(CLIFailure) {
        var total = 0
        func walk(_ value: JSONValue) {
            switch value {
            case .string(let text): total += text.utf8.count
            case .array(let items): items.forEach(walk)
            case .object(let members): members.values.forEach(walk)
            default: break
            }
        }
        walk(.object(row.fields))
        guard total <= maxTextLength else {
            throw .data(
                "\(file):\(line): the row's texts hold \(total) bytes, more than --max-text-length \(maxTextLength)"
            )
        }
    }

    /// A template file with more views than `--max-views`.
    public func checkViews(_ count: Int, file: String) throws(CLIFailure) {
        guard count <= maxViews else {
            throw .data("\(file): \(count) views, more than --max-views \(maxViews)")
        }
    }

    /// The template file at `path`, loaded and checked against `--max-views`.
    public func templateFile(at path: String) throws(CLIFailure) -> TemplateFile {
        let file: TemplateFile
        do {
            file = try TemplateFile.load(path: path)
        } catch {
            throw .data("\(error)")
        }
        try checkViews(file.views.count, file: path)
        return file
    }

    /// The template `argument` names (`TemplateSource.resolve`), a file
    /// read as `templateFile(at:)` reads it; an unknown name is a usage error.
    public func templateSource(_ argument: String) throws(CLIFailure) -> TemplateSource {
        try TemplateSource.resolveForCommandLine(argument) { path throws(CLIFailure) in
            try templateFile(at: path)
        }
    }

    /// One row given on the command line (`--item`): the same limits as a
    /// data line, then parsed.
    public func row(fromArgument text: String, name: String) throws(CLIFailure) -> JSONRow {
        guard text.utf8.count <= maxRowLength else {
            throw .data("\(name) is longer than --max-row-length \(maxRowLength) bytes")
        }
        let row: JSONRow
        do {
            row = try JSONRowLoader.parseLine(Array(text.utf8), file: name, line: 1)
        } catch {
            throw .data("\(error)")
        }
        try checkText(of: row, file: name, line: 1)
        return row
    }

    /// The first `limit` rows of the data file at `path` (`-`: standard
    /// input), each checked against the limits as it is read, before any is
    /// laid out; blank lines are skipped. Reading stops after `limit` rows.
    /// - Throws: `CLIFailure.data` naming the file and data line: a file
    ///   that cannot be read, a line too long, a row that is not a JSON
    ///   object or holds too much text, more than `maxRows` rows, or no
    ///   rows at all.
    /// - Complexity: O(bytes read); memory O(`maxRowLength` + rows kept).
    public func rows(fromFile path: String, limit: Int) throws(CLIFailure) -> [JSONRow] {
        let reader = try BoundedLineReader(path: path, maxLength: maxRowLength)
        var rows: [JSONRow] = []
        while rows.count < limit, let (line, bytes) = try reader.nextLine() {
            guard let bytes else { throw lineTooLong(file: path, line: line) }
            if LineSplitter.isBlank(bytes) { continue }
            guard rows.count < maxRows else { throw tooManyRows(file: path, line: line) }
            let row: JSONRow
            do {
                row = try JSONRowLoader.parseLine(bytes, file: path, line: line)
            } catch {
                throw .data("\(error)")
            }
            try checkText(of: row, file: path, line: line)
            rows.append(row)
        }
        guard !rows.isEmpty else { throw Self.noRows(file: path) }
        return rows
    }

    /// The first `limit` rows of `path` read as `format` reads them.
    public func rows<Item>(_ format: RowFormat<Item>, fromFile path: String, limit: Int)
        throws(CLIFailure) -> [Item]
    {
        var items: [Item] = []
        for row in try rows(fromFile: path, limit: limit) {
            do {
                items.append(try format.read(row))
            } catch {
                throw .data("\(DataFileError(file: path, line: row.line, message: "\(error)"))")
            }
        }
        return items
    }
}

/// Lines of a file (or standard input, `-`) read in chunks, none kept
/// longer than `maxLength` bytes: a longer line is reported as soon as its
/// first `maxLength + 1` bytes are read, and the rest is not read.
public final class BoundedLineReader {
    private let descriptor: Int32
    private let owned: Bool
    private let path: String
    private var splitter: LineSplitter

    public init(path: String, maxLength: Int) throws(CLIFailure) {
        self.path = path
        splitter = LineSplitter(maxLength: maxLength)
        if path == "-" {
            (descriptor, owned) = (0, false)
        } else {
            let opened = open(path, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else {
                throw .data(
                    "\(path): \(errno == ENOENT ? "no such file" : "cannot read the file")")
            }
            var status = stat()
            if fstat(opened, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
                Glibc.close(opened)
                throw .data("\(path): is a folder, not a data file")
            }
            (descriptor, owned) = (opened, true)
        }
    }

    deinit { if owned { Glibc.close(descriptor) } }

    /// The next line: its 1-based number and bytes (without the line break
    /// or a trailing carriage return), or nil bytes when it is longer than
    /// `maxLength`; nil at the end of the input.
    public func nextLine() throws(CLIFailure) -> (Int, ArraySlice<UInt8>?)? {
        while true {
            switch splitter.next() {
            case .line(let number, let bytes)?: return (number, bytes)
            case .tooLong(let number)?: return (number, nil)
            case nil:
                if splitter.isFinished { return nil }
            }
            let chunk = min(1 << 20, splitter.maxLength + 2)
            let count = splitter.read(upTo: chunk) { bytes -> Int in
                while true {
                    let result = read(descriptor, bytes.baseAddress!, bytes.count)
                    if result < 0 && errno == EINTR { continue }
                    return result
                }
            }
            guard count >= 0 else { throw .data("\(path): cannot read the file") }
        }
    }
}

extension TemplateSource {
    /// `resolve(_:readFile:)` with the commands' failures: an unknown name
    /// is a usage error, a file's errors are `readFile`'s.
    public static func resolveForCommandLine(
        _ argument: String, readFile: (String) throws(CLIFailure) -> TemplateFile
    ) throws(CLIFailure) -> TemplateSource {
        do {
            return try resolve(argument) { path in try readFile(path) }
        } catch let error as UnknownTemplateError {
            throw .usage(error.description)
        } catch {
            throw CLIFailure.wrapping(error)
        }
    }
}
