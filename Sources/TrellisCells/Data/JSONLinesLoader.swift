// Loads user rows from JSON Lines files: one object per line,
// `{"title": "...", "subtitle": "...", "image": [w, h]}`.

import Foundation
import TrellisGeometry

/// A data file that could not be read, with the place of the problem.
public struct DataFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file's path as given (or `<input>` for in-memory data).
    public var file: String
    /// The 1-based line number, or nil for a problem with the whole file.
    public var line: Int?
    /// The 1-based column (in characters) within the line, when known.
    public var column: Int?
    public var message: String

    public init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The bytes of the file at `path`; an unreadable or missing file is an error.
    static func contents(of path: String) throws(DataFileError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw DataFileError(file: path, line: nil, message: exists ? "cannot read the file" : "no such file")
        }
        return data
    }

    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// Reads `AnimalItem`s from JSON Lines.
///
/// Rules: each non-blank line is one JSON object. `title` and `subtitle` are
/// strings and default to empty when absent, but at least one of the two keys
/// must be present (an explicitly empty one is a legitimately empty cell); `image` is optional, an array of two finite positive numbers
/// (pixel width and height). Other keys are ignored, so richer files load.
/// Blank lines are skipped. The first bad line stops loading with an error
/// naming its number; nothing is returned for a file with a bad line.
public enum JSONLinesLoader {
    /// Loads every row of the file at `path`.
    ///
    /// - Complexity: O(file size).
    public static func load(path: String) throws(DataFileError) -> [AnimalItem] {
        try parse(try DataFileError.contents(of: path), file: path)
    }

    /// Parses JSON Lines held in memory; `file` names the source in errors.
    public static func parse(_ data: Data, file: String = "<input>") throws(DataFileError) -> [AnimalItem] {
        var items: [AnimalItem] = []
        try forEachLine(of: data) { line, number throws(DataFileError) in
            items.append(try parseLine(line, file: file, line: number))
        }
        return items
    }

    /// Calls `body` with every line of `data` that is not blank (without its
    /// line break or a carriage return before it) and its 1-based number.
    static func forEachLine(of data: Data, _ body: (Data, Int) throws(DataFileError) -> Void) throws(DataFileError) {
        var lineNumber = 0
        var start = data.startIndex
        while start < data.endIndex {
            lineNumber += 1
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            var lineEnd = end
            if lineEnd > start, data[data.index(before: lineEnd)] == UInt8(ascii: "\r") {
                lineEnd = data.index(before: lineEnd)
            }
            let line = data[start..<lineEnd]
            start = end < data.endIndex ? data.index(after: end) : end
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            try body(line, lineNumber)
        }
    }

    static func parseLine(_ bytes: Data, file: String, line: Int) throws(DataFileError) -> AnimalItem {
        func fail(_ message: String) -> DataFileError {
            DataFileError(file: file, line: line, message: message)
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw fail("invalid UTF-8")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: bytes, options: [])
        } catch {
            throw fail("not valid JSON")
        }
        guard let fields = object as? [String: Any] else {
            throw fail("expected a JSON object")
        }
        func text(_ key: String) throws(DataFileError) -> String? {
            guard let value = fields[key], !(value is NSNull) else { return nil }
            guard let string = value as? String else { throw fail("\"\(key)\" must be a string") }
            return string
        }
        let title = try text("title")
        let subtitle = try text("subtitle")
        if title == nil && subtitle == nil {
            throw fail("missing field \"title\" or \"subtitle\"")
        }
        var imageSize: Size?
        if let image = fields["image"], !(image is NSNull) {
            guard let pair = image as? [Any], pair.count == 2,
                let width = number(pair[0]), let height = number(pair[1])
            else {
                throw fail("\"image\" must be [width, height]")
            }
            guard width.isFinite, height.isFinite, width > 0, height > 0 else {
                throw fail("\"image\" sizes must be finite and positive, got [\(width), \(height)]")
            }
            imageSize = Size(width: width, height: height)
        }
        return AnimalItem(title: title ?? "", subtitle: subtitle ?? "", imageSize: imageSize)
    }

    private static func number(_ value: Any) -> Double? {
        // JSON true/false arrive as NSNumber too; their Objective-C type code
        // is "c" (char), while JSON numbers are "q" (Int64) or "d" (Double).
        guard let number = value as? NSNumber else { return nil }
        if String(cString: number.objCType) == "c" { return nil }
        return number.doubleValue
    }
}
