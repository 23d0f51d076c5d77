// The heights pass of a shape replayed from the rows met before: a row whose
// views bring the same vertical inputs as an earlier row of its shape (the
// same label and button heights, the same image widths and ratios) gets the
// same heights, places and refusals, so they are copied instead of worked
// out again. The second step of a compiled per-shape plan, after the widths
// (`_DirectPlan+WidthReplay.swift`).

import TrellisGeometry

/// The heights pass's results of one shape (hidden flags and empty texts)
/// by what its views bring along the vertical axis (`_DirectPlan.heightKey(into:)`).
struct _HeightRecord {
    /// Whether this shape's record is made yet (`applies` read).
    var made = false
    /// Whether the shape's heights pass reads nothing but its views'
    /// vertical keys and the baselines of the labels below stacks that
    /// read them (no stack reads proportions: `heightsFollowFromKeys`).
    var applies = false
    /// Up to 512 rows of keys (`_HeightTable`), each with the cell's
    /// height before it is rounded up to the pixel grid (the fitting
    /// height; rounded where it is read, `cellHeight`); past that many the
    /// record keeps them while they serve, else starts again
    /// (`_HeightTable.keepsWhenFull`).
    var entries = _HeightTable()
}

extension [_HeightRecord] {
    /// Whether shape `shape`'s record is made (the array grown to hold it).
    @inline(__always)
    mutating func isMade(_ shape: Int) -> Bool {
        if count <= shape {
            append(contentsOf: repeatElement(_HeightRecord(), count: shape + 1 - count))
        }
        return self[shape].made
    }

    /// Makes shape `shape`'s record (`isMade` false), applying or not.
    mutating func make(_ shape: Int, applies: Bool) {
        self[shape].made = true
        self[shape].applies = applies
    }
}

extension _LanePlan {
    /// The heights pass: the cell's fitting height, then every view's y
    /// and height at it (`placeVertically`). For a shape whose pass reads
    /// only its views' vertical keys, a row with the keys of an earlier
    /// row of the shape gets that row's heights and places (or refusal),
    /// copied; else the pass is run and recorded.
    ///
    /// Exact: along the vertical axis a node's cost is made from its own
    /// vertical key (`memoKey`: a label's or button's intrinsic height, an
    /// image's width and aspect ratio, nothing for a stack or fixed box)
    /// and its views' costs, and the shape (lanes, visible views, gaps,
    /// hidden flags, margins, the tree's settings); where no stack reads
    /// baselines or proportions (every `memoKey` there is non-nil), the
    /// fitting height and the share-out read nothing else, and a stack
    /// that reads baselines reads besides only the baselines of the labels
    /// below it, which the key holds (`baselineKeyed`), so equal keys
    /// give the same operations on the same numbers: the same bits. The
    /// widths pass leaves every y and height at 0 (`clearLayout`), so the
    /// copied places are the whole of the pass's effect. Without `places`
    /// (a row's height only, whose frames nothing reads: the next row's
    /// `prepare` clears them) a replayed row's places are not copied.
    mutating func heightsPass(_ insets: EdgeInsets, places copying: Bool = true)
        throws(_StackCostError) -> Double
    {
        guard replayingHeights, checking == nil else {
            return try heightsPassGenerally(insets)
        }
        if !heightRecords.isMade(lastShape) {
            heightRecords.make(lastShape, applies: heightsFollowFromKeys())
        }
        guard heightRecords[lastShape].applies else { return try heightsPassGenerally(insets) }
        // (Taken out: a method of the plan called with one of its own
        // arrays `inout` copies the whole plan. Given back at the end, not
        // shared: a copy kept in the plan retained it.)
        var key: [UInt64] = []
        swap(&key, &heightKeyBits)
        defer { swap(&key, &heightKeyBits) }
        heightKey(into: &key)
        let hash = _HeightTable.hash(key)
        // (The shape's table and the nodes written through their buffers,
        // the records taken out of the plan meanwhile: read through
        // `heightRecords[lastShape]`, the table's arrays were retained and
        // each write checked an array's uniqueness.)
        let shape = lastShape
        var records: [_HeightRecord] = []
        swap(&records, &heightRecords)
        let replayed = records.withUnsafeMutableBufferPointer { records in
            nodes.withUnsafeMutableBufferPointer { nodes in
                records[shape].entries.replay(key, hash: hash, into: nodes, places: copying)
            }
        }
        swap(&records, &heightRecords)
        if let replayed {
            heightReplays += 1
            // (The records hold the height before rounding.)
            naturalHeight = try replayed.get()
            return try cellHeight(naturalHeight)
        }
        let height: Double
        do throws(_StackCostError) {
            height = try heightsPassGenerally(insets)
        } catch {
            heightRecords[lastShape].entries.insert(
                key, hash: hash, height: 0, refusal: error, nodes: nodes)
            throw error
        }
        heightRecords[lastShape].entries.insert(
            key, hash: hash, height: naturalHeight, refusal: nil, nodes: nodes)
        return height
    }

