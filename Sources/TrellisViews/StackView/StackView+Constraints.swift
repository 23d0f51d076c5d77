// The constraints a stack view makes, by concern: along the axis (canvas
// connections, spacing, the distribution), across it (the alignment), and for
// hidden views. Each carries UIKit's identifier.

import TrellisConstraints
import TrellisGeometry

/// The attributes of one axis: edges, size and centre (and baselines across
/// a horizontal axis).
struct _StackAxis {
    var start: LayoutAttribute
    var end: LayoutAttribute
    var size: LayoutAttribute
    var center: LayoutAttribute

    static let horizontal = _StackAxis(
        start: .leading, end: .trailing, size: .width, center: .centerX)
    static let vertical = _StackAxis(start: .top, end: .bottom, size: .height, center: .centerY)
}

extension StackView {
    /// The priority of `UISV-spanning-fit` (the stack hugs its views across
    /// the axis, and in the equal-spacing distributions along it): just
    /// above `fittingSizeLevel`, as UIKit's, so a self-sizing cell still
    /// shrinks the stack to its views, and anything that matters more
    /// stretches it.
    static let spanningFitPriority = LayoutPriority(rawValue: 51)
    /// The priority that settles where baseline-aligned views sit in a stack
    /// taller than they need: at its top, below everything else here.
    static let baselineSnapPriority = LayoutPriority(rawValue: 48)
    /// The priority of equal gaps (equal spacing and centring). UIKit's
    /// documentation: when the views do not fit, the gaps shrink to their
    /// minimum first, and only then are views compressed. So equal gaps give
    /// way to compression resistance (750) and to hugging (250): with room
    /// to spare the gaps still come out equal (nothing else claims the
    /// room), and with too little, a minimum gap larger than an equal share
    /// (a custom spacing) leaves the other gaps unequal rather than
    /// squeezing a view.
    static let equalGapPriority = LayoutPriority(rawValue: 245)

    private func make(
        _ first: LayoutItem, _ firstAttribute: LayoutAttribute, _ relation: LayoutRelation,
        _ second: LayoutItem?, _ secondAttribute: LayoutAttribute = .notAnAttribute,
        multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required,
        _ identifier: String
    ) -> LayoutConstraint {
        LayoutConstraint(
            first, firstAttribute, relation, second,
            second == nil ? .notAnAttribute : secondAttribute,
            multiplier: multiplier, constant: constant, priority: priority, origin: .user,
            identifier: identifier)
    }

    /// Takes the stack's constraints and spacer guides out.
    func _removeArrangement() {
        LayoutConstraint.deactivate(_arrangement)
        LayoutConstraint.deactivate(_proportional.constraints)
        for guide in _spacers { removeLayoutGuide(guide) }
        _arrangement = []
        _spacers = []
        _proportional = ([], [])
    }

    /// Replaces the stack's constraints with ones for its current settings.
    func _makeArrangement() {
        _removeArrangement()
        let made = _plannedArrangement()
        _arrangement = made
        LayoutConstraint.activate(made)
        if distribution == .fillProportionally { _refreshProportions(force: true) }
    }

    /// The constraints for the current settings, not yet active (spacer
    /// guides, for the equal-spacing distributions, are added to the stack).
    func _plannedArrangement() -> [LayoutConstraint] {
        let along = axis == .horizontal ? _StackAxis.horizontal : .vertical
        let across = axis == .horizontal ? _StackAxis.vertical : .horizontal
        let canvas: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let visible = arrangedSubviews.filter { !$0.isHidden }
        if _chainsArrangedViews(visible) {
            var made = _chainedHidingConstraints(across: across, canvas: canvas)
            made += _chainConstraints(along, canvas)
            made += _acrossConstraints(visible, across, canvas)
            return made
        }
        var made = _hidingConstraints(along: along, across: across, canvas: canvas)
        made += _alongConstraints(visible, along, canvas)
        made += _acrossConstraints(visible, across, canvas)
        return made
    }

