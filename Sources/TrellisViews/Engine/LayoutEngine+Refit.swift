// The per-row refit: a reused cell measured again at the same target with
// only intrinsic sizes changed skips the general bookkeeping and goes
// through solver handles (the plan is made once after the constraints change).

import TrellisConstraints
import TrellisGeometry

extension LayoutEngine {

    /// Looks at the installed constraints once after they change, so that
    /// measuring again at the same target (a reused cell's next row) can
    /// skip the general bookkeeping: which queued labels defer, which are
    /// one suggestion, and solver handles for every value read. The plan is
    /// dropped (versions reset) when any of it cannot be had.
    func makeRefitPlan() {
        stopPollingHeights(requeue: true)
        forgetRememberedSizes()
        plan.invalidate()
        plan.heightLabels = []
        guard !needsRebuild, loop.rootSize.count == 2, case .fitting = loop.sizeMode else { return }
        let root = (
            width: solver.valueHandle(for: rootWidth), height: solver.valueHandle(for: rootHeight)
        )
        guard root.width.isValid, root.height.isValid else { return }
        var widths: [SolverHandle] = []
        widths.reserveCapacity(intrinsic.widthDependentLabels.count)
        for (_, width) in intrinsic.widthDependentLabels {
            let handle = width._withUnsafeGuaranteedRef { solver.valueHandle(for: $0) }
            guard handle.isValid else { return }
            widths.append(handle)
        }
        var kinds = [_RefitPlan.Kind](repeating: .general, count: views.count)
        var heights = [SolverHandle](repeating: .none, count: views.count)
        // Filled for the first `.sizeEdit` label, in place (a plan is made
        // again whenever the constraints change, as often as every row).
        plan.widthEdits.removeAll(keepingCapacity: true)
        var heightLabels: [Int] = []
        for index in views.indices where !intrinsic.contents[index].constraints.isEmpty {
            // Exact text views and image views only: a subclass may measure otherwise.
            let text = intrinsic.texts[index]
            let followsWidth = views.withView(at: index) {
                (text?.with({ $0._measuresExactly }) ?? (type(of: $0) == ImageView.self))
                    && $0._widthDependent
            }
            guard intrinsic.defersWhenFixed[index] || followsWidth else { continue }
            let fixed = fixedAxes(at: index)
            if intrinsic.defersWhenFixed[index], fixed.width, fixed.height, fixed.baselineFree {
                kinds[index] = .deferred
                continue
            }
            if let edits = sizeEdits(at: index, fixed: fixed) {
                kinds[index] = .sizeEdit
                if plan.widthEdits.isEmpty {
                    plan.widthEdits.append(contentsOf: repeatElement(.none, count: views.count))
                }
                (plan.widthEdits[index], heights[index]) = edits
                continue
            }
            // A label has an intrinsic width (which waits, its width being
            // fixed); an image view that follows its width has none.
            // (Fields read in place: a copy of `contents[index]` retains its arrays.)
            let size = intrinsic.contents[index].size
            guard followsWidth, fixed.width, !fixed.height, fixed.baselineFree,
                intrinsic.contentHistory[index].prefersEdit,
                text != nil ? size.width >= 0 : size.width < 0,
                size.height >= 0, let height = intrinsic.contents[index].height
            else { continue }
            let handle = storedSolver.editHandle(for: height)
            guard handle.isValid else { continue }
            kinds[index] = .heightEdit
            heights[index] = handle
            heightLabels.append(index)
        }
        plan.root = root
        plan.kinds = kinds
        plan.heights = heights
        plan.heightLabels = heightLabels
        plan.widths = widths
        plan.widthsChecked = true  // `solve` has just checked the widths
        plan.token = store.installVersion
        #if DEBUG
            plan.membership = solver.membershipVersion
        #endif
    }

