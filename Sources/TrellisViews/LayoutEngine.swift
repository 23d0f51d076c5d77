// One solver per view hierarchy: turns the hierarchy's constraints (the
// user's, frames of autoresizing views, intrinsic sizes, guides) into solver
// constraints, keeps them in step with changes, and reads frames back.

import TrellisConstraints
import TrellisGeometry

/// The layout engine of a hierarchy, owned by its root view.
///
/// Built on the first layout (every constraint added in activation order, so
/// the most recently activated one is broken in a conflict, as in UIKit), then
/// updated in place: a new constant or frame is a `setConstant`, an activation
/// an `add`. Only hierarchy changes (adding or removing views and guides,
/// switching `translatesAutoresizingMaskIntoConstraints` or the layout
/// direction) rebuild it.
final class LayoutEngine {
    /// How the root's size is fixed: by its frame while laying out, or pulled
    /// towards a target size while measuring with `systemLayoutSizeFitting`.
    enum SizeMode: Equatable {
        case frame
        case fitting(horizontal: LayoutPriority, vertical: LayoutPriority)
    }

    /// The constraints the engine makes for one item's frame or guide edges.
    struct ItemConstraints {
        var autoresizing: [LayoutConstraint] = []
        var guide: [LayoutConstraint] = []
    }

    /// A view's intrinsic-size constraints: `size >= intrinsic` at the
    /// compression resistance priority and `size <= intrinsic` at the hugging
    /// priority, per axis with an intrinsic metric.
    ///
    /// A view starts with constants, updated in place (`solverForms`, no
    /// lookups). Once its intrinsic size has changed twice in a row with no
    /// other constraint change in between (a reused cell: only texts change),
    /// it moves to edit form along axes whose two priorities are optional:
    /// `intrinsic` is then an edit
    /// variable of the solver (`Variable` of the view, held at
    /// `intrinsicEditPriority`), as DESIGN.md's templates want: a new intrinsic
    /// size is one `suggestValue`, and both constraints move together, so the
    /// dual simplex never sees the pair disagree halfway through an update.
    /// Nothing else refers to the variable and its edit outranks both
    /// constraints, so it always takes the suggested value exactly: the
    /// solution is the one the constants would give. A required priority
    /// keeps the constants, so that an intrinsic size that cannot be met is
    /// reported as a conflict, as UIKit does.
    struct ContentConstraints {
        /// (width ≥, width ≤) when the view has an intrinsic width, then (height ≥, height ≤).
        var constraints: [LayoutConstraint] = []
        /// The intrinsic size the constraints were made from or last updated to.
        var size = Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
        /// The edit variables holding the intrinsic width and height, when in edit form.
        var width: Variable?
        var height: Variable?
        /// The solver forms of `constraints` (updated in place in constants form).
        var solverForms: [Constraint?] = []
        /// Whether the view is in `pendingIntrinsic` (not yet handled) or `staleContent`.
        var isPending = false
        var isStale = false
        /// `fixedAxes(at:)` as of `installVersion` `fixedVersion`.
        var fixedVersion = -1
        var fixed = (width: false, height: false, baselineFree: true)
    }

    /// How a view's intrinsic size has been changing (see `ContentConstraints`).
    struct ContentHistory {
        /// `installVersion` at the last update, and how many updates in a row found it unchanged.
        var version = -1
        var steadyUpdates = 0
        /// Whether the view's intrinsic sizes are installed in edit form where they can be.
        var prefersEdit = false
    }

    /// The priority of intrinsic-size edit variables: the highest optional one.
    static let intrinsicEditPriority = LayoutPriority(rawValue: Float(1000).nextDown)

    // Stored state is `@exclusivity(unchecked)`, as the solver's: an engine
    // belongs to one hierarchy used from one thread and never re-enters
    // itself, and the dynamic checks cost a large share of a reused cell's
    // per-row instructions (callgrind).
    unowned(unsafe) let root: View  // the root owns the engine, so outlives it
    /// The root's size variables (read after every measurement).
    private let rootWidth: Variable
    private let rootHeight: Variable
    /// The solver, with any height suggestion the refit left pending
    /// (`pendingHeight`) carried into it first: whatever reads or changes
    /// the solver through this property sees every intrinsic height.
    var solver: Solver {
        forgetRememberedSizes()
        return storedSolver
    }
    @exclusivity(unchecked) private var storedSolver = Solver() {
        didSet { unmanagedSolver = Unmanaged.passUnretained(storedSolver) }
    }
    /// `storedSolver`, lent without reference counting on the per-row path.
    @exclusivity(unchecked) private var unmanagedSolver: Unmanaged<Solver>
    @exclusivity(unchecked) var needsRebuild = true
    @exclusivity(unchecked) var needsLayout = true
    /// Views in preorder (root first) and, for each, the index of its superview.
    @exclusivity(unchecked) private(set) var views = _EngineViews()
    @exclusivity(unchecked) private(set) var parentIndex: [Int] = []
    @exclusivity(unchecked) private var guides: [LayoutGuide] = []
    /// Labels whose intrinsic size depends on the width the solve gives them.
    /// (their indices in `views` and width variables, unretained: the labels keep them).
    @exclusivity(unchecked) private var widthDependentLabels:
        [(index: Int, width: Unmanaged<Variable>)] = []
    /// Whether the width of a width-dependent label is free (not fixed by
    /// required equalities), as of `installVersion` `freeWidthLabelsVersion`
    /// (see `resetFreeLabelWidths()`).
    @exclusivity(unchecked) private var hasFreeWidthLabel = false
    @exclusivity(unchecked) private var freeWidthLabelsVersion = -1
    /// Stack views that fill proportionally (their constraints follow their
    /// views' intrinsic sizes, so they are refreshed before every layout, as
    /// UIKit's `updateConstraints` pass does), unretained: `views` keeps them.
    @exclusivity(unchecked) private var proportionalStacks: [Unmanaged<StackView>] = []
    /// Stack views whose constraints wait to be made again (see
    /// `StackView.setNeedsArrangement`), done at the start of the next layout.
    @exclusivity(unchecked) private var pendingArrangements: [StackView] = []

    /// Notes that `stack` must make its constraints again before the next layout.
    func stackNeedsArrangement(_ stack: StackView) {
        pendingArrangements.append(stack)
        needsLayout = true
    }
    /// Whether the view at each index of `views` is a `Label`.
    @exclusivity(unchecked) private var isLabel: [Bool] = []
    @exclusivity(unchecked) private var solverConstraints: [ObjectIdentifier: Constraint] = [:]
    /// Installed constraints on a first or last baseline (re-made when a label's text changes).
    @exclusivity(unchecked) private var baselineConstraints: [LayoutConstraint] = []
    @exclusivity(unchecked) private var layoutConstraints: [ObjectIdentifier: LayoutConstraint] =
        [:]
    @exclusivity(unchecked) private var itemConstraints: [ObjectIdentifier: ItemConstraints] = [:]
    /// Intrinsic-size constraints per view, indexed like `views`.
    @exclusivity(unchecked) private var contents: [ContentConstraints] = []
    @exclusivity(unchecked) private var contentHistory: [ContentHistory] = []
    /// Bumped whenever the set of installed constraints changes, so answers
    /// that depend on it (is a label's size fixed?) can be kept until then.
    @exclusivity(unchecked) private var installVersion = 0
    /// Indices of views whose intrinsic size changed; those before
    /// `pendingStart` are done. (Indices, not views: retaining a view costs
    /// more than the rest of queueing it.)
    @exclusivity(unchecked) private var pendingIntrinsic: [Int] = []
    @exclusivity(unchecked) private var pendingStart = 0
    @exclusivity(unchecked) private var sizeMode = SizeMode.frame
    @exclusivity(unchecked) private var rootSize: [LayoutConstraint] = []
    /// The constants of `rootSize` (compared without touching the constraints).
    @exclusivity(unchecked) private var rootSizeValue = Size(width: -1, height: -1)
    /// Conflicts found so far, oldest first (each logged once).
    @exclusivity(unchecked) private(set) var unsatisfiable: [UnsatisfiableConstraints] = []
    /// Number of solve passes in the last layout or measurement (for tests and benchmarks).
    @exclusivity(unchecked) private(set) var lastPassCount = 0
    /// Whether conflicts are reported as they are found: while the solver is
    /// built from the hierarchy, and for the rest of a layout that built it.
    /// Otherwise (the solver updated in place: new constants, activations,
    /// baselines, a stack's new arrangement) a conflict may be an artefact
    /// of the order the changes came in (a stack hidden while its labels
    /// still have the last row's baselines), which a hierarchy built for
    /// the row would never meet; it is only noted, and judged on a solver
    /// built afresh from the final constraints, as a new hierarchy would be.
    @exclusivity(unchecked) private var reportsConflictsDirectly = false
    @exclusivity(unchecked) private var sawTransientConflict = false
    /// Constraints added to and removed from the solver since it was built.
    /// Each change leaves rounding in the tableau (about 1e-16 of the
    /// numbers, more through small pivots); hundreds of them in a reused
    /// cell (constraints switched every row, ambiguity probes) were seen to
    /// move a fitted height by 5e-6 points, a pixel's worth under `ceil`.
    /// Past `refreshThreshold` the solver is built afresh at the next layout.
    @exclusivity(unchecked) private var structuralChanges = 0
    static let refreshThreshold = 256
    /// Root size switches (fitting ↔ frame, two a row on a reused cell's
    /// slow path) since the tableau's drift was last checked. Removing and
    /// adding the root's size constraints pivots through the cell's own
    /// multipliers, and rounding can grow by their inverse at each switch:
    /// a cell with `width × 0.25` constraints saw a required equality off
    /// by 1e-13, then ×4 a row, 1.1e-6 after 15 rows (a pixel flipped
    /// under rounding; the reuse long run's seed 101600). So every
    /// `driftCheckInterval` switches the required constraints' residuals
    /// are measured, and past `driftLimit` the solver is built afresh.
    @exclusivity(unchecked) private var switchesSinceDriftCheck = 0
    static let driftCheckInterval = 4
    /// Largest residual of a required constraint accepted, relative to
    /// the magnitude of its terms (at least 1 point): far above a fresh
    /// tableau's rounding (1e-13), far below what moves a pixel (1e-6).
    static let driftLimit = 1e-10
    /// True during `solveAfreshIfDegraded`: every conflict is real then.
    @exclusivity(unchecked) private var solvingAfresh = false
    /// Number of times a degraded solver was built afresh (see `solveAfreshIfDegraded`).
    @exclusivity(unchecked) private(set) var freshRebuildCount = 0
    /// Number of times the solver was built from the hierarchy (for tests and benchmarks).
    @exclusivity(unchecked) private(set) var rebuildCount = 0