    /// Whether the arrangement along the axis is one chain through every
    /// arranged view, hidden ones included (`_chainConstraints`): for the
    /// fill and fill-equally distributions spaced edge to edge, with at
    /// least one view visible.
    func _chainsArrangedViews(_ visible: [View]) -> Bool {
        !visible.isEmpty && (distribution == .fill || distribution == .fillEqually)
            && !(isBaselineRelativeArrangement && axis == .vertical)
    }

    /// The alignment across the axis as applied (baselines line up side by
    /// side only: a vertical stack fills).
    var _effectiveAlignment: Alignment {
        if axis == .vertical, alignment == .firstBaseline || alignment == .lastBaseline {
            return .fill
        }
        return alignment
    }

    /// Along the axis, as one chain: the first arranged view at the
    /// canvas's start and the last at its end (`UISV-canvas-connection`),
    /// and each view after the one before it (`UISV-spacing`), hidden
    /// views included. A link's constant is the spacing after the last
    /// visible view before it when the view it places is visible and
    /// follows one, else 0; hidden views are 0 long (`UISV-hiding`). The
    /// frames are those of `_alongConstraints` with `_hidingConstraints`
    /// (a hidden view starts where the visible views before it end, and
    /// the visible views are spaced as if it were not there), but hiding or
    /// showing a view changes constants of links that stay installed and
    /// adds or removes its own size constraint only, where the other
    /// arrangement re-makes the links around it (a reused cell with an
    /// optional photo was paying eight solver changes per toggle).
    private func _chainConstraints(_ along: _StackAxis, _ canvas: LayoutItem)
        -> [LayoutConstraint]
    {
        guard let first = arrangedSubviews.first, let last = arrangedSubviews.last else {
            return []
        }
        var made = [
            make(first, along.start, .equal, canvas, along.start, "UISV-canvas-connection"),
            make(canvas, along.end, .equal, last, along.end, "UISV-canvas-connection"),
        ]
        var lastVisible: View? = first.isHidden ? nil : first
        for (previous, next) in zip(arrangedSubviews, arrangedSubviews.dropFirst()) {
            var gap = 0.0
            if !next.isHidden {
                if let lastVisible { gap = _spacing(after: lastVisible) }
                lastVisible = next
            }
            made.append(
                make(next, along.start, .equal, previous, along.end, constant: gap, "UISV-spacing"))
        }
        if distribution == .fillEqually {
            let visible = arrangedSubviews.filter { !$0.isHidden }
            for view in visible.dropFirst() {
                made.append(
                    make(view, along.size, .equal, visible[0], along.size, "UISV-fill-equally"))
            }
        }
        return made
    }

    /// `UISV-hiding` for a chained arrangement: a hidden view is 0 long
    /// along the axis (the chain places it) and sits at the start of the
    /// cross axis, with the identifier of a visible view's constraint there
    /// when the alignment makes the same one, so that it stays installed.
    private func _chainedHidingConstraints(across: _StackAxis, canvas: LayoutItem)
        -> [LayoutConstraint]
    {
        let along = axis == .horizontal ? _StackAxis.horizontal : .vertical
        let sharesStart = _effectiveAlignment == .fill || _effectiveAlignment == .leading
        var made: [LayoutConstraint] = []
        for view in arrangedSubviews where view.isHidden {
            made.append(make(view, along.size, .equal, nil, constant: 0, "UISV-hiding"))
            made.append(
                make(
                    view, across.start, .equal, canvas, across.start,
                    sharesStart ? "UISV-canvas-connection" : "UISV-hiding"))
        }
        return made
    }

    /// Whether the arrangement can be updated by difference: no spacer
    /// guides (whose identity changes) and no proportions, before or after.
    var _arrangesByDifference: Bool {
        _spacers.isEmpty && _proportional.constraints.isEmpty
            && (distribution == .fill || distribution == .fillEqually)
    }

