// Building the solver from the view tree: the root's origin and size,
// autoresizing frames, required intrinsic sizes, guide edges, the user's
// constraints in activation order, then optional intrinsic sizes.

import TrellisConstraints
import TrellisGeometry

extension LayoutEngine {

    /// Rebuilds the solver from the hierarchy, the root at `target` in the
    /// current `sizeMode` (its frame's size when laying out, the fitting
    /// target when measuring): constraints are tried against the real size,
    /// so none is broken, nor logged, against a size never asked for.
    func rebuild(target: Size) {
        loop.rebuildCount += 1
        defer { store.structuralChanges = 0 }
        loop.reportsConflictsDirectly = true
        defer { loop.reportsConflictsDirectly = false }
        loop.sawTransientConflict = false
        plan.pendingHeight = nil
        plan.sizes.removeAll()
        storedSolver = Solver()
        store.removeAll()
        for index in intrinsic.staleContent where index < views.count {
            views.withView(at: index) { $0._membership.contentDeferred = false }
        }
        intrinsic.staleContent.removeAll(keepingCapacity: true)
        stopPollingHeights(requeue: false)
        intrinsic.removeAll()
        views = _EngineViews()
        parentIndex = []
        guides = []
        proportionalStacks = []
        let viewCount = Self.hierarchyCount(root)
        views.reserveCapacity(viewCount)
        parentIndex.reserveCapacity(viewCount)
        intrinsic.reserveCapacity(viewCount)
        collect(root, parent: -1)
        rightToLeftViews = rightToLeftFlags()
        defer { rightToLeftViews = [] }
        assignTieWeights()
        needsRebuild = false
        needsLayout = true

        install(
            LayoutConstraint(
                root, .left, .equal, nil, .notAnAttribute, constant: 0, priority: .required,
                origin: .rootOrigin, identifier: "Root-Origin-X"))
        install(
            LayoutConstraint(
                root, .top, .equal, nil, .notAnAttribute, constant: 0, priority: .required,
                origin: .rootOrigin, identifier: "Root-Origin-Y"))
        installRootSize(loop.sizeMode, size: target)

        for (index, view) in views.enumerated()
        where index > 0 && view.translatesAutoresizingMaskIntoConstraints {
            installAutoresizing(view, superview: views[parentIndex[index]])
        }
        // Intrinsic sizes with a required priority go in first, as always,
        // so a conflict with them still breaks the user's constraint; the
        // optional ones (nearly all) go in last. Those never conflict, and
        // each then enters a tableau that already holds the positions, as
        // a row with an error symbol to solve for. Installed first, every
        // later equality of a chain (a stack's spacing) met the sizes'
        // rows and went through phase one with an artificial variable and
        // many pivots: 200 stacked labels took 5.3 s and 573 MB, now 51 ms
        // and 39 MB, and a reused PostCell's solver changes cost 40% fewer
        // instructions (callgrind).
        let requiredContent = views.map { view in
            view._compression.horizontal.isRequired || view._compression.vertical.isRequired
                || view._hugging.horizontal.isRequired || view._hugging.vertical.isRequired
        }
        for index in views.indices where requiredContent[index] { installContentSize(at: index) }
        for guide in guides where guide._kind != .custom { installGuideEdges(guide) }

        let user = userConstraintsByActivation()
        // Room for every constraint at once (in the solver too: the
        // user's, and about two intrinsic sizes a view; four variables an
        // item).
        store.reserveCapacity(forMore: user.count + views.count)
        storedSolver.reserveCapacity(
            forConstraints: user.count + 2 * views.count,
            variables: 4 * (views.count + guides.count))
        // Each read unretained (`user` holds it).
        user._forEachUnretained { constraint in
            constraint._withUnsafeGuaranteedRef {
                if $0._firstCell.reference != nil { install($0) }
            }
        }
        for index in views.indices where !requiredContent[index] { installContentSize(at: index) }
    }