    init(root: View) {
        self.root = root
        rootWidth = root._width
        rootHeight = root._height
        unmanagedSolver = Unmanaged.passUnretained(storedSolver)
    }

    // MARK: - Building

    /// Rebuilds the solver from the hierarchy, the root at `target` in the
    /// current `sizeMode` (its frame's size when laying out, the fitting
    /// target when measuring): constraints are tried against the real size,
    /// so none is broken, nor logged, against a size never asked for.
    private func rebuild(target: Size) {
        rebuildCount += 1
        defer { structuralChanges = 0 }
        reportsConflictsDirectly = true
        defer { reportsConflictsDirectly = false }
        sawTransientConflict = false
        pendingHeight = nil
        refitSizes.removeAll()
        storedSolver = Solver()
        solverConstraints = [:]
        baselineConstraints = []
        for index in staleContent where index < views.count {
            views.withView(at: index) { $0._contentDeferred = false }
        }
        staleContent.removeAll(keepingCapacity: true)
        stopPollingHeights(requeue: false)
        layoutConstraints = [:]
        itemConstraints = [:]
        contents = []
        contentHistory = []
        installVersion += 1
        pendingIntrinsic.removeAll(keepingCapacity: true)
        pendingStart = 0
        views = _EngineViews()
        parentIndex = []
        guides = []
        widthDependentLabels = []
        proportionalStacks = []
        isLabel = []
        collect(root, parent: -1)
        needsRebuild = false
        needsLayout = true

        install(
            LayoutConstraint(
                root, .left, .equal, nil, .notAnAttribute, constant: 0, priority: .required,
                origin: .rootOrigin, identifier: "Root-Origin-X"))
        install(
            LayoutConstraint(
                root, .top, .equal, nil, .notAnAttribute, constant: 0, priority: .required,
                origin: .rootOrigin, identifier: "Root-Origin-Y"))
        installRootSize(sizeMode, size: target)

        for (index, view) in views.enumerated()
        where index > 0 && view.translatesAutoresizingMaskIntoConstraints {
            installAutoresizing(view, superview: views[parentIndex[index]])
        }
        for index in views.indices { installContentSize(at: index) }
        for guide in guides where guide._kind != .custom { installGuideEdges(guide) }

        var user: [LayoutConstraint] = []
        for view in views { user.append(contentsOf: view._constraints) }
        user.sort { $0._activationOrder < $1._activationOrder }
        for constraint in user where constraint._firstItem != nil { install(constraint) }
    }

    private func collect(_ view: View, parent: Int) {
        let index = views.count
        views.append(view)
        view._contentDeferred = false
        view._engineIndex = index
        view._engineIndexOwner = ObjectIdentifier(self)
        contents.append(ContentConstraints())
        contentHistory.append(ContentHistory())
        parentIndex.append(parent)
        if let guide = view._marginsGuide { guides.append(guide) }
        if let guide = view._safeAreaGuide { guides.append(guide) }
        guides.append(contentsOf: view._layoutGuides)
        isLabel.append(view is Label)
        if let stack = view as? StackView, stack.distribution == .fillProportionally {
            proportionalStacks.append(Unmanaged.passUnretained(stack))
        }
        if let label = view as? Label, label._widthDependent {
            widthDependentLabels.append((index, Unmanaged.passUnretained(label._width)))
        }
        for subview in view.subviews { collect(subview, parent: index) }
    }

    private func installRootSize(_ mode: SizeMode, size: Size) {
        sizeMode = mode
        // A root that was never given a size (frame mode, 0 × 0) has no size
        // constraints yet, as a UIKit view outside any window: constraints
        // activated before it is sized must not be reported as conflicts.
        if mode == .frame && size == .zero {
            rootSize = []
            return
        }
        let (horizontal, vertical, origin, name):
            (LayoutPriority, LayoutPriority, LayoutConstraint.Origin, String)
        switch mode {
        case .frame:
            (horizontal, vertical, origin, name) = (
                .required, .required, .encapsulatedLayout, "Encapsulated-Layout"
            )
        case .fitting(let h, let v):
            (horizontal, vertical, origin, name) = (h, v, .fitting, "Fitting-Size")
        }
        rootSize = [
            LayoutConstraint(
                root, .width, .equal, nil, .notAnAttribute, constant: size.width,
                priority: horizontal, origin: origin, identifier: "\(name)-Width"),
            LayoutConstraint(
                root, .height, .equal, nil, .notAnAttribute, constant: size.height,
                priority: vertical, origin: origin, identifier: "\(name)-Height"),
        ]
        for constraint in rootSize { installRootSizeConstraint(constraint) }
        rootSizeValue = size
        sizeMode = mode
    }

    /// Installs a root size constraint (the size the root is laid out or
    /// fitted at). When it conflicts with required constraints, UIKit keeps
    /// the size and breaks one of the user's constraints; the solver would
    /// leave out the newest constraint, which is this one. So the newest
    /// conflicting user constraint is taken out first, the size installed,
    /// and that constraint added again, to be reported and left out itself.
    private func installRootSizeConstraint(_ constraint: LayoutConstraint) {
        requeueStaleContent()
        installVersion += 1
        var removed: [LayoutConstraint] = []
        for _ in 0..<16 {
            guard let solverConstraint = makeSolverConstraint(constraint) else { break }
            solverConstraints[ObjectIdentifier(constraint)] = solverConstraint
            layoutConstraints[ObjectIdentifier(solverConstraint)] = constraint
            needsLayout = true
            let conflict: ConstraintConflict?
            do {
                conflict = try solver.add(solverConstraint)
            } catch {
                LayoutLog.emit("Could not add \(constraint): \(error)")
                break
            }
            guard let conflict else { break }
            let victim = conflict.conflicting
                .compactMap { layoutConstraints[ObjectIdentifier($0)] }
                .filter { $0._origin == .user }
                .max { $0._activationOrder < $1._activationOrder }
            guard let victim else {
                report(conflict)
                break
            }
            uninstall(constraint)
            uninstall(victim)
            removed.append(victim)
        }
        for victim in removed.reversed() { install(victim) }
    }

    private func installAutoresizing(_ view: View, superview: View) {
        let made = autoresizingConstraints(view, superview: superview)
        itemConstraints[ObjectIdentifier(view), default: ItemConstraints()].autoresizing = made
        for constraint in made { install(constraint) }
    }