    /// `planned` against the current arrangement: the current constraints
    /// that `planned` also has (same items, attributes, relation,
    /// multiplier, priority and identifier) stay active, with `planned`'s
    /// constant (`retuned` lists those whose constant changes), and only
    /// the others go out and come in. Hiding one view of ten changes a few
    /// constraints instead of all of them (each one a solver change), and
    /// a new constant is cheaper still (the dual simplex, no new row).
    func _difference(to planned: [LayoutConstraint]) -> (
        kept: [LayoutConstraint], removed: [LayoutConstraint], added: [LayoutConstraint],
        retuned: [(constraint: LayoutConstraint, constant: Double)]
    ) {
        var current = [_ArrangementKey: [LayoutConstraint]](minimumCapacity: _arrangement.count)
        for constraint in _arrangement {
            current[_ArrangementKey(constraint), default: []].append(constraint)
        }
        var kept: [LayoutConstraint] = []
        var added: [LayoutConstraint] = []
        var retuned: [(constraint: LayoutConstraint, constant: Double)] = []
        for constraint in planned {
            let key = _ArrangementKey(constraint)
            guard var same = current[key], !same.isEmpty else {
                added.append(constraint)
                continue
            }
            // The same constant if there is one, else the last.
            let match = same.lastIndex { $0.constant == constraint.constant } ?? same.count - 1
            let existing = same.remove(at: match)
            current[key] = same
            kept.append(existing)
            if existing.constant != constraint.constant {
                retuned.append((existing, constraint.constant))
            }
        }
        return (kept, current.values.flatMap { $0 }, added, retuned)
    }

    /// `UISV-hiding`: a hidden view is 0 long along the axis, sits where the
    /// views before it end, and at the start of the cross axis, so it takes
    /// no room and its frame is still defined.
    private func _hidingConstraints(along: _StackAxis, across: _StackAxis, canvas: LayoutItem)
        -> [LayoutConstraint]
    {
        var made: [LayoutConstraint] = []
        var previous: View?
        for view in arrangedSubviews {
            guard view.isHidden else {
                previous = view
                continue
            }
            made.append(make(view, along.size, .equal, nil, constant: 0, "UISV-hiding"))
            made.append(
                previous.map { make(view, along.start, .equal, $0, along.end, "UISV-hiding") }
                    ?? make(view, along.start, .equal, canvas, along.start, "UISV-hiding"))
            made.append(make(view, across.start, .equal, canvas, across.start, "UISV-hiding"))
        }
        return made
    }

    /// The spacing after `view`: its custom spacing, else `spacing`.
    private func _spacing(after view: View) -> Double {
        guard let custom = _customSpacing[ObjectIdentifier(view)] else { return spacing }
        return custom == Self.spacingUseSystem ? LayoutConstraint.standardSiblingSpacing : custom
    }

