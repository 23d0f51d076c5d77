// The direct path's passes: widths, then heights at those widths, then
// frames on the pixel grid.

import TrellisGeometry
import TrellisText

/// What a widths pass does with the fitting pass's solves
/// (`_DirectPlan.sharesPassWidths`), passed down to each solve.
enum _PassWidths {
    /// Each solve works out its own widths.
    case none
    /// Each solve works out its widths and appends every node's x and
    /// width to `passWidths` (the fitting pass).
    case recording
    /// Each solve takes the fitting pass's solve of its number, `next`
    /// the next one's (the frame pass).
    case taking(next: Int)
}

extension _LanePlan {
    // MARK: Layout

    mutating func layout(_ tree: StackTree, width: Double) throws(DirectStackLayoutError)
        -> StackTreeLayout
    {
        rowStructure = nil
        try prepare(tree)
        return try layoutPrepared(width: width)
    }

    /// The layout of the prepared nodes (`prepare`) at `width`; without
    /// `frames`, its height only (every pass and check run as for the
    /// frames, which are not put on the pixel grid: `frames` is empty).
    mutating func layoutPrepared(width: Double, frames: Bool = true)
        throws(DirectStackLayoutError) -> StackTreeLayout
    {
        guard width.isFinite, width >= 0 else {
            throw DirectStackLayoutError(
                kind: .unsupported, reason: "the width must be finite and not negative")
        }
        // (The labels' kept lines are the last layout's: `keptLines`.)
        layoutNumber &+= 1
        do throws(_StackCostError) {
            // Where the shape's passes need no checks (`skipsPassChecks`),
            // they are laid out without; a row they throw on is laid out
            // again with them, which throw first what they meet.
            if needsPassChecks, skipsPassChecks() {
                do throws(_StackCostError) {
                    let layout = try layoutPasses(width: width, frames: frames, checked: false)
                    uncheckedLayouts += 1
                    return layout
                } catch {
                    for index in nodes.indices { nodes[index].clearLayout() }
                }
            }
            let layout = try layoutPasses(width: width, frames: frames, checked: true)
            if needsPassChecks { passedPassChecks() }
            return layout
        } catch {
            switch error {
            case .ambiguous(let reason):
                throw DirectStackLayoutError(kind: .ambiguous, reason: reason)
            case .conflict(let reason):
                throw DirectStackLayoutError(kind: .conflict, reason: reason)
            case .unmodelled(let reason):
                throw DirectStackLayoutError(kind: .unmodelled, reason: reason)
            }
        }
    }