    /// The four constraints a frame and an autoresizing mask turn into, as
    /// UIKit's `NSAutoresizingMaskLayoutConstraint`s. Along each axis, the
    /// parts the mask makes flexible (leading margin, size, trailing margin)
    /// share any change of the superview's size in proportion to their
    /// current lengths (equally when those are all 0), so each is a linear
    /// function of the superview's size: `part = weight × size + constant`.
    /// Without flexible parts they are the frame's numbers.
    private func autoresizingConstraints(_ view: View, superview: View) -> [LayoutConstraint] {
        let frame = view._frame
        let mask = view.autoresizingMask
        func axis(
            position: Double, length: Double, superLength: Double,
            flexible: (before: Bool, size: Bool, after: Bool)
        ) -> (position: (Double, Double), length: (Double, Double)) {
            let parts = [position, length, superLength - position - length]
            let isFlexible = [flexible.before, flexible.size, flexible.after]
            let count = isFlexible.filter { $0 }.count
            guard count > 0, superLength > 0 else { return ((0, position), (0, length)) }
            let total = zip(parts, isFlexible).reduce(0) { $0 + ($1.1 ? max($1.0, 0) : 0) }
            let weights = zip(parts, isFlexible).map { part, flexible -> Double in
                guard flexible else { return 0 }
                return total > 0 ? max(part, 0) / total : 1 / Double(count)
            }
            // part(S) = part + weight × (S − S₀)
            return (
                (weights[0], position - weights[0] * superLength),
                (weights[1], length - weights[1] * superLength)
            )
        }
        let horizontal = axis(
            position: frame.minX, length: frame.width, superLength: superview._frame.width,
            flexible: (
                mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                mask.contains(.flexibleRightMargin)
            ))
        let vertical = axis(
            position: frame.minY, length: frame.height, superLength: superview._frame.height,
            flexible: (
                mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                mask.contains(.flexibleBottomMargin)
            ))
        func make(
            _ attribute: LayoutAttribute, _ dimension: LayoutAttribute, _ line: (Double, Double),
            _ name: String
        ) -> LayoutConstraint {
            let (weight, constant) = line
            let isPosition = !attribute.isDimension
            if weight == 0 {
                return LayoutConstraint(
                    view, attribute, .equal, isPosition ? superview : nil,
                    isPosition ? attribute : .notAnAttribute, constant: constant,
                    priority: .required, origin: .autoresizing, identifier: name)
            }
            // A position is measured from the superview's edge: see `linearForm`.
            return LayoutConstraint(
                view, attribute, .equal, superview, dimension, multiplier: weight,
                constant: constant, priority: .required, origin: .autoresizing, identifier: name)
        }
        return [
            make(.left, .width, horizontal.position, "Autoresizing-MinX"),
            make(.top, .height, vertical.position, "Autoresizing-MinY"),
            make(.width, .width, horizontal.length, "Autoresizing-Width"),
            make(.height, .height, vertical.length, "Autoresizing-Height"),
        ]
    }

    /// Makes and installs the intrinsic-size constraints of the view at `index`
    /// (see `ContentConstraints`).
    private func installContentSize(at index: Int) {
        let view = views[index]
        let size = view.intrinsicContentSize
        var content = ContentConstraints()
        content.isPending = contents[index].isPending
        content.isStale = contents[index].isStale
        let axes: [(LayoutAttribute, Double, LayoutPriority, LayoutPriority, String)] = [
            (
                .width, size.width, view._compression.horizontal, view._hugging.horizontal,
                "Horizontal"
            ),
            (.height, size.height, view._compression.vertical, view._hugging.vertical, "Vertical"),
        ]
        for (attribute, value, compression, hugging, axisName) in axes
        where value >= 0 && value.isFinite {
            let pair = [
                LayoutConstraint(
                    view, attribute, .greaterThanOrEqual, nil, .notAnAttribute, constant: value,
                    priority: compression, origin: .compressionResistance,
                    identifier: "Compression-Resistance-\(axisName)"),
                LayoutConstraint(
                    view, attribute, .lessThanOrEqual, nil, .notAnAttribute, constant: value,
                    priority: hugging, origin: .contentHugging,
                    identifier: "Content-Hugging-\(axisName)"),
            ]
            content.constraints += pair
            let editPriority = Self.intrinsicEditPriority
            guard contentHistory[index].prefersEdit, compression < editPriority,
                hugging < editPriority
            else {
                for constraint in pair { content.solverForms.append(install(constraint)) }
                continue
            }
            content.solverForms += [nil, nil]
            let variable = view._intrinsicVariable(attribute == .width ? .horizontal : .vertical)
            do {
                try solver.addEditVariable(variable, priority: editPriority)
                try solver.suggestValue(value, for: variable)
            } catch {
                LayoutLog.emit("Could not edit the intrinsic size of \(view.layoutName): \(error)")
            }
            if attribute == .width { content.width = variable } else { content.height = variable }
            let size = _Linear([(attribute == .width ? view._width : view._height, 1)])
            for constraint in pair {
                install(
                    constraint,
                    as: _makeSolverConstraint(
                        size, constraint.relation, _Linear([(variable, 1)]),
                        priority: constraint.priority,
                        identifier: constraint.identifier))
            }
        }
        content.size = size
        contents[index] = content
    }

    /// Uninstalls the intrinsic-size constraints of the view at `index`.
    private func uninstallContentSize(at index: Int) {
        let content = contents[index]
        defer {
            contents[index].isPending = content.isPending
            contents[index].isStale = content.isStale
        }
        for constraint in content.constraints { uninstall(constraint) }
        for variable in [content.width, content.height].compactMap({ $0 })
        where solver.hasEditVariable(variable) {
            do { try solver.removeEditVariable(variable) } catch {
                LayoutLog.emit("Could not stop editing \(variable): \(error)")
            }
        }
        contents[index] = ContentConstraints()
    }

    /// The index of a view in `views`, nil when it is not in this hierarchy.
    private func index(of view: View) -> Int? {
        // The view's hint is trusted when this engine wrote it: every view of
        // the hierarchy was numbered by the last `collect`.
        if view._engineIndexOwner == ObjectIdentifier(self) { return view._engineIndex }
        // Another engine (a subview measured alone) numbered the view since.
        guard let found = views.firstIndex(where: { $0 === view }) else { return nil }
        view._engineIndex = found
        view._engineIndexOwner = ObjectIdentifier(self)
        return found
    }

    private func installGuideEdges(_ guide: LayoutGuide) {
        guard let owner = guide.owningView else { return }
        let insets = guideInsets(guide, owner: owner)
        let prefix = guide._kind == .safeArea ? "Safe-Area" : "Layout-Margins"
        let made = [
            LayoutConstraint(
                guide, .left, .equal, owner, .left, constant: insets.left, priority: .required,
                origin: .guide, identifier: "\(prefix)-Left"),
            LayoutConstraint(
                guide, .top, .equal, owner, .top, constant: insets.top, priority: .required,
                origin: .guide, identifier: "\(prefix)-Top"),
            LayoutConstraint(
                owner, .right, .equal, guide, .right, constant: insets.right, priority: .required,
                origin: .guide, identifier: "\(prefix)-Right"),
            LayoutConstraint(
                owner, .bottom, .equal, guide, .bottom, constant: insets.bottom,
                priority: .required, origin: .guide, identifier: "\(prefix)-Bottom"),
        ]
        itemConstraints[ObjectIdentifier(guide), default: ItemConstraints()].guide = made
        for constraint in made { install(constraint) }
    }

    private func guideInsets(_ guide: LayoutGuide, owner: View) -> EdgeInsets {
        guide._kind == .safeArea ? owner.safeAreaInsets : owner._effectiveMarginInsets
    }

    // MARK: - Installing

    /// Views whose intrinsic size changed along an axis fixed by required
    /// constraints (see `fixedAxes(at:)`); any change to the installed
    /// constraints updates them again.
    @exclusivity(unchecked) private var staleContent: [Int] = []

    private func requeueStaleContent() {
        guard !staleContent.isEmpty else { return }
        for index in staleContent {
            contents[index].isStale = false
            views.withView(at: index) { $0._contentDeferred = false }
            queueContentSize(at: index)
        }
        staleContent.removeAll(keepingCapacity: true)
    }

    /// Adds a constraint to the solver (in `form`, or as its linear form says);
    /// a conflict is reported and the solver leaves the broken constraint out.
    @discardableResult
    private func install(_ constraint: LayoutConstraint, as form: Constraint? = nil) -> Constraint?
    {
        requeueStaleContent()
        structuralChanges &+= 1
        guard let solverConstraint = form ?? makeSolverConstraint(constraint) else { return nil }
        installVersion += 1
        let id = ObjectIdentifier(constraint)
        if Self.usesBaseline(constraint) { baselineConstraints.append(constraint) }
        solverConstraints[id] = solverConstraint
        layoutConstraints[ObjectIdentifier(solverConstraint)] = constraint
        do {
            if let conflict = try solver.add(solverConstraint) { report(conflict) }
        } catch {
            LayoutLog.emit("Could not add \(constraint): \(error)")
        }
        needsLayout = true
        return solverConstraint
    }

    private static func usesBaseline(_ constraint: LayoutConstraint) -> Bool {
        let attributes = [constraint.firstAttribute, constraint.secondAttribute]
        return attributes.contains(.firstBaseline) || attributes.contains(.lastBaseline)
    }

    private func uninstall(_ constraint: LayoutConstraint) {
        requeueStaleContent()
        structuralChanges &+= 1
        guard
            let solverConstraint = solverConstraints.removeValue(
                forKey: ObjectIdentifier(constraint))
        else { return }
        installVersion += 1
        if Self.usesBaseline(constraint) { baselineConstraints.removeAll { $0 === constraint } }
        layoutConstraints[ObjectIdentifier(solverConstraint)] = nil
        if solver.contains(solverConstraint) {
            do { try solver.remove(solverConstraint) } catch {
                LayoutLog.emit("Could not remove \(constraint): \(error)")
            }
        }
        needsLayout = true
    }

    /// The solver form of a constraint. Leading and trailing resolve to the
    /// right and left edges in a right-to-left layout, where distances along
    /// them also run right to left: `a.leading == b.leading + 20` puts a's right
    /// edge 20 points left of b's (the constant and the inequality flip).
    private func makeSolverConstraint(_ constraint: LayoutConstraint) -> Constraint? {
        guard let (lhs, relation, rhs) = linearForm(constraint) else { return nil }
        return _makeSolverConstraint(
            lhs, relation, rhs, priority: constraint.priority, identifier: constraint.identifier)
    }

