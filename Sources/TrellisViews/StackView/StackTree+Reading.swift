// Reading a stack tree back from views: the hierarchy `makeViews()` builds
// (a content view holding one stack view pinned to its edges or margins,
// stacks of labels, buttons, images and fixed boxes), however it was made,
// is read into the `StackTree` it lays out as, so that the direct path can
// lay it out; anything else in the hierarchy that could change its layout
// makes the reading fail with what and where.

import Synchronization
import TrellisGeometry
import TrellisText

/// Why a hierarchy of views is not read as a stack tree: the view (its
/// `layoutName`) and what about it the tree cannot say.
public struct StackTreeReadingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The view or constraint the reading stopped at.
    public var item: String
    /// What the tree cannot hold.
    public var reason: String

    public var description: String { "\(item): \(reason)" }
}

extension StackTree {
    /// The tree whose `makeViews()` builds a hierarchy equal in layout to
    /// `contentView`'s: a root view (no superview) of class `View` holding
    /// one `StackView` pinned to its edges or to its layout margins (four
    /// required `==` constraints, constant 0), whose stacks arrange
    /// `StackView`s, `Label`s, `Button`s, `ImageView`s and `View`s (the
    /// classes themselves, not subclasses, which may size themselves
    /// otherwise) as the tree's nodes are made.
    ///
    /// Every active constraint of the hierarchy must be one a stack view
    /// made for its arrangement or one a node makes: the root's pinning, a
    /// stack's or a box's `width == c` / `height == c` (a box's both at one
    /// priority), an image's `height == width × r` (required, or at 999
    /// with a required `height <= c`). Views must not translate autoresizing
    /// masks into constraints (but the content view), lay out right to left,
    /// have safe-area insets or a scale of their own, or, for labels, a
    /// `preferredMaxLayoutWidth`; every label and button must measure with
    /// one measurer (`_reading` returns it).
    /// - Throws: `StackTreeReadingError`, saying which view or constraint
    ///   the tree cannot describe and why.
    /// - Complexity: O(views + constraints).
    public init(reading contentView: View) throws(StackTreeReadingError) {
        self = try Self._reading(contentView).tree
    }

    /// The tree (`init(reading:)`), its views in node order (`views[0]`
    /// is the root stack, as `makeViews()` returns them) and the measurer
    /// its labels and buttons use (`.shared` when it has none).
    package static func _reading(_ contentView: View) throws(StackTreeReadingError) -> (
        tree: StackTree, views: [View], measurer: TextMeasurer
    ) {
        var reader = _StackTreeReader()
        let tree = try reader.read(contentView)
        return (tree, reader.views, reader.measurer ?? .shared)
    }
}

/// One reading of a hierarchy (`StackTree._reading`).
private struct _StackTreeReader {
    var views: [View] = []
    var measurer: TextMeasurer?
    /// This reading's mark of the constraints the hierarchy's stack views
    /// made for their arrangements (`UISV-hiding` is a view's `size == 0`,
    /// for one: no node's own); `stackMark + 1` marks those the nodes read
    /// so far account for (`LayoutConstraint._readingMark`: a mark in each
    /// constraint, where sets of identifiers cost most of a reading).
    let stackMark = _StackTreeReader.nextMarks()
    var accountedMark: UInt64 { stackMark + 1 }
    /// The content view's scale, which every view must share.
    var scale = 0.0

    private static let marks = Atomic<UInt64>(0)

    /// Two marks no earlier reading took.
    static func nextMarks() -> UInt64 {
        marks.wrappingAdd(2, ordering: .relaxed).newValue
    }

    /// Marks the constraints of every stack view under `view` as stack made.
    func collectStackMade(_ view: View) {
        if let stack = view as? StackView {
            for constraint in stack._arrangement { constraint._readingMark = stackMark }
            for constraint in stack._proportional.constraints {
                constraint._readingMark = stackMark
            }
        }
        for subview in view.subviews { collectStackMade(subview) }
    }

    /// Whether `constraint` is a stack view's own.
    func isStackMade(_ constraint: LayoutConstraint) -> Bool {
        constraint._readingMark == stackMark
    }

    /// Notes that a node accounts for `constraint` (not a stack's own).
    func account(_ constraint: LayoutConstraint) {
        constraint._readingMark = accountedMark
    }

    func refuse(_ item: LayoutItem, _ reason: String) -> StackTreeReadingError {
        StackTreeReadingError(item: item.layoutName, reason: reason)
    }

