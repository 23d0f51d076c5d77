// The per-row refit: a reused cell measured again at the same target with
// only intrinsic sizes changed skips the general bookkeeping and goes
// through solver handles (the plan is made once after the constraints change).

import TrellisConstraints
import TrellisGeometry

extension LayoutEngine {

    /// `updateContentSize` for a `.sizeEdit` label: a new width or height
    /// is suggested to its edit variable, or waits along a fixed axis.
    /// False when the update needed the general path (no intrinsic metric
    /// any more: new constraints).
    @inline(__always)
    func refitSize(at index: Int, _ solver: Solver) -> Bool {
        let old = intrinsic.contents[index].size
        // Only an exact text view gets the kind that reaches here.
        let text = intrinsic.texts[index].unsafelyUnwrapped
        let baselines = plan.baselineRange(at: index)
        let size: Size
        var baselinesMoved = false
        if baselines.isEmpty {
            size = text.refitIntrinsicSize()
        } else {
            (size, baselinesMoved) = text.sizeAndBaselineMove()
        }
        if size != old {
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0
            else {
                // No intrinsic metric any more: new constraints, and the
                // baselines as the general update makes them.
                if baselinesMoved { text.with { $0._baselinesChanged = true } }
                updateContentSize(at: index)
                return false
            }
            refitNewSize(size, from: old, at: index, solver)
        }
        // As `updateContentSize` ends: the baseline constraints follow
        // (later, while the plan holds them: `refitSettledWidths`).
        guard baselinesMoved else { return true }
        if plan.holdsBaselines {
            plan.heldBaselines.append(index)
            return true
        }
        return refitBaselines(in: baselines, at: index)
    }

    /// The body of `refitSize` for a new, valid intrinsic size.
    @inline(__always)
    func refitNewSize(_ size: Size, from old: Size, at index: Int, _ solver: Solver) {
        needsLayout = true
        forgetRememberedSizes()  // they were for the sizes before this one
        let fixed = intrinsic.contents[index].fixed
        if size.width != old.width,
            refitIntrinsic(
                size.width, from: old.width, fixed: fixed.width, at: index, offset: 0,
                plan.widthEdits[index], solver)
        {
            intrinsic.contents[index].size.width = size.width
        }
        if size.height != old.height,
            refitIntrinsic(
                size.height, from: old.height, fixed: fixed.height, at: index, offset: 2,
                plan.heights[index], solver)
        {
            intrinsic.contents[index].size.height = size.height
        }
    }

    /// `reinstallBaselineConstraints` for a `.sizeEdit` label whose
    /// baselines moved, through the plan: each baseline constraint on it
    /// gets the constant `solverConstant(of:)` gives, read from the same
    /// offsets (`View._baselineOffsetsFromTop`, which measures a label not
    /// measured yet), and sent the same way (`pushConstant`). False when an
    /// item gained or lost its baselines (a label without text): the
    /// general update then re-makes the constraints as it does (the plan
    /// no longer holds).
    func refitBaselines(in range: Range<Int32>, at index: Int) -> Bool {
        for k in Int(range.lowerBound)..<Int(range.upperBound) {
            let entry = plan.baselines[k]
            guard plan.marksBaselineSent(Int(entry.sentSlot)) else {  // held: see `baselineDrain`
                needsLayout = true
                continue
            }
            // Each view read through its unretained reference, loaded first:
            // `views.withView` around a getter the compiler cannot see into
            // copies the list (retaining both of its arrays).
            let first =
                entry.first < 0
                ? nil
                : views.unretainedView(at: Int(entry.first))
                    ._withUnsafeGuaranteedRef { $0._baselineOffsetsFromTop }
            let second =
                entry.second < 0
                ? nil
                : views.unretainedView(at: Int(entry.second))
                    ._withUnsafeGuaranteedRef { $0._baselineOffsetsFromTop }
            let shape: UInt8 = (first != nil ? 1 : 0) | (second != nil ? 2 : 0)
            guard shape == entry.constraint._withUnsafeGuaranteedRef({ $0._baselineShape }) else {
                // Pushed so far: the same constants again, changing nothing.
                intrinsic.texts[index]?.with { text in
                    text._baselinesChanged = true
                    reinstallBaselineConstraints(of: text, at: index)
                }
                return false
            }
            // `solverConstant(of:)`'s arithmetic, from the same offsets. (Lent: a push, even one
            // that conflicts, releases neither the constraint nor its form; the store keeps them.)
            entry.constraint._withUnsafeGuaranteedRef { constraint in
                let value = Self.baselineConstant(
                    of: constraint,
                    firstOffset: first.map { entry.firstIsLast ? $0.last : $0.first } ?? 0,
                    secondOffset: entry.hasSecond
                        ? (second.map { entry.secondIsLast ? $0.last : $0.first } ?? 0) : nil)
                entry.form._withUnsafeGuaranteedRef { form in
                    pushConstant(value, of: form, for: constraint)
                }
            }
        }
        return true
    }

