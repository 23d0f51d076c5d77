// A cell described as a tree of stacks holding labels, images and fixed-size
// boxes, as plain values: built into real views (`makeViews()`, the
// constraints path) or laid out directly without a solver
// (`StackTree+Direct.swift`), with the same frames.

import TrellisConstraints
import TrellisGeometry
import TrellisText

/// A tree of stack views, as a value: a root stack pinned to a content
/// view's edges or layout margins, holding labels, images, fixed-size boxes
/// and nested stacks.
///
/// The same tree has two layouts that agree frame for frame:
/// `makeViews()` builds `StackView`s, `Label`s and `ImageView`s laid out by
/// the constraint engine, and `DirectStackLayout` measures and arranges
/// directly (LayoutKit's and Texture's way), without a solver. Where the
/// solver's answer depends on something the direct path does not
/// reproduce exactly, the direct path refuses the tree and says why
/// (`directLayoutUnsupportedReason`) rather than give other frames.
///
/// Nodes are numbered in pre-order: the root stack is node 0, then its
/// first arranged view and that view's subtree, and so on.
///
/// ```swift
/// var time = StackTree.LabelNode("2h", style: style)
/// time.horizontalHugging = .required  // the name takes the room left
/// let row = StackTree.Stack(
///     axis: .horizontal, alignment: .firstBaseline, spacing: 4,
///     children: [.label(.init("Ada", style: style)), .label(time)])
/// let tree = StackTree(root: row, pinning: .layoutMargins(EdgeInsets(all: 16)))
/// var direct = DirectStackLayout()
/// let layout = try direct.layout(tree, width: 375)   // tree.constraintsLayout(width: 375) agrees
/// ```
public struct StackTree: Sendable, Equatable {
    /// The root stack (node 0).
    public var root: Stack
    /// How the root stack is pinned to the content view.
    public var pinning: Pinning
    /// Pixels per point: label sizes and frames are rounded to this grid
    /// (the content view's `contentScaleFactor`).
    public var scale: Double

    /// A tree whose root stack is pinned as `pinning` says, at `scale` (3 by default).
    public init(root: Stack, pinning: Pinning = .edges, scale: Double = 3) {
        self.root = root
        self.pinning = pinning
        self.scale = scale
    }

    /// How the root stack is attached to the content view: all four edges
    /// to its edges, or to its layout margins (the content view's
    /// `layoutMargins` become these insets).
    public enum Pinning: Sendable, Equatable {
        case edges
        case layoutMargins(EdgeInsets)

        /// The insets of the root stack from the content view's edges.
        public var insets: EdgeInsets {
            switch self {
            case .edges: return .zero
            case .layoutMargins(let insets): return insets
            }
        }
    }

    /// One view of the tree and whether it is hidden (a hidden arranged
    /// view collapses, with its spacing, as in `UIStackView`).
    public struct Node: Sendable, Equatable {
        public var content: Content
        public var isHidden: Bool

        public init(_ content: Content, isHidden: Bool = false) {
            self.content = content
            self.isHidden = isHidden
        }

        /// A nested stack.
        public static func stack(_ stack: Stack, isHidden: Bool = false) -> Node {
            Node(.stack(stack), isHidden: isHidden)
        }
        /// A label.
        public static func label(_ label: LabelNode, isHidden: Bool = false) -> Node {
            Node(.label(label), isHidden: isHidden)
        }
        /// An image view sized by an aspect ratio.
        public static func image(_ image: ImageNode, isHidden: Bool = false) -> Node {
            Node(.image(image), isHidden: isHidden)
        }
        /// A button.
        public static func button(_ button: ButtonNode, isHidden: Bool = false) -> Node {
            Node(.button(button), isHidden: isHidden)
        }
        /// A box of fixed width and/or height.
        public static func fixed(
            width: Double?, height: Double?, priority: LayoutPriority = .required,
            isHidden: Bool = false
        ) -> Node {
            Node(
                .fixed(FixedNode(width: width, height: height, priority: priority)),
                isHidden: isHidden)
        }
    }

    /// What a node shows.
    public enum Content: Sendable, Equatable {
        case stack(Stack)
        case label(LabelNode)
        case image(ImageNode)
        case fixed(FixedNode)
        case button(ButtonNode)