    /// Along the axis: the first and last views at the canvas's edges
    /// (`UISV-canvas-connection`), the gaps (`UISV-spacing`), and the sizes
    /// or gaps the distribution sets.
    private func _alongConstraints(_ visible: [View], _ along: _StackAxis, _ canvas: LayoutItem)
        -> [LayoutConstraint]
    {
        guard let first = visible.first, let last = visible.last else { return [] }
        var made = [
            make(first, along.start, .equal, canvas, along.start, "UISV-canvas-connection"),
            make(canvas, along.end, .equal, last, along.end, "UISV-canvas-connection"),
        ]
        let baselines = isBaselineRelativeArrangement && axis == .vertical
        let exact = [.fill, .fillEqually, .fillProportionally].contains(distribution)
        for (previous, next) in zip(visible, visible.dropFirst()) {
            let gap = _spacing(after: previous)
            made.append(
                baselines
                    ? make(
                        next, .firstBaseline, exact ? .equal : .greaterThanOrEqual, previous,
                        .lastBaseline, constant: gap, "UISV-spacing")
                    : make(
                        next, along.start, exact ? .equal : .greaterThanOrEqual, previous,
                        along.end,
                        constant: gap, "UISV-spacing"))
        }
        switch distribution {
        case .fill, .fillProportionally:
            break  // proportions: `_refreshProportions`, before every layout
        case .fillEqually:
            for view in visible.dropFirst() {
                made.append(make(view, along.size, .equal, first, along.size, "UISV-fill-equally"))
            }
        case .equalSpacing, .equalCentering:
            // Spacer guides between neighbours (edges, or centres), all the
            // same length; the first hugs, so the gaps are as small as the
            // stack allows.
            let edges = distribution == .equalSpacing
            var spacers: [LayoutGuide] = []
            for (previous, next) in zip(visible, visible.dropFirst()) {
                let spacer = LayoutGuide()
                spacer.identifier = edges ? "UISV-distributing" : "UISV-distributing-center"
                addLayoutGuide(spacer)
                made.append(
                    make(
                        spacer, along.start, .equal, previous, edges ? along.end : along.center,
                        "UISV-distributing-edge"))
                made.append(
                    make(
                        spacer, along.end, .equal, next, edges ? along.start : along.center,
                        "UISV-distributing-edge"))
                made.append(
                    make(
                        spacer, axis == .horizontal ? .top : .leading, .equal, canvas,
                        axis == .horizontal ? .top : .leading, "UISV-distributing-edge"))
                made.append(
                    make(
                        spacer, axis == .horizontal ? .height : .width, .equal, nil, constant: 0,
                        "UISV-distributing-edge"))
                // Equal where the minimum gaps allow (a custom spacing may
                // ask one gap for more than an equal share).
                if let firstSpacer = spacers.first {
                    made.append(
                        make(
                            spacer, along.size, .equal, firstSpacer, along.size,
                            priority: Self.equalGapPriority, "UISV-distributing"))
                }
                spacers.append(spacer)
            }
            if let firstSpacer = spacers.first {
                made.append(
                    make(
                        firstSpacer, along.size, .equal, nil, constant: 0,
                        priority: Self.spanningFitPriority, "UISV-spanning-fit"))
            }
            _spacers = spacers
        }
        return made
    }

    /// Across the axis: the alignment, with `UISV-spanning-boundary` keeping
    /// every view inside the stack and `UISV-spanning-fit` making the stack
    /// as thin as its thickest view where the alignment does not.
    private func _acrossConstraints(_ visible: [View], _ across: _StackAxis, _ canvas: LayoutItem)
        -> [LayoutConstraint]
    {
        guard !visible.isEmpty else { return [] }
        let alignment = _effectiveAlignment
        var made: [LayoutConstraint] = []
        func boundary(_ view: View, start: Bool, end: Bool) {
            if start {
                made.append(
                    make(
                        view, across.start, .greaterThanOrEqual, canvas, across.start,
                        "UISV-spanning-boundary"))
            }
            if end {
                made.append(
                    make(
                        canvas, across.end, .greaterThanOrEqual, view, across.end,
                        "UISV-spanning-boundary"))
            }
        }
        for view in visible {
            switch alignment {
            case .fill:
                made.append(
                    make(view, across.start, .equal, canvas, across.start, "UISV-canvas-connection")
                )
                made.append(
                    make(canvas, across.end, .equal, view, across.end, "UISV-canvas-connection"))
            case .leading:
                made.append(
                    make(view, across.start, .equal, canvas, across.start, "UISV-canvas-connection")
                )
                boundary(view, start: false, end: true)
            case .trailing:
                made.append(
                    make(canvas, across.end, .equal, view, across.end, "UISV-canvas-connection"))
                boundary(view, start: true, end: false)
            case .center:
                made.append(
                    make(view, across.center, .equal, canvas, across.center, "UISV-alignment"))
                boundary(view, start: true, end: true)
            case .firstBaseline, .lastBaseline:
                let baseline: LayoutAttribute =
                    alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if view !== visible[0] {
                    made.append(
                        make(view, baseline, .equal, visible[0], baseline, "UISV-alignment"))
                }
                boundary(view, start: true, end: true)
                made.append(
                    make(
                        view, across.start, .equal, canvas, across.start,
                        priority: Self.baselineSnapPriority, "UISV-canvas-connection"))
            }
        }
        if alignment != .fill {
            made.append(
                make(
                    canvas, across.size, .equal, nil, constant: 0,
                    priority: Self.spanningFitPriority,
                    "UISV-spanning-fit"))
        }
        return made
    }

