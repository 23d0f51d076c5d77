// A scripted scroll gesture driven frame by frame over a table: flings that
// decelerate like UIScrollView's, jumps to a row, and per-frame records of the
// layout work (time, rows measured, cells made and reused, anchor drift).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One step of a scroll script.
public enum ScrollStep: Sendable, Hashable {
    /// One fling at `velocity` points per second (positive scrolls down), until
    /// its speed falls below the stop speed or it reaches an edge.
    case fling(velocity: Double)
    /// Flings down again and again (each one starting when the previous has
    /// slowed below the restart speed, as a user flicking repeatedly) until the
    /// bottom of the content.
    case flingToEnd(velocity: Double)
    /// The same upwards, until the top of the content.
    case flingToTop(velocity: Double)
    /// `scrollToRow(at:at:)`, in one frame.
    case jump(to: IndexPath, at: TableScrollPosition)
    /// A jump to the last row, bottom aligned, in one frame.
    case jumpToEnd
    /// A rotation in one frame: `resize(width:viewportHeight:)`, which
    /// re-measures the rows in view with the element the rule on
    /// `TableLayoutPass` chooses kept in place (its drift is recorded like
    /// any other frame's).
    case resize(width: Double, viewportHeight: Double)

    /// Down the whole list and back with flings, then a jump to the end.
    public static func downAndBack(velocity: Double) -> [ScrollStep] {
        [.flingToEnd(velocity: velocity), .flingToTop(velocity: velocity), .jumpToEnd]
    }
}

/// Frame rate and physics of a scroll simulation.
public struct ScrollSimulationOptions: Hashable, Sendable {
    /// Frames per second (60 or 120 on iPhones).
    public var framesPerSecond: Int
    /// Velocity kept per millisecond of deceleration:
    /// `UIScrollView.DecelerationRate.normal` is 0.998.
    public var decelerationRate: Double
    /// A fling ends when its speed falls below this, in points per second.
    public var stopSpeed: Double
    /// Repeated flings start again when the speed falls below this, in points per second.
    public var restartSpeed: Double
    /// Frames whose layout work takes longer than this count as over budget
    /// (8.33 ms is one frame at 120 Hz).
    public var frameBudget: Duration

    public init(
        framesPerSecond: Int = 120, decelerationRate: Double = 0.998, stopSpeed: Double = 10,
        restartSpeed: Double = 1000, frameBudget: Duration = .microseconds(8330)
    ) {
        self.framesPerSecond = framesPerSecond
        self.decelerationRate = decelerationRate
        self.stopSpeed = stopSpeed
        self.restartSpeed = restartSpeed
        self.frameBudget = frameBudget
    }

    func validate() throws(TableError) {
        guard framesPerSecond > 0, framesPerSecond <= 1000 else {
            throw .invalidParameter(
                name: "framesPerSecond", value: Double(framesPerSecond), reason: "must be 1 to 1000"
            )
        }
        guard decelerationRate > 0, decelerationRate < 1 else {
            throw .invalidParameter(
                name: "decelerationRate", value: decelerationRate, reason: "must be between 0 and 1"
            )
        }
        guard stopSpeed.isFinite, stopSpeed > 0 else {
            throw .invalidParameter(
                name: "stopSpeed", value: stopSpeed, reason: "must be finite and positive")
        }
        guard restartSpeed.isFinite, restartSpeed >= stopSpeed else {
            throw .invalidParameter(
                name: "restartSpeed", value: restartSpeed,
                reason: "must be finite and at least stopSpeed")
        }
    }
}

extension ScrollSimulationOptions {
    /// How far a fling starting at `velocity` points per second moves the
    /// content in each frame until its speed falls below `speed`: the exact
    /// integral of the decaying velocity over each frame (UIScrollView's
    /// deceleration). Edges are the caller's: a fling stops where it meets one.
    ///
    /// ```swift
    /// for distance in ScrollSimulationOptions().flingDistances(velocity: -5000, until: 10) {
    ///     try table.scroll(toOffset: max(0, table.contentOffset + distance))
    /// }
    /// ```
    /// - Complexity: O(f) for the f frames of the fling (a few hundred).
    public func flingDistances(velocity: Double, until speed: Double) -> [Double] {
        let dt = 1000 / Double(framesPerSecond)
        let decay = pow(decelerationRate, dt)
        let logRate = log(decelerationRate)
        var v = velocity / 1000  // points per millisecond
        var distances: [Double] = []
        while abs(v) * 1000 >= speed && speed > 0 && v.isFinite {
            distances.append(v * (decay - 1) / logRate)
            v *= decay
        }
        return distances
    }
}