    /// The engine's passes at `width` (`layoutPrepared`); `checked`: each
    /// solve of the width passes checked for required conflicts along the
    /// vertical axis where the shape needs it (`needsPassChecks`), else
    /// not (`skipsPassChecks`). (Inlined: a call of its own cost a row of
    /// a shape without checks about 30 instructions.)
    @inline(__always)
    mutating func layoutPasses(width: Double, frames: Bool, checked: Bool)
        throws(_StackCostError) -> StackTreeLayout
    {
        let insets = pinningInsets
        // (Labels of several lines are measured on one line for the
        // widths pass only: not when it is replayed.)
        let replayed = needsPassChecks ? false : replaysWidths(at: width)
        measureKeyed(skippingMultiLine: replayed)
        // Widths, with the engine's passes: labels of several lines are
        // measured again at the width they got, until no width changes,
        // one at a time, each seeing the solve after the last
        // (`LayoutEngine.solve`), in both passes. Only an image whose
        // width is free (its cost reads the pass's height) can give the
        // frame pass other widths: the engine then fits one layout and
        // lays out another, which the direct path refuses.
        // Every solve of the engine's passes solves both axes: a
        // required conflict met on the way (a label measured at an
        // earlier width, too tall for a fixed height) breaks a
        // constraint for good, so each pass is checked (`checking`).
        // With every label's width fixed by required constraints, the
        // passes of both kinds go through the same states, with labels
        // no taller than in the end: nothing to do twice, nor to check
        // unless a label's height is capped (`needsPassChecks`).
        // Where the frame pass goes through the fitting pass's solves
        // (`sharesPassWidths`), it takes their widths and makes its own
        // checks only.
        checking = needsPassChecks ? .fitting : nil
        shadowingChecks = false
        if !checked {
            // (Debug builds run them anyway, asserting that they pass.)
            #if DEBUG
                shadowingChecks = true
            #else
                checking = nil
            #endif
        }
        guard needsPassChecks else {
            var own = _PassWidths.none
            try settleWidths(width, insets, &own)
            let height = try heightsPass(insets, places: frames)
            return laidOut(height, frames: frames)
        }
        let sharesWidths = sharesPassWidths()
        // Unchecked, a frame pass that goes through the fitting pass's
        // solves (`sharesWidths`) makes nothing of its own (`leavesOutFramePass`).
        let leavesOutFramePass = sharesWidths && !checked && skippingFramePasses
        // (Emptied at once: one element at a time, each removal checked
        // that the storage was not shared, about 20 instructions a width.)
        passWidths.removeAll(keepingCapacity: true)
        var fittingPass: _PassWidths = sharesWidths && !leavesOutFramePass ? .recording : .none
        try settleWidths(width, insets, &fittingPass)
        if leavesOutFramePass {
            // What is left is the heights pass of the labels as the fitting
            // pass leaves them: the fitting height, then every view placed
            // at it, as a shape without checks has it (`heightsPass`:
            // replayed by its views' vertical keys where those are all it
            // reads). (The fitting pass records nothing.)
            checking = nil
            let shadowed = shadowingChecks
            shadowingChecks = false
            let height = try heightsPass(insets, places: frames)
            #if DEBUG
                if shadowed { try shadowFramePass(width, insets, height) }
            #endif
            framePassesLeftOut += 1
            return laidOut(height, frames: frames)
        }
        // (Read field by field: `nodes.map(\.layoutWidth)` and a loop over
        // `nodes.enumerated()` copied every node, retaining its payloads.)
        var fitted: [Double?] = []
        fitted.reserveCapacity(nodes.count)
        for index in nodes.indices {
            // (An image's width, which its vertical key reads, in its place.)
            let kind = nodes[index].kind
            fitted.append(kind == .image ? nodes[index].width : nodes[index].layoutWidth)
        }
        let height = try recalledFittingHeight(insets)
        // (The frame pass's checks work out heights of their own.)
        let natural = naturalHeight
        // The frame pass starts again from the labels' first pass.
        for index in nodes.indices where nodes[index].kind == .label {
            nodes[index].layoutWidth = nil
            measure(index)
        }
        checking = checked || shadowingChecks ? .frame(height) : nil
        var framePass: _PassWidths = sharesWidths ? .taking(next: 0) : .none
        try settleWidths(width, insets, &framePass)
        for index in nodes.indices where nodes[index].kind == .label {
            guard let a = fitted[index], let b = nodes[index].layoutWidth else { continue }
            if abs(a - b) >= 1e-9 {
                throw _StackCostError.unmodelled(
                    "node\(index): the engine's fitting pass measures this label at \(a), its frame pass at \(b) (an image's width follows each pass's height)"
                )
            }
        }
        checking = nil
        shadowingChecks = false
        if Self.sameLayoutWidths(fitted, nodes) {
            // The labels as the fitting pass left them, to the bit: the
            // heights pass gives `height` and places the views at it, as
            // below (replayed by the views' vertical keys where it can).
            let replayed = try heightsPass(insets, places: frames)
            assert(replayed.bitPattern == height.bitPattern, "the heights pass moved the height")
            naturalHeight = natural
            return laidOut(replayed, frames: frames)
        }
        try computeCosts(.vertical)  // the frame pass's labels
        try placeVertically(height, insets)
        naturalHeight = natural
        return laidOut(height, frames: frames)
    }

    /// The layout of cell height `height` (the fitting pass's
    /// `naturalHeight` rounded up), with its frames when `frames` is set.
    mutating func laidOut(_ height: Double, frames: Bool) -> StackTreeLayout {
        StackTreeLayout(
            height: height, fittingHeight: naturalHeight, frames: frames ? pixelFrames() : [])
    }