    mutating func read(_ contentView: View) throws(StackTreeReadingError) -> StackTree {
        guard type(of: contentView) == View.self else {
            throw refuse(contentView, "the content view is a \(type(of: contentView)), not a View")
        }
        guard contentView._superview == nil else {
            throw refuse(contentView, "the content view has a superview")
        }
        guard contentView.subviews.count == 1, let root = contentView.subviews.first as? StackView
        else {
            throw refuse(contentView, "the content view does not hold exactly one stack view")
        }
        scale = contentView.contentScaleFactor
        let direction = contentView.effectiveUserInterfaceLayoutDirection
        try checkView(contentView, direction: direction)
        collectStackMade(root)
        guard !root.isHidden else { throw refuse(root, "the root stack is hidden") }
        let pinning = try readPinning(contentView, root)
        let node = try readNode(root, inherited: direction)
        guard case .stack(let stack) = node.content else {
            throw refuse(root, "the root is not a stack")
        }
        // Every active constraint of the hierarchy is accounted for.
        var all: [View] = [contentView]
        all += views
        for view in all {
            for constraint in view._constraints
            where constraint._readingMark != stackMark && constraint._readingMark != accountedMark {
                throw StackTreeReadingError(
                    item: constraint.description,
                    reason: "a constraint the stack tree does not make (held by \(view.layoutName))"
                )
            }
        }
        return StackTree(root: stack, pinning: pinning, scale: contentView.contentScaleFactor)
    }

    /// What every view of the tree must be, given its layout direction
    /// (`direction`, as `effectiveUserInterfaceLayoutDirection`, passed
    /// down rather than asked of every view's ancestors).
    func checkView(_ view: View, direction: UserInterfaceLayoutDirection)
        throws(StackTreeReadingError)
    {
        if view._superview != nil && view.translatesAutoresizingMaskIntoConstraints {
            throw refuse(view, "it translates its autoresizing mask into constraints")
        }
        if direction != .leftToRight { throw refuse(view, "it lays out right to left") }
        if view.safeAreaInsets != .zero { throw refuse(view, "it has safe-area insets") }
        // Labels and buttons measure, and every frame is rounded, at the
        // tree's one scale: the content view's.
        if let own = view._contentScaleFactor, own != scale {
            throw refuse(view, "its contentScaleFactor is not the content view's")
        }
    }

    /// The root stack's four `==` constraints to the content view's edges
    /// or to its layout margins guide.
    mutating func readPinning(_ contentView: View, _ root: StackView)
        throws(StackTreeReadingError) -> StackTree.Pinning
    {
        var canvas: LayoutItem?
        var found: [LayoutAttribute] = []
        for constraint in contentView._constraints where !isStackMade(constraint) {
            guard
                let (other, attribute) = Self.equalEdges(constraint, root),
                other === contentView || other === contentView._marginsGuide
            else { continue }
            if let canvas, canvas !== other {
                throw refuse(root, "the root stack is pinned to both the edges and the margins")
            }
            guard !found.contains(attribute) else {
                throw refuse(root, "the root stack's \(attribute) is pinned twice")
            }
            canvas = other
            found.append(attribute)
            account(constraint)
        }
        // Four distinct attributes among the four edges: all of them.
        guard let canvas, found.count == 4 else {
            throw refuse(root, "the root stack is not pinned by its four edges")
        }
        return canvas === contentView ? .edges : .layoutMargins(contentView.layoutMargins)
    }

    /// Whether `attribute` is leading, trailing, top or bottom.
    static func isEdge(_ attribute: LayoutAttribute) -> Bool {
        switch attribute {
        case .leading, .trailing, .top, .bottom: return true
        default: return false
        }
    }

    /// The other item and the attribute of a required `view.a == other.a`
    /// (either way round), multiplier 1 and constant 0, for the edges
    /// leading, trailing, top and bottom; nil otherwise.
    static func equalEdges(_ constraint: LayoutConstraint, _ view: View) -> (
        LayoutItem, LayoutAttribute
    )? {
        guard constraint.relation == .equal, constraint.multiplier == 1,
            constraint.constant == 0, constraint.priority == .required,
            constraint.firstAttribute == constraint.secondAttribute,
            Self.isEdge(constraint.firstAttribute),
            let first = constraint.firstItem, let second = constraint.secondItem
        else { return nil }
        if first === view { return (second, constraint.firstAttribute) }
        if second === view { return (first, constraint.firstAttribute) }
        return nil
    }

