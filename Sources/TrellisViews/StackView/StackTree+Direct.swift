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
    /// The fitting height itself, as `systemLayoutSizeFitting` returns it
    /// (not rounded).
    public var fittingHeight: Double
    /// Each node's frame in its parent's coordinates (the root stack's in
    /// the content view's), in node order.
    public var frames: [Rect]

    /// A layout of cell height `height`, whose fitting height was
    /// `fittingHeight` (`height` when not given).
    public init(height: Double, fittingHeight: Double? = nil, frames: [Rect]) {
        self.height = height
        self.fittingHeight = fittingHeight ?? height
        self.frames = frames
    }

    /// Equal heights and frames: what a cell shows. (The fitting heights,
    /// worked out by other arithmetic on the two paths, agree to the
    /// solver's precision: `StackTreeDifferentialTests` compares them.)
    public static func == (a: StackTreeLayout, b: StackTreeLayout) -> Bool {
        a.height == b.height && a.frames == b.frames
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
    /// The plans of slopes of 8, 12, 16 and 32 lanes, and how many lanes the
    /// layout uses: 8 (trees of up to 7 priority levels, most trees) until
    /// a tree needs more, then the next width for that tree and every
    /// later one (`_DirectPlan+Lanes.swift`).
    var narrow = _LanePlan<SIMD8<Double>>()
    var middle: _LanePlan<_Lanes12>?
    var wide: _LanePlan<SIMD16<Double>>?
    var widest: _LanePlan<SIMD32<Double>>?
    var lanes = 8

    /// A layout whose labels and buttons measure with `measurer` (the
    /// views of `makeViews()` measure with the shared one; every measurer
    /// gives the same sizes, caches aside).
    public init(measurer: TextMeasurer = .shared) {
        narrow.measurer = measurer
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
        while true {
            do throws(DirectStackLayoutError) {
                switch lanes {
                case 8: return try narrow.layout(tree, width: width)
                case 12: return try middle!.layout(tree, width: width)
                case 16: return try wide!.layout(tree, width: width)
                default: return try widest!.layout(tree, width: width)
                }
            } catch {
                guard widen() else { throw error }
            }
        }
    }
}

/// The direct path's state and steps for trees whose priority levels fit
/// the lanes of `Slope` (`_SlopeLanes`): `DirectStackLayout` keeps one of
/// 8 lanes (up to 7 levels, most trees), 12 (up to 11), 16 (up to 15) or
/// 32 (up to 31).
/// A slope of 16 lanes is 128 bytes, a cost 152 and a kink 144; of 8,
/// 64, 88 and 80: the costs a row combines and copies are half as large.
/// The plan of the widest slopes (32 lanes, up to 31 priority levels).
typealias _DirectPlan = _LanePlan<_Slope>

struct _LanePlan<Slope: _SlopeLanes> {
    typealias _Slope = Slope
    typealias _Kink = _LaneKink<Slope>
    typealias _Cost = _LaneCost<Slope>
    typealias _BoundedSlopes = _BoundedSlopesOf<Slope>
    typealias _Stretches = _LaneStretches<Slope>
    typealias _CostMemo = TrellisViews._CostMemo<Slope>
    typealias _RowShareView = TrellisViews._RowShareView<Slope>
    typealias _RowShare = TrellisViews._RowShare<Slope>
    typealias _RowShares = TrellisViews._RowShares<Slope>

