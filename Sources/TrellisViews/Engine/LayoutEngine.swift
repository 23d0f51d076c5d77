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
    /// The weight of the intrinsic-size constraints of the view at each
    /// index of `views`: UIKit's tie-break by arranged index
    /// (StackView+TieBreak.swift); 1 outside stack views.
    @exclusivity(unchecked) var tieWeights: [Double] = []
    /// The installed constraints and their solver forms (see `_ConstraintStore`).
    @exclusivity(unchecked) var store = _ConstraintStore()
    /// The views' intrinsic sizes and their updates (see `_IntrinsicSizes`).
    @exclusivity(unchecked) var intrinsic = _IntrinsicSizes()
    /// `store.installVersion` (for tests).
    var installVersion: Int { store.installVersion }
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
    /// Ambiguity probes made (constraints added to ask whether an
    /// expression moves, `isFixed`), for tests and profiles.
    @exclusivity(unchecked) var ambiguityProbes = 0
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

    /// The per-row refit's plan (see `_RefitPlan`, LayoutEngine+Refit.swift).
    @exclusivity(unchecked) var plan = _RefitPlan()
    /// `plan.polling` (for tests).
    var pollingHeights: Bool { plan.polling }
}
