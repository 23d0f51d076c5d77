// The JSON form of a frame tree (`.layoutJSON`): the same nodes and numbers
// as the text form, keys in a fixed order, so the file is stable.

import CLISupport
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
            text += "{\n\(inner)\"name\": \(JSON.quoted(node.name)),\n\(inner)\"frame\": [\(frame)]"
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
