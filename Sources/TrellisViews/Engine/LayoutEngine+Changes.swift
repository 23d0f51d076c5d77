// Change notices from views and constraints (activations, constants,
// priorities, frames, guide insets, intrinsic sizes) and the
// intrinsic-size updates they queue.

import TrellisConstraints
import TrellisGeometry

extension LayoutEngine {

    func hierarchyDidChange() {
        needsRebuild = true
        needsLayout = true
    }

    func constraintDidActivate(_ constraint: LayoutConstraint) {
        guard !needsRebuild else { return }
        install(constraint)
    }

    func constraintWillDeactivate(_ constraint: LayoutConstraint) {
        guard !needsRebuild else { return }
        uninstall(constraint)
    }

    func constantDidChange(_ constraint: LayoutConstraint) {
        guard !needsRebuild else { return }
        pushConstant(constraint)
    }

    func priorityDidChange(_ constraint: LayoutConstraint) {
        guard !needsRebuild, let solverConstraint = store.form(of: constraint),
            solver.contains(solverConstraint)
        else { return }
        do {
            try solver.setPriority(constraint.priority.solverPriority, for: solverConstraint)
        } catch {
            LayoutLog.emit("Could not change the priority of \(constraint): \(error)")
        }
        needsLayout = true
    }

    /// Sends a constraint's current constant to the solver (cheap).
    func pushConstant(_ constraint: LayoutConstraint) {
        guard !needsRebuild else { return }
        guard let solverConstraint = store.form(of: constraint) else { return }
        guard let value = solverConstant(of: constraint) else { return }
        pushConstant(value, of: solverConstraint, for: constraint)
    }

    /// `pushConstant` with the solver form and its constant known.
    func pushConstant(
        _ value: Double, of solverConstraint: Constraint, for constraint: LayoutConstraint
    ) {
        // The constant the solver holds already (a baseline constraint's,
        // computed again after every new text, nearly always is):
        // `setConstant` would change nothing, and the remembered sizes and
        // checked widths still hold. Only the layout is marked, as below.
        if unmanagedSolver._withUnsafeGuaranteedRef({
            $0.holds(solverConstraint, constant: value)
        }) {
            needsLayout = true
            return
        }
        // What reading `solver` does first; the solver is then lent
        // unretained (setting a constant does not replace it).
        forgetRememberedSizes()
        // broken earlier: stays out, as in UIKit
        guard unmanagedSolver._withUnsafeGuaranteedRef({ $0.contains(solverConstraint) }) else {
            return
        }
        do {
            plan.widthsChecked = false
            if let conflict = try unmanagedSolver._withUnsafeGuaranteedRef({ solver in
                try _setSolverConstant(value, of: solverConstraint, in: solver)
            }) {
                // The solver left the constraint out: sizes it fixed may be free.
                store.noteIfBroken(solverConstraint, in: storedSolver)
                store.installVersion += 1
                requeueStaleContent()
                switch constraint._origin {
                case .autoresizing, .encapsulatedLayout:
                    // The solver left the new frame out. UIKit keeps frames and
                    // breaks one of the constraints fighting them; rebuilding
                    // (frames first, then constraints in activation order)
                    // does the same, and logs that conflict instead.
                    hierarchyDidChange()
                default:
                    report(conflict)
                }
            }
        } catch {
            LayoutLog.emit("Could not change the constant of \(constraint): \(error)")
        }
        needsLayout = true
    }

    func setConstant(_ value: Double, of constraint: LayoutConstraint) {
        guard constraint.constant != value else { return }
        constraint._setConstant(value)
        pushConstant(constraint)
    }

