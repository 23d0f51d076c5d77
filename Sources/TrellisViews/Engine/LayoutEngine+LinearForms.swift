// Installing and removing constraints, and the linear forms they turn into
// (attributes as expressions of the items' variables, leading and trailing
// resolved by layout direction, baselines with their offsets).

import TrellisConstraints
import TrellisGeometry

extension LayoutEngine {
    func requeueStaleContent() {
        guard !intrinsic.staleContent.isEmpty else { return }
        for index in intrinsic.staleContent {
            intrinsic.contents[index].isStale = false
            views.withView(at: index) { $0._membership.contentDeferred = false }
            queueContentSize(at: index)
        }
        intrinsic.staleContent.removeAll(keepingCapacity: true)
    }

    /// Adds a constraint to the solver (in `form`, or as its linear form says);
    /// a conflict is reported and the solver leaves the broken constraint out.
    @discardableResult
    func install(_ constraint: LayoutConstraint, as form: Constraint? = nil) -> Constraint? {
        requeueStaleContent()
        store.structuralChanges &+= 1
        guard
            let solverConstraint = form
                ?? makeSolverConstraint(constraint, weight: tieWeight(of: constraint))
        else { return nil }
        store.installVersion += 1
        if Self.usesBaseline(constraint) {
            store.baselines.append(constraint)
            constraint._baselineShape = Self.baselineShape(of: constraint)
            noteBaselineViews(of: constraint)
        }
        // The solver lent unretained to the store, and to the add once its
        // pending height is applied (`forgetRememberedSizes`, as every read
        // of `solver` does): `storedSolver` holds it, and neither the add
        // nor the store replaces it. Each read of the stored property
        // retained and released it (7,000 times a new column of 1,000
        // boxes, callgrind). A conflict is reported after the add, outside.
        unmanagedSolver._withUnsafeGuaranteedRef {
            store.record(solverConstraint, of: constraint, in: $0)
        }
        forgetRememberedSizes()
        var conflict: ConstraintConflict? = nil
        var failure: SolverError? = nil
        unmanagedSolver._withUnsafeGuaranteedRef { target in
            do throws(SolverError) {
                conflict = try target.add(solverConstraint)
            } catch {
                failure = error
            }
            store.noteIfBroken(solverConstraint, in: target)
        }
        if let conflict { report(conflict) }
        if let failure { LayoutLog.emit("Could not add \(constraint): \(failure)") }
        needsLayout = true
        return solverConstraint
    }

    /// Which items of a baseline constraint have baselines now (bit 0 the
    /// first item, bit 1 the second; see `LayoutConstraint._baselineShape`).
    /// The offsets are the ones the linear form reads (cached by the label).
    static func baselineShape(of constraint: LayoutConstraint) -> UInt8 {
        func has(_ item: LayoutItem?, _ attribute: LayoutAttribute) -> Bool {
            guard attribute == .firstBaseline || attribute == .lastBaseline,
                let view = item as? View
            else { return false }
            return view._baselineView(attribute)._baselineOffsetsFromTop != nil
        }
        return (has(constraint._firstItem, constraint.firstAttribute) ? 1 : 0)
            | (has(constraint._secondItem, constraint.secondAttribute) ? 2 : 0)
    }

    /// Whether either attribute of the constraint is a baseline. Compared
    /// one by one: a list of the two attributes was an allocation per
    /// install and uninstall (1.6% of a new column of 1,000 boxes, callgrind).
    static func usesBaseline(_ constraint: LayoutConstraint) -> Bool {
        let first = constraint.firstAttribute
        let second = constraint.secondAttribute
        return first == .firstBaseline || first == .lastBaseline || second == .firstBaseline
            || second == .lastBaseline
    }

    func uninstall(_ constraint: LayoutConstraint) {
        requeueStaleContent()
        store.structuralChanges &+= 1
        guard let solverConstraint = store.remove(constraint, in: storedSolver) else { return }
        store.installVersion += 1
        if Self.usesBaseline(constraint) {
            store.baselines.removeAll { $0 === constraint }
            if !store.delegatedBaselines.isEmpty {
                store.delegatedBaselines.removeAll { $0.constraint === constraint }
            }
        }
        if solver.contains(solverConstraint) {
            do { try solver.remove(solverConstraint) } catch {
                LayoutLog.emit("Could not remove \(constraint): \(error)")
            }
        }
        needsLayout = true
    }