    /// The constraints stored on the views, in activation order (the order
    /// `rebuild` installs them in). The orders are distinct (one counter
    /// for the process) and a hierarchy's lie close together: each
    /// constraint then goes straight to its place in a table over their
    /// range, read unretained, where sorting them cost about 90
    /// instructions a constraint (a new column of 1,000 boxes, callgrind).
    /// Orders spread over more than four times their number, or repeated,
    /// are sorted.
    func userConstraintsByActivation() -> [LayoutConstraint] {
        var count = 0
        var low = Int.max
        var high = Int.min
        for index in views.indices {
            views.withView(at: index) { view in
                count += view._constraints.count
                view._constraints._forEachUnretained { constraint in
                    let order = constraint._withUnsafeGuaranteedRef { $0._activationOrder }
                    low = min(low, order)
                    high = max(high, order)
                }
            }
        }
        var user: [LayoutConstraint] = []
        user.reserveCapacity(count)
        guard count > 0 else { return user }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        if !overflow, span / 4 < count {
            var slots = [Unmanaged<LayoutConstraint>?](repeating: nil, count: span + 1)
            var repeated = false
            for index in views.indices where !repeated {
                views.withView(at: index) { view in
                    view._constraints._forEachUnretained { constraint in
                        let slot =
                            constraint._withUnsafeGuaranteedRef { $0._activationOrder } - low
                        if slots[slot] != nil { repeated = true }
                        slots[slot] = constraint
                    }
                }
            }
            if !repeated {
                for slot in slots {
                    if let constraint = slot { user.append(constraint.takeUnretainedValue()) }
                }
                return user
            }
        }
        for view in views { user.append(contentsOf: view._constraints) }
        user.sort { $0._activationOrder < $1._activationOrder }
        return user
    }

    /// The number of views in `view`'s hierarchy, itself included.
    static func hierarchyCount(_ view: View) -> Int {
        var count = 1
        for subview in view.subviews { count += hierarchyCount(subview) }
        return count
    }

    func collect(_ view: View, parent: Int) {
        let index = views.count
        views.append(view)
        view._membership.contentDeferred = false
        view._membership.index = index
        view._membership.indexOwner = ObjectIdentifier(self)
        parentIndex.append(parent)
        if let guide = view._marginsGuide { guides.append(guide) }
        if let guide = view._safeAreaGuide { guides.append(guide) }
        guides.append(contentsOf: view._layoutGuides)
        let text = view._engineText
        intrinsic.append(text: text, defersWhenFixed: text != nil || view is Button)
        if let stack = view as? StackView, stack.distribution == .fillProportionally {
            proportionalStacks.append(Unmanaged.passUnretained(stack))
        }
        if view._widthDependent {
            intrinsic.widthDependentLabels.append((index, Unmanaged.passUnretained(view._width)))
        }
        for subview in view.subviews { collect(subview, parent: index) }
    }

    func installRootSize(_ mode: SizeMode, size: Size) {
        loop.sizeMode = mode
        // A root that was never given a size (frame mode, 0 × 0) has no size
        // constraints yet, as a UIKit view outside any window: constraints
        // activated before it is sized must not be reported as conflicts.
        if mode == .frame && size == .zero {
            loop.rootSize = []
            return
        }
        loop.rootSize = rootSizeConstraints(mode, size: size)
        for constraint in loop.rootSize { installRootSizeConstraint(constraint) }
        loop.rootSizeValue = size
        loop.sizeMode = mode
    }

    /// The root's width and height constraints for `mode` at `size`
    /// (not installed): required for a frame, at the fitting priorities
    /// when measuring.
    func rootSizeConstraints(_ mode: SizeMode, size: Size) -> [LayoutConstraint] {
        let (horizontal, vertical, origin, name):
            (LayoutPriority, LayoutPriority, LayoutConstraint.Origin, String)
        switch mode {
        case .frame:
            (horizontal, vertical, origin, name) = (
                .required, .required, .encapsulatedLayout, "Encapsulated-Layout"
            )
        case .fitting(let h, let v):
            (horizontal, vertical, origin, name) = (h, v, .fitting, "Fitting-Size")
        }
        return [
            LayoutConstraint(
                root, .width, .equal, nil, .notAnAttribute, constant: size.width,
                priority: horizontal, origin: origin, identifier: "\(name)-Width"),
            LayoutConstraint(
                root, .height, .equal, nil, .notAnAttribute, constant: size.height,
                priority: vertical, origin: origin, identifier: "\(name)-Height"),
        ]
    }