    /// The engine's width passes: solve, measure again the labels of
    /// several lines whose width changed, until none does (at most 8
    /// passes). Where a label's width is free, each label sees the solve
    /// after the last one's change, in both passes, as the engine
    /// (`LayoutEngine.solve`); where every label's width is fixed, the
    /// order cannot move a width, and all see the pass's solve.
    /// `use`: what each solve does with the fitting pass's widths.
    mutating func settleWidths(
        _ width: Double, _ insets: EdgeInsets, _ use: inout _PassWidths
    ) throws(_StackCostError) {
        let oneAtATime = hasFreeWidthLabel
        var passes = 0
        var changed = false
        // Whether a label measured again since the last solve measured
        // another size than it had (`repeatsLastSolve`).
        var moved = false
        while true {
            passes += 1
            try solveWidths(width, insets, &use)
            changed = false
            moved = false
            // (Through `multiLineNodes`, the labels of several lines.)
            for position in multiLineNodes.indices {
                let index = multiLineNodes[position]
                if oneAtATime, changed {
                    try solveWidths(width, insets, &use)
                    moved = false
                }
                var solved = nodes[index].width
                if solved < Label._narrowestWidth { solved = 0 }
                if let current = nodes[index].layoutWidth, abs(current - solved) < 1e-9 { continue }
                nodes[index].layoutWidth = solved
                let size = nodes[index].intrinsic
                measure(index)
                if !Self.sameBits(size, nodes[index].intrinsic) { moved = true }
                changed = true
            }
            // Labels whose widths required constraints fix cannot move any
            // width by measuring again (see `widthIsFixed`): the next pass
            // would solve the same widths, so it is not run.
            if !changed || !hasFreeWidthLabel { break }
            if passes >= 8 {
                throw _StackCostError.unmodelled("label widths still changed after 8 passes")
            }
            // Nor where it would solve the last solve's inputs again and
            // then measure nothing (`repeatsLastSolve`): this pass is its last.
            if !moved, repeatsLastSolve() {
                repeatSolvesLeftOut += 1
                changed = false
                break
            }
        }
        // The fitting pass ends on a solve of the last widths. Where the
        // last pass measured nothing again, its own solve is that one (the
        // same inputs give the same widths and the same checks): always so
        // when a label's width is free, as for the fitting pass, which the
        // loop leaves only then. A solve here serves labels measured again
        // after the last solve (widths fixed by required constraints).
        if oneAtATime, changed { try solveWidths(width, insets, &use) }
    }

    /// Whether the next pass of `settleWidths` would solve the inputs of
    /// the last solve again and measure no label: every label measured
    /// since measured the size it had (`moved` false, checked by the
    /// caller) and every label of several lines was measured at the width
    /// that solve gave it. A solve reads the nodes' kinds, settings,
    /// intrinsic sizes and (the vertical checks of `checking`) baselines,
    /// the images' widths and ratios and the cell's width; measuring again
    /// writes a label's `layoutWidth`, which no solve reads, its size, and
    /// its baselines, which only stacks whose costs read layouts read
    /// (`costReadsLayouts`: none here), as `coupledImageWidthCost` reads
    /// the heights the last solve's checks left (no such image here). The
    /// same steps on the same numbers give the same widths, the same
    /// checks and the same errors: the last solve's.
    /// (`skippingRepeatSolves` false: never.)
    @inline(__always)
    mutating func repeatsLastSolve() -> Bool {
        guard skippingRepeatSolves, coupledImage == nil else { return false }
        for index in nodes.indices where nodes[index].costReadsLayouts { return false }
        for position in multiLineNodes.indices {
            let index = multiLineNodes[position]
            var solved = nodes[index].width
            if solved < Label._narrowestWidth { solved = 0 }
            guard let current = nodes[index].layoutWidth, abs(current - solved) < 1e-9 else {
                return false
            }
        }
        return true
    }

