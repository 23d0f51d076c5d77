// A nested stack's baseline in a row aligned by baselines: the baseline of
// the view UIKit's `forFirstBaselineLayout` / `forLastBaselineLayout` names.

extension _LanePlan {
    /// Why a nested stack's baseline is out of the direct path's reach, or
    /// nil. A stack arranged in a row aligned by baselines or in a
    /// baseline-relative column has its baselines where the view UIKit's
    /// `forFirstBaselineLayout` and `forLastBaselineLayout` name has them
    /// (StackView+Baselines.swift: its first or last visible view, or its
    /// tallest). In a row aligned by baselines the direct path follows the
    /// named view down any depth (`nestedStackBaseline`); a tallest view
    /// that a button's or an intrinsic image's height may decide is
    /// refused (`decidesTallest`). In a baseline-relative column it keeps
    /// the trees whose baselines the chain reads are the nested stack's own
    /// bottom edge whatever the texts (`baselineIsBottom`), or a fixed
    /// distance below its top (`chainReadsTop`), and a visible one between
    /// visible views of a filling column (`movingChainLines`).
    static func nestedBaselineProblem(
        _ node: StackTree.Node, at position: Int, in parent: StackTree.Stack
    ) -> String? {
        guard case .stack(let stack) = node.content else { return nil }
        if parent.axis == .horizontal {
            guard parent.alignment == .firstBaseline || parent.alignment == .lastBaseline
            else { return nil }
            let first = parent.alignment == .firstBaseline
            guard namesVisibleView(stack, first: first) else {
                return
                    "a nested stack in a row aligned by baselines whose \(first ? "first" : "last") baseline is its tallest view's (UIKit's forFirstBaselineLayout and forLastBaselineLayout, decided by intrinsic heights) among a button or an image whose height follows its width, whose intrinsic heights the direct path does not model"
            }
            return nil
        }
        guard parent.isBaselineRelativeArrangement else { return nil }
        if chainReadsTop(node, at: position, in: parent) != nil { return nil }
        // (Alone, no chain reads it.)
        if parent.children.count == 1 { return nil }
        // (In the middle of a filling column: `movingChainLines`.)
        if !node.isHidden, parent.distribution == .fill,
            parent.children[..<position].contains(where: { !$0.isHidden }),
            parent.children[(position + 1)...].contains(where: { !$0.isHidden }),
            namesVisibleView(stack, first: true), namesVisibleView(stack, first: false)
        {
            return nil
        }
        for first in [true, false] where !baselineIsBottom(stack, first: first) {
            return
                "a nested stack in a baseline-relative column whose \(first ? "first" : "last") baseline is one of its arranged views' (UIKit's forFirstBaselineLayout and forLastBaselineLayout) away from its bottom edge, which the direct path does not model"
        }
        return nil
    }

    /// Whether the direct path follows the view UIKit's rule names for
    /// `stack`'s first (or last) baseline: its first (or last) visible
    /// view, or a row's tallest where every visible view's intrinsic
    /// height is known without the layout (`decidesTallest`), at every
    /// depth (none visible: the stack answers for itself).
    static func namesVisibleView(_ stack: StackTree.Stack, first: Bool) -> Bool {
        guard
            let pick =
                first
                ? stack.children.firstIndex(where: { !$0.isHidden })
                : stack.children.lastIndex(where: { !$0.isHidden })
        else { return true }
        if stack.axis == .horizontal, StackView._vendsTallest(stack.alignment, first: first) {
            return stack.children.allSatisfy { child in
                guard !child.isHidden else { return true }
                if case .stack(let nested) = child.content {
                    return namesVisibleView(nested, first: first) && decidesTallest(nested)
                }
                return decidesTallest(child)
            }
        }
        if case .stack(let nested) = stack.children[pick].content {
            return namesVisibleView(nested, first: first)
        }
        return true
    }

    /// Whether a view's intrinsic height (UIKit's `_calculatedIntrinsicHeight`)
    /// is one the direct path has: a label's (its measured size), a box's
    /// (its picture's, or none), an image's without an intrinsic height
    /// (none), a stack's from its visible views'. A button (whose title
    /// the direct path may not measure) and an image whose intrinsic
    /// height follows its width are not.
    static func decidesTallest(_ node: StackTree.Node) -> Bool {
        switch node.content {
        case .label, .fixed: return true
        case .image(let image): return !image.isIntrinsic
        case .button: return false
        case .stack(let stack): return decidesTallest(stack)
        }
    }

    static func decidesTallest(_ stack: StackTree.Stack) -> Bool {
        stack.children.allSatisfy { $0.isHidden || decidesTallest($0) }
    }
}

extension _LanePlan {
    /// The view stack `index` names for its first (or last) baseline: its
    /// first (or last) visible arranged view, or a row's tallest (nil: none
    /// visible or none taller than 0, its bottom edge stands in), as
    /// `StackView._vendedBaselineView(first:)`. Only asked where
    /// `namesVisibleView` holds.
    func namedBaselineView(_ index: Int, first: Bool) -> Int? {
        if let stack = nodes[index].stack, stack.axis == .horizontal,
            StackView._vendsTallest(stack.alignment, first: first)
        {
            return tallestView(index)
        }
        return first ? visibleOf[index].first : visibleOf[index].last
    }

    /// `StackView._tallestArrangedView()`: the first visible view of stack
    /// `index` whose intrinsic height is greater than every earlier one's
    /// and than 0 (nil: none).
    func tallestView(_ index: Int) -> Int? {
        var tallest: Int?
        var height = 0.0
        for child in visibleOf[index] {
            let candidate = intrinsicHeight(child)
            if candidate > height {
                height = candidate
                tallest = child
            }
        }
        return tallest
    }