    /// Moves the root's size constraints to `mode` at `size` (both
    /// installed, none broken). A width of the same priority in both modes
    /// (required: a self-sizing cell is measured at its width, then laid
    /// out at it) keeps its solver form and only takes the new constant
    /// and the new mode's constraint as its owner, as Kiwi and Auto Layout
    /// change a size: taking it out and adding it again substituted
    /// through every row holding the root's width, twice a re-layout (a
    /// column of 1,000 boxes: 9 of its 14 million instructions, callgrind).
    /// The height, whose priority differs (fitting level against required),
    /// is taken out and added again.
    func switchRootSize(to mode: SizeMode, size: Size) {
        let old = loop.rootSize
        let made = rootSizeConstraints(mode, size: size)
        guard old.count == 2, !(mode == .frame && size == .zero),
            old[0].priority == made[0].priority,
            let form = store.form(of: old[0]), storedSolver.contains(form)
        else {
            for constraint in old { uninstall(constraint) }
            installRootSize(mode, size: size)
            return
        }
        uninstall(old[1])
        store.replaceOwner(of: form, with: made[0])
        loop.rootSize = made
        loop.sizeMode = mode
        if old[0].constant != size.width { pushConstant(size.width, of: form, for: made[0]) }
        installRootSizeConstraint(made[1])
        loop.rootSizeValue = size
    }

    /// Installs a root size constraint (the size the root is laid out or
    /// fitted at). When it conflicts with required constraints, UIKit keeps
    /// the size and breaks one of the user's constraints; the solver would
    /// leave out the newest constraint, which is this one. So the newest
    /// conflicting user constraint is taken out first, the size installed,
    /// and that constraint added again, to be reported and left out itself.
    func installRootSizeConstraint(_ constraint: LayoutConstraint) {
        requeueStaleContent()
        store.installVersion += 1
        var removed: [LayoutConstraint] = []
        for _ in 0..<16 {
            guard let solverConstraint = makeSolverConstraint(constraint) else { break }
            store.record(solverConstraint, of: constraint, in: storedSolver)
            needsLayout = true
            let conflict: ConstraintConflict?
            do {
                conflict = try solver.add(solverConstraint)
                store.noteIfBroken(solverConstraint, in: storedSolver)
            } catch {
                store.noteIfBroken(solverConstraint, in: storedSolver)
                LayoutLog.emit("Could not add \(constraint): \(error)")
                break
            }
            guard let conflict else { break }
            let victim = conflict.conflicting
                .compactMap { store.owner(of: $0) }
                .filter { $0._origin == .user }
                .max { $0._activationOrder < $1._activationOrder }
            guard let victim else {
                report(conflict)
                break
            }
            uninstall(constraint)
            uninstall(victim)
            removed.append(victim)
        }
        for victim in removed.reversed() { install(victim) }
    }

    func installAutoresizing(_ view: View, superview: View) {
        let made = autoresizingConstraints(view, superview: superview)
        store.items[ObjectIdentifier(view), default: _ConstraintStore.ItemConstraints()]
            .autoresizing = made
        for constraint in made { install(constraint) }
    }

