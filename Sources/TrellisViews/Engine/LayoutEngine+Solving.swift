// Solving: preparing a layout or a measurement (stacks arranged, labels'
// width passes, rebuilds when needed), solving, and reading frames and
// fitting sizes back.

import TrellisConstraints
import TrellisGeometry

extension LayoutEngine {

    func prepare(_ mode: SizeMode, size: Size) {
        if store.structuralChanges > _ConstraintStore.refreshThreshold { needsRebuild = true }
        if needsRebuild {
            // Stacks changed while no engine laid them out make their
            // constraints first (their guides join the hierarchy built now).
            StackView._arrangeWaiting(in: root)
            loop.sizeMode = mode
            rebuild(target: size)
        }
        stopPollingHeights(requeue: true)
        if mode != loop.sizeMode || loop.rootSize.isEmpty != (mode == .frame && size == .zero) {
            // A constraint broken under the old root size (typically a
            // hierarchy activated before its root had a size) may hold under
            // the new one: rebuild so it is tried again.
            assert(store.brokenCount == store.countBroken(in: solver))
            if store.brokenCount > 0 {
                loop.sizeMode = mode
                rebuild(target: size)
            } else {
                switchRootSize(to: mode, size: size)
                // A new width that conflicts in frame mode asks for a
                // rebuild (see `pushConstant`): frames first, as UIKit.
                if needsRebuild {
                    loop.sizeMode = mode
                    rebuild(target: size)
                }
                loop.switchesSinceDriftCheck += 1
                if loop.switchesSinceDriftCheck >= _SolveLoop.driftCheckInterval {
                    loop.switchesSinceDriftCheck = 0
                    if requiredResidualsDrifted() {
                        loop.sizeMode = mode
                        rebuild(target: size)
                    }
                }
            }
        } else if loop.rootSize.count == 2, size != loop.rootSizeValue {
            setConstant(size.width, of: loop.rootSize[0])
            setConstant(size.height, of: loop.rootSize[1])
            loop.rootSizeValue = size
        }
        // Stacks make their constraints now, against the new target size; one
        // that adds or removes spacer guides changes the hierarchy, and the
        // solver is built again for it.
        if !pendingArrangements.isEmpty {
            let stacks = pendingArrangements
            pendingArrangements.removeAll()
            StackView._arrange(stacks)
            if needsRebuild {
                loop.sizeMode = mode
                rebuild(target: size)
            }
        }
        resetFreeLabelWidths()
        // Proportions from the sizes the labels start from (after the reset,
        // as in a fresh hierarchy). New proportions can free a width the
        // last row's fixed: a multi-line label in a horizontal
        // fillProportionally stack is 0 wide (required) while another view
        // has a length, and shares equally with the others once none has.
        // The reset above judged it fixed and kept the width it was last
        // measured at (0: a letter a line), so the reused cell settled on
        // another self-consistent height than a fresh one (the stack reuse
        // long run's seed 1470890129: fitted 1047 pt high against 118.5).
        // So the reset is judged again under the new proportions, until
        // they stop changing.
        for _ in 0..<4 {
            var changed = false
            for stack in proportionalStacks
            where stack._withUnsafeGuaranteedRef({ $0._refreshProportions() }) {
                changed = true
            }
            guard changed else { break }
            resetFreeLabelWidths()
        }
        // Views queued while this runs are appended and handled in turn.
        // Required constants wait for the end of the queue (see
        // `deferredConstantPushes`); a conflict there may queue views again.
        repeat {
            intrinsic.defersRequiredConstants = true
            while let index = intrinsic.dequeue() { updateContentSize(at: index) }
            intrinsic.defersRequiredConstants = false
            pushDeferredConstants()
        } while intrinsic.hasQueued
        intrinsic.clearQueue()
        // A conflict met while updating in place is judged on a solver built
        // from the final constraints (see `reportsConflictsDirectly`).
        if loop.sawTransientConflict {
            loop.sizeMode = mode
            rebuildAsNew(target: size)
        }
    }

    /// Whether some required constraint misses the solver's current
    /// solution by more than `driftLimit` (relative to the magnitude of its
    /// terms): rounding has built up in the tableau.
    ///
    /// The solver holds every installed form but the broken ones (and no
    /// other required constraint: edits are optional, ambiguity probes
    /// come and go within `isFixed`), so it walks its own records
    /// (`Solver.requiredResidualsExceed`), which lie together in memory,
    /// rather than the store's constraints and their forms, which do not.
    /// - Complexity: O(terms of the installed constraints).
    func requiredResidualsDrifted() -> Bool {
        solver.requiredResidualsExceed(_SolveLoop.driftLimit)
    }