    /// The heights pass by the general planner: the fitting height, the
    /// root at it, every view placed (`arrange`).
    mutating func heightsPassGenerally(_ insets: EdgeInsets) throws(_StackCostError) -> Double {
        let height = try fittingHeight(insets)
        try placeVertically(height, insets)
        return height
    }

    /// The root stack at the cell's `height` and every view's y and height
    /// below it.
    mutating func placeVertically(_ height: Double, _ insets: EdgeInsets)
        throws(_StackCostError)
    {
        nodes[0].y = insets.top
        nodes[0].height = height - insets.top - insets.bottom
        // The cell's height is rounded up to the pixel grid: a fixed
        // height of the root's own off the grid conflicts with its pins.
        try Self.checkFeasible(0, nodes[0].height, lo: costs[0].lo, hi: costs[0].hi)
        try arrange(0, .vertical)
    }

    /// Whether the current shape's heights pass reads its views' vertical
    /// keys and its labels' baselines only: every node has a vertical key
    /// (`memoKey`), or is a stack whose costs read baselines, not
    /// proportions (`widthCostReadsLayouts`: a stack of proportions reads
    /// its views' intrinsic sizes along its axis). A stack aligned by
    /// baselines or baseline-relative reads, besides its views' costs and
    /// places, the baselines of the labels below it (`baselines(_:)`,
    /// which `heightKey(into:)` keys: `baselineKeyed`), and its nested
    /// stacks' lines, which follow from their views' costs and places.
    func heightsFollowFromKeys() -> Bool {
        nodes.indices.allSatisfy {
            memoKey($0, .vertical) != nil
                || (nodes[$0].kind == .stack && !nodes[$0].widthCostReadsLayouts)
        }
    }

    /// The bits of every label's, button's and image's vertical key, in
    /// node order (a stack's and a fixed box's key is always 0; an image
    /// held by its cap, one key whatever its ratio: `isHeldByCap`), a
    /// label below a stack that reads baselines with its first and last
    /// baselines (`baselineKeyed`), written into `bits`' storage
    /// (`heightKeyWords` words: one a label or button, three such a label
    /// or an image, as many for every row of a structure).
    /// (Mutating, the nodes read through their buffer: a method of the plan
    /// that is not, called from one that is, copied the whole plan first.
    /// Only the labels, buttons and images visited: `keyedNodes`.)
    /// `extra`: words left after the key's for the caller's (`checkKey`).
    mutating func heightKey(into bits: inout [UInt64], extra: Int = 0) {
        let coupled = coupledImage
        let words = heightKeyWords + extra
        if bits.count != words { bits = [UInt64](repeating: 0, count: words) }
        // The baselines a pass reads, worked out first as the pass would
        // (`baselines(_:)`: kept in the node, measured where not yet).
        for position in baselineKeyedNodes.indices { _ = baselines(baselineKeyedNodes[position]) }
        let marker = Self.cappedImageMark
        // (Mutable accesses, though nothing is written: read accesses
        // retained and released both arrays around the closures.)
        nodes.withUnsafeMutableBufferPointer { nodes in
            keyedNodes.withUnsafeMutableBufferPointer { keyed in
                bits.withUnsafeMutableBufferPointer { bits in
                    var next = 0
                    for index in keyed {
                        switch nodes[index].kind {
                        case .label, .button:
                            bits[next] = nodes[index].intrinsic.height.bitPattern
                            next += 1
                            guard baselineKeyed[index] else { continue }
                            // (No baselines, an empty text: a mark no
                            // finite number has.)
                            let lines = nodes[index].baselines
                            bits[next] = lines?.first.bitPattern ?? marker
                            bits[next + 1] = lines?.last.bitPattern ?? marker
                            next += 2
                        case .image:
                            if Self.isHeldByCap(
                                index, UnsafeBufferPointer(nodes), coupledImage: coupled)
                            {
                                bits[next] = Self.cappedImageMark
                                bits[next + 1] = Self.cappedImageMark
                                bits[next + 2] = nodes[index].image!.maxHeight!.bitPattern
                            } else {
                                // (`memoKey`'s vertical key: its width and ratio.)
                                bits[next] = nodes[index].width.bitPattern
                                bits[next + 1] = nodes[index].aspectRatio.width.bitPattern
                                bits[next + 2] = nodes[index].aspectRatio.height.bitPattern
                            }
                            next += 3
                        case .stack, .fixed:
                            continue
                        }
                    }
                }
            }
        }
    }
}