    /// `lhs relation rhs` for a constraint, in the solver's variables.
    private func linearForm(_ constraint: LayoutConstraint) -> (_Linear, LayoutRelation, _Linear)? {
        guard let first = constraint._firstItem else { return nil }
        let direction =
            constraint._host?.effectiveUserInterfaceLayoutDirection ?? first._layoutDirection
        let rtl = direction == .rightToLeft
        let mirrored =
            rtl
            && (constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional)
        let lhs = linear(first, constraint.firstAttribute, rightToLeft: rtl)
        var rhs = _Linear(constant: mirrored ? -constraint.constant : constraint.constant)
        if let second = constraint._secondItem {
            rhs.add(
                linear(second, constraint.secondAttribute, rightToLeft: rtl),
                times: constraint.multiplier)
            // A flexible autoresizing margin: `minX == weight × superview.width + c`
            // is measured from the superview's own edge.
            if constraint._origin == .autoresizing, !constraint.firstAttribute.isDimension,
                constraint.secondAttribute.isDimension
            {
                rhs.add(linear(second, constraint.firstAttribute, rightToLeft: rtl), times: 1)
            }
        }
        return (lhs, mirrored ? constraint.relation.flipped : constraint.relation, rhs)
    }

    /// The constant the solver holds for a constraint (rhs − lhs constants of
    /// its linear form). Only baselines add constants of their own, and only
    /// leading/trailing can mirror the sign, so the usual case (sizes, edges)
    /// needs neither the linear form nor the layout direction: the hot path
    /// of a reused cell (intrinsic sizes, fitting sizes) stays allocation-free.
    private func solverConstant(of constraint: LayoutConstraint) -> Double? {
        let first = constraint.firstAttribute
        let second = constraint.secondAttribute
        let usesBaseline =
            first == .firstBaseline || first == .lastBaseline || second == .firstBaseline
            || second == .lastBaseline
        if !usesBaseline && !first.isDirectional && !second.isDirectional {
            return constraint._firstItem == nil ? nil : constraint.constant
        }
        guard let (lhs, _, rhs) = linearForm(constraint) else { return nil }
        return rhs.constant - lhs.constant
    }

    /// An attribute as a linear expression of the item's four variables.
    /// Leading and trailing follow the direction of the view the constraint is
    /// stored on (the items' nearest common ancestor), so both items of a
    /// constraint agree on which edge is leading: a subview forced left to
    /// right inside a right-to-left view lays out its own subviews left to
    /// right, while its place in the superview follows the superview.
    private func linear(_ item: LayoutItem, _ attribute: LayoutAttribute, rightToLeft rtl: Bool)
        -> _Linear
    {
        switch attribute {
        case .left: return _Linear([(item._minX, 1)])
        case .right: return _Linear([(item._minX, 1), (item._width, 1)])
        case .centerX: return _Linear([(item._minX, 1), (item._width, 0.5)])
        case .leading: return linear(item, rtl ? .right : .left, rightToLeft: rtl)
        case .trailing: return linear(item, rtl ? .left : .right, rightToLeft: rtl)
        case .width: return _Linear([(item._width, 1)])
        case .top: return _Linear([(item._minY, 1)])
        case .bottom: return _Linear([(item._minY, 1), (item._height, 1)])
        case .centerY: return _Linear([(item._minY, 1), (item._height, 0.5)])
        case .height: return _Linear([(item._height, 1)])
        case .firstBaseline, .lastBaseline:
            guard let view = item as? View, let offsets = view._baselineOffsetsFromTop else {
                return linear(item, .bottom, rightToLeft: rtl)
            }
            return _Linear(
                [(item._minY, 1)],
                constant: attribute == .firstBaseline ? offsets.first : offsets.last)
        case .notAnAttribute: return _Linear()
        }
    }

    // MARK: - Changes

    func hierarchyDidChange() {
        needsRebuild = true
        needsLayout = true
    }

    func constraintDidActivate(_ constraint: LayoutConstraint) {
        guard !needsRebuild else { return }
        install(constraint)
    }

    func constraintWillDeactivate(_ constraint: LayoutConstraint) {
        guard !needsRebuild else { return }
        uninstall(constraint)
    }

    func constantDidChange(_ constraint: LayoutConstraint) {
        guard !needsRebuild else { return }
        pushConstant(constraint)
    }

    func priorityDidChange(_ constraint: LayoutConstraint) {
        guard !needsRebuild, let solverConstraint = solverConstraints[ObjectIdentifier(constraint)],
            solver.contains(solverConstraint)
        else { return }
        do {
            try solver.setPriority(constraint.priority, for: solverConstraint)
        } catch {
            LayoutLog.emit("Could not change the priority of \(constraint): \(error)")
        }
        needsLayout = true
    }

    /// Sends a constraint's current constant to the solver (cheap).
    private func pushConstant(_ constraint: LayoutConstraint) {
        guard !needsRebuild else { return }
        guard let solverConstraint = solverConstraints[ObjectIdentifier(constraint)] else { return }
        guard solver.contains(solverConstraint) else { return }  // broken earlier: stays out, as in UIKit
        guard let value = solverConstant(of: constraint) else { return }
        do {
            constantChanges &+= 1
            if let conflict = try _setSolverConstant(value, of: solverConstraint, in: solver) {
                // The solver left the constraint out: sizes it fixed may be free.
                installVersion += 1
                requeueStaleContent()
                switch constraint._origin {
                case .autoresizing, .encapsulatedLayout:
                    // The solver left the new frame out. UIKit keeps frames and
                    // breaks one of the constraints fighting them; rebuilding
                    // (frames first, then constraints in activation order)
                    // does the same, and logs that conflict instead.
                    hierarchyDidChange()
                default:
                    report(conflict)
                }
            }
        } catch {
            LayoutLog.emit("Could not change the constant of \(constraint): \(error)")
        }
        needsLayout = true
    }

    private func setConstant(_ value: Double, of constraint: LayoutConstraint) {
        guard constraint.constant != value else { return }
        constraint._setConstant(value)
        pushConstant(constraint)
    }

    func frameDidChange(_ view: View) {
        guard !needsRebuild else { return }
        if view === root {
            if sizeMode == .frame, rootSize.count == 2 {
                setConstant(view._frame.width, of: rootSize[0])
                setConstant(view._frame.height, of: rootSize[1])
                rootSizeValue = view._frame.size
            } else if sizeMode == .frame {
                needsLayout = true  // first size: prepare() installs it and retries broken constraints
            }
            return
        }
        guard let made = itemConstraints[ObjectIdentifier(view)]?.autoresizing, made.count == 4,
            let superview = view.superview
        else { return }
        // Same shapes (a fixed frame, or the same mask): new constants only.
        let remade = autoresizingConstraints(view, superview: superview)
        if zip(made, remade).allSatisfy({
            $0.multiplier == $1.multiplier && $0.secondAttribute == $1.secondAttribute
        }) {
            for (constraint, new) in zip(made, remade) { setConstant(new.constant, of: constraint) }
        } else {
            for constraint in made { uninstall(constraint) }
            installAutoresizing(view, superview: superview)
        }
    }

    func guideInsetsDidChange(_ view: View) {
        guard !needsRebuild else { return }
        for guide in [view._marginsGuide, view._safeAreaGuide].compactMap({ $0 }) {
            guard let made = itemConstraints[ObjectIdentifier(guide)]?.guide, made.count == 4 else {
                continue
            }
            let insets = guideInsets(guide, owner: view)
            for (constraint, value) in zip(
                made, [insets.left, insets.top, insets.right, insets.bottom])
            {
                setConstant(value, of: constraint)
            }
        }
    }

    func intrinsicContentSizeDidChange(_ view: View) {
        needsLayout = true
        guard !needsRebuild else { return }
        guard let index = index(of: view) else { return }
        if isLabel[index], contents[index].fixedVersion == installVersion,
            contents[index].fixed == (true, true, true)
        {
            deferContentSize(at: index, entirely: true)  // as `updateContentSize` would, without queueing
            return
        }
        queueContentSize(at: index)
    }

    private func queueContentSize(at index: Int) {
        guard !contents[index].isPending else { return }
        contents[index].isPending = true
        pendingIntrinsic.append(index)
    }

    func contentPrioritiesDidChange(_ view: View) {
        guard !needsRebuild, let index = index(of: view) else { return }
        uninstallContentSize(at: index)
        installContentSize(at: index)
    }

    /// Along which axes required constraints alone fix the view's size, and
    /// whether nothing reads its baselines. Along a fixed axis the intrinsic
    /// size cannot change the layout (content constraints are never required,
    /// and their error there is the same whatever else moves), so updating it
    /// can wait; a label fixed along both axes with no baseline constraint need
    /// not even measure its text. A one-line title pinned left, right and to a
    /// fixed height is the common case, and a multi-line label pinned left and
    /// right has a fixed width: skipping them keeps a reused cell's per-row
    /// cost to the values that matter. The answer only changes with the
    /// installed constraints, so it is kept until they change.
    @inline(__always)
    private func fixedAxes(at index: Int) -> (width: Bool, height: Bool, baselineFree: Bool) {
        if contents[index].fixedVersion == installVersion { return contents[index].fixed }
        let view = views[index]
        let fixed = (
            width: solver.isDetermined(view._width), height: solver.isDetermined(view._height),
            baselineFree: !baselineConstraints.contains(where: {
                $0._firstItem === view || $0._secondItem === view
            })
        )
        contents[index].fixedVersion = installVersion
        contents[index].fixed = fixed
        return fixed
    }

