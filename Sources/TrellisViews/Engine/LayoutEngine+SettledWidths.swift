// A reused row whose labels start over, without their first pass: when
// priorities above the labels' own settle the widths the solve gives them
// (a product card's title beside a price that hugs and resists compression
// at 751), the one-line measurement of UIKit's first pass cannot move them.

import TrellisConstraints
import TrellisGeometry

extension LayoutEngine {

    /// The priority above which the plan's width-dependent views must have
    /// their widths settled for a row to skip their first pass
    /// (`refitSettledWidths`), or nil when no row of the plan may, asked
    /// once a plan.
    ///
    /// UIKit measures a multi-line label of automatic width on one line
    /// first, then at the width the solve gives it, again while that width
    /// changes. What the first pass changes is the labels' intrinsic sizes
    /// (their edit variables, read by their own intrinsic-size constraints
    /// alone) and the constants of the baseline constraints on them. So the
    /// first pass cannot change a width when:
    /// - every width-dependent view is a `.sizeEdit` exact text view whose
    ///   horizontal hugging and compression resistance are optional: the
    ///   level is the highest of them, and a width settled above it
    ///   (`Solver.isSettled(at:above:)`) is the same whatever those
    ///   constraints ask;
    /// - no installed constraint ties a horizontal attribute to a vertical
    ///   one (an aspect ratio): the two axes are then separate problems
    ///   (the lexicographic optimum of a sum of independent parts is the
    ///   product of their optima), so heights, first-pass baselines and
    ///   the baseline constraints' constants (required, vertical) cannot
    ///   reach a width;
    /// - no constraint reads a baseline another view answers for (a
    ///   stack's), which the solve loop may re-make.
    /// - Complexity: O(installed constraints), once a plan.
    func settledWidthLevel() -> Priority? {
        if let level = plan.settledWidthLevel { return level.isRequired ? nil : level }
        let level = planSettledWidthLevel() ?? .required
        plan.settledWidthLevel = level
        return level.isRequired ? nil : level
    }

    /// The body of `settledWidthLevel()`: nil where no row may skip.
    func planSettledWidthLevel() -> Priority? {
        guard store.delegatedBaselines.isEmpty, !intrinsic.widthDependentLabels.isEmpty
        else { return nil }
        var level = Priority(rawValue: 1)
        for k in 0..<intrinsic.widthDependentLabels.count {
            let index = intrinsic.widthDependentLabels[k].index
            guard plan.kinds[index] == .sizeEdit,
                intrinsic.texts[index]?.with({ $0._measuresExactly }) == true
            else { return nil }
            let (compression, hugging) = views.withView(at: index) {
                ($0._compression.horizontal, $0._hugging.horizontal)
            }
            guard !compression.isRequired, !hugging.isRequired else { return nil }
            level = max(level, compression.solverPriority, hugging.solverPriority)
        }
        for constraint in store.installed {
            if let first = constraint.firstAttribute.axis,
                let second = constraint.secondAttribute.axis, first != second
            {
                return nil
            }
        }
        return level
    }

    /// Whether the view at `index` is one of the width-dependent views.
    @inline(__always)
    func followsItsWidth(_ index: Int) -> Bool {
        for k in 0..<intrinsic.widthDependentLabels.count
        where intrinsic.widthDependentLabels[k].index == index {
            return true
        }
        return false
    }