    func frameDidChange(_ view: View) {
        guard !needsRebuild else { return }
        if view === root {
            if loop.sizeMode == .frame, loop.rootSize.count == 2 {
                setConstant(view._frame.width, of: loop.rootSize[0])
                setConstant(view._frame.height, of: loop.rootSize[1])
                loop.rootSizeValue = view._frame.size
            } else if loop.sizeMode == .frame {
                // first size: prepare() installs it and retries broken constraints
                needsLayout = true
            }
            return
        }
        guard let made = store.items[ObjectIdentifier(view)]?.autoresizing, made.count == 4,
            let superview = view.superview
        else { return }
        // Same shapes (a fixed frame, or the same mask): new constants only.
        let remade = autoresizingConstraints(view, superview: superview)
        if zip(made, remade).allSatisfy({
            $0.multiplier == $1.multiplier && $0.secondAttribute == $1.secondAttribute
        }) {
            for (constraint, new) in zip(made, remade) { setConstant(new.constant, of: constraint) }
        } else {
            for constraint in made { uninstall(constraint) }
            installAutoresizing(view, superview: superview)
        }
    }

    func guideInsetsDidChange(_ view: View) {
        guard !needsRebuild else { return }
        for guide in [view._marginsGuide, view._safeAreaGuide].compactMap({ $0 }) {
            guard let made = store.items[ObjectIdentifier(guide)]?.guide, made.count == 4 else {
                continue
            }
            let insets = guideInsets(guide, owner: view)
            for (constraint, value) in zip(
                made, [insets.left, insets.top, insets.right, insets.bottom])
            {
                setConstant(value, of: constraint)
            }
        }
    }

    func intrinsicContentSizeDidChange(_ view: View) {
        needsLayout = true
        guard !needsRebuild else { return }
        guard let index = index(of: view) else { return }
        if intrinsic.defersWhenFixed[index],
            intrinsic.contents[index].fixedVersion == store.installVersion,
            intrinsic.contents[index].fixed == (true, true, true)
        {
            // as `updateContentSize` would, without queueing
            deferContentSize(at: index, entirely: true)
            return
        }
        queueContentSize(at: index)
    }

    func queueContentSize(at index: Int) { intrinsic.enqueue(index) }

    func contentPrioritiesDidChange(_ view: View) {
        guard !needsRebuild, let index = index(of: view) else { return }
        uninstallContentSize(at: index)
        installContentSize(at: index)
    }

    /// Along which axes required constraints alone fix the view's size, and
    /// whether nothing reads its baselines. Along a fixed axis the intrinsic
    /// size cannot change the layout (its content constraints' error there
    /// is the same whatever else moves), so updating it can wait, unless one
    /// of them is required (a hugging or compression resistance of 1000): a
    /// new size there may conflict with what fixes the axis, as in UIKit,
    /// where every invalidated intrinsic size updates its constraints
    /// (`invalidateIntrinsicContentSize()`: "This allows the constraint-based
    /// layout system to take the new intrinsic content size into account in
    /// its next layout pass."). A label of two lines hugging at 1000, in a
    /// column that fixes its width and measured there narrower than it, is a
    /// conflict the engine breaks a constraint for. Such an axis does not
    /// count as fixed. A label fixed along both axes with no baseline
    /// constraint need not even measure its text. A one-line title pinned
    /// left, right and to a fixed height is the common case, and a
    /// multi-line label pinned left and right has a fixed width: skipping
    /// them keeps a reused cell's per-row cost to the values that matter.
    /// The answer only changes with the installed constraints, so it is kept
    /// until they change.
    @inline(__always)
    func fixedAxes(at index: Int) -> (width: Bool, height: Bool, baselineFree: Bool) {
        if intrinsic.contents[index].fixedVersion == store.installVersion {
            return intrinsic.contents[index].fixed
        }
        let view = views[index]
        let fixed = (
            width: solver.isDetermined(view._width) && !Self.hasRequiredContent(view, .horizontal),
            height: solver.isDetermined(view._height) && !Self.hasRequiredContent(view, .vertical),
            // (Constraints on the baseline this view answers for, as the
            // view of a stack's, are indexed under it.)
            baselineFree: store.baselines.isEmpty || baselineConstraints(at: index).isEmpty
        )
        intrinsic.contents[index].fixedVersion = store.installVersion
        intrinsic.contents[index].fixed = fixed
        return fixed
    }

