// The rows a shape's heights pass met, by their vertical keys, in flat
// storage (`_DirectPlan.heightsPass`; the general widths solves by their
// keys too, `_DirectPlan.arrangeWidths`): an open-addressed table of entry
// numbers, each entry's key words, cell height, every node's y and height
// (x and width) and refusal in arrays kept from row to row, as long as the
// table's entries need. A row looks its key up without hashing it through
// `Hasher` or copying a result out of a dictionary, and a new row's result
// is written into the arrays' storage in place.

/// A shape's heights-pass results by key (the bits of every view's
/// vertical key, `_DirectPlan.heightKey(into:)`), compared word by word:
/// the hash only chooses where to look. `horizontal`: each node's x and
/// width instead of its y and height (a widths solve's results,
/// `_DirectPlan.widthSolveKey`).
struct _HeightTable {
    /// Entry numbers by hash (a power of two places, -1 empty, at most
    /// half of them used, so a probe ends at an empty place).
    private(set) var slots: [Int32]
    /// The most places the table grows to: a full table of fewer places
    /// doubles them (its entries kept); one of as many keeps its entries
    /// while they serve (`keepsWhenFull`), else starts again.
    let maxSlotCount: Int
    /// Whether entries hold each node's x and width (else y and height).
    let horizontal: Bool
    /// Entries held; the table grows or starts again when it reaches
    /// `capacity`.
    private(set) var count = 0
    /// Words of each entry's key (every row of a shape has as many).
    private(set) var keyWidth = 0
    /// Nodes of each entry's places.
    private(set) var nodeCount = 0
    /// The arrays below hold `capacity` entries once an entry is inserted
    /// (`makeRoom`); those past `count` mean nothing. Per entry: its hash,
    /// its key's words.
    private(set) var hashes: [UInt64] = []
    private(set) var keys: [UInt64] = []
    /// Per entry: the cell's height (rounded up to the pixel grid; 0 for
    /// a widths solve).
    private(set) var heights: [Double] = []
    /// Per entry, `nodeCount` pairs (y, height), or (x, width), in node order.
    private(set) var places: [Double] = []
    /// Per entry: the pass's refusal, or nil; empty while no entry holds
    /// one (most tables: copying a refusal for every entry at each
    /// `makeRoom` took about 300 instructions a widths solve recorded).
    private(set) var refusals: [_StackCostError?] = []
    /// Entries found by `replay` since the table was made, and that count
    /// when the current window of a full table began (`keepsWhenFull`).
    private(set) var hits = 0
    private(set) var windowHits = 0
    /// Keys a full table of `maxSlotCount` places did not record in the
    /// current window (`keepsWhenFull`).
    private(set) var unrecorded = 0

    /// Entry `entry`'s refusal, or nil.
    func refusal(_ entry: Int) -> _StackCostError? {
        entry < refusals.count ? refusals[entry] : nil
    }

    /// `slotCount`: a power of two, at least 2; the table holds half as
    /// many entries (rows of a template bring a few dozen combinations of
    /// heights: a body of 1 to 12 lines, a photo or none).
    /// `maxSlotCount`: a power of two, at least `slotCount` (nil: as
    /// many, the table never grows).
    init(slotCount: Int = 1024, maxSlotCount: Int? = nil, horizontal: Bool = false) {
        precondition(slotCount >= 2 && slotCount & (slotCount - 1) == 0)
        let most = maxSlotCount ?? slotCount
        precondition(most >= slotCount && most & (most - 1) == 0)
        slots = [Int32](repeating: -1, count: slotCount)
        self.maxSlotCount = most
        self.horizontal = horizontal
    }

    var capacity: Int { slots.count / 2 }

