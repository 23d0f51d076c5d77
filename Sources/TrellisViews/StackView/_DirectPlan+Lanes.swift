// The width of a direct layout's slopes (_SlopeLanes.swift): one lane per
// priority level of the tree, plus lane 0 (regions not modelled). Slopes of
// 32 lanes hold any tree the direct path takes (up to 31 levels), but most
// trees use fewer than 8 (a label's hugging and compression resistance, the
// fitting size, a stack's spanning fit and ambiguity suppression, a capped
// image's ratio), and every cost a row combines, copies, sorts and compares
// carries its slopes: `DirectStackLayout` lays trees out with slopes of 8
// lanes until one needs more (its plan refuses the tree in `prepare`,
// before any layout), then with 12 (up to 11 levels), 16 (up to 15) and 32,
// for that tree and every later one. Every width gives the same frames to
// the bit (_SlopeLanes.swift).

import TrellisText

extension DirectStackLayout {
    /// Where the plan in use refused the tree for its levels (`prepare`,
    /// before any layout), moves to the next wider slopes for it and every
    /// later tree and returns true (the caller lays the tree out again);
    /// else false (the refusal is the tree's).
    mutating func widen() -> Bool {
        switch lanes {
        case 8:
            guard narrow.needsWiderSlopes else { return false }
            assert(MemoryLayout<_Lanes12>.offset(of: \_Lanes12.high) == 64)
            middle = Self.plan(like: narrow)
            narrow = _LanePlan(measurer: narrow.measurer)
            lanes = 12
        case 12:
            guard middle!.needsWiderSlopes else { return false }
            wide = Self.plan(like: middle!)
            middle = nil
            lanes = 16
        case 16:
            guard wide!.needsWiderSlopes else { return false }
            widest = Self.plan(like: wide!)
            wide = nil
            lanes = 32
        default:
            return false
        }
        return true
    }

    /// A new plan with `other`'s measurer, settings and counters (what
    /// tests and profiles count goes on from there).
    static func plan<Wide, Slope>(like other: _LanePlan<Slope>) -> _LanePlan<Wide> {
        var plan = _LanePlan<Wide>(measurer: other.measurer)
        plan.replayingWidths = other.replayingWidths
        plan.replayingHeights = other.replayingHeights
        plan.replayingSubtrees = other.replayingSubtrees
        plan.memoizingTextWidths = other.memoizingTextWidths
        plan.memoizingWidthSolves = other.memoizingWidthSolves
        plan.skippingRootCosts = other.skippingRootCosts
        plan.skippingFramePasses = other.skippingFramePasses
        plan.skippingRepeatSolves = other.skippingRepeatSolves
        plan.reusingLineBreaks = other.reusingLineBreaks
        plan.rowShares.enabled = other.rowShares.enabled
        plan.rowShares.inSolves = other.rowShares.inSolves
        plan.rowShares.skippingViewCosts = other.rowShares.skippingViewCosts
        plan.widthReplays = other.widthReplays
        plan.textWidthReplays = other.textWidthReplays
        plan.textWidthCostsSkipped = other.textWidthCostsSkipped
        plan.rootCostsSkipped = other.rootCostsSkipped
        plan.textCostsBounded = other.textCostsBounded
        plan.textWidthMemoHits = other.textWidthMemoHits
        plan.widthSolveReplays = other.widthSolveReplays
        plan.sharedLabelReplays = other.sharedLabelReplays
        plan.columnWidthSolves = other.columnWidthSolves
        plan.rowShares.hits = other.rowShares.hits
        plan.rowShares.solveHits = other.rowShares.solveHits
        plan.rowShares.costHits = other.rowShares.costHits
        plan.rowShares.viewCostsSkipped = other.rowShares.viewCostsSkipped
        plan.heightReplays = other.heightReplays
        plan.subtreeReplays = other.subtreeReplays
        plan.measureCalls = other.measureCalls
        plan.uncheckedLayouts = other.uncheckedLayouts
        plan.framePassesLeftOut = other.framePassesLeftOut
        plan.repeatSolvesLeftOut = other.repeatSolvesLeftOut
        plan.lineBreakReuses = other.lineBreakReuses
        return plan
    }

    /// What tests and profiles read of the plan in use (its counters and
    /// last nodes) and set (which shortcuts it takes; set on every plan).
    var plan: _PlanView {
        get {
            switch lanes {
            case 8: _PlanView(narrow)
            case 12: _PlanView(middle!)
            case 16: _PlanView(wide!)
            default: _PlanView(widest!)
            }
        }
        set {
            newValue.apply(to: &narrow)
            if middle != nil { newValue.apply(to: &middle!) }
            if wide != nil { newValue.apply(to: &wide!) }
            if widest != nil { newValue.apply(to: &widest!) }
        }
    }
}

extension _LanePlan {
    /// A plan with `measurer`, settings as new.
    init(measurer: TextMeasurer) {
        self.init()
        self.measurer = measurer
    }
}

