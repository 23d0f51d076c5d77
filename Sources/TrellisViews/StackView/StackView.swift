// UIStackView for layout: a view that arranges its arranged subviews in a row
// or a column by making constraints, as UIKit does, with UIKit's identifiers.

import TrellisGeometry

/// A view that lays out its arranged subviews along an axis, as `UIStackView`.
///
/// Like UIKit's, it works by making constraints (see
/// `StackView+Constraints.swift`), named as UIKit names them, so a conflict
/// log reads the same: `UISV-canvas-connection` ties the first and last
/// arranged views to the stack's edges (or its layout margins),
/// `UISV-spacing` spaces them, `UISV-fill-equally`,
/// `UISV-fill-proportionally` and `UISV-distributing` size them or their
/// gaps, `UISV-alignment` and `UISV-spanning-boundary` place them across the
/// axis, `UISV-spanning-fit` makes the stack hug them, and `UISV-hiding`
/// collapses a hidden one. The stack has no intrinsic size of its own: its
/// size follows from these constraints and its arranged views' intrinsic
/// sizes, with their hugging and compression resistance deciding who
/// stretches or shrinks, as in UIKit.
///
/// ```swift
/// let row = StackView(arrangedSubviews: [name, handle, time])
/// row.axis = .horizontal
/// row.spacing = 4
/// row.alignment = .firstBaseline
/// ```
open class StackView: View {
    /// The direction views are arranged in, as `UIStackView.Distribution`.
    public enum Distribution: Sendable, CaseIterable {
        /// The views fill the stack along the axis; the one with the lowest
        /// hugging priority stretches, the one with the lowest compression
        /// resistance shrinks.
        case fill
        /// The views fill the stack and are all the same size along the axis.
        case fillEqually
        /// The views fill the stack in proportion to their intrinsic sizes
        /// along the axis.
        case fillProportionally
        /// The views keep their intrinsic sizes; the gaps between them are
        /// equal and at least `spacing`.
        case equalSpacing
        /// The views keep their intrinsic sizes; their centres are equally
        /// far apart, the gaps at least `spacing`.
        case equalCentering
    }

    /// Placement across the axis, as `UIStackView.Alignment`.
    public enum Alignment: Sendable, CaseIterable {
        /// Every view spans the stack across the axis.
        case fill
        /// Views at the leading edge (vertical stacks) or the top (horizontal
        /// stacks: `top` is the same case, as in UIKit).
        case leading
        /// The first baselines line up (horizontal stacks; vertical ones fill).
        case firstBaseline
        /// Views centred across the axis.
        case center
        /// Views at the trailing edge or the bottom (`bottom` is the same case).
        case trailing
        /// The last baselines line up (horizontal stacks; vertical ones fill).
        case lastBaseline

        /// `leading`, as UIKit spells it for horizontal stacks.
        public static var top: Alignment { .leading }
        /// `trailing`, as UIKit spells it for horizontal stacks.
        public static var bottom: Alignment { .trailing }
    }

    /// `setCustomSpacing` value meaning "use `spacing`" (UIKit's `spacingUseDefault`).
    public static let spacingUseDefault = Double.greatestFiniteMagnitude
    /// `setCustomSpacing` value meaning the system spacing, 8 points
    /// (UIKit's `spacingUseSystem`).
    public static let spacingUseSystem = Double.leastNormalMagnitude

    // Stored state is `@exclusivity(unchecked)`, as the engine's (see View).

    /// The views the stack arranges, in order (each is also a subview).
    @exclusivity(unchecked) public private(set) var arrangedSubviews: [View] = []

    /// The axis views are arranged along (`.horizontal` by default, as UIKit).
    @exclusivity(unchecked) public var axis: LayoutAxis = .horizontal {
        didSet { if axis != oldValue { setNeedsArrangement() } }
    }
    /// How views share the space along the axis (`.fill` by default).
    @exclusivity(unchecked) public var distribution: Distribution = .fill {
        didSet {
            if distribution != oldValue {
                setNeedsArrangement()
                // Proportional stacks are refreshed before every layout.
                _rootEngine?.hierarchyDidChange()
            }
        }
    }
    /// Placement across the axis (`.fill` by default).
    @exclusivity(unchecked) public var alignment: Alignment = .fill {
        didSet { if alignment != oldValue { setNeedsArrangement() } }
    }
    /// The gap between adjacent views (0 by default); a minimum for the
    /// equal-spacing distributions. Negative values overlap the views, as
    /// UIKit allows; non-finite values are refused and logged.
    @exclusivity(unchecked) public var spacing: Double = 0 {
        didSet {
            guard spacing.isFinite else {
                LayoutLog.emit("Refused spacing \(spacing) for \(layoutName): it must be finite.")
                spacing = oldValue
                return
            }
            if spacing != oldValue { setNeedsArrangement() }
        }
    }
    /// Whether spacing along a vertical axis runs from one view's last
    /// baseline to the next one's first baseline.
    @exclusivity(unchecked) public var isBaselineRelativeArrangement = false {
        didSet { if isBaselineRelativeArrangement != oldValue { setNeedsArrangement() } }
    }
    /// Whether views are arranged within the layout margins instead of the bounds.
    @exclusivity(unchecked) public var isLayoutMarginsRelativeArrangement = false {
        didSet {
            if isLayoutMarginsRelativeArrangement != oldValue { setNeedsArrangement() }
        }
    }

