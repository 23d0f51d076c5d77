// UIView's layout half: a tree of rectangles with constraints, margins, guides,
// intrinsic sizes, right-to-left layout and hit testing. Drawing is not modelled.

import TrellisConstraints
import TrellisGeometry
import TrellisSupport

/// A rectangle in a tree of views, laid out with frames or with Auto Layout,
/// as `UIView`.
///
///     let root = View(frame: Rect(x: 0, y: 0, width: 320, height: 568))
///     let label = Label(text: "Thing 1")
///     label.translatesAutoresizingMaskIntoConstraints = false
///     root.addSubview(label)
///     LayoutConstraint.activate([
///         label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
///         label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
///     ])
///     root.layoutIfNeeded()   // label.frame is now set
///
/// One solver serves a whole hierarchy; it lives on the root view (the view
/// without a superview) and is built on the first layout, then updated in place.
open class View: LayoutItem {
    /// UIKit's `UIView.noIntrinsicMetric`: no intrinsic size along an axis.
    public static let noIntrinsicMetric: Double = -1

    /// `UIView.layoutFittingCompressedSize`: fit as small as the constraints allow.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// `UIView.layoutFittingExpandedSize`: fit as large as the constraints allow.
    public static let layoutFittingExpandedSize = Size(width: 1e7, height: 1e7)

    // The state layout reads on every row of a reused cell, and the
    // hierarchy's state that building and laying out a new one reads (its
    // subviews, constraints, guides, margins, direction), is
    // `@exclusivity(unchecked)`, as the engine's: a hierarchy is used from one
    // thread, and the dynamic checks cost more than the reads themselves
    // (about 600 checks a new feed cell of 13 views, 4% of its instructions,
    // callgrind).
    @exclusivity(unchecked) var _frame: Rect
    /// The view this one is a subview of (nil for a root view).
    public var superview: View? { _superview?.takeUnretainedValue() }
    /// Unretained, and not `weak`: a superview owns its subviews and clears
    /// this in its `deinit`, so it never dangles, and walking up to the root
    /// (every text change does) costs no side-table loads or reference counting.
    @exclusivity(unchecked) var _superview: Unmanaged<View>?
    /// The subviews, back to front (the last is drawn and hit-tested first).
    @exclusivity(unchecked) public private(set) var subviews: [View] = []
    @exclusivity(unchecked) var _constraints: [LayoutConstraint] = []
    /// What the view holds of the layout engine of its hierarchy (see
    /// `_EngineMembership`).
    @exclusivity(unchecked) var _membership = _EngineMembership()
    @exclusivity(unchecked) var _layoutGuides: [LayoutGuide] = []
    @exclusivity(unchecked) var _marginsGuide: LayoutGuide?
    @exclusivity(unchecked) var _safeAreaGuide: LayoutGuide?
    @exclusivity(unchecked) var _hugging: (horizontal: LayoutPriority, vertical: LayoutPriority) = (
        .defaultLow, .defaultLow
    )
    @exclusivity(unchecked) var _compression:
        (horizontal: LayoutPriority, vertical: LayoutPriority) = (
            .defaultHigh, .defaultHigh
        )

    /// A view with the given frame (in its superview's coordinates).
    public init(frame: Rect = .zero) {
        _frame = frame
        super.init(kindName: View._typeName(Self.self))
    }

    deinit {
        // Constraints and guides read nil for this view from here on (its
        // stored properties, the engine among them, are freed before
        // `LayoutItem`'s `deinit` runs).
        _cellStorage?.item = nil
        for subview in subviews { subview._superview = nil }
    }

    override var _owningView: View? { self }

    // MARK: Geometry

    /// The rectangle in the superview's coordinates. Setting it on a view with
    /// `translatesAutoresizingMaskIntoConstraints` updates the constraints it
    /// turns into (cheaply); on a view laid out by constraints the next layout
    /// overwrites it. NaN, infinite or negative sizes are refused and logged.
    public var frame: Rect {
        get { _frame }
        set {
            guard Self._isValid(newValue) else {
                LayoutLog.emit(
                    "Refused frame \(newValue) for \(layoutName): values must be finite and sizes not negative."
                )
                return
            }
            guard newValue != _frame else { return }
            _frame = newValue
            _rootEngine?.frameDidChange(self)
        }
    }