    /// Whether `view`'s content hugging or compression resistance along
    /// `axis` is required: its intrinsic length there is a required bound.
    static func hasRequiredContent(_ view: View, _ axis: LayoutAxis) -> Bool {
        view.contentHuggingPriority(for: axis).isRequired
            || view.contentCompressionResistancePriority(for: axis).isRequired
    }

    /// Brings a view's intrinsic-size constraints to its current intrinsic size:
    /// new values when the same axes have a size (cheap: one suggestion per
    /// axis in edit form), else new constraints. Updates along fixed axes
    /// wait (see `fixedAxes(at:)`): the view is kept in `staleContent`, so
    /// any change to the installed constraints brings it back.
    func updateContentSize(at index: Int) {
        let installed = !intrinsic.contents[index].constraints.isEmpty
        let fixed =
            installed ? fixedAxes(at: index) : (width: false, height: false, baselineFree: true)
        if intrinsic.defersWhenFixed[index], installed, fixed.width, fixed.height,
            fixed.baselineFree
        {
            // Measured later if a constraint change makes its size matter.
            deferContentSize(at: index, entirely: true)
            return
        }
        let old = intrinsic.contents[index].size
        let size = views.withView(at: index) { $0.intrinsicContentSize }
        // A label's new height and new baselines come from one
        // measurement. Baselines are offsets from the label's top, so its
        // new, taller height at its old baselines would push its bottom
        // down by the growth, a state no measurement of it has: in a row
        // of fixed height on last baselines (the canvas's bottom at least
        // the first view's) that state conflicts where the final
        // constraints do not, and the engine broke the label's required
        // vertical compression resistance (the stacktree fuzz target's
        // rows: a label drawn 0 high that the direct path, and the final
        // set, keep at its height). So a taller label whose compression
        // resistance is required (only a required one conflicts) has its
        // baselines moved first, as they are where required constants
        // wait for the end of the queue (`pushDeferredConstants`); other
        // labels keep the order the refit path shares to the bit.
        if size.height > old.height, old.height >= 0, !intrinsic.defersRequiredConstants {
            let required = views.withView(at: index) {
                $0.contentCompressionResistancePriority(for: .vertical).isRequired
            }
            if required {
                intrinsic.texts[index]?.with { text in
                    if text._baselinesChanged { reinstallBaselineConstraints(of: text, at: index) }
                }
            }
        }
        if size != old {
            let hasWidth = size.width >= 0 && size.width.isFinite
            let hasHeight = size.height >= 0 && size.height.isFinite
            if installed, (old.width >= 0) == hasWidth, (old.height >= 0) == hasHeight,
                intrinsic.contentHistory[index].prefersEdit || !switchesToEditForm(at: index)
            {
                // The content constraints are (width ≥, width ≤) when the view has
                // an intrinsic width, then (height ≥, height ≤): update them in place.
                if hasWidth, size.width != old.width {
                    if fixed.width {
                        deferContentSize(at: index)
                    } else {
                        updateContent(
                            at: index, offset: 0, edit: intrinsic.contents[index].width,
                            from: old.width,
                            to: size.width)
                        intrinsic.contents[index].size.width = size.width
                    }
                }
                if hasHeight, size.height != old.height {
                    if fixed.height {
                        deferContentSize(at: index)
                    } else {
                        updateContent(
                            at: index, offset: hasWidth ? 2 : 0,
                            edit: intrinsic.contents[index].height,
                            from: old.height,
                            to: size.height)
                        intrinsic.contents[index].size.height = size.height
                    }
                }
            } else {
                uninstallContentSize(at: index)
                installContentSize(at: index)
            }
        }
        intrinsic.texts[index]?.with { text in
            if text._baselinesChanged { reinstallBaselineConstraints(of: text, at: index) }
        }
    }

