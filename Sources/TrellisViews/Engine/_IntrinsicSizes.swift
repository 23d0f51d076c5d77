// The engine's intrinsic-size tracker: each view's intrinsic-size
// constraints, the queue of views whose intrinsic size changed, and what
// waits (updates along fixed axes, required constants).

import TrellisConstraints
import TrellisGeometry

/// The intrinsic sizes of a layout engine's views and their updates.
///
/// Invariants:
/// - The per-view arrays (`texts`, `defersWhenFixed`, `contents`,
///   `contentHistory`) have one entry per view of the engine, in the order
///   of its `views`; `widthDependentLabels`, `freeWidthLabels`,
///   `pendingIntrinsic` and `staleContent` hold indices into them.
/// - A view is in `pendingIntrinsic` at or after `pendingStart` exactly
///   when its `contents[index].isPending` is set (once: `enqueue` skips a
///   queued view), and in `staleContent` exactly when `isStale` is set.
/// - `contents[index].size` is the intrinsic size the view's constraints
///   were made from or last updated to; the constraints say so in their
///   constants, or in edit form in their edit variables.
/// - `contents[index].fixed` and `freeWidthLabels` are answers for the
///   installed constraints as of the version they record
///   (`fixedVersion`, `freeWidthLabelsVersion`); a new version of the
///   constraint store asks again.
/// - `deferredConstantPushes` is empty unless `defersRequiredConstants` is
///   set or the engine is about to push them.
struct _IntrinsicSizes {
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

        /// Makes this entry `ContentConstraints()` for `size`, its
        /// `isPending` and `isStale` kept, in place (a view without an
        /// intrinsic size: building a new entry and storing it copied the
        /// old one and destroyed both, 400 instructions a view).
        mutating func reset(size: Size) {
            let (isPending, isStale) = (self.isPending, self.isStale)
            self = ContentConstraints()
            self.isPending = isPending
            self.isStale = isStale
            self.size = size
        }
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

    /// The view at each index of `views` as a text view (`_EngineText`),
    /// nil for any other view.
    var texts: [_EngineTextRef?] = []
    /// Whether the view at each index of `views` always has an intrinsic
    /// width and height (a text view, whose empty text is 0 × 0, or a
    /// `Button`, its title plus insets), so that while required constraints
    /// fix its size and nothing reads its baselines, its new intrinsic size
    /// cannot change the layout or which constraints it has: it is not even
    /// measured (`deferContentSize(at:entirely:)`) until they change. A
    /// button bar of fixed cells retitled every row then costs nothing.
    var defersWhenFixed: [Bool] = []
    /// Labels (and image views with an `aspectRatio`) whose intrinsic size
    /// depends on the width the solve gives them (their indices in `views`
    /// and width variables, unretained: the views keep them).
    var widthDependentLabels: [(index: Int, width: Unmanaged<Variable>)] = []
    /// The width-dependent labels whose width is free (not fixed by
    /// required equalities) and that measure 0 × 0 without text, as of
    /// `installVersion` `freeWidthLabelsVersion` (see `freeLabelWidthsMatter()`).
    var freeWidthLabels: [Int] = []
    /// Whether some width-dependent view with a free width matters even
    /// without text (an image view, a subclass, a label whose baselines a
    /// constraint reads), as of the same version.
    var freeWidthViewsAlwaysMatter = false
    var freeWidthLabelsVersion = -1
    /// Intrinsic-size constraints per view, indexed like `views`.
    var contents: [ContentConstraints] = []
    var contentHistory: [ContentHistory] = []
    /// Indices of views whose intrinsic size changed; those before
    /// `pendingStart` are done. (Indices, not views: retaining a view costs
    /// more than the rest of queueing it.)
    var pendingIntrinsic: [Int] = []
    var pendingStart = 0
    /// Views whose intrinsic size changed along an axis fixed by required
    /// constraints (see `fixedAxes(at:)`); any change to the installed
    /// constraints updates them again.
    var staleContent: [Int] = []
    /// Required intrinsic-size constraints whose new constants wait for
    /// the end of `prepare`'s queue (`pushDeferredConstants()`), while
    /// `defersRequiredConstants` is set.
    var deferredConstantPushes: [DeferredConstant] = []
    var defersRequiredConstants = false

    /// Empties the tracker for a solver built afresh (the engine then
    /// collects its views again).
    mutating func removeAll() {
        contents = []
        contentHistory = []
        pendingIntrinsic.removeAll(keepingCapacity: true)
        pendingStart = 0
        widthDependentLabels = []
        texts = []
        defersWhenFixed = []
    }

    /// Room for the entries of `count` views (a rebuild collects them all
    /// at once: grown one view at a time, the four lists were copied
    /// about four times each for a new feed cell of 13 views, two
    /// percent of its instructions, callgrind).
    mutating func reserveCapacity(_ count: Int) {
        contents.reserveCapacity(count)
        contentHistory.reserveCapacity(count)
        texts.reserveCapacity(count)
        defersWhenFixed.reserveCapacity(count)
    }

    /// Appends the entries of a newly collected view.
    mutating func append(text: (any _EngineText)?, defersWhenFixed defers: Bool) {
        contents.append(ContentConstraints())
        contentHistory.append(ContentHistory())
        texts.append(text.map(_EngineTextRef.init))
        defersWhenFixed.append(defers)
    }

    /// Queues the view at `index` for an update, once.
    @inline(__always)
    mutating func enqueue(_ index: Int) {
        guard !contents[index].isPending else { return }
        contents[index].isPending = true
        pendingIntrinsic.append(index)
    }

    /// The next queued view, no longer pending; nil when the queue is done.
    @inline(__always)
    mutating func dequeue() -> Int? {
        guard pendingStart < pendingIntrinsic.count else { return nil }
        let index = pendingIntrinsic[pendingStart]
        pendingStart += 1
        contents[index].isPending = false
        return index
    }

    /// Whether queued views remain.
    @inline(__always)
    var hasQueued: Bool { pendingStart < pendingIntrinsic.count }

    /// Empties the handled queue.
    @inline(__always)
    mutating func clearQueue() {
        // cheaper than removeAll for a few
        while !pendingIntrinsic.isEmpty { pendingIntrinsic.removeLast() }
        pendingStart = 0
    }
}
