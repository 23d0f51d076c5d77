// A row of one-line labels (`_RowShare`) in a general widths solve: where
// a stack's width follows the texts around it (`CommentCell.json`'s name
// and time, beside an avatar of intrinsic size), the general solve makes
// the stack's own cost and shares its width out on every row. Both read
// the views' costs only through their intrinsic widths, whose stretches
// the share keeps in the order the general steps sort them; a row walks
// that order with its widths.

/// A `_RowShare`'s stack's own cost along its axis as `_LaneCost.laidEndToEnd`
/// makes it from its views' stretches (`_LanePlan.endToEndCost`): each
/// side's stretches sorted as there, cut after the first endless one, and
/// the slopes they give, kept; a row writes the places.
struct _RowShareCost<Slope: _SlopeLanes> {
    /// Each side's stretches up to its first endless one, in the order
    /// `laidEndToEnd` sorts them (cheapest first: the left ones from the
    /// views' best lengths outwards).
    var left: [_RowShareStretch]
    var right: [_RowShareStretch]
    /// The slope left of every kink (the outermost stretch's), then for
    /// each stretch after the first, left to right, the change of slope
    /// where it starts (`deltas`) and whether that makes a kink
    /// (`isKink`: its `_sign` not 0).
    var base = Slope()
    var deltas: [Slope] = []
    var isKink: [Bool] = []

    /// From the views' stretches as `_LaneCost.appendStretches(view:left:right:)`
    /// appends them, view after view (unsorted; none flags a region not
    /// modelled, so `_keptUpToEndless` only cuts).
    init(left: [_LaneCost<Slope>.Segment], right: [_LaneCost<Slope>.Segment]) {
        var left = left
        var right = right
        _sortCheapestFirst(&right, ascending: true)
        _sortCheapestFirst(&left, ascending: false)
        func kept(_ segments: [_LaneCost<Slope>.Segment]) -> [_LaneCost<Slope>.Segment] {
            guard let end = segments.firstIndex(where: { !$0.length.isFinite }) else {
                return segments
            }
            return Array(segments[...end])
        }
        left = kept(left)
        right = kept(right)
        self.left = left.map { _RowShareStretch(view: $0.view, isEndless: !$0.length.isFinite) }
        self.right = right.map { _RowShareStretch(view: $0.view, isEndless: !$0.length.isFinite) }
        let ordered = Array(left.reversed()) + right
        guard let first = ordered.first else { return }
        base = first.slope
        for k in ordered.indices.dropFirst() {
            let delta = ordered[k].slope - ordered[k - 1].slope
            deltas.append(delta)
            isKink.append(_sign(delta) != 0)
        }
    }
}

extension _RowShare {
    /// The stack's own cost at the views' widths in `lengths`, their best
    /// lengths summing to `center` (margins and gaps included), written
    /// into `result` (its kinks' storage kept): `laidEndToEnd`'s sums and
    /// kinks over the kept stretches, a stretch as long as its view's
    /// width or endless (`_RowShareStretch`), the same operations on the
    /// same numbers in the same order. (Mutating, though it changes
    /// nothing, and read through the buffers: a method that is not, its
    /// closures reading the share, was given a copy of the whole share.)
    mutating func writeCost(center: Double, into result: inout _LaneCost<Slope>) {
        let base = cost.base
        lengths.withUnsafeBufferPointer { widths in
            cost.left.withUnsafeBufferPointer { left in
                cost.right.withUnsafeBufferPointer { right in
                    cost.deltas.withUnsafeBufferPointer { deltas in
                        cost.isKink.withUnsafeBufferPointer { isKink in
                            Self.writeCost(
                                center: center, widths: widths, left: left, right: right,
                                base: base, deltas: deltas, isKink: isKink, into: &result)
                        }
                    }
                }
            }
        }
    }

    /// `writeCost(center:into:)` on the buffers.
    @inline(__always)
    static func writeCost(
        center: Double, widths: UnsafeBufferPointer<Double>,
        left: UnsafeBufferPointer<_RowShareStretch>, right: UnsafeBufferPointer<_RowShareStretch>,
        base: Slope, deltas: UnsafeBufferPointer<Slope>, isKink: UnsafeBufferPointer<Bool>,
        into result: inout _LaneCost<Slope>
    ) {
        @inline(__always)
        func length(_ stretch: _RowShareStretch) -> Double {
            stretch.isEndless ? .infinity : widths[stretch.view]
        }
        var low = 0.0
        for k in left.indices { low = low + length(left[k]) }
        low = center - low
        var high = 0.0
        for k in right.indices { high = high + length(right[k]) }
        high = center + high
        result.lo = low
        result.hi = high
        result.base = Slope()
        result.kinks.removeAllFromEnd()
        let count = left.count + right.count
        guard count > 0 else { return }
        @inline(__always)
        func stretch(_ k: Int) -> _RowShareStretch {
            k < left.count ? left[left.count - 1 - k] : right[k - left.count]
        }
        result.base = base
        var position = center + length(stretch(0))
        if !left.isEmpty {
            var inner = 0.0
            for k in 0..<(left.count - 1) { inner = inner + length(left[k]) }
            position = center - inner
        }
        result.kinks.reserveCapacity(count - 1 + _LaneCost<Slope>.spareKinks)
        for k in 1..<count {
            if isKink[k - 1] { result.kinks.append(_LaneKink(x: position, delta: deltas[k - 1])) }
            position += length(stretch(k))
        }
    }