    /// A hash of `key`'s words (a multiply-xorshift mix of each).
    static func hash(_ key: [UInt64]) -> UInt64 {
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: key.count)
        for word in key {
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
        }
        return hash
    }

    /// The entry whose key is `key`, word for word (`hash`: its `hash`).
    /// (Mutating, though it changes nothing: called on a plan's table in
    /// place, where a non-mutating call copied the table first.)
    /// (The arrays read through their buffers: a subscript of each
    /// checked its index at every read of the probe and the key's words.)
    @inline(__always)
    mutating func find(_ key: [UInt64], hash: UInt64) -> Int? {
        guard key.count == keyWidth, count > 0 else { return nil }
        let width = keyWidth
        return slots.withUnsafeBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                keys.withUnsafeBufferPointer { keys in
                    key.withUnsafeBufferPointer { key in
                        let mask = slots.count - 1
                        var slot = Int(truncatingIfNeeded: hash) & mask
                        while true {
                            let entry = Int(slots[slot])
                            if entry < 0 { return nil }
                            if hashes[entry] == hash,
                                Self.sameKey(keys.baseAddress! + entry * width, key)
                            {
                                return entry
                            }
                            slot = (slot + 1) & mask
                        }
                    }
                }
            }
        }
    }

    /// Whether the key's words at `stored` are `key`'s.
    @inline(__always)
    private static func sameKey(
        _ stored: UnsafePointer<UInt64>, _ key: UnsafeBufferPointer<UInt64>
    ) -> Bool {
        for k in key.indices where stored[k] != key[k] { return false }
        return true
    }

    /// The cell's height of the entry whose key is `key` (`hash`: its
    /// `hash`), or its refusal, its places written into `nodes` (each
    /// node's y and height, or x and width) unless `places` is false; nil
    /// where no entry has that key.
    @inline(__always)
    mutating func replay(
        _ key: [UInt64], hash: UInt64, into nodes: UnsafeMutableBufferPointer<_DirectNode>,
        places copying: Bool
    ) -> Result<Double, _StackCostError>? {
        guard let entry = find(key, hash: hash) else { return nil }
        hits &+= 1
        if let refusal = refusal(entry) { return .failure(refusal) }
        if copying {
            precondition(nodes.count == nodeCount)
            let base = 2 * entry * nodeCount
            places.withUnsafeBufferPointer { places in
                if horizontal {
                    for index in nodes.indices {
                        nodes[index].x = places[base + 2 * index]
                        nodes[index].width = places[base + 2 * index + 1]
                    }
                } else {
                    for index in nodes.indices {
                        nodes[index].y = places[base + 2 * index]
                        nodes[index].height = places[base + 2 * index + 1]
                    }
                }
            }
        }
        return .success(heights[entry])
    }

    /// Node `node`'s y and height (x and width) in `entry`.
    @inline(__always)
    func place(_ entry: Int, _ node: Int) -> (y: Double, height: Double) {
        let base = 2 * (entry * nodeCount + node)
        return (places[base], places[base + 1])
    }

    /// Adds an entry for `key` (not in the table) with the pass's height
    /// and every node's y and height (x and width), or its refusal. A key
    /// of another width or another count of nodes start the table again;
    /// a full table of fewer than `maxSlotCount` places grows, and one of
    /// as many records the key only where it starts again
    /// (`keepsWhenFull`).
    mutating func insert(
        _ key: [UInt64], hash: UInt64, height: Double, refusal: _StackCostError?,
        nodes: [_DirectNode]
    ) {
        nodes.withUnsafeBufferPointer { nodes in
            insert(key, hash: hash, height: height, refusal: refusal, nodes: nodes)
        }
    }

    /// `insert(_:hash:height:refusal:nodes:)` of the nodes in a buffer (a
    /// subtree's, `_TextWidthMemo`).
    mutating func insert(
        _ key: [UInt64], hash: UInt64, height: Double, refusal: _StackCostError?,
        nodes: UnsafeBufferPointer<_DirectNode>
    ) {
        if count > 0 && (key.count != keyWidth || nodes.count != nodeCount) {
            removeAll()
        } else if count >= capacity {
            if slots.count < maxSlotCount {
                grow()
            } else if keepsWhenFull() {
                return
            } else {
                removeAll()
            }
        }
        keyWidth = key.count
        nodeCount = nodes.count
        let entry = count
        makeRoom(for: entry)
        count += 1
        hashes[entry] = hash
        heights[entry] = height
        if refusal != nil || (entry < refusals.count && refusals[entry] != nil) {
            if refusals.count < hashes.count { Self.resize(&refusals, hashes.count, nil) }
            refusals[entry] = refusal
        }
        // (Written in place through the buffers: an append checked the
        // array's uniqueness and room at every value, and one of a whole
        // array went through the generic sequence append.)
        key.withUnsafeBufferPointer { key in
            keys.withUnsafeMutableBufferPointer { keys in
                let base = entry * key.count
                for k in key.indices { keys[base + k] = key[k] }
            }
        }
        let horizontal = horizontal
        places.withUnsafeMutableBufferPointer { places in
            let base = 2 * entry * nodes.count
            for k in nodes.indices {
                places[base + 2 * k] = horizontal ? nodes[k].x : nodes[k].y
                places[base + 2 * k + 1] = horizontal ? nodes[k].width : nodes[k].height
            }
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry)
    }

    /// The entries' storage made long enough for entry `entry`, laid out
    /// for the current key width and count of nodes (entries are written
    /// into it in place; those past `count` mean nothing): twice as many
    /// entries as it held, at least 16, at most `capacity`.
    private mutating func makeRoom(for entry: Int) {
        var room = hashes.count
        if room <= entry { room = Swift.min(capacity, Swift.max(entry + 1, 16, 2 * room)) }
        guard
            hashes.count != room || keys.count != room * keyWidth
                || places.count != 2 * room * nodeCount
        else { return }
        Self.resize(&hashes, room, 0)
        Self.resize(&heights, room, 0)
        if !refusals.isEmpty { Self.resize(&refusals, room, nil) }
        Self.resize(&keys, room * keyWidth, 0)
        Self.resize(&places, 2 * room * nodeCount, 0)
    }

    /// `array` made `count` long in new storage: its first elements kept,
    /// `filler` after, each written once. (`append(contentsOf:
    /// repeatElement(…))` took about 20 instructions an element.)
    private static func resize<T>(_ array: inout [T], _ count: Int, _ filler: T) {
        guard count > 0 else {
            array = []
            return
        }
        let kept = Swift.min(array.count, count)
        array = array.withUnsafeBufferPointer { old in
            [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                let base = buffer.baseAddress!
                for k in 0..<kept { (base + k).initialize(to: old[k]) }
                for k in kept..<count { (base + k).initialize(to: filler) }
                initialized = count
            }
        }
    }

    /// Twice the places, every entry kept (placed again by its hash).
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: 2 * slots.count)
        let mask = slots.count - 1
        for entry in 0..<count {
            var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entry)
        }
    }

    /// Whether a full table of `maxSlotCount` places keeps its entries
    /// rather than record a key it missed: it does through a window of
    /// eight times as many misses as it holds entries, and keeps on while
    /// the window found at least as many keys as it holds; else it starts
    /// again. A list coming back, in order, to more rows than the table
    /// holds (a list laid out again, scrolled through and back) misses
    /// every row of a table that starts again whenever it is full (each
    /// key is dropped before the list comes back to it) and finds every
    /// key of a kept table once a round (up to eight times its size, a
    /// window holds a round); a list that has moved on to rows it never
    /// comes back to finds next to none, and records its rows again after
    /// a window. (A thrashing set kept, as caches' adaptive insertion
    /// does: Qureshi et al., "Adaptive Insertion Policies for High
    /// Performance Caching", ISCA 2007.)
    private mutating func keepsWhenFull() -> Bool {
        if unrecorded == 0 { windowHits = hits }
        unrecorded += 1
        if unrecorded < 8 * capacity { return true }
        unrecorded = 0
        return hits &- windowHits >= capacity
    }

    /// Empties the table, keeping its storage.
    mutating func removeAll() {
        count = 0
        unrecorded = 0
        for k in slots.indices { slots[k] = -1 }
    }
}