    /// The node of `view` and, for a stack, of its arranged views
    /// (appended to `views` in pre-order).
    mutating func readNode(_ view: View, inherited: UserInterfaceLayoutDirection)
        throws(StackTreeReadingError) -> StackTree.Node
    {
        let direction: UserInterfaceLayoutDirection
        switch view.semanticContentAttribute {
        case .forceLeftToRight: direction = .leftToRight
        case .forceRightToLeft: direction = .rightToLeft
        case .unspecified: direction = inherited
        }
        try checkView(view, direction: direction)
        views.append(view)
        let content: StackTree.Content
        if type(of: view) == StackView.self, let stack = view as? StackView {
            content = .stack(try readStack(stack, direction: direction))
        } else if type(of: view) == Label.self, let label = view as? Label {
            content = .label(try readLabel(label))
        } else if type(of: view) == Button.self, let button = view as? Button {
            content = .button(try readButton(button))
        } else if type(of: view) == ImageView.self, let image = view as? ImageView {
            content = try readImage(image)
        } else if type(of: view) == View.self {
            let size = try readFixedSize(view)
            content = .fixed(
                StackTree.FixedNode(width: size.width, height: size.height, priority: size.priority)
            )
        } else {
            throw refuse(view, "a \(type(of: view)) is not a node of a stack tree")
        }
        if !(view is StackView) && !view.subviews.isEmpty {
            throw refuse(view, "it has subviews")
        }
        return StackTree.Node(content, isHidden: view.isHidden)
    }

    mutating func readStack(_ stack: StackView, direction: UserInterfaceLayoutDirection)
        throws(StackTreeReadingError) -> StackTree.Stack
    {
        let arranged = stack.arrangedSubviews
        // Arranged views are distinct subviews: as many as the subviews,
        // they are all of them (one pass, where comparing lists was
        // quadratic: a column of 10,000 boxes).
        guard stack.subviews.count == arranged.count,
            arranged.allSatisfy({ $0.superview === stack })
        else {
            throw refuse(stack, "it has subviews that are not arranged")
        }
        let size = try readFixedSize(stack, required: true)
        var customSpacing: [Int: Double] = [:]
        for (index, view) in arranged.enumerated() where !stack._customSpacing.isEmpty {
            if let spacing = stack._customSpacing[ObjectIdentifier(view)] {
                customSpacing[index] = spacing
            }
        }
        var children: [StackTree.Node] = []
        children.reserveCapacity(arranged.count)
        for view in arranged { children.append(try readNode(view, inherited: direction)) }
        return StackTree.Stack(
            axis: stack.axis, distribution: stack.distribution, alignment: stack.alignment,
            spacing: stack.spacing, customSpacing: customSpacing,
            layoutMargins: stack.isLayoutMarginsRelativeArrangement ? stack.layoutMargins : nil,
            isBaselineRelativeArrangement: stack.isBaselineRelativeArrangement,
            fixedWidth: size.width, fixedHeight: size.height, children: children)
    }

    /// The `width == c` and `height == c` constraints of `view` on itself
    /// (at one priority; required when `required`), accounted for.
    mutating func readFixedSize(_ view: View, required: Bool = false)
        throws(StackTreeReadingError) -> (width: Double?, height: Double?, priority: LayoutPriority)
    {
        var width: Double?
        var height: Double?
        var priority: LayoutPriority?
        for constraint in view._constraints where !isStackMade(constraint) {
            guard constraint.firstItem === view, constraint.secondItem == nil,
                constraint.relation == .equal,
                constraint.firstAttribute == .width || constraint.firstAttribute == .height
            else { continue }
            if required && constraint.priority != .required { continue }
            if let priority, priority != constraint.priority {
                throw refuse(view, "its width and height constraints differ in priority")
            }
            if constraint.firstAttribute == .width {
                guard width == nil else { throw refuse(view, "its width is fixed twice") }
                width = constraint.constant
            } else {
                guard height == nil else { throw refuse(view, "its height is fixed twice") }
                height = constraint.constant
            }
            priority = constraint.priority
            account(constraint)
        }
        return (width, height, priority ?? .required)
    }

    /// The view's hugging and compression resistance on both axes, into
    /// the node made for it.
    static func readPriorities(_ view: View, into node: inout some _SettableContentPriorities) {
        node.horizontalHugging = view.contentHuggingPriority(for: .horizontal)
        node.verticalHugging = view.contentHuggingPriority(for: .vertical)
        node.horizontalCompressionResistance = view.contentCompressionResistancePriority(
            for: .horizontal)
        node.verticalCompressionResistance = view.contentCompressionResistancePriority(
            for: .vertical)
    }

    /// Labels and buttons measure with one measurer.
    mutating func useMeasurer(_ view: View, _ used: TextMeasurer) throws(StackTreeReadingError) {
        if let measurer, measurer !== used {
            throw refuse(view, "it measures with another measurer than the tree's other text")
        }
        measurer = used
    }

    mutating func readLabel(_ label: Label) throws(StackTreeReadingError) -> StackTree.LabelNode {
        guard label.preferredMaxLayoutWidth == 0 else {
            throw refuse(label, "it has a preferredMaxLayoutWidth")
        }
        try useMeasurer(label, label.measurer)
        var node = StackTree.LabelNode(
            text: label.attributedText.map { .attributed($0) } ?? .plain(label.text),
            style: label.style, numberOfLines: label.numberOfLines,
            lineBreakMode: label.lineBreakMode)
        Self.readPriorities(label, into: &node)
        return node
    }

