// The refit plan: what the per-row refit (LayoutEngine+Refit.swift) knows
// of the installed constraints, made once after they change.

import TrellisConstraints
import TrellisGeometry

/// The plan of a layout engine's refit: for a reused cell measured again at
/// the same target with only intrinsic sizes changed, how each queued view
/// is updated and the solver handles of every value read, so that a row
/// skips the general bookkeeping.
///
/// Invariants:
/// - The plan holds exactly while `token` equals the engine's
///   `store.installVersion`: one validity token. The engine changes that
///   version whenever the installed constraints change, and drops the plan
///   (`invalidate()`) whenever it changes the solver's membership otherwise
///   (an ambiguity probe), so the handles, which stay valid while the
///   solver's membership does, are never read stale. Debug builds check
///   this against the solver's `membershipVersion`.
/// - `kinds` and `heights` have one entry per view of the engine (and
///   `widthEdits` and `baselineRanges` too, when not empty); `widths` one per width-dependent
///   view, in the engine's order; `heightLabels` lists the `.heightEdit`
///   views; `baselines` holds the installed baseline constraints (and
///   their solver forms) on the `.sizeEdit` views, which the store keeps
///   while the token holds (`baselinesByView` is made for the same
///   `installVersion`).
/// - `baselinesSent` has one entry per entry of `baselines`, and
///   `baselineDrain` is 0 outside `LayoutEngine.refitQueued`'s drain of the queue.
/// - `widthsChecked` is false once the engine has changed a constant in
///   the solver since the widths were last checked (a constant can move a
///   width fixed by required constraints; a suggestion cannot).
/// - `polling` only while the plan holds; `sizes` and `pendingHeight` only
///   while polling exactly one label (`remembersSizes`).
struct _RefitPlan {
    /// How `refit` applies a queued intrinsic-size change of the view at an index.
    enum Kind: UInt8 {
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
        /// A label in edit form whose intrinsic size does not follow its
        /// width (one line, or a preferred width), or does and whose width
        /// is free (a multi-line title beside a price that hugs its text):
        /// a new width or height is one suggestion, or along an axis in
        /// constants form (a required hugging or compression) the pair of
        /// constants; a fixed axis waits, as in `updateContentSize`. A
        /// header's name, handle and time, whose widths the hugging and
        /// compression priorities share out. When baseline constraints
        /// read the label (`baselineRanges`), their new constants follow,
        /// as `reinstallBaselineConstraints` gives them.
        case sizeEdit
    }

    /// `store.installVersion` when the plan was made; -1 for none.
    var token = -1
    #if DEBUG
        /// The solver's `membershipVersion` when the plan was made (checked
        /// against the token in debug builds).
        var membership = UInt64.max
    #endif
    var root = (width: SolverHandle.none, height: SolverHandle.none)
    /// Per view index.
    var kinds: [Kind] = []
    /// Per view index: the intrinsic height's edit handle of `.heightEdit`
    /// labels, and of `.sizeEdit` labels whose height is free.
    var heights: [SolverHandle] = []
    /// Per view index: the intrinsic width's edit handle of `.sizeEdit`
    /// labels whose width is free.
    var widthEdits: [SolverHandle] = []
    /// The indices of the `.heightEdit` labels.
    var heightLabels: [Int] = []
    /// Whether the `.heightEdit` labels are polled: their `_membership.contentDeferred`
    /// is set, so they do not tell the engine of new texts, and every refit
    /// reads their intrinsic size instead (from the label's cache when
    /// nothing changed). A reused cell's subtitle changes on nearly every
    /// row, so asking is cheaper than being told: no lookup of the view's
    /// index and no queue. `prepare` ends the polling (queueing the labels,
    /// so the general path reads them), and so does a rebuild.
    var polling = false
    /// The width handles of the engine's `widthDependentLabels`, in its order.
    var widths: [SolverHandle] = []
    /// Whether no constant has changed in the solver since the widths were
    /// last checked.
    var widthsChecked = false
    /// With one polled label: the root sizes the refit read from the solver,
    /// by that label's height, since anything else last changed. The
    /// solution for a height is the same whenever nothing else changed (an
    /// optimum of the same problem), so a height seen before gives its
    /// size back without the solver, which is told the height only when
    /// something reads it (`pendingHeight`). Emptied by any other use of
    /// the solver, a new plan, and a refit that checks widths.
    var sizes: [(height: Double, size: Size)] = []
    /// The polled label's height, not yet suggested to its edit variable
    /// (while `sizes` has its size): suggested before any other use of
    /// the solver (the engine's `solver`, `applyPendingHeight`).
    var pendingHeight: (value: Double, handle: SolverHandle)?

    /// A baseline constraint on a `.sizeEdit` label, as the refit sends
    /// its constant (`LayoutEngine.solverConstant(of:)`) to the solver:
    /// unretained (the constraint store keeps both while the plan holds),
    /// and lent without reference counting (an `unowned(unsafe)` field
    /// read was retained and released around each use).
    struct Baseline {
        let constraint: Unmanaged<LayoutConstraint>
        let form: Unmanaged<Constraint>
        /// The view indices of the items whose baseline the constraint
        /// reads (-1: the attribute is not a baseline, or the item not a
        /// view: its constant is 0 either way), and whether it is the last.
        let first: Int32
        let second: Int32
        let firstIsLast: Bool
        let secondIsLast: Bool
        /// Whether the constraint has a second item.
        let hasSecond: Bool
        /// The index of the constraint's first entry in `baselines` (each
        /// label it reads lists it): where `baselinesSent` notes it.
        let sentSlot: Int32
    }

