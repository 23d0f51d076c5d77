// The heights pass's share-out below a stack replayed from the last general
// pass of the shape: a stack (not the root) given the same height as then,
// every node below it bringing the same vertical key, gets the same ys and
// heights below it, copied instead of worked out again. A row of a template
// whose keys as a whole are new (a body of another height, a photo of
// another ratio) still finds its header's and footer's arrangement, whose
// keys repeat (`_DirectPlan.heightsPass` replays whole rows only).

/// What a stack's subtree was arranged from along the vertical axis in the
/// last general heights pass of its shape, and what it got.
struct _ArrangedSubtree {
    /// The stack's height, by bits.
    var length: UInt64 = 0
    /// One past the subtree's last node (nodes are in pre-order); 0: no
    /// record.
    var end = 0
    /// Each node's vertical key (`memoKey`) in the subtree, the stack's first.
    var keys: [SIMD4<Double>] = []
    /// Every node's y and height below the stack, in node order.
    var places: [(y: Double, height: Double)] = []
    /// How many records were made since the stack's last replay
    /// (`recordArranged` stops at `_ArrangedSubtree.recordsWithoutReplay`).
    var unreplayed = 0

    /// How many records of a stack none of the shape's rows replayed
    /// before `recordArranged` stops making them: a stack whose record
    /// holds every key a row changes (`PostCell.json`'s column, below a
    /// root whose other view is of fixed size) is replayed only where the
    /// whole row is (`_DirectPlan.heightsPass`). The record kept stays
    /// true (it is what its inputs give) and is still replayed, which
    /// starts the count again.
    static var recordsWithoutReplay: Int { 32 }
}

extension _LanePlan {
    /// Copies node `index`'s subtree's ys and heights from its record when
    /// the stack has the recorded height and every node in it the recorded
    /// vertical key, by bits (whether it did).
    ///
    /// Exact: along the vertical axis, a node whose key is valid has a cost
    /// made from its key, its views' costs and the shape alone (`memoKey`:
    /// a stack that reads baselines or proportions has none), and the
    /// memo's key is the one the current cost was made from (a kept cost
    /// keeps its key). `arrange` below a stack reads the stack's height,
    /// the costs in its subtree and the shape (visible views, gaps,
    /// margins, hidden flags, the tree's settings), so the same inputs give
    /// the same operations on the same numbers. The records live in the
    /// shape's vertical memo: a new shape or structure starts without them,
    /// and a refused cost empties the memo.
    mutating func replayArranged(_ index: Int) -> Bool {
        // (The record read in place: bound to a name, it is copied, its
        // arrays retained and released.)
        guard replayingSubtrees, index > 0, index < memos[1].arranged.count else { return false }
        let end = memos[1].arranged[index].end
        guard end > index, memos[1].arranged[index].length == nodes[index].height.bitPattern
        else { return false }
        for k in index..<end {
            guard memos[1].valid[k],
                Self.sameBits(memos[1].keys[k], memos[1].arranged[index].keys[k - index])
            else { return false }
        }
        // (Written through the nodes' buffer: `nodes[k].y = …` checks the
        // array's uniqueness at every write.)
        let places = memos[1].arranged[index].places
        nodes.withUnsafeMutableBufferPointer { nodes in
            for k in (index + 1)..<end {
                let place = places[k - index - 1]
                nodes[k].y = place.y
                nodes[k].height = place.height
            }
        }
        subtreeReplays += 1
        if memos[1].arranged[index].unreplayed != 0 { memos[1].arranged[index].unreplayed = 0 }
        return true
    }

    /// Records node `index`'s subtree's ys and heights, just arranged along
    /// the vertical axis, with what they were made from (when every node in
    /// it has a valid key).
    mutating func recordArranged(_ index: Int) {
        guard replayingSubtrees, index > 0, index < memos[1].arranged.count,
            memos[1].arranged[index].unreplayed < _ArrangedSubtree.recordsWithoutReplay
        else { return }
        let end = subtreeEnd(index)
        for k in index..<end where !memos[1].valid[k] { return }
        // (Taken out so that its arrays are written in place.)
        var record = _ArrangedSubtree()
        swap(&record, &memos[1].arranged[index])
        record.length = nodes[index].height.bitPattern
        record.end = end
        record.unreplayed += 1
        // (Written in place where the record is as long already, as the
        // last record of the stack is: an append checked the array's
        // uniqueness and room at every element.)
        if record.keys.count != end - index {
            record.keys.removeAll(keepingCapacity: true)
            record.keys.append(contentsOf: repeatElement(SIMD4(), count: end - index))
        }
        if record.places.count != end - index - 1 {
            record.places.removeAll(keepingCapacity: true)
            record.places.append(
                contentsOf: repeatElement((y: 0.0, height: 0.0), count: end - index - 1))
        }
        memos[1].keys.withUnsafeBufferPointer { keys in
            record.keys.withUnsafeMutableBufferPointer { recorded in
                for k in index..<end { recorded[k - index] = keys[k] }
            }
        }
        nodes.withUnsafeBufferPointer { nodes in
            record.places.withUnsafeMutableBufferPointer { places in
                for k in (index + 1)..<end { places[k - index - 1] = (nodes[k].y, nodes[k].height) }
            }
        }
        memos[1].arranged[index] = record
    }

    /// Whether two keys are the same bits (`==` takes 0 for −0).
    @inline(__always)
    static func sameBits(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Bool {
        unsafeBitCast(a, to: SIMD4<UInt64>.self) == unsafeBitCast(b, to: SIMD4<UInt64>.self)
    }
}
