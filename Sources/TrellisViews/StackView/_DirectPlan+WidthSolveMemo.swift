// The general widths solve of a shape kept by its inputs: a solve whose
// cell width and labels' and buttons' intrinsic widths are, bit for bit,
// those of an earlier solve of its shape copies that solve's x and width of
// every node rather than making the costs and arranging them again (a list
// laid out again, two rows of the same header texts and body width).

import TrellisGeometry

/// The general widths solves of one shape (hidden flags and empty texts)
/// by their inputs (`_DirectPlan.widthSolveKey(_:_:into:)`).
struct _WidthSolveRecord {
    /// Whether this shape's record is made yet (`applies` read).
    var made = false
    /// Whether the shape's general widths solve reads nothing but the
    /// shape, the cell's width and its labels' and buttons' intrinsic
    /// widths (`widthSolvesFollowFromKeys`).
    var applies = false
    /// Bit k set: the shape's solve leaves the intrinsic width of the k-th
    /// keyed node (`keyedNodes`) unread (`sharedLabelsUnread`), 0 in the key.
    var unread: UInt64 = 0
    /// The solves met, each node's x and width (`_HeightTable` along the
    /// horizontal axis): room for 512 to start with, doubled while full
    /// up to 32,768 (about 7.5 MB with 9 nodes and 8 words a key), then
    /// kept while they serve, else started again
    /// (`_HeightTable.keepsWhenFull`). A list's rows bring up to two
    /// general solves each (the body on one line, then at the width it
    /// got): 32,768 hold a list of 16,000 rows laid out again.
    var entries = _HeightTable(slotCount: 1024, maxSlotCount: 65_536, horizontal: true)

    /// Writes the x and width of every node as the entry of `key` (`hash`:
    /// its hash) holds them into `nodes`; false, writing nothing, where no
    /// entry has that key. (The nodes written through their buffer: each
    /// `nodes[k].x = …` checked the array's uniqueness.)
    mutating func copy(_ key: [UInt64], hash: UInt64, into nodes: inout [_DirectNode]) -> Bool {
        nodes.withUnsafeMutableBufferPointer { nodes in
            entries.replay(key, hash: hash, into: nodes, places: true) != nil
        }
    }
}

extension _LanePlan {
    /// The general widths solve's own work (`solveWidthsGenerally`): every
    /// node's horizontal cost (`computeWidthCosts`), the root at the cell's
    /// width less the insets, every view arranged below it. For a shape
    /// whose solve reads only its keys (`widthSolvesFollowFromKeys`), a
    /// solve with the keys of an earlier solve of the shape gets that
    /// solve's x and width of every node, copied; else the solve is run
    /// and recorded. Refusals are not kept (the solve throws them again).
    ///
    /// Exact: along the horizontal axis a node's cost is made from its own
    /// key (`memoKey`: a label's or button's intrinsic width, nothing for a
    /// stack that reads no layouts, a fixed box or an image whose width is
    /// not free) and its views' costs, and the shape (lanes, visible views,
    /// gaps, hidden flags, margins, the tree's settings); the root's check
    /// and `arrange(0, .horizontal)` read those costs, the root's x and
    /// width and the shape, and write every node's x and width (each
    /// stack's visible views, its hidden ones by `placeHidden`) and
    /// nothing else a later step reads: the costs' memo they leave is
    /// checked by its own keys where a later solve computes costs, and the
    /// places it keeps (`keepsHorizontalPlaces`) are compared with the
    /// nodes' by bits. So equal keys give the same operations on the same
    /// numbers: the same x and width of every node, to the bit.
    /// (`memoizingWidthSolves` false: always the general solve.)
    mutating func arrangeWidths(_ width: Double, _ insets: EdgeInsets) throws(_StackCostError) {
        if arrangeColumnWidths(width, insets) { return }
        guard memoizingWidthSolves, coupledImage == nil else {
            return try arrangeWidthsGenerally(width, insets)
        }
        // (Shapes are numbered as met: one record a shape, made once.)
        while widthSolveRecords.count <= lastShape { widthSolveRecords.append(_WidthSolveRecord()) }
        if !widthSolveRecords[lastShape].made {
            let applies = widthSolvesFollowFromKeys()
            widthSolveRecords[lastShape].made = true
            widthSolveRecords[lastShape].applies = applies
            widthSolveRecords[lastShape].unread = applies ? sharedLabelsUnread() : 0
        }
        guard widthSolveRecords[lastShape].applies else {
            return try arrangeWidthsGenerally(width, insets)
        }
        // (The key built in the plan's storage, taken out and given back.)
        var key: [UInt64] = []
        swap(&key, &widthSolveKeyBits)
        defer { swap(&key, &widthSolveKeyBits) }
        let unread = widthSolveRecords[lastShape].unread
        let hash = widthSolveKey(width, insets, unread: unread, into: &key)
        // (The records taken out of the plan while the shape's table writes
        // the nodes: a method called with one of the plan's own arrays
        // `inout` copies the whole plan.)
        var records: [_WidthSolveRecord] = []
        swap(&records, &widthSolveRecords)
        let copied = records[lastShape].copy(key, hash: hash, into: &nodes)
        swap(&records, &widthSolveRecords)
        if copied {
            widthSolveReplays += 1
            if unread != 0 { sharedLabelReplays += 1 }
            return
        }
        try arrangeWidthsGenerally(width, insets, keepingPlaces: false)
        widthSolveRecords[lastShape].entries.insert(
            key, hash: hash, height: 0, refusal: nil, nodes: nodes)
    }