    /// The baseline constraints of every `.sizeEdit` label that has some,
    /// label after label, each label's in activation order.
    var baselines: [Baseline] = []
    /// Per view index (or empty when no `.sizeEdit` label has baseline
    /// constraints): the range of `baselines` on the view's constraints.
    var baselineRanges: [Range<Int32>] = []

    /// The `.sizeEdit` labels with baseline constraints, and whether each
    /// had text when the plan was made. A label without text has no
    /// baselines (its bottom edge stands in), so one that gains or loses
    /// its text has its baseline constraints made again, which ends the
    /// plan: such a row is left to the general path before anything is
    /// done (see `LayoutEngine.baselineLabelsKeepTheirShape()`).
    var baselineLabels: [(index: Int, hasText: Bool)] = []

    /// By `sentSlot`: the drain (`baselineDrain`) in which the refit last
    /// sent the constraint's constant.
    var baselinesSent: [UInt64] = []
    /// While `LayoutEngine.refitQueued` empties the queue, a number no
    /// earlier drain had (`beginBaselineDrain()`); 0 otherwise. Within one
    /// drain every label is measured at one width (the widths the solve
    /// gives are read after it), so a baseline constraint's constant,
    /// worked out from its items' offsets at those widths and its own
    /// constant and multiplier, is the one sent earlier in the drain, which
    /// the solver holds: a product card's price, measured when the title's
    /// constraint read its baseline, sends the same constant again only to
    /// find it held (`LayoutEngine.pushConstant`). Such an entry is skipped.
    var baselineDrain: UInt64 = 0
    /// The last drain's number.
    var drains: UInt64 = 0

    /// The priority above which a row whose labels start over may skip
    /// their first pass, their widths settled
    /// (`LayoutEngine.settledWidthLevel()`): nil until asked for this
    /// plan, `.required` where no row may.
    var settledWidthLevel: Priority?
    /// Rows in a row whose widths were not settled, and how many rows
    /// skip the attempt: after two misses in a row the next 32 rows run
    /// the first pass at once (a cell whose labels' own priorities decide
    /// their widths would otherwise pay for the attempt on every row).
    var settledMisses = 0
    var settledBackOff = 0
    /// While set, `LayoutEngine.refitSize` notes a label whose baselines
    /// moved in `heldBaselines` rather than sending its baseline
    /// constraints' constants (`LayoutEngine.refitSettledWidths`, which
    /// sends them once every label is measured at its width).
    var holdsBaselines = false
    var heldBaselines: [Int] = []
    /// The widths `LayoutEngine.refitSettledWidths` read, by width-dependent view.
    var settledWidths: [Double] = []

    /// Starts a drain of the queue (see `baselineDrain`), when there are
    /// baseline constraints to note.
    @inline(__always)
    mutating func beginBaselineDrain() {
        guard !baselines.isEmpty else { return }
        drains &+= 1
        baselineDrain = drains
    }

    /// The `sentSlot` of an entry of `constraint` appended next: its first
    /// entry's index, or the new entry's own.
    func sentSlot(of constraint: LayoutConstraint) -> Int32 {
        let id = Unmanaged.passUnretained(constraint).toOpaque()
        for k in baselines.indices where baselines[k].constraint.toOpaque() == id {
            return Int32(k)
        }
        return Int32(baselines.count)
    }

    /// False when the constant of the constraint whose `sentSlot` is `k`
    /// was sent in this drain already; else true, noting it sent (in a drain).
    @inline(__always)
    mutating func marksBaselineSent(_ k: Int) -> Bool {
        guard baselineDrain != 0 else { return true }
        if baselinesSent[k] == baselineDrain { return false }
        baselinesSent[k] = baselineDrain
        return true
    }

    /// No entry of `baselines` sent in any drain (a new plan's), in the
    /// array's own storage (`Array.append(_:times:)`: most plans have no
    /// entry, and a generic `repeatElement` looks its type up on every call).
    mutating func resetBaselinesSent() {
        baselinesSent.removeAllFromEnd()
        baselinesSent.append(0, times: baselines.count)
    }

    /// The range of `baselines` on the view at `index` (empty for none).
    @inline(__always)
    func baselineRange(at index: Int) -> Range<Int32> {
        baselineRanges.isEmpty ? 0..<0 : baselineRanges[index]
    }

    /// Whether the plan holds for the engine's installed constraints.
    @inline(__always)
    func holds(for installVersion: Int) -> Bool { token == installVersion }

    /// Drops the plan (the solver's membership changed).
    mutating func invalidate() { token = -1 }

    /// Whether the refit remembers root sizes by height (`sizes`): while
    /// exactly one label is polled.
    @inline(__always)
    var remembersSizes: Bool { polling && heightLabels.count == 1 }

    @inline(__always)
    func rememberedSize(height: Double) -> Size? {
        for entry in sizes where entry.height == height { return entry.size }
        return nil
    }
}
