// A row of one-line labels sharing a stack's width by their priorities
// (`PostCell.json`'s name, handle and time), worked out per row without
// making their costs: what the general planner's share-out does with them
// depends on the shape alone (priorities, tie weights, lanes) but for each
// label's intrinsic width, so the order of the stretches is found once per
// shape and a row only walks it with its widths.

/// How one view of a `_RowShare` enters the share: its horizontal cost as
/// the general planner makes it (`_DirectPlan.cost(of:_:)`), whose kinks,
/// bounds and best length are either constants of the shape or the view's
/// intrinsic width (`width…` marks which), kept so a row writes its width
/// into it in place.
struct _RowShareView<Slope: _SlopeLanes> {
    var node: Int
    /// The row's intrinsic width (`_RowShare.setWidths`).
    var width: Double
    var cost: _LaneCost<Slope>
    /// The kinks at the intrinsic width (the others lie at 0: the floor).
    var widthKinks: [Int]
    var loIsWidth: Bool
    var hiIsWidth: Bool
}

/// A stretch of a view's cost as `_Cost.appendStretches` gives it, its
/// length the view's intrinsic width or endless.
struct _RowShareStretch {
    var view: Int
    var isEndless: Bool
}

/// What a shape's `_RowShare` needs of a row's subtree, made once.
struct _RowShare<Slope: _SlopeLanes> {
    typealias _Cost = _LaneCost<Slope>
    var root: Int
    var views: [_RowShareView<Slope>]
    /// The stretches taken first to last when the views grow, and when
    /// they shrink (`_sortCheapestFirst` of their slopes, which no row
    /// changes).
    var growing: [_RowShareStretch]
    var shrinking: [_RowShareStretch]
    var start: Double
    var end: Double
    var gaps: [Double]
    /// Scratch for a row's lengths and changes (their storage kept).
    var lengths: [Double]
    var changes: [Double]
    /// Whether two views could trade length (`_Cost.checkNoTrade`), by
    /// what that check reads of each view (`tradeKey`), for up to
    /// `tradeMemoSize` keys.
    var tradeMemo: [(key: UInt64, trades: Bool)] = []
    static var tradeMemoSize: Int { 16 }
    /// The stack's own cost (`endToEndCost` of its views) by the kept
    /// order of its stretches (`_RowShareCost`).
    var cost: _RowShareCost<Slope>
}

/// The plan's `_RowShare`s, by shape number and subtree number
/// (`_WidthRecord.free`).
struct _RowShares<Slope: _SlopeLanes> {
    enum Slot {
        /// Not tried yet (or only on rows whose widths it does not take).
        case unknown
        /// Not such a row: the general pass (or the memo) takes it.
        case never
        /// `shares[n]`.
        case share(Int)
    }
    var enabled = true
    /// Whether general widths solves take such rows this way too: their
    /// share-out (`shareRowInSolve`) and the stack's own cost
    /// (`rowShareCost`); false: the general steps (for tests).
    var inSolves = true
    /// Whether a general widths solve leaves out the costs of such a
    /// row's views, which it does not read (`skipsRowShareViewCost`);
    /// false: made (for tests).
    var skippingViewCosts = true
    var slots: [[Slot]] = []
    var shares: [_RowShare<Slope>] = []
    /// How many subtrees were shared out this way (for tests and
    /// profiles): by `solveTextWidths`, by general solves, and how many
    /// stacks' costs general solves made from a share's kept order.
    var hits = 0
    var solveHits = 0
    var costHits = 0
    /// How many views' costs general solves left out.
    var viewCostsSkipped = 0

    /// The least intrinsic width a view's cost keeps the structure it was
    /// compiled from at: its kinks at 0 and at the width stay apart, with
    /// no stretch between them negligible (`appendStretches`, `slopes(at:)`).
    static var leastWidth: Double { 1e-3 }

    /// Forgets every shape's (the tree's structure changed).
    mutating func removeAll() {
        slots.removeAll()
        shares.removeAll()
    }
}