    /// The four constraints a frame and an autoresizing mask turn into, as
    /// UIKit's `NSAutoresizingMaskLayoutConstraint`s. Along each axis, the
    /// parts the mask makes flexible (leading margin, size, trailing margin)
    /// share any change of the superview's size in proportion to their
    /// current lengths (equally when those are all 0), so each is a linear
    /// function of the superview's size: `part = weight × size + constant`.
    /// Without flexible parts they are the frame's numbers.
    func autoresizingConstraints(_ view: View, superview: View) -> [LayoutConstraint] {
        let frame = view._frame
        let mask = view.autoresizingMask
        func axis(
            position: Double, length: Double, superLength: Double,
            flexible: (before: Bool, size: Bool, after: Bool)
        ) -> (position: (Double, Double), length: (Double, Double)) {
            let parts = [position, length, superLength - position - length]
            let isFlexible = [flexible.before, flexible.size, flexible.after]
            let count = isFlexible.filter { $0 }.count
            guard count > 0, superLength > 0 else { return ((0, position), (0, length)) }
            let total = zip(parts, isFlexible).reduce(0) { $0 + ($1.1 ? max($1.0, 0) : 0) }
            let weights = zip(parts, isFlexible).map { part, flexible -> Double in
                guard flexible else { return 0 }
                return total > 0 ? max(part, 0) / total : 1 / Double(count)
            }
            // part(S) = part + weight × (S − S₀)
            return (
                (weights[0], position - weights[0] * superLength),
                (weights[1], length - weights[1] * superLength)
            )
        }
        let horizontal = axis(
            position: frame.minX, length: frame.width, superLength: superview._frame.width,
            flexible: (
                mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
                mask.contains(.flexibleRightMargin)
            ))
        let vertical = axis(
            position: frame.minY, length: frame.height, superLength: superview._frame.height,
            flexible: (
                mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
                mask.contains(.flexibleBottomMargin)
            ))
        func make(
            _ attribute: LayoutAttribute, _ dimension: LayoutAttribute, _ line: (Double, Double),
            _ name: String
        ) -> LayoutConstraint {
            let (weight, constant) = line
            let isPosition = !attribute.isDimension
            if weight == 0 {
                return LayoutConstraint(
                    view, attribute, .equal, isPosition ? superview : nil,
                    isPosition ? attribute : .notAnAttribute, constant: constant,
                    priority: .required, origin: .autoresizing, identifier: name)
            }
            // A position is measured from the superview's edge: see `linearForm`.
            return LayoutConstraint(
                view, attribute, .equal, superview, dimension, multiplier: weight,
                constant: constant, priority: .required, origin: .autoresizing, identifier: name)
        }
        return [
            make(.left, .width, horizontal.position, "Autoresizing-MinX"),
            make(.top, .height, vertical.position, "Autoresizing-MinY"),
            make(.width, .width, horizontal.length, "Autoresizing-Width"),
            make(.height, .height, vertical.length, "Autoresizing-Height"),
        ]
    }

    /// Makes and installs the intrinsic-size constraints of the view at `index`
    /// (see `ContentConstraints`).
    func installContentSize(at index: Int) {
        let size = views.withView(at: index) { $0.intrinsicContentSize }
        // No intrinsic size on either axis (a plain view, a stack): nothing
        // to make, as the loop below finds, without its list of axes (900
        // instructions a view of a new column of boxes, callgrind).
        guard (size.width >= 0 && size.width.isFinite) || (size.height >= 0 && size.height.isFinite)
        else {
            intrinsic.contents[index].reset(size: size)
            return
        }
        let view = views[index]
        var content = _IntrinsicSizes.ContentConstraints()
        content.isPending = intrinsic.contents[index].isPending
        content.isStale = intrinsic.contents[index].isStale
        let axes: [(LayoutAttribute, Double, LayoutPriority, LayoutPriority, String)] = [
            (
                .width, size.width, view._compression.horizontal, view._hugging.horizontal,
                "Horizontal"
            ),
            (.height, size.height, view._compression.vertical, view._hugging.vertical, "Vertical"),
        ]
        for (attribute, value, compression, hugging, axisName) in axes
        where value >= 0 && value.isFinite {
            let pair = [
                LayoutConstraint(
                    view, attribute, .greaterThanOrEqual, nil, .notAnAttribute, constant: value,
                    priority: compression, origin: .compressionResistance,
                    identifier: "Compression-Resistance-\(axisName)"),
                LayoutConstraint(
                    view, attribute, .lessThanOrEqual, nil, .notAnAttribute, constant: value,
                    priority: hugging, origin: .contentHugging,
                    identifier: "Content-Hugging-\(axisName)"),
            ]
            content.constraints += pair
            if let floor = floor(under: view, at: index, attribute, compression, axisName) {
                content.floors.append(floor)
            }
            let editPriority = Self.intrinsicEditPriority
            guard intrinsic.contentHistory[index].prefersEdit, compression < editPriority,
                hugging < editPriority
            else {
                for constraint in pair { content.solverForms.append(install(constraint)) }
                continue
            }
            let weight = tieWeight(of: pair[0])
            content.solverForms += [nil, nil]
            let variable = view._intrinsicVariable(attribute == .width ? .horizontal : .vertical)
            do {
                try solver.addEditVariable(variable, priority: editPriority.solverPriority)
                try solver.suggestValue(value, for: variable)
            } catch {
                LayoutLog.emit("Could not edit the intrinsic size of \(view.layoutName): \(error)")
            }
            if attribute == .width { content.width = variable } else { content.height = variable }
            let size = _Linear([(attribute == .width ? view._width : view._height, 1)])
            for constraint in pair {
                install(
                    constraint,
                    as: _makeSolverConstraint(
                        size, constraint.relation, _Linear([(variable, 1)]),
                        priority: constraint.priority,
                        identifier: constraint.identifier, weight: weight,
                        madeBy: unmanagedSolver))
            }
        }
        for floor in content.floors {
            install(floor, as: makeSolverConstraint(floor, weight: _TieBreak.floorWeight))
        }
        content.size = size
        intrinsic.contents[index] = content
    }