    /// Keeps a view's intrinsic-size update waiting (in `staleContent`);
    /// `entirely` when no axis of it matters (see `View._membership.contentDeferred`).
    func deferContentSize(at index: Int, entirely: Bool = false) {
        guard !intrinsic.contents[index].isStale else { return }
        intrinsic.contents[index].isStale = true
        if entirely { views.withView(at: index) { $0._membership.contentDeferred = true } }
        intrinsic.staleContent.append(index)
    }

    /// Moves one axis's pair of intrinsic-size constraints from `old` to `new`.
    func updateContent(
        at index: Int, offset: Int, edit: Variable?, from old: Double, to new: Double
    ) {
        needsLayout = true
        guard let edit else {
            updateContentConstants(at: index, offset: offset, from: old, to: new)
            return
        }
        // The constraints' constants only describe them (logs, see
        // `syncContentConstants()`); the solver reads the edit variable.
        do { try solver.suggestValue(new, for: edit) } catch {
            LayoutLog.emit(
                "Could not edit the intrinsic size of \(views[index].layoutName): \(error)")
        }
    }

    /// `updateContent` in constants form: the one that moves away from the
    /// other first, so the pair never asks for an empty range on the way.
    func updateContentConstants(
        at index: Int, offset: Int, from old: Double, to new: Double
    ) {
        let first = new > old ? offset + 1 : offset
        // What reading `solver` does first, once; the solver is then lent
        // unretained (each read of `solver` retained and released it).
        forgetRememberedSizes()
        for step in 0..<2 {
            let k = step == 0 ? first : 2 * offset + 1 - first
            let constraint = intrinsic.contents[index].constraints[k]
            guard !constraint.priority.isRequired,
                let form = intrinsic.contents[index].solverForms[k],
                unmanagedSolver._withUnsafeGuaranteedRef({ $0.contains(form) })
            else {
                if intrinsic.defersRequiredConstants {
                    guard constraint.constant != new else { continue }
                    constraint._setConstant(new)
                    // An installed form's constant is the intrinsic size itself.
                    intrinsic.deferredConstantPushes.append(
                        _IntrinsicSizes.DeferredConstant(
                            constraint: constraint, form: intrinsic.contents[index].solverForms[k]))
                } else {
                    setConstant(new, of: constraint)  // may conflict: reported there
                }
                continue
            }
            // Optional: never a conflict, so straight to the solver.
            constraint._setConstant(new)
            plan.widthsChecked = false
            do {
                _ = try unmanagedSolver._withUnsafeGuaranteedRef {
                    try _setSolverConstant(new, of: form, in: $0)
                }
            } catch {
                LayoutLog.emit("Could not change the constant of \(constraint): \(error)")
            }
        }
    }

    /// Sends the required intrinsic-size constants that waited for the
    /// end of `prepare`'s queue to the solver, in the order they changed.
    /// Optional changes (suggestions, optional constants) wait in the
    /// solver for one dual optimisation; a required constant is optimised
    /// at once (it may conflict, which must be known then), so pushing the
    /// required ones last makes that one optimisation serve the whole row:
    /// a header whose time label hugs at 1000 and a body whose height is
    /// suggested then cost one optimisation, not two. The solution is the
    /// same (the problem after every change); so are conflicts, which
    /// optional constants cannot cause or prevent, and a conflict met
    /// while updating in place is judged on a solver built afresh anyway
    /// (`reportsConflictsDirectly`).
    func pushDeferredConstants() {
        guard !intrinsic.deferredConstantPushes.isEmpty else { return }
        // Nothing is deferred while this runs (the flag is off).
        for k in intrinsic.deferredConstantPushes.indices {
            let constraint = intrinsic.deferredConstantPushes[k].constraint
            if let form = intrinsic.deferredConstantPushes[k].form, !needsRebuild {
                pushConstant(constraint.constant, of: form, for: constraint)
            } else {
                pushConstant(constraint)
            }
        }
        // Emptied from the end: `removeAll(keepingCapacity:)` goes through
        // the generic range replacement.
        while !intrinsic.deferredConstantPushes.isEmpty {
            intrinsic.deferredConstantPushes.removeLast()
        }
    }