/// What happened in one frame.
public struct ScrollFrame: Hashable, Sendable {
    /// Frame number, from 0.
    public var index: Int
    /// The script step that made the frame (an index into the script), or
    /// -1 for the first frame, which lays out the starting position.
    public var step: Int
    /// Time since the start of the simulation, in milliseconds.
    public var time: Double
    /// Content offset after the frame's layout work.
    public var contentOffset: Double
    /// Time spent in layout work: the layout pass (measuring, anchoring) and
    /// handing out and recycling cells (wall clock).
    public var layoutTime: Duration
    /// CPU time of this thread over the same work (plus one read of the CPU
    /// clock, about half a microsecond): unlike `layoutTime`, it leaves out
    /// time the thread was descheduled, which dominates on a busy machine.
    public var layoutCPUTime: Duration
    /// Rows whose height source was called.
    public var rowsMeasured: Int
    /// Cells made by factories.
    public var cellsMade: Int
    /// Cells reused from the pool.
    public var cellsReused: Int
    /// Rows on screen after the frame.
    public var visibleRows: Int
    /// Rows holding cells after the frame (visible plus overscan).
    public var cellsInUse: Int
    /// How far the element the frame's layout pass keeps in place (the rule
    /// on `TableLayoutPass`, chosen before the pass) moved on screen during
    /// the layout work (not counting the scroll itself), in points.
    /// Anchoring keeps this 0 unless the pass clamps (content that would
    /// leave blank space above the first row goes to the top).
    public var anchorDrift: Double
}

/// Totals and percentiles over a run.
public struct ScrollSummary: Hashable, Sendable {
    public var frameCount: Int
    /// Nearest-rank percentiles of the per-frame layout time.
    public var layoutTimeP50: Duration
    public var layoutTimeP99: Duration
    public var layoutTimeMax: Duration
    /// Nearest-rank percentiles of the per-frame CPU time.
    public var layoutCPUTimeP50: Duration
    public var layoutCPUTimeP99: Duration
    public var layoutCPUTimeMax: Duration
    /// Frames whose layout time exceeded the frame budget.
    public var framesOverBudget: Int
    /// Frames whose CPU time exceeded the frame budget.
    public var framesOverBudgetCPU: Int
    public var rowsMeasured: Int
    public var cellsMade: Int
    public var cellsReused: Int
    /// Most rows on screen in any frame.
    public var maxVisibleRows: Int
    /// Most cells in use in any frame.
    public var maxCellsInUse: Int
    /// Largest absolute anchor drift in any frame, in points.
    public var maxAnchorDrift: Double

    /// Summarizes frames; `budget` decides which frames are over budget.
    public init(frames: [ScrollFrame], budget: Duration) {
        frameCount = frames.count
        func rank(_ p: Double, _ times: [Duration]) -> Duration {
            guard !times.isEmpty else { return .zero }
            let r = Int((p / 100 * Double(times.count)).rounded(.up))
            return times[min(max(r, 1), times.count) - 1]
        }
        let times = frames.map(\.layoutTime).sorted()
        layoutTimeP50 = rank(50, times)
        layoutTimeP99 = rank(99, times)
        layoutTimeMax = times.last ?? .zero
        let cpuTimes = frames.map(\.layoutCPUTime).sorted()
        layoutCPUTimeP50 = rank(50, cpuTimes)
        layoutCPUTimeP99 = rank(99, cpuTimes)
        layoutCPUTimeMax = cpuTimes.last ?? .zero
        framesOverBudget = frames.count { $0.layoutTime > budget }
        framesOverBudgetCPU = frames.count { $0.layoutCPUTime > budget }
        rowsMeasured = frames.reduce(0) { $0 + $1.rowsMeasured }
        cellsMade = frames.reduce(0) { $0 + $1.cellsMade }
        cellsReused = frames.reduce(0) { $0 + $1.cellsReused }
        maxVisibleRows = frames.map(\.visibleRows).max() ?? 0
        maxCellsInUse = frames.map(\.cellsInUse).max() ?? 0
        maxAnchorDrift = frames.map { abs($0.anchorDrift) }.max() ?? 0
    }
}

/// The frames of a run and their summary.
public struct ScrollSimulationResult: Sendable {
    public var frames: [ScrollFrame]
    public var summary: ScrollSummary
    /// Cells made and reused per reuse identifier over the run.
    public var cellCounts: [String: ReusePool<SimulatedCell>.Counts]
}

/// A cell used by the simulation: it remembers the row it shows.
public final class SimulatedCell: ReusableCell {
    public let reuseIdentifier: String
    /// The row the cell was last configured for (nil after `prepareForReuse`).
    public private(set) var indexPath: IndexPath?
    /// How many times the cell was prepared for reuse.
    public private(set) var reuseCount = 0

    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
    }

    public func prepareForReuse() {
        indexPath = nil
        reuseCount += 1
    }

    func configure(_ path: IndexPath) { indexPath = path }
}

