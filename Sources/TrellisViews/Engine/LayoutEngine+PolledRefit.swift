// The refit of the commonest reused row: one polled label, nothing queued
// (a reused AnimalTableViewCell: a deferred title, a polled subtitle).

import TrellisConstraints
import TrellisGeometry

extension LayoutEngine {

    /// `refit` for a row whose only possible change is the intrinsic size
    /// of the one polled label (`_RefitPlan.remembersSizes`): nothing
    /// queued, no baseline constraint on a `.sizeEdit` label, no label
    /// whose width the solve gives, the widths checked and the polled
    /// label's width last read by this engine. Then `refit` would update
    /// the polled label as `refitHeight` does and read the root's size
    /// (from the remembered sizes when its height was seen before); this
    /// does the same without the queue, the plan's kinds and the passes.
    ///
    /// Nil, having changed nothing, when a condition fails or the label's
    /// new size is no intrinsic metric (the general `refit` then measures
    /// nothing again: the label answers from its cache); nil after the
    /// update when it met a conflict, as `refit` (the general `refit` then
    /// finds nothing changed and answers nil too).
    @inline(__always)
    func polledRefit(_ mode: SizeMode, size target: Size) -> Size? {
        guard loop.polledRefitEnabled, plan.polling, plan.heightLabels.count == 1,
            plan.widthsChecked,
            planHolds, !needsRebuild, intrinsic.pendingIntrinsic.isEmpty,
            !loop.sawTransientConflict, mode == loop.sizeMode, target == loop.rootSizeValue,
            store.structuralChanges <= _ConstraintStore.refreshThreshold,
            plan.baselineLabels.isEmpty, !freeLabelWidthsMatter()
        else { return nil }
        let index = plan.heightLabels[0]
        // An image view that follows its width: the general path.
        guard let text = intrinsic.texts[index],
            views.withView(
                at: index, { $0._membership.layoutWidthEngine == ObjectIdentifier(self) })
        else { return nil }
        // Only an exact text view gets the kind polled (`.heightEdit`).
        let size = text.refitIntrinsicSize()
        let old = intrinsic.contents[index].size
        // The label's height as the engine holds it after this update.
        var height = old.height
        if size != old {
            // As `refitHeight`: a size that is no intrinsic metric needs
            // the general update (new constraints), left to `refit`.
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0
            else { return nil }
            // A width already waiting stays so (`deferContentSize`'s own
            // check, read here without the call: the width changes on
            // nearly every row).
            if size.width != old.width, !intrinsic.contents[index].isStale {
                deferContentSize(at: index)
            }
            if size.height != old.height {
                // Polling one label: `refitSuggestHeight` keeps the height
                // pending (`plan.remembersSizes`) and reads no solver.
                unmanagedSolver._withUnsafeGuaranteedRef {
                    refitSuggestHeight(size.height, at: index, $0)
                }
                height = size.height
            }
        }
        // `refitQueued`'s end with the widths checked.
        loop.lastPassCount = 1
        needsLayout = true
        if let known = plan.rememberedSize(height: height) {
            loop.polledRefitCount &+= 1
            return known
        }
        applyPendingHeight()
        let (width, rootHeight) = unmanagedSolver._withUnsafeGuaranteedRef {
            $0.values(at: plan.root.width, plan.root.height)
        }
        let result = Size(width: width, height: rootHeight)
        if plan.sizes.count >= 64 { plan.sizes.removeAll() }
        plan.sizes.append((height, result))
        if loop.sawTransientConflict { return nil }
        loop.polledRefitCount &+= 1
        return result
    }
}