    /// Brings a view's intrinsic-size constraints to its current intrinsic size:
    /// new values when the same axes have a size (cheap: one suggestion per
    /// axis in edit form), else new constraints. Updates along fixed axes
    /// wait (see `fixedAxes(at:)`): the view is kept in `staleContent`, so
    /// any change to the installed constraints brings it back.
    private func updateContentSize(at index: Int) {
        let isLabel = isLabel[index]
        let installed = !contents[index].constraints.isEmpty
        let fixed =
            installed ? fixedAxes(at: index) : (width: false, height: false, baselineFree: true)
        if isLabel, installed, fixed.width, fixed.height, fixed.baselineFree {
            // Measured later if a constraint change makes its size matter.
            deferContentSize(at: index, entirely: true)
            return
        }
        let old = contents[index].size
        let size = views.withView(at: index) { $0.intrinsicContentSize }
        if size != old {
            let hasWidth = size.width >= 0 && size.width.isFinite
            let hasHeight = size.height >= 0 && size.height.isFinite
            if installed, (old.width >= 0) == hasWidth, (old.height >= 0) == hasHeight,
                contentHistory[index].prefersEdit || !switchesToEditForm(at: index)
            {
                // The content constraints are (width ≥, width ≤) when the view has
                // an intrinsic width, then (height ≥, height ≤): update them in place.
                if hasWidth, size.width != old.width {
                    if fixed.width {
                        deferContentSize(at: index)
                    } else {
                        updateContent(
                            at: index, offset: 0, edit: contents[index].width, from: old.width,
                            to: size.width)
                        contents[index].size.width = size.width
                    }
                }
                if hasHeight, size.height != old.height {
                    if fixed.height {
                        deferContentSize(at: index)
                    } else {
                        updateContent(
                            at: index, offset: hasWidth ? 2 : 0, edit: contents[index].height,
                            from: old.height,
                            to: size.height)
                        contents[index].size.height = size.height
                    }
                }
            } else {
                uninstallContentSize(at: index)
                installContentSize(at: index)
            }
        }
        guard isLabel else { return }
        views.withView(at: index) { view in
            let label = unsafeDowncast(view, to: Label.self)
            if label._baselinesChanged { reinstallBaselineConstraints(of: label) }
        }
    }

    /// Keeps a view's intrinsic-size update waiting (in `staleContent`);
    /// `entirely` when no axis of it matters (see `View._contentDeferred`).
    private func deferContentSize(at index: Int, entirely: Bool = false) {
        guard !contents[index].isStale else { return }
        contents[index].isStale = true
        if entirely { views.withView(at: index) { $0._contentDeferred = true } }
        staleContent.append(index)
    }

    /// Moves one axis's pair of intrinsic-size constraints from `old` to `new`.
    private func updateContent(
        at index: Int, offset: Int, edit: Variable?, from old: Double, to new: Double
    ) {
        needsLayout = true
        guard let edit else {
            updateContentConstants(at: index, offset: offset, from: old, to: new)
            return
        }
        // The constraints' constants only describe them (logs, see
        // `syncContentConstants()`); the solver reads the edit variable.
        do { try solver.suggestValue(new, for: edit) } catch {
            LayoutLog.emit(
                "Could not edit the intrinsic size of \(views[index].layoutName): \(error)")
        }
    }

    /// `updateContent` in constants form: the one that moves away from the
    /// other first, so the pair never asks for an empty range on the way.
    private func updateContentConstants(
        at index: Int, offset: Int, from old: Double, to new: Double
    ) {
        let first = new > old ? offset + 1 : offset
        for k in [first, 2 * offset + 1 - first] {
            let constraint = contents[index].constraints[k]
            guard !constraint.priority.isRequired, let form = contents[index].solverForms[k],
                solver.contains(form)
            else {
                setConstant(new, of: constraint)  // may conflict: reported there
                continue
            }
            // Optional: never a conflict, so straight to the solver.
            constraint._setConstant(new)
            constantChanges &+= 1
            do { _ = try _setSolverConstant(new, of: form, in: solver) } catch {
                LayoutLog.emit("Could not change the constant of \(constraint): \(error)")
            }
        }
    }

    /// Moves a view in constants form to edit form when its intrinsic size
    /// keeps changing while nothing else does (see `ContentConstraints`);
    /// true when it did (its constraints were made again, at the current size).
    private func switchesToEditForm(at index: Int) -> Bool {
        guard !contentHistory[index].prefersEdit else { return false }
        if contentHistory[index].version == installVersion {
            contentHistory[index].steadyUpdates += 1
        } else {
            contentHistory[index].version = installVersion
            contentHistory[index].steadyUpdates = 0
        }
        guard contentHistory[index].steadyUpdates >= 2 else { return false }
        contentHistory[index].prefersEdit = true
        uninstallContentSize(at: index)
        installContentSize(at: index)
        return true
    }

    /// Baseline constraints carry the label's baseline offset as a constant
    /// of the expression; when the text changes they are made again.
    private func reinstallBaselineConstraints(of label: Label) {
        guard label._baselinesChanged else { return }
        label._baselinesChanged = false
        guard !baselineConstraints.isEmpty else { return }
        // Only the (usually few) installed baseline constraints are looked at,
        // so a text change costs nothing here when no baseline is constrained.
        let affected = baselineConstraints.filter {
            $0._firstItem === label || $0._secondItem === label
        }
        for constraint in affected.sorted(by: { $0._activationOrder < $1._activationOrder }) {
            uninstall(constraint)
            install(constraint)
        }
    }

    // MARK: - Solving

    private func prepare(_ mode: SizeMode, size: Size) {
        if structuralChanges > Self.refreshThreshold { needsRebuild = true }
        if needsRebuild {
            sizeMode = mode
            rebuild(target: size)
        }
        stopPollingHeights(requeue: true)
        if mode != sizeMode || rootSize.isEmpty != (mode == .frame && size == .zero) {
            // A constraint broken under the old root size (typically a
            // hierarchy activated before its root had a size) may hold under
            // the new one: rebuild so it is tried again.
            let anyBroken = solverConstraints.values.contains { !solver.contains($0) }
            if anyBroken {
                sizeMode = mode
                rebuild(target: size)
            } else {
                for constraint in rootSize { uninstall(constraint) }
                installRootSize(mode, size: size)
                switchesSinceDriftCheck += 1
                if switchesSinceDriftCheck >= Self.driftCheckInterval {
                    switchesSinceDriftCheck = 0
                    if requiredResidualsDrifted() {
                        sizeMode = mode
                        rebuild(target: size)
                    }
                }
            }
        } else if rootSize.count == 2, size != rootSizeValue {
            setConstant(size.width, of: rootSize[0])
            setConstant(size.height, of: rootSize[1])
            rootSizeValue = size
        }
        // Stacks make their constraints now, against the new target size; one
        // that adds or removes spacer guides changes the hierarchy, and the
        // solver is built again for it.
        if !pendingArrangements.isEmpty {
            let stacks = pendingArrangements
            pendingArrangements.removeAll()
            StackView._arrange(stacks)
            if needsRebuild {
                sizeMode = mode
                rebuild(target: size)
            }
        }
        resetFreeLabelWidths()
        // Proportions from the sizes the labels start from (after the reset,
        // as in a fresh hierarchy).
        for stack in proportionalStacks { _ = stack._withUnsafeGuaranteedRef { $0._refreshProportions() } }
        // Views queued while this runs are appended and handled in turn.
        while pendingStart < pendingIntrinsic.count {
            let index = pendingIntrinsic[pendingStart]
            pendingStart += 1
            contents[index].isPending = false
            updateContentSize(at: index)
        }
        while !pendingIntrinsic.isEmpty { pendingIntrinsic.removeLast() }  // cheaper than removeAll for a few
        pendingStart = 0
        // A conflict met while updating in place is judged on a solver built
        // from the final constraints (see `reportsConflictsDirectly`).
        if sawTransientConflict {
            sizeMode = mode
            rebuildAsNew(target: size)
        }
    }

    /// Whether some required constraint misses the solver's current
    /// solution by more than `driftLimit` (relative to the magnitude of its
    /// terms): rounding has built up in the tableau.
    /// - Complexity: O(terms of the installed constraints).
    private func requiredResidualsDrifted() -> Bool {
        solver.updateVariables()
        for constraint in solverConstraints.values where constraint.priority.isRequired && solver.contains(constraint) {
            var magnitude = max(1, abs(constraint.constant))
            for term in constraint.terms { magnitude = max(magnitude, abs(term.coefficient * term.variable.solvedValue)) }
            if constraint.violation > Self.driftLimit * magnitude { return true }
        }
        return false
    }

    /// Builds the solver as a new hierarchy would: every width-dependent
    /// label starts again from its first pass (unconstrained), so the
    /// states the solver passes through, and any conflict found on the
    /// way, are a new hierarchy's.
    private func rebuildAsNew(target: Size) {
        for (index, _) in widthDependentLabels {
            _ = views.withView(at: index) { unsafeDowncast($0, to: Label.self)._forgetLayoutWidth() }
        }
        rebuild(target: target)
    }

