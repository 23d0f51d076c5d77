// The width passes' checks kept by their inputs: a check that passed is
// not run again on the same inputs (a shape whose required vertical bounds
// follow its labels' sizes or baselines checks every solve of every row:
// a first-baseline row of a column and a button ran four checks a row,
// each the tree's vertical costs and arrangement with its baselines,
// about 100,000 instructions of the row's 138,000).

import TrellisGeometry

extension _LanePlan {
    /// The key of the current check (`checking`) in `checkKeyBits`, and its
    /// hash; nil where checks are not kept for the shape (`recallingChecks`
    /// off, an image coupled to the passes' heights, or a shape whose
    /// vertical arrangement reads more than its views' vertical keys:
    /// `heightsFollowFromKeys`).
    ///
    /// Exact: a check works out the fitting height (the fitting pass) or
    /// takes the cell's (the frame pass), then arranges the tree along the
    /// vertical axis at it and reports a required conflict or nothing. It
    /// reads the shape, the insets, that height where it is given, and
    /// what the heights pass reads: every view's vertical key and the
    /// baselines of the labels below stacks that read them, the words of
    /// `heightKey(into:)` where the shape's heights follow from them
    /// (`heightsFollowFromKeys`, which `heightsPass` replays by). Those
    /// words, the kind of check, the height's bits and the insets' make
    /// the key: a check of the same key runs the same operations on the
    /// same numbers and passes again. Nothing after a check reads what it
    /// leaves (the nodes' y and height, the vertical costs: the passes
    /// work the heights out again, `fittingHeight` and the heights pass;
    /// only an image coupled to the heights reads them, and its shapes
    /// are not kept).
    mutating func checkKey(_ checking: Checking, _ insets: EdgeInsets) -> UInt64? {
        guard recallingChecks, coupledImage == nil else { return nil }
        if !checkRecords.isMade(lastShape) {
            checkRecords.make(lastShape, applies: heightsFollowFromKeys())
        }
        guard checkRecords[lastShape].applies else { return nil }
        var key: [UInt64] = []
        swap(&key, &checkKeyBits)
        defer { swap(&key, &checkKeyBits) }
        heightKey(into: &key, extra: 4)
        let words = key.count
        switch checking {
        case .fitting:
            key[words - 4] = 0
            key[words - 3] = 0
        case .frame(let height):
            key[words - 4] = 1
            key[words - 3] = height.bitPattern
        }
        key[words - 2] = insets.top.bitPattern
        key[words - 1] = insets.bottom.bitPattern
        return _HeightTable.hash(key)
    }

    /// Whether a check of the key `checkKey` just made (`hash`) passed
    /// before.
    mutating func passedCheckBefore(_ hash: UInt64) -> Bool {
        var key: [UInt64] = []
        swap(&key, &checkKeyBits)
        defer { swap(&key, &checkKeyBits) }
        return checkRecords[lastShape].entries.find(key, hash: hash) != nil
    }

    /// Keeps the key `checkKey` just made (`hash`) as one whose check passed.
    mutating func notePassedCheck(_ hash: UInt64) {
        var key: [UInt64] = []
        swap(&key, &checkKeyBits)
        defer { swap(&key, &checkKeyBits) }
        checkRecords[lastShape].entries.insert(
            key, hash: hash, height: 0, refusal: nil,
            nodes: UnsafeBufferPointer(start: nil, count: 0))
    }
}

extension _LanePlan {
    /// `fittingHeight(insets)`, taken from the shape's heights records
    /// where a heights pass of these vertical keys was recorded
    /// (`heightsPass`: its height is `fittingHeight(insets)` of the same
    /// keys, to the bit), else worked out.
    mutating func recalledFittingHeight(_ insets: EdgeInsets) throws(_StackCostError) -> Double {
        guard replayingHeights, lastShape < heightRecords.count,
            heightRecords[lastShape].made, heightRecords[lastShape].applies
        else { return try fittingHeight(insets) }
        var key: [UInt64] = []
        swap(&key, &heightKeyBits)
        defer { swap(&key, &heightKeyBits) }
        heightKey(into: &key)
        let hash = _HeightTable.hash(key)
        guard let entry = heightRecords[lastShape].entries.find(key, hash: hash),
            heightRecords[lastShape].entries.refusal(entry) == nil
        else { return try fittingHeight(insets) }
        naturalHeight = heightRecords[lastShape].entries.heights[entry]
        return try cellHeight(naturalHeight)
    }

    /// Whether every label's measuring width and every image's width is
    /// `fitted`'s, to the bit (both nil, or the same bits): what the
    /// views' vertical keys read besides their texts.
    static func sameLayoutWidths(_ fitted: [Double?], _ nodes: [_DirectNode]) -> Bool {
        guard fitted.count == nodes.count else { return false }
        for index in nodes.indices {
            let now: Double?
            switch nodes[index].kind {
            case .label: now = nodes[index].layoutWidth
            case .image: now = nodes[index].width
            case .stack, .button, .fixed: continue
            }
            switch (fitted[index], now) {
            case (nil, nil): continue
            case (let a?, let b?) where a.bitPattern == b.bitPattern: continue
            default: return false
            }
        }
        return true
    }
}
