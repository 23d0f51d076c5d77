// The table's offset index: every element's height (section headers, rows,
// section footers, flattened in order) in fixed-point units, a "measured" flag
// per element, and a Fenwick tree of prefix sums for O(log n) offsets and
// element-at-offset.
//
// Why fixed point instead of a Fenwick tree over `[Double]`: floating-point
// addition is not associative, so a Fenwick tree's partial sums and a linear
// running sum of the same heights can differ in the last bit, and moving the
// content offset "by the difference" during scroll anchoring could leave a row
// a few ulps from where it was. Integer units make every sum exact and
// order-independent: offsets agree exactly with a linear prefix sum, and the
// anchor row's on-screen position is unchanged to the bit. One unit is 1/768
// point (768 = 3 * 256), so heights on the pixel grid of any scale that divides
// 768 (1, 2, 3, 4, 6, 8, ...) are stored without rounding; anything else is
// rounded to the nearest 1/768 point (0.0013 pt, far below a pixel).

/// Points <-> fixed-point units (1/768 point) used by the table for every
/// height and offset.
@usableFromInline
enum _Units {
    @usableFromInline static let perPoint: Double = 768

    /// The largest height a single element can have, in points: a whole
    /// number, so that the limit errors state is exactly the one applied.
    /// (The packed storage keeps one bit for the measured flag, so units must
    /// fit 31 bits: 2,796,202 × 768 = 2,147,483,136 ≤ `Int32.max`.)
    static let maximumElementHeight: Double = 2_796_202

    /// `maximumElementHeight` in units.
    @usableFromInline static let maximumElementUnits: Int64 = 2_796_202 * 768

    /// The nearest unit count for a number of points (finite input assumed).
    @inlinable static func units(_ points: Double) -> Int64 {
        Int64((points * perPoint).rounded())
    }

    /// The points for a unit count.
    @inlinable static func points(_ units: Int64) -> Double {
        Double(units) / perPoint
    }

    /// True when a value can be turned into units without overflow.
    @inlinable static func isRepresentable(_ points: Double) -> Bool {
        points.isFinite && abs(points) < 1e15
    }
}

/// Element heights plus a Fenwick tree over them.
///
/// Heights are packed in an `Int32` per element: a measured height `u` is
/// stored as `u`, an estimate (or a stale measurement after a width change) as
/// `~u` (negative). That keeps the index at 12 bytes per element (4 for the
/// packed height, 8 for the tree node).
struct OffsetIndex {
    /// Packed heights, one per element.
    private(set) var packed: [Int32]
    /// Fenwick tree, 1-based: `tree[i]` is the sum of heights of elements
    /// `(i - lowbit(i)) ..< i` (0-based element indices). `tree[0]` is unused.
    private(set) var tree: [Int64]

    /// Builds the index from packed heights.
    /// - Complexity: O(n).
    init(packed: [Int32]) {
        self.packed = packed
        self.tree = OffsetIndex.buildTree(packed, slack: packed.capacity - packed.count)
    }

    /// The number of elements.
    var count: Int { packed.count }

    /// The element's height in units.
    func units(at index: Int) -> Int64 { OffsetIndex.unpack(packed[index]) }

    /// True when the element's height was measured at the current width.
    func isMeasured(at index: Int) -> Bool { packed[index] >= 0 }

    /// Sum of the heights of elements `0 ..< index`, in units: the element's top.
    /// - Complexity: O(log n).
    func prefix(_ index: Int) -> Int64 {
        var i = index
        var sum: Int64 = 0
        tree.withUnsafeBufferPointer { t in
            while i > 0 {
                sum &+= t[i]
                i &= i &- 1
            }
        }
        return sum
    }

    /// Sum of all heights, in units.
    /// - Complexity: O(log n).
    var total: Int64 { prefix(count) }

    /// The index of the element that contains offset `y` (units): the first
    /// element whose bottom is greater than `y`. Zero-height elements never
    /// contain an offset. Returns `count` when `y` is at or past the end, and 0
    /// for negative `y`.
    /// - Complexity: O(log n).
    func index(containing y: Int64) -> Int {
        if y < 0 { return 0 }
        let n = count
        var position = 0
        var remaining = y
        var step = OffsetIndex.highestPowerOfTwo(atMost: n)
        tree.withUnsafeBufferPointer { t in
            while step > 0 {
                let next = position &+ step
                if next <= n && t[next] <= remaining {
                    position = next
                    remaining &-= t[next]
                }
                step &>>= 1
            }
        }
        return position
    }

    /// Replaces one element's packed height, keeping the tree in step.
    /// - Complexity: O(log n).
    mutating func setPacked(_ value: Int32, at index: Int) {
        let delta = OffsetIndex.unpack(value) - OffsetIndex.unpack(packed[index])
        packed[index] = value
        if delta != 0 { add(delta, at: index) }
    }