    /// `arrangeWidths` by the general planner. `keepingPlaces`: the places
    /// are left as the last solve arranged them where it had the same
    /// inputs (`keepsHorizontalPlaces`), and kept for the next; false (a
    /// solve the shape's table records, `arrangeWidths`): neither. Such a
    /// solve runs only on inputs no solve the table holds had, the shape's
    /// last general solve among them, so the kept places would not be
    /// taken (but where two cell widths less the insets give one root
    /// width: then the arrangement runs, as the general planner's does);
    /// and places not kept stay those of an earlier cost computation
    /// (`_KeptPlaces.run`), which no later solve takes.
    mutating func arrangeWidthsGenerally(
        _ width: Double, _ insets: EdgeInsets, keepingPlaces: Bool = true
    ) throws(_StackCostError) {
        if let image = coupledImage { coupledCost = try coupledImageWidthCost(image) }
        try computeWidthCosts(rootWidth: width - insets.left - insets.right)
        nodes[0].x = insets.left
        nodes[0].width = width - insets.left - insets.right
        if !keepingPlaces {
            try arrange(0, .horizontal)
        } else if !keepsHorizontalPlaces() {
            try arrange(0, .horizontal)
            keepHorizontalPlaces()
        }
    }

    /// Whether the current shape's general widths solve reads its labels'
    /// and buttons' intrinsic widths only: every node has a horizontal key
    /// (`memoKey`; a stack that reads proportions, an image whose width
    /// is free have none: baselines are read along the vertical axis only,
    /// `widthCostReadsLayouts`).
    func widthSolvesFollowFromKeys() -> Bool {
        coupledImage == nil && nodes.indices.allSatisfy { memoKey($0, .horizontal) != nil }
    }

    /// The bits of the cell's width and left inset, then, for every label,
    /// button and image in node order (`keyedNodes`), a label's or
    /// button's intrinsic width (an image's: 0, its horizontal key is
    /// always the same; a label's or button's that the solve does not read,
    /// `widthKeyless`, 0 too: a list's bodies of many lines in a column
    /// made a key for every row, and the table grew past the caches —
    /// unless hidden: where every view of its column is hidden, their
    /// widths across are their own best (`placeAllHidden`), read from
    /// their texts; and
    /// one whose bit `unread` sets, `sharedLabelsUnread`: a row's wrapping
    /// title),
    /// written into `bits`' storage (as many words for every row of a
    /// structure); returns its hash (`_HeightTable.hash`).
    /// (Mutating, the nodes read through their buffer, as `heightKey(into:)`.)
    mutating func widthSolveKey(
        _ width: Double, _ insets: EdgeInsets, unread: UInt64, into bits: inout [UInt64]
    ) -> UInt64 {
        let words = 2 + keyedNodes.count
        if bits.count != words { bits = [UInt64](repeating: 0, count: words) }
        nodes.withUnsafeMutableBufferPointer { nodes in
            keyedNodes.withUnsafeMutableBufferPointer { keyed in
                bits.withUnsafeMutableBufferPointer { bits in
                    bits[0] = width.bitPattern
                    bits[1] = insets.left.bitPattern
                    for k in keyed.indices {
                        let index = keyed[k]
                        let keyless = nodes[index].widthKeyless && !nodes[index].isHidden
                        bits[2 + k] =
                            nodes[index].kind == .image || keyless
                                || (k < 64 && unread >> UInt64(k) & 1 != 0)
                            ? 0 : nodes[index].intrinsic.width.bitPattern
                    }
                }
            }
        }
        return _HeightTable.hash(bits)
    }
}
