// What changed between two frame trees, view by view: which views moved or
// changed size and by how much, which appeared or went. The failure message
// of a `.frames` snapshot and the report of `trellis snapshot --check`.

import TrellisGeometry

/// One view whose frame differs between an old and a new frame tree.
public struct FrameChange: Hashable, Sendable, CustomStringConvertible {
    /// The view's path from the root, names joined by "/" (a repeated name
    /// among siblings gets "#2", "#3"… in order).
    public var path: String
    /// The frame before (nil: the view is new).
    public var old: Rect?
    /// The frame after (nil: the view is gone).
    public var new: Rect?

    public init(path: String, old: Rect?, new: Rect?) {
        self.path = path
        self.old = old
        self.new = new
    }

    /// `cell/title: moved by (0, +2), resized by (0, +4): (72, 16, 287, 20.333) → (72, 18, 287, 24.333)`.
    public var description: String {
        switch (old, new) {
        case (let old?, let new?):
            var parts: [String] = []
            // To the thousandth printed: a golden file's 82.333 against
            // 82.3333… is no change.
            func delta(_ a: Double, _ b: Double) -> Double { ((b - a) * 1000).rounded() / 1000 }
            let dx = delta(old.minX, new.minX)
            let dy = delta(old.minY, new.minY)
            let dw = delta(old.width, new.width)
            let dh = delta(old.height, new.height)
            if dx != 0 || dy != 0 { parts.append("moved by (\(_signed(dx)), \(_signed(dy)))") }
            if dw != 0 || dh != 0 { parts.append("resized by (\(_signed(dw)), \(_signed(dh)))") }
            return "\(path): \(parts.joined(separator: ", ")): \(old) → \(new)"
        case (let old?, nil):
            return "\(path): removed (was \(old))"
        case (nil, let new?):
            return "\(path): added at \(new)"
        case (nil, nil):
            return "\(path): unchanged"
        }
    }
}

extension FrameTree {
    /// The views whose frames differ from `old`'s, in the new tree's order
    /// (then the removed ones, in the old tree's order). Views are paired by
    /// path; two frames are the same when every number differs by at most
    /// `tolerance` points (the text form keeps three decimals, so the
    /// default 0.0015 makes a tree equal to its printed and re-read self).
    ///
    /// ```swift
    /// for change in new.differences(from: old) { print(change) }
    /// // cell/title: moved by (0, +2): (72, 16, 287, 20.333) → (72, 18, 287, 20.333)
    /// ```
    /// - Complexity: O(nodes of both trees).
    public func differences(from old: FrameTree, tolerance: Double = 0.0015) -> [FrameChange] {
        let before = old._framesByPath()
        let after = _framesByPath()
        let known = Dictionary(
            after.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first })
        let previous = Dictionary(
            before.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first })
        var changes: [FrameChange] = []
        for (path, frame) in after {
            guard let was = previous[path] else {
                changes.append(FrameChange(path: path, old: nil, new: frame))
                continue
            }
            let same =
                abs(was.minX - frame.minX) <= tolerance && abs(was.minY - frame.minY) <= tolerance
                && abs(was.width - frame.width) <= tolerance
                && abs(was.height - frame.height) <= tolerance
            if !same { changes.append(FrameChange(path: path, old: was, new: frame)) }
        }
        for (path, frame) in before where known[path] == nil {
            changes.append(FrameChange(path: path, old: frame, new: nil))
        }
        return changes
    }

    /// A readable report of `differences(from:)`: a count, then one change
    /// a line; nil when nothing changed.
    public func differenceReport(from old: FrameTree, tolerance: Double = 0.0015) -> String? {
        let changes = differences(from: old, tolerance: tolerance)
        guard !changes.isEmpty else { return nil }
        let heading = changes.count == 1 ? "1 view changed:" : "\(changes.count) views changed:"
        return ([heading] + changes.map { "  \($0)" }).joined(separator: "\n")
    }

    /// Every node's path and frame, in depth-first order.
    func _framesByPath() -> [(path: String, frame: Rect)] {
        var result: [(path: String, frame: Rect)] = []
        func visit(_ node: FrameTree, path: String) {
            result.append((path, node.frame))
            var seen: [String: Int] = [:]
            for child in node.children {
                let count = (seen[child.name] ?? 0) + 1
                seen[child.name] = count
                visit(child, path: path + "/" + child.name + (count > 1 ? "#\(count)" : ""))
            }
        }
        visit(self, path: name)
        return result
    }
}

/// "+2", "-0.333", "0".
func _signed(_ value: Double) -> String {
    value > 0 ? "+" + formatPoints(value) : formatPoints(value)
}