    /// The view's own coordinate space: origin (0, 0) and the frame's size.
    public var bounds: Rect {
        get { Rect(origin: .zero, size: _frame.size) }
        set { frame = Rect(origin: _frame.origin, size: newValue.size) }
    }

    /// The center of the frame, in the superview's coordinates.
    public var center: Point {
        get { Point(x: _frame.midX, y: _frame.midY) }
        set {
            frame = Rect(
                x: newValue.x - _frame.width / 2, y: newValue.y - _frame.height / 2,
                width: _frame.width, height: _frame.height)
        }
    }

    /// Pixels per point, used to round frames and text sizes. A view that was
    /// not given one uses its superview's, and a root without one uses 3 (an
    /// iPhone's `UIScreen.scale`), so setting it on the root sets it for the
    /// whole hierarchy. Values that are not finite and positive are refused
    /// and logged.
    public var contentScaleFactor: Double {
        get { _contentScaleFactor ?? superview?.contentScaleFactor ?? 3 }
        set {
            guard newValue.isFinite, newValue > 0 else {
                LayoutLog.emit(
                    "Refused contentScaleFactor \(newValue) for \(layoutName): it must be finite and positive."
                )
                return
            }
            guard newValue != _contentScaleFactor else { return }
            _contentScaleFactor = newValue
            // Text sizes round to the new grid: measure again.
            _rootEngine?.hierarchyDidChange()
        }
    }

    @exclusivity(unchecked) var _contentScaleFactor: Double?

    static func _isValid(_ rect: Rect) -> Bool {
        rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
            && rect.width >= 0 && rect.height >= 0
    }

    // MARK: Hierarchy

    /// The views in this view's subtree root (the topmost superview, or self).
    public var rootView: View { _unmanagedRoot.takeUnretainedValue() }

    /// The root view, found without retaining the views on the way.
    var _unmanagedRoot: Unmanaged<View> {
        // Safe: a non-nil `_superview` is alive (a superview clears it in its `deinit`).
        var view = Unmanaged.passUnretained(self)
        while let parent = view._withUnsafeGuaranteedRef({ $0._superview }) { view = parent }
        return view
    }

    /// The layout engine of the hierarchy (nil before its first layout).
    var _rootEngine: LayoutEngine? {
        _unmanagedRoot._withUnsafeGuaranteedRef { $0._membership.engine }
    }

    /// Adds a view at the end of `subviews` (in front of the others), removing
    /// it from its previous superview first.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view into `subviews` at an index (clamped to the valid range).
    /// Adding a view to itself or to one of its own descendants is refused and logged.
    public func insertSubview(_ view: View, at index: Int) {
        guard _mayContain(view, "add") else { return }
        if view.superview != nil { view.removeFromSuperview() }
        view._membership.engine = nil
        view._membership.directCell = nil
        view._superview = Unmanaged.passUnretained(self)
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        _rootEngine?.hierarchyDidChange()
    }