extension _LanePlan {
    /// Sets the x and width of every view of subtree `number` (`subtree`,
    /// a stack whose own x and width are set) as `solveTextWidths`'s general
    /// steps would, when it is a horizontal filling stack of one-line
    /// labels and buttons, all visible, every intrinsic width at least
    /// `_RowShares.leastWidth`: the same operations on the same numbers as
    /// `sharedLengths` over their costs, with the stretches' order and the
    /// costs' shape kept from the shape's first such row. False (nothing
    /// set) where it does not apply or the general steps would refuse the
    /// row: they run and throw.
    /// `keepingCost`: the stack's own cost is made (a general solve), so
    /// its memo is left as it is.
    mutating func shareRow(_ number: Int, _ subtree: Range<Int>, keepingCost: Bool = false)
        -> Bool
    {
        guard rowShares.enabled else { return false }
        if rowShares.slots.count <= lastShape {
            rowShares.slots.append(
                contentsOf: repeatElement([], count: lastShape + 1 - rowShares.slots.count))
        }
        if rowShares.slots[lastShape].count <= number {
            rowShares.slots[lastShape].append(
                contentsOf: repeatElement(
                    .unknown, count: number + 1 - rowShares.slots[lastShape].count))
        }
        let place: Int
        switch rowShares.slots[lastShape][number] {
        case .never:
            return false
        case .share(let found):
            place = found
        case .unknown:
            switch makeRowShare(subtree) {
            case .success(let made):
                place = rowShares.shares.count
                rowShares.shares.append(made)
                rowShares.slots[lastShape][number] = .share(place)
            case .failure(let why):
                if why == .never { rowShares.slots[lastShape][number] = .never }
                return false
            }
        }
        // (Written in place in `rowShares`: moved out and back through an
        // empty share, the empty share's arrays were retained and
        // released on every row.)
        guard rowShares.shares[place].setWidths(nodes) else { return false }
        let root = rowShares.shares[place].root
        let total = nodes[root].width
        guard total.isFinite, rowShares.shares[place].lengths(total: total) else { return false }
        // (The nodes written through their buffer: each `nodes[k].x = …`
        // checked the array's uniqueness.)
        nodes.withUnsafeMutableBufferPointer { nodes in
            rowShares.shares.withUnsafeMutableBufferPointer { shares in
                shares[place].placeViews(into: nodes)
            }
        }
        if keepingCost {
            rowShares.solveHits += 1
            return true
        }
        // (As `skipStackCost`: the stack's own cost is not made. Written
        // only where they change: each write checks that the memos and the
        // flags' array are not shared.)
        if memos[0].valid[root] { memos[0].valid[root] = false }
        if memos[0].kept[root] { memos[0].kept[root] = false }
        rowShares.hits += 1
        return true
    }

    /// The share of `subtree` for the current shape, made from the current
    /// row's costs; `.never` where it does not apply, `.later` where the
    /// row's widths do not show the costs' shape (an empty text).
    mutating func makeRowShare(_ subtree: Range<Int>) -> Result<_RowShare, _RowShareMiss> {
        let root = subtree.lowerBound
        guard let stack = nodes[root].stack, stack.axis == .horizontal,
            stack.distribution == .fill, stack.fixedWidth == nil,
            !stack.isBaselineRelativeArrangement, stack.alignment != .firstBaseline,
            stack.alignment != .lastBaseline, !nodes[root].sharesTextWidth,
            visibleOf[root].count == nodes[root].children.count, !visibleOf[root].isEmpty,
            subtree.count == visibleOf[root].count + 1,
            visibleOf[root].allSatisfy({
                (nodes[$0].kind == .label || nodes[$0].kind == .button) && !nodes[$0].isMultiLine
            })
        else { return .failure(.never) }
        var views: [_RowShareView] = []
        var right: [_Cost.Segment] = []
        var left: [_Cost.Segment] = []
        var endless: [(right: [Bool], left: [Bool])] = []
        var movable = 0
        var shorter = false
        var longer = false
        for (k, child) in visibleOf[root].enumerated() {
            let width = nodes[child].intrinsic.width
            // A width that does not show the shape (an empty text): a later row.
            guard width.isFinite, width >= _RowShares.leastWidth else { return .failure(.later) }
            guard let cost = try? cost(of: child, .horizontal),
                let view = Self.rowShareView(child, cost, width)
            else { return .failure(.never) }
            let (firstRight, firstLeft) = (right.count, left.count)
            let anchor = cost.appendStretches(view: k, left: &left, right: &right)
            var kinds: (right: [Bool], left: [Bool]) = ([], [])
            for segment in right[firstRight...] + left[firstLeft...] {
                guard segment.slope[0] == 0,
                    !segment.length.isFinite || segment.length.bitPattern == width.bitPattern
                else { return .failure(.never) }
            }
            kinds.right = right[firstRight...].map { !$0.length.isFinite }
            kinds.left = left[firstLeft...].map { !$0.length.isFinite }
            // Its best length, where the stretches start: the width itself.
            guard anchor.bitPattern == width.bitPattern, !Self.hasUnmodelled(cost) else {
                return .failure(.never)
            }
            endless.append(kinds)
            views.append(view)
            if cost.lo != cost.hi { movable += 1 }
            if cost.lo == -.infinity { shorter = true }
            if cost.hi == .infinity { longer = true }
        }
        // One view taking the rest (`takeTheRest`), or a stack whose own
        // cost bounds its width (`admitsAnyWidth`): the general steps.
        guard movable != 1, shorter, longer else { return .failure(.never) }
        func order(_ segments: [_Cost.Segment], ascending: Bool, _ endless: (Int) -> [Bool])
            -> [_RowShareStretch]
        {
            // Each stretch numbered by its place among its view's, sorted
            // as the general share-out sorts them (by slope, stably).
            var numbered = segments
            var seen = [Int](repeating: 0, count: views.count)
            for k in numbered.indices {
                let view = numbered[k].view
                numbered[k].length = Double(seen[view])
                seen[view] += 1
            }
            _sortCheapestFirst(&numbered, ascending: ascending)
            return numbered.map {
                _RowShareStretch(view: $0.view, isEndless: endless($0.view)[Int($0.length)])
            }
        }
        let (start, end) = margins(root, .horizontal)
        let count = views.count
        let growing = order(right, ascending: true) { endless[$0].right }
        let shrinking = order(left, ascending: false) { endless[$0].left }
        return .success(
            _RowShare(
                root: root, views: views, growing: growing, shrinking: shrinking,
                start: start, end: end, gaps: gaps(root, visibleOf[root]),
                lengths: Array(repeating: 0, count: count),
                changes: Array(repeating: 0, count: count),
                cost: _RowShareCost(left: left, right: right)))
    }

