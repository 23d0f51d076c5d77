// The constraints a stack view makes: UIKit's whole set, with UIKit's
// identifiers, relations, multipliers, constants and priorities, as the public
// UIStackView reimplementations that compare themselves constraint by
// constraint with a live UIStackView recorded them (TZStackView's grid over
// margins × axes × distributions × alignments × hidden views and labels,
// Arranged's, and the UIStackView dump in Arranged's README). The table is in
// docs/stack-view-constraints.md.

import TrellisConstraints
import TrellisGeometry

/// The attributes of one axis: edges, size and centre.
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
    /// `UISV-spanning-fit`: the alignment spanner (a guide around the
    /// visible views across the axis) is as thin as they allow, at 51, just
    /// above `fittingSizeLevel`, as UIKit's.
    static let spanningFitPriority = LayoutPriority(rawValue: 51)
    /// `UISV-canvas-fit`: the stack itself as small as it can be, at 49 (its
    /// length in the equal-spacing distributions, its height when its views
    /// line up by baselines side by side), as UIKit's.
    static let canvasFitPriority = LayoutPriority(rawValue: 49)
    /// `UISV-ambiguity-suppression`: every arranged view 0 thick across the
    /// axis at 25, where the alignment does not set its thickness, so that
    /// a view without an intrinsic size there is not ambiguous, as UIKit's.
    static let ambiguitySuppressionPriority = LayoutPriority(rawValue: 25)
    /// `UISV-spanning-boundary` where the alignment pins the views' edge to
    /// the spanner's (leading or trailing alignment): 999.5, as UIKit's.
    static let spanningBoundaryPriority = LayoutPriority(rawValue: 999.5)
    /// `UISV-spacing-hidden` to the ordering spanner: a hidden view's place
    /// in a stack with no visible view, at 50, as iOS 26's UIKit (see
    /// `_hiddenPlaces`).
    static let hiddenPlacePriority = LayoutPriority(rawValue: 50)
    /// `UISV-text-width-disambiguation`: a multi-line label's share of a
    /// horizontal stack's width, at 760 (above compression resistance), as UIKit's.
    static let textWidthPriority = LayoutPriority(rawValue: 760)

    func make(
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

    /// A guide of the stack's own, made and added on first use and kept
    /// (its identity then stays, so an arrangement made again keeps the
    /// constraints on it that do not change).
    private func _guide(_ stored: inout LayoutGuide?, _ identifier: String) -> LayoutGuide {
        if let guide = stored { return guide }
        let guide = LayoutGuide()
        guide.identifier = identifier
        addLayoutGuide(guide)
        stored = guide
        return guide
    }

    /// `count` spacer guides of the equal-spacing distributions: the ones
    /// the stack has, in order, and new ones after them; extra ones go.
    private func _spacerGuides(_ count: Int) -> [LayoutGuide] {
        while _spacers.count > count { removeLayoutGuide(_spacers.removeLast()) }
        while _spacers.count < count {
            let spacer = LayoutGuide()
            spacer.identifier = "UISV-distributing"
            addLayoutGuide(spacer)
            _spacers.append(spacer)
        }
        return _spacers
    }

    /// The constraints for the current settings, not yet active (but for
    /// `UISV-fill-proportionally`, made by `_refreshProportions`): UIKit's
    /// set, concern by concern.
    func _plannedArrangement() -> [LayoutConstraint] {
        let arranged = arrangedSubviews
        guard !arranged.isEmpty else {
            _ = _spacerGuides(0)
            return []
        }
        let along = axis == .horizontal ? _StackAxis.horizontal : .vertical
        let across = axis == .horizontal ? _StackAxis.vertical : .horizontal
        let canvas: LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        let visible = arranged.filter { !$0.isHidden }
        let spanner: LayoutGuide? =
            alignment != .fill || visible.isEmpty
            ? _guide(&_alignmentSpanner, "UISV-alignment-spanner") : nil
        var made: [LayoutConstraint] = []
        made.reserveCapacity(arranged.count * 6 + 8)
        _suppressionAndHiding(arranged, along, across, into: &made)
        _alignmentConstraints(arranged, across, into: &made)
        _canvasConnections(arranged, visible, along, across, canvas, spanner, into: &made)
        _canvasFit(visible, along, across, into: &made)
        if let spanner { _spanningConstraints(visible, across, spanner, into: &made) }
        _distributionConstraints(arranged, visible, along, into: &made)
        _textWidthConstraints(arranged, visible, canvas, into: &made)
        return made
    }

    /// `UISV-ambiguity-suppression` (every arranged view, hidden ones too,
    /// 0 thick at 25 unless the alignment is fill) and `UISV-hiding` (a
    /// hidden view 0 long along the axis).
    ///
    /// UIKit: "The stack view automatically updates its layout whenever
    /// views are added, removed or inserted into the arrangedSubviews
    /// array, or whenever one of the arranged subviews's isHidden property
    /// changes."
    private func _suppressionAndHiding(
        _ arranged: [View], _ along: _StackAxis, _ across: _StackAxis,
        into made: inout [LayoutConstraint]
    ) {
        let suppresses = alignment != .fill
        for view in arranged {
            if suppresses {
                made.append(
                    make(
                        view, across.size, .equal, nil, constant: 0,
                        priority: Self.ambiguitySuppressionPriority, "UISV-ambiguity-suppression"))
            }
            if view.isHidden {
                made.append(make(view, along.size, .equal, nil, constant: 0, "UISV-hiding"))
            }
        }
    }

    /// `UISV-alignment`: the first arranged view's edges (fill), edge,
    /// centre or baseline across the axis equal to every other arranged
    /// view's, hidden ones included, as UIKit: "fill: a layout where the
    /// stack view resizes its arranged views so that they fill the
    /// available space perpendicular to the stack view's axis". A vertical
    /// stack makes none for the baseline alignments (UIKit: "firstBaseline
    /// ... valid only for horizontal stacks"), so its views are placed
    /// across only by the spanner's bounds (and are ambiguous there, as in UIKit).
    private func _alignmentConstraints(
        _ arranged: [View], _ across: _StackAxis, into made: inout [LayoutConstraint]
    ) {
        let attributes: [LayoutAttribute]
        switch alignment {
        case .fill: attributes = [across.end, across.start]
        case .leading: attributes = [across.start]
        case .trailing: attributes = [across.end]
        case .center: attributes = [across.center]
        case .firstBaseline: attributes = axis == .horizontal ? [.firstBaseline] : []
        case .lastBaseline: attributes = axis == .horizontal ? [.lastBaseline] : []
        }
        let first = arranged[0]
        for attribute in attributes {
            for view in arranged.dropFirst() {
                made.append(make(first, attribute, .equal, view, attribute, "UISV-alignment"))
            }
        }
    }

    /// `UISV-canvas-connection`: along the axis, the canvas's edges at the
    /// first and last visible views' (at the ordering spanner's when all are
    /// hidden); across it, at the first arranged view's or the alignment
    /// spanner's, by the alignment. With the first baselines lined up side
    /// by side the canvas's top is only at most the first view's (the last
    /// baselines: its bottom at least the first view's bottom), as UIKit.
    private func _canvasConnections(
        _ arranged: [View], _ visible: [View], _ along: _StackAxis, _ across: _StackAxis,
        _ canvas: LayoutItem, _ spanner: LayoutGuide?, into made: inout [LayoutConstraint]
    ) {
        let id = "UISV-canvas-connection"
        guard let firstVisible = visible.first, let lastVisible = visible.last,
            let spannerOrFirst = spanner ?? arranged.first
        else {
            guard let spanner else { return }
            let ordering = _guide(&_orderingSpanner, "UISV-ordering-spanner")
            made.append(make(canvas, along.start, .equal, ordering, along.start, id))
            made.append(make(canvas, along.end, .equal, ordering, along.end, id))
            made.append(make(canvas, across.start, .equal, spanner, across.start, id))
            made.append(make(canvas, across.end, .equal, spanner, across.end, id))
            if alignment == .center {
                made.append(make(canvas, across.center, .equal, spanner, across.center, id))
            }
            // Not in UIKit's recorded set: with every view hidden nothing
            // sizes the spanners (the canvas takes any size, and a
            // self-sizing cell pulled the stack to a negative height). Both
            // are as short as they can be at 51, as the spanning fit of the
            // other alignments makes them: the stack collapses to 0 × 0.
            made.append(
                make(
                    ordering, along.size, .equal, nil, constant: 0,
                    priority: Self.spanningFitPriority, "UISV-spanning-fit"))
            if alignment == .fill {
                made.append(
                    make(
                        spanner, across.size, .equal, nil, constant: 0,
                        priority: Self.spanningFitPriority, "UISV-spanning-fit"))
            }
            _hiddenPlaces(arranged, along, across, ordering, spanner, into: &made)
            return
        }
        made.append(make(canvas, along.start, .equal, firstVisible, along.start, id))
        made.append(make(canvas, along.end, .equal, lastVisible, along.end, id))
        let first = arranged[0]
        var top: LayoutItem = first
        var bottom: LayoutItem = first
        var topRelation = LayoutRelation.equal
        var bottomRelation = LayoutRelation.equal
        switch alignment {
        case .fill: break
        case .center: (top, bottom) = (spannerOrFirst, spannerOrFirst)
        case .leading: bottom = spannerOrFirst
        case .trailing: top = spannerOrFirst
        case .firstBaseline:
            if axis == .horizontal {
                bottom = spannerOrFirst
                topRelation = .lessThanOrEqual
            } else {
                (top, bottom) = (spannerOrFirst, spannerOrFirst)
            }
        case .lastBaseline:
            if axis == .horizontal {
                top = spannerOrFirst
                bottomRelation = .greaterThanOrEqual
            } else {
                (top, bottom) = (spannerOrFirst, spannerOrFirst)
            }
        }
        made.append(make(canvas, across.start, topRelation, top, across.start, id))
        made.append(make(canvas, across.end, bottomRelation, bottom, across.end, id))
        if alignment == .center {
            made.append(make(canvas, across.center, .equal, first, across.center, id))
        }
    }

    /// Where the views of a stack with no visible view are. UIKit ties the
    /// canvas to its spanner guides only, and its recorded set ties the views
    /// to nothing but each other (`UISV-alignment` to the first arranged
    /// view, `UISV-spacing` 0 between hidden views): their places are free,
    /// and UIKit does not report hidden views as ambiguous. iOS 26's UIKitCore
    /// (`_UIOrderedLayoutArrangement
    /// _activateAndInsertEdgeToEdgeConstraintForGapBetweenSpanningLayoutGuide:hiddenItem:`,
    /// made for each hidden view when no view is visible and none precedes
    /// it visibly) places them along the axis: `UISV-spacing-hidden`, the
    /// view's start == the ordering spanner's end, at 50. Across the axis
    /// UIKit places nothing; `StackView` adds (not in UIKit's set) the
    /// first arranged view's start == the alignment spanner's start at 50
    /// (every view's where no alignment constraint ties them, a vertical
    /// stack aligned by baselines), the others following by
    /// `UISV-alignment`, so that hidden views have one place, the direct
    /// path's.
    private func _hiddenPlaces(
        _ arranged: [View], _ along: _StackAxis, _ across: _StackAxis, _ ordering: LayoutGuide,
        _ spanner: LayoutGuide, into made: inout [LayoutConstraint]
    ) {
        let unaligned =
            axis == .vertical && (alignment == .firstBaseline || alignment == .lastBaseline)
        for (k, view) in arranged.enumerated() {
            made.append(
                make(
                    view, along.start, .equal, ordering, along.end,
                    priority: Self.hiddenPlacePriority, "UISV-spacing-hidden"))
            guard k == 0 || unaligned else { continue }
            made.append(
                make(
                    view, across.start, .equal, spanner, across.start,
                    priority: Self.hiddenPlacePriority, "UISV-alignment-hidden"))
        }
    }

    /// `UISV-canvas-fit`: the stack (itself, not its margins) as short as
    /// it can be at 49 along the axis in the equal-spacing distributions
    /// (their gaps are only minimums), and across it for baselines lined
    /// up side by side (its top is only bounded), as UIKit.
    private func _canvasFit(
        _ visible: [View], _ along: _StackAxis, _ across: _StackAxis,
        into made: inout [LayoutConstraint]
    ) {
        if axis == .horizontal, alignment == .firstBaseline || alignment == .lastBaseline,
            !visible.isEmpty
        {
            made.append(
                make(
                    self, across.size, .equal, nil, constant: 0, priority: Self.canvasFitPriority,
                    "UISV-canvas-fit"))
        }
        if distribution == .equalSpacing || distribution == .equalCentering {
            made.append(
                make(
                    self, along.size, .equal, nil, constant: 0, priority: Self.canvasFitPriority,
                    "UISV-canvas-fit"))
        }
    }

    /// `UISV-spanning-boundary`: the alignment spanner around every visible
    /// view across the axis (its leading edge equal to theirs at 999.5 for
    /// leading alignment, its trailing edge for trailing), and
    /// `UISV-spanning-fit`: the spanner as thin as that allows, at 51.
    private func _spanningConstraints(
        _ visible: [View], _ across: _StackAxis, _ spanner: LayoutGuide,
        into made: inout [LayoutConstraint]
    ) {
        guard alignment != .fill else { return }
        let pinsStart = alignment == .leading
        let pinsEnd = alignment == .trailing
        for view in visible {
            made.append(
                make(
                    spanner, across.start, pinsStart ? .equal : .lessThanOrEqual, view,
                    across.start,
                    priority: pinsStart ? Self.spanningBoundaryPriority : .required,
                    "UISV-spanning-boundary"))
            made.append(
                make(
                    spanner, across.end, pinsEnd ? .equal : .greaterThanOrEqual, view, across.end,
                    priority: pinsEnd ? Self.spanningBoundaryPriority : .required,
                    "UISV-spanning-boundary"))
        }
        made.append(
            make(
                spanner, across.size, .equal, nil, constant: 0, priority: Self.spanningFitPriority,
                "UISV-spanning-fit"))
    }

    /// The spacing after `view`: its custom spacing, else `spacing`.
    func _spacing(after view: View) -> Double {
        guard let custom = _customSpacing[ObjectIdentifier(view)] else { return spacing }
        return custom == Self.spacingUseSystem ? LayoutConstraint.standardSiblingSpacing : custom
    }

    /// The constant of `UISV-spacing` from `arranged[k - 1]` to
    /// `arranged[k]`. Between two visible views, the spacing after the
    /// first. UIKit splits the spacing around a hidden view: half of it
    /// from a visible view to a hidden one that is not the last arranged
    /// view, half from a hidden one that is not the first to a visible
    /// one, nothing between two hidden views. So with the first two of
    /// three views hidden UIKit keeps half the spacing before the third
    /// (the quirk Arranged's disabled test records: 10 with spacing 20),
    /// and the hidden views sit that far before the stack's start; this
    /// follows it. (With a custom spacing the half is of the spacing after
    /// the last visible view before, or of `spacing`.)
    func _spacingConstant(_ arranged: [View], _ k: Int, lastVisible: View?) -> Double {
        let previous = arranged[k - 1]
        let next = arranged[k]
        switch (previous.isHidden, next.isHidden) {
        case (false, false):
            return _spacing(after: previous)
        case (true, false):
            guard k - 1 != 0 else { return 0 }
            return (lastVisible.map(_spacing(after:)) ?? spacing) / 2
        case (false, true):
            guard k != arranged.count - 1 else { return 0 }
            return _spacing(after: previous) / 2
        case (true, true):
            return 0
        }
    }

    /// Along the axis: `UISV-spacing` through every arranged view (equal in
    /// the fill distributions, at least in the equal-spacing ones; baseline
    /// to baseline in a baseline-relative vertical stack),
    /// `UISV-fill-equally` (each visible view as long as the first), and for
    /// the equal-spacing distributions a spacer guide between neighbouring
    /// visible views (`UISV-distributing-edge`: from edge to edge, or centre
    /// to centre) with the spacers equally long (`UISV-fill-equally`; for
    /// equal centring at 150 minus the index of the view before the spacer,
    /// as UIKit).
    private func _distributionConstraints(
        _ arranged: [View], _ visible: [View], _ along: _StackAxis,
        into made: inout [LayoutConstraint]
    ) {
        let baselines = isBaselineRelativeArrangement && axis == .vertical
        let startAttribute = baselines ? LayoutAttribute.firstBaseline : along.start
        let endAttribute = baselines ? LayoutAttribute.lastBaseline : along.end
        let exact = [.fill, .fillEqually, .fillProportionally].contains(distribution)
        var lastVisible: View? = arranged[0].isHidden ? nil : arranged[0]
        for k in arranged.indices.dropFirst() {
            let constant = _spacingConstant(arranged, k, lastVisible: lastVisible)
            made.append(
                make(
                    arranged[k], startAttribute, exact ? .equal : .greaterThanOrEqual,
                    arranged[k - 1], endAttribute, constant: constant, "UISV-spacing"))
            if !arranged[k].isHidden { lastVisible = arranged[k] }
        }
        if distribution == .fillEqually, let first = visible.first {
            for view in visible.dropFirst() {
                made.append(make(view, along.size, .equal, first, along.size, "UISV-fill-equally"))
            }
        }
        guard !exact else {
            _ = _spacerGuides(0)
            return
        }
        let spacers = _spacerGuides(max(0, visible.count - 1))
        let centres = distribution == .equalCentering
        for (k, spacer) in spacers.enumerated() {
            let previous = visible[k]
            let next = visible[k + 1]
            made.append(
                make(
                    spacer, along.start, .equal, previous, centres ? along.center : endAttribute,
                    "UISV-distributing-edge"))
            made.append(
                make(
                    spacer, along.end, .equal, next, centres ? along.center : startAttribute,
                    "UISV-distributing-edge"))
        }
        guard let firstSpacer = spacers.first else { return }
        var arrangedIndex: [ObjectIdentifier: Int] = [:]
        if centres {
            for (index, view) in arranged.enumerated() {
                arrangedIndex[ObjectIdentifier(view)] = index
            }
        }
        for (k, spacer) in spacers.enumerated().dropFirst() {
            let priority: LayoutPriority =
                centres
                ? LayoutPriority(
                    rawValue: Float(150 - (arrangedIndex[ObjectIdentifier(visible[k])] ?? k)))
                : .required
            made.append(
                make(
                    spacer, along.size, .equal, firstSpacer, along.size, priority: priority,
                    "UISV-fill-equally"))
        }
    }

    /// `UISV-text-width-disambiguation`: in a horizontal stack of the fill,
    /// equal-spacing or equal-centring distribution, every multi-line label
    /// (`numberOfLines` not 1; hidden ones too) as wide as an equal share of
    /// the canvas less the spacing (multiplier 1/n for n visible views, 0
    /// wide when none is visible), at 760, as UIKit: two wrapping labels
    /// side by side share the width instead of leaving it to chance.
    private func _textWidthConstraints(
        _ arranged: [View], _ visible: [View], _ canvas: LayoutItem,
        into made: inout [LayoutConstraint]
    ) {
        guard axis == .horizontal,
            distribution == .fill || distribution == .equalSpacing
                || distribution == .equalCentering
        else { return }
        let n = Double(visible.count)
        for view in arranged {
            guard let label = view as? Label, label.numberOfLines != 1 else { continue }
            if visible.isEmpty {
                made.append(
                    make(
                        label, .width, .equal, nil, constant: 0, priority: Self.textWidthPriority,
                        "UISV-text-width-disambiguation"))
            } else {
                made.append(
                    make(
                        label, .width, .equal, canvas, .width, multiplier: 1 / n,
                        constant: -spacing * (n - 1) / n, priority: Self.textWidthPriority,
                        "UISV-text-width-disambiguation"))
            }
        }
    }
}