    /// Whether two sizes are the same, bit for bit.
    @inline(__always)
    static func sameBits(_ a: Size, _ b: Size) -> Bool {
        a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    /// Every view's width and x, for the labels' current sizes; with
    /// `checking`, also the heights that solve would give, to find a
    /// required conflict there.
    mutating func solveWidths(_ width: Double, _ insets: EdgeInsets, _ use: inout _PassWidths)
        throws(_StackCostError)
    {
        if try replayWidths(width, insets) { return }
        try solveWidthsGenerally(width, insets, &use)
    }

    /// `solveWidths` by the general planner, solving its own widths.
    mutating func solveWidthsGenerally(_ width: Double, _ insets: EdgeInsets)
        throws(_StackCostError)
    {
        var own = _PassWidths.none
        try solveWidthsGenerally(width, insets, &own)
    }

    /// `solveWidths` by the general planner; `use`: recording its widths
    /// for the frame pass, or taking the fitting pass's.
    mutating func solveWidthsGenerally(
        _ width: Double, _ insets: EdgeInsets, _ use: inout _PassWidths
    ) throws(_StackCostError) {
        if !takePassWidths(&use) {
            // (Copied where an earlier solve of the shape had its inputs.)
            try arrangeWidths(width, insets)
            if case .recording = use {
                for index in nodes.indices {
                    passWidths.append(nodes[index].x)
                    passWidths.append(nodes[index].width)
                }
            }
        }
        guard let checking else { return }
        // (A check that passed on these inputs before passes again: `checkKey`.)
        let kept = checkKey(checking, insets)
        if let kept, passedCheckBefore(kept) {
            checksRecalled &+= 1
            return
        }
        do throws(_StackCostError) {
            switch checking {
            case .fitting:
                let height = try fittingHeight(insets, rounded: false)
                nodes[0].height = height - insets.top - insets.bottom
            case .frame(let height):
                try computeCosts(.vertical)
                nodes[0].height = height - insets.top - insets.bottom
            }
            try arrange(0, .vertical)
        } catch {
            if case .conflict(let reason) = error {
                assert(!shadowingChecks, "a check left out meets a conflict: \(reason)")
                throw .conflict("a pass of the engine's meets a required conflict: \(reason)")
            }
        }
        if let kept { notePassedCheck(kept) }
    }

    /// Whether the frame pass solves the same widths as the fitting pass,
    /// solve after solve: the same labels measured on one line to start
    /// with, updated in the same order (`settleWidths`, as
    /// `LayoutEngine.solve`), and each solve's widths follow from the
    /// labels' sizes alone (no image whose width is free: its cost reads
    /// the pass's height), so every solve of the frame pass has the
    /// inputs, and so the widths, of the fitting pass's solve of the same
    /// number.
    /// Only the checks along the vertical axis differ (the fitting height
    /// against the cell's): the frame pass takes the recorded widths
    /// (`passWidths`) and makes its own checks.
    /// (Inlined: called from a mutating method, a method of the plan is
    /// given a copy of the whole plan, about a kilobyte, and its arrays
    /// retained.)
    @inline(__always)
    func sharesPassWidths() -> Bool {
        coupledImage == nil
    }

    /// Sets every node's x and width from the fitting pass's solve of the
    /// frame pass's current number (`use`'s `next`, then the one after:
    /// `sharesPassWidths`); false when the pass solves its own.
    mutating func takePassWidths(_ use: inout _PassWidths) -> Bool {
        guard case .taking(let taken) = use else { return false }
        let start = taken * 2 * nodes.count
        guard start + 2 * nodes.count <= passWidths.count else { return false }
        for index in nodes.indices {
            nodes[index].x = passWidths[start + 2 * index]
            nodes[index].width = passWidths[start + 2 * index + 1]
        }
        use = .taking(next: taken + 1)
        return true
    }

    /// The content view's height: pulled towards 0 at the fitting priority,
    /// rounded up to the pixel grid (as cells round it) when `rounded`.
    mutating func fittingHeight(_ insets: EdgeInsets, rounded: Bool = true)
        throws(_StackCostError)
        -> Double
    {
        try computeCosts(.vertical)
        // (The root's cost with the fitting size's term, in place.)
        let fittingLane = lane(50)
        let natural =
            try costs[0].argmin(
                adding: -insets.top - insets.bottom, lane: fittingLane, "the root stack's height")
            + insets.top + insets.bottom
        naturalHeight = natural
        guard rounded else { return natural }
        return try cellHeight(natural)
    }

    /// `natural` rounded up to the pixel grid, as a cell's height (a
    /// negative one refused, as the engine refuses such a frame).
    func cellHeight(_ natural: Double) throws(_StackCostError) -> Double {
        let height = PixelGrid.ceil(natural, scale: scale)
        guard height >= 0 else {
            throw .conflict("the content view would be \(height) high (a frame the engine refuses)")
        }
        return height
    }

    /// Frames rounded as the engine rounds them: every edge in the content
    /// view's coordinates to the nearest pixel, then made relative to the
    /// parent's rounded origin.
    mutating func pixelFrames() -> [Rect] {
        var frames: [Rect] = []
        frames.reserveCapacity(nodes.count)
        for index in nodes.indices {
            let parent = nodes[index].parent
            let origin = parent >= 0 ? nodes[parent].absolute : Point(x: 0, y: 0)
            let parentRounded = parent >= 0 ? nodes[parent].rounded : Point(x: 0, y: 0)
            let x = origin.x + nodes[index].x
            let y = origin.y + nodes[index].y
            nodes[index].absolute = Point(x: x, y: y)
            let minX = PixelGrid.round(x, scale: scale)
            let minY = PixelGrid.round(y, scale: scale)
            let maxX = PixelGrid.round(x + nodes[index].width, scale: scale)
            let maxY = PixelGrid.round(y + nodes[index].height, scale: scale)
            nodes[index].rounded = Point(x: minX, y: minY)
            frames.append(
                Rect(
                    x: minX - parentRounded.x, y: minY - parentRounded.y,
                    width: max(0, maxX - minX), height: max(0, maxY - minY)))
        }
        return frames
    }
}