    /// Spacing after particular views (by identity).
    @exclusivity(unchecked) var _customSpacing: [ObjectIdentifier: Double] = [:]
    /// The constraints the stack made and has active.
    @exclusivity(unchecked) var _arrangement: [LayoutConstraint] = []
    /// Spacer guides of the equal-spacing distributions (`UISV-distributing`).
    @exclusivity(unchecked) var _spacers: [LayoutGuide] = []
    /// The guide around the visible views across the axis
    /// (`UISV-alignment-spanner`), made on first need and kept.
    @exclusivity(unchecked) var _alignmentSpanner: LayoutGuide?
    /// The guide the canvas spans along the axis when every arranged view is
    /// hidden (`UISV-ordering-spanner`), made on first need and kept.
    @exclusivity(unchecked) var _orderingSpanner: LayoutGuide?
    /// The proportional constraints and the intrinsic sizes they were made from.
    @exclusivity(unchecked) var _proportional: (constraints: [LayoutConstraint], sizes: [Double]) =
        ([], [])

    /// A stack arranging `views` (none by default).
    public init(arrangedSubviews views: [View] = []) {
        super.init(frame: .zero)
        for view in views { _append(view, at: arrangedSubviews.count) }
        setNeedsArrangement()
    }

    /// The view that answers for the stack's first baseline, as
    /// `UIStackView`'s (see StackView+Baselines.swift for the whole rule):
    /// "A horizontal stack view returns its tallest view for both the
    /// `forFirstBaselineLayout` and `forLastBaselineLayout` methods. If the
    /// tallest view is also a stack view, it returns the result of calling
    /// `forFirstBaselineLayout` or `forLastBaselineLayout` on the nested
    /// stack view. A vertical stack view returns its first arranged view for
    /// `forFirstBaselineLayout` and its last arranged view for
    /// `forLastBaselineLayout`. If either of these views are also stack
    /// views, then it returns the result of calling `forFirstBaselineLayout`
    /// or `forLastBaselineLayout` on the nested stack view." The stack
    /// itself (its bottom edge) when no arranged view answers.
    open override var forFirstBaselineLayout: View {
        _vendedBaselineView(first: true)?.forFirstBaselineLayout ?? self
    }
    /// The view that answers for the stack's last baseline (see
    /// `forFirstBaselineLayout`).
    open override var forLastBaselineLayout: View {
        _vendedBaselineView(first: false)?.forLastBaselineLayout ?? self
    }