    /// UIKit's two-pass rule, from the start on every layout: a multi-line
    /// label of automatic width is measured unconstrained (on one line)
    /// first, then at the width the solve gives it, again while that width
    /// changes (`solve`), exactly as in a hierarchy laid out for the first
    /// time.
    ///
    /// Starting from the width an earlier row or target left would make the
    /// answer depend on history: a label capped by `width <= 200` that was
    /// 19.7 wide for "ok" would wrap a long text at 19.7 again, and the
    /// hugging constraint would keep it there, so a reused cell could only
    /// get narrower. So when any such label's width is free (not fixed by
    /// required equalities), every width-dependent label starts again from
    /// its first pass: even a label whose own width is fixed has a height in
    /// the first pass that moves the others (through a chain of tops and
    /// bottoms, an aspect ratio, the root's height), so keeping its last
    /// row's height there would send the free ones another way.
    ///
    /// When every width-dependent label's width is fixed (pinned at both
    /// edges, as the built-in cells are), nothing is reset: their solved
    /// widths are the same whatever they were measured at
    /// (`Solver.isDetermined` rows hold dummy symbols only, so no intrinsic
    /// size, always an inequality, enters them), so they are measured at
    /// their final widths in the end either way and the layout equals a
    /// fresh hierarchy's, without the extra pass. (`isDetermined` may miss a
    /// fixed width, never claim a free one: a miss only costs that pass.)
    private func resetFreeLabelWidths() {
        guard !widthDependentLabels.isEmpty else { return }
        if freeWidthLabelsVersion != installVersion {
            hasFreeWidthLabel = widthDependentLabels.contains { !fixedAxes(at: $0.index).width }
            freeWidthLabelsVersion = installVersion
        }
        guard hasFreeWidthLabel else { return }
        for (index, _) in widthDependentLabels {
            let forgot = views.withView(at: index) {
                unsafeDowncast($0, to: Label.self)._forgetLayoutWidth()
            }
            if forgot { queueContentSize(at: index) }
        }
    }

    /// Solves, then re-measures labels whose width changed and solves again
    /// until every width is stable (at most 8 passes).
    ///
    /// Measuring (`updatingAll` false) reads only the widths it needs from
    /// the solver; `Variable.value`s are written by the next layout.
    private func solve(updatingAll: Bool = true) {
        var passes = 0
        while true {
            if updatingAll { solver.updateVariables() }
            passes += 1
            var changed = false
            for (index, widthVariable) in widthDependentLabels {
                let width = widthVariable._withUnsafeGuaranteedRef {
                    updatingAll ? $0.solvedValue : solver.currentValue(of: $0)
                }
                let widthChanged = views.withView(at: index) {
                    $0._layoutWidthDidChange(to: width, by: ObjectIdentifier(self))
                }
                guard widthChanged else { continue }
                updateContentSize(at: index)
                changed = true
            }
            // Proportions follow the sizes the labels were just measured at.
            for stack in proportionalStacks
            where stack._withUnsafeGuaranteedRef({ $0._refreshProportions() }) {
                changed = true
            }
            if !changed || passes >= 8 { break }
        }
        lastPassCount = passes
    }

    /// When rounding has degraded the solver's tableau (`Solver.isDegraded`:
    /// after a long history of changes an optimisation stopped short of the
    /// optimum), or an update in place met a conflict (see
    /// `reportsConflictsDirectly`), builds it afresh from the hierarchy and
    /// solves again, so the answer (and any conflict reported) is the one a
    /// new hierarchy gives. Rare: the reuse
    /// property's long run met it a few times in 100,000 random cells, on
    /// cells whose constraints were added and removed hundreds of times.
    private func solveAfreshIfDegraded(_ mode: SizeMode, size: Size, updatingAll: Bool) {
        guard storedSolver.isDegraded || sawTransientConflict else { return }
        freshRebuildCount += 1
        sizeMode = mode
        rebuildAsNew(target: size)
        prepare(mode, size: size)
        solvingAfresh = true
        defer {
            solvingAfresh = false
            sawTransientConflict = false
        }
        solve(updatingAll: updatingAll)
    }

    /// Solves for the root's frame and assigns every view's frame (rounded to
    /// the pixel grid of the root's `contentScaleFactor`, edges rounded to the
    /// nearest pixel as UIKit does).
    func layout() {
        if !needsRebuild, !needsLayout, pendingIntrinsic.isEmpty, pendingArrangements.isEmpty,
            !pollingHeights, sizeMode == .frame
        {
            return
        }
        let frames = solvedFrames()
        for (index, view) in views.enumerated() where index > 0 {
            view._frame = frames.views[index]
        }
        for (guide, frame) in zip(guides, frames.guides) { guide.layoutFrame = frame }
        needsLayout = false
    }

    /// Solves for the root's current frame and returns every view's frame in
    /// its superview's coordinates (index 0, the root, keeps its frame) and
    /// every guide's in its owning view's, without assigning them.
    func solvedFrames() -> (views: [Rect], guides: [Rect]) {
        prepare(.frame, size: root._frame.size)
        solve()
        solveAfreshIfDegraded(.frame, size: root._frame.size, updatingAll: true)
        let scale = root.contentScaleFactor
        var absolute = [Rect](repeating: .zero, count: views.count)
        var relative = [Rect](repeating: root._frame, count: views.count)
        var indexOfView: [ObjectIdentifier: Int] = [:]
        for (index, view) in views.enumerated() {
            indexOfView[ObjectIdentifier(view)] = index
            let rect = pixelRect(view, scale: scale)
            absolute[index] = rect
            guard index > 0 else { continue }
            let parent = absolute[parentIndex[index]]
            relative[index] = rect.offsetBy(dx: -parent.minX, dy: -parent.minY)
        }
        let guideFrames = guides.map { guide -> Rect in
            guard let owner = guide.owningView, let index = indexOfView[ObjectIdentifier(owner)]
            else { return .zero }
            let origin = absolute[index]
            return pixelRect(guide, scale: scale).offsetBy(dx: -origin.minX, dy: -origin.minY)
        }
        return (relative, guideFrames)
    }