    /// The solver form of a constraint. Leading and trailing resolve to the
    /// right and left edges in a right-to-left layout, where distances along
    /// them also run right to left: `a.leading == b.leading + 20` puts a's right
    /// edge 20 points left of b's (the constant and the inequality flip).
    ///
    /// Built straight into the solver's terms: the same numbers, in the same
    /// order of operations, as `linearForm` merged by `Constraint.init`
    /// (`lhs - rhs`, each variable once, in first-use order, cancelled
    /// terms dropped; the constant `rhs.constant - lhs.constant`), without
    /// its intermediate arrays (five allocations a constraint: a tenth of a
    /// new column of 1,000 boxes, callgrind). The terms go straight into
    /// the solver constraint, which holds up to four itself (every layout
    /// constraint but a few autoresizing ones): no array of terms either.
    /// The solver makes the object (`Solver._makeConstraint`): one kept
    /// from a freed engine's forms when it has one.
    ///
    /// The items are read unretained (`_ItemCell`: a non-nil item is
    /// alive, and the constraint holds its cells).
    func makeSolverConstraint(_ constraint: LayoutConstraint, weight: Double = 1) -> Constraint? {
        guard let first = constraint._firstCell.reference else { return nil }
        return first._withUnsafeGuaranteedRef { _makeSolverConstraint(constraint, $0, weight) }
    }

    /// `makeSolverConstraint(_:weight:)` of a constraint whose first item
    /// is `first`.
    private func _makeSolverConstraint(
        _ constraint: LayoutConstraint, _ first: LayoutItem, _ weight: Double
    ) -> Constraint {
        let (rtl, mirrored) = direction(of: constraint, first: first)
        let relation = mirrored ? constraint.relation.flipped : constraint.relation
        // Made by the solver: an object a freed engine's solver gave back
        // when there is one (Solver+ConstraintPool.swift).
        let form = unmanagedSolver._withUnsafeGuaranteedRef {
            $0._makeConstraint(
                relation: relation.solverRelation, constant: 0,
                priority: constraint.priority.solverPriority, identifier: constraint.identifier,
                weight: weight)
        }
        var terms = _FormTerms(form: form)
        let lhsConstant = Self.appendTerms(
            first, constraint.firstAttribute, rightToLeft: rtl, times: 1, sign: 1, into: &terms)
        var rhsConstant = mirrored ? -constraint.constant : constraint.constant
        if let second = constraint._secondCell?.reference {
            second._withUnsafeGuaranteedRef { second in
                rhsConstant +=
                    Self.appendTerms(
                        second, constraint.secondAttribute, rightToLeft: rtl,
                        times: constraint.multiplier, sign: -1, into: &terms)
                    * constraint.multiplier
                if constraint._origin == .autoresizing, !constraint.firstAttribute.isDimension,
                    constraint.secondAttribute.isDimension
                {
                    rhsConstant +=
                        Self.appendTerms(
                            second, constraint.firstAttribute, rightToLeft: rtl, times: 1,
                            sign: -1, into: &terms) * 1
                }
            }
        }
        form._removeZeroTerms()
        form._setBuiltConstant(rhsConstant - lhsConstant)
        return form
    }

    /// Whether the constraint's leading and trailing are right to left (by
    /// the view it is stored on), and whether that mirrors its constant.
    static func direction(of constraint: LayoutConstraint, first: LayoutItem) -> (
        rightToLeft: Bool, mirrored: Bool
    ) {
        // Only leading and trailing read the direction (`appendTerms`).
        guard constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional
        else { return (false, false) }
        let direction =
            constraint._host?.effectiveUserInterfaceLayoutDirection ?? first._layoutDirection
        let rtl = direction == .rightToLeft
        let mirrored =
            rtl
            && (constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional)
        return (rtl, mirrored)
    }

    /// `direction(of:first:)`, with the host's direction read from
    /// `rightToLeftViews` while `rebuild` installs (walking up to the root
    /// for each constraint was a twentieth of a new column of 1,000 boxes,
    /// callgrind).
    func direction(of constraint: LayoutConstraint, first: LayoutItem) -> (
        rightToLeft: Bool, mirrored: Bool
    ) {
        guard constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional
        else { return (false, false) }
        // The host read unretained (`_ItemCell`).
        guard !rightToLeftViews.isEmpty,
            let index = constraint._hostCell?.viewReference?._withUnsafeGuaranteedRef({
                $0._membership.indexOwner == ObjectIdentifier(self) ? $0._membership.index : nil
            }),
            rightToLeftViews.indices.contains(index)
        else { return Self.direction(of: constraint, first: first) }
        // A directional attribute: mirrored exactly when right to left.
        let rtl = rightToLeftViews[index]
        return (rtl, rtl)
    }

