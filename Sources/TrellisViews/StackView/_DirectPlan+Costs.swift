// The direct path's costs, bottom-up: each node's cost along an axis, kept
// while its inputs are; stacks' costs in _DirectPlan+AlongCosts.swift and +AcrossCosts.swift.

import TrellisGeometry
import TrellisText

extension _LanePlan {
    // MARK: Costs (bottom-up)

    /// Every node's cost along `axis`, bottom-up. A node whose inputs are
    /// those of its last cost along this axis (a view of the same intrinsic
    /// length, an image of the same width and ratio, a stack none of whose
    /// views changed) keeps it: rows of a template repeat most lengths (a
    /// row of one-line labels is as high in every row), and the engine's
    /// passes change a label or two at a time. `nodesIn`: only those nodes
    /// (a subtree, `solveTextWidths`). `countingRun` false: the nodes
    /// complete a run begun by the call before (`computeWidthCosts`), not
    /// counted again in `horizontalCostRuns`. `skippingShareViews`: the
    /// costs a general widths solve does not read are left out
    /// (`skipsRowShareViewCost`).
    mutating func computeCosts(
        _ axis: LayoutAxis, nodesIn subtree: Range<Int>? = nil, countingRun: Bool = true,
        skippingShareViews: Bool = false
    ) throws(_StackCostError) {
        let side = axis == .horizontal ? 0 : 1
        if side == 0, countingRun { horizontalCostRuns &+= 1 }
        borrowCosts(side)
        // (The memo taken out of the plan for the walk, its keys and flags
        // read and written in the local value: through `memos[side]`, each
        // access went through both arrays, and each write checked both for
        // sharing. No step of `cost(of:)` reads the memos.)
        var memo = _CostMemo()
        swap(&memo, &memos[side])
        do throws(_StackCostError) {
            for index in (subtree ?? nodes.indices).reversed() {
                let key = memoKey(index, axis)
                // (Flags written only where they change: each write checks
                // that the flags' array is not shared.)
                if memo.valid[index], let key, memo.keys[index] == key,
                    Self.childrenKept(index, nodes, childList, memo.kept)
                {
                    // (`costs[index]` is the memo's own.)
                    if !memo.kept[index] { memo.kept[index] = true }
                    continue
                }
                // (Labels and buttons only, the rest of the test out of line.)
                if skippingShareViews, let key,
                    nodes[index].kind == .label || nodes[index].kind == .button,
                    leavesOutCost(index, key, &memo)
                {
                    continue
                }
                var cost = try cost(of: index, axis, replacing: true)
                if nodes[index].kind == .stack {
                    // The stack's last cost's kinks' storage goes to the
                    // next stack's combined cost (`combinedCost`,
                    // `endToEndCost`): a new array for each was an
                    // allocation and a release. (A view's cost took its own
                    // last storage.)
                    swap(&cost, &costs[index])
                    swap(&cost.kinks, &combining.result)
                } else {
                    costs[index] = cost
                }
                assert(costs[index]._checkInvariants(), "node\(index)'s cost is not convex")
                // No length satisfies the view's required constraints (a stack
                // of fixed height holding a taller fixed view): the engine
                // breaks one of them.
                let (lo, hi) = (costs[index].lo, costs[index].hi)
                guard lo <= hi + 1e-9 * max(1, abs(hi)) else {
                    throw .conflict("node\(index): required \(axis) lengths \(lo) > \(hi)")
                }
                let newKey = key ?? SIMD4()
                if !Self.sameBits(memo.keys[index], newKey) { memo.keys[index] = newKey }
                if memo.valid[index] != (key != nil) { memo.valid[index] = key != nil }
                if memo.kept[index] { memo.kept[index] = false }
            }
        } catch {
            // Stacks above the node that threw keep costs of older views.
            memos[side] = _CostMemo(count: nodes.count)
            throw error
        }
        swap(&memo, &memos[side])
    }

    /// Lends memo `side`'s costs to `costs` (what was lent before goes
    /// back to its memo), made for the current nodes when they are not.
    mutating func borrowCosts(_ side: Int) {
        if costsSide != side {
            returnCosts()
            swap(&costs, &memos[side].costs)
            costsSide = side
        }
        if memos[side].valid.count != nodes.count || costs.count != nodes.count {
            memos[side] = _CostMemo(count: nodes.count)
            swap(&costs, &memos[side].costs)
        }
    }

    /// Gives `costs` back to the memo it was lent from (before the memos
    /// are put away or replaced).
    mutating func returnCosts() {
        guard let side = costsSide else { return }
        swap(&costs, &memos[side].costs)
        costsSide = nil
    }