    /// A view's cost as a `_RowShareView`: nil unless every kink lies at 0
    /// or at `width` and each bound is endless or `width`.
    static func rowShareView(_ node: Int, _ cost: _Cost, _ width: Double) -> _RowShareView? {
        var widthKinks: [Int] = []
        for (k, kink) in cost.kinks.enumerated() {
            if kink.x.bitPattern == width.bitPattern {
                widthKinks.append(k)
            } else if kink.x != 0 {
                return nil
            }
        }
        guard cost.lo == -.infinity || cost.lo.bitPattern == width.bitPattern,
            cost.hi == .infinity || cost.hi.bitPattern == width.bitPattern
        else { return nil }
        return _RowShareView(
            node: node, width: width, cost: cost, widthKinks: widthKinks,
            loIsWidth: cost.lo.isFinite, hiIsWidth: cost.hi.isFinite)
    }

    /// Whether any slope of `cost` flags a region not modelled.
    static func hasUnmodelled(_ cost: _Cost) -> Bool {
        var slope = cost.base
        if slope[0] != 0 { return true }
        for kink in cost.kinks {
            slope += kink.delta
            if slope[0] != 0 { return true }
        }
        return false
    }
}

/// Why a subtree has no `_RowShare` (yet).
enum _RowShareMiss: Error {
    /// It is not such a row, whatever its texts.
    case never
    /// This row's widths do not show its views' costs' shape.
    case later
}

extension _RowShare {
    /// Writes each view's intrinsic width into its cost; false when one is
    /// below `_RowShares.leastWidth` (or not finite): the general steps.
    mutating func setWidths(_ nodes: [_DirectNode]) -> Bool {
        // (Through the buffers: a write through `views[k]` checked the
        // uniqueness of every array on its way, at every write.)
        let least = _RowShares<Slope>.leastWidth
        return nodes.withUnsafeBufferPointer { nodes in
            lengths.withUnsafeMutableBufferPointer { lengths in
                views.withUnsafeMutableBufferPointer { views in
                    for k in views.indices {
                        let width = nodes[views[k].node].intrinsic.width
                        guard width.isFinite, width >= least else { return false }
                        views[k].width = width
                        let widthKinks = views[k].widthKinks
                        views[k].cost.kinks.withUnsafeMutableBufferPointer { kinks in
                            for kink in widthKinks { kinks[kink].x = width }
                        }
                        if views[k].loIsWidth { views[k].cost.lo = width }
                        if views[k].hiIsWidth { views[k].cost.hi = width }
                        lengths[k] = width
                    }
                    return true
                }
            }
        }
    }