    /// Per index of `views`, whether the view's effective layout direction
    /// is right to left (`View.effectiveUserInterfaceLayoutDirection`,
    /// from the parents' flags found before).
    func rightToLeftFlags() -> [Bool] {
        var flags: [Bool] = []
        flags.reserveCapacity(views.count)
        for (index, view) in views.enumerated() {
            switch view.semanticContentAttribute {
            case .forceLeftToRight: flags.append(false)
            case .forceRightToLeft: flags.append(true)
            case .unspecified:
                flags.append(
                    index == 0
                        ? view.effectiveUserInterfaceLayoutDirection == .rightToLeft
                        : flags[parentIndex[index]])
            }
        }
        return flags
    }

    /// Adds `sign × (coefficient × factor)` of each term of `linear(item,
    /// attribute, …)` to `terms` (to the variable's term when it has one,
    /// as `Constraint.init` merges them) and returns that form's constant.
    static func appendTerms<Terms: _TermSink>(
        _ item: LayoutItem, _ attribute: LayoutAttribute, rightToLeft rtl: Bool,
        times factor: Double, sign: Double, into terms: inout Terms
    ) -> Double {
        @inline(__always) func add(_ variable: Variable, _ coefficient: Double) {
            terms.add(variable, sign * (coefficient * factor))
        }
        switch attribute {
        case .left: add(item._minX, 1)
        case .right:
            add(item._minX, 1)
            add(item._width, 1)
        case .centerX:
            add(item._minX, 1)
            add(item._width, 0.5)
        case .leading:
            return appendTerms(
                item, rtl ? .right : .left, rightToLeft: rtl, times: factor, sign: sign,
                into: &terms)
        case .trailing:
            return appendTerms(
                item, rtl ? .left : .right, rightToLeft: rtl, times: factor, sign: sign,
                into: &terms)
        case .width: add(item._width, 1)
        case .top: add(item._minY, 1)
        case .bottom:
            add(item._minY, 1)
            add(item._height, 1)
        case .centerY:
            add(item._minY, 1)
            add(item._height, 0.5)
        case .height: add(item._height, 1)
        case .firstBaseline, .lastBaseline:
            // The baseline of the view that answers for this one's
            // (`View._baselineView`: itself, or for a stack an arranged
            // view), where that view lies; its bottom edge when it has no
            // baseline.
            guard let asked = item as? View else {
                return appendTerms(
                    item, .bottom, rightToLeft: rtl, times: factor, sign: sign, into: &terms)
            }
            let view = asked._baselineView(attribute)
            guard let offsets = view._baselineOffsetsFromTop else {
                return appendTerms(
                    view, .bottom, rightToLeft: rtl, times: factor, sign: sign, into: &terms)
            }
            add(view._minY, 1)
            return attribute == .firstBaseline ? offsets.first : offsets.last
        case .notAnAttribute: break
        }
        return 0
    }

    /// `lhs relation rhs` for a constraint, in the solver's variables.
    func linearForm(_ constraint: LayoutConstraint) -> (_Linear, LayoutRelation, _Linear)? {
        guard let first = constraint._firstItem else { return nil }
        let (rtl, mirrored) = Self.direction(of: constraint, first: first)
        let lhs = linear(first, constraint.firstAttribute, rightToLeft: rtl)
        var rhs = _Linear(constant: mirrored ? -constraint.constant : constraint.constant)
        if let second = constraint._secondItem {
            rhs.add(
                linear(second, constraint.secondAttribute, rightToLeft: rtl),
                times: constraint.multiplier)
            // A flexible autoresizing margin: `minX == weight × superview.width + c`
            // is measured from the superview's own edge.
            if constraint._origin == .autoresizing, !constraint.firstAttribute.isDimension,
                constraint.secondAttribute.isDimension
            {
                rhs.add(linear(second, constraint.firstAttribute, rightToLeft: rtl), times: 1)
            }
        }
        return (lhs, mirrored ? constraint.relation.flipped : constraint.relation, rhs)
    }

