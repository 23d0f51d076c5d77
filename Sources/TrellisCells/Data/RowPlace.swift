import TrellisData
// How every message names a row: one convention for the library and the
// command-line tools.
import TrellisLists

/// The place of a row in a message, in one form everywhere:
///
/// - a row read from a data file is named by its **data line**, 1-based, as
///   an editor shows it: `(data line 4)` (blank lines count, so the number
///   is the line to open, not the row's position among rows);
/// - where the row also sits in a table or collection, its **index path**
///   follows: `(data line 4) (index path [0, 2])`;
/// - a row with no data line (items made in code) is named by its position
///   in the items array the call was given: `(items[3])`, 0-based as Swift
///   indexes it.
public enum RowPlace {
    /// `(data line N)`.
    public static func dataLine(_ line: Int) -> String { "(data line \(line))" }

    /// ` (data line N)` to append to a message about a row read from line
    /// `line` of a data file; empty for a row with no data line.
    public static func dataLineSuffix(_ line: Int?) -> String {
        line.map { " " + dataLine($0) } ?? ""
    }

    /// `(index path [s, r])`.
    public static func indexPath(_ path: IndexPath) -> String { "(index path \(path))" }

    /// The data line of an item read from a data file, if it has one.
    public static func line(of item: Any) -> Int? {
        (item as? JSONRow)?.line
    }

    /// The place of `item`, the element at `index` of the items a call was
    /// given: its data line if it has one, else `(items[index])`; then its
    /// index path, if any.
    public static func of(_ item: Any, index: Int, indexPath: IndexPath? = nil) -> String {
        var place = line(of: item).map(dataLine) ?? "(items[\(index)])"
        if let indexPath { place += " " + Self.indexPath(indexPath) }
        return place
    }

    /// `message` with the row's place appended, unless the message already
    /// names the row's data line (errors of template files name it where
    /// they arise, next to the template's own file:line:column).
    public static func append(
        to message: String, item: Any, index: Int, indexPath: IndexPath? = nil
    ) -> String {
        if let line = line(of: item), message.contains(dataLine(line)) {
            return indexPath.map { message + " " + Self.indexPath($0) } ?? message
        }
        return message + " " + of(item, index: index, indexPath: indexPath)
    }
}