        /// The priorities of a label's or a button's intrinsic size and of a
        /// box's fixed size: what the direct path weighs lengths by.
        var priorities: [LayoutPriority] {
            switch self {
            case .label(let label):
                return label.contentPriorities
            case .button(let button):
                return button.contentPriorities
            case .fixed(let box):
                return box.intrinsicSize == nil
                    ? [box.priority] : [box.priority] + box.contentPriorities
            case .stack, .image:
                return []
            }
        }
    }

    /// A `StackView` and its arranged views.
    public struct Stack: Sendable, Equatable {
        public var axis: LayoutAxis
        public var distribution: StackView.Distribution
        public var alignment: StackView.Alignment
        /// The gap between neighbours (`spacing`).
        public var spacing: Double
        /// Spacing after particular arranged views, by child index
        /// (`setCustomSpacing(_:after:)`); `StackView.spacingUseSystem` is 8.
        public var customSpacing: [Int: Double]
        /// Insets of the arrangement when it is margins-relative
        /// (`isLayoutMarginsRelativeArrangement` with these `layoutMargins`);
        /// nil arranges within the bounds.
        public var layoutMargins: EdgeInsets?
        /// `isBaselineRelativeArrangement` (vertical stacks: the spacing runs
        /// from one view's last baseline to the next one's first).
        public var isBaselineRelativeArrangement: Bool
        /// A required width of the stack view itself (`widthAnchor ==
        /// constant`, as a template file's `bar.width == 320` makes); nil
        /// leaves it to the arrangement.
        public var fixedWidth: Double?
        /// A required height of the stack view itself (an action bar's
        /// `bar.height == 32`); nil leaves it to the arrangement.
        public var fixedHeight: Double?
        /// The arranged views, in order.
        public var children: [Node]

        public init(
            axis: LayoutAxis, distribution: StackView.Distribution = .fill,
            alignment: StackView.Alignment = .fill, spacing: Double = 0,
            customSpacing: [Int: Double] = [:], layoutMargins: EdgeInsets? = nil,
            isBaselineRelativeArrangement: Bool = false, fixedWidth: Double? = nil,
            fixedHeight: Double? = nil, children: [Node]
        ) {
            self.axis = axis
            self.distribution = distribution
            self.alignment = alignment
            self.spacing = spacing
            self.customSpacing = customSpacing
            self.layoutMargins = layoutMargins
            self.isBaselineRelativeArrangement = isBaselineRelativeArrangement
            self.fixedWidth = fixedWidth
            self.fixedHeight = fixedHeight
            self.children = children
        }
    }

    /// A label's text: plain, or attributed (runs of several fonts).
    public enum Text: Sendable, Equatable {
        case plain(String)
        case attributed(AttributedText)

        /// The characters shown.
        public var string: String {
            switch self {
            case .plain(let string): return string
            case .attributed(let attributed): return attributed.string
            }
        }

        /// `string.isEmpty`, without a copy of a plain text's string.
        var _isEmpty: Bool {
            switch self {
            case .plain(let string): return string.isEmpty
            case .attributed(let attributed): return attributed.string.isEmpty
            }
        }
    }

    /// A `Label`: its text, style and the priorities that decide who
    /// stretches or shrinks (UIKit's defaults: hugging 250, compression
    /// resistance 750 on both axes).
    public struct LabelNode: Sendable, Equatable {
        public var text: Text
        public var style: TextStyle
        /// 0 for any number of lines (1 by default, as `UILabel`).
        public var numberOfLines: Int
        public var lineBreakMode: LineBreakMode
        public var horizontalHugging: LayoutPriority
        public var verticalHugging: LayoutPriority
        public var horizontalCompressionResistance: LayoutPriority
        public var verticalCompressionResistance: LayoutPriority

        public init(
            text: Text, style: TextStyle, numberOfLines: Int = 1,
            lineBreakMode: LineBreakMode = .byTruncatingTail,
            horizontalHugging: LayoutPriority = .defaultLow,
            verticalHugging: LayoutPriority = .defaultLow,
            horizontalCompressionResistance: LayoutPriority = .defaultHigh,
            verticalCompressionResistance: LayoutPriority = .defaultHigh
        ) {
            self.text = text
            self.style = style
            self.numberOfLines = numberOfLines
            self.lineBreakMode = lineBreakMode
            self.horizontalHugging = horizontalHugging
            self.verticalHugging = verticalHugging
            self.horizontalCompressionResistance = horizontalCompressionResistance
            self.verticalCompressionResistance = verticalCompressionResistance
        }