    /// Writes each view's intrinsic width (of `nodes`) into `lengths`,
    /// adding them to `center` in view order (as `convolution` adds their
    /// best lengths); false where one is below `_RowShares.leastWidth` or
    /// not finite (nothing meant by what it wrote).
    mutating func takeWidths(_ nodes: UnsafeBufferPointer<_DirectNode>, center: inout Double)
        -> Bool
    {
        let least = _RowShares<Slope>.leastWidth
        return views.withUnsafeBufferPointer { views in
            lengths.withUnsafeMutableBufferPointer { lengths in
                for k in views.indices {
                    let width = nodes[views[k].node].intrinsic.width
                    guard width.isFinite, width >= least else { return false }
                    lengths[k] = width
                    center += width
                }
                return true
            }
        }
    }

    /// Writes each view's x and width at its length in `lengths` into
    /// `nodes`, as `arrangeAlong` places a stack's views: from the start
    /// margin on, each view's length and then its gap.
    func placeViews(into nodes: UnsafeMutableBufferPointer<_DirectNode>) {
        views.withUnsafeBufferPointer { views in
            lengths.withUnsafeBufferPointer { lengths in
                gaps.withUnsafeBufferPointer { gaps in
                    var position = start
                    for k in views.indices {
                        let node = views[k].node
                        let length = lengths[k]
                        nodes[node].x = position
                        nodes[node].width = length
                        position += length + (k < gaps.count ? gaps[k] : 0)
                    }
                }
            }
        }
    }
}

extension _LaneCost {
    /// Whether `other` is this cost to the bit (bounds, base, every kink).
    func hasSameBits(as other: _LaneCost) -> Bool {
        guard lo.bitPattern == other.lo.bitPattern, hi.bitPattern == other.hi.bitPattern,
            kinks.count == other.kinks.count
        else { return false }
        func same(_ a: Slope, _ b: Slope) -> Bool {
            (0..<Slope.scalarCount).allSatisfy { a[$0].bitPattern == b[$0].bitPattern }
        }
        guard same(base, other.base) else { return false }
        return kinks.indices.allSatisfy {
            kinks[$0].x.bitPattern == other.kinks[$0].x.bitPattern
                && same(kinks[$0].delta, other.kinks[$0].delta)
        }
    }
}

extension _LanePlan {
    /// The number of stack `index`'s `_RowShare` in general solves (apart
    /// from `solveTextWidths`' subtrees, numbered from 0).
    @inline(__always)
    func solveShareNumber(_ index: Int) -> Int { nodes.count + index }

    /// `arrange(index, .horizontal)` of a horizontal stack by its
    /// `_RowShare` (`shareRow`, the stack's cost left as the solve made
    /// it): a filling stack of one-line labels and buttons, all visible,
    /// the share made on the shape's first such solve. False (nothing set)
    /// where it does not apply or the general steps would refuse the row:
    /// they run and throw. Its views are not stacks and none is hidden, so
    /// `arrange` has nothing else to do. A stack with a view narrower than
    /// `_RowShares.leastWidth` (an empty text, a stack or an image of no
    /// intrinsic width) is left to the general steps at once: no share is
    /// tried for it, nor looked up. Where the share's steps would refuse
    /// the row, the views' costs the solve left out are made for the
    /// general steps (`makeSkippedViewCosts`).
    mutating func shareRowInSolve(_ index: Int) throws(_StackCostError) -> Bool {
        guard rowShares.inSolves, nodes[index].settings.axis == .horizontal else { return false }
        for k in nodes[index].children
        where !(nodes[childList[k]].intrinsic.width >= _RowShares.leastWidth) {
            return false
        }
        let end = index + 1 + nodes[index].children.count
        if shareRow(solveShareNumber(index), index..<end, keepingCost: true) { return true }
        if rowShares.viewCostsSkipped > 0 { try makeSkippedViewCosts(index) }
        return false
    }

    /// Stack `index`'s cost along the horizontal axis from its views laid
    /// end to end plus `offset` (its margins and gaps), as `endToEndCost`
    /// makes it, by the stack's `_RowShare` (`writeCost`), where general
    /// solves of the shape made one and every view's width is at least
    /// `_RowShares.leastWidth`; nil elsewhere.
    ///
    /// Exact: each view's cost is the shape's but for its intrinsic width
    /// (`setWidths`, `rowShareView`), its best length that width, and with
    /// every width at least `leastWidth` the same stretches sort into the
    /// same order, so `convolution`'s anchors, sums and kinks are the same
    /// operations on the same numbers. (Debug builds compare the two.)
    mutating func rowShareCost(_ index: Int, offset: Double) -> _Cost? {
        guard rowShares.enabled, rowShares.inSolves, lastShape < rowShares.slots.count else {
            return nil
        }
        let number = solveShareNumber(index)
        guard number < rowShares.slots[lastShape].count,
            case .share(let place) = rowShares.slots[lastShape][number]
        else { return nil }
        // (The widths in the share's scratch, `lengths`, which a share-out
        // writes again before it reads them; the nodes and the share read
        // in place, through their buffers.)
        var center = offset
        let fits = nodes.withUnsafeBufferPointer { nodes in
            rowShares.shares.withUnsafeMutableBufferPointer { shares in
                shares[place].takeWidths(nodes, center: &center)
            }
        }
        guard fits else { return nil }
        var cost = _Cost()
        cost.kinks = takeCombinedStorage()
        rowShares.shares.withUnsafeMutableBufferPointer { shares in
            shares[place].writeCost(center: center, into: &cost)
        }
        #if DEBUG
            // (The views' costs made here: a general solve may leave them
            // out, `skipsRowShareViewCost`.)
            var made = costs
            for child in visibleOf[index] {
                if let own = try? self.cost(of: child, .horizontal) { made[child] = own }
            }
            let general = _Cost.convolution(
                of: visibleOf[index], in: made, offset: offset, stretches: &stretches)
            assert(cost.hasSameBits(as: general), "node\(index): \(cost) against \(general)")
        #endif
        rowShares.costHits += 1
        return cost
    }
}