    var nodes: [_DirectNode] = []
    /// Costs kept from the last computation along each axis (horizontal,
    /// vertical); emptied when the tree's shape changes.
    var memos = [_CostMemo(), _CostMemo()]
    /// The kept costs of the other shapes met (rows of a template switch
    /// between a few: a photo or none, an empty body), by shape number
    /// (`_ShapeAnalysis.id`; nil: none kept, or the current shape's, in
    /// `memos`).
    var shapeMemos: [[_CostMemo]?] = []
    /// The shape flags of the tree the nodes were made from (empty: the
    /// nodes are of another structure than the last tree's), and its number.
    var lastFlags: [Bool] = []
    var lastShape = 0
    /// A row's shape flags (`prepare(_: StackTreeRow)`), kept to reuse its storage.
    var rowFlags: [Bool] = []
    /// The structure whose rows were last written into the nodes
    /// (`layout(_:of:width:)`); nil after a whole tree.
    var rowStructure: StackTree?
    /// The analysis of each shape met since the tree's structure last changed.
    var shapes: [_ShapeFlags: _ShapeAnalysis] = [:]
    /// The same shapes' flags (their count, and up to 64 of them a bit
    /// each) and analyses by shape number: a row of one of a few shapes
    /// finds its own by comparing words (`knownShape`), where the
    /// dictionary hashed its flags on every change of shape.
    var shapeKeysByID: [(count: Int, word: UInt64)] = []
    var shapesByID: [_ShapeAnalysis] = []
    /// The shape whose analysis arrays (`levels`, `visibleOf`, `gapsOf`,
    /// `skipsMeasuring` as `unmeasured`) the plan holds moved out of
    /// `shapesByID` (which holds empty ones in their place meanwhile:
    /// `useShape`), or nil.
    var movedShape: Int?
    /// The widths pass of each shape met, where no row's texts can change
    /// it (`replayWidths`); `replayingWidths` false: always the general pass.
    /// By shape number (`_ShapeAnalysis.id`).
    var widthRecords: [_WidthRecord] = []
    var replayingWidths = true
    /// How many widths passes were replayed (for tests and profiles).
    var widthReplays = 0
    /// How many of them worked out again the widths that follow the texts
    /// (`solveTextWidths`).
    var textWidthReplays = 0
    /// How many of those left the stack's own width cost unmade
    /// (`admitsAnyWidth`).
    var textWidthCostsSkipped = 0
    /// Whether a general widths solve leaves the root's own cost unmade
    /// where no width breaks its bounds (`computeWidthCosts`), and how many did;
    /// also whether a stack sharing its width by its texts whose width is
    /// the canvas's (`widthFromCanvas`) has only its bounds made
    /// (`textSharingCost`), and how many had.
    var skippingRootCosts = true
    var rootCostsSkipped = 0
    var textCostsBounded = 0
    /// Whether an unchecked frame pass that goes through the fitting pass's
    /// solves is left out (`layoutPasses`), and a widths pass that would
    /// solve the last solve's inputs again (`repeatsLastSolve`); how many were.
    var skippingFramePasses = true
    var skippingRepeatSolves = true
    var framePassesLeftOut = 0
    var repeatSolvesLeftOut = 0
    /// Whether a label measured again at a width whose lines its last
    /// measurement's are keeps that measurement's size (`measureText`),
    /// and how many did.
    var reusingLineBreaks = true
    var lineBreakReuses = 0
    /// Each label's last measurement with its lines tracked, by node
    /// (`measureText`): one of this layout's where its `layout` is
    /// `layoutNumber`, which `layoutPrepared` moves on (a row's texts are
    /// written before it: every measurement runs within it).
    var keptLines: [_KeptLines] = []
    var layoutNumber = 0
    /// Whether those are taken from the shape's memo when a row brings the
    /// same inputs (`_TextWidthMemo`), and how many were.
    /// By shape number, apart from `widthRecords`: a record copied out
    /// while the memo grows would make the memo copy itself.
    var memoizingTextWidths = true
    var textWidthMemos: [_TextWidthMemo] = []
    var textWidthMemoHits = 0
    /// The general widths solves of each shape met, by their inputs
    /// (`arrangeWidths`); `memoizingWidthSolves` false: every solve
    /// worked out. By shape number (`_ShapeAnalysis.id`).
    var widthSolveRecords: [_WidthSolveRecord] = []
    /// `memoizingWidthSolves` false: every widths solve by the general
    /// planner (no record copied, no column laid out alone:
    /// `arrangeColumnWidths`).
    var memoizingWidthSolves = true
    /// How many general widths solves were copied (for tests and profiles).
    var widthSolveReplays = 0
    /// How many of those were keyed without a label's intrinsic width
    /// (`sharedLabelsUnread`; for tests and profiles).
    var sharedLabelReplays = 0
    /// Whether each shape is a column (`isColumnOfLeaves`: 0 not asked
    /// yet, 1 no, 2 yes), by shape number; how many widths solves were a
    /// column's (for tests and profiles).
    var columnShapes: [UInt8] = []
    var columnWidthSolves = 0
    /// The storage of the last widths solve's key (`widthSolveKey`).
    var widthSolveKeyBits: [UInt64] = []
    /// Rows of one-line labels shared out without their costs (`shareRow`).
    var rowShares = _RowShares()
    /// The heights pass of each shape met, by its views' vertical keys
    /// (`heightsPass`); `replayingHeights` false: always the general pass.
    /// By shape number (`_ShapeAnalysis.id`).
    var heightRecords: [_HeightRecord] = []
    var replayingHeights = true
    /// How many heights passes were replayed (for tests and profiles),
    /// and how many stacks' subtrees in general ones (`replayArranged`).
    var heightReplays = 0
    var subtreeReplays = 0
    /// The content view's height before it is rounded up to the pixel
    /// grid, of the last `fittingHeight` or recalled heights record: what
    /// `systemLayoutSizeFitting` gives (`StackTreeLayout.fittingHeight`).
    var naturalHeight = 0.0
    /// `replayingSubtrees` false: every stack arranged in general passes.
    var replayingSubtrees = true
    /// The storage of the last row's heights key (`heightKey(reusing:)`).
    var heightKeyBits: [UInt64] = []
    /// The width passes' checks each shape passed, by their inputs
    /// (`checkKey`); `recallingChecks` false: every check run.
    var checkRecords: [_HeightRecord] = []
    var recallingChecks = true
    /// How many checks were recalled rather than run (for tests and profiles).
    var checksRecalled = 0
    /// The storage of the last check's key (`checkKey`).
    var checkKeyBits: [UInt64] = []
    /// Labels' measurements by node, kept from row to row while the shape
    /// stays (rows of a template repeat most of their texts).
    var measured: [_Measurements] = []
    /// Per node, its visible views and the gaps between them.
    var visibleOf: [[Int]] = []
    var gapsOf: [[Double]] = []
    var childList: [Int] = []
    /// The labels, buttons and images, in node order, and the words of a
    /// heights key (`heightKey(into:)`: one a label or button, three an
    /// image), set with the nodes: the steps a row takes through them
    /// alone walk this list, not every node.
    var keyedNodes: [Int] = []
    /// The labels of several lines among them (`isMultiLine`).
    var multiLineNodes: [Int] = []
    var heightKeyWords = 0
    /// By node: a label whose baselines a heights pass may read
    /// (`readsBaselineAbove`), three words of a heights key (its height,
    /// first and last baselines). Set with the nodes.
    var baselineKeyed: [Bool] = []
    /// Those labels, in node order.
    var baselineKeyedNodes: [Int] = []
    /// Each node's cost along the axis last computed (`computeCosts`):
    /// the storage of that axis's memo, lent out (`costsSide`) rather than
    /// copied from it, so that a kept cost is not copied on every solve
    /// (a cost is 152 bytes: a copy of every node's in and out of the memo
    /// was a tenth of a checked row's instructions).
    var costs: [_Cost] = []
    /// Whose memo's costs `costs` holds (0 horizontal, 1 vertical; nil:
    /// none, each memo holds its own).
    var costsSide: Int?
    /// The buffers of `endToEndCost` (kept from one stack to the next).
    var stretches = _Stretches()
    /// The storage of combined costs, kept (`combinedCost`, `endToEndCost`).
    var combining = _LaneCombining<Slope>()
    /// The storage of the last share-out's lengths and changes (`sharedLengths`).
    var sharedScratch: [Double] = []
    var sharedChanges: [Double] = []
    /// The stretches a share-out takes from (`sharedLengths`), kept.
    var shareSegments: [_Cost.Segment] = []
    /// Priority levels of the tree, highest first; lane = index + 1.
    var levels: [Float] = []
    /// Set when a tree's levels did not fit this plan's slopes (`prepare`
    /// refused it): `DirectStackLayout` then lays it out with wider ones.
    var needsWiderSlopes = false
    var scale = 3.0
    var measurer = TextMeasurer.shared
    var tree: StackTree? {
        didSet { pinningInsets = tree?.pinning.insets ?? .zero }
    }
    /// `tree`'s pinning insets (zero without a tree), read by every layout
    /// in place: `tree?.pinning` copied the whole tree first.
    var pinningInsets = EdgeInsets.zero
    /// What each emulated solve of the width passes also checks.
    enum Checking { case fitting, frame(Double) }
    var checking: Checking?
    /// Whether each shape's passes are checked (`skipsPassChecks`), by
    /// shape number; and, in debug builds, whether the checks run are
    /// ones left out, run to assert that they pass.
    var passChecks: [_PassChecks] = []
    var shadowingChecks = false
    /// How many layouts left the checks out (for tests and profiles).
    var uncheckedLayouts = 0
    /// How many computations of costs along the horizontal axis were
    /// begun (`computeCosts`), and the places the general widths solve last
    /// arranged from them (`keepsHorizontalPlaces`).
    var horizontalCostRuns = 0
    var keptPlaces = _KeptPlaces()
    /// The x and width of every node after each horizontal solve of the
    /// fitting pass (two a node, solve after solve), where the frame pass
    /// solves the same widths (`sharesPassWidths`; the storage kept from
    /// row to row, what each pass does with it passed down as a
    /// `_PassWidths`).
    var passWidths: [Double] = []
    /// Whether a label of several lines has a width that depends on what
    /// labels measure (the engine's fitting and frame passes may differ).
    var hasFreeWidthLabel = false
    /// Whether the engine's passes may meet a required conflict on the way
    /// (see `prepare`), so each emulated solve is checked.
    var needsPassChecks = false
    /// The visible image whose width required constraints do not fix, and
    /// its horizontal cost in the current solve (_DirectPlan+CoupledImage.swift).
    var coupledImage: Int?
    var coupledCost = _Cost()
    /// Labels and buttons left unmeasured (`skipsMeasuring`), by node.
    var unmeasured: [Bool] = []
    /// How many texts and titles `measure` has measured or found in
    /// `measured` (tests count the ones it skips).
    var measureCalls = 0

