// A data row's image size: the one reading of a data row that needs
// TrellisGeometry, kept beside the templates that use it so TrellisData
// imports nothing.

import TrellisData
import TrellisGeometry

extension JSONRow {
    /// A `[width, height]` pair of finite positive numbers at `path` (an
    /// image's size); nil when missing or null.
    /// - Throws: a message for anything else.
    public func size(at path: JSONKeyPath) throws(JSONRowError) -> Size? {
        switch try value(at: path) {
        case nil: return nil
        case .array(let items)?:
            guard items.count == 2, case .number(let width) = items[0],
                case .number(let height) = items[1]
            else {
                throw JSONRowError(
                    path: path, message: "must be [width, height], got an array of \(items.count)")
            }
            guard width.isFinite, height.isFinite, width > 0, height > 0 else {
                throw JSONRowError(
                    path: path,
                    message: "sizes must be finite and positive, got [\(width), \(height)]")
            }
            return Size(width: width, height: height)
        case let other?:
            throw JSONRowError(
                path: path, message: "must be [width, height], not \(other.kindName)")
        }
    }
}