    /// Builds the solver as a new hierarchy would: every width-dependent
    /// label starts again from its first pass (unconstrained), so the
    /// states the solver passes through, and any conflict found on the
    /// way, are a new hierarchy's.
    func rebuildAsNew(target: Size) {
        for (index, _) in intrinsic.widthDependentLabels {
            _ = views.withView(at: index) {
                $0._forgetLayoutWidth()
            }
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
    ///
    /// A free label without text counts for nothing here: an exact text
    /// view without text measures 0 × 0 at any width, so where its passes start
    /// cannot move anything (see `freeLabelWidthsMatter()`).
    func resetFreeLabelWidths() {
        guard !intrinsic.widthDependentLabels.isEmpty, freeLabelWidthsMatter() else { return }
        forgetLabelWidths()
    }

    /// The reset of `resetFreeLabelWidths()`: every width-dependent label
    /// forgets its width and, when it had one, is queued.
    func forgetLabelWidths() {
        // By position: a loop over the list itself holds a copy of it (a
        // retain and a release on every refit of a cell with a free label
        // width), as queueing writes `intrinsic`; queueing leaves the list
        // as it is.
        for k in 0..<intrinsic.widthDependentLabels.count {
            let index = intrinsic.widthDependentLabels[k].index
            // Loaded first: `views.withView` around a call the compiler
            // cannot see into copies the list (retaining both its arrays).
            let forgot = views.unretainedView(at: index)._withUnsafeGuaranteedRef {
                $0._forgetLayoutWidth()
            }
            if forgot { queueContentSize(at: index) }
        }
    }

    /// Whether some width-dependent view whose width is free can change
    /// size with the width the solve gives it, so that every layout must
    /// start from UIKit's first pass (`resetFreeLabelWidths()`). An exact
    /// text view with no text cannot: it measures 0 × 0 at any width, and
    /// when no constraint reads its baselines, nothing else of it depends
    /// on the width. A hidden, empty body in a stack (its width left free by
    /// the hiding) then costs no pass, nor takes the refit away.
    /// - Complexity: O(free width-dependent views), after the first call for
    ///   the installed constraints.
    @inline(__always)
    func freeLabelWidthsMatter() -> Bool {
        if intrinsic.freeWidthLabelsVersion != store.installVersion { noteFreeWidthLabels() }
        if intrinsic.freeWidthViewsAlwaysMatter { return true }
        for index in intrinsic.freeWidthLabels {
            // `freeWidthLabels` holds exact text views only.
            if !intrinsic.texts[index].unsafelyUnwrapped.hasNoText { return true }
        }
        return false
    }

    /// Sorts the width-dependent views whose width is free for
    /// `freeLabelWidthsMatter()`, as of the installed constraints.
    func noteFreeWidthLabels() {
        intrinsic.freeWidthLabels.removeAll(keepingCapacity: true)
        intrinsic.freeWidthViewsAlwaysMatter = false
        for (index, _) in intrinsic.widthDependentLabels {
            let fixed = fixedAxes(at: index)
            guard !fixed.width else { continue }
            if fixed.baselineFree, intrinsic.texts[index]?.with({ $0._measuresExactly }) == true {
                intrinsic.freeWidthLabels.append(index)
            } else {
                intrinsic.freeWidthViewsAlwaysMatter = true
            }
        }
        intrinsic.freeWidthLabelsVersion = store.installVersion
    }

    /// Solves, then re-measures labels whose width changed and solves again
    /// until every width is stable (at most 8 passes).
    ///
    /// Each label reads its width from the solve after the previous
    /// label's new size (one label at a time), in a measurement and in a
    /// layout alike: where two labels' widths are free (they compete in a
    /// row) the order can decide which of two self-consistent layouts the
    /// passes settle on, and a layout that read every width of a pass from
    /// one solve settled at times on another than the measurement before it
    /// (the cell fitted for one layout and drawn with another: frames of
    /// 19 of 20,000 random stack trees differed). So a cell laid out at its
    /// fitting height gets the layout that height was fitted for.
    ///
    /// Measuring (`updatingAll` false) reads only the widths it needs from
    /// the solver; `Variable.value`s are written by the next layout, which
    /// writes them once its widths are stable.
    func solve(updatingAll: Bool = true) {
        var passes = 0
        while true {
            passes += 1
            var changed = false
            for (index, widthVariable) in intrinsic.widthDependentLabels {
                let width = widthVariable._withUnsafeGuaranteedRef {
                    solver.currentValue(of: $0)
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
            // A stack's baseline follows its views' intrinsic heights (its
            // tallest view) and which are hidden.
            if !store.delegatedBaselines.isEmpty, refreshDelegatedBaselines() { changed = true }
            if !changed || passes >= 8 { break }
        }
        if updatingAll { solver.updateVariables() }
        loop.lastPassCount = passes
    }

    /// When rounding has degraded the solver's tableau (`Solver.isDegraded`:
    /// after a long history of changes an optimisation stopped short of the
    /// optimum), or an update in place met a conflict (see
    /// `reportsConflictsDirectly`), builds it afresh from the hierarchy and
    /// solves again, so the answer (and any conflict reported) is the one a
    /// new hierarchy gives. Rare: the reuse
    /// property's long run met it a few times in 100,000 random cells, on
    /// cells whose constraints were added and removed hundreds of times.
    func solveAfreshIfDegraded(_ mode: SizeMode, size: Size, updatingAll: Bool) {
        guard storedSolver.isDegraded || loop.sawTransientConflict else { return }
        loop.freshRebuildCount += 1
        loop.sizeMode = mode
        rebuildAsNew(target: size)
        prepare(mode, size: size)
        loop.solvingAfresh = true
        defer {
            loop.solvingAfresh = false
            loop.sawTransientConflict = false
        }
        solve(updatingAll: updatingAll)
    }

    /// Solves for the root's frame and assigns every view's frame (rounded to
    /// the pixel grid of the root's `contentScaleFactor`, edges rounded to the
    /// nearest pixel as UIKit does).
    func layout() {
        if !needsRebuild, !needsLayout, intrinsic.pendingIntrinsic.isEmpty,
            pendingArrangements.isEmpty,
            !plan.polling, loop.sizeMode == .frame
        {
            return
        }
        let frames = solvedFrames()
        // Views lent unretained: a view's reference count lives in a side
        // table (constraints hold it weakly), so retaining each one was a
        // fifth of a re-layout of a column of 10,000 boxes (perf).
        for index in views.indices.dropFirst() {
            views.withView(at: index) { $0._frame = frames.views[index] }
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
        tellConflictsInForce()
        let scale = root.contentScaleFactor
        // Appended in order: a view's parent comes before it (`collect`).
        var absolute: [Rect] = []
        var relative: [Rect] = []
        absolute.reserveCapacity(views.count)
        relative.reserveCapacity(views.count)
        for index in views.indices {
            let rect = views.withView(at: index) { pixelRect($0, scale: scale) }
            absolute.append(rect)
            guard index > 0 else {
                relative.append(root._frame)
                continue
            }
            let parent = absolute[parentIndex[index]]
            relative.append(rect.offsetBy(dx: -parent.minX, dy: -parent.minY))
        }
        guard !guides.isEmpty else { return (relative, []) }
        var indexOfView: [ObjectIdentifier: Int] = [:]
        for index in views.indices {
            indexOfView[views.withView(at: index) { ObjectIdentifier($0) }] = index
        }
        let guideFrames = guides.map { guide -> Rect in
            guard let owner = guide.owningView, let index = indexOfView[ObjectIdentifier(owner)]
            else { return .zero }
            let origin = absolute[index]
            return pixelRect(guide, scale: scale).offsetBy(dx: -origin.minX, dy: -origin.minY)
        }
        return (relative, guideFrames)
    }

    func pixelRect(_ item: LayoutItem, scale: Double) -> Rect {
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
        // `isDegraded` is read as the solver's other state, without a
        // dynamic exclusivity check (one a row on a reused cell).
        if proportionalStacks.isEmpty, pendingArrangements.isEmpty,
            let size = polledRefit(mode, size: target) ?? refit(mode, size: target),
            !storedSolver.isDegraded,
            store.delegatedBaselines.isEmpty || !delegatedBaselinesMoved()
        {
            loop.refitCount &+= 1
            tellConflictsInForce()
            return size
        }
        prepare(mode, size: target)
        solve(updatingAll: false)
        solveAfreshIfDegraded(mode, size: target, updatingAll: false)
        needsLayout = true
        if !planHolds { makeRefitPlan() }
        startPollingHeights()
        tellConflictsInForce()
        return Size(
            width: solver.currentValue(of: rootWidth), height: solver.currentValue(of: rootHeight))
    }
}
