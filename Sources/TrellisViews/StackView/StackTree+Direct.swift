// The direct path of a stack tree: frames without a solver, equal to the
// constraint engine's for every tree it accepts.
//
// Two passes, as the engine's solve and UIKit's: widths first (labels of
// several lines measured at the width they get, again while it changes,
// as the engine's passes do), then heights at those widths. Along each axis
// every view's length is decided by minimizing its cost (`_StackCost`):
// measure bottom-up (each stack's cost from its views'), arrange top-down
// (each stack's length shared among its views by its distribution and
// alignment). Frames are rounded to the pixel grid as the engine rounds
// them: each edge in the content view's coordinates, to the nearest pixel.

import TrellisGeometry
import TrellisText

/// A stack tree's height and frames, as the constraints path gives them.
public struct StackTreeLayout: Sendable, Equatable, CustomStringConvertible {
    /// The cell's height: the fitting height rounded up to the pixel grid.
    public var height: Double
    /// Each node's frame in its parent's coordinates (the root stack's in
    /// the content view's), in node order.
    public var frames: [Rect]

    public init(height: Double, frames: [Rect]) {
        self.height = height
        self.frames = frames
    }

    /// The height, then one frame a line by node number (for test failures).
    public var description: String {
        "height \(formatPoints(height))\n"
            + frames.enumerated().map { "  node\($0.offset): \($0.element)" }.joined(
                separator: "\n")
    }
}

/// Why the direct path did not lay out a tree.
public struct DirectStackLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What it is about.
    public enum Kind: Sendable, Equatable {
        /// The tree uses something the direct path does not lay out (known
        /// before any layout: `StackTree.directLayoutUnsupportedReason`).
        case unsupported
        /// Several layouts are equally good here: the solver would pick one
        /// by its pivoting order.
        case ambiguous
        /// Required constraints conflict at this width.
        case conflict
        /// The answer depends on costs the direct path does not model.
        case unmodelled
    }
    public var kind: Kind
    public var reason: String

    public var description: String { "\(kind): \(reason)" }
}

extension StackTree {
    /// Why the direct path cannot lay this tree out, or nil when it can
    /// (it may still refuse a particular width, see `DirectStackLayout`).
    /// - Complexity: O(nodes).
    public var directLayoutUnsupportedReason: String? {
        _DirectPlan.unsupportedReason(self)
    }

    /// The height and frames at `width`, without a solver (a plan made for
    /// this call; keep a `DirectStackLayout` to lay out many rows).
    public func directLayout(width: Double) throws(DirectStackLayoutError) -> StackTreeLayout {
        var layout = DirectStackLayout()
        return try layout.layout(self, width: width)
    }
}

/// Lays out stack trees without a solver, reusing its buffers from one tree
/// to the next (rows of one template: the same shape, other texts).
///
/// ```swift
/// var direct = DirectStackLayout()
/// for row in rows {
///     let layout = try direct.layout(template.tree(for: row), width: 375)
/// }
/// ```
public struct DirectStackLayout {
    var plan = _DirectPlan()

    /// A layout whose labels and buttons measure with `measurer` (the
    /// views of `makeViews()` measure with the shared one; every measurer
    /// gives the same sizes, caches aside).
    public init(measurer: TextMeasurer = .shared) {
        plan.measurer = measurer
    }

    /// The height and frames `tree.makeViews()` gets at `width` from
    /// `systemLayoutSizeFitting` (height rounded up to the pixel grid) and
    /// `layoutIfNeeded()`.
    /// - Throws: `DirectStackLayoutError`: the tree is unsupported, or at
    ///   this width its layout is ambiguous, conflicting or depends on
    ///   what the direct path does not model. Never other frames.
    /// - Complexity: O(nodes × passes) plus text measurement (at most 8
    ///   width passes, as the engine; one where every label of several
    ///   lines has a width fixed by required constraints); × labels where a
    ///   label's width is free (the fitting pass's order is followed).
    public mutating func layout(_ tree: StackTree, width: Double) throws(DirectStackLayoutError)
        -> StackTreeLayout
    {
        try plan.layout(tree, width: width)
    }
}

/// One node, flattened, with what the passes compute for it.
struct _DirectNode {
    enum Kind { case stack, label, image, fixed, button }
    var kind: Kind
    var isHidden: Bool
    var parent: Int
    /// Children (stacks), as a range of `_DirectPlan.childList`.
    var children: Range<Int> = 0..<0
    var stack: StackTree.Stack?
    var label: StackTree.LabelNode?
    var image: StackTree.ImageNode?
    var fixed: StackTree.FixedNode?
    var button: StackTree.ButtonNode?
    // Labels: the width the engine last gave it (nil: measured on one
    // line), what it measures at, its size and baselines there.
    var layoutWidth: Double?
    var intrinsic = Size.zero
    var baselines: (first: Double, last: Double)?
    // Results, in the parent's coordinates before rounding.
    var x = 0.0
    var y = 0.0
    var width = 0.0
    var height = 0.0
    /// The origin in the content view's coordinates, and rounded to pixels.
    var absolute = Point(x: 0, y: 0)
    var rounded = Point(x: 0, y: 0)
}

struct _DirectPlan {
    var nodes: [_DirectNode] = []
    /// Labels' measurements by node, kept from row to row while the shape
    /// stays (rows of a template repeat most of their texts).
    var measured: [_Measurements] = []
    /// Per node, its visible views and the gaps between them.
    var visibleOf: [[Int]] = []
    var gapsOf: [[Double]] = []
    var childList: [Int] = []
    var costs: [_Cost] = []
    /// Priority levels of the tree, highest first; lane = index + 1.
    var levels: [Float] = []
    var scale = 3.0
    var measurer = TextMeasurer.shared
    var tree: StackTree?
    /// What each emulated solve of the width passes also checks.
    enum Checking { case fitting, frame(Double) }
    var checking: Checking?
    /// Whether a label of several lines has a width that depends on what
    /// labels measure (the engine's fitting and frame passes may differ).
    var hasFreeWidthLabel = false
    /// Whether the engine's passes may meet a required conflict on the way
    /// (see `prepare`), so each emulated solve is checked.
    var needsPassChecks = false

    static let proportionalBase: Float = 999

    // MARK: Support

