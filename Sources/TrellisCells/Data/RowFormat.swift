// How a row type is read from data files, written back, generated and shown: what the
// built-in template registry and the CLIs take per row type.

import TrellisData
import TrellisGeometry

/// How a row type is read from a data file's JSON row (and turned back into
/// one), generated, and shown.
public struct RowFormat<Item>: Sendable {
    /// The row from a data file's JSON row (an error names the field).
    public let read: @Sendable (JSONRow) throws(JSONRowError) -> Item
    /// `count` generated rows from a seed.
    public let generate: @Sendable (_ seed: UInt64, _ count: Int) -> [Item]
    /// The row's text, for reports (the worst rows of a comparison).
    public let summary: @Sendable (Item) -> String
    /// The size of the row's media (image or photo), for collection layouts.
    public let mediaSize: @Sendable (Item) -> Size?
    /// The JSON row a data file holding the row would have (what a template
    /// file of the same cell reads), the inverse of `read`.
    public let jsonRow: @Sendable (Item) -> JSONRow

    public init(
        read: @escaping @Sendable (JSONRow) throws(JSONRowError) -> Item,
        generate: @escaping @Sendable (UInt64, Int) -> [Item],
        summary: @escaping @Sendable (Item) -> String,
        mediaSize: @escaping @Sendable (Item) -> Size?,
        jsonRow: @escaping @Sendable (Item) -> JSONRow
    ) {
        self.read = read
        self.generate = generate
        self.summary = summary
        self.mediaSize = mediaSize
        self.jsonRow = jsonRow
    }
}

extension RowFormat {
    /// The first `limit` rows of the data file at `path`, read as this
    /// format says.
    /// - Throws: `DataFileError` naming the file (and the line of a bad row);
    ///   a file without rows is an error too.
    public func rows(fromFile path: String, limit: Int) throws(DataFileError) -> [Item] {
        let items = try items(of: try JSONRowLoader.load(path: path).prefix(limit), file: path)
        guard !items.isEmpty else {
            throw DataFileError(file: path, line: nil, message: "the file has no rows")
        }
        return items
    }

    /// The rows of a data file (`file` names it in errors), read as this
    /// format says.
    /// - Throws: `DataFileError` naming the file and the data line of the
    ///   first row this format cannot read.
    public func items(of rows: some Sequence<JSONRow>, file: String) throws(DataFileError)
        -> [Item]
    {
        var items: [Item] = []
        for row in rows {
            do {
                items.append(try read(row))
            } catch {
                throw DataFileError(file: file, line: row.line, message: "\(error)")
            }
        }
        return items
    }
}