        /// A plain-text label.
        public init(_ text: String, style: TextStyle, numberOfLines: Int = 1) {
            self.init(text: .plain(text), style: style, numberOfLines: numberOfLines)
        }

        /// Equal texts, settings and priorities, and styles with the same
        /// numbers and the same font collection (by identity).
        public static func == (a: LabelNode, b: LabelNode) -> Bool {
            a.text == b.text && a.numberOfLines == b.numberOfLines
                && a.lineBreakMode == b.lineBreakMode && a._samePriorities(b)
                && StackTree._sameStyle(a.style, b.style)
        }
    }

    /// A `Button`: its title on one line in `style`, plus
    /// `contentEdgeInsets`, is its intrinsic size; hugging and compression
    /// resistance as a view's (250 and 750 by default).
    public struct ButtonNode: Sendable, Equatable {
        public var title: String
        public var style: TextStyle
        public var contentEdgeInsets: EdgeInsets
        public var horizontalHugging: LayoutPriority = .defaultLow
        public var verticalHugging: LayoutPriority = .defaultLow
        public var horizontalCompressionResistance: LayoutPriority = .defaultHigh
        public var verticalCompressionResistance: LayoutPriority = .defaultHigh

        public init(_ title: String, style: TextStyle, contentEdgeInsets: EdgeInsets = .zero) {
            self.title = title
            self.style = style
            self.contentEdgeInsets = contentEdgeInsets
        }

        /// Equal titles, insets and priorities, and styles as `LabelNode` compares them.
        public static func == (a: ButtonNode, b: ButtonNode) -> Bool {
            a.title == b.title && a.contentEdgeInsets == b.contentEdgeInsets
                && a._samePriorities(b) && StackTree._sameStyle(a.style, b.style)
        }
    }

    /// Styles are equal when their numbers are and they use the same font
    /// collection (compared by identity: collections are classes).
    static func _sameStyle(_ a: TextStyle, _ b: TextStyle) -> Bool {
        a.fonts === b.fonts && a.size == b.size && a.letterSpacing == b.letterSpacing
            && a.lineSpacing == b.lineSpacing && a.lineHeightMultiple == b.lineHeightMultiple
            && a.minimumLineHeight == b.minimumLineHeight
            && a.maximumLineHeight == b.maximumLineHeight
            && a.paragraphSpacing == b.paragraphSpacing && a.lineBreakMode == b.lineBreakMode
            && a.alignment == b.alignment
    }

    /// An `ImageView` whose height follows its width: height = width × h / w
    /// of `aspectRatio`, at most `maxHeight` when given (the width stays:
    /// the picture is cropped, as `scaleAspectFill` does).
    ///
    /// Made as `height == width × h / w` (required, or at 999 with
    /// `height <= maxHeight` required); the image view has no image, so no
    /// intrinsic size. With `followsWidth` and a `maxHeight`, made as a
    /// template file makes its capped images instead: the ratio is the
    /// view's `aspectRatio` (an intrinsic height, the width the layout gives
    /// it × h / w, at 999 both ways), so its height weighs on no width.
    public struct ImageNode: Sendable, Equatable {
        /// Width and height of the picture (only their ratio matters).
        public var aspectRatio: Size
        public var maxHeight: Double?
        /// Whether a capped image's ratio is its `ImageView.aspectRatio`
        /// (a template file's `TemplateFileCell`) rather than a constraint.
        public var followsWidth: Bool

        public init(aspectRatio: Size, maxHeight: Double? = nil, followsWidth: Bool = false) {
            self.aspectRatio = aspectRatio
            self.maxHeight = maxHeight
            self.followsWidth = followsWidth
        }

        /// Whether the view's height follows its width as an intrinsic size.
        var isIntrinsic: Bool { followsWidth && maxHeight != nil }
    }