    /// The edit handles of a `.sizeEdit` label (`.none` along a fixed
    /// axis or one in constants form), or nil when the view is not one: an
    /// exact text view whose intrinsic size does not follow its width, with
    /// an intrinsic width and height, and baselines nothing reads.
    func sizeEdits(
        at index: Int, fixed: (width: Bool, height: Bool, baselineFree: Bool)
    ) -> (width: SolverHandle, height: SolverHandle)? {
        // Fields read in place: a copy of `contents[index]` retains its arrays.
        guard let text = intrinsic.texts[index], fixed.baselineFree,
            !(fixed.width && fixed.height),
            intrinsic.contentHistory[index].prefersEdit, intrinsic.contents[index].size.width >= 0,
            intrinsic.contents[index].size.height >= 0,
            text.with({ $0._measuresExactly && !$0._widthDependent })
        else { return nil }
        var edits = (width: SolverHandle.none, height: SolverHandle.none)
        // An axis in constants form (a required priority) keeps `.none`.
        if !fixed.width, let width = intrinsic.contents[index].width {
            edits.width = storedSolver.editHandle(for: width)
            guard edits.width.isValid else { return nil }
        }
        if !fixed.height, let height = intrinsic.contents[index].height {
            edits.height = storedSolver.editHandle(for: height)
            guard edits.height.isValid else { return nil }
        }
        return edits
    }

    /// `updateContentSize` for a `.sizeEdit` label: a new width or height
    /// is suggested to its edit variable, or waits along a fixed axis.
    /// False when the update needed the general path (no intrinsic metric
    /// any more: new constraints).
    @inline(__always)
    func refitSize(at index: Int, _ solver: Solver) -> Bool {
        let old = intrinsic.contents[index].size
        // Only an exact text view gets the kind that reaches here.
        let size = intrinsic.texts[index].unsafelyUnwrapped.with { $0._refitIntrinsicSize() }
        guard size != old else { return true }
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            updateContentSize(at: index)
            return false
        }
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
        // A label whose width the solve gives starts every layout from its
        // first pass (`resetFreeLabelWidths`), which the general path does,
        // unless every such label is without text (nothing then depends on
        // its width). With every width fixed by required constraints only
        // a constant change can move one (suggestions, optional, cannot), so
        // with no constant changed since they were last checked
        // (`plan.widthsChecked`) they need no checking.
        guard planHolds, !freeLabelWidthsMatter(), !needsRebuild, mode == loop.sizeMode,
            size == loop.rootSizeValue
        else { return nil }
        return unmanagedSolver._withUnsafeGuaranteedRef { refitQueued($0) }
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
    @inline(__always)
    func refitQueued(_ solver: Solver) -> Size? {
        var heightsOwned = true
        var general = false
        intrinsic.defersRequiredConstants = true
        while let index = intrinsic.dequeue() {
            switch plan.kinds[index] {
            case .deferred: deferContentSize(at: index, entirely: true)
            case .heightEdit: if !refitHeight(at: index, solver) { heightsOwned = false }
            case .sizeEdit: if !refitSize(at: index, solver) { general = true }
            case .general:
                general = true
                updateContentSize(at: index)
            }
        }
        intrinsic.clearQueue()
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
        } else {
            startPollingHeights()  // the queue held whatever changed
        }
        intrinsic.defersRequiredConstants = false
        if !intrinsic.deferredConstantPushes.isEmpty {
            pushDeferredConstants()
            guard refitPlanHolds else { return nil }
        }
        let widthsChecked = heightsOwned && plan.widthsChecked
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
                let width = solver.value(at: plan.widths[k])
                let label = views.unretainedView(at: index)
                guard
                    label._withUnsafeGuaranteedRef({
                        $0._layoutWidthDidChange(to: width, by: ObjectIdentifier(self))
                    })
                else {
                    continue
                }
                updateContentSize(at: index)
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
        let size = text.with { $0._refitIntrinsicSize() }
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

    /// Suggests the pending height, if any (see `pendingHeight`).
    func applyPendingHeight() {
        guard let pending = plan.pendingHeight else { return }
        plan.pendingHeight = nil
        suggestIntrinsic(pending.value, at: pending.handle, storedSolver)
    }
}