    private func pixelRect(_ item: LayoutItem, scale: Double) -> Rect {
        let minX = PixelGrid.round(item._minX.solvedValue, scale: scale)
        let minY = PixelGrid.round(item._minY.solvedValue, scale: scale)
        let maxX = PixelGrid.round(item._minX.solvedValue + item._width.solvedValue, scale: scale)
        let maxY = PixelGrid.round(item._minY.solvedValue + item._height.solvedValue, scale: scale)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// The root's size with its width and height pulled towards `target` at the
    /// given priorities. The fitting constraints stay installed, so measuring
    /// again (another width, other texts) only changes constants.
    func fittingSize(
        _ target: Size, horizontalPriority: LayoutPriority, verticalPriority: LayoutPriority
    ) -> Size {
        let mode = SizeMode.fitting(horizontal: horizontalPriority, vertical: verticalPriority)
        if proportionalStacks.isEmpty, pendingArrangements.isEmpty, let size = refit(mode, size: target),
            !storedSolver.isDegraded
        {
            return size
        }
        prepare(mode, size: target)
        solve(updatingAll: false)
        solveAfreshIfDegraded(mode, size: target, updatingAll: false)
        needsLayout = true
        if refitInstallVersion != installVersion || refitSolverVersion != solver.membershipVersion {
            makeRefitPlan()
        }
        startPollingHeights()
        return Size(
            width: solver.currentValue(of: rootWidth), height: solver.currentValue(of: rootHeight))
    }

    // MARK: - Refitting

    /// How `refit` applies a queued intrinsic-size change of the view at an index.
    enum RefitKind: UInt8 {
        /// Not covered: the general path runs.
        case general
        /// A label whose size required constraints fix along both axes and
        /// whose baselines nothing reads: its update waits, as in `updateContentSize`.
        case deferred
        /// A multi-line label of automatic width whose width required
        /// constraints fix, whose baselines nothing reads, with its intrinsic
        /// height in an edit variable: a new height is one suggestion.
        case heightEdit
    }

    // The refit plan (see `refit`), valid while both versions are unchanged.
    @exclusivity(unchecked) private var refitInstallVersion = -1
    @exclusivity(unchecked) private var refitSolverVersion = UInt64.max
    @exclusivity(unchecked) private var refitRoot = (width: SolverHandle.none, height: SolverHandle.none)
    /// Per view index.
    @exclusivity(unchecked) private var refitKinds: [RefitKind] = []
    /// Per view index: the intrinsic height's edit handle of `.heightEdit` labels.
    @exclusivity(unchecked) private var refitHeights: [SolverHandle] = []
    /// The indices of the `.heightEdit` labels.
    @exclusivity(unchecked) private var refitHeightLabels: [Int] = []
    /// Whether the `.heightEdit` labels are polled: their `_contentDeferred`
    /// is set, so they do not tell the engine of new texts, and every refit
    /// reads their intrinsic size instead (from the label's cache when
    /// nothing changed). A reused cell's subtitle changes on nearly every
    /// row, so asking is cheaper than being told: no lookup of the view's
    /// index and no queue. `prepare` ends the polling (queueing the labels,
    /// so the general path reads them), and so does a rebuild.
    @exclusivity(unchecked) private(set) var pollingHeights = false
    /// The width handles of `widthDependentLabels`, in its order.
    @exclusivity(unchecked) private var refitWidths: [SolverHandle] = []
    /// Whether required constraints fix the width of every width-dependent
    /// label: then only a constant change can move one (suggestions to edit
    /// variables, which are optional, cannot), so with `constantChanges`
    /// as when they were last checked, they need no checking.
    @exclusivity(unchecked) private var refitWidthsFixed = false
    @exclusivity(unchecked) private var refitCheckedConstants = 0
    /// Bumped whenever the engine changes a constant in the solver.
    @exclusivity(unchecked) private var constantChanges = 0
    /// With one polled label: the root sizes the refit read from the solver,
    /// by that label's height, since anything else last changed. The
    /// solution for a height is the same whenever nothing else changed (an
    /// optimum of the same problem), so a height seen before gives its
    /// size back without the solver, which is told the height only when
    /// something reads it (`pendingHeight`). Emptied by any other use of
    /// the solver, a new plan, and a refit that checks widths.
    @exclusivity(unchecked) private var refitSizes: [(height: Double, size: Size)] = []
    /// The polled label's height, not yet suggested to its edit variable
    /// (while `refitSizes` has its size): suggested before any other use of
    /// the solver (`solver`, `applyPendingHeight`).
    @exclusivity(unchecked) private var pendingHeight: (value: Double, handle: SolverHandle)?

    /// Looks at the installed constraints once after they change, so that
    /// measuring again at the same target (a reused cell's next row) can
    /// skip the general bookkeeping: which queued labels defer, which are
    /// one suggestion, and solver handles for every value read. The plan is
    /// dropped (versions reset) when any of it cannot be had.
    private func makeRefitPlan() {
        stopPollingHeights(requeue: true)
        forgetRememberedSizes()
        refitInstallVersion = -1
        refitSolverVersion = .max
        refitHeightLabels = []
        guard !needsRebuild, rootSize.count == 2, case .fitting = sizeMode else { return }
        let root = (width: solver.valueHandle(for: rootWidth), height: solver.valueHandle(for: rootHeight))
        guard root.width.isValid, root.height.isValid else { return }
        var widths: [SolverHandle] = []
        widths.reserveCapacity(widthDependentLabels.count)
        for (_, width) in widthDependentLabels {
            let handle = width._withUnsafeGuaranteedRef { solver.valueHandle(for: $0) }
            guard handle.isValid else { return }
            widths.append(handle)
        }
        var widthsFixed = true
        for (index, _) in widthDependentLabels where !fixedAxes(at: index).width {
            widthsFixed = false
        }
        var kinds = [RefitKind](repeating: .general, count: views.count)
        var heights = [SolverHandle](repeating: .none, count: views.count)
        var heightLabels: [Int] = []
        for index in views.indices where isLabel[index] && !contents[index].constraints.isEmpty {
            let fixed = fixedAxes(at: index)
            if fixed.width, fixed.height, fixed.baselineFree {
                kinds[index] = .deferred
                continue
            }
            let content = contents[index]
            guard fixed.width, !fixed.height, fixed.baselineFree, contentHistory[index].prefersEdit,
                content.size.width >= 0, content.size.height >= 0, let height = content.height,
                views.withView(at: index, { type(of: $0) == Label.self && unsafeDowncast($0, to: Label.self)._widthDependent })
            else { continue }
            let handle = solver.editHandle(for: height)
            guard handle.isValid else { continue }
            kinds[index] = .heightEdit
            heights[index] = handle
            heightLabels.append(index)
        }
        refitRoot = root
        refitKinds = kinds
        refitHeights = heights
        refitHeightLabels = heightLabels
        refitWidths = widths
        refitWidthsFixed = widthsFixed
        refitCheckedConstants = constantChanges  // `solve` has just checked the widths
        refitInstallVersion = installVersion
        refitSolverVersion = solver.membershipVersion
    }

    /// `fittingSize` for a hierarchy measured before at the same target
    /// with nothing changed since but intrinsic sizes of labels the plan
    /// covers: what `prepare` and `solve` would do, through solver handles
    /// and without their general checks. Nil, having done nothing, when the
    /// plan does not apply.
    @inline(__always)
    private func refit(_ mode: SizeMode, size: Size) -> Size? {
        // A label whose width the solve gives starts every layout from its
        // first pass (`resetFreeLabelWidths`), which the general path does.
        guard refitInstallVersion == installVersion, refitWidthsFixed, !needsRebuild,
            mode == sizeMode, size == rootSizeValue,
            refitSolverVersion == storedSolver.membershipVersion
        else { return nil }
        for k in pendingStart..<pendingIntrinsic.count where refitKinds[pendingIntrinsic[k]] == .general {
            return nil
        }
        return unmanagedSolver._withUnsafeGuaranteedRef { refitQueued($0) }
    }

    /// The body of `refit`, with the solver lent.
    @inline(__always)
    private func refitQueued(_ solver: Solver) -> Size {
        var widthsChecked = refitWidthsFixed && refitCheckedConstants == constantChanges
        while pendingStart < pendingIntrinsic.count {
            let index = pendingIntrinsic[pendingStart]
            pendingStart += 1
            contents[index].isPending = false
            if refitKinds[index] == .deferred {
                deferContentSize(at: index, entirely: true)
            } else if !refitHeight(at: index, solver) {
                widthsChecked = false
            }
        }
        while !pendingIntrinsic.isEmpty { pendingIntrinsic.removeLast() }
        pendingStart = 0
        if pollingHeights {
            for k in 0..<refitHeightLabels.count where !refitHeight(at: refitHeightLabels[k], solver) {
                widthsChecked = false
            }
        } else {
            startPollingHeights()  // the queue held whatever changed
        }
        // `solve(updatingAll: false)`, unless no width can have moved.
        if widthsChecked {
            lastPassCount = 1
            needsLayout = true
            guard remembersSizes else {
                let (width, height) = solver.values(at: refitRoot.width, refitRoot.height)
                return Size(width: width, height: height)
            }
            let height = contents[refitHeightLabels[0]].size.height
            if let known = rememberedSize(height: height) { return known }
            applyPendingHeight()
            let (width, rootHeight) = solver.values(at: refitRoot.width, refitRoot.height)
            let size = Size(width: width, height: rootHeight)
            if refitSizes.count >= 64 { refitSizes.removeAll() }
            refitSizes.append((height, size))
            return size
        }
        // Widths are read and may change: every height goes to the solver
        // first, and the remembered sizes may no longer hold.
        forgetRememberedSizes()
        var passes = 0
        while true {
            passes += 1
            var changed = false
            for k in 0..<refitWidths.count {
                let index = widthDependentLabels[k].index
                let width = solver.value(at: refitWidths[k])
                let label = views.unretainedView(at: index)
                guard label._withUnsafeGuaranteedRef({
                    $0._layoutWidthDidChange(to: width, by: ObjectIdentifier(self))
                }) else {
                    continue
                }
                updateContentSize(at: index)
                changed = true
            }
            // A general update may have changed the installed constraints.
            if refitInstallVersion != installVersion
                || refitSolverVersion != solver.membershipVersion
            {
                solve(updatingAll: false)
                needsLayout = true
                return Size(
                    width: solver.currentValue(of: rootWidth),
                    height: solver.currentValue(of: rootHeight))
            }
            if !changed || passes >= 8 { break }
        }
        refitCheckedConstants = constantChanges
        lastPassCount = passes
        needsLayout = true
        let (width, height) = solver.values(at: refitRoot.width, refitRoot.height)
        return Size(width: width, height: height)
    }

    /// Starts polling the plan's `.heightEdit` labels (see `pollingHeights`)
    /// once their intrinsic sizes are up to date.
    private func startPollingHeights() {
        guard !pollingHeights, !refitHeightLabels.isEmpty, refitInstallVersion == installVersion,
            refitSolverVersion == storedSolver.membershipVersion
        else { return }
        for index in refitHeightLabels { views.withView(at: index) { $0._contentDeferred = true } }
        pollingHeights = true
    }

    /// Stops polling: the labels tell the engine of changes again, and with
    /// `requeue` they are queued, so the next update reads what changed
    /// since the last refit.
    private func stopPollingHeights(requeue: Bool) {
        guard pollingHeights else { return }
        forgetRememberedSizes()
        pollingHeights = false
        for index in refitHeightLabels where index < views.count {
            views.withView(at: index) { $0._contentDeferred = false }
            if requeue { queueContentSize(at: index) }
        }
    }

    /// `updateContentSize` for a `.heightEdit` label: its width is fixed,
    /// so a new intrinsic width waits (`deferContentSize`), and a new height
    /// is suggested to its edit variable.
    /// False when the label's width was last checked by another engine
    /// (then the widths must be checked after all).
    @inline(__always)
    private func refitHeight(at index: Int, _ solver: Solver) -> Bool {
        let old = contents[index].size
        let label = unsafeBitCast(views.unretainedView(at: index), to: Unmanaged<Label>.self)
        let (size, ownWidth) = label._withUnsafeGuaranteedRef {
            ($0._refitIntrinsicSize(), $0._layoutWidthEngine == ObjectIdentifier(self))
        }
        guard size != old else { return ownWidth }
        // Non-negative and finite (NaN fails both checks). Finiteness first:
        // checked as `isFinite` (a mask and one comparison each), the four
        // comparisons compiled to a classification of each number.
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            updateContentSize(at: index)  // no intrinsic metric any more: new constraints
            return ownWidth
        }
        if size.width != old.width { deferContentSize(at: index) }
        if size.height != old.height {
            needsLayout = true
            if remembersSizes {
                // Suggested at the end of the refit unless its size is known
                // (a suggestion sets the value outright: an earlier pending
                // one is moot).
                pendingHeight = (size.height, refitHeights[index])
            } else {
                suggestHeight(size.height, at: refitHeights[index], solver)
            }
            contents[index].size.height = size.height
        }
        return ownWidth
    }

