// Reading a stack tree back from its views (StackTree+Reading.swift): the
// tree a hierarchy made by `makeViews()` reads as, shared by the test suite
// (StackTreeReadingTests) and the `stacktree` fuzz target.
//
// Shared with the Fuzz package through a symlink (Fuzz/Sources/FuzzBodies).

import TrellisGeometry
import TrellisText
import TrellisViews

enum StackTreeReading {
    /// `tree` as its views hold it: what `makeViews()` does not keep (an
    /// image's ratio as a width and a height, the priorities of a box
    /// without a picture, which nothing reads, the priority of a box with
    /// no fixed side, custom spacing after no view) set as reading gives it,
    /// and a label's style with the label's line break mode.
    static func normalized(_ tree: StackTree) -> StackTree {
        func node(_ node: StackTree.Node) -> StackTree.Node {
            var node = node
            switch node.content {
            case .stack(let stack): node.content = .stack(normalized(stack))
            case .label(var label):
                label.style.lineBreakMode = label.lineBreakMode
                node.content = .label(label)
            case .image(var image):
                image.aspectRatio = Size(
                    width: 1, height: image.aspectRatio.height / image.aspectRatio.width)
                node.content = .image(image)
            case .fixed(var box):
                if box.intrinsicSize == nil {
                    let plain = StackTree.FixedNode(
                        width: box.width, height: box.height, priority: box.priority)
                    box = plain
                }
                if box.width == nil && box.height == nil { box.priority = .required }
                node.content = .fixed(box)
            case .button:
                break
            }
            return node
        }
        func normalized(_ stack: StackTree.Stack) -> StackTree.Stack {
            var stack = stack
            stack.children = stack.children.map(node)
            stack.customSpacing = stack.customSpacing.filter {
                stack.children.indices.contains($0.key)
            }
            return stack
        }
        var tree = tree
        tree.root = normalized(tree.root)
        return tree
    }

    /// Nil when `tree`'s views read back as `tree` (normalized); else what
    /// differs. (The views' order is checked by StackTreeReadingTests.)
    static func roundTrip(_ tree: StackTree) -> String? {
        let (contentView, _) = tree.makeViews()
        let read: StackTree
        do {
            read = try StackTree(reading: contentView)
        } catch {
            return "not read back: \(error)"
        }
        if read != normalized(tree) { return "read back as\n\(read)\nmade from\n\(tree)" }
        return nil
    }
}