    /// Whether every view of node `index` kept its cost in the last
    /// computation along `side`.
    @inline(__always)
    func childrenKept(_ index: Int, _ side: Int) -> Bool {
        Self.childrenKept(index, nodes, childList, memos[side].kept)
    }

    /// `childrenKept(_:_:)` of `kept`, a memo's flags.
    @inline(__always)
    static func childrenKept(
        _ index: Int, _ nodes: [_DirectNode], _ childList: [Int], _ kept: [Bool]
    ) -> Bool {
        for k in nodes[index].children where !kept[childList[k]] { return false }
        return true
    }

    /// What node `index`'s cost along `axis` is made from besides its
    /// views' costs and the tree's shape (nil: not kept, it reads more).
    /// (Inlined: called from `computeCosts`, a mutating method, it was
    /// given a copy of the whole plan, 808 bytes, for every node.)
    @inline(__always)
    func memoKey(_ index: Int, _ axis: LayoutAxis) -> SIMD4<Double>? {
        // (Fields read in place: a node is large, and a copy retains its payloads.)
        switch nodes[index].kind {
        case .label, .button:
            let size = nodes[index].intrinsic
            return SIMD4(axis == .horizontal ? size.width : size.height, 0, 0, 0)
        case .fixed:
            return SIMD4()
        case .image:
            // (`aspectRatio`: the image's own, read in place.)
            guard axis == .vertical else { return index == coupledImage ? nil : SIMD4() }
            let ratio = nodes[index].aspectRatio
            return SIMD4(nodes[index].width, ratio.width, ratio.height, 0)
        case .stack:
            // Baselines (vertical) and proportions are read from the
            // labels' layouts and intrinsic sizes, not their costs.
            let reads =
                axis == .horizontal
                ? nodes[index].widthCostReadsLayouts : nodes[index].costReadsLayouts
            return reads ? nil : SIMD4()
        }
    }

    /// A stack's arranged views.
    /// (Inlined: called from a mutating method, a method of the plan is
    /// given a copy of the whole plan, about a kilobyte, and its arrays
    /// retained.)
    @inline(__always)
    func children(_ index: Int) -> ArraySlice<Int> { childList[nodes[index].children] }

    /// A stack's visible views (made once per shape: hidden flags are part of it).
    @inline(__always)
    func visibleChildren(_ index: Int) -> [Int] { visibleOf[index] }

    /// Margins of a stack's canvas along an axis (start, end); (0, 0) for
    /// a stack without margins or a view that is no stack. (Read from the
    /// settings in place: read through the optional `stack`, the whole
    /// stack was copied, its arrays retained, and destroyed again.)
    @inline(__always)
    func margins(_ index: Int, _ axis: LayoutAxis) -> (Double, Double) {
        let margins = nodes[index].settings.layoutMargins
        return axis == .horizontal ? (margins.left, margins.right) : (margins.top, margins.bottom)
    }

    /// The gaps after each visible view but the last (made once per shape).
    @inline(__always)
    func gaps(_ index: Int, _ visible: [Int]) -> [Double] { gapsOf[index] }

    /// (`equalized`: an equal-spacing stack's gaps all its largest, the
    /// least its spacers' common length.)
    func makeGaps(_ index: Int, _ visible: [Int], equalized: Bool = true) -> [Double] {
        guard let stack = nodes[index].stack else { return [] }
        let range = nodes[index].children
        let gaps = visible.dropLast().map { child in
            let position =
                (childList[range].firstIndex(of: child) ?? range.lowerBound) - range.lowerBound
            guard let custom = stack.customSpacing[position],
                custom != StackView.spacingUseDefault
            else { return stack.spacing }
            return custom == StackView.spacingUseSystem
                ? LayoutConstraint.standardSiblingSpacing : custom
        }
        return equalized && stack.distribution == .equalSpacing
            ? Self.equalSpacingGaps(gaps) : gaps
    }

