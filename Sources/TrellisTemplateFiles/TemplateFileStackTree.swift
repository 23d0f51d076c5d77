// A template file that is a tree of stacks, turned into `StackTree` values
// row by row, so the direct path (`DirectStackLayout`) lays it out without a
// solver, with the frames `TemplateFileCell`'s constraints give.

import TrellisCells
import TrellisData
import TrellisGeometry
import TrellisText
import TrellisViews

/// A template file that is a tree of stacks (`TemplateFile.stackTree`), as
/// a `StackTree` for each row: labels and buttons with their text styles
/// and their fields' texts, views hidden when their field is empty, images
/// sized by the row's `[w, h]` and capped by `maxHeight`, fixed sizes,
/// every stack's settings and the root stack's pins.
///
/// The tree shows a row as `TemplateFileCellView.configure(with:)` does,
/// so `DirectStackLayout` gives the frames the file's constraints give
/// (`TemplateFileDirectCell` compares them in listbench).
///
/// ```swift
/// let trees = try TemplateFileStackTree(file: try TemplateFile.load(path: "Templates/PostCell.json"))
/// var direct = DirectStackLayout()
/// let layout = try direct.layout(try trees.tree(for: row), width: 375)
/// ```
public struct TemplateFileStackTree: Sendable {
    /// The file's name (`"name"`).
    public let name: String
    /// The view ids in node order: the root stack first, then each arranged
    /// view before its own arranged views (`StackTreeLayout.frames` order).
    public let nodeIDs: [String]
    /// Pixels per point of the trees.
    public let scale: Double
    private let file: String
    private let pinning: StackTree.Pinning
    private let plan: [_PlannedNode]
    /// What each row reads for each node (`row(_:into:)`), made once from
    /// `plan`: a small value per node, so a row copies no node's settings.
    private let reads: [_RowRead]
    /// For each read, whether its text field's path is, but for its last
    /// key, the text field's before it (`_TextFieldReader`).
    private let sharesParent: [Bool]
    /// The reads of one-key fields, found in one walk of a row's members.
    private let oneKeyFields: _OneKeyFields
    /// The tree of the file's views with no row's values (fixed texts,
    /// empty fields, square images): `tree(for:)` is this tree with a
    /// row's values, and the direct path lays rows out as values of it
    /// (`DirectStackLayout.layout(_:of:width:)`).
    public let structure: StackTree