    /// Why the direct path cannot lay out `tree`, found before any layout.
    static func unsupportedReason(_ tree: StackTree) -> String? {
        guard tree.scale.isFinite, tree.scale > 0 else {
            return "the scale must be finite and positive"
        }
        let insets = tree.pinning.insets
        guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
            return "the content view's margins must be finite"
        }
        var levels = Set<Float>([999, 245, 51, 50, 48])
        var reason: String?
        var number = 0
        var ancestors: [(stack: StackTree.Stack, child: Int)] = []
        func check(_ node: StackTree.Node, parent: StackTree.Stack?) {
            let index = number
            number += 1
            guard reason == nil else { return }
            func refuse(_ why: String) { if reason == nil { reason = "node\(index): \(why)" } }
            for priority in node.content.priorities {
                guard priority.isValid else {
                    return refuse("priority \(priority.rawValue) is not in 1...1000")
                }
                if priority.rawValue < 1000 { levels.insert(priority.rawValue) }
            }
            switch node.content {
            case .label(let label):
                guard label.numberOfLines >= 0 else {
                    return refuse("numberOfLines must be 0 or more")
                }
            case .button:
                break
            case .image(let image):
                let ratio = image.aspectRatio
                guard ratio.width.isFinite, ratio.height.isFinite, ratio.width > 0,
                    ratio.height >= 0
                else {
                    return refuse("the aspect ratio must be finite with a positive width")
                }
                if let cap = image.maxHeight, !(cap.isFinite && cap >= 0) {
                    return refuse("maxHeight must be finite and not negative")
                }
                if !widthIsForced(ancestors) {
                    return refuse(
                        "an image's width must be fixed by required constraints (vertical stacks that fill, or siblings of required widths in a filling horizontal stack): else its height, which follows its width, weighs on the widths"
                    )
                }
            case .fixed(let box):
                for value in [box.width, box.height].compactMap({ $0 })
                where !(value.isFinite && value >= 0) {
                    return refuse("fixed sizes must be finite and not negative")
                }
            case .stack(let stack):
                if let problem = stackProblem(stack, isHidden: node.isHidden) {
                    return refuse(problem)
                }
                for (position, child) in stack.children.enumerated() {
                    ancestors.append((stack, position))
                    check(child, parent: stack)
                    ancestors.removeLast()
                }
            }
        }
        check(StackTree.Node(.stack(tree.root)), parent: nil)
        if let reason { return reason }
        if levels.count > 15 { return "more than 15 distinct priorities (\(levels.count))" }
        return nil
    }

    /// Whether the width of the view at the end of `path` (each stack and
    /// the position of the next view in it, from the root) follows from
    /// required constraints alone.
    private static func widthIsForced(_ path: [(stack: StackTree.Stack, child: Int)]) -> Bool {
        for (level, (stack, child)) in path.reversed().enumerated() {
            if stack.children[child].isHidden {
                // A hidden image is 0 high, so 0 wide; a hidden stack is as wide as it likes.
                return level == 0
            }
            if stack.axis == .vertical {
                guard [.fill, .firstBaseline, .lastBaseline].contains(stack.alignment) else {
                    return false
                }
                continue
            }
            switch stack.distribution {
            case .fillEqually:
                continue
            case .fill:
                for (index, sibling) in stack.children.enumerated()
                where index != child && !sibling.isHidden {
                    guard case .fixed(let box) = sibling.content, box.width != nil,
                        box.priority == .required
                    else {
                        return false
                    }
                }
            default:
                return false
            }
        }
        return true
    }

    private static func stackProblem(_ stack: StackTree.Stack, isHidden: Bool) -> String? {
        for value in [stack.fixedWidth, stack.fixedHeight].compactMap({ $0 })
        where !(value.isFinite && value >= 0) {
            return "fixed sizes must be finite and not negative"
        }
        guard stack.spacing.isFinite,
            stack.customSpacing.values.allSatisfy({
                !$0.isNaN && ($0.isFinite || $0 == StackView.spacingUseDefault)
            })
        else {
            return "spacing must be finite"
        }
        if let margins = stack.layoutMargins,
            ![margins.top, margins.left, margins.bottom, margins.right].allSatisfy(\.isFinite)
        {
            return "layout margins must be finite"
        }
        let visible = stack.children.filter { !$0.isHidden }
        if visible.isEmpty, !isHidden {
            return
                "a stack with no visible arranged view has no size of its own (any size satisfies its constraints)"
        }
        func isTextLabel(_ node: StackTree.Node) -> Bool {
            if case .label(let label) = node.content { return !label.text.string.isEmpty }
            return false
        }
        let equal = stack.distribution == .equalSpacing || stack.distribution == .equalCentering
        if equal, visible.count > 1,
            stack.customSpacing.contains(where: {
                stack.children.indices.contains($0.key) && $0.value != StackView.spacingUseDefault
            })
        {
            return
                "custom spacing in an equal-spacing distribution (unequal minimum gaps trade against equal gaps)"
        }
        if stack.isBaselineRelativeArrangement, stack.axis == .vertical {
            guard stack.distribution == .fill || stack.distribution == .fillEqually else {
                return "baseline-relative arrangement with \(stack.distribution)"
            }
            guard visible.allSatisfy(isTextLabel) else {
                return "baseline-relative arrangement of views that are not labels with text"
            }
        }
        if stack.axis == .horizontal,
            stack.alignment == .firstBaseline || stack.alignment == .lastBaseline
        {
            guard visible.allSatisfy(isTextLabel) else {
                return "baseline alignment of views that are not labels with text"
            }
        }
        let baselines =
            (stack.axis == .horizontal
                && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline))
            || (stack.axis == .vertical && stack.isBaselineRelativeArrangement)
        if baselines {
            // The engine moves baseline constraints as labels are measured
            // again; a label whose height is required meets conflicts on the
            // way (seen: one broken for good in a cell of fixed height).
            for child in visible {
                guard case .label(let label) = child.content else { continue }
                if label.verticalHugging == .required
                    || label.verticalCompressionResistance == .required
                {
                    return
                        "a label of required height in a baseline arrangement (the engine's passes can break a baseline constraint on the way)"
                }
            }
        }
        if stack.distribution == .fillProportionally {
            let lowest = 999 - Float(max(visible.count - 1, 0))
            for child in visible {
                guard case .label(let label) = child.content else {
                    return
                        "fillProportionally of views that are not labels (their share is 0 at the priority of fixed sizes)"
                }
                let priorities = [
                    label.hugging(stack.axis), label.compressionResistance(stack.axis),
                ]
                if priorities.contains(where: { $0.rawValue >= lowest }) {
                    return
                        "fillProportionally with a label whose hugging or compression resistance is not below the proportions' priorities"
                }
            }
        }
        if stack.axis == .horizontal, stack.distribution == .fill {
            // Views stretched at the same hugging priority: with room to
            // spare, the solver gives it to either (Interface Builder's
            // "content priority ambiguity").
            var seen = Set<Float>()
            for child in visible {
                let hugging: LayoutPriority
                switch child.content {
                case .label(let label): hugging = label.horizontalHugging
                case .button(let button): hugging = button.horizontalHugging
                default: continue
                }
                guard hugging.rawValue < 1000 else { continue }
                if !seen.insert(hugging.rawValue).inserted {
                    return
                        "two labels or buttons of a filling horizontal stack hug at the same priority \(hugging.rawValue): with room to spare either may stretch (give one a higher content hugging priority)"
                }
            }
        }
        return nil
    }

    // MARK: Flattening

    mutating func prepare(_ tree: StackTree) throws(DirectStackLayoutError) {
        let sameShape = self.tree.map { Self.sameShape($0, tree) } ?? false
        if !sameShape {
            if let reason = Self.unsupportedReason(tree) {
                throw DirectStackLayoutError(kind: .unsupported, reason: reason)
            }
            var levels = Set<Float>([999, 245, 51, 50, 48])
            for node in tree.nodes {
                for priority in node.content.priorities where priority.rawValue < 1000 {
                    levels.insert(priority.rawValue)
                }
            }
            self.levels = levels.sorted(by: >)
        }
        scale = tree.scale
        nodes.removeAll(keepingCapacity: true)
        childList.removeAll(keepingCapacity: true)
        flatten(StackTree.Node(.stack(tree.root)), parent: -1)
        if !sameShape || measured.count != nodes.count {
            measured = Array(repeating: _Measurements(), count: nodes.count)
            visibleOf = nodes.indices.map { index in children(index).filter { !nodes[$0].isHidden }
            }
            gapsOf = nodes.indices.map { makeGaps($0, visibleOf[$0]) }
        }
        self.tree = tree
        hasFreeWidthLabel = nodes.indices.contains { index in
            guard let label = nodes[index].label, label.numberOfLines != 1 else { return false }
            return !widthIsFixed(index)
        }
        // A label of several lines measured on one line first is shorter
        // than in the end: with a required height cap (hugging) it can meet
        // a conflict in the first pass that the last does not have.
        needsPassChecks =
            hasFreeWidthLabel
            || nodes.contains { node in
                guard let label = node.label, label.numberOfLines != 1 else { return false }
                return label.verticalHugging == .required
            }
    }

    /// Whether a view's width follows from required constraints alone,
    /// whatever the labels measure: vertical stacks that fill it up to the
    /// root, or filling horizontal stacks whose other views have required
    /// fixed widths.
    func widthIsFixed(_ index: Int) -> Bool {
        var child = index
        while nodes[child].parent >= 0 {
            let parent = nodes[child].parent
            guard !nodes[child].isHidden, let stack = nodes[parent].stack else { return false }
            if stack.axis == .vertical {
                guard [.fill, .firstBaseline, .lastBaseline].contains(stack.alignment) else {
                    return false
                }
            } else {
                switch stack.distribution {
                case .fillEqually:
                    break
                case .fill:
                    for sibling in childList[nodes[parent].children]
                    where sibling != child && !nodes[sibling].isHidden {
                        guard let box = nodes[sibling].fixed, box.width != nil,
                            box.priority == .required
                        else {
                            return false
                        }
                    }
                default:
                    return false
                }
            }
            child = parent
        }
        return true
    }

    private mutating func flatten(_ node: StackTree.Node, parent: Int) {
        let index = nodes.count
        var flat = _DirectNode(kind: .fixed, isHidden: node.isHidden, parent: parent)
        switch node.content {
        case .stack(let stack):
            flat.kind = .stack
            flat.stack = stack
        case .label(let label):
            flat.kind = .label
            flat.label = label
        case .image(let image):
            flat.kind = .image
            flat.image = image
        case .fixed(let box):
            flat.fixed = box
        case .button(let button):
            flat.kind = .button
            flat.button = button
        }
        nodes.append(flat)
        guard case .stack(let stack) = node.content else { return }
        let start = childList.count
        childList.append(contentsOf: repeatElement(0, count: stack.children.count))
        nodes[index].children = start..<childList.count
        for (position, child) in stack.children.enumerated() {
            childList[start + position] = nodes.count
            flatten(child, parent: index)
        }
    }

    /// Whether two trees differ at most in their labels' non-empty texts and
    /// their images' valid aspect ratios:
    /// what the support check and the priority levels depend on is the same.
    static func sameShape(_ a: StackTree, _ b: StackTree) -> Bool {
        func same(_ x: StackTree.Node, _ y: StackTree.Node) -> Bool {
            guard x.isHidden == y.isHidden else { return false }
            switch (x.content, y.content) {
            case (.stack(let p), .stack(let q)):
                return same(p, q)
            case (.label(var p), .label(let q)):
                guard p.text.string.isEmpty == q.text.string.isEmpty else { return false }
                p.text = q.text
                return p == q
            case (.image(let p), .image(let q)):
                // Rows bring their own aspect ratios: only validity counts.
                func valid(_ image: StackTree.ImageNode) -> Bool {
                    let ratio = image.aspectRatio
                    return ratio.width.isFinite && ratio.height.isFinite && ratio.width > 0
                        && ratio.height >= 0
                }
                return p.maxHeight == q.maxHeight && valid(p) == valid(q)
            case (.fixed(let p), .fixed(let q)):
                return p == q
            case (.button(var p), .button(let q)):
                p.title = q.title
                return p == q
            default:
                return false
            }
        }
        func same(_ p: StackTree.Stack, _ q: StackTree.Stack) -> Bool {
            p.axis == q.axis && p.distribution == q.distribution && p.alignment == q.alignment
                && p.spacing == q.spacing && p.customSpacing == q.customSpacing
                && p.layoutMargins == q.layoutMargins
                && p.isBaselineRelativeArrangement == q.isBaselineRelativeArrangement
                && p.fixedWidth == q.fixedWidth && p.fixedHeight == q.fixedHeight
                && p.children.count == q.children.count
                && zip(p.children, q.children).allSatisfy { same($0, $1) }
        }
        return a.pinning == b.pinning && a.scale == b.scale && same(a.root, b.root)
    }

    /// The lane of a priority (0: required).
    @inline(__always)
    func lane(_ priority: Float) -> Int {
        if priority >= 1000 { return 0 }
        for (index, level) in levels.enumerated() where level == priority { return index + 1 }
        preconditionFailure("priority \(priority) was not collected")
    }

    // MARK: Labels

    /// Measures label `index` at its current measuring width, as `Label` does.
    mutating func measure(_ index: Int) {
        if let button = nodes[index].button {
            measureButton(index, button)
            return
        }
        guard let label = nodes[index].label else { return }
        let width = measuringWidth(index)
        nodes[index].baselines = nil
        if index < measured.count, let known = measured[index].size(label.text, width) {
            nodes[index].intrinsic = known.size
            nodes[index].baselines = known.baselines
            return
        }
        var style = label.style
        style.lineBreakMode = label.lineBreakMode
        let size = Size(width: width, height: .infinity)
        do throws(TextError) {
            switch label.text {
            case .plain(let text):
                nodes[index].intrinsic =
                    text.isEmpty
                    ? .zero
                    : try measurer.sizeThatFits(
                        text, style: style, size: size, numberOfLines: label.numberOfLines,
                        scale: scale)
            case .attributed(let text):
                nodes[index].intrinsic =
                    text.string.isEmpty
                    ? .zero
                    : try measurer.sizeThatFits(
                        text, style: style, size: size, numberOfLines: label.numberOfLines,
                        scale: scale)
            }
        } catch {
            nodes[index].intrinsic = .zero
        }
        if index < measured.count {
            measured[index].remember(label.text, width, nodes[index].intrinsic, nil)
        }
    }

    /// A button's intrinsic size, as `Button` gives it: its title on one
    /// line in its style, plus its content insets.
    private mutating func measureButton(_ index: Int, _ button: StackTree.ButtonNode) {
        let key = StackTree.Text.plain(button.title)
        var title = Size.zero
        if index < measured.count, let known = measured[index].size(key, .infinity) {
            title = known.size
        } else if !button.title.isEmpty {
            title =
                (try? measurer.sizeThatFits(
                    button.title, style: button.style,
                    size: Size(width: .infinity, height: .infinity), numberOfLines: 1,
                    scale: scale)) ?? .zero
            if index < measured.count { measured[index].remember(key, .infinity, title, nil) }
        }
        let insets = button.contentEdgeInsets
        nodes[index].intrinsic = Size(
            width: title.width + insets.horizontal, height: title.height + insets.vertical)
    }

    /// The width a label measures its text at, as `Label` does: one line
    /// for a single-line label or before the layout gave it a width, else
    /// that width (at least the narrowest, for 0).
    func measuringWidth(_ index: Int) -> Double {
        guard let label = nodes[index].label, label.numberOfLines != 1,
            let layoutWidth = nodes[index].layoutWidth
        else { return .infinity }
        return max(layoutWidth, Label._narrowestWidth)
    }

    /// The label's baseline offsets from its top, as `Label` gives them to
    /// baseline constraints (measured at its measuring width).
    mutating func baselines(_ index: Int) -> (first: Double, last: Double)? {
        if let known = nodes[index].baselines { return known }
        guard let label = nodes[index].label, !label.text.string.isEmpty else { return nil }
        let width = measuringWidth(index)
        var style = label.style
        style.lineBreakMode = label.lineBreakMode
        do throws(TextError) {
            let layout: TextLayout
            switch label.text {
            case .plain(let text):
                layout = try measurer.layout(
                    text, style: style, width: width, numberOfLines: label.numberOfLines)
            case .attributed(let text):
                layout = try measurer.layout(
                    text, style: style, width: width, numberOfLines: label.numberOfLines)
            }
            let offsets = (layout.firstBaseline, layout.lastBaseline)
            nodes[index].baselines = offsets
            if index < measured.count {
                measured[index].remember(label.text, width, nodes[index].intrinsic, offsets)
            }
            return offsets
        } catch {
            return nil
        }
    }

    // MARK: Layout

    mutating func layout(_ tree: StackTree, width: Double) throws(DirectStackLayoutError)
        -> StackTreeLayout
    {
        try prepare(tree)
        guard width.isFinite, width >= 0 else {
            throw DirectStackLayoutError(
                kind: .unsupported, reason: "the width must be finite and not negative")
        }
        let insets = tree.pinning.insets
        do throws(_StackCostError) {
            for index in nodes.indices
            where nodes[index].kind == .label || nodes[index].kind == .button {
                measure(index)
            }
            // Widths, with the engine's passes: labels of several lines are
            // measured again at the width they got, until no width changes.
            // The frame pass updates them all from one solve (Jacobi); the
            // fitting pass one at a time, each seeing the solve after the
            // last (Gauss-Seidel). Where a label's width is free the two
            // may settle on other widths: the engine then fits one layout
            // and lays out another, which the direct path refuses.
            // Every solve of the engine's passes solves both axes: a
            // required conflict met on the way (a label measured at an
            // earlier width, too tall for a fixed height) breaks a
            // constraint for good, so each pass is checked (`checking`).
            // With every label's width fixed by required constraints, the
            // passes of both kinds go through the same states, with labels
            // no taller than in the end: nothing to do twice, nor to check
            // unless a label's height is capped (`needsPassChecks`).
            checking = needsPassChecks ? .fitting : nil
            try settleWidths(width, insets, oneAtATime: hasFreeWidthLabel)
            let fitted = needsPassChecks ? nodes.map(\.layoutWidth) : []
            let height = try fittingHeight(insets)
            if needsPassChecks {
                // The frame pass starts again from the labels' first pass.
                for index in nodes.indices where nodes[index].kind == .label {
                    nodes[index].layoutWidth = nil
                    measure(index)
                }
                checking = .frame(height)
                try settleWidths(width, insets, oneAtATime: false)
                for (index, node) in nodes.enumerated() where node.kind == .label {
                    guard let a = fitted[index], let b = node.layoutWidth else { continue }
                    if abs(a - b) >= 1e-9 {
                        throw _StackCostError.unmodelled(
                            "node\(index): the engine's fitting pass measures this label at \(a), its frame pass at \(b) (they update labels in other orders)"
                        )
                    }
                }
                checking = nil
                try computeCosts(.vertical)  // the frame pass's labels
            }
            nodes[0].y = insets.top
            nodes[0].height = height - insets.top - insets.bottom
            // The cell's height is rounded up to the pixel grid: a fixed
            // height of the root's own off the grid conflicts with its pins.
            try checkFeasible(0, nodes[0].height)
            try arrange(0, .vertical)
            return StackTreeLayout(height: height, frames: pixelFrames())
        } catch {
            switch error {
            case .ambiguous(let reason):
                throw DirectStackLayoutError(kind: .ambiguous, reason: reason)
            case .conflict(let reason):
                throw DirectStackLayoutError(kind: .conflict, reason: reason)
            case .unmodelled(let reason):
                throw DirectStackLayoutError(kind: .unmodelled, reason: reason)
            }
        }
    }

    /// The engine's width passes: solve, measure again the labels of
    /// several lines whose width changed, until none does (at most 8
    /// passes). `oneAtATime`: each label sees the solve after the last
    /// one's change (the fitting pass), else all see the pass's solve.
    mutating func settleWidths(_ width: Double, _ insets: EdgeInsets, oneAtATime: Bool)
        throws(_StackCostError)
    {
        var passes = 0
        while true {
            passes += 1
            try solveWidths(width, insets)
            var changed = false
            for index in nodes.indices {
                guard let label = nodes[index].label, label.numberOfLines != 1 else { continue }
                if oneAtATime, changed { try solveWidths(width, insets) }
                var solved = nodes[index].width
                if solved < Label._narrowestWidth { solved = 0 }
                if let current = nodes[index].layoutWidth, abs(current - solved) < 1e-9 { continue }
                nodes[index].layoutWidth = solved
                measure(index)
                changed = true
            }
            // Labels whose widths required constraints fix cannot move any
            // width by measuring again (see `widthIsFixed`): the next pass
            // would solve the same widths, so it is not run.
            if !changed || !hasFreeWidthLabel { break }
            if passes >= 8 {
                throw _StackCostError.unmodelled("label widths still changed after 8 passes")
            }
        }
        if oneAtATime { try solveWidths(width, insets) }
    }

    /// Every view's width and x, for the labels' current sizes; with
    /// `checking`, also the heights that solve would give, to find a
    /// required conflict there.
    private mutating func solveWidths(_ width: Double, _ insets: EdgeInsets) throws(_StackCostError)
    {
        try computeCosts(.horizontal)
        nodes[0].x = insets.left
        nodes[0].width = width - insets.left - insets.right
        try checkFeasible(0, nodes[0].width)  // a fixed width of the root's own
        try arrange(0, .horizontal)
        guard let checking else { return }
        do throws(_StackCostError) {
            switch checking {
            case .fitting:
                let height = try fittingHeight(insets, rounded: false)
                nodes[0].height = height - insets.top - insets.bottom
            case .frame(let height):
                try computeCosts(.vertical)
                nodes[0].height = height - insets.top - insets.bottom
            }
            try arrange(0, .vertical)
        } catch {
            if case .conflict(let reason) = error {
                throw .conflict("a pass of the engine's meets a required conflict: \(reason)")
            }
        }
    }

    /// The content view's height: pulled towards 0 at the fitting priority,
    /// rounded up to the pixel grid (as cells round it) when `rounded`.
    private mutating func fittingHeight(_ insets: EdgeInsets, rounded: Bool = true)
        throws(_StackCostError)
        -> Double
    {
        try computeCosts(.vertical)
        var fitting = costs[0]
        fitting.addEqual(-insets.top - insets.bottom, lane: lane(50))
        let natural = try fitting.argmin("the root stack's height") + insets.top + insets.bottom
        guard rounded else { return natural }
        let height = PixelGrid.ceil(natural, scale: scale)
        guard height >= 0 else {
            throw .conflict("the content view would be \(height) high (a frame the engine refuses)")
        }
        return height
    }

    /// Frames rounded as the engine rounds them: every edge in the content
    /// view's coordinates to the nearest pixel, then made relative to the
    /// parent's rounded origin.
    mutating func pixelFrames() -> [Rect] {
        var frames = [Rect](repeating: .zero, count: nodes.count)
        for index in nodes.indices {
            let parent = nodes[index].parent
            let origin = parent >= 0 ? nodes[parent].absolute : Point(x: 0, y: 0)
            let parentRounded = parent >= 0 ? nodes[parent].rounded : Point(x: 0, y: 0)
            let x = origin.x + nodes[index].x
            let y = origin.y + nodes[index].y
            nodes[index].absolute = Point(x: x, y: y)
            let minX = PixelGrid.round(x, scale: scale)
            let minY = PixelGrid.round(y, scale: scale)
            let maxX = PixelGrid.round(x + nodes[index].width, scale: scale)
            let maxY = PixelGrid.round(y + nodes[index].height, scale: scale)
            nodes[index].rounded = Point(x: minX, y: minY)
            frames[index] = Rect(
                x: minX - parentRounded.x, y: minY - parentRounded.y, width: max(0, maxX - minX),
                height: max(0, maxY - minY))
        }
        return frames
    }

    // MARK: Costs (bottom-up)

    mutating func computeCosts(_ axis: LayoutAxis) throws(_StackCostError) {
        if costs.count != nodes.count { costs = [_Cost](repeating: _Cost(), count: nodes.count) }
        for index in nodes.indices.reversed() {
            costs[index] = try cost(of: index, axis)
            assert(costs[index]._checkInvariants(), "node\(index)'s cost is not convex")
            // No length satisfies the view's required constraints (a stack
            // of fixed height holding a taller fixed view): the engine
            // breaks one of them.
            let (lo, hi) = (costs[index].lo, costs[index].hi)
            guard lo <= hi + 1e-9 * max(1, abs(hi)) else {
                throw .conflict("node\(index): required \(axis) lengths \(lo) > \(hi)")
            }
        }
    }

    private func children(_ index: Int) -> ArraySlice<Int> { childList[nodes[index].children] }

    /// A stack's visible views (made once per shape: hidden flags are part of it).
    private func visibleChildren(_ index: Int) -> [Int] { visibleOf[index] }

    /// Margins of a stack's canvas along an axis (start, end).
    private func margins(_ index: Int, _ axis: LayoutAxis) -> (Double, Double) {
        guard let margins = nodes[index].stack?.layoutMargins else { return (0, 0) }
        return axis == .horizontal ? (margins.left, margins.right) : (margins.top, margins.bottom)
    }

    /// The gaps after each visible view but the last (made once per shape).
    private func gaps(_ index: Int, _ visible: [Int]) -> [Double] { gapsOf[index] }

    private func makeGaps(_ index: Int, _ visible: [Int]) -> [Double] {
        guard let stack = nodes[index].stack else { return [] }
        let range = nodes[index].children
        return visible.dropLast().map { child in
            let position =
                (childList[range].firstIndex(of: child) ?? range.lowerBound) - range.lowerBound
            guard let custom = stack.customSpacing[position],
                custom != StackView.spacingUseDefault
            else { return stack.spacing }
            return custom == StackView.spacingUseSystem
                ? LayoutConstraint.standardSiblingSpacing : custom
        }
    }

    private mutating func cost(of index: Int, _ axis: LayoutAxis) throws(_StackCostError) -> _Cost {
        var cost = _Cost()
        switch nodes[index].kind {
        case .label, .button:
            // An intrinsic size: `>=` at the compression resistance, `<=` at the hugging.
            let hugging =
                (nodes[index].label?.hugging(axis) ?? nodes[index].button!.hugging(axis)).rawValue
            let compression =
                (nodes[index].label?.compressionResistance(axis)
                ?? nodes[index].button!.compressionResistance(axis)).rawValue
            let intrinsic = nodes[index].intrinsic
            let length = axis == .horizontal ? intrinsic.width : intrinsic.height
            cost.addAtLeast(length, lane: lane(compression))
            cost.addAtMost(length, lane: lane(hugging))
        case .fixed:
            let box = nodes[index].fixed!
            if let length = axis == .horizontal ? box.width : box.height {
                cost.addEqual(length, lane: lane(box.priority.rawValue))
            }
        case .image:
            guard axis == .vertical else { break }
            let image = nodes[index].image!
            let target = nodes[index].width * image.aspectRatio.height / image.aspectRatio.width
            if let cap = image.maxHeight {
                cost.hi = cap
                cost.addEqual(target, lane: lane(999))
            } else {
                cost.addEqual(target, lane: 0)
            }
        case .stack:
            let stack = nodes[index].stack!
            let visible = visibleChildren(index)
            if !visible.isEmpty {  // else a hidden stack: its parent sets its size
                if axis == stack.axis {
                    cost = try alongCost(index, stack, visible, axis)
                } else {
                    cost = try acrossCost(index, stack, visible, axis)
                }
            }
            // The stack view's own required size bounds whatever its views cost.
            if let length = axis == .horizontal ? stack.fixedWidth : stack.fixedHeight {
                cost.addEqual(length, lane: 0)
            }
        }
        return cost
    }

    /// The cost of a stack's length along its axis.
    private mutating func alongCost(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis
    )
        throws(_StackCostError) -> _Cost
    {
        let (start, end) = margins(index, axis)
        let gaps = gaps(index, visible)
        let fixedLength = start + end + gaps.reduce(0, +)
        // Views sharing the length out start from their best lengths.
        for child in visible { try costs[child].checkMinimumModelled("node\(child)'s best length") }
        if stack.isBaselineRelativeArrangement, axis == .vertical {
            let offset = start + end + baselineChain(visible, gaps)
            if stack.distribution == .fillEqually {
                return visible.reduce(_Cost()) {
                    $0 + costs[$1].composed(scale: 1, offset: -offset)
                }
            }
            return costs[visible.last!].composed(scale: 1, offset: -offset)
        }
        switch stack.distribution {
        case .fill:
            return _Cost.convolution(
                visible.map { costs[$0].anchored(view: 0) }, offset: fixedLength)
        case .fillEqually:
            let count = Double(visible.count)
            return visible.reduce(_Cost()) {
                $0 + costs[$1].composed(scale: 1 / count, offset: -fixedLength / count)
            }
        case .fillProportionally:
            let shares = proportions(visible, axis)
            guard let shares else {
                return _Cost.convolution(
                    visible.map { costs[$0].anchored(view: 0) }, offset: fixedLength)
            }
            var sum = _Cost()
            for (child, share) in zip(visible, shares) {
                sum = sum + costs[child].composed(scale: share, offset: -share * fixedLength)
            }
            return sum
        case .equalSpacing:
            var parts = visible.map { costs[$0].anchored(view: 0) }
            if visible.count > 1 {
                parts.append(gapPart(visible.count, spacing: gaps[0]).anchored(view: 0))
            }
            return _Cost.convolution(parts, offset: fixedLength)
        case .equalCentering:
            guard visible.count > 1 else {
                return _Cost.convolution(
                    visible.map { costs[$0].anchored(view: 0) }, offset: fixedLength)
            }
            // Above the shortest canvas the centres spread evenly; the first
            // distance's spanning fit (at 51) costs |distance|, least at 0
            // when negative spacing lets the distance be negative.
            let lengths = try centeredLengths(visible, axis)
            let minimum = start + end + centeringMinimum(lengths, gaps)
            let zeroDistance = start + end + lengths[0] / 2 + lengths[lengths.count - 1] / 2
            var cost = _Cost()
            var bound = _Slope()
            bound[lane(245)] = 1e-6
            cost.addUnmodelled(below: minimum, bound: bound)
            var slope = _Slope()
            slope[lane(51)] = 1 / Double(visible.count - 1)
            if zeroDistance > minimum {
                cost.kinks[cost.kinks.count - 1].delta -= slope
                cost.kinks.append(_Kink(x: zeroDistance, delta: 2 * slope))
            } else {
                cost.kinks[cost.kinks.count - 1].delta += slope
            }
            return cost
        }
    }

    /// The cost of what equal gaps take beyond their minimum `spacing`
    /// (`extra`, shared by `count - 1` gaps): the first gap's spanning fit
    /// at 51, |spacing + extra / (count - 1)|, least where the gaps are 0
    /// (or at their minimum, when it is positive).
    private func gapPart(_ count: Int, spacing: Double) -> _Cost {
        var cost = _Cost(lo: 0)
        var slope = _Slope()
        slope[lane(51)] = 1 / Double(count - 1)
        cost.base = -slope
        cost.kinks = [_Kink(x: -spacing * Double(count - 1), delta: 2 * slope)]
        return cost
    }

    /// Shares of `fillProportionally`: each visible view's intrinsic length
    /// over their sum (nil when the sum is 0: no proportions are made).
    private func proportions(_ visible: [Int], _ axis: LayoutAxis) -> [Double]? {
        let sizes = visible.map { child -> Double in
            let size = nodes[child].intrinsic
            let length = axis == .horizontal ? size.width : size.height
            return length.isFinite && length > 0 ? length : 0
        }
        let total = sizes.reduce(0, +)
        return total > 0 ? sizes.map { $0 / total } : nil
    }

    /// Lengths of the views of an equal-centering stack: each its own best,
    /// which must be decided by priorities above the gaps' spanning fit.
    private func centeredLengths(_ visible: [Int], _ axis: LayoutAxis) throws(_StackCostError)
        -> [Double]
    {
        var lengths: [Double] = []
        for child in visible {
            let length = try costs[child].argmin("node\(child)'s length")
            let (left, right) = costs[child].slopes(at: length)
            let firm = lane(51)
            let holdsLeft =
                costs[child].lo >= length - 1e-9
                || (1..<firm).contains { left[$0] < -1e-9 } && _sign(left) < 0
            let holdsRight =
                costs[child].hi <= length + 1e-9
                || (1..<firm).contains { right[$0] > 1e-9 } && _sign(right) > 0
            guard holdsLeft, holdsRight else {
                throw .unmodelled(
                    "node\(child) in an equal-centering stack gives way below the gaps' priority")
            }
            lengths.append(length)
        }
        return lengths
    }

    /// The shortest canvas of an equal-centering stack: equal centre
    /// distances, each gap at least its minimum.
    private func centeringMinimum(_ lengths: [Double], _ gaps: [Double]) -> Double {
        var distance = -Double.infinity
        for k in gaps.indices {
            distance = max(distance, gaps[k] + (lengths[k] + lengths[k + 1]) / 2)
        }
        return lengths[0] / 2 + Double(gaps.count) * distance + lengths[lengths.count - 1] / 2
    }

    /// Baseline-relative: the last view's top below the canvas's start.
    private mutating func baselineChain(_ visible: [Int], _ gaps: [Double]) -> Double {
        var top = 0.0
        for k in gaps.indices {
            let previous = baselines(visible[k])?.last ?? nodes[visible[k]].intrinsic.height
            let next = baselines(visible[k + 1])?.first ?? 0
            top += previous + gaps[k] - next
        }
        return top
    }

    /// Baseline alignment: each view's top below the canvas's start.
    private mutating func baselineOffsets(_ stack: StackTree.Stack, _ visible: [Int]) -> [Double] {
        let first = stack.alignment == .firstBaseline
        let offsets = visible.map { child -> Double in
            let lines = baselines(child)
            return (first ? lines?.first : lines?.last) ?? 0
        }
        let line = offsets.max() ?? 0
        return offsets.map { line - $0 }
    }

    private func effectiveAlignment(_ stack: StackTree.Stack) -> StackView.Alignment {
        if stack.axis == .vertical,
            stack.alignment == .firstBaseline || stack.alignment == .lastBaseline
        {
            return .fill
        }
        return stack.alignment
    }

    /// The cost of a stack's thickness across its axis.
    private mutating func acrossCost(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis
    )
        throws(_StackCostError) -> _Cost
    {
        let (start, end) = margins(index, axis)
        let margin = start + end
        switch effectiveAlignment(stack) {
        case .fill:
            return visible.reduce(_Cost()) { $0 + costs[$1].composed(scale: 1, offset: -margin) }
        case .leading, .center, .trailing:
            for child in visible {
                try costs[child].checkMinimumModelled("node\(child)'s best length")
            }
            var cost = visible.reduce(_Cost()) {
                $0 + costs[$1].runningMinimum().composed(scale: 1, offset: -margin)
            }
            cost.addEqual(margin, lane: lane(51))
            return cost
        case .firstBaseline, .lastBaseline:
            for child in visible {
                try costs[child].checkMinimumModelled("node\(child)'s best length")
            }
            let offsets = baselineOffsets(stack, visible)
            var cost = _Cost()
            for (child, offset) in zip(visible, offsets) {
                cost =
                    cost
                    + costs[child].runningMinimum().composed(scale: 1, offset: -margin - offset)
            }
            cost.addEqual(margin, lane: lane(51))
            return cost
        }
    }

    // MARK: Arranging (top-down)

    private func length(_ index: Int, _ axis: LayoutAxis) -> Double {
        axis == .horizontal ? nodes[index].width : nodes[index].height
    }

    private mutating func set(_ index: Int, _ axis: LayoutAxis, position: Double, length: Double) {
        if axis == .horizontal {
            nodes[index].x = position
            nodes[index].width = length
        } else {
            nodes[index].y = position
            nodes[index].height = length
        }
    }

    /// Lays out the subtree of `index` along `axis`, its own length set.
    mutating func arrange(_ index: Int, _ axis: LayoutAxis) throws(_StackCostError) {
        guard let stack = nodes[index].stack else { return }
        let visible = visibleChildren(index)
        let total = length(index, axis)
        let (start, _) = margins(index, axis)
        if !visible.isEmpty {
            if axis == stack.axis {
                try arrangeAlong(index, stack, visible, axis, total)
            } else {
                try arrangeAcross(index, stack, visible, axis, total)
            }
        }
        // Hidden views (`UISV-hiding`): no length along the axis, where the
        // visible views before them end; at the canvas's start across it,
        // as long as they like.
        var previousEnd = start
        for child in children(index) {
            if !nodes[child].isHidden {
                if axis == stack.axis {
                    previousEnd =
                        axis == .horizontal
                        ? nodes[child].x + nodes[child].width : nodes[child].y + nodes[child].height
                }
                continue
            }
            if axis == stack.axis {
                try checkFeasible(child, 0)
                set(child, axis, position: previousEnd, length: 0)
            } else if nodes[child].kind == .image {
                set(child, axis, position: start, length: 0)  // its height is 0: so is its width
            } else {
                let length = try costs[child].argmin("hidden node\(child)'s length")
                set(child, axis, position: start, length: length)
            }
        }
        for child in children(index) { try arrange(child, axis) }
    }

    private mutating func arrangeAlong(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis,
        _ total: Double
    ) throws(_StackCostError) {
        let (start, end) = margins(index, axis)
        let gaps = gaps(index, visible)
        let canvas = total - start - end
        let room = canvas - gaps.reduce(0, +)
        var lengths: [Double]
        var spacing = gaps
        let what = "node\(index)'s views along its axis"
        if stack.isBaselineRelativeArrangement, axis == .vertical {
            let chain = baselineChain(visible, gaps)
            let last = canvas - chain
            lengths = []
            var top = start
            for (k, child) in visible.enumerated() {
                let length: Double
                if stack.distribution == .fillEqually || k == visible.count - 1 {
                    length = last
                    try checkFeasible(child, length)
                } else {
                    length = try costs[child].argmin("node\(child)'s height")
                }
                set(child, axis, position: top, length: length)
                if k < gaps.count {
                    let previous = baselines(child)?.last ?? length
                    let next = baselines(visible[k + 1])?.first ?? 0
                    top += previous + gaps[k] - next
                }
            }
            return
        }
        switch stack.distribution {
        case .fill:
            lengths = try share(visible, room, what)
        case .fillProportionally:
            if let shares = proportions(visible, axis) {
                lengths = shares.map { $0 * room }
                for (child, length) in zip(visible, lengths) { try checkFeasible(child, length) }
            } else {
                lengths = try share(visible, room, what)
            }
        case .fillEqually:
            let length = room / Double(visible.count)
            lengths = Array(repeating: length, count: visible.count)
            for child in visible { try checkFeasible(child, length) }
        case .equalSpacing:
            if visible.count == 1 {
                lengths = try share(visible, room, what)
                break
            }
            var parts = visible.map { costs[$0].anchored(view: 0) }
            for k in parts.indices { parts[k] = costs[visible[k]].anchored(view: k) }
            let gapCost = gapPart(visible.count, spacing: gaps[0])
            parts.append(gapCost.anchored(view: visible.count))
            let center = parts.reduce(0) { $0 + $1.anchor }
            let changes = try _Cost.distribute(
                parts, costs: visible.map { costs[$0] } + [gapCost], total: room, center: center,
                what)
            lengths = visible.indices.map { parts[$0].anchor + changes[$0] }
            let extra =
                (parts[visible.count].anchor + changes[visible.count]) / Double(visible.count - 1)
            spacing = gaps.map { $0 + extra }
        case .equalCentering:
            if visible.count == 1 {
                lengths = try share(visible, room, what)
                break
            }
            lengths = try centeredLengths(visible, axis)
            let minimum = centeringMinimum(lengths, gaps)
            guard canvas >= minimum - 1e-9 * max(1, abs(minimum)) else {
                throw .unmodelled("\(what): too short for equal centring (\(canvas) < \(minimum))")
            }
            let distance =
                (canvas - lengths[0] / 2 - lengths[lengths.count - 1] / 2) / Double(gaps.count)
            spacing = gaps.indices.map { distance - (lengths[$0] + lengths[$0 + 1]) / 2 }
        }
        var position = start
        for (k, child) in visible.enumerated() {
            set(child, axis, position: position, length: lengths[k])
            position += lengths[k] + (k < spacing.count ? spacing[k] : 0)
        }
    }

    /// Distribution fill: `room` shared out, cheapest stretches first.
    private func share(_ visible: [Int], _ room: Double, _ what: @autoclosure () -> String)
        throws(_StackCostError) -> [Double]
    {
        let parts = visible.indices.map { costs[visible[$0]].anchored(view: $0) }
        let center = parts.reduce(0) { $0 + $1.anchor }
        let changes = try _Cost.distribute(
            parts, costs: visible.map { costs[$0] }, total: room, center: center, what())
        return visible.indices.map { parts[$0].anchor + changes[$0] }
    }

    private func checkFeasible(_ child: Int, _ length: Double) throws(_StackCostError) {
        let cost = costs[child]
        let tolerance = 1e-9 * max(1, abs(length))
        guard length >= cost.lo - tolerance, length <= cost.hi + tolerance else {
            throw .conflict("node\(child): length \(length) breaks a required constraint")
        }
    }

    private mutating func arrangeAcross(
        _ index: Int, _ stack: StackTree.Stack, _ visible: [Int], _ axis: LayoutAxis,
        _ total: Double
    ) throws(_StackCostError) {
        let (start, end) = margins(index, axis)
        let canvas = total - start - end
        let alignment = effectiveAlignment(stack)
        let offsets: [Double] =
            alignment == .firstBaseline || alignment == .lastBaseline
            ? baselineOffsets(stack, visible) : Array(repeating: 0, count: visible.count)
        for (k, child) in visible.enumerated() {
            if alignment == .fill {
                try checkFeasible(child, canvas)
                set(child, axis, position: start, length: canvas)
                continue
            }
            var bounded = costs[child]
            bounded.hi = min(bounded.hi, canvas - offsets[k])
            let length = try bounded.argmin("node\(child)'s length across node\(index)")
            let position: Double
            switch alignment {
            case .trailing: position = start + canvas - length
            case .center: position = start + (canvas - length) / 2
            default: position = start + offsets[k]
            }
            set(child, axis, position: position, length: length)
        }
    }
}

/// A label's last few measurements (text, width → size, baselines): a row
/// measures each label at a width or two, and rows of a template repeat
/// most texts, so eight entries serve nearly every lookup.
struct _Measurements {
    var entries: [(text: StackTree.Text, width: Double, size: Size, baselines: (Double, Double)?)] =
        []
    var next = 0

    func size(_ text: StackTree.Text, _ width: Double) -> (
        size: Size, baselines: (first: Double, last: Double)?
    )? {
        for entry in entries where entry.width == width && entry.text == text {
            return (entry.size, entry.baselines.map { (first: $0.0, last: $0.1) })
        }
        return nil
    }

    mutating func remember(
        _ text: StackTree.Text, _ width: Double, _ size: Size, _ baselines: (Double, Double)?
    ) {
        for k in entries.indices where entries[k].width == width && entries[k].text == text {
            entries[k].size = size
            if baselines != nil { entries[k].baselines = baselines }
            return
        }
        if entries.count < 8 {
            entries.append((text, width, size, baselines))
        } else {
            entries[next] = (text, width, size, baselines)
            next = (next + 1) % 8
        }
    }
}