    /// Node `index`'s cost along `axis`; `replacing`: the cost replaces
    /// `costs[index]` (`computeCosts`), whose kinks' storage it takes.
    mutating func cost(of index: Int, _ axis: LayoutAxis, replacing: Bool = false)
        throws(_StackCostError) -> _Cost
    {
        var cost = _Cost()
        if replacing, nodes[index].kind != .stack {
            // (A view's few terms go into the storage of its last cost's
            // kinks, emptied: a new array for each was an allocation and a
            // release a cost. Where another value shares that storage,
            // emptying it makes a new one. A view's cost does not throw.)
            swap(&cost.kinks, &costs[index].kinks)
            cost.kinks.removeAllFromEnd()
        }
        switch nodes[index].kind {
        case .label, .button:
            // An intrinsic size: `>=` at the compression resistance, `<=` at the hugging.
            let horizontal = axis == .horizontal
            let hugging = horizontal ? nodes[index].hugging.0 : nodes[index].hugging.1
            let compression = horizontal ? nodes[index].compression.0 : nodes[index].compression.1
            let intrinsic = nodes[index].intrinsic
            let length = axis == .horizontal ? intrinsic.width : intrinsic.height
            // (`addAtLeast`, `addAtMost` and `addFloor`, in one go.)
            cost.addIntrinsic(
                length, compression: lane(compression), hugging: lane(hugging),
                weight: tieWeight(index),
                floor: floorWeight(compression))
        case .fixed:
            let box = nodes[index].fixed!
            let weight = tieWeight(index)
            if let length = axis == .horizontal ? box.width : box.height {
                let level = box.priority.rawValue
                let w = level < 1000 ? weight : 1
                cost.addAtLeast(length, lane: lane(level), weight: w)
                cost.addAtMost(length, lane: lane(level), weight: w)
            }
            if let size = box.intrinsicSize {
                // A picture's intrinsic size, as a label's.
                let length = axis == .horizontal ? size.width : size.height
                cost.addAtLeast(
                    length, lane: lane(box.compressionResistance(axis).rawValue), weight: weight)
                cost.addAtMost(length, lane: lane(box.hugging(axis).rawValue), weight: weight)
                addFloor(to: &cost, compression: box.compressionResistance(axis).rawValue)
            }
        case .image:
            let image = nodes[index].image!
            guard axis == .vertical else {
                if index == coupledImage { cost = coupledCost }
                addHiddenAspect(to: &cost, index, image)
                break
            }
            let target = imageHeightTarget(index, image)
            if let cap = image.maxHeight {
                cost.hi = cap
                if image.isIntrinsic {
                    // The engine's intrinsic height at 999 both ways,
                    // weighted by rank as every intrinsic length in a stack
                    // tree, of the width `ImageView` takes from the layout: a
                    // width below 0 (a hidden stack's margins, a view pushed
                    // out) is 0, as a label's (`_layoutWidthDidChange`):
                    // `imageHeightTarget`.
                    cost.addEqual(target, lane: lane(999), weight: tieWeight(index))
                } else {
                    cost.addEqual(target, lane: lane(999))
                }
            } else {
                cost.addEqual(target, lane: 0)
            }
        case .stack:
            // (The stack's settings read in place: a copy of the stack
            // retains its arrays; the costs copy it where they need more.)
            let visible = visibleChildren(index)
            if !visible.isEmpty {
                if axis == nodes[index].settings.axis {
                    cost = try alongCost(index, visible, axis)
                } else {
                    cost = try acrossCost(index, visible, axis)
                }
            } else {
                // Every view hidden: the canvas is tied to the spacer
                // guides, which are as short as they can be at 51 (a
                // visible stack's too: `StackView` makes those spanning
                // fits, not in UIKit's recorded set, so that it is not left
                // any size), so the stack is as long as its margins.
                let (start, end) = margins(index, axis)
                cost.addEqual(start + end, lane: lane(StackView.spanningFitPriority.rawValue))
                // The equal-spacing distributions' `UISV-canvas-fit` (the
                // stack itself 0 long at 49, weighed by rank) is made with
                // every view hidden too: where the spanning fit ties with a
                // stack around it at 51, it keeps the stack at its margins
                // against lower pulls (a view's `UISV-ambiguity-suppression`).
                let distribution = nodes[index].settings.distribution
                if axis == nodes[index].settings.axis,
                    distribution == .equalSpacing || distribution == .equalCentering
                {
                    cost.addEqual(
                        0, lane: lane(StackView.canvasFitPriority.rawValue),
                        weight: tieWeight(index))
                }
            }
            // The stack view's own required size bounds whatever its views cost.
            let fixed =
                axis == .horizontal
                ? nodes[index].settings.fixedWidth : nodes[index].settings.fixedHeight
            if let length = fixed {
                cost.addEqual(length, lane: 0)
            }
        }
        // `UISV-ambiguity-suppression`: an arranged view of a stack whose
        // alignment is not fill is 0 thick across the stack's axis at 25
        // (hidden ones too), so a view without a size there is not
        // ambiguous, as UIKit (`suppressedAxis`: read in place, where the
        // parent's `stack` was copied for every cost).
        if nodes[index].suppressedAxis == axis {
            cost.addEqual(0, lane: lane(StackView.ambiguitySuppressionPriority.rawValue))
        }
        return cost
    }
}
