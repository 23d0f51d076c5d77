// What a `_RowShare` lets a general widths solve leave out: the costs of the
// row's views, which the solve reads only through their intrinsic widths
// where the share makes the stack's cost and its share-out.

extension _LanePlan {
    /// Whether a general widths solve leaves out node `index`'s cost: a
    /// label or button of a stack whose `_RowShare` the shape's general
    /// solves made (`shareRowInSolve`), every view of that stack at least
    /// `_RowShares.leastWidth` wide, so that the stack's cost is made from
    /// the share (`rowShareCost`) and its share-out is the share's.
    ///
    /// Exact: the solve then reads such a view's cost nowhere. The stack's
    /// cost reads the views' intrinsic widths (`takeWidths`), the checks
    /// `alongCost` makes first cannot throw for a label's or button's cost
    /// (none flags a region not modelled: `makeRowShare` checks the
    /// shape's), its share-out reads the share's kept costs, and where the
    /// share's steps would refuse the row, `shareRowInSolve` makes the
    /// views' costs before the general steps run (`makeSkippedViewCosts`).
    /// The memo marks such a view's key (lane 3, 0 in every made label's
    /// key) and leaves its cost invalid, so a later computation that reads
    /// it makes it; the view counts as kept where its width is the last one
    /// left out (its cost would be the same), so its stack may be kept too
    /// (`leavesOutCost`).
    @inline(__always)
    mutating func skipsRowShareViewCost(_ index: Int) -> Bool {
        guard rowShares.skippingViewCosts, rowShares.enabled, rowShares.inSolves,
            nodes[index].kind == .label || nodes[index].kind == .button
        else { return false }
        let parent = nodes[index].parent
        guard parent >= 0, lastShape < rowShares.slots.count else { return false }
        let number = solveShareNumber(parent)
        guard number < rowShares.slots[lastShape].count,
            case .share = rowShares.slots[lastShape][number]
        else { return false }
        for k in nodes[parent].children
        where !(nodes[childList[k]].intrinsic.width >= _RowShares.leastWidth) {
            return false
        }
        return true
    }

    /// Leaves node `index`'s horizontal cost out where a general widths
    /// solve does not read it (`skipsRowShareViewCost`), `key` its memo
    /// key: its key marked in `memo`, its cost left invalid, kept where
    /// the last one left out had its width. False, changing nothing,
    /// elsewhere. (Not inlined into `computeCosts`' walk, whose other
    /// nodes it slowed.)
    @inline(never)
    mutating func leavesOutCost(
        _ index: Int, _ key: SIMD4<Double>, _ memo: inout _CostMemo
    ) -> Bool {
        guard skipsRowShareViewCost(index) else { return false }
        var marked = key
        marked[3] = 1
        let same = !memo.valid[index] && Self.sameBits(memo.keys[index], marked)
        if memo.kept[index] != same { memo.kept[index] = same }
        if !same { memo.keys[index] = marked }
        if memo.valid[index] { memo.valid[index] = false }
        rowShares.viewCostsSkipped += 1
        return true
    }

    /// Makes the horizontal cost of every view of stack `index` a general
    /// widths solve left out (`skipsRowShareViewCost`), before the general
    /// steps arrange the stack: the share's steps would refuse the row.
    mutating func makeSkippedViewCosts(_ index: Int) throws(_StackCostError) {
        guard costsSide == 0, memos[0].keys.count == nodes.count else { return }
        for k in nodes[index].children {
            let child = childList[k]
            guard !memos[0].valid[child], memos[0].keys[child][3] == 1 else { continue }
            costs[child] = try cost(of: child, .horizontal)
            memos[0].keys[child][3] = 0
            memos[0].valid[child] = true
            memos[0].kept[child] = false
        }
    }
}