/// Drives a table through a scroll script, frame by frame, as a table view
/// would: move the offset, run a layout pass, recycle cells that left the
/// cell range and dequeue cells for rows that entered it.
///
/// ```swift
/// let simulation = ScrollSimulation(script: ScrollStep.downAndBack(velocity: 8000))
/// let result = try simulation.run(&table)
/// print(result.summary.layoutTimeP99, result.summary.maxAnchorDrift)
/// ```
public struct ScrollSimulation {
    public var script: [ScrollStep]
    public var options: ScrollSimulationOptions
    /// The reuse identifier for a row (one identifier for every row by default).
    public var reuseIdentifier: (IndexPath) -> String

    public init(
        script: [ScrollStep], options: ScrollSimulationOptions = ScrollSimulationOptions(),
        reuseIdentifier: @escaping (IndexPath) -> String = { _ in "cell" }
    ) {
        self.script = script
        self.options = options
        self.reuseIdentifier = reuseIdentifier
    }

    /// Runs the script on `table`, starting from its current offset (after a
    /// first layout pass, frame 0), and returns every frame.
    ///
    /// - Throws: `TableError` for bad options or script steps, or a bad height
    ///   from the height source; the table then stays as it was after the last
    ///   complete frame.
    public func run<S>(_ table: inout TableLayout<S>) throws(TableError) -> ScrollSimulationResult {
        try options.validate()
        for step in script { try validate(step, table) }
        var run = _Run(options: options, reuseIdentifier: reuseIdentifier)
        try run.frame(&table, moveBy: 0)
        for (number, step) in script.enumerated() {
            run.step = number
            switch step {
            case .fling(let velocity):
                try run.fling(&table, velocity: velocity, until: options.stopSpeed)
            case .flingToEnd(let velocity):
                while table.offsetUnits < table.maximumOffsetUnits {
                    try run.fling(&table, velocity: abs(velocity), until: options.restartSpeed)
                }
            case .flingToTop(let velocity):
                while table.offsetUnits > 0 {
                    try run.fling(&table, velocity: -abs(velocity), until: options.restartSpeed)
                }
            case .jump(let path, let position):
                try run.jump(&table, to: path, at: position)
            case .jumpToEnd:
                if let path = lastRow(table) { try run.jump(&table, to: path, at: .bottom) }
            case .resize(let width, let height):
                try run.record(&table, measuresDrift: true) { table, pass throws(TableError) in
                    pass = try table.resize(width: width, viewportHeight: height)
                }
            }
        }
        return ScrollSimulationResult(
            frames: run.frames,
            summary: ScrollSummary(frames: run.frames, budget: options.frameBudget),
            cellCounts: run.pool.counts)
    }

    private func validate<S>(_ step: ScrollStep, _ table: TableLayout<S>) throws(TableError) {
        switch step {
        case .fling(let v), .flingToEnd(let v), .flingToTop(let v):
            guard v.isFinite, abs(v) > options.restartSpeed else {
                throw .invalidParameter(
                    name: "fling velocity", value: v,
                    reason: "must be finite and faster than the restart speed "
                        + "(\(options.restartSpeed) points per second)")
            }
        case .jump(let path, _):
            _ = try table.flatIndex(of: path, context: "ScrollStep.jump")
        case .jumpToEnd:
            break
        case .resize(let width, let height):
            try TableLayout<S>.validateWidth(width)
            _ = try TableLayout<S>.viewportUnits(height)
        }
    }

    private func lastRow<S>(_ table: TableLayout<S>) -> IndexPath? {
        for section in stride(from: table.numberOfSections - 1, through: 0, by: -1)
        where table.rowCount(section) > 0 {
            return IndexPath(row: table.rowCount(section) - 1, section: section)
        }
        return nil
    }
}

/// This thread's CPU time so far (`CLOCK_THREAD_CPUTIME_ID`).
private func threadCPUTime() -> Duration {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
}

/// The state of one simulation run.
private struct _Run {
    let options: ScrollSimulationOptions
    let reuseIdentifier: (IndexPath) -> String
    let pool = ReusePool<SimulatedCell>()
    let clock = ContinuousClock()
    var cells: [Int: SimulatedCell] = [:]
    var cellRange: ClosedRange<Int>?
    var frames: [ScrollFrame] = []
    var registered = Set<String>()
    /// The script step being run.
    var step = -1

    init(options: ScrollSimulationOptions, reuseIdentifier: @escaping (IndexPath) -> String) {
        self.options = options
        self.reuseIdentifier = reuseIdentifier
    }