    /// Whether the refit remembers root sizes by height (`refitSizes`):
    /// while exactly one label is polled.
    @inline(__always)
    private var remembersSizes: Bool { pollingHeights && refitHeightLabels.count == 1 }

    @inline(__always)
    private func rememberedSize(height: Double) -> Size? {
        for entry in refitSizes where entry.height == height { return entry.size }
        return nil
    }

    private func suggestHeight(_ height: Double, at handle: SolverHandle, _ solver: Solver) {
        do { try solver.suggestValue(height, at: handle) } catch {
            LayoutLog.emit("Could not edit an intrinsic height (\(height)) of \(root.layoutName): \(error)")
        }
    }

    /// Suggests the pending height, if any, and forgets the remembered
    /// sizes: what any use of the solver other than the refit needs first.
    @inline(__always)
    private func forgetRememberedSizes() {
        applyPendingHeight()
        if !refitSizes.isEmpty { refitSizes.removeAll() }
    }

    /// Suggests the pending height, if any (see `pendingHeight`).
    private func applyPendingHeight() {
        guard let pending = pendingHeight else { return }
        pendingHeight = nil
        suggestHeight(pending.value, at: pending.handle, storedSolver)
    }

    // MARK: - Conflicts

    /// Writes the intrinsic sizes held in edit variables into the constants
    /// of their content constraints, which only describe them (a row's
    /// update leaves them, see `updateContent`); done before describing.
    private func syncContentConstants() {
        for content in contents where content.width != nil || content.height != nil {
            var offset = 0
            for (edit, value) in [
                (content.width, content.size.width), (content.height, content.size.height),
            ] where value >= 0 {
                if edit != nil {
                    content.constraints[offset]._setConstant(value)
                    content.constraints[offset + 1]._setConstant(value)
                }
                offset += 2
            }
        }
    }

    private func report(_ conflict: ConstraintConflict) {
        guard reportsConflictsDirectly || solvingAfresh else {
            // Found while updating the solver in place: the rest of the row's
            // changes may resolve it, so it is judged by building the solver
            // afresh at the next layout (`solveAfreshIfNeeded`).
            sawTransientConflict = true
            return
        }
        syncContentConstants()
        let describe: (Constraint) -> String = { [layoutConstraints] constraint in
            layoutConstraints[ObjectIdentifier(constraint)]?.description ?? "(unknown constraint)"
        }
        // The solver lists the installed constraints the broken one conflicts
        // with; UIKit's log lists the broken one among them, last.
        let report = UnsatisfiableConstraints(
            conflicting: (conflict.conflicting + [conflict.broken]).map(describe),
            broken: describe(conflict.broken))
        guard !unsatisfiable.contains(report) else { return }
        unsatisfiable.append(report)
        LayoutLog.emit(report.description)
    }
}

/// A linear expression of solver variables, built by the engine before it is
/// handed to the solver.
struct _Linear {
    var terms: [(Variable, Double)]
    var constant: Double

    init(_ terms: [(Variable, Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    mutating func add(_ other: _Linear, times factor: Double) {
        for (variable, coefficient) in other.terms {
            terms.append((variable, coefficient * factor))
        }
        constant += other.constant * factor
    }
}

// MARK: - Ambiguity

extension LayoutEngine {
    /// The parts of a view's frame (relative to its superview) that the
    /// constraints do not fix. A part is fixed when the solver reports its
    /// variables determined by required constraints, or when a probe at the
    /// lowest priority (1) asking it to move by one point in either direction
    /// leaves it where it is: it cannot move without breaking something that
    /// matters more. This is the question `hasAmbiguousLayout` answers.
    ///
    /// The probes start from a frame solve made here (`solvingFirst`, unless
    /// the caller has just made one): the solver's tableau after a layout
    /// is not always the vertex whose frames were applied (a reused cell's
    /// later passes may leave it at another vertex of a tie), and a probe
    /// from there missed a tie between two compression resistances at 751
    /// (the reuse long run's seed 24885).
    func ambiguousAttributes(of view: View, solvingFirst: Bool = true) -> [AmbiguousAttribute] {
        if solvingFirst || needsRebuild || needsLayout || pollingHeights || sizeMode != .frame {
            prepare(.frame, size: root._frame.size)
            solve()
            solveAfreshIfDegraded(.frame, size: root._frame.size, updatingAll: true)
            reportsConflictsDirectly = false
        } else {
            solver.updateVariables()
        }
        guard view !== root, let parent = view.superview, view.rootView === root else { return [] }
        let probes: [(AmbiguousAttribute, _Linear)] = [
            (.xPosition, _Linear([(view._minX, 1), (parent._minX, -1)])),
            (.yPosition, _Linear([(view._minY, 1), (parent._minY, -1)])),
            (.width, _Linear([(view._width, 1)])),
            (.height, _Linear([(view._height, 1)])),
        ]
        var missing: [AmbiguousAttribute] = []
        for (attribute, expression) in probes where !isFixed(expression) {
            missing.append(attribute)
        }
        if !missing.isEmpty {
            // Probes may have left open variables elsewhere; start afresh so
            // that asking does not change the next layout.
            hierarchyDidChange()
        }
        return missing
    }

    private func isFixed(_ expression: _Linear) -> Bool {
        if expression.terms.allSatisfy({ solver.isDetermined($0.0) }) { return true }
        let current = value(of: expression)
        for offset in [1.0, -1.0] {
            let probe = _makeSolverConstraint(
                expression, .equal, _Linear(constant: current + offset), priority: 1,
                identifier: "Ambiguity-Probe")
            do {
                structuralChanges &+= 2
                _ = try solver.add(probe)
                solver.updateVariables()
                let moved = abs(value(of: expression) - current) > 1e-6
                try solver.remove(probe)
                solver.updateVariables()
                if moved { return false }
            } catch {
                return true
            }
        }
        return true
    }

    private func value(of expression: _Linear) -> Double {
        expression.terms.reduce(expression.constant) { $0 + $1.0.value * $1.1 }
    }
}

/// The views an engine lays out, root first. The root owns its engine, so the
/// engine holds the root unowned (a strong reference would make the cycle
/// root → engine → root and leak every hierarchy); subviews are held strongly,
/// since they never own the engine.
struct _EngineViews: RandomAccessCollection {
    private unowned(unsafe) var root: View?
    private var subviews: [View] = []
    /// Every view, root first, unretained (the list above keeps them alive):
    /// `withView(at:_:)` lends one without reference counting, which a view
    /// (weakly referenced by constraints, so counted through a side table)
    /// makes costly on a reused cell's per-row path.
    private var unretained: [Unmanaged<View>] = []

    var startIndex: Int { 0 }
    var endIndex: Int { root == nil ? 0 : subviews.count + 1 }
    var count: Int { endIndex }

    subscript(index: Int) -> View {
        index == 0 ? root! : subviews[index - 1]
    }

    mutating func append(_ view: View) {
        if root == nil { root = view } else { subviews.append(view) }
        unretained.append(Unmanaged.passUnretained(view))
    }

    /// The view at `index`, unretained (valid while the list holds it).
    @inline(__always)
    func unretainedView(at index: Int) -> Unmanaged<View> { unretained[index] }

    /// Calls `body` with the view at `index`, without retaining it.
    @inline(__always)
    func withView<Result>(at index: Int, _ body: (View) throws -> Result) rethrows -> Result {
        try unretained[index]._withUnsafeGuaranteedRef(body)
    }
}

// MARK: - Violations

extension LayoutEngine {
    /// Every installed constraint with how far the current solution misses
    /// it (0 when it holds), most important first: what tells two solutions
    /// of one hierarchy apart (the better one has the smaller errors at the
    /// highest priority where they differ). For diagnostics and tests.
    func _violations() -> [(constraint: LayoutConstraint, error: Double)] {
        syncContentConstants()
        solver.updateVariables()
        var result: [(constraint: LayoutConstraint, error: Double)] = []
        for constraint in layoutConstraints.values {
            guard let (lhs, relation, rhs) = linearForm(constraint) else { continue }
            let difference = value(of: lhs) - value(of: rhs)
            let error: Double
            switch relation {
            case .equal: error = abs(difference)
            case .lessThanOrEqual: error = max(0, difference)
            case .greaterThanOrEqual: error = max(0, -difference)
            }
            result.append((constraint, error))
        }
        return result.sorted {
            ($0.constraint.priority, $0.constraint.description) > ($1.constraint.priority, $1.constraint.description)
        }
    }
}
