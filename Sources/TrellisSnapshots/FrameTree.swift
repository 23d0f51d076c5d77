// A laid-out hierarchy as a tree of named frames, printed indented one view a
// line (LayoutKit's printable layout arrangement): what the `.frames` and
// `.layoutJSON` snapshots and `trellis snapshot` write, read back and compare.

import TrellisGeometry

/// A named frame and the frames inside it: a cell and its subviews, a view
/// hierarchy, a list's visible rows. Each frame is in its parent's
/// coordinates (as `View.frame`).
///
/// ```swift
/// let tree = FrameTree(name: "cell", frame: Rect(x: 0, y: 0, width: 375, height: 72), children: [
///     FrameTree(name: "cover", frame: Rect(x: 16, y: 16, width: 40, height: 40))])
/// print(tree)
/// // cell (0, 0, 375, 72)
/// //   cover (16, 16, 40, 40)
/// ```
public struct FrameTree: Hashable, Sendable, CustomStringConvertible {
    /// The view's name (a subview name, `Label[2]` for an unnamed view).
    public var name: String
    public var frame: Rect
    /// The views inside, in their order (subview order, template order, row order).
    public var children: [FrameTree]

    public init(name: String, frame: Rect, children: [FrameTree] = []) {
        self.name = name
        self.frame = frame
        self.children = children
    }

    /// The tree with every frame's edges on the pixel grid of `scale`
    /// (each edge rounded to the nearest pixel, as a screen shows it), so a
    /// snapshot does not change with rounding noise far below a pixel.
    /// - Complexity: O(nodes).
    public func snapped(toScale scale: Double) -> FrameTree {
        let minX = PixelGrid.round(frame.minX, scale: scale)
        let minY = PixelGrid.round(frame.minY, scale: scale)
        let maxX = PixelGrid.round(frame.maxX, scale: scale)
        let maxY = PixelGrid.round(frame.maxY, scale: scale)
        return FrameTree(
            name: name, frame: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY),
            children: children.map { $0.snapped(toScale: scale) })
    }

    /// One line per node, `name (x, y, width, height)`, indented two spaces
    /// per level, numbers as `formatPoints` prints them (at most three
    /// decimals), and a final newline. `init(parsing:)` reads it back.
    /// - Complexity: O(nodes).
    public var description: String {
        var text = ""
        func write(_ node: FrameTree, depth: Int) {
            text += String(repeating: "  ", count: depth) + "\(node.name) \(node.frame)\n"
            for child in node.children { write(child, depth: depth + 1) }
        }
        write(self, depth: 0)
        return text
    }

    /// Number of nodes in the tree.
    /// - Complexity: O(nodes).
    public var count: Int { 1 + children.reduce(0) { $0 + $1.count } }
}