    /// The views' lengths in a stack `total` wide, as `sharedLengths` gives
    /// them, into `lengths` (which holds each view's best length, its
    /// width); false where it throws (a conflict, two views that could
    /// trade length).
    mutating func lengths(total: Double) -> Bool {
        let canvas = total - start - end
        let room = canvas - gaps.reduce(0, +)
        var center = 0.0
        // (Through the buffers: each write through the arrays checked their
        // uniqueness, and the order's array was retained.)
        let shared: Bool = lengths.withUnsafeMutableBufferPointer { lengths in
            for k in lengths.indices { center += lengths[k] }
            if _isNegligible(room - center, room) {
                for k in lengths.indices { lengths[k] += 0 }
                return true
            }
            // `_Cost.distribute`: the cheapest stretches first.
            return changes.withUnsafeMutableBufferPointer { changes in
                views.withUnsafeBufferPointer { views in
                    for k in changes.indices { changes[k] = 0 }
                    var remaining = room - center
                    let growing = remaining >= 0
                    remaining = abs(remaining)
                    let order = growing ? self.growing : shrinking
                    return order.withUnsafeBufferPointer { order in
                        for stretch in order {
                            if _isNegligible(remaining, room) { break }
                            let length =
                                stretch.isEndless ? Double.infinity : views[stretch.view].width
                            let step = Swift.min(remaining, length)
                            changes[stretch.view] += growing ? step : -step
                            remaining -= step
                        }
                        guard _isNegligible(remaining, room) else { return false }
                        for k in lengths.indices { lengths[k] = lengths[k] + changes[k] }
                        return true
                    }
                }
            }
        }
        guard shared else { return false }
        guard let key = tradeKey() else { return !trades() }
        for k in tradeMemo.indices where tradeMemo[k].key == key { return !tradeMemo[k].trades }
        let trades = trades()
        if tradeMemo.count < Self.tradeMemoSize { tradeMemo.append((key, trades)) }
        return !trades
    }

    /// Whether two views at `lengths` could trade length at no cost
    /// (`_Cost.checkNoTrade` throws).
    func trades() -> Bool {
        // (The views' costs read in place, through the buffer.)
        let lengths = lengths
        return views.withUnsafeBufferPointer { views in
            do throws(_StackCostError) {
                try _Cost.checkNoTrade(
                    count: views.count, length: { lengths[$0] },
                    slopes: { views[$0].cost.boundedSlopes(at: $1) }, "")
                return false
            } catch {
                return true
            }
        }
    }

    /// All that `trades()` reads of the views at `lengths`, ten bits a
    /// view: how many of its kinks lie before its length and how many at
    /// it (as `_Cost.slopes(at:)` counts them, four bits each), and
    /// whether its length is below its upper bound and above its lower
    /// one (as `checkNoTrade` tells them); nil for more than six views or
    /// a view of more than 15 kinks.
    ///
    /// Exact: a view's slopes at its length are its base plus its first
    /// kinks' deltas, summed in order, up to those two counts; its base
    /// and deltas are the shape's (a row writes only the kinks' places and
    /// the bounds, `setWidths`), so the same counts give the same slopes,
    /// to the bit, and with the same two comparisons the check does the
    /// same operations on the same numbers.
    func tradeKey() -> UInt64? {
        guard views.count <= 6 else { return nil }
        // (The views and their kinks read through their buffers: read
        // through the arrays, each view was copied, its kinks retained.)
        return views.withUnsafeBufferPointer { views in
            lengths.withUnsafeBufferPointer { lengths in
                var key: UInt64 = 0
                for k in views.indices {
                    let x = lengths[k]
                    let (lo, hi) = (views[k].cost.lo, views[k].cost.hi)
                    let counted: UInt64? = views[k].cost.kinks.withUnsafeBufferPointer { kinks in
                        let count = kinks.count
                        guard count <= 15 else { return nil }
                        var index = 0
                        while index < count, kinks[index].x < x,
                            !_isNegligible(kinks[index].x - x, x)
                        {
                            index += 1
                        }
                        let before = index
                        while index < count, _isNegligible(kinks[index].x - x, x) { index += 1 }
                        return UInt64(before) | UInt64(index - before) << 4
                    }
                    guard let counted else { return nil }
                    let below = x < hi - 1e-9 * max(1, abs(x))
                    let above = x > lo + 1e-9 * max(1, abs(x))
                    let bits = counted | (below ? 1 << 8 : 0) | (above ? 1 << 9 : 0)
                    key |= bits << UInt64(10 * k)
                }
                return key
            }
        }
    }
}
