// Making the refit plan (`_RefitPlan`): what the per-row refit
// (LayoutEngine+Refit.swift) reads, made once after the constraints change.

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
        // The last plan's arrays, refilled in place.
        var kinds: [_RefitPlan.Kind] = []
        var heights: [SolverHandle] = []
        swap(&kinds, &plan.kinds)
        swap(&heights, &plan.heights)
        kinds.refill(with: .general, count: views.count)
        heights.refill(with: .none, count: views.count)
        // Filled for the first `.sizeEdit` label, in place (a plan is made
        // again whenever the constraints change, as often as every row).
        plan.widthEdits.removeAll(keepingCapacity: true)
        plan.baselines.removeAll(keepingCapacity: true)
        plan.baselineRanges.removeAll(keepingCapacity: true)
        plan.baselineLabels.removeAll(keepingCapacity: true)
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
        plan.resetBaselinesSent()
        plan.settledWidthLevel = nil
        (plan.settledMisses, plan.settledBackOff) = (0, 0)
        plan.token = store.installVersion
        #if DEBUG
            plan.membership = solver.membershipVersion
        #endif
    }

    /// The edit handles of a `.sizeEdit` label (`.none` along a fixed
    /// axis or one in constants form), or nil when the view is not one: an
    /// exact text view whose intrinsic size does not follow its width, or
    /// does and whose width is free, with an intrinsic width and height,
    /// and whose baseline constraints, if any, the plan can carry
    /// (`planBaselines(at:)`, which notes them).
    func sizeEdits(
        at index: Int, fixed: (width: Bool, height: Bool, baselineFree: Bool)
    ) -> (width: SolverHandle, height: SolverHandle)? {
        // Fields read in place: a copy of `contents[index]` retains its arrays.
        // A label that follows its width qualifies only with a free width
        // (a fixed one is a `.heightEdit`, or general when baselines are read).
        guard let text = intrinsic.texts[index],
            !(fixed.width && fixed.height),
            intrinsic.contentHistory[index].prefersEdit, intrinsic.contents[index].size.width >= 0,
            intrinsic.contents[index].size.height >= 0,
            text.with({ $0._measuresExactly && (!$0._widthDependent || !fixed.width) })
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
        if !fixed.baselineFree {
            guard let baselines = planBaselines(at: index) else { return nil }
            if plan.baselineRanges.isEmpty {
                plan.baselineRanges.append(contentsOf: repeatElement(0..<0, count: views.count))
            }
            plan.baselineRanges[index] = baselines
            plan.baselineLabels.append((index, !text.hasNoText))
        }
        return edits
    }

    /// Appends the baseline constraints on the view at `index` to
    /// `plan.baselines` and returns their range, or nil (appending none)
    /// when one is out of the refit's reach: made for autoresizing, not
    /// installed, or reading a baseline of a view the engine does not lay
    /// out. What `solverConstant(of:)` computes for each is then a few
    /// reads (see `refitBaselines(in:at:)`).
    func planBaselines(at index: Int) -> Range<Int32>? {
        let start = plan.baselines.count
        func side(_ item: LayoutItem?, _ attribute: LayoutAttribute) -> (Int32, Bool)? {
            guard attribute == .firstBaseline || attribute == .lastBaseline,
                let view = Self.baselineView(of: item, attribute)
            else { return (-1, false) }  // no baseline: 0, as `baselineOffset(of:_:)`
            guard let found = self.index(of: view) else { return nil }
            return (Int32(found), attribute == .lastBaseline)
        }
        for constraint in baselineConstraints(at: index) {
            guard constraint._origin != .autoresizing, constraint._firstItem != nil,
                let form = store.form(of: constraint),
                let first = side(constraint._firstItem, constraint.firstAttribute),
                let second = side(constraint._secondItem, constraint.secondAttribute)
            else {
                plan.baselines.removeSubrange(start...)
                return nil
            }
            plan.baselines.append(
                _RefitPlan.Baseline(
                    constraint: Unmanaged.passUnretained(constraint),
                    form: Unmanaged.passUnretained(form), first: first.0, second: second.0,
                    firstIsLast: first.1, secondIsLast: second.1,
                    hasSecond: constraint._secondItem != nil,
                    sentSlot: plan.sentSlot(of: constraint)))
        }
        return Int32(start)..<Int32(plan.baselines.count)
    }
}
