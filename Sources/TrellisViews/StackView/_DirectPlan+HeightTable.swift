// The rows a shape's heights pass met, by their vertical keys, in flat
// storage (`_DirectPlan.heightsPass`): an open-addressed table of entry
// numbers, each entry's key words, cell height, every node's y and height
// and refusal in arrays kept from row to row. A row looks its key up
// without hashing it through `Hasher` or copying a result out of a
// dictionary, and a new row's result is written into the arrays' storage
// rather than into an array of its own.

/// A shape's heights-pass results by key (the bits of every view's
/// vertical key, `_DirectPlan.heightKey(into:)`), compared word by word:
/// the hash only chooses where to look.
struct _HeightTable {
    /// Entry numbers by hash (a power of two places, -1 empty, at most
    /// half of them used, so a probe ends at an empty place).
    private(set) var slots: [Int32]
    /// Entries held; the table starts again when it reaches `capacity`.
    private(set) var count = 0
    /// Words of each entry's key (every row of a shape has as many).
    private(set) var keyWidth = 0
    /// Nodes of each entry's places.
    private(set) var nodeCount = 0
    private(set) var hashes: [UInt64] = []
    private(set) var keys: [UInt64] = []
    /// Per entry: the cell's height (rounded up to the pixel grid).
    private(set) var heights: [Double] = []
    /// Per entry, `nodeCount` pairs (y, height) in node order.
    private(set) var places: [Double] = []
    /// Per entry: the pass's refusal, or nil.
    private(set) var refusals: [_StackCostError?] = []
    /// One entry's places, written before they are appended (`insert`).
    private var scratch: [Double] = []

    /// `slotCount`: a power of two, at least 2; the table holds half as
    /// many entries (rows of a template bring a few dozen combinations of
    /// heights: a body of 1 to 12 lines, a photo or none).
    init(slotCount: Int = 1024) {
        precondition(slotCount >= 2 && slotCount & (slotCount - 1) == 0)
        slots = [Int32](repeating: -1, count: slotCount)
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
    mutating func find(_ key: [UInt64], hash: UInt64) -> Int? {
        guard key.count == keyWidth, count > 0 else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if hashes[entry] == hash, sameKey(entry, key) { return entry }
            slot = (slot + 1) & mask
        }
    }

    private func sameKey(_ entry: Int, _ key: [UInt64]) -> Bool {
        let base = entry * keyWidth
        for k in key.indices where keys[base + k] != key[k] { return false }
        return true
    }

    /// The cell's height of the entry whose key is `key` (`hash`: its
    /// `hash`), or its refusal, its places written into `nodes` (each
    /// node's y and height) unless `places` is false; nil where no entry
    /// has that key.
    mutating func replay(
        _ key: [UInt64], hash: UInt64, into nodes: UnsafeMutableBufferPointer<_DirectNode>,
        places copying: Bool
    ) -> Result<Double, _StackCostError>? {
        guard let entry = find(key, hash: hash) else { return nil }
        if refusals[entry] != nil { return .failure(refusals[entry]!) }
        if copying {
            precondition(nodes.count == nodeCount)
            let base = 2 * entry * nodeCount
            places.withUnsafeBufferPointer { places in
                for index in nodes.indices {
                    nodes[index].y = places[base + 2 * index]
                    nodes[index].height = places[base + 2 * index + 1]
                }
            }
        }
        return .success(heights[entry])
    }

    /// Node `node`'s y and height in `entry`.
    @inline(__always)
    func place(_ entry: Int, _ node: Int) -> (y: Double, height: Double) {
        let base = 2 * (entry * nodeCount + node)
        return (places[base], places[base + 1])
    }

    /// Adds an entry for `key` (not in the table) with the pass's height
    /// and every node's y and height, or its refusal. A key of another
    /// width or another count of nodes start the table again, as a full
    /// table does.
    mutating func insert(
        _ key: [UInt64], hash: UInt64, height: Double, refusal: _StackCostError?,
        nodes: [_DirectNode]
    ) {
        if count >= capacity
            || (count > 0 && (key.count != keyWidth || nodes.count != nodeCount))
        {
            removeAll()
        }
        keyWidth = key.count
        nodeCount = nodes.count
        let entry = count
        count += 1
        hashes.append(hash)
        keys.append(contentsOf: key)
        heights.append(height)
        refusals.append(refusal)
        // (Written into `scratch` through its buffer, then appended whole:
        // an append checked the array's uniqueness and room at every value.)
        if scratch.count != 2 * nodes.count {
            scratch = [Double](repeating: 0, count: 2 * nodes.count)
        }
        nodes.withUnsafeBufferPointer { nodes in
            scratch.withUnsafeMutableBufferPointer { scratch in
                for k in nodes.indices {
                    scratch[2 * k] = nodes[k].y
                    scratch[2 * k + 1] = nodes[k].height
                }
            }
        }
        places.append(contentsOf: scratch)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry)
    }

    /// Empties the table, keeping its storage.
    mutating func removeAll() {
        count = 0
        for k in slots.indices { slots[k] = -1 }
        hashes.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        heights.removeAll(keepingCapacity: true)
        places.removeAll(keepingCapacity: true)
        refusals.removeAll(keepingCapacity: true)
    }
}
