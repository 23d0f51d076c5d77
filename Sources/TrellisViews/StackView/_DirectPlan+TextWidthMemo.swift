// The widths that follow a row's texts (`solveTextWidths`), kept per shape
// by what they are made from: a header's share (`PostCell.json`'s name,
// handle and time) is worked out once for each combination of its views'
// widths met, and copied for every later row that brings the same.

import TrellisGeometry

/// What `solveTextWidths` gave for one shape, by its inputs: the cell's
/// width, the x and width of the subtree's stack (replayed), and the
/// intrinsic width of every label and button in the subtree, all by their
/// bits. Nothing else in a subtree's widths pass varies between rows of a
/// shape (hidden flags, priorities, spacing and fixed sizes are the
/// shape's; a label's or button's horizontal cost is made from its
/// intrinsic width alone, see `memoKey`; an image's or a box's width cost
/// from the shape alone), so a row of the same inputs gets the same x and
/// width for every node of the subtree, to the bit, without working them
/// out: the general arrangement is a function of those numbers.
/// Refusals are not kept (the general pass throws them again).
struct _TextWidthMemo {
    /// Subtree `k`'s rows met, each node's x and width by its key
    /// (`_HeightTable` along the horizontal axis, one a subtree: a table's
    /// entries all hold as many nodes): room for 512 to start with,
    /// doubled while full up to 4,096, then kept while they serve, else
    /// started again (`_HeightTable.keepsWhenFull`; a list brings a few
    /// hundred combinations of a header's widths at most often, and many
    /// more only when its texts are all new). (A dictionary keyed by the
    /// key's array hashed every word through `Hasher` and compared the
    /// arrays: about 1,200 instructions a replay of a footer's two
    /// views, against about 500 here, its key made.)
    var tables: [_HeightTable] = []
    /// The last key made (`_DirectPlan.textWidthKey`), its storage kept,
    /// and its hash.
    var scratch: [UInt64] = []
    var scratchHash: UInt64 = 0

    static let slotCount = 1024
    static let maxSlotCount = 8192
}

extension _LanePlan {
    /// The inputs of a subtree (`subtree`) of the current shape at cell
    /// width `width`, as `_TextWidthMemo` keys them: the width, the
    /// subtree's x and width, then a word a node (a label's or button's
    /// intrinsic width, 0 for others: every row of a subtree's table
    /// has them of the same kinds), written in place into `key`'s storage;
    /// returns their hash (`_HeightTable.hash`). (Mutating, the nodes read
    /// through their buffer: a read of `nodes[index]` in a non-mutating
    /// method copied the array's reference, retained and released.)
    mutating func textWidthKey(_ subtree: Range<Int>, _ width: Double, into key: inout [UInt64])
        -> UInt64
    {
        let words = 3 + subtree.count
        if key.count != words { key = [UInt64](repeating: 0, count: words) }
        key.withUnsafeMutableBufferPointer { key in
            nodes.withUnsafeBufferPointer { nodes in
                let root = subtree.lowerBound
                key[0] = width.bitPattern
                key[1] = nodes[root].x.bitPattern
                key[2] = nodes[root].width.bitPattern
                for index in subtree {
                    let kind = nodes[index].kind
                    key[3 + index - root] =
                        kind == .label || kind == .button
                        ? nodes[index].intrinsic.width.bitPattern : 0
                }
            }
        }
        return _HeightTable.hash(key)
    }

    /// Sets the subtree's x and width from the shape's memo when a row of
    /// the same inputs was worked out before; true when it did.
    mutating func replayTextWidths(_ number: Int, _ subtree: Range<Int>, _ width: Double) -> Bool {
        guard memoizingTextWidths else { return false }
        if textWidthMemos.count <= lastShape {
            textWidthMemos.append(
                contentsOf: repeatElement(
                    _TextWidthMemo(), count: lastShape + 1 - textWidthMemos.count))
        }
        // (The memos taken out of the plan while the subtree's table writes
        // the nodes, and the key's storage kept in its memo: a method
        // called with one of the plan's own arrays `inout` copies the whole
        // plan.)
        var memos: [_TextWidthMemo] = []
        swap(&memos, &textWidthMemos)
        defer { swap(&memos, &textWidthMemos) }
        let shape = lastShape
        while memos[shape].tables.count <= number {
            memos[shape].tables.append(
                _HeightTable(
                    slotCount: _TextWidthMemo.slotCount, maxSlotCount: _TextWidthMemo.maxSlotCount,
                    horizontal: true))
        }
        let hash = textWidthKey(subtree, width, into: &memos[shape].scratch)
        memos[shape].scratchHash = hash
        let found = nodes.withUnsafeMutableBufferPointer { nodes in
            memos[shape].tables[number].replay(
                memos[shape].scratch, hash: hash,
                into: UnsafeMutableBufferPointer(rebasing: nodes[subtree]), places: true)
        }
        guard found != nil else { return false }
        textWidthMemoHits += 1
        return true
    }

    /// Keeps the subtree's x and width, just worked out, under the inputs
    /// `replayTextWidths` made its key of (subtree `number` of the shape).
    mutating func recordTextWidths(_ number: Int, _ subtree: Range<Int>) {
        guard memoizingTextWidths, lastShape < textWidthMemos.count,
            number < textWidthMemos[lastShape].tables.count
        else { return }
        var memos: [_TextWidthMemo] = []
        swap(&memos, &textWidthMemos)
        defer { swap(&memos, &textWidthMemos) }
        let shape = lastShape
        let (key, hash) = (memos[shape].scratch, memos[shape].scratchHash)
        nodes.withUnsafeBufferPointer { nodes in
            memos[shape].tables[number].insert(
                key, hash: hash, height: 0, refusal: nil,
                nodes: UnsafeBufferPointer(rebasing: nodes[subtree]))
        }
    }
}