    /// Uninstalls the intrinsic-size constraints of the view at `index`.
    func uninstallContentSize(at index: Int) {
        let content = intrinsic.contents[index]
        defer {
            intrinsic.contents[index].isPending = content.isPending
            intrinsic.contents[index].isStale = content.isStale
        }
        for constraint in content.constraints { uninstall(constraint) }
        for floor in content.floors { uninstall(floor) }
        for variable in [content.width, content.height].compactMap({ $0 })
        where solver.hasEditVariable(variable) {
            plan.invalidate()  // the solver's membership changes
            do { try solver.removeEditVariable(variable) } catch {
                LayoutLog.emit("Could not stop editing \(variable): \(error)")
            }
        }
        intrinsic.contents[index] = _IntrinsicSizes.ContentConstraints()
    }

    /// The index of a view in `views`, nil when it is not in this hierarchy.
    func index(of view: View) -> Int? {
        // The view's hint is trusted when this engine wrote it: every view of
        // the hierarchy was numbered by the last `collect`.
        if view._membership.indexOwner == ObjectIdentifier(self) { return view._membership.index }
        // Another engine (a subview measured alone) numbered the view since.
        guard let found = views.firstIndex(where: { $0 === view }) else { return nil }
        view._membership.index = found
        view._membership.indexOwner = ObjectIdentifier(self)
        return found
    }

    func installGuideEdges(_ guide: LayoutGuide) {
        guard let owner = guide.owningView else { return }
        let insets = guideInsets(guide, owner: owner)
        let prefix = guide._kind == .safeArea ? "Safe-Area" : "Layout-Margins"
        let made = [
            LayoutConstraint(
                guide, .left, .equal, owner, .left, constant: insets.left, priority: .required,
                origin: .guide, identifier: "\(prefix)-Left"),
            LayoutConstraint(
                guide, .top, .equal, owner, .top, constant: insets.top, priority: .required,
                origin: .guide, identifier: "\(prefix)-Top"),
            LayoutConstraint(
                owner, .right, .equal, guide, .right, constant: insets.right, priority: .required,
                origin: .guide, identifier: "\(prefix)-Right"),
            LayoutConstraint(
                owner, .bottom, .equal, guide, .bottom, constant: insets.bottom,
                priority: .required, origin: .guide, identifier: "\(prefix)-Bottom"),
        ]
        store.items[ObjectIdentifier(guide), default: _ConstraintStore.ItemConstraints()].guide =
            made
        for constraint in made { install(constraint) }
    }

    func guideInsets(_ guide: LayoutGuide, owner: View) -> EdgeInsets {
        guide._kind == .safeArea ? owner.safeAreaInsets : owner._effectiveMarginInsets
    }
}