    /// `fillProportionally`: each visible view is as long as its share of
    /// the stack, by its intrinsic length, less the gaps
    /// (`UISV-fill-proportionally`, at 999 for the first view, 998 for the
    /// second, … as UIKit). UIKit's own multipliers ignore the gaps (a known
    /// bug, rdar://34595752: with spacing the last view takes the rest);
    /// these follow the documentation, so the views share what the gaps
    /// leave. Made again when an intrinsic length changed: before a layout,
    /// and within it while labels are measured at their solved widths, so
    /// the proportions are those of the final sizes (as a fresh hierarchy
    /// reaches them), not of an earlier row's. True when they changed.
    @discardableResult
    func _refreshProportions(force: Bool = false) -> Bool {
        guard distribution == .fillProportionally else { return false }
        let along = axis == .horizontal ? _StackAxis.horizontal : .vertical
        let visible = arrangedSubviews.filter { !$0.isHidden }
        let sizes = visible.map { view -> Double in
            let size = view.intrinsicContentSize
            let length = axis == .horizontal ? size.width : size.height
            return length.isFinite && length > 0 ? length : 0
        }
        guard force || sizes != _proportional.sizes else { return false }
        LayoutConstraint.deactivate(_proportional.constraints)
        let total = sizes.reduce(0, +)
        var made: [LayoutConstraint] = []
        if total > 0 {
            let canvas: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
            let gaps = zip(visible, visible.dropFirst()).reduce(0.0) { $0 + _spacing(after: $1.0) }
            for (index, (view, size)) in zip(visible, sizes).enumerated() {
                let share = size / total
                let priority = LayoutPriority(rawValue: Float(max(1, 999 - index)))
                guard share > 0 else {
                    made.append(
                        make(
                            view, along.size, .equal, nil, constant: 0, priority: priority,
                            "UISV-fill-proportionally"))
                    continue
                }
                made.append(
                    make(
                        view, along.size, .equal, canvas, along.size, multiplier: share,
                        constant: -share * gaps, priority: priority, "UISV-fill-proportionally"))
            }
        }
        _proportional = (made, sizes)
        LayoutConstraint.activate(made)
        return true
    }
}

/// What makes two stack constraints the same constraint, but for its constant.
struct _ArrangementKey: Hashable {
    let first: ObjectIdentifier?
    let firstAttribute: LayoutAttribute
    let relation: LayoutRelation
    let second: ObjectIdentifier?
    let secondAttribute: LayoutAttribute
    let multiplier: Double
    let priority: Float
    let identifier: String?

    init(_ constraint: LayoutConstraint) {
        first = constraint._firstItem.map { ObjectIdentifier($0) }
        firstAttribute = constraint.firstAttribute
        relation = constraint.relation
        second = constraint._secondItem.map { ObjectIdentifier($0) }
        secondAttribute = constraint.secondAttribute
        multiplier = constraint.multiplier
        priority = constraint.priority.rawValue
        identifier = constraint.identifier
    }

    /// Hashes the items and attributes only: hashing the identifier's text
    /// cost more than the rest of an arrangement's difference (callgrind),
    /// and the items and attributes already tell nearly all keys apart.
    func hash(into hasher: inout Hasher) {
        hasher.combine(first)
        hasher.combine(firstAttribute)
        hasher.combine(second)
        hasher.combine(secondAttribute)
    }
}
