// The JSON form of a frame tree (`.layoutJSON`): the same nodes and numbers
// as the text form, keys in a fixed order, so the file is stable.

import TrellisGeometry

extension FrameTree {
    /// `{"name": …, "frame": [x, y, width, height], "children": […]}`,
    /// indented two spaces per level, numbers as `formatPoints` prints them,
    /// a final newline.
    /// - Complexity: O(nodes).
    public var json: String {
        var text = ""
        func write(_ node: FrameTree, indent: String) {
            let inner = indent + "  "
            let frame = [node.frame.minX, node.frame.minY, node.frame.width, node.frame.height]
                .map(formatPoints).joined(separator: ", ")
            text += "{\n\(inner)\"name\": \(_jsonString(node.name)),\n\(inner)\"frame\": [\(frame)]"
            if node.children.isEmpty {
                text += ",\n\(inner)\"children\": []\n\(indent)}"
                return
            }
            text += ",\n\(inner)\"children\": [\n"
            for (index, child) in node.children.enumerated() {
                text += inner + "  "
                write(child, indent: inner + "  ")
                text += index + 1 < node.children.count ? ",\n" : "\n"
            }
            text += "\(inner)]\n\(indent)}"
        }
        write(self, indent: "")
        return text + "\n"
    }
}

/// A JSON string literal (RFC 8259: quote, backslash and control characters escaped).
func _jsonString(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
