// The engine's direct path for a hierarchy of stack views: a root fitted
// as a self-sizing cell, whose views read back as a stack tree, is laid out
// without a solver (`DirectStackLayout`), and `layoutIfNeeded()` gives its
// views the frames of that layout.

import Synchronization
import TrellisGeometry
import TrellisText

/// A root's layout by the direct path, kept from `systemLayoutSizeFitting`
/// until `layoutIfNeeded()` gives its views their frames.
final class _DirectCell {
    /// The tree the views read as, the views in node order and the
    /// measurer of their text (`StackTree._reading`).
    let tree: StackTree
    let views: [View]
    let measurer: TextMeasurer
    /// The width fitted at, and the layout there.
    let width: Double
    let layout: StackTreeLayout

    init(
        reading: (tree: StackTree, views: [View], measurer: TextMeasurer), width: Double,
        layout: StackTreeLayout
    ) {
        (tree, views, measurer) = reading
        self.width = width
        self.layout = layout
    }

    /// Whether `root` still reads as this tree, with the same views and
    /// measurer, and has the frame size this layout fitted: its frames are
    /// then the engine's at that size.
    /// - Complexity: one reading of the hierarchy, O(views + constraints).
    func holds(for root: View) -> Bool {
        guard root._frame.size == Size(width: width, height: layout.height),
            let reading = try? StackTree._reading(root), reading.measurer === measurer,
            reading.views.count == views.count, reading.tree == tree
        else { return false }
        for (read, kept) in zip(reading.views, views) where read !== kept { return false }
        return true
    }

    /// Gives every view its frame (the root's own frame is the caller's).
    func apply() {
        for (view, frame) in zip(views, layout.frames) { view._frame = frame }
    }
}

/// The direct layouts the engine lays new hierarchies out with, kept from
/// one hierarchy to the next (their measurement tables and the shapes of
/// the trees met, which `DirectStackLayout` bounds), one a measurer, at
/// most four. A thread takes one out while it lays a tree out, so threads
/// never share one.
enum _DirectLayouts {
    private static let kept = Mutex<[_DirectLayoutBox]>([])

    /// The layout of `tree` at `width` measuring with `measurer`, or nil
    /// where the direct path refuses it (the engine then solves).
    static func layout(_ tree: StackTree, width: Double, measurer: TextMeasurer)
        -> StackTreeLayout?
    {
        let box =
            kept.withLock { boxes -> _DirectLayoutBox? in
                guard let index = boxes.lastIndex(where: { $0.layout.measurer === measurer })
                else { return nil }
                return boxes.remove(at: index)
            } ?? _DirectLayoutBox(DirectStackLayout(measurer: measurer))
        let layout = try? box.layout.layout(tree, width: width)
        kept.withLock { boxes in
            if boxes.count == 4 { boxes.removeFirst() }
            boxes.append(box)
        }
        return layout
    }
}

/// A `DirectStackLayout` taken out of `_DirectLayouts` by one thread.
private final class _DirectLayoutBox: @unchecked Sendable {
    var layout: DirectStackLayout
    init(_ layout: DirectStackLayout) { self.layout = layout }
}

extension DirectStackLayout {
    /// The measurer its labels and buttons measure with.
    var measurer: TextMeasurer { narrow.measurer }
}

extension StackTree {
    /// Whether UIKit's constraints leave a view's place open: a hidden view
    /// in a stack of equal spacing or equal centring (tied to its
    /// neighbours by `>=` spacing only), or in a vertical stack aligned by
    /// baselines (no alignment constraint across). Any place satisfies
    /// every constraint there, so the solver's and the direct path's may
    /// differ: the engine leaves such trees to its solver, so that a
    /// hierarchy it has solved once (a reused cell) and a new one are
    /// placed alike.
    /// - Complexity: O(nodes).
    var leavesPlacesOpen: Bool {
        func open(_ stack: Stack) -> Bool {
            let equal = stack.distribution == .equalSpacing || stack.distribution == .equalCentering
            let byBaselines =
                stack.axis == .vertical
                && (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline)
            for child in stack.children {
                if child.isHidden && (equal || byBaselines) { return true }
                if case .stack(let inner) = child.content, open(inner) { return true }
            }
            return false
        }
        return open(root)
    }
}

extension View {
    /// Whether this root view's layout always goes through the solver,
    /// even where its views read as a stack tree (`StackTree.layOutCell`
    /// sets it for its call, so that the constraints path can be compared
    /// with the direct one). False by default.
    package var _solvesAlways: Bool {
        get { _membership.solvesAlways }
        set { _membership.solvesAlways = newValue }
    }

    /// Whether this root was last fitted, and then laid out, by the direct
    /// path (no engine).
    package var _isLaidOutDirectly: Bool {
        _membership.engine == nil && _membership.directCell != nil
    }

    /// `systemLayoutSizeFitting` by the direct path: for a root without an
    /// engine, fitted at a required `width` and the least height (as a
    /// table sizes a self-sizing cell), whose hierarchy reads as a stack
    /// tree (`StackTree(reading:)`) that the direct path lays out and
    /// whose views' places UIKit's constraints fix (`leavesPlacesOpen`).
    /// The layout is kept for `layoutIfNeeded()`; nil where any of this
    /// fails (the engine then solves, as for any hierarchy).
    /// - Complexity: O(views + constraints), then the direct layout.
    func _directFittingSize(width: Double) -> Size? {
        guard !_membership.solvesAlways, type(of: self) == View.self, subviews.count == 1,
            type(of: subviews[0]) == StackView.self
        else { return nil }
        _membership.directCell = nil
        guard let reading = try? StackTree._reading(self), !reading.tree.leavesPlacesOpen,
            let layout = _DirectLayouts.layout(
                reading.tree, width: width, measurer: reading.measurer)
        else { return nil }
        _membership.directCell = _DirectCell(reading: reading, width: width, layout: layout)
        return Size(width: width, height: layout.fittingHeight)
    }

    /// `layoutIfNeeded()` by the direct path: a root fitted by it
    /// (`_directFittingSize`) whose frame has the size it fitted and whose
    /// views still read as the tree it laid out gets that layout's frames.
    /// False otherwise (the engine lays it out).
    /// - Complexity: one reading of the hierarchy.
    func _directLayoutIfFitted() -> Bool {
        guard let cell = _membership.directCell else { return false }
        guard _membership.engine == nil, cell.holds(for: self) else {
            _membership.directCell = nil
            return false
        }
        cell.apply()
        return true
    }
}