    var frameMilliseconds: Double { 1000 / Double(options.framesPerSecond) }

    /// Frames of one fling, starting at `velocity` points per second, until
    /// its speed falls below `speed` or it reaches an edge. The offset moves
    /// each frame by the exact integral of the decaying velocity over the frame.
    mutating func fling<S>(_ table: inout TableLayout<S>, velocity: Double, until speed: Double)
        throws(TableError)
    {
        for distance in options.flingDistances(velocity: velocity, until: speed) {
            let reachedEdge = try frame(&table, moveBy: distance)
            if reachedEdge { break }
        }
    }

    mutating func jump<S>(
        _ table: inout TableLayout<S>, to path: IndexPath, at position: TableScrollPosition
    )
        throws(TableError)
    {
        // A jump moves the rows on screen on purpose, so its drift is not
        // recorded (0); where the row lands is scrollToRow's own contract.
        try record(&table, measuresDrift: false) { table, pass throws(TableError) in
            pass = try table.scrollToRow(at: path, at: position)
        }
    }

    /// One frame that scrolls by `distance` points, clamped to the content;
    /// returns true when the clamp stopped it at an edge.
    @discardableResult
    mutating func frame<S>(_ table: inout TableLayout<S>, moveBy distance: Double)
        throws(TableError) -> Bool
    {
        let target = table.offsetUnits + _Units.units(distance)
        let clamped = table.clampedOffset(target)
        let (savedOffset, savedDirection) = (table.offsetUnits, table.scrollDirection)
        // Moving the offset is the scroll itself, not layout work.
        table.setOffset(clamped)
        do throws(TableError) {
            try record(&table, measuresDrift: true) { table, pass throws(TableError) in
                pass = try table.layoutIfNeeded()
            }
        } catch {
            (table.offsetUnits, table.scrollDirection) = (savedOffset, savedDirection)
            throw error
        }
        return clamped != target
    }

    /// Runs `layout`, then recycles and dequeues cells, timing both, and
    /// records the frame with the kept element's drift (the element the
    /// pass keeps by the rule on `TableLayoutPass`).
    mutating func record<S>(
        _ table: inout TableLayout<S>, measuresDrift: Bool,
        layout: (inout TableLayout<S>, inout TableLayoutPass) throws(TableError) -> Void
    ) throws(TableError) {
        let anchorBefore = table.layoutAnchor.map { table.element(flat: $0.flat) }
        let topBefore = try anchorBefore.map { e throws(TableError) in
            table.axialEdges(try table.frameInViewport(for: e)).min
        }
        let made = pool.totalMade
        let reused = pool.totalReused
        var pass = TableLayoutPass()
        // The CPU clock is a system call: read it outside the wall-clock window.
        let cpuStart = threadCPUTime()
        let start = clock.now
        try layout(&table, &pass)
        try updateCells(table)
        let elapsed = clock.now - start
        let cpu = threadCPUTime() - cpuStart
        var drift = 0.0
        if measuresDrift, let anchorBefore, let topBefore {
            drift = table.axialEdges(try table.frameInViewport(for: anchorBefore)).min - topBefore
        }
        frames.append(
            ScrollFrame(
                index: frames.count, step: step, time: Double(frames.count) * frameMilliseconds,
                contentOffset: table.contentOffset, layoutTime: elapsed, layoutCPUTime: cpu,
                rowsMeasured: pass.rowsMeasured, cellsMade: pool.totalMade - made,
                cellsReused: pool.totalReused - reused,
                visibleRows: table.indexPathsForVisibleRows.count, cellsInUse: cells.count,
                anchorDrift: drift))
    }

    /// Recycles cells of rows that left the cell range, then dequeues cells
    /// for rows that entered it (in that order, so leaving cells are reused).
    mutating func updateCells<S>(_ table: TableLayout<S>) throws(TableError) {
        let range = table.cellRange
        if let old = cellRange {
            for flat in old where !(range?.contains(flat) ?? false) {
                if let cell = cells.removeValue(forKey: flat) { pool.enqueue(cell) }
            }
        }
        if let range {
            for flat in range where cells[flat] == nil {
                guard case .row(let path) = table.element(flat: flat) else { continue }
                let identifier = reuseIdentifier(path)
                if registered.insert(identifier).inserted {
                    pool.register(
                        { SimulatedCell(reuseIdentifier: identifier) },
                        forCellReuseIdentifier: identifier)
                }
                let cell = try pool.dequeueReusableCell(withIdentifier: identifier)
                cell.configure(path)
                cells[flat] = cell
            }
        }
        cellRange = range
    }
}