    /// `refitQueued(_:startsOver: true)` without the first pass, for a row
    /// whose widths are settled above `level` (`settledWidthLevel()`):
    /// the queue is emptied but for the width-dependent labels (measured
    /// at their widths below), the baseline constraints' constants wait
    /// (`_RefitPlan.holdsBaselines`), the widths are read (from a kept
    /// basis while suggestions wait: `Solver.provisionalValue(at:)`), and
    /// where each is settled above `level`
    /// (`Solver.isProvisionallySettled(at:above:)`), the labels are
    /// measured at them, the constants sent, and the root's size read.
    /// The first pass and the second would have given these
    /// very widths (see `settledWidthLevel()`), so the labels end where
    /// UIKit's passes end. A width not settled runs the first pass after
    /// all (`refitQueued`); nil as `refitQueued`, with the views it did
    /// not finish queued again for the general path.
    func refitSettledWidths(_ solver: Solver, above level: Priority) -> Size? {
        intrinsic.defersRequiredConstants = true
        plan.holdsBaselines = true
        // Width-dependent labels are measured at the widths read below.
        let general = drainRefitQueue(solver, skippingWidthDependent: true).general
        intrinsic.clearQueue()
        intrinsic.defersRequiredConstants = false
        plan.holdsBaselines = false
        if general, !refitPlanHolds {
            pushDeferredConstants()
            return abandonSettledWidths()
        }
        if !intrinsic.deferredConstantPushes.isEmpty {
            pushDeferredConstants()
            guard refitPlanHolds else { return abandonSettledWidths() }
        }
        forgetRememberedSizes()
        plan.settledWidths.removeAllFromEnd()
        for k in 0..<plan.widths.count {
            // Read, and found settled, in a kept basis feasible for the
            // constants while the suggestions wait, where the solver keeps
            // one and an answer for it (`isProvisionallySettled`): the
            // tableau keeps its basis until the root's size is read, and
            // takes a kept basis once a row instead of twice.
            let width = solver.provisionalValue(at: plan.widths[k])
            guard width.isFinite, solver.isProvisionallySettled(at: plan.widths[k], above: level)
            else {
                // The first pass after all, as `refit` starts it.
                plan.settledMisses += 1
                if plan.settledMisses >= 2 { plan.settledBackOff = 32 }
                queueWidthDependentViews()
                releaseHeldBaselines()
                forgetLabelWidths()
                return refitQueued(solver, startsOver: true)
            }
            plan.settledWidths.append(width)
        }
        if solver.hasWaitingSuggestions { loop.settledKeptReadCount &+= 1 }
        for k in 0..<plan.widths.count {
            let index = intrinsic.widthDependentLabels[k].index
            // Forgotten first, so the width is taken as read (a width
            // within 1e-9 of the last one would otherwise be kept).
            views.unretainedView(at: index)._withUnsafeGuaranteedRef {
                _ = $0._forgetLayoutWidth()
                _ = $0._layoutWidthDidChange(to: plan.settledWidths[k], by: ObjectIdentifier(self))
            }
            plan.holdsBaselines = true
            let updated = refitSize(at: index, solver)
            plan.holdsBaselines = false
            guard updated, planHolds else { return abandonSettledWidths() }
        }
        // The constants of the baseline constraints, from the final
        // measurements, each once (`baselineDrain`).
        plan.beginBaselineDrain()
        for k in 0..<plan.heldBaselines.count {
            let index = plan.heldBaselines[k]
            guard refitBaselines(in: plan.baselineRange(at: index), at: index), planHolds else {
                plan.baselineDrain = 0
                return abandonSettledWidths()
            }
        }
        plan.baselineDrain = 0
        plan.heldBaselines.removeAllFromEnd()
        plan.settledMisses = 0
        loop.lastPassCount = 2
        loop.settledWidthRefitCount &+= 1
        needsLayout = true
        let (width, height) = solver.values(at: plan.root.width, plan.root.height)
        return Size(width: width, height: height)
    }

    /// Ends `refitSettledWidths` early (the plan no longer holds): what it
    /// left undone is queued for the general path.
    func abandonSettledWidths() -> Size? {
        queueWidthDependentViews()
        releaseHeldBaselines()
        return nil
    }

    /// Queues every width-dependent view (the general path measures them).
    func queueWidthDependentViews() {
        for k in 0..<intrinsic.widthDependentLabels.count {
            queueContentSize(at: intrinsic.widthDependentLabels[k].index)
        }
    }

    /// Queues the labels whose baseline constants wait, marked as moved,
    /// so that the next update of each sends them.
    func releaseHeldBaselines() {
        plan.holdsBaselines = false
        for k in 0..<plan.heldBaselines.count {
            let index = plan.heldBaselines[k]
            intrinsic.texts[index]?.with { $0._baselinesChanged = true }
            queueContentSize(at: index)
        }
        plan.heldBaselines.removeAllFromEnd()
    }
}
