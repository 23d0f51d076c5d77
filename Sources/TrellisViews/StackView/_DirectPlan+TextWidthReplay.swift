// The widths pass of a shape replayed except where views share a stack's
// width by their texts: which stacks those are (`textWidthSubtrees`), and
// their views' widths worked out again on every row (`solveTextWidths`),
// everything else copied from the shape's first row at the width
// (`_DirectPlan+WidthReplay.swift`).

import TrellisGeometry

extension _LanePlan {
    /// Whether the current shape's widths pass can be replayed, and where
    /// not wholly, the subtrees (a stack and its views, node ranges in
    /// pre-order) whose widths follow the texts; nil: never replayed.
    ///
    /// Outside those subtrees every view's width and x follow from required
    /// constraints and the cell's width alone: vertical stacks that fill,
    /// fill-equally stacks, filling stacks of fixed boxes beside one other
    /// view (which takes `room − Σ others` whatever its own cost); no
    /// label's width bounded by a required hugging or compression
    /// resistance; no stack reading proportions, nor a vertical one
    /// aligned by baselines (a horizontal one's alignment is read across
    /// only, as is baseline-relative spacing); no vertical stack whose
    /// views are all hidden. A stack outside them whose views share
    /// its width by their own costs (two views that may give way, an
    /// alignment other than fill across a vertical stack) is such a
    /// subtree when its own width is fixed so (a visible view of a vertical
    /// stack that fills, of a fill-equally one, or the one view of a
    /// filling stack beside fixed boxes: the general pass only checks that
    /// its cost admits that width) and it holds no label of
    /// several lines (whose one-line width a replayed pass does not
    /// measure); else the shape is never replayed.
    func textWidthSubtrees() -> [Range<Int>]? {
        guard !hasFreeWidthLabel, !needsPassChecks else { return nil }
        var free: [Range<Int>] = []
        for index in nodes.indices {
            let inside = free.last?.contains(index) ?? false
            switch nodes[index].kind {
            case .label, .button:
                if inside {
                    if nodes[index].isMultiLine { return nil }
                    continue
                }
                // A required hugging or compression resistance bounds the
                // width by the text.
                if nodes[index].hugging.0 >= 1000 || nodes[index].compression.0 >= 1000 {
                    return nil
                }
            case .stack:
                guard let stack = nodes[index].stack else { return nil }
                // (Baselines are read along the vertical axis only: a
                // horizontal stack aligned by them, or any stack arranged
                // relative to them, has its views' widths as a stack
                // aligned otherwise would, `_DirectNode.widthCostReadsLayouts`.
                // A vertical one aligned by them, `isUnaligned`, is left
                // to the general pass.)
                if nodes[index].widthCostReadsLayouts || isUnaligned(stack) { return nil }
                // Every view hidden: across a vertical stack their widths
                // are their own best (by their texts); along a horizontal
                // one each is 0 wide at the canvas's end (`placeHidden`),
                // whatever its text, and the stack's width is its own
                // parent's to give (below).
                if !children(index).isEmpty, visibleOf[index].isEmpty, stack.axis == .vertical {
                    return nil
                }
                if inside || viewsWidthsAreFixed(index) { continue }
                // (Its own width fixed: a view of a vertical stack that
                // fills across, of a fill-equally one, or the one view of a
                // filling stack that takes what its fixed boxes leave.)
                let parent = nodes[index].parent
                guard index > 0, !nodes[index].isHidden, let owner = nodes[parent].stack,
                    owner.axis == .vertical
                        ? owner.alignment == .fill
                        : owner.distribution == .fillEqually
                            || (owner.distribution == .fill && viewsWidthsAreFixed(parent))
                else { return nil }
                var end = index + 1
                while end < nodes.count, descends(end, from: index) { end += 1 }
                free.append(index..<end)
            case .image, .fixed:
                break
            }
        }
        return free
    }

    /// Whether every view of stack `index` gets a width that follows from
    /// the stack's own and required constraints alone (see `textWidthSubtrees`).
    func viewsWidthsAreFixed(_ index: Int) -> Bool {
        guard let stack = nodes[index].stack else { return true }
        if stack.axis == .vertical { return stack.alignment == .fill }
        switch stack.distribution {
        case .fillEqually:
            return true
        case .fill:
            // At most one visible view without a required width: it takes
            // the rest.
            var free = 0
            for view in visibleOf[index] {
                if let box = nodes[view].fixed, box.width != nil, box.priority == .required {
                    continue
                }
                free += 1
            }
            return free <= 1
        default:
            return false
        }
    }

    /// Whether node `node` is below node `ancestor`.
    func descends(_ node: Int, from ancestor: Int) -> Bool {
        var parent = nodes[node].parent
        while parent > ancestor { parent = nodes[parent].parent }
        return parent == ancestor
    }

    /// The widths of the views in `subtrees` (each a stack whose own x and
    /// width were replayed): their costs, the stack's width checked against
    /// its cost as its owner's arrangement checks it, and the general
    /// arrangement below it, the same operations on the same numbers as
    /// the general pass. A refusal met here is the general pass's own
    /// (`solveWidthsGenerally` is run to throw it as that pass does).
    ///
    /// The kept costs of the stacks above change with it: they are made
    /// again the next time the general pass needs them.
    mutating func solveTextWidths(_ subtrees: [Range<Int>], _ width: Double, _ insets: EdgeInsets)
        throws(_StackCostError)
    {
        textWidthReplays += 1
        do throws(_StackCostError) {
            for (number, subtree) in subtrees.enumerated() {
                let root = subtree.lowerBound
                var above = nodes[root].parent
                while above >= 0 {
                    memos[0].valid[above] = false
                    above = nodes[above].parent
                }
                // (The same inputs as an earlier row's: its widths; else a
                // row of one-line labels, shared out by the shape's order
                // of stretches, kept for the next row of those inputs as
                // the general steps' widths are. A kept row's widths are
                // copied in about half what a share costs.)
                if replayTextWidths(number, subtree, width) { continue }
                if shareRow(number, subtree) {
                    recordTextWidths(number, subtree)
                    continue
                }
                // (The stack's own cost only bounds its width: not made
                // where no width breaks those bounds, `admitsAnyWidth`.)
                try computeCosts(.horizontal, nodesIn: (root + 1)..<subtree.upperBound)
                if admitsAnyWidth(root) {
                    try skipStackCost(root)
                } else {
                    try computeCosts(.horizontal, nodesIn: root..<(root + 1))
                    try checkFeasible(root, nodes[root].width)
                }
                try arrange(root, .horizontal)
                recordTextWidths(number, subtree)
            }
        } catch {
            try solveWidthsGenerally(width, insets)
        }
    }
}