    /// `StackView._calculatedIntrinsicHeight(of:)` from the plan's nodes
    /// (only asked where `decidesTallest` holds): a label's measured
    /// height, a box's picture's (-1, `noIntrinsicMetric`, without one),
    /// an image's -1; a row's tallest visible view's (0 for none); a
    /// column's visible views' summed, `spacing × (visible so far − 1)`
    /// added after each arranged view once one is visible (UIKit's loop).
    func intrinsicHeight(_ child: Int) -> Double {
        switch nodes[child].kind {
        case .label, .button: return nodes[child].intrinsic.height
        case .fixed: return nodes[child].fixed?.intrinsicSize?.height ?? View.noIntrinsicMetric
        case .image: return View.noIntrinsicMetric
        case .stack:
            guard let stack = nodes[child].stack else { return 0 }
            guard stack.axis == .vertical else {
                return tallestView(child).map(intrinsicHeight) ?? 0
            }
            var visible = 0
            var height = 0.0
            for arranged in children(child) {
                if !nodes[arranged].isHidden {
                    visible += 1
                    height += intrinsicHeight(arranged)
                }
                if visible > 0 { height += stack.spacing * Double(visible - 1) }
            }
            return height
        }
    }

    /// A nested stack's first (or last) baseline below its top at the
    /// length its own costs give it, where UIKit's rule names one of its
    /// views (nil: none visible, its bottom). UIKit's "A vertical stack
    /// view returns its first arranged view for `forFirstBaselineLayout`
    /// and its last arranged view for `forLastBaselineLayout`", and a row
    /// aligned to fill (or on the alignment's own side) likewise: the
    /// baseline is that view's top in the stack plus the view's own
    /// baseline (a label's text's; a nested stack's, again; any other
    /// view's bottom edge). `checkNestedBaselines` refuses a layout that
    /// gives the stack another length or its named view another place (the
    /// baseline would move with it).
    mutating func nestedStackBaseline(_ index: Int, first: Bool) throws(_StackCostError)
        -> Double?
    {
        guard namedBaselineView(index, first: first) != nil else { return nil }
        let total = try costs[index].argmin("node\(index)'s length at its baseline")
        return try namedLine(index, first: first, total: total)
    }

    /// Stack `index`'s first (or last) baseline below its top when it is
    /// `total` high: its views arranged down the vertical axis as the
    /// layout arranges them (`arrangeAlong` for a column, `arrangeAcross`
    /// for a row; the layout arranges them again, top-down, afterwards),
    /// then the named view's top plus its own baseline (nil: no view
    /// named).
    mutating func namedLine(_ index: Int, first: Bool, total: Double) throws(_StackCostError)
        -> Double?
    {
        guard let named = namedBaselineView(index, first: first),
            let stack = nodes[index].stack
        else { return nil }
        let visible = visibleOf[index]
        if stack.axis == .vertical {
            try arrangeAlong(index, visible, .vertical, total)
        } else {
            try arrangeAcross(index, visible, .vertical, total)
        }
        let top = nodes[named].y
        let height = nodes[named].height
        if nodes[named].kind == .stack, let line = try namedLine(named, first: first, total: height)
        {
            return top + line
        }
        if let lines = baselines(named) { return top + (first ? lines.first : lines.last) }
        return top + height
    }

    /// The first (or last) baseline of laid-out view `child` below its
    /// top, read from the places and lengths the layout gave its subtree.
    mutating func laidOutLine(_ child: Int, first: Bool) -> Double {
        if let lines = baselines(child) { return first ? lines.first : lines.last }
        if nodes[child].kind == .stack, let named = namedBaselineView(child, first: first) {
            return nodes[named].y + laidOutLine(named, first: first)
        }
        return nodes[child].height
    }

    /// After row `index` (aligned by baselines) and its subtree are laid
    /// out along the vertical axis: throws `unmodelled` where a nested
    /// stack's named view got another place than `nestedStackBaseline`
    /// read (a view squeezed or stretched below or above its own best
    /// length, a nested row taller than its views): the engine's baseline
    /// would then move with it, which the direct path does not follow.
    mutating func checkNestedBaselines(_ index: Int) throws(_StackCostError) {
        // (Its settings read in place first: most stacks are not such rows,
        // and a copy of the stack retains its arrays.)
        let alignment = nodes[index].settings.alignment
        guard nodes[index].kind == .stack, nodes[index].settings.axis == .horizontal,
            alignment == .firstBaseline || alignment == .lastBaseline,
            let stack = nodes[index].stack, stack.axis == .horizontal,
            stack.alignment == .firstBaseline || stack.alignment == .lastBaseline
        else { return }
        let first = stack.alignment == .firstBaseline
        for child in children(index) where nodes[child].kind == .stack {
            guard namedBaselineView(child, first: first) != nil else { continue }
            // (Read before `ownBaseline`, which arranges the named views
            // again at the stack's own best length.)
            let laid = laidOutLine(child, first: first)
            if lineMovesInside(child, first: first, height: length(child, .vertical)) {
                throw .unmodelled(
                    "node\(child): a nested stack in a row aligned by baselines whose line moves inside it while its length stays (a view shorter than a row aligned to its top, bottom or centre, or a row on baselines taller than its views)"
                )
            }
            let expected = try ownBaseline(child, stack)
            guard abs(laid - expected) <= 1e-9 * max(1, abs(expected)) else {
                throw .unmodelled(
                    "node\(child): a nested stack in a row aligned by baselines whose named view is laid out elsewhere than at its own best length (its baseline \(laid), not \(expected))"
                )
            }
        }
    }
}