    /// A plain view of fixed width and/or height (an avatar, a separator).
    /// Each given dimension is a constraint at `priority` (required by
    /// default; 999 lets a box collapse without a conflict when it is hidden
    /// in a stack, as UIKit users do). A dimension left nil is free (the
    /// stack decides it).
    ///
    /// With an `intrinsicSize` the box is an image view of a picture of
    /// that size: its intrinsic content size, kept at its hugging
    /// (`<=`) and compression resistance (`>=`) priorities, 250 and 750 by
    /// default as UIKit's `UIImageView` ("a view's intrinsic content size
    /// ... is used by content hugging and compression resistance"), so a
    /// stack may stretch or squeeze it.
    public struct FixedNode: Sendable, Equatable {
        public var width: Double?
        public var height: Double?
        public var priority: LayoutPriority
        /// The size of the picture it shows (nil: a plain view, no intrinsic size).
        public var intrinsicSize: Size?
        public var horizontalHugging: LayoutPriority = .defaultLow
        public var verticalHugging: LayoutPriority = .defaultLow
        public var horizontalCompressionResistance: LayoutPriority = .defaultHigh
        public var verticalCompressionResistance: LayoutPriority = .defaultHigh

        public init(
            width: Double?, height: Double?, priority: LayoutPriority = .required,
            intrinsicSize: Size? = nil
        ) {
            self.width = width
            self.height = height
            self.priority = priority
            self.intrinsicSize = intrinsicSize
        }
    }

    /// The priority of a capped image's aspect ratio (its height gives way
    /// to `maxHeight`).
    public static let cappedAspectPriority = LayoutPriority(rawValue: 999)

    /// Each node's `isHidden` in pre-order (by node number), without
    /// copying the nodes as `nodes` does.
    public var hiddenFlags: [Bool] {
        var flags: [Bool] = []
        func visit(_ node: Node) {
            flags.append(node.isHidden)
            if case .stack(let stack) = node.content { stack.children.forEach(visit) }
        }
        visit(Node(.stack(root)))
        return flags
    }

    /// Every node in pre-order (the root stack first).
    public var nodes: [Node] {
        var all: [Node] = []
        func visit(_ node: Node) {
            all.append(node)
            if case .stack(let stack) = node.content { stack.children.forEach(visit) }
        }
        visit(Node(.stack(root)))
        return all
    }
}

/// A view with an intrinsic size whose hugging and compression resistance
/// the tree sets per axis (labels and buttons).
protocol _ContentPrioritized {
    var horizontalHugging: LayoutPriority { get }
    var verticalHugging: LayoutPriority { get }
    var horizontalCompressionResistance: LayoutPriority { get }
    var verticalCompressionResistance: LayoutPriority { get }
}

extension _ContentPrioritized {
    func hugging(_ axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? horizontalHugging : verticalHugging
    }
    func compressionResistance(_ axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? horizontalCompressionResistance : verticalCompressionResistance
    }
    /// The four priorities, for the tree's priority levels.
    var contentPriorities: [LayoutPriority] {
        [
            horizontalHugging, verticalHugging, horizontalCompressionResistance,
            verticalCompressionResistance,
        ]
    }
    func _samePriorities(_ other: some _ContentPrioritized) -> Bool {
        horizontalHugging == other.horizontalHugging && verticalHugging == other.verticalHugging
            && horizontalCompressionResistance == other.horizontalCompressionResistance
            && verticalCompressionResistance == other.verticalCompressionResistance
    }
    /// Sets them on the view made for the node.
    func _apply(to view: View) {
        for axis in [LayoutAxis.horizontal, .vertical] {
            view.setContentHuggingPriority(hugging(axis), for: axis)
            view.setContentCompressionResistancePriority(compressionResistance(axis), for: axis)
        }
    }
}

/// A node whose hugging and compression resistance are set after it is
/// made: by a template file's priorities, or read from a view.
package protocol _SettableContentPriorities {
    var horizontalHugging: LayoutPriority { get set }
    var verticalHugging: LayoutPriority { get set }
    var horizontalCompressionResistance: LayoutPriority { get set }
    var verticalCompressionResistance: LayoutPriority { get set }
}

extension StackTree.LabelNode: _SettableContentPriorities {}
extension StackTree.ButtonNode: _SettableContentPriorities {}
extension StackTree.FixedNode: _SettableContentPriorities {}

extension StackTree.LabelNode: _ContentPrioritized {}
extension StackTree.ButtonNode: _ContentPrioritized {}
extension StackTree.FixedNode: _ContentPrioritized {}