    static var proportionalBase: Float { 999 }

    /// The priority levels `tree` needs (below required): its views' own,
    /// the fitting size (50), and those of the constraints its stacks and
    /// images make: `UISV-spanning-fit` (51) and
    /// `UISV-ambiguity-suppression` (25) where an alignment is not fill,
    /// `UISV-canvas-fit` (49) in the equal-spacing distributions (equal
    /// centring: also `centeringBound`, the bound of its unmodelled region, and 51, the
    /// priority its views' lengths must be decided above),
    /// `UISV-text-width-disambiguation` (760), a capped image's aspect
    /// ratio (999). Only what the tree uses, so trees of many priorities
    /// still fit the 31 lanes of a slope.
    static func levels(of tree: StackTree) -> Set<Float> {
        var levels: Set<Float> = [50]
        for node in tree.nodes {
            for priority in node.content.priorities where priority.rawValue < 1000 {
                levels.insert(priority.rawValue)
            }
            switch node.content {
            case .stack(let stack):
                if stack.alignment != .fill {
                    levels.insert(StackView.spanningFitPriority.rawValue)
                    levels.insert(StackView.ambiguitySuppressionPriority.rawValue)
                }
                if stack.distribution == .equalSpacing || stack.distribution == .equalCentering
                    || (stack.axis == .horizontal
                        && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline))
                {
                    levels.insert(StackView.canvasFitPriority.rawValue)
                }
                if stack.distribution == .equalCentering {
                    levels.formUnion([centeringBound(arranged: stack.children.count), 51])
                }
                if stack.children.allSatisfy(\.isHidden) {
                    levels.insert(StackView.spanningFitPriority.rawValue)
                }
                if sharesTextWidth(stack) { levels.insert(StackView.textWidthPriority.rawValue) }
                if stack.distribution == .fillProportionally,
                    stack.children.filter({ !$0.isHidden }).count > 1
                {
                    for (position, child) in stack.children.enumerated() where !child.isHidden {
                        levels.insert(proportionalBase - Float(position))
                    }
                }
            case .image(let image) where image.maxHeight != nil:
                levels.insert(StackTree.cappedAspectPriority.rawValue)
            default:
                break
            }
        }
        return levels
    }

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
        var reason: String?
        var number = 0
        var images = 0
        var freeImages = 0
        var loose = 0
        var ancestors: [(stack: StackTree.Stack, child: Int)] = []
        func check(_ node: StackTree.Node, parent: StackTree.Stack?) {
            let index = number
            number += 1
            guard reason == nil else { return }
            func refuse(_ why: String) { if reason == nil { reason = "node\(index): \(why)" } }
            for priority in node.content.priorities where !priority.isValid {
                return refuse("priority \(priority.rawValue) is not in 1...1000")
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
                // An intrinsic height (`followsWidth`) weighs on no width
                // (a constant within a solve, of the width the last solve
                // gave it, as a label's); a free width, see
                // _DirectPlan+CoupledImage.swift.
                if !image.isIntrinsic { images += 1 }
                if image.isIntrinsic, !widthIsForced(ancestors) { loose += 1 }
                if !image.isIntrinsic, !widthIsForced(ancestors) {
                    if let problem = coupledImageProblem(ancestors) { return refuse(problem) }
                    freeImages += 1
                }
            case .fixed(let box):
                for value in [box.width, box.height].compactMap({ $0 })
                where !(value.isFinite && value >= 0) {
                    return refuse("fixed sizes must be finite and not negative")
                }
                if let size = box.intrinsicSize,
                    !(size.width.isFinite && size.height.isFinite && size.width >= 0
                        && size.height >= 0)
                {
                    return refuse("an intrinsic size must be finite and not negative")
                }
            case .stack(let stack):
                if let problem = stackProblem(stack) {
                    return refuse(problem)
                }
                if let problem = squeezedStackProblem(stack, path: ancestors) {
                    return refuse(problem)
                }
                if let parent, let position = ancestors.last?.child,
                    let problem = nestedBaselineProblem(node, at: position, in: parent)
                {
                    return refuse(problem)
                }
                // (A hidden stack in a vertical one is as wide as it likes.)
                let hiddenAcross = node.isHidden && parent?.axis == .vertical
                // (A filling or equal-spacing stack's cost then follows the
                // share, see `textSharingCost`, whatever its alignment: the
                // widths pass reads no baseline; an equal-centering one's
                // of two or more visible views too, see `centeredTextCost`.)
                if sharesTextWidth(stack), hiddenAcross || !widthIsForced(ancestors),
                    stack.distribution == .equalCentering,
                    stack.children.filter({ !$0.isHidden }).count < 2
                {
                    return refuse(
                        "a hidden multi-line label beside one visible view in a horizontal equal-centering stack whose width is not fixed (UIKit's text-width disambiguation at 760 then trades against the stack's width)"
                    )
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
        if freeImages > 0, images > 1 || loose > 0 {
            // (An image whose height follows its width as an intrinsic
            // size, its width free too: the engine's passes measure it
            // again at each width the free one's height gives it.)
            return
                "an image whose width required constraints do not fix, beside another image whose height follows its width (their heights' costs are not separable)"
        }
        let levels = levels(of: tree)
        if levels.count > 31 { return "more than 31 distinct priorities (\(levels.count))" }
        return nil
    }

    /// Whether the width of the view at the end of `path` (each stack and
    /// the position of the next view in it, from the root) follows from
    /// required constraints alone.
    static func widthIsForced(_ path: [(stack: StackTree.Stack, child: Int)]) -> Bool {
        for (level, (stack, child)) in path.reversed().enumerated() {
            if stack.children[child].isHidden {
                // A hidden image is 0 high, so 0 wide; a hidden stack is as wide as it likes.
                return level == 0
            }
            if stack.axis == .vertical {
                // (Aligned by baselines, a vertical stack makes no
                // alignment constraint: its views' widths are their own.)
                guard stack.alignment == .fill else {
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

    /// Whether `stack` makes `UISV-text-width-disambiguation` that can
    /// matter: a horizontal stack of the fill, equal-spacing or
    /// equal-centring distribution with a multi-line label, and more than
    /// one visible view or a hidden multi-line label (0 wide, its share
    /// pulls the stack's width at 760).
    static func sharesTextWidth(_ stack: StackTree.Stack) -> Bool {
        guard stack.axis == .horizontal,
            [.fill, .equalSpacing, .equalCentering].contains(stack.distribution)
        else { return false }
        let visible = stack.children.filter { !$0.isHidden }.count
        return stack.children.contains(where: {
            guard case .label(let label) = $0.content, label.numberOfLines != 1 else {
                return false
            }
            return visible > 1 || ($0.isHidden && visible > 0)
        })
    }
}
