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
///
/// A facade over four parts, each a value with its own invariants (stated
/// on its type), and the hierarchy they serve (`views`, `guides`, the stack
/// views to refresh):
/// - the constraint store (`store`, `_ConstraintStore`): the installed
///   constraints, their solver forms both ways, the broken ones counted,
///   the baseline constraints and the version of the installed set;
/// - the intrinsic-size tracker (`intrinsic`, `_IntrinsicSizes`): each
///   view's intrinsic-size constraints and history, the queue of views
///   whose size changed, what waits along fixed axes, and the text views
///   (`_EngineText`, the one seam to `Label`);
/// - the refit plan (`plan`, `_RefitPlan`): the per-row shortcut, valid
///   while its one token equals the store's version;
/// - the solve loop (`loop`, `_SolveLoop`): the root's size mode and
///   constraints, passes, drift checks and how conflicts are judged.
/// The extensions (Building, Changes, LinearForms, Solving, Refit,
/// Conflicts, Ambiguity) are the operations that change them together.
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
    /// (`plan.pendingHeight`) carried into it first: whatever reads or changes
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
    /// While `rebuild` installs, per index of `views`, whether the view's
    /// effective layout direction is right to left (`rightToLeftFlags()`;
    /// any change of direction rebuilds); empty otherwise.
    @exclusivity(unchecked) var rightToLeftViews: [Bool] = []
    /// The weight of the intrinsic-size constraints of the view at each
    /// index of `views`: UIKit's tie-break by arranged index
    /// (StackView+TieBreak.swift); 1 outside stack views.
    @exclusivity(unchecked) var tieWeights: [Double] = []
    /// The installed constraints and their solver forms (see `_ConstraintStore`).
    @exclusivity(unchecked) var store = _ConstraintStore()
    /// The views' intrinsic sizes and their updates (see `_IntrinsicSizes`).
    @exclusivity(unchecked) var intrinsic = _IntrinsicSizes()
    /// The solve loop's state: the root's size, passes, conflicts judged
    /// (see `_SolveLoop`).
    @exclusivity(unchecked) var loop = _SolveLoop()
    /// Conflicts found so far, oldest first (each logged once).
    @exclusivity(unchecked) var unsatisfiable: [UnsatisfiableConstraints] = []
    /// The root's `logRow` whose conflicts in force the conflict handler last heard.
    @exclusivity(unchecked) var conflictsHeardRow: Int?
    /// Ambiguity probes made (constraints added to ask whether an
    /// expression moves, `isFixed`), for tests and profiles.
    @exclusivity(unchecked) var ambiguityProbes = 0

    init(root: View) {
        self.root = root
        rootWidth = root._width
        rootHeight = root._height
        unmanagedSolver = Unmanaged.passUnretained(storedSolver)
    }

    // The constraints' fields this engine's store holds go back, so an
    // engine made later over them (or one living beside it) can take them.
    deinit { store.releaseAll() }

    /// The per-row refit's plan (see `_RefitPlan`, LayoutEngine+Refit.swift).
    @exclusivity(unchecked) var plan = _RefitPlan()
}

// Readings for tests and benchmarks, from the parts.
extension LayoutEngine {
    var installVersion: Int { store.installVersion }
    var pollingHeights: Bool { plan.polling }
    var lastPassCount: Int { loop.lastPassCount }
    var refitCount: Int { loop.refitCount }
    var settledWidthRefitCount: Int { loop.settledWidthRefitCount }
    var settledKeptReadCount: Int { loop.settledKeptReadCount }
    var polledRefitCount: Int { loop.polledRefitCount }
    /// Whether `polledRefit` may answer (see `_SolveLoop.polledRefitEnabled`).
    var polledRefitEnabled: Bool {
        get { loop.polledRefitEnabled }
        set { loop.polledRefitEnabled = newValue }
    }
    var rebuildCount: Int { loop.rebuildCount }
    var freshRebuildCount: Int { loop.freshRebuildCount }
}