    /// Reads the file's tree of stacks and loads its fonts.
    ///
    /// At a `contentSize` other than `.large` every label's and button's
    /// font is scaled as `TemplateFileCellView` scales it.
    /// - Throws: `StackTreeProblem` naming the file's place: the file is not
    ///   a tree of stacks (`TemplateFile.stackTreeProblem`), or a font
    ///   cannot be loaded.
    /// - Complexity: O(views + constraints), plus loading fonts.
    public init(file: TemplateFile, scale: Double = 3, contentSize: ContentSizeCategory = .large)
        throws(StackTreeProblem)
    {
        let shape: (root: String, pins: TemplateFile.RootPins, fixedSizes: [TemplateFile.FixedSize])
        switch file.stackTree {
        case .success(let value): shape = value
        case .failure(let problem): throw problem
        }
        name = file.name
        self.file = file.file
        self.scale = scale
        let pins = shape.pins
        // Pinned to the margins, the root sits inside the content view's
        // own margins (a `View`'s, 8 on each side) by the pins' constants.
        let margins = pins.toMargins ? View().layoutMargins : .zero
        let insets = EdgeInsets(
            top: margins.top + pins.top, left: margins.left + pins.leading,
            bottom: margins.bottom + pins.bottom, right: margins.right + pins.trailing)
        pinning = insets == .zero ? .edges : .layoutMargins(insets)
        let sizes = Dictionary(uniqueKeysWithValues: shape.fixedSizes.map { ($0.view, $0) })
        var childrenOf: [String: [String]] = [:]
        for view in file.views { childrenOf[view.parent, default: []].append(view.id) }
        let specs = Dictionary(uniqueKeysWithValues: file.views.map { ($0.id, $0) })

        var plan: [_PlannedNode] = []
        var ids: [String] = []
        // Pre-order, arranged views in file order (`addArrangedSubview`'s).
        func add(_ id: String) throws(StackTreeProblem) {
            let spec = specs[id]!  // ids come from the file's own views
            let index = plan.count
            ids.append(id)
            plan.append(
                _PlannedNode(
                    content: .fixed(.init(width: nil, height: nil)), position: spec.position))
            let size = sizes[id]
            switch spec.kind {
            case .stack:
                var stack = StackTree.Stack(axis: .horizontal, children: [])
                if let settings = spec.stack { Self.apply(settings, to: &stack) }
                stack.fixedWidth = size?.width
                stack.fixedHeight = size?.height
                var children: [Int] = []
                for child in childrenOf[id] ?? [] {
                    children.append(plan.count)
                    try add(child)
                }
                plan[index].content = .stack(stack, children: children)
            case .label, .button:
                let style: TextStyle
                do {
                    style = try TemplateFileCellView.scaledStyle(
                        for: spec, contentSize: contentSize)
                } catch {
                    throw StackTreeProblem(
                        message: "\(file.file):\(spec.position): view \"\(id)\": \(error)")
                }
                let binding = spec.field.flatMap(JSONKeyPath.init).map {
                    _TextBinding(path: $0, hiddenWhenEmpty: spec.hiddenWhenEmpty)
                }
                if spec.kind == .label {
                    var label = StackTree.LabelNode(
                        text: .plain(spec.text ?? ""), style: style, numberOfLines: spec.lines,
                        lineBreakMode: style.lineBreakMode)
                    Self.applyPriorities(spec, to: &label)
                    plan[index].content = .label(label, binding)
                } else {
                    var button = StackTree.ButtonNode(spec.text ?? "", style: style)
                    if let insets = spec.insets {
                        button.contentEdgeInsets = EdgeInsets(
                            top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
                    }
                    Self.applyPriorities(spec, to: &button)
                    plan[index].content = .button(button, binding)
                }
            case .image:
                if let field = spec.imageField, let path = spec.imageDataPath {
                    // "item" (the first format): the row's "image", square without one.
                    plan[index].content = .image(
                        StackTree.ImageNode(
                            aspectRatio: Size(width: 1, height: 1), maxHeight: spec.maxHeight,
                            followsWidth: true),
                        _ImageBinding(path: path, squareWhenMissing: field == "item"))
                } else {
                    // A box of its fixed sizes, with its picture's intrinsic
                    // size and the file's priorities when it shows one.
                    var box = StackTree.FixedNode(
                        width: size?.width, height: size?.height,
                        intrinsicSize: spec.imageSize.map { Size(width: $0[0], height: $0[1]) })
                    Self.applyPriorities(spec, to: &box)
                    plan[index].content = .fixed(box)
                }
            case .view:
                plan[index].content = .fixed(.init(width: size?.width, height: size?.height))
            }
        }
        try add(shape.root)
        self.plan = plan
        reads = plan.map(_RowRead.init)
        sharesParent = _TextFieldReader.sharedParents(
            reads.map { $0.kind == .text ? $0.path : nil })
        oneKeyFields = _OneKeyFields(
            reads.map {
                (
                    $0.kind == .text || $0.kind == .image ? $0.path : nil, $0.kind == .image,
                    $0.hiddenOrSquare, $0.ratio
                )
            })
        nodeIDs = ids
        func node(_ index: Int) -> StackTree.Node {
            switch plan[index].content {
            case .stack(var stack, let children):
                stack.children = children.map(node)
                return .stack(stack)
            case .label(let label, _): return .label(label)
            case .button(let button, _): return .button(button)
            case .image(let image, _): return .image(image)
            case .fixed(let box): return StackTree.Node(.fixed(box))
            }
        }
        guard case .stack(let root) = node(0).content else {
            preconditionFailure("node 0 is the root stack")
        }
        structure = StackTree(root: root, pinning: pinning, scale: scale)
    }

    /// The tree showing `row`: bound texts, views hidden when their field
    /// is empty, images' aspect ratios from their fields (hidden without one).
    /// - Throws: `CellError` naming the template file's place of the view
    ///   and the data line of the row, as `TemplateFileCellView.configure(with:)`
    ///   does: a field path through a value that is not an object, a text
    ///   field holding an array or object, an image field not `[w, h]`.
    /// - Complexity: O(nodes + the fields' path lengths).
    public func tree(for row: JSONRow) throws(CellError) -> StackTree {
        var values = StackTreeRow(count: plan.count)
        try self.row(row, into: &values)
        return structure.applying(values)
    }

    /// What `row` sets in the file's tree (`tree(for:)` is the tree of
    /// these values), written into `values` (made for `nodeIDs.count`
    /// nodes, kept from row to row).
    /// - Throws: as `tree(for:)`.
    /// - Complexity: O(nodes + the fields' path lengths).
    public func row(_ row: JSONRow, into values: inout StackTreeRow) throws(CellError) {
        let count = plan.count
        if values.isHidden.count != count || values.texts.count != count
            || values.aspectRatios.count != count
        {
            values = StackTreeRow(count: count)
        }
        // Written through buffers: each write to an array of `values` in
        // place checked that array's uniqueness (about 15 instructions,
        // two or three a node).
        try values.isHidden.withUnsafeMutableBufferPointer { isHidden throws(CellError) in
            try values.texts.withUnsafeMutableBufferPointer { texts throws(CellError) in
                try values.aspectRatios.withUnsafeMutableBufferPointer {
                    ratios throws(CellError) in
                    try self.row(
                        row, into: _RowBuffers(isHidden: isHidden, texts: texts, ratios: ratios))
                }
            }
        }
    }

    /// `row(_:into:)` into buffers of `plan.count` values each.
    private func row(_ row: JSONRow, into values: _RowBuffers) throws(CellError) {
        func fail(_ position: SourcePosition, _ error: JSONRowError) -> CellError {
            TemplateFileCellView.rowError(
                template: name, file: file, position: position, error: error, row: row)
        }
        // The one-key fields and the longer text fields' first keys first,
        // in one walk of the row's members; any not taken there (not found
        // so, an error to throw in node order) are read below.
        let taken = oneKeyFields.walk(row.fields) { field, value in
            let index = field.read
            if field.group >= 0 {
                return _OneKeyFields.read(oneKeyFields.groups[field.group], value, into: values)
            }
            if field.image {
                guard let size = _TextFieldReader.size(of: value) else { return 0 }
                values.ratios[index] = size ?? field.ratio
                values.isHidden[index] = size == nil && !field.hiddenOrSquare
            } else {
                // (Absent: "", as `text(at:)` gives a missing field.)
                let text: String
                if let value {
                    guard let found = _TextFieldReader.text(of: value) else { return 0 }
                    text = found
                } else {
                    text = ""
                }
                values.setText(text, at: index, hiddenWhenEmpty: field.hiddenOrSquare)
            }
            return 1 << UInt64(index)
        }
        var reader = _TextFieldReader()
        // The reads not taken, in node order: those under 64 by the bits
        // the walk left (a loop over every read tested each bit), then the
        // rest.
        let count = reads.count
        var pending = (count >= 64 ? ~0 : (1 << UInt64(count)) - 1) & ~taken
        var beyond = 64
        while true {
            let index: Int
            if pending != 0 {
                index = pending.trailingZeroBitCount
                pending &= pending - 1
            } else if beyond < count {
                index = beyond
                beyond += 1
            } else {
                break
            }
            var hidden = false
            switch reads[index].kind {
            case .none:
                break
            case .fixedText:
                values.texts[index] = reads[index].fixedText
            case .text:
                let text: String
                do {
                    text = try reader.text(
                        at: reads[index].path!, in: row, sharesParent: sharesParent[index])
                } catch {
                    throw fail(plan[index].position, error)
                }
                values.setText(text, at: index, hiddenWhenEmpty: reads[index].hiddenOrSquare)
                continue
            case .image:
                let size: Size?
                do {
                    size = try _TextFieldReader.size(at: reads[index].path!, in: row)
                } catch {
                    throw fail(plan[index].position, error)
                }
                values.ratios[index] = size ?? reads[index].ratio
                hidden = size == nil && !reads[index].hiddenOrSquare
            }
            values.isHidden[index] = hidden
        }
    }

    static func apply(_ settings: TemplateStackSpec, to stack: inout StackTree.Stack) {
        stack.axis = settings.axis.stackAxis
        stack.distribution = settings.distribution.stackDistribution
        stack.alignment = settings.alignment.stackAlignment
        stack.spacing = settings.spacing
        if let margins = settings.layoutMargins {
            stack.layoutMargins = EdgeInsets(
                top: margins[0], left: margins[1], bottom: margins[2], right: margins[3])
        }
    }

    /// The file's `hugging` and `compression` (UIKit's 250 and 750 unless given).
    static func applyPriorities<Node: _SettableContentPriorities>(
        _ spec: TemplateViewSpec, to node: inout Node
    ) {
        if let hugging = spec.hugging {
            node.horizontalHugging = LayoutPriority(rawValue: Float(hugging[0]))
            node.verticalHugging = LayoutPriority(rawValue: Float(hugging[1]))
        }
        if let compression = spec.compression {
            node.horizontalCompressionResistance = LayoutPriority(rawValue: Float(compression[0]))
            node.verticalCompressionResistance = LayoutPriority(rawValue: Float(compression[1]))
        }
    }
}

/// One view of the file as a node, with what a row sets on it.
private struct _PlannedNode: Sendable {
    enum Content: Sendable {
        case stack(StackTree.Stack, children: [Int])
        case label(StackTree.LabelNode, _TextBinding?)
        case button(StackTree.ButtonNode, _TextBinding?)
        case image(StackTree.ImageNode, _ImageBinding)
        case fixed(StackTree.FixedNode)
    }
    var content: Content
    let position: SourcePosition
}

private struct _TextBinding: Sendable {
    let path: JSONKeyPath
    let hiddenWhenEmpty: Bool
}

private struct _ImageBinding: Sendable {
    let path: JSONKeyPath
    let squareWhenMissing: Bool
}

/// What a row reads for one node: a label's or button's field (or its
/// fixed text), an image's field (or its square ratio), or nothing.
private struct _RowRead: Sendable {
    enum Kind { case none, fixedText, text, image }
    var kind = Kind.none
    var path: JSONKeyPath?
    /// A text field's `hiddenWhenEmpty`; an image field's `squareWhenMissing`.
    var hiddenOrSquare = false
    var fixedText: StackTree.Text?
    var ratio = Size(width: 1, height: 1)

    init(_ node: _PlannedNode) {
        switch node.content {
        case .stack, .fixed:
            break
        case .label(let label, let binding):
            if let binding {
                (kind, path, hiddenOrSquare) = (.text, binding.path, binding.hiddenWhenEmpty)
            } else {
                (kind, fixedText) = (.fixedText, label.text)
            }
        case .button(let button, let binding):
            if let binding {
                (kind, path, hiddenOrSquare) = (.text, binding.path, binding.hiddenWhenEmpty)
            } else {
                (kind, fixedText) = (.fixedText, .plain(button.title))
            }
        case .image(let image, let binding):
            (kind, path, hiddenOrSquare, ratio) = (
                .image, binding.path, binding.squareWhenMissing, image.aspectRatio
            )
        }
    }
}