    /// Moves a view in constants form to edit form when its intrinsic size
    /// keeps changing while nothing else does (see `ContentConstraints`);
    /// true when it did (its constraints were made again, at the current size).
    func switchesToEditForm(at index: Int) -> Bool {
        guard !intrinsic.contentHistory[index].prefersEdit else { return false }
        if intrinsic.contentHistory[index].version == store.installVersion {
            intrinsic.contentHistory[index].steadyUpdates += 1
        } else {
            intrinsic.contentHistory[index].version = store.installVersion
            intrinsic.contentHistory[index].steadyUpdates = 0
        }
        guard intrinsic.contentHistory[index].steadyUpdates >= 2 else { return false }
        intrinsic.contentHistory[index].prefersEdit = true
        uninstallContentSize(at: index)
        installContentSize(at: index)
        return true
    }

    /// Baseline constraints carry the label's baseline offset as a constant
    /// of the expression. When the text changes, a constraint whose items
    /// still have baselines gets its new constant (a cheap constant change,
    /// which leaves the installed set, and so a reused cell's refit plan,
    /// as they were); one whose label gained or lost its baselines (became
    /// empty: its bottom edge stands in), or whose items another view
    /// answers for now (a stack's tallest view: `answeringViewsMoved`), is
    /// made again.
    /// - Complexity: O(baseline constraints on the label), after the first
    ///   text change for the installed constraints.
    func reinstallBaselineConstraints(of label: any _EngineText, at index: Int) {
        guard label._baselinesChanged else { return }
        label._baselinesChanged = false
        guard !store.baselines.isEmpty else { return }
        // Only the (usually few) installed baseline constraints on the label
        // are looked at, so a text change costs nothing here when no
        // baseline is constrained. A copy: re-making one changes the store.
        let affected = baselineConstraints(at: index)
        for constraint in affected {
            if Self.baselineShape(of: constraint) == constraint._baselineShape,
                store.form(of: constraint) != nil, !answeringViewsMoved(constraint)
            {
                pushConstant(constraint)
            } else {
                uninstall(constraint)
                install(constraint)
            }
        }
    }
}

extension LayoutEngine {
    /// The installed baseline constraints on the view at `index`, in
    /// activation order (see `_ConstraintStore.baselinesByView`).
    @inline(__always)
    func baselineConstraints(at index: Int) -> [LayoutConstraint] {
        if store.baselinesByViewVersion != store.installVersion { indexBaselineConstraints() }
        return store.baselinesByView[index]
    }

    /// Sorts `store.baselines` by the views they are on, for the installed
    /// constraints: each list in activation order, ties (none among
    /// activated constraints) in the order of `baselines`.
    func indexBaselineConstraints() {
        var lists = [[LayoutConstraint]](repeating: [], count: views.count)
        // Under the view whose baseline each item's stands for (a stack's
        // arranged view: its text changes the constraint's constant).
        for constraint in store.baselines {
            let first = Self.baselineView(of: constraint._firstItem, constraint.firstAttribute)
                .flatMap { index(of: $0) }
            let second = Self.baselineView(of: constraint._secondItem, constraint.secondAttribute)
                .flatMap { index(of: $0) }
            if let first { lists[first].append(constraint) }
            if let second, second != first { lists[second].append(constraint) }
        }
        for k in lists.indices where lists[k].count > 1 {
            lists[k].sort { $0._activationOrder < $1._activationOrder }
        }
        store.baselinesByView = lists
        store.baselinesByViewVersion = store.installVersion
    }
}
