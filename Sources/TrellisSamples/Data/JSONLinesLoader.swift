// Loads user rows from JSON Lines files: one object per line,
// `{"title": "...", "subtitle": "...", "image": [w, h]}`.

import FoundationEssentials
import TrellisCells
import TrellisGeometry

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
    public static func parse(_ data: Data, file: String = "<input>") throws(DataFileError)
        -> [AnimalItem]
    {
        var items: [AnimalItem] = []
        try LineSplitter.forEachNonBlankLine(of: data) { line, number throws(DataFileError) in
            items.append(try parseLine(line, file: file, line: number))
        }
        return items
    }

    static func parseLine(_ bytes: ArraySlice<UInt8>, file: String, line: Int) throws(DataFileError)
        -> AnimalItem
    {
        func fail(_ message: String) -> DataFileError {
            DataFileError(file: file, line: line, message: message)
        }
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw fail("invalid UTF-8")
        }
        let object: JSONNode
        do {
            object = try JSONDocumentParser.parse(string)
        } catch {
            throw fail("not valid JSON")
        }
        guard case .object(let members, _) = object else {
            throw fail("expected a JSON object")
        }
        func field(_ key: String) -> JSONNode? {
            // Keys are unique: the parser rejects a duplicate.
            members.first { $0.key == key }?.value
        }
        func text(_ key: String) throws(DataFileError) -> String? {
            switch field(key) {
            case nil, .null?: return nil
            case .string(let string, _)?: return string
            default: throw fail("\"\(key)\" must be a string")
            }
        }
        let title = try text("title")
        let subtitle = try text("subtitle")
        if title == nil && subtitle == nil {
            throw fail("missing field \"title\" or \"subtitle\"")
        }
        var imageSize: Size?
        switch field("image") {
        case nil, .null?: break
        case .array(let pair, _)?:
            guard pair.count == 2, case .number(let width, _) = pair[0],
                case .number(let height, _) = pair[1]
            else {
                throw fail("\"image\" must be [width, height]")
            }
            guard width.isFinite, height.isFinite, width > 0, height > 0 else {
                throw fail("\"image\" sizes must be finite and positive, got [\(width), \(height)]")
            }
            imageSize = Size(width: width, height: height)
        default:
            throw fail("\"image\" must be [width, height]")
        }
        return AnimalItem(title: title ?? "", subtitle: subtitle ?? "", imageSize: imageSize)
    }
}
