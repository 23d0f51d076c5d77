// The row model shared by the built-in templates and the data files.
import TrellisCells
import TrellisData
import TrellisGeometry

/// One row of data: a title, a subtitle and an optional image size, as in the
/// JSON Lines files `{"title": ..., "subtitle": ..., "image": [w, h]}`.
public struct AnimalItem: Hashable, Sendable {
    public var title: String
    public var subtitle: String
    /// The image's pixel size, used for aspect ratios (collection cells).
    public var imageSize: Size?

    public init(title: String, subtitle: String, imageSize: Size? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.imageSize = imageSize
    }

    /// The value of a text field by name (`title` or `subtitle`), for templates
    /// that bind a label to a field.
    public func field(_ name: String) -> String? {
        switch name {
        case "title": return title
        case "subtitle": return subtitle
        default: return nil
        }
    }
}

extension AnimalItem {
    /// The sample row as a data file row: `title`, `subtitle` and `image`.
    public var jsonRow: JSONRow {
        var fields: [String: JSONValue] = ["title": .string(title), "subtitle": .string(subtitle)]
        if let imageSize {
            fields["image"] = .array([.number(imageSize.width), .number(imageSize.height)])
        }
        return JSONRow(fields)
    }
}