    /// Marks every element as not measured at the current width, keeping its
    /// height (the stale measurement is a better estimate than the original one).
    /// - Complexity: O(n).
    mutating func markAllUnmeasured() {
        packed.withUnsafeMutableBufferPointer { p in
            for i in p.indices where p[i] >= 0 { p[i] = ~p[i] }
        }
    }

    private mutating func add(_ delta: Int64, at index: Int) {
        let n = count
        var i = index + 1
        tree.withUnsafeMutableBufferPointer { t in
            while i <= n {
                t[i] &+= delta
                i &+= i & -i
            }
        }
    }

    /// Packs a height in units; `measured` chooses the sign.
    static func pack(_ units: Int64, measured: Bool) -> Int32 {
        let value = Int32(truncatingIfNeeded: units)
        return measured ? value : ~value
    }

    /// Packs a header's or footer's height: fixed heights are measured;
    /// self-sizing ones are estimates, except 0 (no header or footer).
    static func packEdge(_ units: Int64, selfSizing: Bool) -> Int32 {
        pack(units, measured: !selfSizing || units == 0)
    }

    static func unpack(_ value: Int32) -> Int64 {
        Int64(value >= 0 ? value : ~value)
    }

    /// A piece of a rearrangement: `count` elements moved from `old` to `new`.
    struct Run {
        var old: Int
        var new: Int
        var count: Int
    }

    /// A piece of a rearrangement: `count` elements at `position` set to `value`.
    struct Fill {
        var position: Int
        var count: Int
        var value: Int32
    }

    /// Rearranges the elements in place for a batch update: moves runs of
    /// old elements to their new places, writes the filled elements, and
    /// rebuilds the tree in place. Runs must be in increasing old (and new)
    /// order and, with the fills, cover `0 ..< newCount` exactly once.
    ///
    /// Runs that move towards the front are moved front to back, runs that
    /// move towards the back are moved back to front; neither can overwrite
    /// elements another run has still to read (both orders are monotonic).
    /// Nothing is allocated while the capacity suffices (the table reserves
    /// 1/64 extra when it opens), which keeps page faults out of updates.
    /// - Complexity: O(n).
    mutating func rearrange(newCount: Int, runs: [Run], fills: [Fill]) {
        let oldCount = packed.count
        if newCount > oldCount {
            packed.append(contentsOf: repeatElement(0, count: newCount - oldCount))
        }
        packed.withUnsafeMutableBufferPointer { p in
            guard let base = p.baseAddress else { return }
            func move(_ run: Run) {
                UnsafeMutableRawPointer(base + run.new).copyMemory(
                    from: base + run.old, byteCount: run.count * MemoryLayout<Int32>.stride)
            }
            for run in runs where run.new < run.old { move(run) }
            for run in runs.reversed() where run.new > run.old { move(run) }
            for fill in fills {
                (base + fill.position).update(repeating: fill.value, count: fill.count)
            }
        }
        if newCount < oldCount { packed.removeLast(oldCount - newCount) }
        if tree.count < newCount + 1 {
            tree.append(contentsOf: repeatElement(0, count: newCount + 1 - tree.count))
        } else if tree.count > newCount + 1 {
            tree.removeLast(tree.count - newCount - 1)
        }
        tree.withUnsafeMutableBufferPointer { t in
            packed.withUnsafeBufferPointer { p in OffsetIndex.fillTree(t, from: p) }
        }
    }

    /// The Fenwick tree of packed heights, with room for `slack` more elements.
    /// - Complexity: O(n).
    static func buildTree(_ packed: [Int32], slack: Int = 0) -> [Int64] {
        let n = packed.count
        return [Int64](unsafeUninitializedCapacity: n + 1 + slack) { t, initialized in
            packed.withUnsafeBufferPointer { p in
                fillTree(UnsafeMutableBufferPointer(rebasing: t[0...n]), from: p)
            }
            initialized = n + 1
        }
    }

    /// Writes the Fenwick tree of `p` into `t` (count + 1 nodes), bottom-up in one pass.
    private static func fillTree(
        _ t: UnsafeMutableBufferPointer<Int64>, from p: UnsafeBufferPointer<Int32>
    ) {
        let n = p.count
        t[0] = 0
        for i in 0..<n { t[i + 1] = unpack(p[i]) }
        var i = 1
        while i <= n {
            let parent = i + (i & -i)
            if parent <= n { t[parent] &+= t[i] }
            i += 1
        }
    }

    private static func highestPowerOfTwo(atMost n: Int) -> Int {
        n <= 0 ? 0 : 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount)
    }

    #if DEBUG
        /// Checks that every tree node equals the sum it stands for.
        func _checkInvariants() -> Bool {
            tree == OffsetIndex.buildTree(packed)
        }
    #endif
}