/// A plan's counters, last nodes and settings, whatever its slopes
/// (`DirectStackLayout.plan`).
struct _PlanView {
    var nodes: [_DirectNode]
    var measured: [_Measurements]
    var unmeasured: [Bool]
    var widthRecords: [_WidthRecord?]
    var hasFreeWidthLabel: Bool
    var needsPassChecks: Bool
    /// Layouts whose passes went unchecked (`skipsPassChecks`).
    var uncheckedLayouts: Int
    var framePassesLeftOut: Int
    var repeatSolvesLeftOut: Int
    var widthReplays: Int
    var textWidthReplays: Int
    var textWidthCostsSkipped: Int
    var rootCostsSkipped: Int
    var textCostsBounded: Int
    var textWidthMemoHits: Int
    var widthSolveReplays: Int
    var sharedLabelReplays: Int
    var columnWidthSolves: Int
    var heightReplays: Int
    var checksRecalled: Int
    var subtreeReplays: Int
    var measureCalls: Int
    var lineBreakReuses: Int
    /// Each node's `_DirectPlan.isHeldByCap`.
    var heldByCap: [Bool]
    // Settings.
    var replayingWidths: Bool
    var replayingHeights: Bool
    var replayingSubtrees: Bool
    var memoizingTextWidths: Bool
    var memoizingWidthSolves: Bool
    var recallingChecks: Bool
    var skippingRootCosts: Bool
    var skippingFramePasses: Bool
    var skippingRepeatSolves: Bool
    var reusingLineBreaks: Bool
    var rowShares:
        (
            enabled: Bool, inSolves: Bool, skippingViewCosts: Bool, hits: Int, solveHits: Int,
            costHits: Int, viewCostsSkipped: Int
        )

    init<Slope>(_ plan: _LanePlan<Slope>) {
        nodes = plan.nodes
        measured = plan.measured
        unmeasured = plan.unmeasured
        widthRecords = plan.widthRecords.map { $0.made ? $0 : nil }
        hasFreeWidthLabel = plan.hasFreeWidthLabel
        needsPassChecks = plan.needsPassChecks
        uncheckedLayouts = plan.uncheckedLayouts
        framePassesLeftOut = plan.framePassesLeftOut
        repeatSolvesLeftOut = plan.repeatSolvesLeftOut
        widthReplays = plan.widthReplays
        textWidthReplays = plan.textWidthReplays
        textWidthCostsSkipped = plan.textWidthCostsSkipped
        rootCostsSkipped = plan.rootCostsSkipped
        textCostsBounded = plan.textCostsBounded
        textWidthMemoHits = plan.textWidthMemoHits
        widthSolveReplays = plan.widthSolveReplays
        sharedLabelReplays = plan.sharedLabelReplays
        columnWidthSolves = plan.columnWidthSolves
        heightReplays = plan.heightReplays
        checksRecalled = plan.checksRecalled
        subtreeReplays = plan.subtreeReplays
        measureCalls = plan.measureCalls
        lineBreakReuses = plan.lineBreakReuses
        heldByCap = plan.nodes.indices.map(plan.isHeldByCap)
        replayingWidths = plan.replayingWidths
        replayingHeights = plan.replayingHeights
        replayingSubtrees = plan.replayingSubtrees
        memoizingTextWidths = plan.memoizingTextWidths
        memoizingWidthSolves = plan.memoizingWidthSolves
        recallingChecks = plan.recallingChecks
        skippingRootCosts = plan.skippingRootCosts
        skippingFramePasses = plan.skippingFramePasses
        skippingRepeatSolves = plan.skippingRepeatSolves
        reusingLineBreaks = plan.reusingLineBreaks
        rowShares = (
            plan.rowShares.enabled, plan.rowShares.inSolves, plan.rowShares.skippingViewCosts,
            plan.rowShares.hits, plan.rowShares.solveHits, plan.rowShares.costHits,
            plan.rowShares.viewCostsSkipped
        )
    }

    func isHeldByCap(_ index: Int) -> Bool { heldByCap[index] }

    /// Sets `plan`'s settings to these.
    func apply<Slope>(to plan: inout _LanePlan<Slope>) {
        plan.replayingWidths = replayingWidths
        plan.replayingHeights = replayingHeights
        plan.replayingSubtrees = replayingSubtrees
        plan.memoizingTextWidths = memoizingTextWidths
        plan.memoizingWidthSolves = memoizingWidthSolves
        plan.recallingChecks = recallingChecks
        plan.skippingRootCosts = skippingRootCosts
        plan.skippingFramePasses = skippingFramePasses
        plan.skippingRepeatSolves = skippingRepeatSolves
        plan.reusingLineBreaks = reusingLineBreaks
        plan.rowShares.enabled = rowShares.enabled
        plan.rowShares.inSolves = rowShares.inSolves
        plan.rowShares.skippingViewCosts = rowShares.skippingViewCosts
    }
}