    /// The constant the solver holds for a constraint (rhs − lhs constants of
    /// its linear form). Only baselines add constants of their own, and only
    /// leading/trailing can mirror the sign, so the usual case (sizes, edges)
    /// needs neither the linear form nor the layout direction: the hot path
    /// of a reused cell (intrinsic sizes, fitting sizes) stays allocation-free.
    func solverConstant(of constraint: LayoutConstraint) -> Double? {
        let first = constraint.firstAttribute
        let second = constraint.secondAttribute
        let usesBaseline =
            first == .firstBaseline || first == .lastBaseline || second == .firstBaseline
            || second == .lastBaseline
        if !usesBaseline && !first.isDirectional && !second.isDirectional {
            return constraint._firstItem == nil ? nil : constraint.constant
        }
        if usesBaseline, constraint._origin != .autoresizing {
            // Vertical attributes: no mirroring, and every attribute's own
            // constant is 0 but a baseline's offset (an item without
            // baselines stands in with its bottom edge, constant 0 too).
            guard let firstItem = constraint._firstItem else { return nil }
            return Self.baselineConstant(
                of: constraint, firstOffset: Self.baselineOffset(of: firstItem, first),
                secondOffset: constraint._secondItem.map { Self.baselineOffset(of: $0, second) })
        }
        guard let (lhs, _, rhs) = linearForm(constraint) else { return nil }
        return rhs.constant - lhs.constant
    }

    /// The solver's constant of a constraint on vertical attributes, from
    /// the constants each item's attribute carries (`baselineOffset(of:_:)`:
    /// a baseline's offset from the item's top, else 0): `constant − first
    /// + multiplier × second` (no second term without a second item). The
    /// one place this arithmetic is written: `solverConstant(of:)` and the
    /// refit's `refitBaselines(in:at:)` both call it, so a reused cell's
    /// constant equals a new cell's to the bit.
    @inline(__always)
    static func baselineConstant(
        of constraint: LayoutConstraint, firstOffset: Double, secondOffset: Double?
    ) -> Double {
        var value = constraint.constant - firstOffset
        if let secondOffset { value += constraint.multiplier * secondOffset }
        return value
    }

    /// The constant `linear(item, attribute, …)` carries: a baseline's offset
    /// from the item's top, else 0.
    static func baselineOffset(of item: LayoutItem, _ attribute: LayoutAttribute) -> Double {
        guard attribute == .firstBaseline || attribute == .lastBaseline,
            let view = item as? View,
            let offsets = view._baselineView(attribute)._baselineOffsetsFromTop
        else { return 0 }
        return attribute == .firstBaseline ? offsets.first : offsets.last
    }

    /// An attribute as a linear expression of the item's four variables.
    /// Leading and trailing follow the direction of the view the constraint is
    /// stored on (the items' nearest common ancestor), so both items of a
    /// constraint agree on which edge is leading: a subview forced left to
    /// right inside a right-to-left view lays out its own subviews left to
    /// right, while its place in the superview follows the superview.
    func linear(_ item: LayoutItem, _ attribute: LayoutAttribute, rightToLeft rtl: Bool)
        -> _Linear
    {
        // The attributes' variables are written once, in `appendTerms`.
        var terms = _TermList()
        let constant = Self.appendTerms(
            item, attribute, rightToLeft: rtl, times: 1, sign: 1, into: &terms)
        return _Linear(terms.terms.map { ($0.variable, $0.coefficient) }, constant: constant)
    }
}

/// Where `LayoutEngine.appendTerms` puts a linear form's terms: each
/// `amount × variable` added to the variable's term when there is one
/// (`coefficient += amount`), else appended.
protocol _TermSink {
    mutating func add(_ variable: Variable, _ amount: Double)
}

/// The terms in a solver constraint being built (`Constraint._addTerm`).
struct _FormTerms: _TermSink {
    let form: Constraint
    @inline(__always)
    mutating func add(_ variable: Variable, _ amount: Double) { form._addTerm(variable, amount) }
}

/// The terms in an array.
struct _TermList: _TermSink {
    var terms: [Term] = []
    mutating func add(_ variable: Variable, _ amount: Double) {
        for k in terms.indices where terms[k].variable === variable {
            terms[k].coefficient += amount
            return
        }
        terms.append(Term(variable, amount))
    }
}
