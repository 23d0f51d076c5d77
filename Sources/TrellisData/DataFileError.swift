// Where a data file's problem is: file, line, column.

import FoundationEssentials

/// A data file that could not be read, with the place of the problem.
public struct DataFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file's path as given (or `<input>` for in-memory data).
    public var file: String
    /// The 1-based line number, or nil for a problem with the whole file.
    public var line: Int?
    /// The 1-based column (in Unicode scalars, as `SourcePosition` counts)
    /// within the line, when known; nil for a problem with the row as a whole.
    public var column: Int?
    public var message: String

    public init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// An error at a known place of the file.
    public init(file: String, position: SourcePosition, message: String) {
        self.init(file: file, line: position.line, column: position.column, message: message)
    }

    /// The place of the problem when both line and column are known.
    public var position: SourcePosition? {
        guard let line, let column else { return nil }
        return SourcePosition(line: line, column: column)
    }

    /// The bytes of the file at `path`; an unreadable or missing file is an error.
    package static func contents(of path: String) throws(DataFileError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw DataFileError(
                file: path, line: nil, message: exists ? "cannot read the file" : "no such file")
        }
        return data
    }

    public var description: String {
        if let position { return "\(file):\(position): \(message)" }
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