    /// Removes the view from its superview, deactivating the constraints that
    /// related its subtree to views outside it (as UIKit does).
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        var ancestor: View? = parent
        while let holder = ancestor {
            for constraint in holder._constraints where constraint._refersToSubtree(of: self) {
                constraint.deactivate()
            }
            ancestor = holder.superview
        }
        parent._subviewWillBeRemoved(self)
        let root = parent.rootView
        parent.subviews.removeAll { $0 === self }
        _superview = nil
        root._membership.engine?.hierarchyDidChange()
    }

    /// Whether `view` may become a subview (it is not this view or one of
    /// its ancestors); logs the refusal of `action` ("add", "arrange") if not.
    func _mayContain(_ view: View, _ action: String) -> Bool {
        guard view !== self, !isDescendant(of: view) else {
            LayoutLog.emit(
                "Refused to \(action) \(view.layoutName) in \(layoutName): a view cannot contain itself."
            )
            return false
        }
        return true
    }

    /// True when `view` is this view or one of its ancestors.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The nearest view that both views descend from (nil in different trees).
    /// - Complexity: O(depth), without allocating (a set of one side's
    ///   ancestors was 8% of a new column of 1,000 boxes, callgrind).
    func nearestCommonAncestor(with other: View) -> View? {
        View._nearestCommonAncestor(.passUnretained(self), .passUnretained(other))?
            .takeUnretainedValue()
    }

    /// The constraints stored on this view (those whose nearest common ancestor it is).
    public var constraints: [LayoutConstraint] { _constraints }

    // MARK: Auto Layout settings

    /// When true (the default, as UIKit), the frame becomes four required
    /// constraints on the view's position and size relative to its superview
    /// (identifiers `Autoresizing-MinX`, `-MinY`, `-Width`, `-Height`); they
    /// appear in conflict logs like UIKit's `NSAutoresizingMaskLayoutConstraint`.
    /// Set it to false for views positioned by your constraints.
    @exclusivity(unchecked) public var translatesAutoresizingMaskIntoConstraints = true {
        didSet {
            if translatesAutoresizingMaskIntoConstraints != oldValue {
                _rootEngine?.hierarchyDidChange()
            }
        }
    }

    /// Which parts of the frame follow the superview's size while
    /// `translatesAutoresizingMaskIntoConstraints` is true, as UIKit's
    /// `autoresizingMask` (none by default: the frame stays as set).
    @exclusivity(unchecked) public var autoresizingMask: AutoresizingMask = [] {
        didSet { if autoresizingMask != oldValue { _rootEngine?.frameDidChange(self) } }
    }

    /// Insets of the layout margins from the edges (8 on each side by default,
    /// as UIKit); `layoutMarginsGuide` follows them.
    @exclusivity(unchecked) public var layoutMargins = EdgeInsets(all: 8) {
        didSet { _insetsDidChange(\.layoutMargins, from: oldValue, name: "layoutMargins") }
    }

    /// The region not covered by bars or the screen's rounded corners, as insets
    /// from the edges; set by whoever hosts the view (zero by default).
    @exclusivity(unchecked) public var safeAreaInsets = EdgeInsets.zero {
        didSet { _insetsDidChange(\.safeAreaInsets, from: oldValue, name: "safeAreaInsets") }
    }

    /// When true (the default, as UIKit), the layout margins are measured from
    /// the safe area instead of the edges.
    @exclusivity(unchecked) public var insetsLayoutMarginsFromSafeArea = true {
        didSet { _rootEngine?.guideInsetsDidChange(self) }
    }

    /// Refuses non-finite insets (restoring the old ones) or updates the guides.
    private func _insetsDidChange(
        _ insets: ReferenceWritableKeyPath<View, EdgeInsets>, from oldValue: EdgeInsets,
        name: String
    ) {
        guard Self._isValid(self[keyPath: insets]) else {
            LayoutLog.emit("Refused \(name) for \(layoutName): insets must be finite.")
            self[keyPath: insets] = oldValue
            return
        }
        _rootEngine?.guideInsetsDidChange(self)
    }

    static func _isValid(_ insets: EdgeInsets) -> Bool {
        insets.top.isFinite && insets.left.isFinite && insets.bottom.isFinite
            && insets.right.isFinite
    }

    /// The insets the layout-margins guide has from the view's edges.
    var _effectiveMarginInsets: EdgeInsets {
        guard insetsLayoutMarginsFromSafeArea else { return layoutMargins }
        return EdgeInsets(
            top: layoutMargins.top + safeAreaInsets.top,
            left: layoutMargins.left + safeAreaInsets.left,
            bottom: layoutMargins.bottom + safeAreaInsets.bottom,
            right: layoutMargins.right + safeAreaInsets.right)
    }

    /// A guide inset from the edges by `layoutMargins` (created on first use).
    public var layoutMarginsGuide: LayoutGuide {
        if let guide = _marginsGuide { return guide }
        let guide = LayoutGuide(kind: .layoutMargins, owner: self)
        _marginsGuide = guide
        _rootEngine?.hierarchyDidChange()
        return guide
    }

    /// A guide inset from the edges by `safeAreaInsets` (created on first use).
    public var safeAreaLayoutGuide: LayoutGuide {
        if let guide = _safeAreaGuide { return guide }
        let guide = LayoutGuide(kind: .safeArea, owner: self)
        _safeAreaGuide = guide
        _rootEngine?.hierarchyDidChange()
        return guide
    }

    /// The guides added with `addLayoutGuide(_:)`.
    public var layoutGuides: [LayoutGuide] { _layoutGuides }

    /// Adds a guide (removing it from its previous view first).
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide._kind == .custom else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        _layoutGuides.append(guide)
        _rootEngine?.hierarchyDidChange()
    }

    /// Removes a guide and deactivates the constraints that refer to it.
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard let index = _layoutGuides.firstIndex(where: { $0 === guide }) else { return }
        var ancestor: View? = self
        while let holder = ancestor {
            for constraint in holder._constraints
            where constraint._firstItem === guide || constraint._secondItem === guide {
                constraint.deactivate()
            }
            ancestor = holder.superview
        }
        _layoutGuides.remove(at: index)
        guide.owningView = nil
        _rootEngine?.hierarchyDidChange()
    }

    // MARK: Direction

    /// How this view picks its layout direction (inherit by default).
    @exclusivity(unchecked) public var semanticContentAttribute = SemanticContentAttribute
        .unspecified
    {
        didSet {
            if semanticContentAttribute != oldValue { _rootEngine?.hierarchyDidChange() }
        }
    }

    /// The direction of the environment, used by a root view whose
    /// `semanticContentAttribute` is `.unspecified` (UIKit's trait collection
    /// `layoutDirection`: right to left for Arabic or Hebrew apps).
    @exclusivity(unchecked) public var traitLayoutDirection = UserInterfaceLayoutDirection
        .leftToRight
    {
        didSet { if traitLayoutDirection != oldValue { _rootEngine?.hierarchyDidChange() } }
    }

    /// The direction leading and trailing follow in this view: forced by
    /// `semanticContentAttribute`, else the superview's, else `traitLayoutDirection`.
    public var effectiveUserInterfaceLayoutDirection: UserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceLeftToRight: return .leftToRight
        case .forceRightToLeft: return .rightToLeft
        case .unspecified:
            return superview?.effectiveUserInterfaceLayoutDirection ?? traitLayoutDirection
        }
    }

    // MARK: Intrinsic size

    /// The size the content needs, per axis, or `View.noIntrinsicMetric`
    /// (the default) along an axis with no natural size. Subclasses override it
    /// and call `invalidateIntrinsicContentSize()` when it changes.
    open var intrinsicContentSize: Size {
        Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }

    /// True when the intrinsic size depends on the width the layout gives
    /// the view (a multi-line `Label`, an `ImageView` with an `aspectRatio`).
    var _widthDependent: Bool { false }

    /// The view as the engine reads a text view (`_EngineText`), or nil.
    var _engineText: (any _EngineText)? { nil }

    /// For a view whose size depends on the width the layout gives it: told
    /// that width, true when it must be measured again (see `Label`).
    func _layoutWidthDidChange(to width: Double, by engine: ObjectIdentifier) -> Bool { false }

    /// Forgets the width the layout last gave a width-dependent view (UIKit's
    /// first pass measures it unconstrained); true when it had one.
    func _forgetLayoutWidth() -> Bool { false }

    /// The variable holding the intrinsic size along an axis.
    func _intrinsicVariable(_ axis: LayoutAxis) -> Variable {
        let variables =
            _membership.intrinsicVariables
            ?? (Variable("\(layoutName).intrinsicWidth"), Variable("\(layoutName).intrinsicHeight"))
        _membership.intrinsicVariables = variables
        return axis == .horizontal ? variables.horizontal : variables.vertical
    }

    /// Tells the layout that `intrinsicContentSize` changed; the next layout
    /// updates the constraints it turned into (in place, no rebuild).
    public func invalidateIntrinsicContentSize() {
        // Its engine already waits to read the size again (see `_EngineMembership.contentDeferred`).
        if _membership.contentDeferred { return }
        guard
            let engine = _unmanagedRoot._withUnsafeGuaranteedRef({ $0._membership.unmanagedEngine })
        else {
            return
        }
        engine._withUnsafeGuaranteedRef { $0.intrinsicContentSizeDidChange(self) }
    }

    /// Distance from the top of the view to its first and last baselines.
    /// Views without text have both at their bottom edge, as UIKit's views do
    /// (nil here means "the bottom").
    var _baselineOffsetsFromTop: (first: Double, last: Double)? { nil }

    /// The view whose first baseline is this view's, as UIKit's
    /// `forFirstBaselineLayout`: "Returns a view used to satisfy first
    /// baseline constraints. [...] When you make a constraint to a view's
    /// `NSLayoutConstraint.Attribute.firstBaseline` attribute, Auto Layout
    /// uses the baseline of the view returned by this method. [...] The
    /// returned view must be a subview of the receiver. The default
    /// implementation returns the value contained by
    /// `forLastBaselineLayout`." The engine reads it (and then the returned
    /// view's own, down the chain) wherever a constraint or a stack uses
    /// this view's `.firstBaseline`, in the root's coordinates: the
    /// returned view's baseline, where it lies now. A view that is not
    /// this view or one of its descendants is not used (this view stands).
    /// See View+BaselineLayout.swift.
    open var forFirstBaselineLayout: View { forLastBaselineLayout }
    /// The view whose last baseline is this view's, as UIKit's
    /// `forLastBaselineLayout`: "Returns a view used to satisfy last
    /// baseline constraints. [...] The default implementation returns the
    /// receiving view." `StackView` overrides both (its first or last
    /// visible arranged view, or its tallest, as UIKit's).
    open var forLastBaselineLayout: View { self }

    /// The first line of text's baseline (the bottom edge for views without text).
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .firstBaseline) }
    /// The last line of text's baseline (the bottom edge for views without text).
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .lastBaseline) }

    // MARK: Layout

    /// Solves the constraints of the whole hierarchy (if anything changed) and
    /// sets every view's frame from the solution, as `layoutIfNeeded()`.
    /// Multi-line labels get their width from the solve and their height from
    /// the text engine; the solve repeats while a label's width still changes
    /// (normally two passes). The root view's own frame is left as it is.
    ///
    /// - Complexity: after the first layout, proportional to what changed
    ///   (the solver is updated in place), not to the number of views.
    public func layoutIfNeeded() {
        let root = rootView
        if root._directLayoutIfFitted() { return }
        let engine = root._engineCreatingIfNeeded()
        engine.layout()
    }

    /// Marks the hierarchy as needing layout; the next `layoutIfNeeded()` solves
    /// even when nothing else changed.
    public func setNeedsLayout() {
        _rootEngine?.needsLayout = true
    }

    /// The size the view needs for its constraints, as
    /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`:
    /// its width and height are pulled towards `targetSize` at the two fitting
    /// priorities. `.required` width with `.fittingSizeLevel` height gives a
    /// self-sizing cell's height at a width. Frames are not changed.
    ///
    /// Measuring a hierarchy's root reuses its solver: after the first call,
    /// changing label texts or the target width only updates constants.
    /// A subview is measured alone, with the constraints inside its subtree.
    ///
    /// Reuse guarantee: a reused hierarchy (a cell shown again with other
    /// texts, images, target sizes, constants, priorities, or constraints
    /// activated and deactivated) gives the size and, after
    /// `layoutIfNeeded()`, the frames and diagnostics that the same
    /// hierarchy built afresh gives: frames on the pixel grid are equal, the
    /// fitted size agrees to the solver's precision (it treats magnitudes
    /// below 1e-8 as zero, so raw solutions reached by other pivots agree to
    /// about 1e-8 relative). Every layout runs UIKit's
    /// two passes from the start: multi-line labels of automatic width are
    /// measured unconstrained, then at their solved widths until those are
    /// stable; nothing is carried over from an earlier row. The guarantee
    /// holds where the layout is defined: a required conflict breaks a
    /// constraint for good (as in UIKit), and where several layouts are
    /// equally good (`hasAmbiguousLayout`, or ties in the passes that measure
    /// labels) either may come back. The reuse property tests check it on
    /// thousands of random cells.
    /// Cost: cells whose multi-line labels are pinned at both edges keep the
    /// fast path (no extra pass); when a label's width is free, every
    /// width-dependent label is measured twice per layout.
    ///
    /// A root without an engine fitted this way (a required width, a height
    /// of 0 at `.fittingSizeLevel`) whose views read as a stack tree
    /// (`StackTree(reading:)`) is laid out without a solver, by
    /// `DirectStackLayout`, which gives the solver's size and frames; the
    /// next `layoutIfNeeded()` gives its frames where nothing changed in
    /// between. Anything that asks for the solver builds it (see "The
    /// engine's direct path" in docs/stack-direct-path.md).
    /// - Complexity: like `layoutIfNeeded()` for a root view.
    public func systemLayoutSizeFitting(
        _ targetSize: Size, withHorizontalFittingPriority horizontalPriority: LayoutPriority,
        verticalFittingPriority verticalPriority: LayoutPriority
    ) -> Size {
        guard targetSize.width.isFinite, targetSize.height.isFinite else {
            LayoutLog.emit(
                "Refused systemLayoutSizeFitting(\(targetSize)) for \(layoutName): the target size must be finite."
            )
            return _frame.size
        }
        if _superview == nil, let engine = _membership.unmanagedEngine {
            // A root measured before (a reused cell): its engine, lent.
            return engine._withUnsafeGuaranteedRef {
                $0.fittingSize(
                    targetSize, horizontalPriority: horizontalPriority,
                    verticalPriority: verticalPriority)
            }
        }
        if _superview == nil, horizontalPriority == .required,
            verticalPriority == .fittingSizeLevel, targetSize.height == 0,
            let size = _directFittingSize(width: targetSize.width)
        {
            return size
        }
        let engine = superview == nil ? _engineCreatingIfNeeded() : LayoutEngine(root: self)
        return engine.fittingSize(
            targetSize, horizontalPriority: horizontalPriority, verticalPriority: verticalPriority)
    }

    /// `systemLayoutSizeFitting` with both fitting priorities at `.fittingSizeLevel`.
    public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
        systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
    }

    func _engineCreatingIfNeeded() -> LayoutEngine {
        if let engine = _membership.engine { return engine }
        _membership.directCell = nil
        let engine = LayoutEngine(root: self)
        _membership.engine = engine
        return engine
    }

    // MARK: Hit testing

    /// Whether hit testing considers this view (true by default).
    public var isUserInteractionEnabled = true
    /// The data row a root view shows (its data line), handed with each
    /// conflict to `LayoutLog.setConflictHandler`'s handler; nil by default.
    @exclusivity(unchecked) public var logRow: Int?
    /// Hidden views are skipped by hit testing (they still take part in layout).
    @exclusivity(unchecked) public var isHidden = false {
        didSet {
            if isHidden != oldValue { superview?._subviewVisibilityDidChange(self) }
        }
    }

    /// Called when a subview is hidden or shown (a stack view collapses it).
    func _subviewVisibilityDidChange(_ view: View) {}

    /// Called when a subview is about to leave, after the constraints tying
    /// it to the rest of the hierarchy were deactivated (a stack view stops
    /// arranging it).
    func _subviewWillBeRemoved(_ view: View) {}
}
