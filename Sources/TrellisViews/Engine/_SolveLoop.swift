// The engine's solve loop: the root's size constraints and the switches
// between fitting and frame layout, solve passes, and how conflicts met on
// the way are judged.

import TrellisGeometry

/// The state of a layout engine's solve loop (LayoutEngine+Solving.swift).
///
/// Invariants:
/// - `rootSize` is empty (a root in frame mode never given a size) or
///   holds the root's width and height constraints for `sizeMode`, in that
///   order, installed, with constants `rootSizeValue`.
/// - `switchesSinceDriftCheck < driftCheckInterval` between layouts: every
///   that many switches of `sizeMode` the tableau's drift is measured.
/// - `reportsConflictsDirectly` only while the solver is built from the
///   hierarchy (and for the rest of that layout); `solvingAfresh` only
///   during `solveAfreshIfDegraded`; `sawTransientConflict` is cleared by
///   every rebuild and by every solve afresh.
/// - The counters only grow.
struct _SolveLoop {
    var sizeMode = LayoutEngine.SizeMode.frame
    var rootSize: [LayoutConstraint] = []
    /// The constants of `rootSize` (compared without touching the constraints).
    var rootSizeValue = Size(width: -1, height: -1)
    /// Number of solve passes in the last layout or measurement (for tests and benchmarks).
    var lastPassCount = 0
    /// Whether conflicts are reported as they are found: while the solver is
    /// built from the hierarchy, and for the rest of a layout that built it.
    /// Otherwise (the solver updated in place: new constants, activations,
    /// baselines, a stack's new arrangement) a conflict may be an artefact
    /// of the order the changes came in (a stack hidden while its labels
    /// still have the last row's baselines), which a hierarchy built for
    /// the row would never meet; it is only noted, and judged on a solver
    /// built afresh from the final constraints, as a new hierarchy would be.
    var reportsConflictsDirectly = false
    var sawTransientConflict = false
    /// Root size switches (fitting ↔ frame, two a row on a reused cell's
    /// slow path) since the tableau's drift was last checked. Removing and
    /// adding the root's size constraints pivots through the cell's own
    /// multipliers, and rounding can grow by their inverse at each switch:
    /// a cell with `width × 0.25` constraints saw a required equality off
    /// by 1e-13, then ×4 a row, 1.1e-6 after 15 rows (a pixel flipped
    /// under rounding; the reuse long run's seed 101600). So every
    /// `driftCheckInterval` switches the required constraints' residuals
    /// are measured, and past `driftLimit` the solver is built afresh.
    var switchesSinceDriftCheck = 0
    static let driftCheckInterval = 4
    /// Largest residual of a required constraint accepted, relative to
    /// the magnitude of its terms (at least 1 point): far above a fresh
    /// tableau's rounding (1e-13), far below what moves a pixel (1e-6).
    static let driftLimit = 1e-10
    /// True during `solveAfreshIfDegraded`: every conflict is real then.
    var solvingAfresh = false
    /// Number of times a degraded solver was built afresh (see `solveAfreshIfDegraded`).
    var freshRebuildCount = 0
    /// Number of measurements the refit answered (for tests and benchmarks).
    var refitCount = 0
    /// How many of those skipped the labels' first pass (`refitSettledWidths`).
    var settledWidthRefitCount = 0
    /// How many of those read the labels' widths, and found them settled,
    /// in a kept basis (`Solver.isProvisionallySettled(at:above:)`).
    var settledKeptReadCount = 0
    /// How many of those `polledRefit` answered (for tests).
    var polledRefitCount = 0
    /// Whether `polledRefit` may answer (tests turn it off to compare it
    /// with the general refit).
    var polledRefitEnabled = true
    /// Number of times the solver was built from the hierarchy (for tests and benchmarks).
    var rebuildCount = 0
}
