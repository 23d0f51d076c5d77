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
    /// `intrinsic` is then an edit variable of the solver (`Variable` of the
    /// view, held at `intrinsicEditPriority`), so that a template's new
    /// intrinsic size is one `suggestValue`, and both constraints move together, so the
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
        /// The floors (`length >= 0`) under the lengths of a view inside a
        /// stack view's tree (StackView+Floors.swift); constant, so kept
        /// while the intrinsic size changes in place.
        var floors: [LayoutConstraint] = []
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

    /// A required intrinsic-size constraint whose new constant waits (see
    /// `deferredConstantPushes`), with the solver form it was installed as,
    /// when known. (A struct: an array of tuples looks up the tuple's type
    /// metadata at run time on every append.)
    struct DeferredConstant {
        let constraint: LayoutConstraint
        let form: Constraint?
    }

    /// The priority of intrinsic-size edit variables: the highest optional one.
    static let intrinsicEditPriority = LayoutPriority(rawValue: Float(1000).nextDown)

    // Stored state is `@exclusivity(unchecked)`, as the solver's: an engine
    // belongs to one hierarchy used from one thread and never re-enters
    // itself, and the dynamic checks cost a large share of a reused cell's
    // per-row instructions (callgrind).
    unowned(unsafe) let root: View  // the root owns the engine, so outlives it
    /// The root's size variables (read after every measurement).
    let rootWidth: Variable
    let rootHeight: Variable
    /// The solver, with any height suggestion the refit left pending
    /// (`pendingHeight`) carried into it first: whatever reads or changes
    /// the solver through this property sees every intrinsic height.
    var solver: Solver {
        forgetRememberedSizes()
        return storedSolver
    }
    @exclusivity(unchecked) var storedSolver = Solver() {
        didSet { unmanagedSolver = Unmanaged.passUnretained(storedSolver) }
    }
    /// `storedSolver`, lent without reference counting on the per-row path.
    // Safe: `storedSolver` holds the solver, and its `didSet` keeps this in step.
    @exclusivity(unchecked) var unmanagedSolver: Unmanaged<Solver>
    @exclusivity(unchecked) var needsRebuild = true
    @exclusivity(unchecked) var needsLayout = true
    /// Views in preorder (root first) and, for each, the index of its superview.
    @exclusivity(unchecked) var views = _EngineViews()
    @exclusivity(unchecked) var parentIndex: [Int] = []
    @exclusivity(unchecked) var guides: [LayoutGuide] = []
    /// Labels (and image views with an `aspectRatio`) whose intrinsic size
    /// depends on the width the solve gives them (their indices in `views`
    /// and width variables, unretained: the views keep them).
    @exclusivity(unchecked) var widthDependentLabels: [(index: Int, width: Unmanaged<Variable>)] =
        []
    /// The width-dependent labels whose width is free (not fixed by
    /// required equalities) and that measure 0 × 0 without text, as of
    /// `installVersion` `freeWidthLabelsVersion` (see `freeLabelWidthsMatter()`).
    @exclusivity(unchecked) var freeWidthLabels: [Int] = []
    /// Whether some width-dependent view with a free width matters even
    /// without text (an image view, a subclass, a label whose baselines a
    /// constraint reads), as of the same version.
    @exclusivity(unchecked) var freeWidthViewsAlwaysMatter = false
    @exclusivity(unchecked) var freeWidthLabelsVersion = -1
    /// Stack views that fill proportionally (their constraints follow their
    /// views' intrinsic sizes, so they are refreshed before every layout, as
    /// UIKit's `updateConstraints` pass does), unretained: `views` keeps them.
    @exclusivity(unchecked) var proportionalStacks: [Unmanaged<StackView>] = []
    /// Stack views whose constraints wait to be made again (see
    /// `StackView.setNeedsArrangement`), done at the start of the next layout.
    @exclusivity(unchecked) var pendingArrangements: [StackView] = []

    /// Notes that `stack` must make its constraints again before the next layout.
    func stackNeedsArrangement(_ stack: StackView) {
        pendingArrangements.append(stack)
        needsLayout = true
    }
    /// Whether the view at each index of `views` is a `Label`.
    @exclusivity(unchecked) var isLabel: [Bool] = []
    /// The weight of the intrinsic-size constraints of the view at each
    /// index of `views`: UIKit's tie-break by arranged index
    /// (StackView+TieBreak.swift); 1 outside stack views.
    @exclusivity(unchecked) var tieWeights: [Double] = []
    /// Whether the view at each index of `views` always has an intrinsic
    /// width and height (a `Label`, whose empty text is 0 × 0, or a
    /// `Button`, its title plus insets), so that while required constraints
    /// fix its size and nothing reads its baselines, its new intrinsic size
    /// cannot change the layout or which constraints it has: it is not even
    /// measured (`deferContentSize(at:entirely:)`) until they change. A
    /// button bar of fixed cells retitled every row then costs nothing.
    @exclusivity(unchecked) var defersWhenFixed: [Bool] = []
    @exclusivity(unchecked) var solverConstraints: [ObjectIdentifier: Constraint] = [:]
    /// Installed constraints on a first or last baseline (re-made when a label's text changes).
    @exclusivity(unchecked) var baselineConstraints: [LayoutConstraint] = []
    @exclusivity(unchecked) var layoutConstraints: [ObjectIdentifier: LayoutConstraint] =
        [:]
    @exclusivity(unchecked) var itemConstraints: [ObjectIdentifier: ItemConstraints] = [:]
    /// Intrinsic-size constraints per view, indexed like `views`.
    @exclusivity(unchecked) var contents: [ContentConstraints] = []
    @exclusivity(unchecked) var contentHistory: [ContentHistory] = []
    /// Bumped whenever the set of installed constraints changes, so answers
    /// that depend on it (is a label's size fixed?) can be kept until then.
    @exclusivity(unchecked) var installVersion = 0
    /// Indices of views whose intrinsic size changed; those before
    /// `pendingStart` are done. (Indices, not views: retaining a view costs
    /// more than the rest of queueing it.)
    @exclusivity(unchecked) var pendingIntrinsic: [Int] = []
    @exclusivity(unchecked) var pendingStart = 0
    /// Required intrinsic-size constraints whose new constants wait for
    /// the end of `prepare`'s queue (`pushDeferredConstants()`), while
    /// `defersRequiredConstants` is set.
    @exclusivity(unchecked) var deferredConstantPushes: [DeferredConstant] = []
    @exclusivity(unchecked) var defersRequiredConstants = false
    @exclusivity(unchecked) var sizeMode = SizeMode.frame
    @exclusivity(unchecked) var rootSize: [LayoutConstraint] = []
    /// The constants of `rootSize` (compared without touching the constraints).
    @exclusivity(unchecked) var rootSizeValue = Size(width: -1, height: -1)
    /// Conflicts found so far, oldest first (each logged once).
    @exclusivity(unchecked) var unsatisfiable: [UnsatisfiableConstraints] = []
    /// The root's `logRow` whose conflicts in force the conflict handler last heard.
    @exclusivity(unchecked) var conflictsHeardRow: Int?
    /// Number of solve passes in the last layout or measurement (for tests and benchmarks).
    @exclusivity(unchecked) var lastPassCount = 0
    /// Whether conflicts are reported as they are found: while the solver is
    /// built from the hierarchy, and for the rest of a layout that built it.
    /// Otherwise (the solver updated in place: new constants, activations,
    /// baselines, a stack's new arrangement) a conflict may be an artefact
    /// of the order the changes came in (a stack hidden while its labels
    /// still have the last row's baselines), which a hierarchy built for
    /// the row would never meet; it is only noted, and judged on a solver
    /// built afresh from the final constraints, as a new hierarchy would be.
    @exclusivity(unchecked) var reportsConflictsDirectly = false
    @exclusivity(unchecked) var sawTransientConflict = false
    /// Constraints added to and removed from the solver since it was built.
    /// Each change leaves rounding in the tableau (about 1e-16 of the
    /// numbers, more through small pivots); hundreds of them in a reused
    /// cell (constraints switched every row, ambiguity probes) were seen to
    /// move a fitted height by 5e-6 points, a pixel's worth under `ceil`.
    /// Past `refreshThreshold` the solver is built afresh at the next layout.
    @exclusivity(unchecked) var structuralChanges = 0
    /// Ambiguity probes made (constraints added to ask whether an
    /// expression moves, `isFixed`), for tests and profiles.
    @exclusivity(unchecked) var ambiguityProbes = 0
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
    @exclusivity(unchecked) var switchesSinceDriftCheck = 0
    static let driftCheckInterval = 4
    /// Largest residual of a required constraint accepted, relative to
    /// the magnitude of its terms (at least 1 point): far above a fresh
    /// tableau's rounding (1e-13), far below what moves a pixel (1e-6).
    static let driftLimit = 1e-10
    /// True during `solveAfreshIfDegraded`: every conflict is real then.
    @exclusivity(unchecked) var solvingAfresh = false
    /// Number of times a degraded solver was built afresh (see `solveAfreshIfDegraded`).
    @exclusivity(unchecked) var freshRebuildCount = 0
    /// Number of measurements the refit answered (for tests and benchmarks).
    @exclusivity(unchecked) var refitCount = 0
    /// Number of times the solver was built from the hierarchy (for tests and benchmarks).
    @exclusivity(unchecked) var rebuildCount = 0

    init(root: View) {
        self.root = root
        rootWidth = root._width
        rootHeight = root._height
        unmanagedSolver = Unmanaged.passUnretained(storedSolver)
    }

    // MARK: - Installing state

    /// Views whose intrinsic size changed along an axis fixed by required
    /// constraints (see `fixedAxes(at:)`); any change to the installed
    /// constraints updates them again.
    @exclusivity(unchecked) var staleContent: [Int] = []

    // MARK: - Refit plan state (see LayoutEngine+Refit.swift)

    /// How `refit` applies a queued intrinsic-size change of the view at an index.
    enum RefitKind: UInt8 {
        /// Not covered: the general update (`updateContentSize`) runs, and
        /// when it changes the installed constraints the general path.
        case general
        /// A label or button whose size required constraints fix along both axes and
        /// whose baselines nothing reads: its update waits, as in `updateContentSize`.
        case deferred
        /// A multi-line label of automatic width (or an image view with an
        /// `aspectRatio`) whose width required constraints fix, whose
        /// baselines nothing reads, with its intrinsic height in an edit
        /// variable: a new height is one suggestion.
        case heightEdit
        /// A label whose intrinsic size does not follow its width (one line,
        /// or a preferred width) and whose baselines nothing reads, in edit
        /// form: a new width or height is one suggestion, or along an axis
        /// in constants form (a required hugging or compression) the pair
        /// of constants; a fixed axis waits, as in `updateContentSize`. A
        /// header's name, handle and time, whose widths the hugging and
        /// compression priorities share out.
        case sizeEdit
    }

    // The refit plan (see `refit`), valid while both versions are unchanged.
    @exclusivity(unchecked) var refitInstallVersion = -1
    @exclusivity(unchecked) var refitSolverVersion = UInt64.max
    @exclusivity(unchecked) var refitRoot = (width: SolverHandle.none, height: SolverHandle.none)
    /// Per view index.
    @exclusivity(unchecked) var refitKinds: [RefitKind] = []
    /// Per view index: the intrinsic height's edit handle of `.heightEdit`
    /// labels, and of `.sizeEdit` labels whose height is free.
    @exclusivity(unchecked) var refitHeights: [SolverHandle] = []
    /// Per view index: the intrinsic width's edit handle of `.sizeEdit`
    /// labels whose width is free.
    @exclusivity(unchecked) var refitWidthEdits: [SolverHandle] = []
    /// The indices of the `.heightEdit` labels.
    @exclusivity(unchecked) var refitHeightLabels: [Int] = []
    /// Whether the `.heightEdit` labels are polled: their `_membership.contentDeferred`
    /// is set, so they do not tell the engine of new texts, and every refit
    /// reads their intrinsic size instead (from the label's cache when
    /// nothing changed). A reused cell's subtitle changes on nearly every
    /// row, so asking is cheaper than being told: no lookup of the view's
    /// index and no queue. `prepare` ends the polling (queueing the labels,
    /// so the general path reads them), and so does a rebuild.
    @exclusivity(unchecked) var pollingHeights = false
    /// The width handles of `widthDependentLabels`, in its order.
    @exclusivity(unchecked) var refitWidths: [SolverHandle] = []
    @exclusivity(unchecked) var refitCheckedConstants = 0
    /// Bumped whenever the engine changes a constant in the solver.
    @exclusivity(unchecked) var constantChanges = 0
    /// With one polled label: the root sizes the refit read from the solver,
    /// by that label's height, since anything else last changed. The
    /// solution for a height is the same whenever nothing else changed (an
    /// optimum of the same problem), so a height seen before gives its
    /// size back without the solver, which is told the height only when
    /// something reads it (`pendingHeight`). Emptied by any other use of
    /// the solver, a new plan, and a refit that checks widths.
    @exclusivity(unchecked) var refitSizes: [(height: Double, size: Size)] = []
    /// The polled label's height, not yet suggested to its edit variable
    /// (while `refitSizes` has its size): suggested before any other use of
    /// the solver (`solver`, `applyPendingHeight`).
    @exclusivity(unchecked) var pendingHeight: (value: Double, handle: SolverHandle)?
}