    /// Adds a view at the end of `arrangedSubviews` (and of `subviews`).
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view into `arrangedSubviews` at `index` (clamped), adding
    /// it as a subview when it is not one. A view already arranged moves.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        guard _mayContain(view, "arrange") else { return }
        _append(view, at: index)
        setNeedsArrangement()
    }

    /// Stops arranging `view`; it stays a subview, as in UIKit (remove it
    /// from its superview to take it away).
    public func removeArrangedSubview(_ view: View) {
        guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
        arrangedSubviews.remove(at: index)
        _customSpacing[ObjectIdentifier(view)] = nil
        setNeedsArrangement()
        // The tie-break ranks follow the arranged order (StackView+TieBreak.swift).
        _rootEngine?.hierarchyDidChange()
    }

    /// Sets the spacing after `view` (an arranged view); `spacingUseDefault`
    /// goes back to `spacing`, `spacingUseSystem` uses 8 points.
    public func setCustomSpacing(_ spacing: Double, after view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        guard !spacing.isNaN else {
            LayoutLog.emit("Refused custom spacing NaN after \(view.layoutName) in \(layoutName).")
            return
        }
        _customSpacing[ObjectIdentifier(view)] = spacing == Self.spacingUseDefault ? nil : spacing
        setNeedsArrangement()
    }

    /// The spacing after `view`: its custom spacing, or `spacingUseDefault`.
    public func customSpacing(after view: View) -> Double {
        _customSpacing[ObjectIdentifier(view)] ?? Self.spacingUseDefault
    }

    /// Puts `view` at `index` of `arrangedSubviews` (moving it if it is
    /// there already). Only a subview can be arranged, so a view that is
    /// not one is looked for in none: adding n new views one at a time
    /// costs O(n), not O(n²) (4% of building a column of 10,000 boxes).
    private func _append(_ view: View, at index: Int) {
        if view.superview === self,
            let current = arrangedSubviews.firstIndex(where: { $0 === view })
        {
            arrangedSubviews.remove(at: current)
        }
        // A subview that moves in the arranged order changes the tie-break
        // ranks (StackView+TieBreak.swift); a new one rebuilds anyway.
        if view.superview === self { _rootEngine?.hierarchyDidChange() }
        if view.superview !== self { addSubview(view) }
        view.translatesAutoresizingMaskIntoConstraints = false
        arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
    }

    /// Whether the stack's constraints wait to be made again (see `setNeedsArrangement`).
    @exclusivity(unchecked) var _needsArrangement = false
    /// Arranged views hidden or shown since the last arrangement: their
    /// intrinsic sizes are read again once it is made (a view hidden while
    /// its size was fixed kept an earlier row's content constraints waiting).
    @exclusivity(unchecked) var _shownOrHidden: [View] = []

    /// Notes that the stack's constraints must be made again for its
    /// current settings, and makes them at the start of the next layout (or
    /// of the next question about the layout: conflicts, ambiguity, fitting
    /// sizes), once the row's other changes and the new target size are in,
    /// as UIKit's `updateConstraints` pass does: "The stack view
    /// automatically updates its layout whenever views are added, removed or
    /// inserted into the arrangedSubviews array". Adding n views one at a
    /// time so costs one arrangement, not n (making all n constraints again
    /// after each addition was O(n²)); and making them at once in a
    /// laid-out hierarchy would try them against the previous row's size
    /// and could break one for good where the new row has no conflict.
    func setNeedsArrangement() {
        guard !_needsArrangement else { return }
        _needsArrangement = true
        _rootEngine?.stackNeedsArrangement(self)
    }

    /// Makes the stack's constraints now if they wait to be made (UIKit's
    /// `updateConstraintsIfNeeded()` for a stack view); a layout does it
    /// by itself.
    public func arrangeIfNeeded() {
        guard _needsArrangement else { return }
        StackView._arrange([self])
    }

    /// Makes the constraints of every stack in `root`'s hierarchy that waits
    /// to make them, all at once (`_arrange`): the stacks changed while no
    /// engine laid their hierarchy out, arranged before one builds it.
    static func _arrangeWaiting(in root: View) {
        var waiting: [StackView] = []
        func visit(_ view: View) {
            if let stack = view as? StackView, stack._needsArrangement { waiting.append(stack) }
            for subview in view.subviews { visit(subview) }
        }
        visit(root)
        if !waiting.isEmpty { _arrange(waiting) }
    }

    /// Makes the constraints again for every stack of `stacks` that waits,
    /// all old ones out before any new one is in: nested stacks depend on
    /// each other (a hidden stack is 0 high in its superstack while its own
    /// views need height), so replacing them one stack at a time could
    /// meet a conflict that neither the old nor the new arrangement has.
    /// Each stack is updated by
    /// difference (`_difference(to:)`): its constraints that stay the same
    /// stay active, the others go out (all stacks' first), constants
    /// change, and the new ones come in, so the state in between holds a
    /// subset of the new constraints only, some with their new constants.
    static func _arrange(_ stacks: [StackView]) {
        let waiting = stacks.filter(\._needsArrangement)
        var updates: [(stack: StackView, kept: [LayoutConstraint], added: [LayoutConstraint])] = []
        var retuned: [(constraint: LayoutConstraint, constant: Double)] = []
        for stack in waiting {
            stack._needsArrangement = false
            let difference = stack._difference(to: stack._plannedArrangement())
            LayoutConstraint.deactivate(difference.removed)
            updates.append((stack, difference.kept, difference.added))
            retuned += difference.retuned
        }
        // New constants once the old constraints are out, before the new ones are in.
        for (constraint, constant) in retuned { constraint.constant = constant }
        for update in updates {
            // A new stack keeps none: its list is the added one, shared
            // (`kept + added` copied and retained every constraint).
            update.stack._arrangement =
                update.kept.isEmpty ? update.added : update.kept + update.added
            LayoutConstraint.activate(update.added)
            update.stack._refreshProportions(force: true)
            for view in update.stack._shownOrHidden {
                view._membership.contentDeferred = false
                view.invalidateIntrinsicContentSize()
            }
            update.stack._shownOrHidden.removeAll()
        }
    }

    /// A subview is leaving: it is no longer arranged.
    override func _subviewWillBeRemoved(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        _customSpacing[ObjectIdentifier(view)] = nil
        // Constraints referring to it are deactivated by the removal itself.
        _arrangement.removeAll { $0._firstItem === view || $0._secondItem === view }
        setNeedsArrangement()
    }

    /// An arranged view was hidden or shown: it collapses or comes back.
    override func _subviewVisibilityDidChange(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        _shownOrHidden.append(view)
        setNeedsArrangement()
    }
}