    /// A `.sizeEdit` label's new intrinsic width or height: along a fixed
    /// axis it waits (false: the size is not taken yet); along a free one it
    /// is a suggestion in edit form, else (`.none`: constants form, a
    /// required priority) the pair of constants, as `updateContent` does.
    @inline(__always)
    func refitIntrinsic(
        _ value: Double, from old: Double, fixed: Bool, at index: Int, offset: Int,
        _ edit: SolverHandle, _ solver: Solver
    ) -> Bool {
        if fixed {
            deferContentSize(at: index)
            return false
        }
        if edit.isValid {
            suggestIntrinsic(value, at: edit, solver)
        } else {
            updateContentConstants(at: index, offset: offset, from: old, to: value)
        }
        return true
    }

    /// `fittingSize` for a hierarchy measured before at the same target
    /// with nothing changed since but intrinsic sizes: what `prepare` and
    /// `solve` would do, through solver handles and without their general
    /// checks. Views the plan does not cover get the general update
    /// (`updateContentSize`), as in `prepare`. Nil when the plan does not
    /// apply: having done nothing, or, when a general update changed the
    /// installed constraints or met a conflict, having updated the queued
    /// views as `prepare` would (the general path then does the rest).
    @inline(__always)
    func refit(_ mode: SizeMode, size: Size) -> Size? {
        // Past `refreshThreshold` structural changes `prepare` builds the
        // solver afresh: so must the refit's row, or the rounding the
        // changes left would stay in the tableau longer than the general
        // path lets it (RefitBaselineTests saw a fitted height 1 ulp off
        // the general path's rows after the threshold was crossed).
        guard planHolds, !needsRebuild, mode == loop.sizeMode, size == loop.rootSizeValue,
            store.structuralChanges <= _ConstraintStore.refreshThreshold,
            baselineLabelsKeepTheirShape()
        else { return nil }
        // A label whose width the solve gives starts every layout from its
        // first pass (`resetFreeLabelWidths`), unless every such label is
        // without text (nothing then depends on its width): as `prepare`
        // does, polling stops and every width-dependent label forgets its
        // width and is queued, and the widths are then read pass after
        // pass, as `solve` does. With every width fixed by required
        // constraints only a constant change can move one (suggestions,
        // optional, cannot), so with no constant changed since they were
        // last checked (`plan.widthsChecked`) they need no checking.
        let startsOver = freeLabelWidthsMatter()
        if startsOver {
            stopPollingHeights(requeue: true)
            // Widths that priorities above the labels' own settle: no first pass.
            if plan.settledBackOff > 0 {
                plan.settledBackOff -= 1
            } else if let level = settledWidthLevel() {
                let size = unmanagedSolver._withUnsafeGuaranteedRef {
                    refitSettledWidths($0, above: level)
                }
                return loop.sawTransientConflict ? nil : size
            }
            forgetLabelWidths()
        }
        let size = unmanagedSolver._withUnsafeGuaranteedRef {
            refitQueued($0, startsOver: startsOver)
        }
        // A conflict met on the way (a baseline's new constant) is judged
        // on a solver built afresh: the general path's `prepare` does that.
        return loop.sawTransientConflict ? nil : size
    }

    /// Whether every `.sizeEdit` label with baseline constraints has text
    /// exactly when it had when the plan was made (see
    /// `_RefitPlan.baselineLabels`).
    @inline(__always)
    func baselineLabelsKeepTheirShape() -> Bool {
        for k in 0..<plan.baselineLabels.count {
            let label = plan.baselineLabels[k]
            if intrinsic.texts[label.index].unsafelyUnwrapped.hasNoText == label.hasText {
                return false
            }
        }
        return true
    }

    /// Whether the refit plan still holds after general updates: the same
    /// constraints and solver handles, and nothing for the general path
    /// to do (a rebuild, a conflict to judge afresh, views queued again).
    @inline(__always)
    var refitPlanHolds: Bool {
        planHolds && !needsRebuild
            && !loop.sawTransientConflict && intrinsic.pendingIntrinsic.isEmpty
    }

