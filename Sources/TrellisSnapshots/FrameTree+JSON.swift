// The JSON form of a frame tree (`.layoutJSON`): the same nodes and numbers
// as the text form, keys in a fixed order, so the file is stable.

import TrellisData
import TrellisGeometry

extension FrameTree {
    /// `{"name": …, "frame": [x, y, width, height], "children": […]}`,
    /// indented two spaces per level, numbers to thousandths of a point as
    /// `formatPoints` prints them, a final newline.
    /// - Complexity: O(nodes).
    public var json: String {
        func value(_ node: FrameTree) -> JSON {
            let frame = [node.frame.minX, node.frame.minY, node.frame.width, node.frame.height]
            return .object([
                ("name", .string(node.name)), ("frame", .array(frame.map(JSON.number))),
                ("children", .array(node.children.map(value))),
            ])
        }
        return value(self).serialized(.prettyNumberArrays) + "\n"
    }
}
