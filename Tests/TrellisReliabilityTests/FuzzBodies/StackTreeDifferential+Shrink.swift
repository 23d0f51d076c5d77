// Shrinking a failing stack-tree case and printing it as Swift (see
// StackTreeDifferential.swift).

import TrellisGeometry
import TrellisText
import TrellisViews

extension StackTreeDifferential {
    static func fails(_ test: StackTreeCase) -> Bool {
        if case .failed = check(test) { return true }
        return false
    }

    /// A smaller case that still fails: views taken out, texts shortened,
    /// flags and settings put back to their defaults, while it fails.
    static func shrink(_ test: StackTreeCase) -> StackTreeCase {
        var best = test
        var improved = true
        while improved {
            improved = false
            for candidate in smaller(best) where fails(candidate) {
                best = candidate
                improved = true
                break
            }
        }
        return best
    }

    fileprivate static func smaller(_ test: StackTreeCase) -> [StackTreeCase] {
        var found: [StackTreeCase] = []
        func variants(_ stack: StackTree.Stack) -> [StackTree.Stack] {
            var out: [StackTree.Stack] = []
            for index in stack.children.indices where stack.children.count > 1 {
                var copy = stack
                copy.children.remove(at: index)
                copy.customSpacing = [:]
                out.append(copy)
            }
            if !stack.customSpacing.isEmpty {
                var copy = stack; copy.customSpacing = [:]; out.append(copy)
            }
            if stack.layoutMargins != nil {
                var copy = stack; copy.layoutMargins = nil; out.append(copy)
            }
            if stack.isBaselineRelativeArrangement {
                var copy = stack; copy.isBaselineRelativeArrangement = false; out.append(copy)
            }
            if stack.spacing != 0 { var copy = stack; copy.spacing = 0; out.append(copy) }
            if stack.fixedWidth != nil || stack.fixedHeight != nil {
                var copy = stack; copy.fixedWidth = nil; copy.fixedHeight = nil; out.append(copy)
            }
            if stack.distribution != .fill {
                var copy = stack; copy.distribution = .fill; out.append(copy)
            }
            if stack.alignment != .fill {
                var copy = stack; copy.alignment = .fill; out.append(copy)
            }
            for (index, child) in stack.children.enumerated() {
                for replacement in nodeVariants(child) {
                    var copy = stack
                    copy.children[index] = replacement
                    out.append(copy)
                }
            }
            return out
        }
        func nodeVariants(_ node: StackTree.Node) -> [StackTree.Node] {
            var out: [StackTree.Node] = []
            if node.isHidden { out.append(StackTree.Node(node.content)) }
            switch node.content {
            case .stack(let stack):
                if stack.children.count == 1 { out.append(stack.children[0]) }
                out += variants(stack).map { StackTree.Node(.stack($0), isHidden: node.isHidden) }
            case .label(let label):
                let text = label.text.string
                if !text.isEmpty {
                    var copy = label
                    copy.text = .plain(String(text.prefix(text.count / 2)))
                    out.append(StackTree.Node(.label(copy), isHidden: node.isHidden))
                }
                var defaults = StackTree.LabelNode(
                    text: label.text, style: label.style, numberOfLines: label.numberOfLines)
                defaults.lineBreakMode = label.lineBreakMode
                if defaults != label {
                    out.append(StackTree.Node(.label(defaults), isHidden: node.isHidden))
                }
            default:
                break
            }
            return out
        }
        for root in variants(test.tree.root) {
            var copy = test
            copy.tree.root = root
            found.append(copy)
        }
        if test.tree.pinning != .edges {
            var copy = test; copy.tree.pinning = .edges; found.append(copy)
        }
        return found
    }

    /// The case as Swift that builds it.
    static func reproduction(_ test: StackTreeCase) -> String {
        func describe(_ node: StackTree.Node, _ indent: String) -> String {
            let hidden = node.isHidden ? ", isHidden: true" : ""
            switch node.content {
            case .stack(let stack):
                var settings =
                    "axis: .\(stack.axis), distribution: .\(stack.distribution), alignment: .\(stack.alignment), spacing: \(stack.spacing)"
                if !stack.customSpacing.isEmpty {
                    settings += ", customSpacing: \(stack.customSpacing)"
                }
                if let margins = stack.layoutMargins { settings += ", layoutMargins: \(margins)" }
                if stack.isBaselineRelativeArrangement {
                    settings += ", isBaselineRelativeArrangement: true"
                }
                if let width = stack.fixedWidth { settings += ", fixedWidth: \(width)" }
                if let height = stack.fixedHeight { settings += ", fixedHeight: \(height)" }
                let children = stack.children.map { describe($0, indent + "    ") }.joined(
                    separator: ",\n")
                return
                    "\(indent).stack(.init(\(settings), children: [\n\(children)\n\(indent)])\(hidden))"
            case .label(let label):
                let priorities =
                    "h \(label.horizontalHugging.rawValue)/\(label.verticalHugging.rawValue), c \(label.horizontalCompressionResistance.rawValue)/\(label.verticalCompressionResistance.rawValue)"
                return
                    "\(indent).label(\(label.text.string.debugDescription), size \(label.style.size), lineSpacing \(label.style.lineSpacing), lines \(label.numberOfLines), .\(label.lineBreakMode), \(priorities)\(hidden))"
            case .button(let button):
                let priorities =
                    "h \(button.horizontalHugging.rawValue)/\(button.verticalHugging.rawValue), c \(button.horizontalCompressionResistance.rawValue)/\(button.verticalCompressionResistance.rawValue)"
                return
                    "\(indent).button(\(button.title.debugDescription), size \(button.style.size), insets \(button.contentEdgeInsets), \(priorities)\(hidden))"
            case .image(let image):
                return
                    "\(indent).image(\(image.aspectRatio), maxHeight: \(image.maxHeight.map { "\($0)" } ?? "nil")\(image.followsWidth ? ", followsWidth" : "")\(hidden))"
            case .fixed(let box):
                let intrinsic =
                    box.intrinsicSize.map {
                        ", intrinsicSize: \($0), h \(box.horizontalHugging.rawValue)/\(box.verticalHugging.rawValue), c \(box.horizontalCompressionResistance.rawValue)/\(box.verticalCompressionResistance.rawValue)"
                    } ?? ""
                return
                    "\(indent).fixed(width: \(box.width.map { "\($0)" } ?? "nil"), height: \(box.height.map { "\($0)" } ?? "nil"), priority: \(box.priority.rawValue)\(intrinsic)\(hidden))"
            }
        }
        return "width \(test.width), scale \(test.tree.scale), pinning \(test.tree.pinning)\n"
            + describe(StackTree.Node(.stack(test.tree.root)), "")
    }
}