    /// The body of `refit`, with the solver lent. Required constants wait
    /// for the end, after every suggestion, as in `prepare`
    /// (`pushDeferredConstants`): one dual optimisation for the row.
    /// With `startsOver`, every width-dependent label was sent back to its
    /// first pass: the widths are read whatever else happened, and polling
    /// does not start (the next row stops it again).
    @inline(__always)
    func refitQueued(_ solver: Solver, startsOver: Bool) -> Size? {
        intrinsic.defersRequiredConstants = true
        plan.beginBaselineDrain()
        var (general, heightsOwned) = drainRefitQueue(solver, skippingWidthDependent: false)
        intrinsic.clearQueue()
        plan.baselineDrain = 0
        if general, !refitPlanHolds {
            intrinsic.defersRequiredConstants = false
            pushDeferredConstants()
            return nil
        }
        if plan.polling {
            for k in 0..<plan.heightLabels.count
            where !refitHeight(at: plan.heightLabels[k], solver) {
                heightsOwned = false
            }
        } else if !startsOver {
            startPollingHeights()  // the queue held whatever changed
        }
        intrinsic.defersRequiredConstants = false
        if !intrinsic.deferredConstantPushes.isEmpty {
            pushDeferredConstants()
            guard refitPlanHolds else { return nil }
        }
        let widthsChecked = heightsOwned && plan.widthsChecked && !startsOver
        // `solve(updatingAll: false)`, unless no width can have moved.
        if widthsChecked {
            loop.lastPassCount = 1
            needsLayout = true
            guard plan.remembersSizes else {
                let (width, height) = solver.values(at: plan.root.width, plan.root.height)
                return Size(width: width, height: height)
            }
            let height = intrinsic.contents[plan.heightLabels[0]].size.height
            if let known = plan.rememberedSize(height: height) { return known }
            applyPendingHeight()
            let (width, rootHeight) = solver.values(at: plan.root.width, plan.root.height)
            let size = Size(width: width, height: rootHeight)
            if plan.sizes.count >= 64 { plan.sizes.removeAll() }
            plan.sizes.append((height, size))
            return size
        }
        // Widths are read and may change: every height goes to the solver
        // first, and the remembered sizes may no longer hold.
        forgetRememberedSizes()
        var passes = 0
        while true {
            passes += 1
            var changed = false
            for k in 0..<plan.widths.count {
                let index = intrinsic.widthDependentLabels[k].index
                // The first pass's widths (every label measured on one
                // line) are followed by the second's: read without moving
                // the tableau to the first pass's basis.
                let width =
                    startsOver && passes == 1
                    ? solver.provisionalValue(at: plan.widths[k]) : solver.value(at: plan.widths[k])
                let label = views.unretainedView(at: index)
                guard
                    label._withUnsafeGuaranteedRef({
                        $0._layoutWidthDidChange(to: width, by: ObjectIdentifier(self))
                    })
                else {
                    continue
                }
                // A `.sizeEdit` label follows its width only when that width is free.
                if plan.kinds[index] == .sizeEdit {
                    _ = refitSize(at: index, solver)
                } else {
                    updateContentSize(at: index)
                }
                changed = true
            }
            // A general update may have changed the installed constraints.
            if !planHolds {
                solve(updatingAll: false)
                needsLayout = true
                return Size(
                    width: solver.currentValue(of: rootWidth),
                    height: solver.currentValue(of: rootHeight))
            }
            if !changed || passes >= 8 { break }
        }
        plan.widthsChecked = true
        loop.lastPassCount = passes
        needsLayout = true
        let (width, height) = solver.values(at: plan.root.width, plan.root.height)
        return Size(width: width, height: height)
    }

    /// Empties the queue through the plan (required constants waiting):
    /// whether a view needed the general update, and whether every
    /// `.heightEdit` label's width was last read by this engine. With
    /// `skippingWidthDependent`, width-dependent `.sizeEdit` labels are
    /// left for the caller to measure (`refitSettledWidths`).
    @inline(__always)
    func drainRefitQueue(_ solver: Solver, skippingWidthDependent: Bool) -> (
        general: Bool, heightsOwned: Bool
    ) {
        var heightsOwned = true
        var general = false
        while let index = intrinsic.dequeue() {
            // A general update (or a baseline constraint made again) may
            // have changed the installed constraints, and with them the
            // solver's handles: the rest of the queue is `prepare`'s.
            guard planHolds else {
                updateContentSize(at: index)
                continue
            }
            switch plan.kinds[index] {
            case .deferred: deferContentSize(at: index, entirely: true)
            case .heightEdit: if !refitHeight(at: index, solver) { heightsOwned = false }
            case .sizeEdit:
                if skippingWidthDependent, followsItsWidth(index) { continue }
                if !refitSize(at: index, solver) { general = true }
            case .general:
                general = true
                updateContentSize(at: index)
            }
        }
        return (general, heightsOwned)
    }

