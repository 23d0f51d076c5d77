// Whether a template file is a tree of stacks, the shape that can be laid
// out without a solver (measured and arranged directly): one root stack
// pinned to the content view's edges or margins, every other view arranged
// in a stack, and no constraint but the root's four pins and fixed sizes of
// stacks, plain views and images of a fixed picture. `TemplateFileStackTree`
// turns such a file and a row into a `StackTree`.

import TrellisCells
import TrellisData

extension TemplateFile {
    /// The root stack's pins: how far each edge sits inside the content
    /// view's edges (its margins included when pinned to them).
    public struct RootPins: Hashable, Sendable {
        public var top = 0.0
        public var leading = 0.0
        public var bottom = 0.0
        public var trailing = 0.0
        /// Whether the edges are pinned to the content view's layout margins.
        public var toMargins = false

        public init(
            top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0,
            toMargins: Bool = false
        ) {
            self.top = top
            self.leading = leading
            self.bottom = bottom
            self.trailing = trailing
            self.toMargins = toMargins
        }
    }

    /// A fixed width or height a file's constraint gives an arranged view.
    public struct FixedSize: Hashable, Sendable {
        public var view: String
        public var width: Double?
        public var height: Double?

        public init(view: String, width: Double? = nil, height: Double? = nil) {
            self.view = view
            self.width = width
            self.height = height
        }
    }

    /// What keeps the file from being a tree of stacks, or nil when it is
    /// one: the first view or constraint that does, with its place.
    public var stackTreeProblem: String? {
        if case .failure(let problem) = stackTree { return problem.message }
        return nil
    }

    /// The file as a tree of stacks: the root stack's id, its pins and the
    /// fixed sizes; or the first problem.
    public var stackTree:
        Result<(root: String, pins: RootPins, fixedSizes: [FixedSize]), StackTreeProblem>
    {
        func problem(_ position: SourcePosition, _ message: String) -> Result<
            (root: String, pins: RootPins, fixedSizes: [FixedSize]), StackTreeProblem
        > {
            .failure(StackTreeProblem(message: "\(file):\(position): \(message)"))
        }
        let kinds = Dictionary(uniqueKeysWithValues: views.map { ($0.id, $0.kind) })
        let specs = Dictionary(uniqueKeysWithValues: views.map { ($0.id, $0) })
        let topLevel = views.filter { $0.parent == "contentView" }
        guard let root = topLevel.first else {
            return .failure(StackTreeProblem(message: "\(file): no views"))
        }
        guard topLevel.count == 1, root.kind == .stack else {
            let other = root.kind == .stack ? topLevel[1] : root
            return problem(
                other.position,
                "view \"\(other.id)\" is placed by constraints in the content view, not in a stack (one root stack holds everything)"
            )
        }
        for view in views where view.id != root.id && kinds[view.parent] != .stack {
            return problem(
                view.position,
                "view \"\(view.id)\" is placed by constraints inside \"\(view.parent)\", not arranged in a stack"
            )
        }
        if let format = visualFormats.first {
            return problem(
                format.position, "VFL \"\(format.format)\" places views outside the stacks")
        }
        if let label = views.first(where: \.markup) {
            return problem(
                label.position,
                "label \"\(label.id)\" shows markup, which the direct path does not measure (attributed text is laid out by constraints)"
            )
        }
        var pins = RootPins()
        var pinned: Set<String> = []
        var margins: Bool?
        var sizes: [String: FixedSize] = [:]
        for constraint in constraints {
            let spec = constraint.spec
            let outside = problem(
                constraint.position,
                "constraint \"\(constraint.text)\" is outside the stacks (only the root stack's four edges and fixed sizes are)"
            )
            guard spec.priority >= 1000, spec.relation == .equal else { return outside }
            // A fixed size: `view.width == N` or `view.height == N`.
            if spec.second == nil, spec.first.guide == nil, spec.first.attribute.isDimension {
                let id = spec.first.item
                if let view = specs[id] {
                    // Labels and buttons are sized by their text, images from
                    // data by their width: a stack tree gives them no fixed size.
                    switch view.kind {
                    case .label, .button:
                        return problem(
                            constraint.position,
                            "constraint \"\(constraint.text)\" fixes the size of \(view.kind.rawValue) \"\(id)\" (in a tree of stacks only stacks, plain views and images of a fixed picture take fixed sizes)"
                        )
                    case .image where view.imageFromItem:
                        return problem(
                            constraint.position,
                            "constraint \"\(constraint.text)\" fixes the size of image \"\(id)\", whose height follows its width from the data"
                        )
                    default:
                        break
                    }
                }
                var size = sizes[id] ?? FixedSize(view: id)
                let isWidth = spec.first.attribute == .width
                guard (isWidth ? size.width : size.height) == nil else {
                    return problem(
                        constraint.position,
                        "the \(isWidth ? "width" : "height") of \"\(id)\" is fixed twice")
                }
                if isWidth { size.width = spec.constant } else { size.height = spec.constant }
                sizes[id] = size
                continue
            }
            // A pin: `root.edge == contentView(.margins).edge + c`, either way round.
            guard let second = spec.second, spec.multiplier == 1,
                second.attribute == spec.first.attribute
            else {
                return outside
            }
            let (rootAnchor, contentAnchor, sign): (AnchorSpec, AnchorSpec, Double)
            if spec.first.item == root.id && second.item == "contentView" {
                (rootAnchor, contentAnchor, sign) = (spec.first, second, 1)
            } else if second.item == root.id && spec.first.item == "contentView" {
                (rootAnchor, contentAnchor, sign) = (second, spec.first, -1)
            } else {
                return outside
            }
            guard rootAnchor.guide == nil, contentAnchor.guide != .safeArea else { return outside }
            let toMargins = contentAnchor.guide == .margins
            if let margins, margins != toMargins {
                return problem(
                    constraint.position,
                    "the root stack is pinned partly to the margins and partly to the edges")
            }
            margins = toMargins
            // root.edge = content.edge + sign × constant: the inset is measured inwards.
            let offset = sign * spec.constant
            switch rootAnchor.attribute {
            case .top: pins.top = offset
            case .bottom: pins.bottom = -offset
            case .leading, .left: pins.leading = offset
            case .trailing, .right: pins.trailing = -offset
            default: return outside
            }
            let edge: String
            switch rootAnchor.attribute {
            case .left: edge = "leading"
            case .right: edge = "trailing"
            default: edge = rootAnchor.attribute.rawValue
            }
            guard pinned.insert(edge).inserted else {
                return problem(constraint.position, "the root stack's \(edge) is pinned twice")
            }
        }
        for edge in ["top", "leading", "bottom", "trailing"] where !pinned.contains(edge) {
            return problem(
                root.position,
                "the root stack \"\(root.id)\" is not pinned at its \(edge) to the content view")
        }
        for size in sizes.values where size.view == root.id || size.view == "contentView" {
            return problem(
                root.position,
                "a fixed size on \"\(size.view)\" (only arranged views take fixed sizes)")
        }
        // An image of a fixed picture (`"size"`) has an intrinsic size (a
        // tree's box with `intrinsicSize`); not with a size from the data too.
        for view in views where view.kind == .image && view.imageSize != nil {
            if view.imageFromItem {
                return problem(
                    view.position,
                    "image \"\(view.id)\" has both a picture size (\"size\") and a size from the data (\"image\")"
                )
            }
        }
        pins.toMargins = margins ?? false
        return .success((root.id, pins, sizes.values.sorted { $0.view < $1.view }))
    }
}

/// Why a template file is not a tree of stacks (file:line:column: what).
public struct StackTreeProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public var description: String { message }
}