    mutating func readButton(_ button: Button) throws(StackTreeReadingError)
        -> StackTree.ButtonNode
    {
        try useMeasurer(button, button.measurer)
        var node = StackTree.ButtonNode(
            button.title, style: button.titleStyle, contentEdgeInsets: button.contentEdgeInsets)
        Self.readPriorities(button, into: &node)
        return node
    }

    /// An image view: a box showing a picture (`FixedNode.intrinsicSize`),
    /// or a view whose height follows its width (`ImageNode`).
    mutating func readImage(_ image: ImageView) throws(StackTreeReadingError)
        -> StackTree.Content
    {
        if let picture = image.image {
            guard image.aspectRatio == nil else {
                throw refuse(image, "it has both an image and an aspect ratio")
            }
            let size = try readFixedSize(image)
            var box = StackTree.FixedNode(
                width: size.width, height: size.height, priority: size.priority,
                intrinsicSize: picture.size)
            Self.readPriorities(image, into: &box)
            return .fixed(box)
        }
        var maxHeight: Double?
        var aspect: LayoutConstraint?
        for constraint in image._constraints
        where !isStackMade(constraint) && constraint.firstItem === image
            && constraint.firstAttribute == .height
        {
            if constraint.secondItem == nil, constraint.relation == .lessThanOrEqual,
                constraint.multiplier == 1, constraint.priority == .required
            {
                guard maxHeight == nil else { throw refuse(image, "its height is capped twice") }
                maxHeight = constraint.constant
                account(constraint)
            } else if constraint.secondItem === image, constraint.secondAttribute == .width,
                constraint.relation == .equal, constraint.constant == 0
            {
                guard aspect == nil else { throw refuse(image, "it has two aspect ratios") }
                aspect = constraint
                account(constraint)
            }
        }
        if let ratio = image.aspectRatio {
            // A template file's capped image: its ratio as an intrinsic
            // height at 999 both ways, under a required cap.
            guard aspect == nil, let maxHeight,
                image.contentHuggingPriority(for: .vertical) == StackTree.cappedAspectPriority,
                image.contentCompressionResistancePriority(for: .vertical)
                    == StackTree.cappedAspectPriority
            else {
                throw refuse(image, "its aspect ratio is not a capped image's")
            }
            return .image(
                StackTree.ImageNode(
                    aspectRatio: Size(width: 1, height: ratio), maxHeight: maxHeight,
                    followsWidth: true))
        }
        guard let aspect else {
            throw refuse(image, "an image view without an image needs an aspect ratio constraint")
        }
        let expected: LayoutPriority =
            maxHeight == nil ? .required : StackTree.cappedAspectPriority
        guard aspect.priority == expected else {
            throw refuse(image, "its aspect ratio's priority is not \(expected.rawValue)")
        }
        return .image(
            StackTree.ImageNode(
                aspectRatio: Size(width: 1, height: aspect.multiplier), maxHeight: maxHeight))
    }
}

extension DirectStackLayout {
    /// Lays out a hierarchy of views as a self-sizing cell at `width`
    /// without a solver, as `StackTree.layOutCell` lays it out with one:
    /// the tree `StackTree(reading: contentView)` reads, laid out by the
    /// direct path, each view given its frame and the content view the
    /// frame `(0, 0, width, height)`. Returns the height (rounded up to the
    /// pixel grid).
    ///
    /// For a cell built with stack views the way UIKit users build them:
    /// the frames are those the constraint engine gives the same views
    /// (`StackTreeReadingTests`, `StackTreeDifferentialTests`), without its
    /// solver.
    /// - Throws: `DirectStackLayoutError`: `.unsupported` when the views
    ///   are not a stack tree (the reading's reason) or their text measures
    ///   with another measurer than this layout's; otherwise as
    ///   `layout(_:width:)`. No frame changes then.
    /// - Complexity: O(views + constraints), then as `layout(_:width:)`.
    public mutating func layOutCell(_ contentView: View, width: Double)
        throws(DirectStackLayoutError) -> Double
    {
        let reading: (tree: StackTree, views: [View], measurer: TextMeasurer)
        do {
            reading = try StackTree._reading(contentView)
        } catch {
            throw DirectStackLayoutError(kind: .unsupported, reason: error.description)
        }
        guard reading.measurer === measurer else {
            throw DirectStackLayoutError(
                kind: .unsupported,
                reason: "its text measures with another measurer than this layout's")
        }
        let layout = try self.layout(reading.tree, width: width)
        contentView.frame = Rect(x: 0, y: 0, width: width, height: layout.height)
        for (view, frame) in zip(reading.views, layout.frames) { view._frame = frame }
        return layout.height
    }
}