    /// Starts polling the plan's `.heightEdit` labels (see `pollingHeights`)
    /// once their intrinsic sizes are up to date.
    func startPollingHeights() {
        guard !plan.polling, !plan.heightLabels.isEmpty, planHolds else { return }
        for index in plan.heightLabels {
            views.withView(at: index) { $0._membership.contentDeferred = true }
        }
        plan.polling = true
    }

    /// Stops polling: the labels tell the engine of changes again, and with
    /// `requeue` they are queued, so the next update reads what changed
    /// since the last refit.
    func stopPollingHeights(requeue: Bool) {
        guard plan.polling else { return }
        forgetRememberedSizes()
        plan.polling = false
        for index in plan.heightLabels where index < views.count {
            views.withView(at: index) { $0._membership.contentDeferred = false }
            if requeue { queueContentSize(at: index) }
        }
    }

    /// `updateContentSize` for a `.heightEdit` label: its width is fixed,
    /// so a new intrinsic width waits (`deferContentSize`), and a new height
    /// is suggested to its edit variable.
    /// False when the label's width was last checked by another engine
    /// (then the widths must be checked after all).
    @inline(__always)
    func refitHeight(at index: Int, _ solver: Solver) -> Bool {
        let old = intrinsic.contents[index].size
        guard let text = intrinsic.texts[index] else {
            return refitImageHeight(at: index, old: old, solver)
        }
        // Only an exact text view gets the kind that reaches here.
        let size = text.refitIntrinsicSize()
        // Read as a `View`, in place (through the protocol, the membership is copied).
        let ownWidth = views.withView(at: index) {
            $0._membership.layoutWidthEngine == ObjectIdentifier(self)
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
        if size.height != old.height { refitSuggestHeight(size.height, at: index, solver) }
        return ownWidth
    }

    /// `refitHeight` for an image view that follows its width (no intrinsic width).
    func refitImageHeight(at index: Int, old: Size, _ solver: Solver) -> Bool {
        let (size, ownWidth) = views.withView(at: index) {
            ($0.intrinsicContentSize, $0._membership.layoutWidthEngine == ObjectIdentifier(self))
        }
        guard size != old else { return ownWidth }
        guard size.width == old.width, size.height.isFinite, size.height >= 0 else {
            updateContentSize(at: index)  // other intrinsic metrics: new constraints
            return ownWidth
        }
        refitSuggestHeight(size.height, at: index, solver)
        return ownWidth
    }

    /// A `.heightEdit` view's new intrinsic height, to its edit variable.
    @inline(__always)
    func refitSuggestHeight(_ height: Double, at index: Int, _ solver: Solver) {
        needsLayout = true
        if plan.remembersSizes {
            // Suggested at the end of the refit unless its size is known
            // (a suggestion sets the value outright: an earlier pending
            // one is moot).
            plan.pendingHeight = (height, plan.heights[index])
        } else {
            suggestIntrinsic(height, at: plan.heights[index], solver)
        }
        intrinsic.contents[index].size.height = height
    }

    /// Whether the refit plan holds for the installed constraints (see
    /// `_RefitPlan`; debug builds check the solver's membership too).
    @inline(__always)
    var planHolds: Bool {
        let holds = plan.holds(for: store.installVersion)
        #if DEBUG
            assert(
                !holds || plan.membership == storedSolver.membershipVersion,
                "the solver's membership changed under a refit plan")
        #endif
        return holds
    }

    func suggestIntrinsic(_ value: Double, at handle: SolverHandle, _ solver: Solver) {
        do { try solver.suggestValue(value, at: handle) } catch {
            LayoutLog.emit(
                "Could not edit an intrinsic size (\(value)) of \(root.layoutName): \(error)")
        }
    }

    /// Suggests the pending height, if any, and forgets the remembered
    /// sizes: what any use of the solver other than the refit needs first.
    @inline(__always)
    func forgetRememberedSizes() {
        applyPendingHeight()
        if !plan.sizes.isEmpty { plan.sizes.removeAll() }
    }

    /// Suggests the pending height, if any (see `pendingHeight`). Checked
    /// in place: most calls (every constant a refit sends) find none.
    @inline(__always)
    func applyPendingHeight() {
        if plan.pendingHeight != nil { suggestPendingHeight() }
    }

    /// The body of `applyPendingHeight`.
    func suggestPendingHeight() {
        guard let pending = plan.pendingHeight else { return }
        plan.pendingHeight = nil
        suggestIntrinsic(pending.value, at: pending.handle, storedSolver)
    }
}
