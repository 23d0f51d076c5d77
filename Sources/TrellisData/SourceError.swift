// The one error of every file Trellis reads (data files, template files,
// layout files, frame-tree text): the file, where in it, and what.

import FoundationEssentials

/// A file (or a named text) that could not be read, with the place of the
/// problem, printed as compilers print it: `cell.json:14:9: message`,
/// `rows.jsonl:3: message` when only the line is known, `file: message`
/// for the file as a whole.
///
/// Data files (`DataFileError`), template files (`TemplateFileError`),
/// layout files (`LayoutFileError`) and frame-tree text
/// (`FrameTreeSyntaxError`) all throw this type under those names.
public struct SourceError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The file's path as given (or a description of the text: `<input>`,
    /// `<template>`).
    public var file: String
    /// The 1-based line number, or nil for a problem with the whole file.
    public var line: Int?
    /// The 1-based column (in Unicode scalars, as `SourcePosition` counts)
    /// within the line, when known; nil for a problem with the line as a whole.
    public var column: Int?
    public var message: String

    public init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// An error at a place of the file (nil: the file as a whole).
    public init(file: String, position: SourcePosition?, message: String) {
        self.init(file: file, line: position?.line, column: position?.column, message: message)
    }

    /// The place of the problem when both line and column are known.
    public var position: SourcePosition? {
        get {
            guard let line, let column else { return nil }
            return SourcePosition(line: line, column: column)
        }
        set {
            line = newValue?.line
            column = newValue?.column
        }
    }

    /// The bytes of the file at `path`; an unreadable or missing file is an error.
    package static func contents(of path: String) throws(SourceError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw SourceError(
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

/// A data file that could not be read (`JSONRowLoader`, `RowFormat`).
public typealias DataFileError = SourceError
